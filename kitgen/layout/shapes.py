"""What layout hands to render: plain frozen records in points, origin top-left, y down."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from kitgen.model import Record

# measure(text, font_role, size) -> width in points. The real one wraps reportlab's metrics.
Measure = Callable[[str, str, float], float]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Rect(Record):
    """A rectangle, (x, y) its top-left corner, filled and/or stroked; `radius` rounds its corners."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5
    radius: float = 0.0


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Line(Record):
    """A straight line from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float
    color: str = "#000000"
    width: float = 0.25


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Circle(Record):
    """A circle about (x, y), filled and/or stroked."""

    x: float
    y: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Text(Record):
    """One line of text; y is the baseline. align: left (x is the start), center, right (x is the end)."""

    x: float
    y: float
    text: str
    font: str
    size: float
    color: str = "#000000"
    align: str = "left"
    rotate: float = 0.0


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Picture(Record):
    """A prepared image (render/images.py) drawn into a box; `key` names it in the kit's images."""

    x: float
    y: float
    w: float
    h: float
    key: str


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Icon(Record):
    """A vector icon (absolute SVG path commands in a view box) drawn into a box, filled."""

    x: float
    y: float
    w: float
    h: float
    view: tuple[float, float]
    commands: tuple
    color: str = "#000000"
    name: str = ""  # names the icon, so a PDF can hold its outline once and colour each use
    rotate: float = 0.0  # degrees about the box centre: 180 turns it upside down (card backs)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Polygon(Record):
    """A closed outline of straight sides through `points` (x, y), filled and/or stroked: a badge's
    shield, diamond or banner, a chamfered frame (layout/outlines.py)."""

    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.5


Shape = Rect | Line | Circle | Text | Picture | Icon | Polygon
