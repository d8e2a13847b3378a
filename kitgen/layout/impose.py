"""Impose card faces on sheets: a centred grid (or a gutterfold), backs placed for the chosen
duplex mode, crop marks outside every card, a 50 mm scale bar and the print instruction.

Long-edge duplex turns the sheet about its vertical axis, so a back mirrors its front's column;
short-edge duplex turns it about the horizontal axis, so a back mirrors its row:

    front  [1][2][3]     long-edge back  [3][2][1]     short-edge back  [4][5][6]
           [4][5][6]                     [6][5][4]                      [1][2][3]

Gutterfold puts fronts left of a vertical fold line and their backs mirrored on the right.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from kitgen.errors import KitgenError, Where, error
from kitgen.language import ENGLISH, Language
from kitgen.layout.shapes import Line, Shape, Text
from kitgen.model import Record
from kitgen.units import MM, to_mm

MIN_MARGIN = 6.35 * MM  # 1/4 in: what most home printers can reach (PRINTING.md A.2 item 7)
MARK_OFFSET = 1.0 * MM  # crop marks start this far outside the trim (or the bleed), never on a card
MARK_NEAREST = 0.3 * MM  # ... or this near, where the margin leaves no room for a mark 1 mm away
MARK_SHORTEST = 1.0 * MM  # a shorter mark is not drawn
# Many home printers cannot print the outer 5 mm or so (PRINTING.md A.2): marks, the scale bar and the
# sheet labels stay this far inside the paper's edge (or the configured margin, where that is smaller).
PRINTABLE_EDGE = 5.0 * MM
MARK_LENGTH = 5.0 * MM
MARK_WIDTH = 0.25  # pt: thin, but visible on a laser printer
FOLD_CLEARANCE = 4.0 * MM  # cards stay this far from a gutterfold's fold line
SCALE_BAR = 50.0 * MM


@dataclass(frozen=True, eq=False, repr=False)
class Spec(Record):
    """How to impose: every length in points."""

    paper: tuple[float, float]
    card: tuple[float, float]
    margin: float = MIN_MARGIN
    gap: float = 0.0
    bleed: float = 0.0
    duplex: str = "long-edge"  # long-edge | short-edge | off
    layout: str = "grid"  # grid | gutterfold | single
    back_offset: tuple[float, float] = (0.0, 0.0)
    paper_name: str = ""


@dataclass(frozen=True, eq=False, repr=False)
class Grid(Record):
    """Where cards go on a sheet: page and card sizes, columns and rows, the gap, the top-left corner."""

    page_w: float
    page_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int
    gap: float = 0.0
    left: float = 0.0
    top: float = 0.0
    spec: Spec | None = None

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def front_slot(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, self.cols)
        return self.left + col * (self.card_w + self.gap), self.top + row * (self.card_h + self.gap)

    def back_slot(self, index: int) -> tuple[float, float]:
        x, y = self.front_slot(index)
        mode = self.spec.duplex if self.spec and self.spec.layout == "grid" else "long-edge"
        if mode == "short-edge":
            x, y = x, self.page_h - y - self.card_h
        else:  # long-edge, off (printed by hand, flipped on the long edge) and gutterfold
            x, y = self.page_w - x - self.card_w, y
        if self.spec and self.spec.layout == "grid":
            x, y = x + self.spec.back_offset[0], y + self.spec.back_offset[1]
        return x, y


def plan_grid(paper: tuple[float, float], card: tuple[float, float], paper_name: str = "",
              spec: Spec | None = None) -> Grid:
    spec = spec or Spec(paper, card, paper_name=paper_name)
    if spec.layout == "single":  # one card a page: the page is the card and its bleed
        return Grid(spec.card[0] + 2 * spec.bleed, spec.card[1] + 2 * spec.bleed, *spec.card, 1, 1, 0.0,
                    spec.bleed, spec.bleed, spec)
    page_w, page_h = spec.paper
    if spec.layout == "gutterfold" and page_h > page_w:
        page_w, page_h = page_h, page_w  # landscape: fronts and backs side by side
    card_w, card_h = spec.card
    gap = max(spec.gap, 2 * spec.bleed)  # neighbouring bleeds must not overlap
    reach = spec.margin  # the bleed may run into the unprintable edge: it is cut away anyway
    if spec.layout == "gutterfold":
        half = page_w / 2 - FOLD_CLEARANCE - reach
        cols = _fit(half, card_w, gap)
    else:
        cols = _fit(page_w - 2 * reach, card_w, gap)
    rows = _fit(page_h - 2 * reach, card_h, gap)
    if cols < 1 or rows < 1:
        raise KitgenError(error(Where(spec.paper_name or "paper"), _no_fit(spec, page_w, page_h, reach)))
    used_w = cols * card_w + (cols - 1) * gap
    used_h = rows * card_h + (rows - 1) * gap
    left = page_w / 2 - FOLD_CLEARANCE - used_w if spec.layout == "gutterfold" else (page_w - used_w) / 2
    return Grid(page_w, page_h, card_w, card_h, cols, rows, gap, left, (page_h - used_h) / 2, spec)


def _fit(space: float, size: float, gap: float) -> int:
    return max(0, int((space + gap + 1e-6) // (size + gap)))


def _no_fit(spec: Spec, page_w: float, page_h: float, reach: float) -> str:
    card_w, card_h = spec.card
    room_w = page_w / 2 - FOLD_CLEARANCE - reach if spec.layout == "gutterfold" else page_w - 2 * reach
    return (f"a {to_mm(card_w):.1f} x {to_mm(card_h):.1f} mm card does not fit on {to_mm(page_w):.1f} x "
            f"{to_mm(page_h):.1f} mm paper with {to_mm(spec.margin):.2f} mm margins"
            + (f" and {to_mm(spec.bleed):.2f} mm bleed" if spec.bleed else "")
            + f"; the largest card that fits is {to_mm(room_w):.1f} x {to_mm(page_h - 2 * reach):.1f} mm")


def crop_marks(grid: Grid, slots: list[tuple[float, float]]) -> list[Line]:
    """Two short lines at every card corner, pointing away from the card along its cut lines,
    cut short (or left out) where they would reach another card or its bleed."""
    bleed = grid.spec.bleed if grid.spec else 0.0
    cards = [(x - bleed, y - bleed, x + grid.card_w + bleed, y + grid.card_h + bleed) for x, y in slots]
    offset = bleed + MARK_OFFSET
    marks: dict[tuple, Line] = {}
    for x, y in slots:
        right, bottom = x + grid.card_w, y + grid.card_h
        for cx, cy in ((x, y), (right, y), (x, bottom), (right, bottom)):
            sx = -1 if cx == x else 1
            sy = -1 if cy == y else 1
            for line in (_mark(cx, cy, sx, 0, offset, cards, grid), _mark(cx, cy, 0, sy, offset, cards, grid)):
                if line is not None:
                    marks[(round(line.x1, 2), round(line.y1, 2), round(line.x2, 2), round(line.y2, 2))] = line
    return [marks[key] for key in sorted(marks)]


def _mark(cx: float, cy: float, dx: int, dy: int, offset: float, cards, grid: Grid) -> Line | None:
    """From the corner (cx, cy) outward along (dx, dy): start `offset` away, stop 0.5 mm short of
    any card (with its bleed) in the way and at the printable edge."""
    edge = printable_edge(grid)
    room = [cx - edge if dx < 0 else grid.page_w - edge - cx] if dx else [cy - edge if dy < 0 else grid.page_h - edge - cy]
    for x0, y0, x1, y1 in cards:
        if dx and y0 - 1e-6 <= cy <= y1 + 1e-6:
            distance = cx - x1 if dx < 0 else x0 - cx
        elif dy and x0 - 1e-6 <= cx <= x1 + 1e-6:
            distance = cy - y1 if dy < 0 else y0 - cy
        else:
            continue
        if distance >= -1e-6:  # a card ahead of the corner (its own card lies behind it)
            room.append(distance - 0.5 * MM)
    space = min(room)
    if space - offset < MARK_SHORTEST:  # a tight margin (Letter's 6.35 mm to a 5 mm printable edge): start nearer
        offset = max(offset - MARK_OFFSET + MARK_NEAREST, space - MARK_SHORTEST)
    length = min(MARK_LENGTH, space - offset)
    if length < MARK_SHORTEST - 1e-6:
        return None
    x, y = cx + dx * offset, cy + dy * offset
    return Line(x, y, x + dx * length, y + dy * length, width=MARK_WIDTH)


def mirror_marks(grid: Grid, marks: Sequence[Line]) -> list[Line]:
    """The same marks seen from the back of the sheet, where the backs are."""
    mode = grid.spec.duplex if grid.spec else "long-edge"
    dx, dy = grid.spec.back_offset if grid.spec else (0.0, 0.0)
    if mode == "short-edge":
        return [replace(m, y1=grid.page_h - m.y1 + dy, y2=grid.page_h - m.y2 + dy, x1=m.x1 + dx, x2=m.x2 + dx)
                for m in marks]
    return [replace(m, x1=grid.page_w - m.x1 + dx, x2=grid.page_w - m.x2 + dx, y1=m.y1 + dy, y2=m.y2 + dy)
            for m in marks]


def margin_labels(grid: Grid, parts: list[str]) -> list[Text]:
    """Sheet information up the left margin in pieces, one centred on each row of cards, so no
    piece crosses the crop marks at the rows' edges. Read bottom to top, as the turned text
    runs; more pieces than rows: the last row takes the rest.

        |  instruction   |  <- top row
       -+                +-    crop marks
        |  sheet . side  |
       -+                +-
        |  game . deck   |  <- bottom row
    """
    rows = max(1, grid.rows)
    pieces = parts[:rows - 1] + ["  ·  ".join(parts[rows - 1:])] if len(parts) > rows else list(parts)
    x = max(grid.left / 2 + 2, printable_edge(grid) + 7.0)  # turned text's ascent (6.5 pt) reaches left of x
    labels = []
    for number, piece in enumerate(pieces):
        row = rows - 1 - number  # the first piece on the bottom row
        y = grid.top + row * (grid.card_h + grid.gap) + grid.card_h / 2
        labels.append(Text(x, y, piece, "body", 6.5, "#555555", "center", rotate=90))
    return labels


def printable_edge(grid: Grid) -> float:
    """How far inside the paper's edge sheet marks stay: PRINTABLE_EDGE, or the margin if smaller."""
    return min(PRINTABLE_EDGE, grid.spec.margin) if grid.spec else PRINTABLE_EDGE


