"""The safe zone: nothing a player reads may sit within the shops' cutting tolerance of the trim.

Stdlib only. Shops trim within about 1/16 in and keep a safe zone of 1/8 in (3.175 mm, TGC) or 0.12 in
(3.05 mm, MPC) inside the cut (PRINTING.md A.1); kitgen's templates keep text 3 mm inside the trim.
A line of text reaches as far as its glyphs' outlines (`bounds`, from the font's glyph table:
render/fonts.glyph_bounds),
not as far as a font's ascent says: Lato's accented capitals rise to 0.95 em over an ascent of 0.805,
Open Sans ExtraBold's to 1.02, EB Garamond's descenders fall 0.29 em, and Play's capitals stop at 0.70
of its 0.932. So the check sees what a reader of the PDF's glyphs sees (tests/pdfshapes.py: pdfium's
glyph boxes), and a line with no accent may come closer than one with.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

SAFE_MARGIN = 3 * 72 / 25.4  # points: 3 mm

# bounds(text, font_role) -> (left, up, right, down): how far its glyphs' outlines reach from a pen
# at (0, 0) on the baseline, in ems (render/fonts.glyph_bounds, injected as layout's measure is), or None.
Bounds = Callable[[str, str], "tuple[float, float, float, float] | None"]


def line_extent(text, measure: Callable[[str, str, float], float],
                bounds: Bounds) -> tuple[float, float, float, float] | None:
    """(left, top, right, bottom) of the glyphs of one laid-out line of text (layout/shapes.Text), in
    points; None when it has none."""
    reach = bounds(text.text, text.font)
    if reach is None:
        return None
    align, size = text.align, text.size
    width = measure(text.text, text.font, size) if align in ("center", "right") else 0.0
    start = text.x - width / 2 if align == "center" else text.x - width if align == "right" else text.x
    left, up, right, down = start + reach[0] * size, reach[1] * size, start + reach[2] * size, reach[3] * size
    if round(text.rotate) % 360 == 180:  # drawn turned about its own start: the extent turns with it
        return 2 * text.x - right, text.y - down, 2 * text.x - left, text.y + up
    return left, text.y - up, right, text.y + down


def closest_to_trim(texts: Iterable, measure, bounds: Bounds, width: float, height: float) -> float | None:
    """The smallest distance from the glyphs of any of `texts` (upright or upside down) to the trim, in points."""
    closest = None
    for text in texts:
        if (text.rotate and round(text.rotate) % 180 != 0) or not text.text.strip():
            continue  # sideways labels are not on card faces
        extent = line_extent(text, measure, bounds)
        if extent is None:
            continue
        left, top, right, bottom = extent
        distance = min(left, top, width - right, height - bottom)
        if closest is None or distance < closest:
            closest = distance
    return closest
