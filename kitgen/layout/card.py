"""Lay out one card face from a template: each box becomes shapes, text fitted to its box.

Returns the shapes relative to the card's top-left corner, the smallest text size used and
the problems (text that does not fit even at the box's minimum size).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from kitgen.errors import Problem, Where, error
from kitgen.layout.effects import layout_effects
from kitgen.layout.expressions import render_string
from kitgen.layout.fit import LEADING, fit_text
from kitgen.layout.shapes import Circle, Icon, Line, Measure, Picture, Rect, Shape, Text
from kitgen.model import Box, CardTemplate
from kitgen.units import MM


@dataclass(frozen=True)
class Face:
    shapes: tuple[Shape, ...]
    smallest_size: float
    problems: tuple[Problem, ...]


def layout_face(template: CardTemplate, context: dict, measure: Measure, owner: str, where: Where,
                bleed: float = 0.0, ink_saver: bool = False) -> Face:
    shapes: list[Shape] = []
    problems: list[Problem] = []
    smallest = 99.0
    for box in template.boxes:
        if box.when and not render_string(box.when, context, box.where, box.name or box.kind).strip():
            continue
        drawn, size, fits = _layout_box(box, context, measure)
        shapes += [_bleed(shape, template, bleed) for shape in drawn] if bleed else drawn
        if size and not box.fine_print:
            smallest = min(smallest, size)
        if not fits:
            label = box.name or box.kind
            problems.append(error(where, f"{owner}: text in box '{label}' does not fit, even at "
                                  f"{box.min_size:g} pt; shorten it or enlarge the box"))
    if ink_saver:  # outlines instead of backgrounds, and a hairline at the trim to cut along
        shapes = [saved for shape in shapes if (saved := ink_save(shape)) is not None]
        shapes.append(Rect(0, 0, template.width, template.height, stroke="#999999", stroke_width=0.3))
    return Face(tuple(shapes), smallest if smallest < 99 else 0.0, tuple(problems))


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


BADGE_AREA = (15 * MM) ** 2  # a fill smaller than this is a badge or a dot, not a background


def ink_save(shape: Shape) -> Shape | None:
    """Ink saver: no filled backgrounds (a drawn outline stays), small fills turned light, text dark."""
    if isinstance(shape, Rect) and shape.fill:
        if shape.w * shape.h < BADGE_AREA:
            return replace(shape, fill=tint(shape.fill, 0.8), stroke=shape.stroke or "#333333",
                           stroke_width=max(shape.stroke_width, 0.5))
        return replace(shape, fill=None, stroke_width=0.5) if shape.stroke else None
    if isinstance(shape, Circle) and shape.fill:
        if shape.r * shape.r * 3.14 < BADGE_AREA:
            return replace(shape, fill=tint(shape.fill, 0.85), stroke="#555555", stroke_width=0.4)
        return replace(shape, fill=None, stroke="#666666", stroke_width=0.4)
    if isinstance(shape, Circle):
        return replace(shape, stroke="#888888", stroke_width=min(shape.stroke_width, 0.4))
    if isinstance(shape, Text) and _light(shape.color):
        return replace(shape, color="#000000")
    if isinstance(shape, Line):
        return replace(shape, color="#444444" if not _light(shape.color) else "#888888")
    return shape


def _light(color: str) -> bool:
    if len(color) != 7:
        return False
    red, green, blue = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue > 150


def _layout_box(box: Box, context: dict, measure: Measure) -> tuple[list[Shape], float, bool]:
    value = lambda source: render_string(source, context, box.where, box.name or box.kind).strip()  # noqa: E731
    if box.kind == "rect":
        return [Rect(box.x, box.y, box.w, box.h, value(box.fill) or None, value(box.stroke) or None,
                     box.stroke_width, box.radius)], 0.0, True
    if box.kind == "circle":
        radius = min(box.w, box.h) / 2
        return [Circle(box.x + box.w / 2, box.y + box.h / 2, radius, value(box.fill) or None,
                       value(box.stroke) or None, box.stroke_width)], 0.0, True
    if box.kind == "line":
        return [Line(box.x, box.y, box.x + box.w, box.y + box.h, value(box.color), box.stroke_width)], 0.0, True
    if box.kind == "text":
        return _layout_text(box, value(box.content), value(box.color), measure)
    if box.kind == "effects":
        return layout_effects(box, context, value(box.color), measure)
    if box.kind == "icon":
        return _icon(box, context.get("icons"), value(box.content), value(box.color)), 0.0, True
    art = context.get("art")
    if art:  # a prepared picture: fill the box (cover) or sit centred in it (contain)
        w = box.w if box.fit == "cover" else min(box.w, box.h * art["aspect"])
        h = box.h if box.fit == "cover" else w / art["aspect"]
        return [Picture(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h, art["key"])], 0.0, True
    return _placeholder_art(box, value(box.fill) or "#888888", _type_icon(context)), 0.0, True


def _type_icon(context: dict):
    icons, card_type = context.get("icons"), context.get("type")
    return icons.get(card_type.icon) if icons and card_type is not None and card_type.icon else None


def _icon(box: Box, icons, name: str, color: str) -> list[Shape]:
    icon = icons.get(name) if icons and name else None
    if icon is None:
        return []
    width, height, commands, name = icon
    side = min(box.w, box.h)  # square icons, centred in the box
    return [Icon(box.x + (box.w - side) / 2, box.y + (box.h - side) / 2, side, side, (width, height), commands,
                 color or "#000000", name)]


def _layout_text(box: Box, text: str, color: str, measure: Measure) -> tuple[list[Shape], float, bool]:
    if not text:
        return [], 0.0, True
    fitted = fit_text(text, box.font, box.w, box.h, box.size, box.min_size, measure, box.max_lines)
    height = len(fitted.lines) * fitted.size * LEADING
    top = box.y + {"top": 0.0, "middle": (box.h - height) / 2, "bottom": box.h - height}[box.valign]
    x = {"left": box.x, "center": box.x + box.w / 2, "right": box.x + box.w}[box.align]
    # Baseline sits at 80% of the line height: cap height plus half the extra leading.
    shapes = [Text(x, top + (i + 0.8) * fitted.size * LEADING, line, box.font, fitted.size, color, box.align)
              for i, line in enumerate(fitted.lines)]
    return shapes, fitted.size, fitted.fits


def scale_template(template: CardTemplate, width: float, height: float) -> CardTemplate:
    """Fit a template drawn for one card size to another: positions scale with the card, text
    with the smaller of the two factors (never below 5 pt, the smallest size kitgen prints)."""
    sx, sy = width / template.width, height / template.height
    if abs(sx - 1) < 1e-6 and abs(sy - 1) < 1e-6:
        return template
    factor = min(sx, sy)
    boxes = tuple(replace(box, x=box.x * sx, y=box.y * sy, w=box.w * sx, h=box.h * sy, size=box.size * factor,
                          min_size=max(5.0, min(box.min_size * factor, box.size * factor)),
                          radius=box.radius * factor, stroke_width=box.stroke_width * factor)
                  for box in template.boxes)
    return replace(template, width=width, height=height, boxes=boxes)


def tint(color: str, amount: float) -> str:
    """Mix a #rrggbb colour with white: amount 0 keeps it, 1 gives white."""
    channels = [int(color[i:i + 2], 16) for i in (1, 3, 5)] if len(color) == 7 else [136, 136, 136]
    mixed = [round(c + (255 - c) * amount) for c in channels]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def _placeholder_art(box: Box, color: str, icon=None) -> list[Shape]:
    """No art: the type's colour as soft bands and its large icon (or a ringed planet), so the
    window looks designed rather than empty."""
    shapes: list[Shape] = []
    bands = 6
    for i in range(bands):  # a stepped gradient, light at the top
        shapes.append(Rect(box.x, box.y + box.h * i / bands, box.w, box.h / bands + 0.2,
                           fill=tint(color, 0.88 - 0.07 * i)))
    if icon is not None:
        width, height, commands, name = icon
        side = box.h * 0.78
        shapes.append(Circle(box.x + box.w / 2, box.y + box.h / 2, side * 0.62, stroke=tint(color, 0.55),
                             stroke_width=0.6))
        shapes.append(Icon(box.x + (box.w - side) / 2, box.y + (box.h - side) / 2, side, side, (width, height),
                           commands, tint(color, 0.25), name))
        return shapes
    cx, cy = box.x + box.w * 0.62, box.y + box.h * 0.55
    radius = box.h * 0.3
    shapes.append(Circle(cx, cy, radius * 1.55, stroke=tint(color, 0.45), stroke_width=0.6))
    shapes.append(Circle(cx, cy, radius, fill=tint(color, 0.35)))
    shapes.append(Circle(cx - radius * 0.3, cy - radius * 0.3, radius * 0.35, fill=tint(color, 0.55)))
    for i, (sx, sy) in enumerate(((0.14, 0.2), (0.3, 0.72), (0.22, 0.45), (0.9, 0.18), (0.85, 0.85))):
        shapes.append(Circle(box.x + box.w * sx, box.y + box.h * sy, 0.5 + 0.25 * (i % 2), fill=tint(color, 0.2)))
    return shapes
