"""A document's blocks (layout/document.py) laid out on pages as shapes (layout/shapes.py), which
render/document.py draws. Pure geometry: text is measured by the injected `measure` and wrapped
by the one word wrapper (layout/richtext.py), so what is laid out is what is drawn.

Each block becomes an Item: rows one below the other (a paragraph's lines, a table's rows), the
space wanted before and after it, and whether it is kept on a page with the next (a heading). The
flow places items down the page:
- a heading is never the last thing on a page: it moves on with the start of what follows;
- a block up to WHOLE_UP_TO tall moves to the next page whole; a longer one splits between rows;
- a table in groups (`|+` rows) splits between its groups, never inside one, however short it is;
- a table split across pages repeats its header row on the next;
- a row taller than a whole page (or a table wider than it) means the paper is too small (TooSmall).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import Callable

from kitgen import __version__
from kitgen.language import fill
from kitgen.layout.document import Block, Document
from kitgen.layout.richtext import STYLED, Piece, parse, place_line, words, wrap_pieces
from kitgen.layout.shapes import Line, Measure, Rect, Shape, Text
from kitgen.model import Record
from kitgen.units import MM

MARGIN = 12.7 * MM  # 1/2 in all round: clear of every home printer's unprintable edge
PADDING = 3.5  # pt, left and right inside table cells
WHOLE_UP_TO = 400  # pt: a paragraph or table up to about two thirds of a page moves on whole; longer ones split
INSET = 6  # pt between the page's header line (or its foot) and the text


@dataclass(frozen=True, eq=False, repr=False)
class Style(Record):
    """How a kind of block is set: font role, size and spacing, in points."""

    font: str  # a font role: title, body, bold, italic
    size: float
    leading: float  # the height of a line
    before: float = 0.0  # space above (none at the top of a page); between two items the larger counts
    after: float = 4.0
    color: str = "#000000"
    indent: float = 0.0  # the text's left indent (a bullet's text)
    mark_at: float = 0.0  # where a bullet or number is drawn
    keep: bool = False  # kept on a page with what follows


def styles(accent: str) -> dict[str, Style]:
    body = Style("body", 9.5, 12.5)
    cell = Style("body", 8.5, 10, after=0)
    return {
        "title": Style("title", 20, 24, after=6, color=accent, keep=True),
        "heading": Style("title", 13, 15, before=7, after=3, color=accent, keep=True),
        "subheading": Style("bold", 10.5, 13, before=4, after=2, keep=True),
        "paragraph": body, "lead-in": replace(body, keep=True),  # a table's introduction goes where it goes
        "bullet": replace(body, indent=12, mark_at=2, after=2), "numbered": replace(body, indent=16, after=3),
        "check": replace(body, after=0), "note": Style("body", 9, 12),
        "cell": cell, "head": replace(cell, font="bold", color="#ffffff"),
    }


def _smaller(style: Style) -> Style:
    """Side-by-side columns are reminders: set smaller."""
    return replace(style, size=style.size * 0.88, leading=style.leading * 0.88, before=style.before * 0.5,
                   after=style.after * 0.5)


Make = Callable[[float, float], list[Shape]]  # (left, top) -> the row's shapes there


@dataclass(frozen=True, eq=False, repr=False)
class Row(Record):
    """A row of an item: its height, and `make` drawing it at a place on the page."""

    height: float
    make: Make


@dataclass(frozen=True, eq=False, repr=False)
class Item(Record):
    """A block laid out as rows, the space it wants around it, and how it may break across pages."""

    rows: tuple[Row, ...] = ()  # one row: never split
    before: float = 0.0
    after: float = 0.0
    keep: bool = False
    head: Row | None = None  # a table's header row: repeated on every page the table continues on
    page: bool = False  # a page break
    breaks: bool = False  # may split between its rows even when short (a table's rows are its groups)

    @property
    def height(self) -> float:
        return sum(row.height for row in self.rows) + (self.head.height if self.head else 0.0)


class TooSmall(Exception):
    """A table wider than the page, or a row or unsplittable block taller than it."""


@dataclass(frozen=True, eq=False, repr=False)
class Flow(Record):
    """What every block is laid out with."""
    styles: dict[str, Style]
    accent: str
    measure: Measure


def lines(text: str, style: Style, width: float, measure: Measure) -> list[list[Piece]]:
    """The text, with its **bold** and _italic_, wrapped to the width in the style's size."""
    if not text:
        return [[]]
    return wrap_pieces(parse(text, style.font, markup=STYLED), style.size, width, measure)


