"""The effects box moves its shapes with hand-written constructors (dataclasses.replace is slow):
they must carry every field, including any a shape gains later."""
from __future__ import annotations

import dataclasses

import pytest

from kitgen.layout.effects import _shift
from kitgen.layout.shapes import Icon, Line, Rect, Text

SHAPES = [
    Text(1.5, 2.5, "Military", "bold", 9.5, "#123456", "right", 90.0),
    Line(1.5, 2.5, 3.5, 4.5, "#654321", 0.7),
    Rect(1.5, 2.5, 3.5, 4.5, "#111111", "#222222", 0.9, 1.25),
    Icon(1.5, 2.5, 3.5, 4.5, (512.0, 512.0), (("M", 0.0, 0.0), ("Z",)), "#333333", "crossed-swords", 180.0),
]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: type(s).__name__)
def test_shift__moves_down_and_keeps_every_other_field(shape):
    moved = _shift(shape, 7.25)
    if isinstance(shape, Line):
        expected = dataclasses.replace(shape, y1=shape.y1 + 7.25, y2=shape.y2 + 7.25)
    else:
        expected = dataclasses.replace(shape, y=shape.y + 7.25)
    assert moved == expected
    # every field set above differs from its default, so a field the constructor forgot shows
    defaults = {f.name for f in dataclasses.fields(shape) if getattr(shape, f.name) == f.default}
    assert not defaults, f"give {sorted(defaults)} a non-default value in this test"
