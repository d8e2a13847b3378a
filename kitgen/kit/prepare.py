"""The stages before anything is drawn: load -> check (load_and_check, a Checked) -> plan -> lay out
(prepare_kit, a Prepared); check_kit runs them all, for build, stats and the exports. Faces are
laid out here only when asked (validate does): otherwise each is laid out when first drawn, and
noted so the checks never need it again."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from kitgen.check import check_game
from kitgen.check.faces import check_faces
from kitgen.check.icons import check_icons, unknown_icons, uses_icons
from kitgen.errors import KitgenError, Problem
from kitgen.language import N_
from kitgen.kit.cache import BuildCache
from kitgen.kit.faces import DeckNotes, face_notes, lay_out_faces
from kitgen.kit.faces import text_sizes as _text_sizes
# Options and resolve_print are part of this stage's API: callers import them from here.
from kitgen.kit.plan import Fonts, Options, plan_faces, read_inputs, resolve_print  # noqa: F401
from kitgen.layout.cards import DeckFaces
from kitgen.layout.impose import Spec
from kitgen.load import load_game
from kitgen.load.config import config_warnings
from kitgen.load.icons import IconSet
from kitgen.model import Game
from kitgen.project import Project, Resolved


@dataclass(frozen=True, eq=False)  # one a build, never compared: no == or hash compiled for it
class Checked:
    """The game read and checked (load -> check): what validate reports, errors or not."""

    game: Game
    problems: list[Problem]


@dataclass(frozen=True, eq=False)  # one a build, never compared: no == or hash compiled for it
class Prepared:
    """A game without errors, planned and its faces ready to lay out (plan -> lay out): the
    print settings resolved, each face's content key, the prepared art and fonts, and the faces,
    each made when first asked for and noted (`notes`) as it is."""

    game: Game
    faces: tuple[DeckFaces, ...]
    problems: list[Problem]  # the checks' warnings, the icon set's and the art's (and with lay_out, the faces')
    spec: Spec
    face_keys: dict[str, str]  # placement key -> content key
    images: dict  # art key -> prepared picture
    fonts: dict[str, Path]  # font role -> TrueType file
    fonts_key: str
    icons_credit: str  # the icon set's attribution, when the game uses icons
    notes: dict[str, DeckNotes]  # deck id -> notes taken as faces are made
    icons: IconSet | None = None  # the icon set the faces use (token sheets draw from it too)
    typeset: Fonts | None = None  # the fonts as measured: `ready()` registers them before anything is measured

    @property
    def laid_out(self) -> int:
        """Card faces laid out so far in this run (the others came from the cache)."""
        return sum(faces.laid_out for faces in self.faces)


def load_and_check(project: Project, game_ref: str | Resolved) -> Checked:
    game = load_game(project.game_folder(game_ref))
    return Checked(game, check_game(game))


def check_kit(project: Project, game_ref: str | Resolved, options: Options = Options(), cache: BuildCache | None = None,
              lay_out: bool = True, lazy_fonts: bool = False) -> Prepared:
    """load -> check -> plan -> lay out, stopping (KitgenError) when the game's data has errors:
    laying out broken data would only add confusing errors."""
    checked = load_and_check(project, game_ref)
    errors = [p for p in checked.problems if p.is_error]
    if errors:
        raise KitgenError(errors)
    return prepare_kit(project, game_ref, checked, options, cache, lay_out, lazy_fonts)


def _icon_problems(project: Project, folder: Path, game, names) -> list:
    """An icon the set lacks, with a did-you-mean that knows the icons' keywords (read only then)."""
    if not unknown_icons(game, names):
        return []
    from kitgen.load.synonyms import load_synonyms

    return check_icons(game, names, load_synonyms(project.template_dirs(folder), project.roots(folder)))


def prepare_kit(project: Project, game_ref: str | Resolved, checked: Checked, options: Options = Options(),
                cache: BuildCache | None = None, lay_out: bool = True, lazy_fonts: bool = False) -> Prepared:
    """Plan the kit and prepare its card faces: what `validate` reports and `build` needs. A face
    whose inputs did not change comes from the cache. With `lay_out` every face is laid out here
    and its problems (text that does not fit, missing characters) are in `problems`.
    `lazy_fonts` (validate, which draws nothing): see kit/plan.read_inputs."""
    game = checked.game
    spec, ink_saver = resolve_print(game, options)
    inputs = read_inputs(project, project.game_folder(game_ref), game, options, spec, ink_saver, lazy_fonts)
    problems = checked.problems + _icon_problems(project, project.game_folder(game_ref), game, inputs.icons.icons)
    problems += config_warnings() + inputs.art.problems
    plan = plan_faces(game, inputs, spec, ink_saver)
    faces, notes = lay_out_faces(game, inputs, plan, cache)
    credit = game.language(inputs.icons.attribution) if uses_icons(game) else ""  # the shipped set's: translated
    prepared = Prepared(game, faces, problems, spec, plan.keys, inputs.images, inputs.fonts.files, inputs.fonts.key,
                        credit, notes, inputs.icons, inputs.fonts)
    if lay_out:
        prepared = dataclasses.replace(prepared, problems=prepared.problems + face_problems(prepared))
    return prepared


# The shipped icon set's attribution (templates/icons/game-icons.tsv), marked for the catalogues: the
# documents print it in the game's language. Another set's (a game's icons.json) is printed as written.
SHIPPED_ICONS_CREDIT = N_("Icons by Lorc, Delapouite and the other game-icons.net contributors (game-icons.net), "
                          "CC BY 3.0")


def face_problems(prepared: Prepared) -> list[Problem]:
    """What the faces say (check/faces.py); a face not drawn in this build is noted now."""
    return check_faces(prepared.game, face_notes(prepared.faces, prepared.notes))


def text_sizes(prepared: Prepared) -> dict[str, dict[str, tuple[float, float]]]:
    """Deck id -> card name -> (the size its text was fitted at, its smallest text): the legibility report."""
    return _text_sizes(prepared.faces, prepared.notes)