def _place(line: list[Piece], style: Style, measure: Measure, x: float, top: float) -> list[Shape]:
    """A line whose slot starts at `top`: its baseline one font size down. Set left, so its width
    (place_line's `total`, which only centres or right-aligns) is not measured."""
    return place_line(line, x, top + style.size, style.size, style.color, "left", measure, None, "", 0.0)


def _text_line(line: list[Piece], style: Style, measure: Measure, mark: str, x: float, top: float) -> list[Shape]:
    shapes = _place(line, style, measure, x + style.indent, top)
    if mark:  # a bullet or a number, before the first line
        shapes.append(Text(x + style.mark_at, top + style.size, mark, "body", style.size, style.color))
    return shapes


def _text(text: str, style: Style, width: float, flow: Flow, mark: str = "") -> Item:
    wrapped = lines(text, style, width - style.indent, flow.measure)
    rows = tuple(Row(style.leading, partial(_text_line, line, style, flow.measure, "" if i else mark))
                 for i, line in enumerate(wrapped))
    return Item(rows, style.before, style.after, style.keep)


def _boxed(text: str, style: Style, width: float, flow: Flow) -> Item:
    """A note: the text in a grey box edged in the accent colour."""
    wrapped = lines(text, style, width - 12, flow.measure)
    height = len(wrapped) * style.leading + 8

    def make(x: float, top: float) -> list[Shape]:
        shapes: list[Shape] = [Rect(x, top, width, height, fill="#f4f4f4", stroke=flow.accent, stroke_width=0.8)]
        for i, line in enumerate(wrapped):
            shapes += _place(line, style, flow.measure, x + 6, top + 4 + i * style.leading)
        return shapes
    return Item((Row(height, make),), style.before, style.after)


def _check(text: str, style: Style, width: float, flow: Flow) -> Item:
    """A box to tick with a pencil, then the text."""
    box = 3.2 * MM
    wrapped = lines(text, style, width - box - 6, flow.measure)
    height = max(len(wrapped) * style.leading, box) + 3

    def make(x: float, top: float) -> list[Shape]:
        shapes: list[Shape] = [Rect(x, top + 2.5, box, box, stroke="#000000", stroke_width=0.7)]
        for i, line in enumerate(wrapped):
            shapes += _place(line, style, flow.measure, x + box + 6, top + 3 + i * style.leading)
        return shapes
    return Item((Row(height, make),), style.before, style.after)


def items(blocks: tuple[Block, ...], flow: Flow, width: float, room: float = float("inf")) -> list[Item]:
    """Each block as an item (a grid too wide for the page: one item for each run of its columns;
    side-by-side columns taller than a page's `room`: each column's blocks in turn, full width)."""
    out: list[Item] = []
    for index, block in enumerate(blocks):
        leads_in = index + 1 < len(blocks) and blocks[index + 1].kind == "table"
        kind = "lead-in" if block.kind == "paragraph" and leads_in else block.kind
        if kind == "page":
            out.append(Item(page=True))
        elif kind == "table":
            parts = _grid_parts(block, width, flow.measure)
            out += [_table(part, flow, width, 2 * MM if number else 0.0) for number, part in enumerate(parts)]
        elif kind == "columns":
            side = _columns(block, flow, width)
            out += [side] if side.height <= room else \
                [item for column in block.columns for item in items(column, flow, width, room)]
        elif kind == "check":
            out.append(_check(block.text, flow.styles["check"], width, flow))
        elif kind == "note":
            out.append(_boxed(block.text, flow.styles["note"], width, flow))
        else:
            mark = "•" if kind == "bullet" else f"{block.number}." if kind == "numbered" else ""
            out.append(_text(block.text, flow.styles[kind], width, flow, mark))
    return out


