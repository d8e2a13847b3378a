"""Sheet marks a home printer prints: crop marks at every cut line and the 50 mm scale bar, all inside
the printable area kitgen assumes (the margin: 6.35 mm, or --margin), never on a card or its bleed.
Where the paper leaves no room for a side's marks, `marks_left_out` says which and how to cut without.

    paper edge ─────────────────────────────
                  margin (unprintable)              marks start MARK_OFFSET outside the trim
      ── ── ── ── ── printable edge ── ── ──        (nearer, down to MARK_NEAREST, where the room
        |      |        stub: a cut line   |         is tight) and stop at the printable edge
     ───┼──────┼──────                                  or 0.5 mm short of another card
        | card | card
"""
from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import replace

from kitgen.language import ENGLISH, N_, Language
from kitgen.layout.impose import Grid, printable_edge
from kitgen.layout.shapes import Line, Shape, Text
from kitgen.units import MM, to_mm

MARK_OFFSET = 1.0 * MM  # crop marks start this far outside the trim (or the bleed), never on a card
MARK_NEAREST = 0.3 * MM  # ... or this near, where the margin leaves no room for a mark 1 mm away
MARK_SHORTEST = 1.0 * MM  # a shorter mark is not drawn
MARK_LENGTH = 5.0 * MM
MARK_WIDTH = 0.25  # pt: thin, but visible on a laser printer
SCALE_BAR = 50.0 * MM
BAR_CLEAR = 1.0 * MM  # the bar's ends and its side stay this far from cards and from crop marks
# 37 mm in Lato 5.5 pt: shorter than the bar (a translation too: tests/unit/test_catalogues.py measures each)
BAR_LABEL = N_("50 mm: measure it; if shorter, print at 100%")
# Across the bar, in points: ticks reach 2 pt either side of it; the label (5.5 pt, Lato's ascent 0.805 em and
# descent 0.195 em) sits on the cards' side of a vertical bar, 3.5 pt from it, and below a horizontal one,
# its baseline 6.5 pt down.
BAR_SIDES = ("right", "bottom", "top")  # the margins the bar may take (the left holds the sheet's labels)
TICK = 2.0  # pt: an end tick reaches this far either side of the bar
BAR_ACROSS = {"right": (3.5 + 0.805 * 5.5, TICK), "bottom": (TICK, 6.5 + 0.195 * 5.5)}  # (towards the cards, away)


def crop_marks(grid: Grid, slots: list[tuple[float, float]]) -> list[Line]:
    """Two short lines at every card corner, pointing away from the card along its cut lines,
    cut short (or left out) where they would reach another card or its bleed, or the printable edge."""
    bleed = grid.spec.bleed if grid.spec else 0.0
    cards = [(x - bleed, y - bleed, x + grid.card_w + bleed, y + grid.card_h + bleed) for x, y in slots]
    marks: dict[tuple, Line] = {}
    for x, y in slots:
        right, bottom = x + grid.card_w, y + grid.card_h
        for cx, cy in ((x, y), (right, y), (x, bottom), (right, bottom)):
            sx = -1 if cx == x else 1
            sy = -1 if cy == y else 1
            for line in (_mark(cx, cy, sx, 0, bleed, cards, grid), _mark(cx, cy, 0, sy, bleed, cards, grid)):
                if line is not None:
                    marks[(round(line.x1, 2), round(line.y1, 2), round(line.x2, 2), round(line.y2, 2))] = line
    return [marks[key] for key in sorted(marks)]


