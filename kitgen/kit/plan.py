"""The plan of a kit, made before anything is laid out: the print settings resolved (command line
over config file over the game over kitgen's defaults), what faces are made from (templates,
icons, art, fonts) read, and every face's content key (what it is drawn from, hashed)."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from kitgen.kit.art import ArtSet, collect_art
from kitgen import __version__
from kitgen.kit.cache import Made, content_key
from kitgen.kit.keys import Digests
from kitgen.errors import KitgenError, Where, error
from kitgen.layout.card import scale_template
from kitgen.layout.cards import BACK, DeckScope, FaceCall, back_call, deck_scope, face_key, faces_view, front_call
from kitgen.layout.impose import MIN_MARGIN, Spec
from kitgen.check.safe_zone import Bounds
from kitgen.layout.shapes import Measure
from kitgen.load.config import config_layers
from kitgen.load.fonts import font_files, read_fonts
from kitgen.load.icons import IconSet, load_icons
from kitgen.load.looks import read_look
from kitgen.check.templates import checked_template
from kitgen.load.templates import find_front, front_names
from kitgen.model import Card, CardTemplate, Game, PrintSettings, front_key, slug
from kitgen.project import Project
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


@dataclass(frozen=True, eq=False)  # one a build, never compared: no == or hash compiled for it
class Fonts:
    """The game's fonts: role -> TrueType file, and sha256 of each one's bytes; `measure` is
    layout's measurer, `bounds` how far a text's glyphs reach (the safe zone's); `ready()`
    registers them with reportlab if that is not done yet."""

    files: dict[str, Path]
    digests: dict[str, str]
    measure: Measure
    bounds: Bounds
    ready: Callable[[], None] | None = None

    @property
    def key(self) -> str:
        return content_key(*sorted(self.digests.items()))


@dataclass(frozen=True, eq=False)  # one a build, never compared: no == or hash compiled for it
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
    look_folder, look = read_look(game.look, folder, project.templates)
    files = font_files(project.fonts, game.fonts, folder, look)
    digests, measure, bounds, ready = _fonts(files, lazy_fonts)
    dirs, roots = project.template_dirs(folder, options.templates, look_folder), project.roots(folder, options.templates)
    front = card_fronts(game, dirs, spec.card, roots, shipped=2 if look_folder else 1)
    back = scale_template(checked_template("card-back.yaml", dirs, roots), *spec.card)
    icons = load_icons(dirs, roots)
    art = collect_art(game, folder, options.art, front, back)
    images = art.images
    if ink_saver:
        images = {key: dataclasses.replace(a, image=a.picture().convert("L"), encoded=b"") for key, a in images.items()}
    return Inputs(front, back, icons, art, images, Fonts(files, digests, measure, bounds, ready))


@dataclass(frozen=True, eq=False)  # one a build, never compared: no == or hash compiled for it
class FacePlan:
    """Each deck's scope (what its faces are laid out from) and every face's content key:
    `fronts` by deck id, one per card in deck order; `backs` by deck id; `keys` by placement key
    (layout/cards.face_key), as the sheets name faces; `keyer` says what a face was made from."""

    scopes: dict[str, DeckScope]
    fronts: dict[str, list[str]]
    backs: dict[str, str]
    keys: dict[str, str]
    keyer: FaceKeys


def plan_faces(game: Game, inputs: Inputs, spec: Spec, ink_saver: bool) -> FacePlan:
    view = faces_view(game, [*inputs.front.values(), inputs.back])
    keyer = FaceKeys(inputs.fonts.key)  # the measure: what text is measured with
    scopes, fronts, backs = {}, {}, {}
    keys: dict[str, str] = {}
    for deck in game.decks:
        scope = scopes[deck.id] = deck_scope(game, view, deck, inputs.front, inputs.back, spec.bleed, ink_saver,
                                             inputs.art.by_deck.get(deck.id, {}), inputs.icons)
        fronts[deck.id] = [keyer.key(front_call(scope, index)) for index in range(len(deck.cards))]
        keys |= {face_key(deck.id, index): key for index, key in enumerate(fronts[deck.id])}
        backs[deck.id] = keys[face_key(deck.id, BACK)] = keyer.key(back_call(scope))
    return FacePlan(scopes, fronts, backs, keys, keyer)


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
        return self.digests.key(call, self.measure)

    def made(self, place: str, call: FaceCall) -> Made:
        where = call.template.where
        return Made(place, self.parts(call), {"template": f"template {Path(where.file).name}"} if where else {})


def _fonts(files: dict[str, Path], lazy: bool):
    """(role -> sha256 of the font's bytes, layout's measure, the glyphs' bounds, a function that
    registers the fonts if that is not done yet). Lazy, reportlab is imported and the fonts parsed only by ready(),
    which layout calls before it lays out any face."""
    from_render: dict[str, Any] = {}
    read = read_fonts(files)  # read and hashed once: ready() registers these very bytes

    def ready() -> None:
        if not from_render:
            from kitgen.render.fonts import glyph_bounds, measure, register_fonts

            from_render["digests"], from_render["measure"] = register_fonts(files, read), measure
            from_render["bounds"] = glyph_bounds

    # A build measures the same words at the same sizes many times over (a box tries sizes until
    # its text fits; a line is measured to wrap, then to place): widths are kept for this build,
    # whose fonts do not change while it runs (~30,000 measures of Galactic Civ, most repeated).
    @lru_cache(maxsize=MEASURED)
    def measure(text: str, role: str, size: float) -> float:
        return from_render["measure"](text, role, size)

    def bounds(text: str, role: str) -> tuple[float, float, float, float] | None:
        return from_render["bounds"](text, role)  # kept by font and text there

    if not lazy:
        ready()
        return from_render["digests"], measure, bounds, None
    return read[1], measure, bounds, ready


MEASURED = 16_384  # widths a build keeps (text, font role, size): a few hundred kB at most


def card_fronts(game: Game, dirs: list[Path], card: tuple[float, float],
                roots: tuple[Path, ...] | None = None, shipped: int = 1) -> dict[str, CardTemplate]:
    """front_key(card) -> its front template: a card type's (its name), or, for a card that names
    its own `template:` or `frame:`, that one (types and cards sharing a file share one object)."""
    loaded: dict[str, CardTemplate] = {}
    fronts: dict[str, CardTemplate] = {}
    for key, names, owner in _wanted_fronts(game):
        if key in fronts:
            continue
        name = find_front(names, dirs, shipped)  # shipped: the look's folder and kitgen's, one layer
        if owner is not None and owner.template and not any((d / name).exists() for d in dirs):
            searched = ", ".join(str(d) for d in dirs)
            raise KitgenError(error(owner.where or Where(""), f"card '{owner.name}': template '{name}' not found "
                                    f"(searched {searched}); template: names card-front-<template>.yaml"))
        if name not in loaded:
            loaded[name] = scale_template(checked_template(name, dirs, roots), *card)
        fronts[key] = loaded[name]
    return fronts


def _wanted_fronts(game: Game) -> list[tuple[str, list[str], Card | None]]:
    """(front key, template names most specific first, the card that asks for its own or None)."""
    wanted: list[tuple[str, list[str], Card | None]] = [
        (t.name, front_names(t.name, t.deck, t.frame), None) for t in game.card_types]
    for deck in game.decks:
        for c in deck.cards:
            card_type = game.card_type(c.type)
            if (c.template or c.frame) and card_type is not None:
                names = [f"card-front-{slug(c.template)}.yaml"] if c.template else \
                    front_names(c.type, card_type.deck, c.frame)
                wanted.append((front_key(c), names, c))
    return wanted