def _columns(block: Block, flow: Flow, width: float) -> Item:
    """Side-by-side columns, set smaller, as one row: a column's text keeps clear of the next by the gap."""
    gap = 6 * MM
    column_w = (width - gap * (len(block.columns) - 1)) / len(block.columns)
    smaller = replace(flow, styles={name: _smaller(style) for name, style in flow.styles.items()})
    stacks = [stack(items(column, smaller, column_w)) for column in block.columns]
    height = max(height for height, _ in stacks) + 6

    def make(x: float, top: float) -> list[Shape]:
        return [shape for i, (_, placed) in enumerate(stacks)
                for y, row in placed for shape in row.make(x + i * (column_w + gap), top + 3 + y)]
    return Item((Row(height, make),))


def stack(column: list[Item]) -> tuple[float, list[tuple[float, Row]]]:
    """Items one below the other with no page to turn (a column): the height, and each row's top."""
    placed: list[tuple[float, Row]] = []
    y, after = 0.0, 0.0
    for item in column:
        if item.page:
            continue
        y += max(after, item.before) if placed else 0.0
        for row in (item.head, *item.rows) if item.head else item.rows:
            placed.append((y, row))
            y += row.height
        after = item.after
    return y, placed


def _table(block: Block, flow: Flow, width: float, before: float) -> Item:
    widths = _column_widths(block, width, flow.measure)
    if min(widths) <= 0:  # a grid's first column as wide as the page
        raise TooSmall(f"a table's columns need more than the page's {width:.0f} pt")
    rows = tuple(_table_row(block, r, widths, flow) for r in range(len(block.rows)))
    head, rows = (rows[0], rows[1:]) if block.header and len(rows) > 1 else (None, rows)
    if block.groups:
        starts = [g - (head is not None) for g in block.groups]
        return Item(_grouped(rows, starts, sum(widths), flow.accent), before, head=head, breaks=True)
    return Item(rows, before, head=head)


def _grouped(rows: tuple[Row, ...], starts: list[int], width: float, accent: str) -> tuple[Row, ...]:
    """A table's rows as its groups, each one row of the item (never split); a group after the first
    has a rule in the accent colour above it."""
    bounds = sorted({0, *(s for s in starts if 0 < s < len(rows)), len(rows)})
    groups = [rows[start:end] for start, end in zip(bounds, bounds[1:], strict=False)]

    def make(group: tuple[Row, ...], ruled: bool, x: float, top: float) -> list[Shape]:
        shapes: list[Shape] = [Line(x, top, x + width, top, accent, 0.8)] if ruled else []
        for row in group:
            shapes += row.make(x, top)
            top += row.height
        return shapes
    return tuple(Row(sum(r.height for r in group), partial(make, group, number > 0))
                 for number, group in enumerate(groups))


def _table_row(block: Block, r: int, widths: list[float], flow: Flow) -> Row:
    style = flow.styles["head" if block.header and r == 0 else "cell"]
    cells = [lines(text, style, w - 2 * PADDING, flow.measure) for text, w in zip(block.rows[r], widths, strict=True)]
    height = block.row_height or max(len(cell) for cell in cells) * style.leading + 3
    grid = block.style == "grid"
    fill = flow.accent if block.header and r == 0 else "#f6f6f6" if not grid and r and r % 2 == 0 else None

    def make(x: float, top: float) -> list[Shape]:
        shapes: list[Shape] = [Rect(x, top, sum(widths), height, fill=fill)] if fill else []
        if grid and r:  # a grid's row names on grey
            shapes.append(Rect(x, top, widths[0], height, fill="#eeeeee"))
        left = x
        for cell, w in zip(cells, widths, strict=True):
            middle = top + (height - len(cell) * style.leading) / 2
            for i, line in enumerate(cell):
                shapes += _place(line, style, flow.measure, left + PADDING, middle + i * style.leading)
            if grid:
                shapes.append(Rect(left, top, w, height, stroke="#444444", stroke_width=0.6))
            left += w
        if not grid:
            shapes.append(Line(x, top + height, left, top + height, "#bbbbbb", 0.4))
        return shapes
    return Row(height, make)


