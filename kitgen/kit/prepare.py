"""check_kit(): load -> check -> plan -> lay out, for validate, stats and the exports (the build
runs the same stages itself, kit/build.py). Faces are laid out here only when asked (validate
does): otherwise each is laid out when first drawn, and noted so the checks never need it again."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from kitgen.check import check_game
from kitgen.check.faces import check_faces
from kitgen.check.icons import check_icons, uses_icons
from kitgen.errors import Problem
from kitgen.kit.cache import BuildCache
from kitgen.kit.faces import DeckNotes, face_notes, lay_out_faces
from kitgen.kit.faces import text_sizes as _text_sizes
# Options, resolve_print and card_fronts are part of this stage's API: callers import them from here.
from kitgen.kit.plan import DEFAULTS, Options, card_fronts, plan_faces, read_inputs, resolve_print  # noqa: F401
from kitgen.layout.cards import DeckFaces
from kitgen.layout.impose import Spec
from kitgen.load import load_game
from kitgen.model import Game
from kitgen.project import Project, Resolved


@dataclass(frozen=True)
class Checked:
    """A game read and checked, and its faces ready to lay out. When the game's data has errors
    the stages stop after the checks: `faces` is empty and `spec` None (laying out broken data
    would only add confusing errors)."""

    game: Game
    faces: tuple[DeckFaces, ...]
    problems: list[Problem]
    spec: Spec | None = None
    face_keys: dict[str, str] = dataclasses.field(default_factory=dict)  # placement key -> content key
    images: dict = dataclasses.field(default_factory=dict)  # art key -> prepared picture
    fonts: dict[str, Path] = dataclasses.field(default_factory=dict)  # font role -> TrueType file
    fonts_key: str = ""
    icons_credit: str = ""  # the icon set's attribution, when the game uses icons
    notes: dict[str, DeckNotes] = dataclasses.field(default_factory=dict)  # deck id -> notes taken as faces are made

    @property
    def laid_out(self) -> int:
        """Card faces laid out so far in this run (the others came from the cache)."""
        return sum(faces.laid_out for faces in self.faces)


def check_kit(project: Project, game_ref: str | Resolved, options: Options = Options(), cache: BuildCache | None = None,
              lay_out: bool = True, lazy_fonts: bool = False) -> Checked:
    """Load and check the game and prepare its card faces: what `validate` reports and `build`
    needs. A face whose inputs did not change comes from the cache. With `lay_out` every face is
    laid out here and its problems (text that does not fit, missing characters) are in `problems`.
    `lazy_fonts` (validate, which draws nothing): see kit/plan.read_inputs."""
    folder = project.game_folder(game_ref)
    game = load_game(folder)
    problems = check_game(game)
    if any(p.is_error for p in problems):
        return Checked(game, (), problems)
    spec, ink_saver = resolve_print(game, options)
    inputs = read_inputs(project, folder, game, options, spec, ink_saver, lazy_fonts)
    problems = problems + check_icons(game, inputs.icons.icons) + inputs.art.problems
    plan = plan_faces(game, inputs, spec, ink_saver)
    faces, notes = lay_out_faces(game, inputs, plan, spec.bleed, ink_saver, cache)
    credit = inputs.icons.attribution if uses_icons(game) else ""
    checked = Checked(game, faces, problems, spec, plan.keys, inputs.images, inputs.fonts.files, inputs.fonts.key,
                      credit, notes)
    if lay_out:
        checked = dataclasses.replace(checked, problems=checked.problems + face_problems(checked))
    return checked


def face_problems(checked: Checked) -> list[Problem]:
    """What the faces say (check/faces.py); a face not drawn in this build is noted now."""
    return check_faces(checked.game, face_notes(checked.faces, checked.notes))


def text_sizes(checked: Checked) -> dict[str, dict[str, float]]:
    """Deck id -> card name -> the size its text ended at: the legibility report."""
    return _text_sizes(checked.faces, checked.notes)
