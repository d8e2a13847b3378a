"""Lay out one card face from a template: each box becomes shapes, text fitted to its box.

Returns the shapes relative to the card's top-left corner, one layer per box, the smallest text
size used and the problems (text that does not fit even at the box's minimum size).

A box whose strings name nothing of the card itself (the frame in the type's colour, the
placeholder art) comes out the same for every card of a type: it is laid out once per deck
(`memo`) and its layer carries a content key, so render draws it once per PDF and places it.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import lru_cache

from kitgen.colors import check_rendered
from kitgen.check.safe_zone import SAFE_MARGIN, Bounds, closest_to_trim
from kitgen.errors import KitgenError, Problem, Where, error, warning
from kitgen.layout.badges import card_badges, give_way, layout_badge, place_box
from kitgen.layout.effects import layout_effects
from kitgen.layout.fit import text_shapes as _layout_text
from kitgen.layout.ink import ink_save
from kitgen.layout.outlines import outline
from kitgen.layout.picture import pattern, placeholder_art, turn
from kitgen.layout.shapes import Circle, Icon, Line, Measure, Picture, Rect, Shape, Text
from kitgen.model import Box, CardTemplate, Record
from kitgen.units import Length


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Layer(Record):
    """What one box drew. `key` (a hash of the shapes) is set when the box does not depend on the
    card itself, so the same layer recurs on other cards; empty for a card's own text."""

    shapes: tuple[Shape, ...]
    key: str = ""


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Face(Record):
    """A laid-out card face: its layers in drawing order, the smallest text size used, what did not
    fit, and the size its text was fitted at (`text_size`, what `kitgen stats` reports): the main size
    of its effects box (the card's body, shrunk to fit), else (a template without one) the smallest."""

    layers: tuple[Layer, ...]
    smallest_size: float
    problems: tuple[Problem, ...]
    text_size: float = 0.0

    @property
    def shapes(self) -> tuple[Shape, ...]:
        return tuple(shape for layer in self.layers for shape in layer.shapes)


# What a box kind reads from the context beyond the strings it names.
IMPLICIT = {"effects": {"card", "game", "type", "icons"}, "art": {"art", "card", "type", "icons"}, "icon": {"icons"},
            "pattern": {"icons"}}
PER_CARD = {"card", "number"}  # a box reading these is the card's own; "art" too when the card has a picture


def box_inputs(box: Box) -> frozenset[str]:
    """The context names a box's drawing depends on: those its Jinja strings use, and its kind's."""
    from kitgen.layout.expressions import variables  # Jinja is imported by the first face laid out
    names = set(IMPLICIT.get(box.kind, ()))
    for source in (box.when, box.content, box.color, box.fill, box.stroke):
        names |= variables(source, box.where, box.name or box.kind)
    return frozenset(names)


def _memo_key(index: int, box: Box, context: dict, memo: dict) -> tuple | None:
    """None when the box is the card's own; else what its output depends on (objects by identity:
    the memo lives for one deck, while the game holds them all)."""
    inputs = memo.get(index)
    if inputs is None:
        names = tuple(sorted(box_inputs(box)))
        inputs = memo[index] = names, not PER_CARD.isdisjoint(names), "art" in names
    names, own, reads_art = inputs
    if own or (reads_art and context.get("art")):
        return None
    return (index, *[value if isinstance(value := context.get(name), (int, str, type(None))) else id(value)
                     for name in names])