def _plain(text: str) -> str:
    return text.translate(_MARKS)


_MARKS = str.maketrans("", "", "*_")  # what _plain drops: markup's characters


def _column_widths(block: Block, width: float, measure: Measure) -> list[float]:
    count = len(block.rows[0])
    if block.style == "grid" and block.first_column:
        return _grid_widths(block, width, measure)
    natural = [max(measure(_plain(row[i]), "bold", 8.5) for row in block.rows) + 2 * PADDING + 2
               for i in range(count)]
    if sum(natural) <= width:  # everything fits on one line: the last column takes what is left
        return natural[:-1] + [width - sum(natural[:-1])]
    # A column keeps room for a short phrase or a roll, and for its longest word (a file name) whole.
    longest = [max(measure(word, "bold", 8.5) for row in block.rows for word in words(_plain(row[i]))
                   or [""]) + 2 * PADDING + 2 for i in range(count)]
    floor = [min(n, max(30 * MM, w)) for n, w in zip(natural, longest, strict=True)]
    if sum(floor) > width:  # narrow paper (A5): a column keeps only its longest word whole
        floor = [min(n, w) for n, w in zip(natural, longest, strict=True)]
    extra = [n - f for n, f in zip(natural, floor, strict=True)]
    if sum(floor) > width:  # not even each column's longest word fits: the paper is too small
        raise TooSmall(f"a table of {count} columns needs {sum(floor):.0f} pt, the page has {width:.0f}")
    share = (width - sum(floor)) / sum(extra)
    return [f + e * share for f, e in zip(floor, extra, strict=True)]


def _needs(block: Block, measure: Measure) -> list[float]:
    """The width each column after the first needs for its widest text on one line."""
    return [max(measure(_plain(row[i]), "bold", 8.5) for row in block.rows) + 2 * PADDING + 2
            for i in range(1, len(block.rows[0]))]