def _mark(cx: float, cy: float, dx: int, dy: int, bleed: float, cards, grid: Grid) -> Line | None:
    """From the corner (cx, cy) outward along (dx, dy): start past the bleed, stop 0.5 mm short of
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
    span = _mark_span(min(room), bleed)
    if span is None:
        return None
    start, length = span
    x, y = cx + dx * start, cy + dy * start
    return Line(x, y, x + dx * length, y + dy * length, width=MARK_WIDTH)


def _mark_span(space: float, bleed: float) -> tuple[float, float] | None:
    """Where a mark starts (from the trim) and how long it is, in `space` from the trim; None: no room."""
    start = bleed + MARK_OFFSET
    if space - start < MARK_SHORTEST:  # a tight margin: start nearer the bleed
        start = max(bleed + MARK_NEAREST, space - MARK_SHORTEST)
    length = min(MARK_LENGTH, space - start)
    return (start, length) if length >= MARK_SHORTEST - 1e-6 else None


def _cards_box(grid: Grid) -> tuple[float, float, float, float]:
    """The trim edges of a full sheet's outermost cards: left, top, right, bottom (a gutterfold's
    backs mirror its fronts about the fold, so the block is symmetric)."""
    used_w = grid.cols * grid.card_w + (grid.cols - 1) * grid.gap
    used_h = grid.rows * grid.card_h + (grid.rows - 1) * grid.gap
    right = grid.page_w - grid.left if grid.spec and grid.spec.layout == "gutterfold" else grid.left + used_w
    return grid.left, grid.top, right, grid.top + used_h


def _outward_space(grid: Grid) -> dict[str, float]:
    """Per side of the sheet, the room from the outermost cards' trim to the printable edge."""
    left, top, right, bottom = _cards_box(grid)
    edge = printable_edge(grid)
    return {"top": top - edge, "bottom": grid.page_h - edge - bottom, "left": left - edge,
            "right": grid.page_w - edge - right}


def marks_left_out(grid: Grid) -> tuple[str, ...]:
    """The sides of the sheet whose crop marks are left out: the paper leaves no room for a mark
    between the cards (with their bleed) and the printable edge. Letter with 3 rows of poker cards
    leaves 6.35 mm above and below them, all of it inside the printer's 6.35 mm margin."""
    if grid.spec and grid.spec.layout == "single":
        return ()  # one card a page, for shops: no marks (the TrimBox says where to cut)
    bleed = grid.spec.bleed if grid.spec else 0.0
    return tuple(side for side, space in _outward_space(grid).items() if _mark_span(space, bleed) is None)


def cutting_without(grid: Grid, sides: Sequence[str], _: Language = ENGLISH) -> str:
    """How to cut a sheet whose `sides` have no crop marks, for the manifest ('' when all are there), in
    the game's language (`_`: its words and its decimal numbers)."""
    if not sides:
        return ""
    left, top, _right, _bottom = _cards_box(grid)
    mm = {"left": _.decimal(to_mm(left)), "top": _.decimal(to_mm(top)), "width": _.decimal(to_mm(grid.card_w)),
          "height": _.decimal(to_mm(grid.card_h)), "gap": _.decimal(to_mm(grid.gap))}
    said = _("The card sheets have no crop marks {where} the cards: the paper leaves no room for them outside the "
             "{edge} mm edge a printer may not print.", where=where_left_out(sides, _),
             edge=_.decimal(to_mm(printable_edge(grid)), 2))
    apart = _(", {gap} mm apart", **mm) if grid.gap else ""
    if any(side in sides for side in ("left", "right")) and any(side in sides for side in ("top", "bottom")):
        return said + " " + _("Cut with a ruler: each card is {width} x {height} mm, the first {left} mm from the "
                              "paper's left edge and {top} mm from its top.", **mm)
    if any(side in sides for side in ("top", "bottom")):
        return said + " " + _("Cut along the marks at the sides first, into strips of cards; then cut each strip into "
                              "cards {width} mm wide{apart}, measured from the left edge of its first card ({left} mm "
                              "from the paper's left edge).", apart=apart, **mm)
    return said + " " + _("Cut along the marks above and below first, into columns of cards; then cut each column "
                          "into cards {height} mm tall{apart}, measured from the top edge of its first card ({top} mm "
                          "from the paper's top edge).", apart=apart, **mm)


