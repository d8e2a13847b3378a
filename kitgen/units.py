"""Lengths: a unit only until the boundary, points inside. Paper and card sizes.

Stdlib only. 1 in = 72 pt = 25.4 mm, so 1 mm = 72 / 25.4 pt.
"""
from __future__ import annotations

import re

PT = 1.0
INCH = 72.0
MM = INCH / 25.4

PAPER_SIZES = {  # width x height in points, portrait
    "letter": (8.5 * INCH, 11 * INCH),  # 215.9 x 279.4 mm
    "a4": (210 * MM, 297 * MM),
}

CARD_SIZES = {  # trim size, portrait
    "poker": (63.5 * MM, 88.9 * MM),  # 2.5 x 3.5 in
}

_LENGTH = re.compile(r"^\s*([+-]?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")
_UNITS = {"mm": MM, "cm": 10 * MM, "in": INCH, "pt": PT}


def parse_length(text: str) -> float:
    """'63.5mm' -> points. A bare number is refused: say which unit you mean."""
    match = _LENGTH.match(str(text))
    if not match:
        raise ValueError(f"'{text}' is not a length: write a number with a unit, e.g. '63.5mm' or '0.25in'")
    return float(match.group(1)) * _UNITS[match.group(2)]


def to_mm(points: float) -> float:
    return points / MM


class Length(float):
    """A length in points, written in YAML with its unit ('3mm', '9pt'); the schema parses it."""
