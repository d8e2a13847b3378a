"""The safe zone: nothing a player reads may sit within the shops' cutting tolerance of the trim.

Stdlib only. Shops trim within about 1/16 in and keep a safe zone of 1/8 in (3.175 mm, TGC) or 0.12 in
(3.05 mm, MPC) inside the cut (PRINTING.md A.1); kitgen's templates keep text 3 mm inside the trim.
A text line's extent is taken generously: the font's full ascent above the baseline and its descent
below it (Lato: 0.987 and 0.213 of the size; 1.0 and 0.25 here), so a glyph a reader measures in the
PDF (pdfplumber's word box) never reaches further out than the check allows.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

SAFE_MARGIN = 3 * 72 / 25.4  # points: 3 mm
ASCENT, DESCENT = 1.0, 0.25  # of the font size, above and below the baseline


def line_extent(text, measure: Callable[[str, str, float], float]) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of one laid-out line of text (layout/shapes.Text), in points."""
    width = measure(text.text, text.font, text.size)
    align = text.align
    left = text.x - width / 2 if align == "center" else text.x - width if align == "right" else text.x
    up, down = ASCENT * text.size, DESCENT * text.size
    if round(text.rotate) % 360 == 180:  # drawn turned about its own start: the extent turns with it
        return 2 * text.x - (left + width), text.y - down, 2 * text.x - left, text.y + up
    return left, text.y - up, left + width, text.y + down


def closest_to_trim(texts: Iterable, measure, width: float, height: float) -> float | None:
    """The smallest distance from any of `texts` (upright or upside down) to the trim, in points."""
    closest = None
    for text in texts:
        if (text.rotate and round(text.rotate) % 180 != 0) or not text.text.strip():
            continue  # sideways labels are not on card faces
        left, top, right, bottom = line_extent(text, measure)
        distance = min(left, top, width - right, height - bottom)
        if closest is None or distance < closest:
            closest = distance
    return closest
