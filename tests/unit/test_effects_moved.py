"""The effects box is measured at each size it tries and drawn once, already centred: every shape
it draws moved down by dy must be exactly the shape drawn at dy 0 with dy added to its y (the
shapes were once drawn, then moved), so the same faces print the same bytes."""
from __future__ import annotations

import dataclasses

import pytest

from kitgen.layout.effects import Row, _row
from kitgen.layout.richtext import parse, place_line, wrap_pieces
from kitgen.layout.shapes import Line
from kitgen.model import Box

BOX = Box(kind="effects", x=15.6, y=146.0, w=148.8, h=84.5)
ICONS = {"sword": (512.0, 512.0, (("M", 0.0, 0.0), ("Z",)), "sword")}
DY = 11.823068700026077  # adding it first or last rounds differently for the values below


def measure(text: str, font: str, size: float) -> float:
    return len(text) * size * (0.55 if font == "bold" else 0.5)


def moved(shape, dy: float):
    if isinstance(shape, Line):
        return dataclasses.replace(shape, y1=shape.y1 + dy, y2=shape.y2 + dy)
    return dataclasses.replace(shape, y=shape.y + dy)


@pytest.mark.parametrize("row", [Row(("Military", "MIL"), "+2", False, "sword"), Row(("Trade",), "\u22121", True, "")])
def test_a_row_drawn_moved_down_is_the_row_moved(row):
    at_zero: list = []
    at_dy: list = []
    fits = _row(BOX, 161.13, row, 9.75, 6.5, "#1a1a1a", "#2f5d8c", measure, ICONS, 1.6, (at_zero, 0.0))
    assert _row(BOX, 161.13, row, 9.75, 6.5, "#1a1a1a", "#2f5d8c", measure, ICONS, 1.6, (at_dy, DY)) == fits
    assert _row(BOX, 161.13, row, 9.75, 6.5, "#1a1a1a", "#2f5d8c", measure, ICONS, 1.6) == fits  # measured only
    assert len(at_zero) >= 4 and at_dy == [moved(shape, DY) for shape in at_zero]


def test_a_line_placed_moved_down_is_the_line_moved():
    line, = wrap_pieces(parse("Gain {icon:sword} **two** _now_", "body"), 9.0, 1000, measure)
    at_zero = place_line(line, 90.0, 115.33407371650723, 8.75, "#000000", "center", measure, ICONS, "#2f5d8c")
    at_dy = place_line(line, 90.0, 115.33407371650723, 8.75, "#000000", "center", measure, ICONS, "#2f5d8c", dy=DY)
    assert len(at_zero) == 4 and at_dy == [moved(shape, DY) for shape in at_zero]
