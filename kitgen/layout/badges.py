"""Fields shown apart from the card's text: a badge (a shape with the value, at a place of the
template: a corner, an edge, the type line) or a mark (a small gem and the value on a white pill).
Pure layout. Which fields, how and where is data (model.CardField `show:`, the template's
`places:`); text and effects boxes of the template give way to what a card shows (give_way).

  +------------------------------+
  |(3) Name of the card          |   cost as a circle badge at top-left: the name starts after it
  |  +------------------------+  |
  |  |        picture          |  |
  |  +------------------------+  |
  |     CREATURE       <>Rare    |   rarity as a mark on the type line: the type line gives way
  |     text ... Play in: Main   |   the effects box ends above the bottom badges
  |[4]                       (5) |   attack and health badges at the bottom corners
  +------------------------------+
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from kitgen.colors import channels
from kitgen.errors import Where
from kitgen.layout.fit import text_shapes
from kitgen.layout.outlines import outline, text_area
from kitgen.layout.shapes import Icon, Measure, Rect, Shape, Text
from kitgen.load.fields import field_text, shown_fields
from kitgen.model import Box, CardTemplate, Record
from kitgen.units import MM, Length

GAP = 0.8 * MM  # what a text box keeps clear of a badge: about a line's leading at 7 pt
SMALLEST = 6.0  # pt: a badge's value, or a mark's, is never set smaller (a corner read across the table)
INK, DARK = "#ffffff", "#1a1a1a"  # a value on a dark shape, on a light one


@dataclass(frozen=True, eq=False, repr=False)
class Badge(Record):
    """One field a card shows apart from its text: its name, value as printed, how and where."""

    name: str
    value: str
    show: str  # badge or mark
    shape: str
    place: str
    color: str
    icon: str
    where: Where | None = None


def shown_apart(game, card_type) -> str:
    """The names of the fields a card of this type does not show as a line ('cost attack'): what a
    template's own cost badge reads (`badges`) to leave the cost to a declared badge."""
    return " ".join(spec.name for spec in shown_fields(card_type, game.fields) if spec.show != "line")


def card_badges(game, card_type, card) -> tuple[Badge, ...]:
    """The card's badges and marks, in declaration order; a value the field hides, or none, is left out."""
    badges = []
    for spec in shown_fields(card_type, game.fields):
        if spec.show not in ("badge", "mark") or not spec.place:
            continue
        value, icon = _cost(game, card_type, card) if spec.name == "cost" else \
            (field_text(card.fields.get(spec.name)), "")
        if not value or value in spec.hide:
            continue
        shape = spec.shape or ("circle" if spec.show == "badge" else "diamond")
        color = spec.colors.get(value) or spec.color or card_type.color
        badges.append(Badge(spec.name, value, spec.show, shape, spec.place, color, spec.icon or icon, spec.where))
    return tuple(badges)


def _cost(game, card_type, card) -> tuple[str, str]:
    """A cost as its badge prints it: the amount alone with its counter's icon when it is paid in one
    counter ('3' and the Mana icon), else its short form ('6 Hammers + 2 Food')."""
    cost = card.cost or card_type.cost
    if not cost:
        return "", ""
    if len(cost.pay) == 1 and not cost.any and not cost.text:
        counter = game.counter(cost.pay[0].counter)
        return cost.pay[0].shown, counter.icon if counter else ""
    return cost.badge_in(game.language), ""


Rect4 = tuple[float, float, float, float]  # x0, y0, x1, y1


def layout_badge(badge: Badge, place: Box, measure: Measure, icons) -> tuple[list[Shape], Box, Rect4, float, bool]:
    """(shapes, the box its value was fitted to, the rectangle it covers, its text size, whether
    it fits). `place` is the template's place as a box (x, y, w, h in points)."""
    if badge.show == "mark":
        return _mark(badge, place, measure)
    ink = DARK if _light(badge.color) else INK
    body = outline(badge.shape, place.x, place.y, place.w, place.h, (badge.color, "#ffffff", 0.9))
    x, y, w, h = text_area(badge.shape, place.x, place.y, place.w, place.h)
    shapes: list[Shape] = [body]
    icon = icons.get(badge.icon) if icons and badge.icon else None
    if icon is not None:  # the icon above the value: the badge reads in black and white
        side = h * 0.3  # the value below it keeps the larger part: it is what a player reads
        width, height, commands, name = icon
        shapes.append(Icon(x + (w - side) / 2, y, side, side, (width, height), commands, ink, name))
        y, h = y + side, h - side
    text = _value_box(badge, x, y, w, h, "center", ink, h / 1.2)  # one line filling the height (fit.LEADING)
    drawn, size, fits = text_shapes(text, badge.value, ink, measure)
    return shapes + drawn, text, (place.x, place.y, place.x + place.w, place.y + place.h), size, fits