WHERE = {"top": N_("above"), "bottom": N_("below"), "left": N_("left of"), "right": N_("right of")}


def where_left_out(sides: Sequence[str], _: Language = ENGLISH) -> str:
    """'above and below', 'left of': where the sheet has no crop marks, as a sentence says it."""
    return _(" and ").join(_(WHERE[side]) for side in sides)


def mirror_marks(grid: Grid, marks: Sequence[Line]) -> list[Line]:
    """The same marks seen from the back of the sheet, where the backs are."""
    mode = grid.spec.duplex if grid.spec else "long-edge"
    dx, dy = grid.spec.back_offset if grid.spec else (0.0, 0.0)
    if mode == "short-edge":
        return [replace(m, y1=grid.page_h - m.y1 + dy, y2=grid.page_h - m.y2 + dy, x1=m.x1 + dx, x2=m.x2 + dx)
                for m in marks]
    return [replace(m, x1=grid.page_w - m.x1 + dx, x2=grid.page_w - m.x2 + dx, y1=m.y1 + dy, y2=m.y2 + dy)
            for m in marks]


def scale_bar(grid: Grid, _: Language = ENGLISH) -> list[Shape]:
    """A bar of exactly 50 mm with end ticks and its label, to check the print scale: in the right,
    bottom or top margin (the widest first), across it wholly inside the printable edge and clear of
    the cards, along it between two cut lines (clear of their crop marks), as near the middle as it
    goes. Where no margin has room for the label too, the bar goes without it (the sheet's labels
    still say to print at 100%); where none has room for the bar, `bar_fits` is False and it is
    drawn in the widest margin's middle all the same (a bar the printer clips beats none), unless
    it would run past the paper itself (`_bar_beside`): then it is left out."""
    place = _bar_place(grid)
    if place is not None:
        return _bar(grid, *place, _(BAR_LABEL))
    beside = _bar_beside(grid)
    return _bar(grid, beside[0], _middle(grid, beside[0]), beside[1], _(BAR_LABEL)) if beside else []


def _bar_beside(grid: Grid) -> tuple[str, bool] | None:
    """The widest margin and whether the label fits there too, reckoned to the paper's own edge (not
    the printable one); None when not even the bar's ticks fit on the paper beside the cards."""
    space = _outward_space(grid)
    side = max(BAR_SIDES, key=lambda side: round(space[side], 6))
    room = space[side] + printable_edge(grid) - (grid.spec.bleed if grid.spec else 0.0) - BAR_CLEAR
    return next(((side, labelled) for labelled in (True, False) if room >= sum(_across(side, labelled))), None)


def bar_fits(grid: Grid) -> bool:
    """Whether the scale bar lies inside the printable area (`scale_bar`)."""
    return _bar_place(grid) is not None


def _bar_place(grid: Grid) -> tuple[str, float, bool] | None:
    """The margin, the start along it and whether the label fits: the first that does, labelled first."""
    space = _outward_space(grid)
    bleed = grid.spec.bleed if grid.spec else 0.0
    sides = sorted(BAR_SIDES, key=lambda side: -round(space[side], 6))  # equal room (a centred grid): in this order
    for labelled, side in itertools.product((True, False), sides):
        if space[side] - bleed - BAR_CLEAR >= sum(_across(side, labelled)):
            along = _bar_along(grid, side)
            if along is not None:
                return side, along, labelled
    return None


def _across(side: str, labelled: bool) -> tuple[float, float]:
    """How far the bar's ticks and label reach across it, towards the cards and away from them."""
    towards, away = BAR_ACROSS["right" if side == "right" else "bottom"]
    if side == "top":  # the label under the bar: on the cards' side
        towards, away = away, towards
    return (towards, away) if labelled else (TICK, TICK)