def scale_bar(grid: Grid, _: Language = ENGLISH) -> list[Shape]:
    """A bar of exactly 50 mm with end ticks, in the widest free margin, to check the print scale;
    its ticks (2 pt either side) and label (in the game's language, `_`) stay inside the printable edge."""
    bleed = grid.spec.bleed if grid.spec else 0.0
    edge = printable_edge(grid)
    side = grid.left - bleed
    used_h = grid.rows * grid.card_h + (grid.rows - 1) * grid.gap
    bottom = grid.page_h - grid.top - used_h - bleed
    label = _("50 mm: measure it; if it is shorter, print at 100% (actual size)")
    if side >= bottom:  # vertical, in the right margin
        x = min(grid.page_w - side / 2 + 3, grid.page_w - edge - 2)
        y0 = grid.page_h / 2 - SCALE_BAR / 2
        return [Line(x, y0, x, y0 + SCALE_BAR, width=0.6), Line(x - 2, y0, x + 2, y0, width=0.6),
                Line(x - 2, y0 + SCALE_BAR, x + 2, y0 + SCALE_BAR, width=0.6),
                Text(x - 3.5, grid.page_h / 2, label, "body", 5.5, "#555555", "center", rotate=90)]
    y = min(grid.page_h - bottom / 2 - 2, grid.page_h - edge - 8)  # the label's descent ends 8 pt below the bar
    x0 = grid.page_w / 2 - SCALE_BAR / 2
    return [Line(x0, y, x0 + SCALE_BAR, y, width=0.6), Line(x0, y - 2, x0, y + 2, width=0.6),
            Line(x0 + SCALE_BAR, y - 2, x0 + SCALE_BAR, y + 2, width=0.6),
            Text(grid.page_w / 2, y + 6.5, label, "body", 5.5, "#555555", "center")]


def fold_line(grid: Grid, _: Language = ENGLISH) -> list[Shape]:
    """Gutterfold: a dashed-looking fold line down the middle, drawn as short segments."""
    x = grid.page_w / 2
    segments: list[Shape] = []
    y = grid.top
    end = grid.top + grid.rows * grid.card_h + (grid.rows - 1) * grid.gap
    while y < end:
        segments.append(Line(x, y, x, min(y + 3 * MM, end), "#777777", 0.5))
        y += 5 * MM
    segments.append(Text(x - 2, grid.top - 2 * MM, _("fold"), "body", 6, "#777777", "center"))
    return segments

