"""check_kit(): read and check a game and prepare its card faces for validate and build.

Faces are not laid out here unless asked (validate does): each is laid out when first needed and
noted (smallest text, problems, missing characters) so the checks never need the face again.
"""
from __future__ import annotations

import dataclasses
from array import array
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kitgen.kit.art import collect_art
from kitgen import __version__
from kitgen.kit.cache import BuildCache, Made, content_key
from kitgen.kit.keys import Digests, key_of
from kitgen.check import check_game
from kitgen.errors import KitgenError, Problem, Where, did_you_mean, error, warning
from kitgen.layout.card import scale_template
from kitgen.layout.cards import (BACK, DeckFaces, DeckScope, DrawnFaces, FaceCall, back_call, deck_scope, face_key,
                                 faces_view, front_call, layout_deck_faces)
from kitgen.layout.impose import MIN_MARGIN, Spec
from kitgen.load import load_game
from kitgen.load.config import config_layers, config_warnings
from kitgen.load.fonts import font_digests, font_files
from kitgen.load.icons import load_icons
from kitgen.load.templates import find_front, front_names, load_card_template
from kitgen.model import CardTemplate, Game, PrintSettings
from kitgen.project import Project, Resolved
from kitgen.units import (CARD_SIZES, PAPER_SIZES, CardSize, Length, Offset, PaperSize, out_of_range, parse_offset,
                          parse_size)


@dataclass(frozen=True)
class Options:
    """What the command line says; None leaves the choice to the config file, the game, or kitgen."""

    settings: PrintSettings = PrintSettings()
    templates: Path | None = None
    config: Path | None = None
    changed_since: str | None = None  # a git revision or a previous build: reprint only what changed
    art: Path | None = None  # a folder of card art named by card id, instead of the game's art/
    # The live preview's drafts: the kit is drawn even where a face's text does not fit (the card as
    # it would print), and what the faces say is in the report's `errors` instead of stopping it.
    draft: bool = False


DEFAULTS = PrintSettings(paper=PaperSize("letter"), card_size=CardSize("poker"), margin=Length(MIN_MARGIN),
                         gap=Length(0.0), bleed=Length(0.0), duplex="long-edge", layout="grid",
                         back_offset=Offset("0,0"), ink_saver=False)


def resolve_print(game: Game, options: Options) -> tuple[Spec, bool]:
    """Command line over config file over the game's data over kitgen's defaults."""
    layers = [options.settings, *config_layers(options.config), game.print, DEFAULTS]
    fields = [f.name for f in dataclasses.fields(PrintSettings) if f.name != "where"]
    source = {name: next(l for l in layers if getattr(l, name) is not None) for name in fields}
    value = {name: getattr(layer, name) for name, layer in source.items()}
    where = {name: (layer.where if layer.where and layer is not options.settings and layer is not DEFAULTS
                    else Where("print settings")) for name, layer in source.items()}
    try:  # each at the file and line that set it (a kitgen.yaml, the game's print:), else "print settings"
        name = "paper"
        paper = parse_size(value[name], PAPER_SIZES)
        name = "card_size"
        card = parse_size(value[name], CARD_SIZES)
        name = "back_offset"
        offset = parse_offset(value[name])
    except ValueError as exc:
        raise KitgenError(error(where[name], str(exc))) from None
    measured = {"margin": [value["margin"]], "gap": [value["gap"]], "bleed": [value["bleed"]],
                "back_offset": list(offset), "paper": list(paper), "card_size": list(card)}
    problems = [error(where[name], why) for name, lengths in measured.items() for length in lengths
                if (why := out_of_range(name, float(length)))]
    if problems:  # each setting once, even when both its numbers are wrong
        raise KitgenError(list({str(p): p for p in problems}.values()))
    spec = Spec(paper, card, value["margin"], value["gap"], value["bleed"], value["duplex"], value["layout"],
                offset, str(value["paper"]))
    return spec, value["ink_saver"]