def _middle(grid: Grid, side: str) -> float:
    return (grid.page_h if side == "right" else grid.page_w) / 2 - SCALE_BAR / 2


def _bar_along(grid: Grid, side: str) -> float | None:
    """Where the bar starts along its margin: centred in the free stretch between two cut lines
    (or a cut line and the printable edge) nearest the page's middle, None if none is long enough."""
    left, top, _, _ = _cards_box(grid)
    size, first, count = (grid.card_h, top, grid.rows) if side == "right" else (grid.card_w, left, grid.cols)
    pitch = size + grid.gap
    cuts = {first + n * pitch for n in range(count)} | {first + n * pitch + size for n in range(count)}
    if grid.spec and grid.spec.layout == "gutterfold" and side != "right":  # the backs' columns too
        cuts |= {grid.page_w - cut for cut in cuts}
    edge = printable_edge(grid)
    page = grid.page_h if side == "right" else grid.page_w
    stops = [edge, *sorted(cuts), page - edge]
    middle = _middle(grid, side)
    starts = [(start + end - SCALE_BAR) / 2  # centred in the stretch
              for start, end in zip(stops, stops[1:], strict=False) if end - start >= SCALE_BAR + 2 * BAR_CLEAR]
    return min(starts, key=lambda at: abs(at - middle), default=None)


def _bar(grid: Grid, side: str, at: float, labelled: bool, text: str = BAR_LABEL) -> list[Shape]:
    """The bar in the `side` margin, starting `at` along it, centred across the room it has."""
    towards, away = _across(side, labelled)
    bleed = grid.spec.bleed if grid.spec else 0.0
    space = _outward_space(grid)[side]
    inner = bleed + BAR_CLEAR + towards  # nearest the cards the bar may run, from their trim
    offset = inner + max(0.0, space - inner - away) / 2
    left, top, right, bottom = _cards_box(grid)
    if side == "right":
        x = right + offset
        shapes: list[Shape] = [Line(x, at, x, at + SCALE_BAR, width=0.6), Line(x - TICK, at, x + TICK, at, width=0.6),
                               Line(x - TICK, at + SCALE_BAR, x + TICK, at + SCALE_BAR, width=0.6)]
        label = Text(x - 3.5, at + SCALE_BAR / 2, text, "body", 5.5, "#555555", "center", rotate=90)
    else:
        y = bottom + offset if side == "bottom" else top - offset
        shapes = [Line(at, y, at + SCALE_BAR, y, width=0.6), Line(at, y - TICK, at, y + TICK, width=0.6),
                  Line(at + SCALE_BAR, y - TICK, at + SCALE_BAR, y + TICK, width=0.6)]
        label = Text(at + SCALE_BAR / 2, y + 6.5, text, "body", 5.5, "#555555", "center")
    return shapes + [label] if labelled else shapes


def sheet_note(grid: Grid) -> str:
    """What the designer hears at build time about marks the sheets could not hold: the sides left
    without crop marks and a scale bar with no room inside the printable area ('' when all fit)."""
    if grid.spec and grid.spec.layout == "single":
        return ""  # one card a page, for shops: no marks
    margin = f"{to_mm(printable_edge(grid)):.2f} mm"
    said = []
    sides = marks_left_out(grid)
    if sides:
        said.append(f"crop marks {where_left_out(sides)} the cards left out: the paper leaves no room for them "
                    f"outside the {margin} margin (manifest.pdf says how to cut without them)")
    if not bar_fits(grid) and _bar_beside(grid) is None:
        said.append("the 50 mm scale bar is left out: the paper has no room for it beside the cards")
    elif not bar_fits(grid):
        said.append(f"the 50 mm scale bar has no room inside the {margin} margin: it is drawn nearer the edge, "
                    "where a printer may clip it")
    if not said:
        return ""
    smaller = "; a smaller --margin, if your printer prints nearer the edge, makes room" if printable_edge(grid) else ""
    return "; ".join(said) + smaller