def layout_face(template: CardTemplate, context: dict, measure: Measure, bounds: Bounds, owner: str,
                where: Where | None, bleed: float = 0.0, ink_saver: bool = False, memo: dict | None = None) -> Face:
    """`bounds`: how far a text's glyphs reach (the safe zone's, check/safe_zone.py). `memo` (one per deck and template) keeps the layers of boxes that do not depend on the card.
    Its keys: a box's index -> the context names it reads (and whether they make it the card's
    own, or it reads the card's art); (index, their values) -> its layer
    (with its text size, whether it fits and how close its text comes to the trim);
    ("merged", layer keys...) -> a run of shared layers drawn as one."""
    layers: list[Layer] = []
    problems: list[Problem] = []
    smallest, body = 99.0, 99.0
    rendered: dict[str, str] = {}  # boxes of a face share template strings (a badge's and its text's `when`)
    badges, covered = _badges(template, context, measure, owner, where, ink_saver, problems)
    for index, template_box in enumerate(template.boxes):
        box = give_way(template_box, covered) if covered else template_box
        if box is None:  # under a field's badge
            continue
        key = _memo_key(index, box, context, memo) if memo is not None else None
        if key is not None and box is not template_box:  # cut back: its layer is this card's badges'
            key = (*key, tuple(covered))
        if memo is not None and key is not None and key in memo:
            layer, size, fits, closest = memo[key]
        else:
            layer, size, fits = _layer(box, context, measure, template, bleed, ink_saver, key is not None, rendered)
            closest = _closest(layer, template, measure, bounds)
            if memo is not None and key is not None:
                memo[key] = layer, size, fits, closest
        if layer is None:
            continue
        if layer.shapes:
            layers.append(layer)
        if size and not box.fine_print:
            smallest = min(smallest, size)
        if box.kind == "effects":  # its main size: its largest text (headings, reminders are a step below)
            body = min(body, max((s.size for s in layer.shapes if isinstance(s, Text)), default=body))
        if not fits:
            label = box.name or box.kind
            problems.append(error(where, f"{owner}: text in box '{label}' does not fit, even at "
                                  f"{box.min_size:g} pt; shorten it or enlarge the box"))
        elif closest is not None:  # text that does not fit spills anywhere: that error says it, not a safe-zone warning too
            problems += _safe_zone(closest, box, owner, where)
    layers += [layer for layer, *_ in badges]
    smallest = min([smallest, *(size for _, size, *_ in badges)])
    problems += _badge_problems(badges, template, measure, bounds, owner, where)
    if ink_saver:  # a hairline at the trim to cut along
        layers.append(_shared_layer((Rect(0, 0, template.width, template.height, stroke="#999999",
                                          stroke_width=0.3),)))
    merged = _merge_shared(layers, memo) if memo is not None else layers
    smallest = smallest if smallest < 99 else 0.0
    return Face(tuple(merged), smallest, tuple(problems), body if body < 99 else smallest)


def _badges(template: CardTemplate, context: dict, measure: Measure, owner: str, where: Where | None,
            ink_saver: bool, problems: list[Problem]) -> tuple[list[tuple[Layer, float, bool, Box]], list]:
    """The card's fields shown as badges and marks (layout/badges.py), each a layer with its text
    size, whether it fits and its value's box; and the rectangles they cover. A card back has none."""
    card, card_type, game = context.get("card"), context.get("type"), context.get("game")
    if card is None or card_type is None or game is None:
        return [], []
    drawn, covered = [], []
    for badge in card_badges(game, card_type, card):
        place = place_box(template, badge.place)
        if place is None:
            names = ", ".join(p.name for p in template.places) or "none"
            problems.append(error(badge.where or where, f"{owner}: field '{badge.name}': the card's template has no "
                                  f"place '{badge.place}' (its places: {names}; a template's places: say where)"))
            continue
        shapes, box, rect, size, fits = layout_badge(badge, place, measure, context.get("icons"))
        if ink_saver:
            shapes = [saved for shape in shapes if (saved := ink_save(shape)) is not None]
        drawn.append((Layer(tuple(shapes)), size, fits, box))
        covered.append(rect)
    return drawn, covered


def _badge_problems(badges: list, template: CardTemplate, measure: Measure, bounds: Bounds, owner: str,
                    where: Where | None) -> list[Problem]:
    """A badge's value that does not fit its shape (an error), or comes within the safe zone."""
    problems: list[Problem] = []
    for layer, _size, fits, box in badges:
        if not fits:
            field, shown = box.name.split()
            problems.append(error(where, f"{owner}: the value of field '{field}' does not fit its {shown}, even at "
                                  f"{box.min_size:g} pt; shorten it or use a wider shape"))
        else:
            problems += _safe_zone(_closest(layer, template, measure, bounds), box, owner, where)
    return problems


def _closest(layer: Layer | None, template: CardTemplate, measure: Measure, bounds: Bounds) -> float | None:
    """How close the layer's text comes to the trim (check/safe_zone.py); None without text.
    Kept with a shared layer in the memo: the same on every card."""
    texts = [shape for shape in layer.shapes if isinstance(shape, Text)] if layer is not None else []
    return closest_to_trim(texts, measure, bounds, template.width, template.height) if texts else None


def _safe_zone(closest: float | None, box: Box, owner: str, where: Where | None) -> list[Problem]:
    """Text of this box closer to the trim than the safe margin (check/safe_zone.py): a shop may cut it."""
    if closest is None or closest >= SAFE_MARGIN - 0.01:
        return []
    return [warning(where, f"{owner}: text in box '{box.name or box.kind}' comes {closest * 25.4 / 72:.1f} mm "
                           f"from the trim, inside the {SAFE_MARGIN * 25.4 / 72:g} mm safe zone a shop may cut")]


def _merge_shared(layers: list[Layer], memo: dict) -> list[Layer]:
    """Consecutive shared layers as one (frame, panel, band and badge: one form, not four)."""
    out: list[Layer] = []
    run: list[Layer] = []

    def flush() -> None:
        if len(run) == 1:
            out.append(run[0])
        elif run:
            keys = ("merged", *(layer.key for layer in run))
            if keys not in memo:
                memo[keys] = Layer(tuple(shape for layer in run for shape in layer.shapes),
                                   hashlib.sha256(" ".join(keys).encode()).hexdigest()[:24])
            out.append(memo[keys])
        run.clear()

    for layer in layers:
        if layer.key:
            run.append(layer)
        else:
            flush()
            out.append(layer)
    flush()
    return out


