"""Wrap text into a box, shrinking the size until it fits, never below a readable minimum."""
from __future__ import annotations

from dataclasses import dataclass

from kitgen.layout.richtext import Piece, words, wrap_pieces
from kitgen.layout.shapes import Measure, Shape, Text
from kitgen.model import Box, Record

LEADING = 1.2  # line height as a multiple of the font size
STEP = 0.25  # pt: shrink in quarter points so a long name loses as little size as it must


@dataclass(frozen=True, eq=False, repr=False)
class Fitted(Record):
    """Text wrapped into a box: its lines, the size it was set at, whether it fits."""

    lines: tuple[str, ...]
    size: float
    fits: bool


def wrap(text: str, font: str, size: float, width: float, measure: Measure) -> list[str]:
    """Plain text through the one word wrapper (richtext.wrap_pieces) as pieces of one font, no
    markup read; a word wider than the box stays on its own line (fit will then fail)."""
    paragraphs = [[Piece(word, font, space=True) for word in words(paragraph)] for paragraph in text.split("\n")]
    return [" ".join(piece.text for piece in line) for line in wrap_pieces(paragraphs, size, width, measure)]


def fit_text(text: str, font: str, width: float, height: float, size: float, min_size: float,
             measure: Measure, max_lines: int = 0) -> Fitted:
    """The largest size from `size` down to `min_size` at which `text` fits the box."""
    current = size
    while current * LEADING > height + 0.01 and current - STEP >= min_size - 1e-9:
        current -= STEP  # too tall for the box even as one line: skip without measuring (a 1e6 pt size)
    while True:
        lines = wrap(text, font, current, width, measure)
        fits = (len(lines) * current * LEADING <= height + 0.01
                and all(measure(line, font, current) <= width + 0.01 for line in lines)
                and (not max_lines or len(lines) <= max_lines))
        if fits or current - STEP < min_size - 1e-9:
            return Fitted(tuple(lines), current, fits)
        current -= STEP


def text_shapes(box: Box, text: str, color: str, measure: Measure) -> tuple[list[Shape], float, bool]:
    """A text box's lines as shapes (its `text` already rendered), the size they were set at, and
    whether they fit: aligned and placed in the box as its `align` and `valign` say."""
    if not text:
        return [], 0.0, True
    fitted = fit_text(text, box.font, box.w, box.h, box.size, box.min_size, measure, box.max_lines)
    height = len(fitted.lines) * fitted.size * LEADING
    top = box.y + {"top": 0.0, "middle": (box.h - height) / 2, "bottom": box.h - height}[box.valign]
    x = {"left": box.x, "center": box.x + box.w / 2, "right": box.x + box.w}[box.align]
    # Baseline sits at 80% of the line height: cap height plus half the extra leading.
    shapes: list[Shape] = [Text(x, top + (i + 0.8) * fitted.size * LEADING, line, box.font, fitted.size, color,
                                box.align) for i, line in enumerate(fitted.lines)]
    return shapes, fitted.size, fitted.fits