@dataclass(frozen=True)
class Checked:
    game: Game
    faces: tuple[DeckFaces, ...]
    problems: list[Problem]
    spec: Spec | None = None
    face_keys: dict[str, str] = dataclasses.field(default_factory=dict)  # placement key -> content key
    images: dict = dataclasses.field(default_factory=dict)  # art key -> prepared picture
    fonts: dict = dataclasses.field(default_factory=dict)  # font role -> TrueType file
    fonts_key: str = ""
    icons_credit: str = ""  # the icon set's attribution, when the game uses icons
    notes: dict = dataclasses.field(default_factory=dict)  # deck id -> DeckNotes, taken as faces are made

    @property
    def laid_out(self) -> int:
        """Card faces laid out so far in this run (the others came from the cache)."""
        return sum(faces.laid_out for faces in self.faces)


def check_kit(project: Project, game_ref: str | Resolved, options: Options = Options(), cache: BuildCache | None = None,
              lay_out: bool = True, lazy_fonts: bool = False) -> Checked:
    """Load and check the game and prepare its card faces: what `validate` reports and `build`
    needs. Faces are laid out when first asked for (render asks as it draws; a face whose
    inputs did not change comes from the cache instead); with `lay_out` every face is laid out
    here and its problems (text that does not fit, missing characters) are in `problems`.
    `lazy_fonts` (validate, which draws nothing): the fonts are registered with reportlab only
    when a face must be laid out; a face from the cache was laid out with these very bytes."""
    folder = project.game_folder(game_ref)
    game = load_game(folder)
    problems = check_game(game)
    if any(p.is_error for p in problems):  # laying out broken data would only add confusing errors
        return Checked(game, (), problems)
    spec, ink_saver = resolve_print(game, options)
    font_set = font_files(project.fonts, game.fonts, folder)
    digests, measure, fonts_ready = _fonts(font_set, lazy_fonts)
    dirs, roots = project.template_dirs(folder, options.templates), project.roots(folder, options.templates)
    front = card_fronts(game, dirs, spec.card, roots)
    back = scale_template(load_card_template("card-back.yaml", dirs, roots), *spec.card)
    icons = load_icons(dirs, roots)
    problems = problems + check_icons(game, icons) + config_warnings()
    art = collect_art(game, folder, options.art, front, back)
    if cache is not None:  # what a cached face may name: a face naming anything else is laid out again
        cache.icons, cache.pictures = icons, set(art.images)
    if ink_saver:
        art.images = {key: dataclasses.replace(a, image=a.picture().convert("L"), encoded=b"")
                      for key, a in art.images.items()}
    fonts = content_key(*sorted(digests.items()))  # the measure: what text is measured with
    view = faces_view(game, [*front.values(), back])
    keyer = FaceKeys(fonts)
    keys: dict[str, str] = {}
    notes: dict[str, DeckNotes] = {}
    faces = []
    for deck in game.decks:
        scope = deck_scope(game, view, deck, front, back, spec.bleed, ink_saver, art.by_deck.get(deck.id, {}), icons)
        deck_keys = [keyer.key(front_call(scope, index)) for index in range(len(deck.cards))]
        keys |= {face_key(deck.id, index): key for index, key in enumerate(deck_keys)}
        deck_back = keys[face_key(deck.id, BACK)] = keyer.key(back_call(scope))
        cached_back = cache.face(deck_back) if cache is not None else None
        faces.append(layout_deck_faces(scope, measure, _from_cache(cache, deck_keys),
                                       _note(scope, deck_keys, notes, cache, keyer), _drawn(cache, deck_keys, icons),
                                       cached_back, fonts_ready))
        if cached_back is None and cache is not None:
            cache.keep_face(deck_back, faces[-1].back, made=keyer.made(face_key(deck.id, BACK), back_call(scope)))
    uses_icons = any(t.icon for t in game.card_types) or any(a.icon for a in game.attributes) \
        or any(c.icon for d in game.decks for c in d.cards)
    checked = Checked(game, tuple(faces), problems + art.problems, spec, keys, art.images, font_set, fonts,
                      icons.attribution if uses_icons else "", notes)
    if lay_out:
        checked = dataclasses.replace(checked, problems=checked.problems + face_problems(checked))
    return checked