def _layer(box: Box, context: dict, measure: Measure, template: CardTemplate, bleed: float, ink_saver: bool,
           shared: bool, rendered: dict[str, str]) -> tuple[Layer | None, float, bool]:
    """One box as a layer (None when its `when` is empty)."""
    if box.when and not _render(box.when, context, box, rendered).strip():
        return None, 0.0, True
    if ink_saver and box.kind == "pattern":  # a background: the ink saver prints none
        return None, 0.0, True
    if bleed and box.kind == "pattern":  # the pattern runs on into the bleed, about the same centre
        box = replace(box, x=Length(box.x - bleed), y=Length(box.y - bleed), w=Length(box.w + 2 * bleed),
                      h=Length(box.h + 2 * bleed))
    drawn, size, fits = _layout_box(box, context, measure, rendered)
    if box.turned:
        drawn = [turn(shape, box.x + box.w / 2, box.y + box.h / 2) for shape in drawn]
    if bleed:
        drawn = [_bleed(shape, template, bleed) for shape in drawn]
    if ink_saver:  # outlines instead of backgrounds
        drawn = [saved for shape in drawn if (saved := ink_save(shape)) is not None]
    return (_shared_layer(tuple(drawn)) if shared else Layer(tuple(drawn))), size, fits


def _shared_layer(shapes: tuple[Shape, ...]) -> Layer:
    """The key hashes the shapes' repr (content, never an id or a hash(): the same in any process):
    it names the layer's form in the PDF and its row in the build cache. An icon's repr shows its
    outline as held: a shipped icon's Outline by its path data, an icons.json icon's commands as
    a tuple, so the same drawing held either way has two keys (load/icons.IconSet.get)."""
    return Layer(shapes, hashlib.sha256(repr(shapes).encode("utf-8")).hexdigest()[:24] if shapes else "")


def _bleed(shape: Shape, template: CardTemplate, bleed: float) -> Shape:
    """A rectangle that reaches the trim carries on into the bleed, so a slightly off cut shows
    colour, not a white sliver."""
    if not isinstance(shape, Rect) or not shape.fill:
        return shape
    x0, y0, x1, y1 = shape.x, shape.y, shape.x + shape.w, shape.y + shape.h
    edge = 0.01
    x0 = x0 - bleed if x0 <= edge else x0
    y0 = y0 - bleed if y0 <= edge else y0
    x1 = x1 + bleed if x1 >= template.width - edge else x1
    y1 = y1 + bleed if y1 >= template.height - edge else y1
    return replace(shape, x=x0, y=y0, w=x1 - x0, h=y1 - y0)


def _layout_box(box: Box, context: dict, measure: Measure, rendered: dict[str, str]) -> tuple[list[Shape], float, bool]:
    value = lambda source: _render(source, context, box, rendered).strip()  # noqa: E731
    return BOX_KINDS[box.kind](box, context, value, measure)


def _render(source: str, context: dict, box: Box, rendered: dict[str, str]) -> str:
    """A template string as this face renders it, once a face: `rendered` keeps what it rendered."""
    text = rendered.get(source)
    if text is None:
        from kitgen.layout.expressions import render_string  # here: a run that lays out no face never imports Jinja

        text = rendered[source] = render_string(source, context, box.where, box.name or box.kind)
    return text


# Each box kind's layout: (box, context, value, measure) -> (shapes, text size, fits), where
# value(source) renders one of the box's Jinja strings. model.BoxKind names the same kinds (the
# schema refuses any other with a did-you-mean at the template's line); tests/unit/test_registries.py
# checks the two agree.
def _rect_box(box: Box, context: dict, value, measure: Measure) -> tuple[list[Shape], float, bool]:
    return [Rect(box.x, box.y, box.w, box.h, _color(value(box.fill), box) or None,
                 _color(value(box.stroke), box) or None, box.stroke_width, box.radius)], 0.0, True


def _circle_box(box: Box, context: dict, value, measure: Measure) -> tuple[list[Shape], float, bool]:
    radius = min(box.w, box.h) / 2
    return [Circle(box.x + box.w / 2, box.y + box.h / 2, radius, _color(value(box.fill), box) or None,
                   _color(value(box.stroke), box) or None, box.stroke_width)], 0.0, True


def _line_box(box: Box, context: dict, value, measure: Measure) -> tuple[list[Shape], float, bool]:
    return [Line(box.x, box.y, box.x + box.w, box.y + box.h, _ink(value(box.color), box),
                 box.stroke_width)], 0.0, True


