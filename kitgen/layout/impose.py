"""Impose card faces on sheets: a centred grid, backs mirrored for duplex, crop marks outside.

Long-edge duplex turns the sheet about its vertical axis, so a back mirrors its front's column,
not its row:

    front  [1][2][3]        back  [3][2][1]
           [4][5][6]              [6][5][4]
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from kitgen.errors import KitgenError, Where, error
from kitgen.layout.shapes import Line, Text
from kitgen.units import MM, to_mm

MIN_MARGIN = 6.35 * MM  # 1/4 in: what most home printers can reach (PRINTING.md A.2 item 7)
MARK_OFFSET = 1.0 * MM  # crop marks start this far outside the trim, so they never touch a card
MARK_LENGTH = 5.0 * MM
MARK_WIDTH = 0.25  # pt: thin, but visible on a laser printer


@dataclass(frozen=True)
class Grid:
    page_w: float
    page_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int

    @property
    def left(self) -> float:
        return (self.page_w - self.cols * self.card_w) / 2

    @property
    def top(self) -> float:
        return (self.page_h - self.rows * self.card_h) / 2

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def front_slot(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, self.cols)
        return self.left + col * self.card_w, self.top + row * self.card_h

    def back_slot(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, self.cols)
        return self.left + (self.cols - 1 - col) * self.card_w, self.top + row * self.card_h


def plan_grid(paper: tuple[float, float], card: tuple[float, float], paper_name: str = "") -> Grid:
    page_w, page_h = paper
    card_w, card_h = card
    cols = int((page_w - 2 * MIN_MARGIN + 1e-6) // card_w)
    rows = int((page_h - 2 * MIN_MARGIN + 1e-6) // card_h)
    if cols < 1 or rows < 1:
        raise KitgenError(error(Where(paper_name or "paper"), f"a {to_mm(card_w):.1f} x {to_mm(card_h):.1f} mm card "
                                f"does not fit on {to_mm(page_w):.1f} x {to_mm(page_h):.1f} mm paper "
                                f"with {to_mm(MIN_MARGIN):.2f} mm margins"))
    return Grid(page_w, page_h, card_w, card_h, cols, rows)


def crop_marks(grid: Grid, count: int) -> list[Line]:
    """A short line at both ends of every cut line, in the margin, never over a card.

    Cards are butted, so each cut line runs straight across the sheet: mark its two ends.
    """
    used_rows = -(-count // grid.cols)
    used_cols = min(count, grid.cols)
    left, top = grid.left, grid.top
    right, bottom = left + used_cols * grid.card_w, top + used_rows * grid.card_h
    length_v = max(0.0, min(MARK_LENGTH, top - MARK_OFFSET - 0.5 * MM))
    length_h = max(0.0, min(MARK_LENGTH, left - MARK_OFFSET - 0.5 * MM))
    marks = []
    for col in range(used_cols + 1):
        x = left + col * grid.card_w
        marks.append(Line(x, top - MARK_OFFSET - length_v, x, top - MARK_OFFSET, width=MARK_WIDTH))
        marks.append(Line(x, bottom + MARK_OFFSET, x, bottom + MARK_OFFSET + length_v, width=MARK_WIDTH))
    for row in range(used_rows + 1):
        y = top + row * grid.card_h
        marks.append(Line(left - MARK_OFFSET - length_h, y, left - MARK_OFFSET, y, width=MARK_WIDTH))
        marks.append(Line(right + MARK_OFFSET, y, right + MARK_OFFSET + length_h, y, width=MARK_WIDTH))
    return marks


def mirror_marks(grid: Grid, marks: list[Line]) -> list[Line]:
    """The same marks seen from the back of the sheet (long-edge duplex)."""
    return [replace(m, x1=grid.page_w - m.x1, x2=grid.page_w - m.x2) for m in marks]


def margin_label(grid: Grid, text: str) -> Text:
    """One line of sheet information, turned to run up the left margin."""
    return Text(grid.left / 2 + 2, grid.page_h / 2, text, "body", 6.5, "#555555", "center", rotate=90)
