"""Outlines by name: the shapes of a field's badge or mark and of a `shape` box (model.ShapeName).
Pure geometry, in points: each fills the box it is given, as the drawings show.

  circle    ( )      shield   |‾‾|     diamond   /\\      hexagon   /‾\\
                             \\__/               \\/                 \\_/
  banner   >====<    square  [  ]     chamfer   /‾‾‾\\  (corners cut by `cut`; a frame or a plate)
"""
from __future__ import annotations

from collections.abc import Callable

from kitgen.layout.shapes import Circle, Polygon, Rect, Shape

Paint = tuple[str | None, str | None, float]  # fill, stroke, stroke width


def _square(x: float, y: float, w: float, h: float) -> tuple[float, float, float]:
    """The largest square centred in the box: a badge keeps its proportions in any place."""
    side = min(w, h)
    return x + (w - side) / 2, y + (h - side) / 2, side


def _scaled(points: tuple[tuple[float, float], ...], x: float, y: float, w: float, h: float) -> Polygon:
    return Polygon(tuple((round(x + px * w, 3), round(y + py * h, 3)) for px, py in points))


def _on_square(points: tuple[tuple[float, float], ...]) -> Callable[..., Shape]:
    def outline(x: float, y: float, w: float, h: float, cut: float) -> Shape:
        left, top, side = _square(x, y, w, h)
        return _scaled(points, left, top, side, side)
    return outline


def _circle(x: float, y: float, w: float, h: float, cut: float) -> Shape:
    left, top, side = _square(x, y, w, h)
    return Circle(left + side / 2, top + side / 2, side / 2)


def _square_box(x: float, y: float, w: float, h: float, cut: float) -> Shape:
    return Rect(x, y, w, h, radius=min(w, h) * 0.18)  # a rounded tag: 18% of its side, about a die's corner


def _banner(x: float, y: float, w: float, h: float, cut: float) -> Shape:
    notch = min(h * 0.35, w * 0.15)  # a ribbon's swallowtails, as deep as a third of its height
    return Polygon(((x, y), (x + w, y), (x + w - notch, y + h / 2), (x + w, y + h), (x, y + h),
                    (x + notch, y + h / 2)))


def _chamfer(x: float, y: float, w: float, h: float, cut: float) -> Shape:
    c = min(cut or min(w, h) * 0.22, w / 2, h / 2)  # without a cut: 22% of the shorter side (an octagon-ish badge)
    return Polygon(((x + c, y), (x + w - c, y), (x + w, y + c), (x + w, y + h - c), (x + w - c, y + h),
                    (x + c, y + h), (x, y + h - c), (x, y + c)))


# A heater shield: straight top and sides, the lower half curving to a point (the curve as seven
# straight pieces a side: at a badge's 10 mm no corner shows).
SHIELD = ((0.0, 0.0), (1.0, 0.0), (1.0, 0.45), (0.985, 0.58), (0.94, 0.7), (0.86, 0.81), (0.76, 0.89),
          (0.64, 0.95), (0.5, 1.0), (0.36, 0.95), (0.24, 0.89), (0.14, 0.81), (0.06, 0.7), (0.015, 0.58),
          (0.0, 0.45))
DIAMOND = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
HEXAGON = ((0.25, 0.067), (0.75, 0.067), (1.0, 0.5), (0.75, 0.933), (0.25, 0.933), (0.0, 0.5))  # regular: h = w * 0.866

OUTLINES: dict[str, Callable[[float, float, float, float, float], Shape]] = {
    "circle": _circle,
    "shield": _on_square(SHIELD),
    "diamond": _on_square(DIAMOND),
    "hexagon": _on_square(HEXAGON),
    "banner": _banner,
    "square": _square_box,
    "chamfer": _chamfer,
}


def outline(name: str, x: float, y: float, w: float, h: float, paint: Paint, cut: float = 0.0) -> Shape:
    """The named outline filling the box (x, y, w, h), painted; `cut`: a chamfer's corner."""
    fill, stroke, width = paint
    shape = OUTLINES[name](x, y, w, h, cut)
    if isinstance(shape, Circle):
        return Circle(shape.x, shape.y, shape.r, fill, stroke, width)
    if isinstance(shape, Rect):
        return Rect(shape.x, shape.y, shape.w, shape.h, fill, stroke, width, shape.radius)
    assert isinstance(shape, Polygon)
    return Polygon(shape.points, fill, stroke, width)


# Where a badge's value sits inside each outline, as fractions of its square (x, y, w, h): inside
# the curve of a circle, above a shield's point, within a diamond's waist.
TEXT_AREA = {
    "circle": (0.13, 0.13, 0.74, 0.74), "shield": (0.1, 0.06, 0.8, 0.66), "diamond": (0.25, 0.25, 0.5, 0.5),
    "hexagon": (0.16, 0.16, 0.68, 0.68), "banner": (0.14, 0.1, 0.72, 0.8), "square": (0.1, 0.1, 0.8, 0.8),
    "chamfer": (0.12, 0.12, 0.76, 0.76),
}
WIDE = ("banner", "square", "chamfer")  # fill the whole place; the others keep a square's proportions


def text_area(name: str, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    left, top, side_w, side_h = (x, y, w, h) if name in WIDE else (*_square(x, y, w, h)[:2], min(w, h), min(w, h))
    fx, fy, fw, fh = TEXT_AREA[name]
    return left + fx * side_w, top + fy * side_h, fw * side_w, fh * side_h
