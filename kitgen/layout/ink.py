"""The ink saver (`--ink-saver`): no filled backgrounds (a drawn outline stays), small fills turned
light and outlined, light text dark. One entry a shape kind (INK_SAVERS); pure layout."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from kitgen.colors import channels
from kitgen.layout.picture import tint
from kitgen.layout.shapes import Circle, Line, Polygon, Rect, Shape, Text
from kitgen.units import MM


BADGE_AREA = (15 * MM) ** 2  # a fill smaller than this is a badge or a dot, not a background


def ink_save(shape: Shape) -> Shape | None:
    """Ink saver: no filled backgrounds (a drawn outline stays), small fills turned light, text dark."""
    saver = INK_SAVERS.get(type(shape))
    return saver(shape) if saver else shape


def _ink_rect(shape: Rect) -> Rect | None:
    if not shape.fill:
        return shape
    if _light(shape.fill) and not shape.stroke:  # a tint behind something (a gradient band): no ink
        return None
    if shape.w * shape.h < BADGE_AREA:
        return replace(shape, fill=tint(shape.fill, 0.8), stroke=shape.stroke or "#333333",
                       stroke_width=max(shape.stroke_width, 0.5))
    return replace(shape, fill=None, stroke_width=0.5) if shape.stroke else None


def _ink_circle(shape: Circle) -> Circle:
    if not shape.fill:
        return replace(shape, stroke="#888888", stroke_width=min(shape.stroke_width, 0.4))
    if shape.r * shape.r * 3.14 < BADGE_AREA:
        return replace(shape, fill=tint(shape.fill, 0.85), stroke="#555555", stroke_width=0.4)
    return replace(shape, fill=None, stroke="#666666", stroke_width=0.4)


def _ink_polygon(shape: Polygon) -> Polygon | None:
    """As a rectangle of its bounds would be: a badge turned light and outlined, a large panel outlined."""
    xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
    saved = _ink_rect(Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), shape.fill, shape.stroke,
                           shape.stroke_width))
    return None if saved is None else replace(shape, fill=saved.fill, stroke=saved.stroke,
                                              stroke_width=saved.stroke_width)


# Each shape kind's ink saving (a kind not named prints as it is: pictures, icons).
INK_SAVERS: dict[type, Callable[[Any], Shape | None]] = {
    Rect: _ink_rect,
    Circle: _ink_circle,
    Text: lambda shape: replace(shape, color="#000000") if _light(shape.color) else shape,
    Line: lambda shape: replace(shape, color="#444444" if not _light(shape.color) else "#888888"),
    Polygon: _ink_polygon,
}


def _light(color: str) -> bool:
    """A light colour by its luma (ITU-R BT.601 weights); no colour is not light."""
    rgb = channels(color)
    return rgb is not None and 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] > 150
