"""The plan of a kit, made before anything is laid out: the print settings resolved (command line
over config file over the game over kitgen's defaults), what faces are made from (templates,
icons, art, fonts) read, and every face's content key (what it is drawn from, hashed)."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kitgen.kit.art import ArtSet, collect_art
from kitgen.kit.cache import content_key
from kitgen.errors import KitgenError, Where, error
from kitgen.layout.card import scale_template
from kitgen.layout.cards import BACK, back_icon, face_key
from kitgen.layout.impose import MIN_MARGIN, Spec
from kitgen.layout.shapes import Measure
from kitgen.load.config import load_config
from kitgen.load.fonts import font_digests, font_files
from kitgen.load.icons import IconSet, load_icons
from kitgen.check.templates import check_template
from kitgen.load.files import display_path
from kitgen.load.templates import find_front, find_template, front_names, load_card_template
from kitgen.model import CardTemplate, Game, PrintSettings
from kitgen.project import Project
from kitgen.units import CARD_SIZES, PAPER_SIZES, Length, out_of_range, parse_offset, parse_size


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


DEFAULTS = PrintSettings(paper="letter", card_size="poker", margin=Length(MIN_MARGIN), gap=Length(0.0),
                         bleed=Length(0.0), duplex="long-edge", layout="grid", back_offset="0,0", ink_saver=False)


def resolve_print(game: Game, options: Options) -> tuple[Spec, bool]:
    """Command line over config file over the game's data over kitgen's defaults."""
    layers = [options.settings, load_config(options.config), game.print, DEFAULTS]
    fields = [f.name for f in dataclasses.fields(PrintSettings) if f.name != "where"]
    source = {name: next(l for l in layers if getattr(l, name) is not None) for name in fields}
    value = {name: getattr(layer, name) for name, layer in source.items()}
    where = {name: (layer.where if layer.where and layer is not options.settings and layer is not DEFAULTS
                    else Where("print settings")) for name, layer in source.items()}
    try:
        paper = parse_size(value["paper"], PAPER_SIZES)
        card = parse_size(value["card_size"], CARD_SIZES)
        offset = parse_offset(value["back_offset"])
    except ValueError as exc:
        raise KitgenError(error(Where("print settings"), str(exc))) from None
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
class Fonts:
    """The game's fonts: role -> TrueType file, and sha256 of each one's bytes; `measure` is
    layout's measurer; `ready()` registers them with reportlab if that is not done yet."""

    files: dict[str, Path]
    digests: dict[str, str]
    measure: Measure
    ready: Callable[[], None] | None = None

    @property
    def key(self) -> str:
        return content_key(*sorted(self.digests.items()))


@dataclass(frozen=True)
class Inputs:
    """What the faces are made from, read once: each card type's front template, the back, the
    icon set, the art (found, checked and prepared; grey when the ink saver is on), the fonts."""

    front: dict[str, CardTemplate]
    back: CardTemplate
    icons: IconSet
    art: ArtSet
    images: dict  # art key -> prepared picture
    fonts: Fonts


def read_inputs(project: Project, folder: Path, game: Game, options: Options, spec: Spec, ink_saver: bool,
                lazy_fonts: bool = False) -> Inputs:
    """`lazy_fonts` (validate, which draws nothing): the fonts are registered with reportlab only
    when a face must be laid out; a face from the cache was laid out with these very bytes."""
    files = font_files(project.fonts, game.fonts, folder)
    digests, measure, ready = _fonts(files, lazy_fonts)
    dirs, roots = project.template_dirs(folder, options.templates), project.roots(folder, options.templates)
    front = card_fronts(game, dirs, spec.card, roots)
    back = scale_template(checked_template("card-back.yaml", dirs, roots), *spec.card)
    icons = load_icons(dirs, roots)
    art = collect_art(game, folder, options.art, front, back)
    images = art.images
    if ink_saver:
        images = {key: dataclasses.replace(a, image=a.picture().convert("L"), encoded=b"") for key, a in images.items()}
    return Inputs(front, back, icons, art, images, Fonts(files, digests, measure, ready))


@dataclass(frozen=True)
class FacePlan:
    """Every face's content key: `fronts` by deck id, one per card in deck order; `backs` by deck
    id; `keys` by placement key (layout/cards.face_key), as the sheets name faces."""

    fronts: dict[str, list[str]]
    backs: dict[str, str]
    keys: dict[str, str]


def plan_faces(game: Game, inputs: Inputs, spec: Spec, ink_saver: bool) -> FacePlan:
    fonts, icons_key = inputs.fonts.key, inputs.icons.key
    type_keys = _front_keys(inputs.front, icons_key)  # a frame edited lays out only the cards of its types
    back_key = content_key(inputs.back, icons_key)  # once: large to hash
    shared = content_key(game.title, game.short_name, game.attributes, game.conditions, fonts, spec.card,
                         spec.bleed, ink_saver)  # once: what every front shares, large to hash
    fronts, backs, keys = {}, {}, {}
    for deck in game.decks:
        deck_art = inputs.art.by_deck.get(deck.id, {})
        deck_key = content_key(deck.id, deck.name, deck.code, deck.optional, len(deck.cards), shared)
        fronts[deck.id] = [_face_key(game, deck_key, card, number, deck_art.get(card.id), type_keys[card.type])
                           for number, card in enumerate(deck.cards, start=1)]
        keys |= {face_key(deck.id, number): key for number, key in enumerate(fronts[deck.id])}
        backs[deck.id] = keys[face_key(deck.id, BACK)] = content_key(
            "back", deck.id, deck.name, deck.back, back_icon(game, deck), game.title, back_key, fonts, spec.bleed,
            ink_saver, deck_art.get(""))
    return FacePlan(fronts, backs, keys)


def _fonts(files: dict[str, Path], lazy: bool):
    """(role -> sha256 of the font's bytes, layout's measure, a function that registers the fonts
    if that is not done yet). Lazy, reportlab is imported and the fonts parsed only by ready(),
    which layout calls before it lays out any face."""
    from_render = {}

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
            loaded[name] = scale_template(checked_template(name, dirs, roots), *card)
        fronts[card_type.name] = loaded[name]
    return fronts


def _front_keys(front: dict[str, CardTemplate], icons_key: str) -> dict[str, str]:
    """Card type -> a hash of its front template (and the icon set), each template hashed once
    (types with the same frame share one): large to hash."""
    by_template: dict[int, str] = {}
    for template in front.values():
        if id(template) not in by_template:
            by_template[id(template)] = content_key(template, icons_key)
    return {name: by_template[id(template)] for name, template in front.items()}


def _face_key(game: Game, deck_key: str, card, number: int, art: dict | None, front: str) -> str:
    """Everything a card front is drawn from, so a change to any of it lays the card out again:
    the card, its type, its place in the deck, its type's template (`front`, its key), and
    `deck_key` (the deck, the game's title, attributes and conditions, fonts and print
    settings); the art by the content hash of the prepared picture. Not the card's line: a card
    added above it, or a comment, does not lay it out again (its notes are said at its line now,
    see DeckNotes)."""
    return content_key("front", card, game.card_type(card.type), number, deck_key, art, front)


def checked_template(name: str, dirs: list[Path], roots: tuple[Path, ...] | None = None) -> CardTemplate:
    """A card template read (load/templates.py) and its geometry checked (check/templates.py):
    nothing is laid out with a box that has no size."""
    template = load_card_template(name, dirs, roots)
    shown = template.where.file if template.where else display_path(find_template(name, dirs, roots))
    problems = check_template(template, shown)
    if problems:
        raise KitgenError(problems)
    return template