def _text_box(box: Box, context: dict, value, measure: Measure) -> tuple[list[Shape], float, bool]:
    return _layout_text(box, value(box.content), _ink(value(box.color), box), measure)


def _effects_box(box: Box, context: dict, value, measure: Measure) -> tuple[list[Shape], float, bool]:
    return layout_effects(box, context, _ink(value(box.color), box), measure)


def _icon_box(box: Box, context: dict, value, measure: Measure) -> tuple[list[Shape], float, bool]:
    return _icon(box, context.get("icons"), value(box.content), _ink(value(box.color), box)), 0.0, True


def _art_box(box: Box, context: dict, value, measure: Measure) -> tuple[list[Shape], float, bool]:
    """The card's prepared picture, filling the box (cover) or centred in it (contain); else the
    placeholder in the box's fill, with the card's icon."""
    art = context.get("art")
    if art:
        w = box.w if box.fit == "cover" else min(box.w, box.h * art["aspect"])
        h = box.h if box.fit == "cover" else w / art["aspect"]
        return [Picture(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h, art["key"])], 0.0, True
    return placeholder_art(box, _color(value(box.fill), box) or "#888888", _picture_icon(box, context, value)), \
        0.0, True


def _pattern_box(box: Box, context: dict, value, measure: Measure) -> tuple[list[Shape], float, bool]:
    return pattern(box, context.get("icons"), value(box.content), _ink(value(box.color), box)), 0.0, True


def _shape_box(box: Box, context: dict, value, measure: Measure) -> tuple[list[Shape], float, bool]:
    """An outline by name (layout/outlines.py) filling the box: a chamfered frame, a shield plate."""
    paint = (_color(value(box.fill), box) or None, _color(value(box.stroke), box) or None, box.stroke_width)
    return [outline(box.shape, box.x, box.y, box.w, box.h, paint, box.radius)], 0.0, True


BOX_KINDS = {"rect": _rect_box, "circle": _circle_box, "line": _line_box, "text": _text_box,
             "effects": _effects_box, "icon": _icon_box, "art": _art_box, "pattern": _pattern_box,
             "shape": _shape_box}


def _color(text: str, box: Box) -> str:
    """A box's colour as its template rendered it: '' or #rrggbb, else one line at the box."""
    try:
        return _rendered_color(text)
    except ValueError as exc:
        raise KitgenError(error(box.where, f"box '{box.name or box.kind}': {exc}")) from None


def _ink(text: str, box: Box) -> str:
    """A box's `color` (the ink of its line, text or icon) as its template rendered it; rendered
    empty (`{{ card.fields.ink }}` on a card without one), the default ink, black. An empty `fill`
    or `stroke` is none at all; an ink is always something."""
    return _color(text, box) or DEFAULT_INK


DEFAULT_INK = "#000000"  # model.Box's default color


@lru_cache(maxsize=1024)
def _rendered_color(text: str) -> str:
    return check_rendered(text)


def _picture_icon(box: Box, context: dict, value):
    """The icon a card shows without art: the box's content if it names one, else the card's own
    icon, else its type's."""
    icons, card, card_type = context.get("icons"), context.get("card"), context.get("type")
    names = [value(box.content), getattr(card, "icon", ""), getattr(card_type, "icon", "")]
    return next((found for name in names if name and icons and (found := icons.get(name))), None)


def _icon(box: Box, icons, name: str, color: str) -> list[Shape]:
    icon = icons.get(name) if icons and name else None
    if icon is None:
        return []
    width, height, commands, name = icon
    side = min(box.w, box.h)  # square icons, centred in the box
    return [Icon(box.x + (box.w - side) / 2, box.y + (box.h - side) / 2, side, side, (width, height), commands,
                 color or "#000000", name)]


def scale_template(template: CardTemplate, width: float, height: float) -> CardTemplate:
    """Fit a template drawn for one card size to another: positions scale with the card, text
    with the smaller of the two factors (never below 5 pt, the smallest size kitgen prints)."""
    sx, sy = width / template.width, height / template.height
    if abs(sx - 1) < 1e-6 and abs(sy - 1) < 1e-6:
        return template
    factor = min(sx, sy)
    boxes = tuple(replace(box, x=Length(box.x * sx), y=Length(box.y * sy), w=Length(box.w * sx), h=Length(box.h * sy),
                          size=Length(box.size * factor),
                          min_size=Length(max(5.0, min(box.min_size * factor, box.size * factor))),
                          radius=Length(box.radius * factor), stroke_width=Length(box.stroke_width * factor))
                  for box in template.boxes)
    places = tuple(replace(place, x=Length(place.x * sx), y=Length(place.y * sy), w=Length(place.w * sx),
                           h=Length(place.h * sy)) for place in template.places)
    return replace(template, width=Length(width), height=Length(height), boxes=boxes, places=places)