def _mark(badge: Badge, place: Box, measure: Measure) -> tuple[list[Shape], Box, Rect4, float, bool]:
    """A gem in the field's colour and the value beside it, on a white pill as wide as they need,
    against the place's outer side (its right end when the place lies right of the card's middle).
    A value the place cannot hold at its size grows the pill toward the card's middle, up to twice
    the place's width (a type line's place is a third of the card: the type keeps the rest, giving
    way), rather than shrink: 'Légendaire' in the type line's 19 mm was set at 6.9 pt."""
    h = place.h
    gem, pad = h * 0.7, h * 0.3
    full = h * 0.8 / 1.2  # one line filling the pill's text height (fit.LEADING)
    room = min(2 * place.w, max(place.w, gem + 3 * pad + measure(badge.value, "bold", max(full, SMALLEST))))
    text = _value_box(badge, 0.0, place.y + h * 0.1, room - gem - 3 * pad, h * 0.8, "left", DARK, full)
    shapes, size, fits = text_shapes(text, badge.value, DARK, measure)
    drawn = [shape for shape in shapes if isinstance(shape, Text)]
    width = min(room, gem + 3 * pad + max((measure(t.text, t.font, t.size) for t in drawn), default=0.0))
    left = place.x + place.w - width if badge.place.endswith(("right", "line")) else place.x
    pill = Rect(left, place.y, width, h, "#ffffff", badge.color, 0.8, h / 2)
    jewel = outline(badge.shape, left + pad, place.y + (h - gem) / 2, gem, gem, (badge.color, None, 0.5))
    moved = [replace(t, x=t.x + left + gem + 2 * pad) for t in drawn]
    return [pill, jewel, *moved], replace(text, x=Length(left + gem + 2 * pad)), \
        (left, place.y, left + width, place.y + h), size, fits


def _value_box(badge: Badge, x: float, y: float, w: float, h: float, align: str, ink: str, size: float) -> Box:
    """The value's text box (never Jinja: the value is printed as it is)."""
    return Box("text", Length(x), Length(y), Length(w), Length(h), name=f"{badge.name} {badge.show}", font="bold",
               size=Length(max(size, SMALLEST)), min_size=Length(SMALLEST), max_lines=1, color=ink,  # type: ignore[arg-type]
               align=align, valign="middle", where=badge.where)  # type: ignore[arg-type]


def _light(color: str) -> bool:
    rgb = channels(color)
    return rgb is not None and 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] > 150


def place_box(template: CardTemplate, name: str) -> Box | None:
    """The template's place of that name as a box, or None when it has none."""
    place = next((p for p in template.places if p.name == name), None)
    return None if place is None else Box("rect", place.x, place.y, place.w, place.h, name=name, where=place.where)


def give_way(box: Box, covered: list[Rect4]) -> Box | None:
    """The box as it is drawn beside what badges and marks cover: a small box whose middle lies under
    one is left out (the template's own type badge in a corner a field now holds); a text or effects
    box that overlaps one is cut back to the largest part clear of them all; anything else (a
    background, the picture) is drawn under them as it is."""
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    for x0, y0, x1, y1 in covered:
        if x0 <= cx <= x1 and y0 <= cy <= y1 and box.w <= 1.5 * (x1 - x0) and box.h <= 1.5 * (y1 - y0):
            return None
    if box.kind not in ("text", "effects"):
        return box
    best = _clear(box.x, box.y, box.x + box.w, box.y + box.h, covered)
    if best is None:
        return None
    x0, y0, x1, y1 = best
    if (x0, y0, x1, y1) == (box.x, box.y, box.x + box.w, box.y + box.h):
        return box
    return replace(box, x=Length(x0), y=Length(y0), w=Length(x1 - x0), h=Length(y1 - y0))


def _clear(x0: float, y0: float, x1: float, y1: float, covered: list[Rect4]) -> Rect4 | None:
    """The largest rectangle left of (x0, y0, x1, y1) by cutting one side past each covered
    rectangle it overlaps (every way tried: a card has a few badges); None when nothing is left."""
    hits = [r for r in covered if r[0] - GAP < x1 and x0 < r[2] + GAP and r[1] - GAP < y1 and y0 < r[3] + GAP]
    if not hits:
        return x0, y0, x1, y1
    best: Rect4 | None = None
    for side in range(4):
        r = hits[0]
        cut = [(x0, y0, min(x1, r[0] - GAP), y1), (max(x0, r[2] + GAP), y0, x1, y1),
               (x0, y0, x1, min(y1, r[1] - GAP)), (x0, max(y0, r[3] + GAP), x1, y1)][side]
        if cut[2] - cut[0] < 1 * MM or cut[3] - cut[1] < 1 * MM:
            continue
        found = _clear(*cut, covered)
        if found and (best is None or _area(found) > _area(best)):
            best = found
    return best


def _area(rect: Rect4) -> float:
    return (rect[2] - rect[0]) * (rect[3] - rect[1])

