"""Pictures made of shapes: a card's icon in its art window when it has no art, and the
repeating icon pattern of a card back. Pure layout."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from kitgen.colors import channels
from kitgen.layout.shapes import Circle, Icon, Line, Polygon, Rect, Shape, Text
from kitgen.model import Box


def tint(color: str, amount: float) -> str:
    """Mix a colour with white: amount 0 keeps it, 1 gives white. Not a colour: mid grey (#888888)."""
    mixed = [round(c + (255 - c) * amount) for c in channels(color) or (136, 136, 136)]
    return "#" + "".join(f"{c:02x}" for c in mixed)


def pattern(box: Box, icons, name: str, color: str) -> list[Shape]:
    """The icon repeated over the box in staggered rows, the lower half turned upside down so the
    pattern is the same under a 180-degree turn (a card back, whichever way it is dealt). Only
    whole icons: a pattern meant to run off the card is given a box larger than the card.
    Rows and columns are counted out from the centre: (r, c) and (-r, -c) mirror each other."""
    icon = icons.get(name) if icons and name else None
    if icon is None:
        return []
    width, height, commands, name = icon
    step = min(box.w, box.h) / 4.2  # about four icons across a poker card's width
    side = step * 0.55
    cx, cy = box.x + box.w / 2, box.y + box.h / 2
    rows, cols = int(box.h / step / 2) + 2, int(box.w / step / 2) + 2
    shapes: list[Shape] = []
    for r in range(-rows, rows + 1):
        shift = step / 2 if r % 2 else 0.0  # (-r) % 2 == r % 2: mirrored rows shift alike, and by -shift
        for c in range(-cols, cols + 1):
            x = cx + c * step + (shift if r >= 0 else -shift)
            y = cy + r * step * 0.87
            if r == c == 0:  # one icon cannot turn into itself: the centre is left to the title
                continue
            turned = 180.0 if (r, c) < (0, 0) else 0.0
            if box.x <= x - side / 2 and x + side / 2 <= box.x + box.w and box.y <= y - side / 2 \
                    and y + side / 2 <= box.y + box.h:  # wholly inside: a back's box reaches past the trim
                shapes.append(Icon(x - side / 2, y - side / 2, side, side, (width, height), commands, color, name,
                                   turned))
    return shapes


_tint = lru_cache(maxsize=1024)(tint)  # every card's window asks for the same dozen tints of its type's colour


SEAM = 0.3  # pt: the window overlaps its neighbours so no anti-aliased white edge shows between them


def placeholder_art(box: Box, color: str, icon=None) -> list[Shape]:
    """No art: the card's icon, large, over its type's colour as a soft vertical gradient with a
    halo behind the icon (a ringed planet when there is no icon at all), so each card shows its
    own picture and the window looks designed rather than empty.

       light  ---------------------------
              |        ( halo )         |
              |       [  icon  ]        |   icon: 80% of the window's height, type colour
       darker ---------------------------
    """
    shapes = list(_window(box.x, box.y, box.w, box.h, color, icon is not None))
    if icon is not None:
        width, height, commands, name = icon
        side = min(box.h * 0.78, box.w * 0.8)
        cx, cy = box.x + box.w / 2, box.y + box.h / 2
        shapes.append(Icon(cx - side / 2, cy - side / 2, side, side, (width, height), commands, _tint(color, 0.05), name))
    return shapes


@lru_cache(maxsize=256)
def _window(x0: float, y0: float, w0: float, h0: float, color: str, halo: bool) -> tuple[Shape, ...]:
    """The window's gradient and, behind the icon, its halo (else the planet): the same on every
    card of a type, so made once."""
    x, w = x0 - SEAM, w0 + 2 * SEAM
    bands = 12
    shapes: list[Shape] = [Rect(x, y0 + h0 * i / bands, w, h0 / bands + 0.3, fill=_tint(color, 0.9 - 0.035 * i))
                           for i in range(bands)]
    cx, cy = x0 + w0 / 2, y0 + h0 / 2
    if halo:
        side = min(h0 * 0.78, w0 * 0.8)
        shapes.append(Circle(cx, cy, side * 0.54, fill=_tint(color, 0.94)))
        shapes.append(Circle(cx, cy, side * 0.61, stroke=_tint(color, 0.6), stroke_width=0.5))
        return tuple(shapes)
    cx, cy = x0 + w0 * 0.62, y0 + h0 * 0.55
    radius = h0 * 0.3
    shapes.append(Circle(cx, cy, radius * 1.55, stroke=_tint(color, 0.45), stroke_width=0.6))
    shapes.append(Circle(cx, cy, radius, fill=_tint(color, 0.35)))
    shapes.append(Circle(cx - radius * 0.3, cy - radius * 0.3, radius * 0.35, fill=_tint(color, 0.55)))
    return tuple(shapes)


def turn(shape: Shape, cx: float, cy: float) -> Shape:
    """The shape turned 180 degrees about (cx, cy): text and icons upside down, the rest moved."""
    if isinstance(shape, Text):
        return replace(shape, x=2 * cx - shape.x, y=2 * cy - shape.y, rotate=(shape.rotate + 180) % 360)
    if isinstance(shape, Line):
        return replace(shape, x1=2 * cx - shape.x1, y1=2 * cy - shape.y1, x2=2 * cx - shape.x2, y2=2 * cy - shape.y2)
    if isinstance(shape, Circle):
        return replace(shape, x=2 * cx - shape.x, y=2 * cy - shape.y)
    if isinstance(shape, Icon):
        return replace(shape, x=2 * cx - shape.x - shape.w, y=2 * cy - shape.y - shape.h, rotate=(shape.rotate + 180) % 360)
    if isinstance(shape, Polygon):
        return replace(shape, points=tuple((2 * cx - x, 2 * cy - y) for x, y in shape.points))
    return replace(shape, x=2 * cx - shape.x - shape.w, y=2 * cy - shape.y - shape.h)