def _grid_parts(block: Block, width: float, measure: Measure) -> list[Block]:
    """A write-in grid as one table, or, when its columns cannot all have the room their text needs
    (a 40-turn track is 42 columns: 4 mm each on a landscape Letter page), as the fewest runs of
    near-equal size that do, one under the other, each repeating the first column (the row names)."""
    if block.style != "grid" or not block.first_column:
        return [block]
    need = _needs(block, measure)
    count = len(need)
    runs = [range(count)]
    for parts in range(1, count + 1):
        cuts = [-(-count * i // parts) for i in range(parts + 1)]  # rounded up: the first runs are the longer
        runs = [range(start, end) for start, end in zip(cuts, cuts[1:], strict=False)]
        if all(block.first_column + sum(need[i] for i in run) <= width for run in runs):
            break
    if len(runs) == 1:
        return [block]
    return [replace(block, rows=tuple((row[0], *(row[i + 1] for i in run)) for row in block.rows)) for run in runs]


def _grid_widths(block: Block, width: float, measure: Measure) -> list[float]:
    """A grid's first column as asked; the others share the rest equally, except a column whose text
    (a 'Start' heading on an upright page) needs more: it gets that, so no word breaks inside."""
    count = len(block.rows[0])
    need = _needs(block, measure)
    wide: set[int] = set()
    while True:
        share = (width - block.first_column - sum(need[i] for i in wide)) / max(1, count - 1 - len(wide))
        more = {i for i, n in enumerate(need) if n > share} - wide
        if not more or len(wide | more) == count - 1:
            break
        wide |= more
    return [block.first_column] + [need[i] if i in wide else share for i in range(count - 1)]


Placed = list[tuple[float, Row]]  # a page's rows, each with its top below the text's top


def paginate(flowing: list[Item], height: float) -> list[Placed]:
    """The items placed down pages `height` tall (see the module's rules)."""
    pages: list[Placed] = [[]]
    y, after, kept = 0.0, 0.0, False
    for index, item in enumerate(flowing):
        if item.page:
            if pages[-1]:  # never an empty page
                pages.append([])
                y = 0.0
            continue
        gap = max(after, item.before) if pages[-1] else 0.0
        # What follows a heading goes where the heading went: their room was asked for together.
        if pages[-1] and not kept and y + gap + _first(flowing, index, height) > height + 0.01:
            pages.append([])
            y = gap = 0.0
        y = _put(item, pages, y + gap, height)
        after, kept = item.after, item.keep
    return pages


def _start(item: Item, height: float) -> float:
    """What of the item must go on the page it starts on: all of it when it moves on whole (up to
    WHOLE_UP_TO, and no taller than a page), else its header row and first row."""
    if len(item.rows) <= 1 or (item.height <= min(WHOLE_UP_TO, height) and not item.breaks):
        return item.height
    return (item.head.height if item.head else 0.0) + item.rows[0].height


def _first(flowing: list[Item], index: int, height: float) -> float:
    """The item's start; for an item kept with the next (a heading), all of it and the next one's
    start on the page's room that is left (a table too tall to go whole with its heading splits)."""
    item = flowing[index]
    following = flowing[index + 1] if index + 1 < len(flowing) else None
    if item.keep and following is not None and not following.page:
        kept = item.height + max(item.after, following.before)
        return kept + _first(flowing, index + 1, height - kept)
    return _start(item, height)


def _put(item: Item, pages: list[Placed], y: float, height: float) -> float:
    """The item's rows from `y` on, on to a new page when one does not fit (where a table goes on,
    its header row first); returns where the last row ends."""
    head = (item.head,) if item.head else ()
    for number, row in enumerate((*head, *item.rows)):
        if y + row.height > height + 0.01 and y > 0.0:
            pages.append([])
            y = 0.0
            for repeated in head if number >= len(head) else ():
                pages[-1].append((y, repeated))
                y += repeated.height
        if y + row.height > height + 0.01:
            raise TooSmall("a row or block taller than a page")
        pages[-1].append((y, row))
        y += row.height
    return y


def lay_out_pages(document: Document, size: tuple[float, float], game_title: str, accent: str,
                  instruction: str, measure: Measure) -> list[list[Shape]]:
    """Each page's shapes, origin top-left: the text between the header and the foot, then those."""
    width, height = size
    top = MARGIN + 4 * MM + INSET
    flow = Flow(styles(accent), accent, measure)
    room = height - top - (MARGIN + 3 * MM + INSET)
    pages = paginate(items(document.blocks, flow, width - 2 * MARGIN, room), room)
    footer = f"{game_title}  ·  {document.title}"
    count = {"total": len(pages)}
    return [[shape for y, row in page for shape in row.make(MARGIN, top + y)]
            + _decoration(size, footer, instruction, accent, fill(document.page_label, {"number": number, **count}))
            for number, page in enumerate(pages, start=1)]


def _decoration(size: tuple[float, float], footer: str, instruction: str, accent: str, page: str) -> list[Shape]:
    """The accent line with the game and document above it and 'page x of y'; below the text, how to
    print and the kitgen version."""
    width, height = size
    grey = "#555555"
    return [Line(MARGIN, MARGIN, width - MARGIN, MARGIN, accent, 0.8),
            Text(MARGIN, MARGIN - 3, footer, "body", 7.5, grey),
            Text(width - MARGIN, MARGIN - 3, page, "body", 7.5, grey, "right"),
            Text(MARGIN, height - MARGIN + 2, instruction, "body", 7.5, grey),
            Text(width - MARGIN, height - MARGIN + 2, f"kitgen {__version__}", "body", 7.5, grey, "right")]