def _fonts(files: dict[str, Path], lazy: bool):
    """(role -> sha256 of the font's bytes, layout's measure, a function that registers the fonts
    if that is not done yet). Lazy, reportlab is imported and the fonts parsed only by ready(),
    which layout calls before it lays out any face."""
    from_render: dict[str, Any] = {}  # digests and measure, once render's fonts are registered

    def ready() -> None:
        if not from_render:
            from kitgen.render.fonts import measure, register_fonts

            from_render["digests"], from_render["measure"] = register_fonts(files), measure

    if not lazy:
        ready()
        return from_render["digests"], from_render["measure"], None
    return font_digests(files), lambda text, role, size: from_render["measure"](text, role, size), ready


def card_fronts(game: Game, dirs: list[Path], card: tuple[float, float],
                roots: tuple[Path, ...] | None = None) -> dict[str, CardTemplate]:
    """Card type name -> its front template (types sharing a file share one template object)."""
    loaded: dict[str, CardTemplate] = {}
    fronts = {}
    for card_type in game.card_types:
        name = find_front(front_names(card_type.name, card_type.deck, card_type.frame), dirs)
        if name not in loaded:
            loaded[name] = scale_template(load_card_template(name, dirs, roots), *card)
        fronts[card_type.name] = loaded[name]
    return fronts


class DeckNotes:
    """What the checks need of a deck's faces, taken as each face is made and kept when the face
    is not: its smallest text size (8 bytes a card) and, for the few faces that have any, its
    problems and the characters the fonts lack. A face's problems are about its card and are
    said at the card's place now (`places`): a face from the cache was made when the card may
    have stood on another line (a card added above it), which its key leaves out."""

    def __init__(self, places: list[Where | None], recall=None):
        self.places = places
        self.sizes = array("d", [-1.0]) * len(places)  # -1: not made yet
        self.remarks: dict[int, tuple[tuple[Problem, ...], tuple[str, ...]]] = {}
        self.recall = recall or (lambda index: None)  # index -> (size, remarks) an earlier build noted

    def note(self, index: int, face) -> tuple[float, tuple] | None:
        """Note a face seen for the first time; returns what was noted (None if seen before)."""
        if self.sizes[index] >= 0:
            return None
        missing = tuple(_missing(face))
        return self.keep(index, face.smallest_size, (face.problems, missing) if face.problems or missing else ())

    def keep(self, index: int, size: float, remarks: tuple) -> tuple[float, tuple]:
        self.sizes[index] = size
        if remarks:
            problems, missing = remarks
            remarks = tuple(_placed(p, self.places[index]) for p in problems), missing
            self.remarks[index] = remarks
        return size, remarks

    def missing(self) -> list[int]:
        return [index for index, size in enumerate(self.sizes) if size < 0]


def _placed(problem: Problem, where: Where | None) -> Problem:
    return dataclasses.replace(problem, where=where) if where is not None else problem


def _from_cache(cache: BuildCache | None, keys: list[str]):
    return (lambda index: cache.face(keys[index])) if cache is not None else None


def _drawn(cache: BuildCache | None, keys: list[str], icons) -> DrawnFaces | None:
    if cache is None or cache.folder is None:
        return None
    return DrawnFaces(lambda index: cache.drawn(keys[index]), lambda index, record: cache.keep_drawn(keys[index], record),
                      cache.shared_layer, icons.get)


def _note(scope: DeckScope, keys: list[str], notes: dict, cache: BuildCache | None, keyer: FaceKeys):
    deck = scope.deck
    recall = (lambda index: cache.note(keys[index])) if cache is not None else None
    deck_notes = notes[deck.id] = DeckNotes([card.where for card in deck.cards], recall)

    def seen(index: int, face, fresh: bool) -> None:
        noted = deck_notes.note(index, face)
        if fresh and cache is not None:  # what it was made from, by part: the next miss here says which changed
            cache.keep_face(keys[index], face, noted, keyer.made(face_key(deck.id, index), front_call(scope, index)))
    return seen


