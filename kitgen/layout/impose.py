"""Impose card faces on sheets: a centred grid (or a gutterfold), backs placed for the chosen
duplex mode, the sheet's labels and fold line (crop marks and the scale bar: layout/marks.py).

Long-edge duplex turns the sheet about its vertical axis, so a back mirrors its front's column;
short-edge duplex turns it about the horizontal axis, so a back mirrors its row:

    front  [1][2][3]     long-edge back  [3][2][1]     short-edge back  [4][5][6]
           [4][5][6]                     [6][5][4]                      [1][2][3]

Gutterfold puts fronts left of a vertical fold line and their backs mirrored on the right.
"""
from __future__ import annotations

from dataclasses import dataclass

from kitgen.errors import KitgenError, Where, error
from kitgen.language import ENGLISH, Language
from kitgen.layout.shapes import Line, Shape, Text
from kitgen.model import Record
from kitgen.units import MM, PRINT_LIMITS, to_mm

MIN_MARGIN = 6.35 * MM  # 1/4 in: what most home printers can reach (PRINTING.md A.2 item 7)
# Sheet text (a footer, a label) keeps this far inside the paper whatever --margin says: at --margin 0
# cards may reach the edge, but a line of text there is lost to the slightest drift of the paper.
TEXT_EDGE = 3.0 * MM
FOLD_CLEARANCE = 4.0 * MM  # cards stay this far from a gutterfold's fold line
SMALLEST_CARD = PRINT_LIMITS["card_size"][0]


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
    """What does not fit, and what would: the largest card inside these margins, and the widest
    margins this card fits inside (margins so wide that no card fits: said so, never a negative size)."""
    card_w, card_h = spec.card
    fold = spec.layout == "gutterfold"
    room_w = page_w / 2 - FOLD_CLEARANCE - reach if fold else page_w - 2 * reach
    room_h = page_h - 2 * reach
    widest = min(page_w / 2 - FOLD_CLEARANCE - card_w if fold else (page_w - card_w) / 2, (page_h - card_h) / 2)
    said = (f"a {to_mm(card_w):.1f} x {to_mm(card_h):.1f} mm card does not fit on {to_mm(page_w):.1f} x "
            f"{to_mm(page_h):.1f} mm paper with {to_mm(spec.margin):.2f} mm margins"
            + (f" and {to_mm(spec.bleed):.2f} mm bleed" if spec.bleed else ""))
    if min(room_w, room_h) >= SMALLEST_CARD - 1e-6:
        said += f"; the largest card that fits is {to_mm(room_w):.1f} x {to_mm(room_h):.1f} mm"
    else:
        said += f": they leave no room for a card (at least {to_mm(SMALLEST_CARD):g} x {to_mm(SMALLEST_CARD):g} mm)"
        if widest < 0:  # larger than the paper itself
            need_w = 2 * (card_w + FOLD_CLEARANCE) if fold else card_w
            said += f"; this card needs paper of at least {to_mm(need_w):.1f} x {to_mm(card_h):.1f} mm"
    if widest >= 0:
        said += f"; margins of at most {_floor_mm(widest):.2f} mm fit this card"
    return said


def _floor_mm(points: float) -> float:
    """Millimetres rounded down to the hundredth shown: a margin said to fit must fit as typed."""
    return int(to_mm(points) * 100 + 1e-6) / 100


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
    x = max(grid.left / 2 + 2, text_edge(printable_edge(grid)) + 7.0)  # turned text's ascent (6.5 pt) reaches left of x
    labels = []
    for number, piece in enumerate(pieces):
        row = rows - 1 - number  # the first piece on the bottom row
        y = grid.top + row * (grid.card_h + grid.gap) + grid.card_h / 2
        labels.append(Text(x, y, piece, "body", 6.5, "#555555", "center", rotate=90))
    return labels


def printable_edge(grid: Grid) -> float:
    """How far inside the paper's edge sheet marks and labels stay: the margin kept clear for the
    printer (6.35 mm, or --margin; PRINTING.md A.2 item 7)."""
    return grid.spec.margin if grid.spec else MIN_MARGIN


def text_edge(margin: float) -> float:
    """How far inside the paper's edge sheet text stays: the margin, and never less than TEXT_EDGE."""
    return max(margin, TEXT_EDGE)


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

