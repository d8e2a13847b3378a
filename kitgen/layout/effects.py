"""The effects box: one row per effect (attribute and a signed value), grouped by condition,
then the card's rule text and the card type's reminder, shrunk together until they fit.

  Military ........ [+2]      positive: filled badge
  IB  If Benevolent
  Trade ........... (−1)      negative: outlined badge with a minus sign (reads in black and white)
"""
from __future__ import annotations

from kitgen.layout.expressions import effect_value
from kitgen.layout.fit import LEADING, STEP, wrap
from kitgen.layout.shapes import Icon, Line, Measure, Rect, Shape, Text
from kitgen.model import TARGET_LABELS, Box

ROW = 1.6  # effect row height as a multiple of the size: room for the badge
HEADING = 0.85  # condition headings are smaller than rows


def layout_effects(box: Box, context: dict, color: str, measure: Measure) -> tuple[list[Shape], float, bool]:
    card, game, card_type = context["card"], context["game"], context["type"]
    groups = _groups(card, game, context.get("icons"))
    texts = [t for t in (card.text, "  ·  ".join(card.keywords)) if t]
    reminder = card_type.description
    size = box.size
    while True:
        shapes, height = _place(box, groups, texts, reminder, size, color, card_type.color, measure)
        if height <= box.h + 0.01 or size - STEP < box.min_size - 1e-9:
            break
        size -= STEP
    offset = max(0.0, (box.h - height) / 2)  # centre the block vertically
    return [_shift(shape, offset) for shape in shapes], size, height <= box.h + 0.01


def _groups(card, game, icons) -> list[tuple[str, list]]:
    order: list[str | None] = []
    rows: dict[str | None, list] = {}
    for effect in card.effects:
        if effect.condition not in rows:
            order.append(effect.condition)
            rows[effect.condition] = []
        attribute = game.attribute(effect.attribute)
        label = attribute.name if attribute else effect.attribute
        target = TARGET_LABELS[effect.target]
        icon = icons.get(attribute.icon) if icons and attribute and attribute.icon else None
        rows[effect.condition].append((f"{target}: {label}" if target else label, effect, icon))
    groups = []
    for condition_id in order:
        condition = next((c for c in game.conditions if c.id == condition_id), None)
        heading = ""
        if condition is not None:
            heading = f"{condition.code}  {condition.name}" if condition.code else condition.name
        groups.append((heading, rows[condition_id]))
    return groups


def _place(box, groups, texts, reminder, size, color, accent, measure) -> tuple[list[Shape], float]:
    shapes: list[Shape] = []
    y = box.y
    for heading, rows in groups:
        if heading:
            y += size * HEADING * LEADING
            shapes.append(Text(box.x, y - size * HEADING * 0.25, heading.upper(), "bold", size * HEADING, accent))
        for label, effect, icon in rows:
            shapes += _row(box, y, label, effect, icon, size, color, accent, measure)
            y += size * ROW
    for text in texts:
        y += size * 0.3
        for line in wrap(text, "body", size, box.w, measure):
            y += size * LEADING
            shapes.append(Text(box.x + box.w / 2, y - size * 0.25, line, "body", size, color, "center"))
    if reminder:
        small = size * 0.78
        y += size * 0.5
        shapes.append(Line(box.x + box.w * 0.2, y, box.x + box.w * 0.8, y, "#999999", 0.3))
        y += small * 0.3
        for line in wrap(reminder, "italic", small, box.w, measure):
            y += small * LEADING
            shapes.append(Text(box.x + box.w / 2, y - small * 0.25, line, "italic", small, "#444444", "center"))
    return shapes, y - box.y


def _row(box, y, label, effect, icon, size, color, accent, measure) -> list[Shape]:
    """[icon] Attribute ........ (+2)"""
    value = effect_value(effect)
    delta = -1 if effect.delta < 0 else 1
    shapes: list[Shape] = []
    x = box.x
    if icon is not None:  # the attribute's icon, so the row reads at a glance and in black and white
        width, height, commands, name = icon
        side = size * 1.15
        shapes.append(Icon(x, y + (size * ROW - side) / 2, side, side, (width, height), commands, accent, name))
        x += side + size * 0.35
    badge_h = size * 1.3
    badge_w = measure(value, "bold", size) + size * 1.0
    badge_x = box.x + box.w - badge_w
    baseline = y + size * ROW / 2 + size * 0.35
    label_w = measure(label, "body", size)
    shapes.append(Text(x, baseline, label, "body", size, color))
    dots_from, dots_to = x + label_w + size * 0.4, badge_x - size * 0.4
    if dots_to > dots_from:
        shapes.append(Line(dots_from, baseline, dots_to, baseline, "#b0b0b0", 0.4))
    top = y + (size * ROW - badge_h) / 2
    if delta >= 0:
        shapes.append(Rect(badge_x, top, badge_w, badge_h, fill=accent, radius=badge_h / 2))
        shapes.append(Text(badge_x + badge_w / 2, baseline, value, "bold", size, "#ffffff", "center"))
    else:
        shapes.append(Rect(badge_x, top, badge_w, badge_h, fill="#ffffff", stroke="#222222",
                           stroke_width=0.9, radius=badge_h / 2))
        shapes.append(Text(badge_x + badge_w / 2, baseline, value, "bold", size, "#222222", "center"))
    return shapes


def _shift(shape: Shape, dy: float) -> Shape:
    """The shape moved down by dy. Made directly: dataclasses.replace() costs ten times more, and
    every shape of every card's effects is moved."""
    if isinstance(shape, Text):
        return Text(shape.x, shape.y + dy, shape.text, shape.font, shape.size, shape.color, shape.align, shape.rotate)
    if isinstance(shape, Line):
        return Line(shape.x1, shape.y1 + dy, shape.x2, shape.y2 + dy, shape.color, shape.width)
    if isinstance(shape, Rect):
        return Rect(shape.x, shape.y + dy, shape.w, shape.h, shape.fill, shape.stroke, shape.stroke_width, shape.radius)
    if isinstance(shape, Icon):
        return Icon(shape.x, shape.y + dy, shape.w, shape.h, shape.view, shape.commands, shape.color, shape.name)
    raise TypeError(f"the effects box draws no {type(shape).__name__}")