class FaceKeys:
    """A face's cache key: the hash of its FaceCall (layout/cards.py) whole, what layout_face is
    given, each part (the template, every name in the context, the settings) hashed once a build
    however many faces share it; `measure`: the fonts text is measured with."""

    def __init__(self, measure: str):
        self.measure = measure
        self.digests = Digests()

    def parts(self, call: FaceCall) -> dict[str, str]:
        return self.digests.parts(call, measure=self.measure, kitgen=__version__)

    def key(self, call: FaceCall) -> str:
        return key_of(self.parts(call))

    def made(self, place: str, call: FaceCall) -> Made:
        where = call.template.where
        return Made(place, self.parts(call), {"template": f"template {Path(where.file).name}"} if where else {})


def note_every_face(checked: Checked) -> None:
    """Notes for faces not drawn in this build: recalled from an earlier build, or made now."""
    for faces in checked.faces:
        notes = checked.notes[faces.deck.id]
        for index in notes.missing():
            recalled = notes.recall(index)
            if recalled is not None:
                notes.keep(index, *recalled)
            else:
                faces.fronts[index]  # made, and so noted


def face_problems(checked: Checked) -> list[Problem]:
    """Text that does not fit, characters the fonts lack, text below the game's minimum size: from
    the notes taken as faces were drawn (a face not drawn in this build is asked for now)."""
    game = checked.game
    note_every_face(checked)
    fit, glyphs, legibility = [], [], []
    for faces in checked.faces:
        notes = checked.notes[faces.deck.id]
        for index, card in enumerate(faces.deck.cards):
            problems, missing = notes.remarks.get(index, ((), ()))
            fit += problems
            if missing:
                glyphs.append(warning(card.where, f"card '{card.name}': {_describe(missing)} not in the font; "
                                      "they would print as empty boxes"))
            size = notes.sizes[index]
            if size and size < game.min_text_size - 1e-6:
                legibility.append(warning(card.where, f"card '{card.name}': text shrinks to {size:g} pt, below the "
                                          f"game's minimum of {game.min_text_size:g} pt (min_text_size)"))
        fit += [_placed(problem, faces.deck.where) for problem in faces.back.problems]
    return fit + glyphs + legibility


def check_icons(game: Game, icons) -> list[Problem]:
    """Every icon a card type, attribute or card names is in the icon set."""
    named = [(f"card type '{t.name}'", t.icon, t.where) for t in game.card_types if t.icon]
    named += [(f"attribute '{a.name}'", a.icon, a.where) for a in game.attributes if a.icon]
    named += [(f"card '{c.name}'", c.icon, c.where) for d in game.decks for c in d.cards if c.icon]
    named += [(f"back of deck '{d.id}'", d.back.icon, d.back.where or d.where) for d in game.decks if d.back.icon]
    problems = []
    for owner, icon, where in named:
        if icon not in icons.icons:  # by name: an outline is parsed (and a damaged one reported) when drawn
            problems.append(error(where, f"{owner}: no icon named '{icon}'{did_you_mean(icon, icons.icons)}"))
    return problems


def _missing(face) -> list[str]:
    from kitgen.layout.shapes import Text
    from kitgen.render.fonts import missing_glyphs  # a face was laid out: the fonts are registered

    found: set[str] = set()
    for shape in face.shapes:
        if isinstance(shape, Text):
            found.update(missing_glyphs(shape.text, shape.font))
    return sorted(found)


def _describe(characters: list[str]) -> str:
    shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in characters[:5])
    return f"character{'s' if len(characters) > 1 else ''} {shown}{' and more' if len(characters) > 5 else ''}"


def text_sizes(checked: Checked) -> dict[str, dict[str, float]]:
    """Deck id -> card name -> the size its text ended at: the legibility report."""
    note_every_face(checked)
    return {faces.deck.id: {card.name: size for card, size in zip(faces.deck.cards, checked.notes[faces.deck.id].sizes, strict=True)
                            if size}
            for faces in checked.faces}
