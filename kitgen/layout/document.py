"""Documents (rules summary, reference, player sheet) are Jinja templates that write a small
line-based markup; this parses it into blocks. The data decides what they say.

    # Title            ## Heading        ### Subheading     plain text is a paragraph
    - bullet           1. numbered       [ ] checkbox item  > boxed note
    |! a | b           (table header)    | a | b   (table row; rows until the next block make one table)
    |+ a | b           a row that starts a group: the table breaks across pages between groups only
    ::table grid 9mm 32mm   style of the next table: grid (boxes to write in), row height, first column
                            (a grid wider than the page wraps: runs of its columns, each with the first)
    ::columns / ::next / ::end    side-by-side columns     ::page   a new page
    **bold** and _italic_ inline.

Values the templates write (`{{ card.text }}`) pass escape_markup (the environment's finalize):
data text stays text wherever it lands, so a newline and `::table` in a card's text, or a `|`
in a table cell, can never become markup.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from kitgen.errors import KitgenError, Where, error
from kitgen.model import Record
from kitgen.units import parse_length


@dataclass(frozen=True, eq=False, repr=False)
class Block(Record):
    """One block of a document's markup (see above): a heading, a paragraph, a table, columns..."""

    kind: str  # title, heading, subheading, paragraph, bullet, numbered, check, note, table, page, columns
    text: str = ""
    number: str = ""
    rows: tuple[tuple[str, ...], ...] = ()
    header: bool = False
    style: str = "plain"
    row_height: float = 0.0
    first_column: float = 0.0
    columns: tuple[tuple["Block", ...], ...] = field(default=())
    groups: tuple[int, ...] = ()  # a table's rows (by index) that start a group (`|+`)


@dataclass(frozen=True, eq=False, repr=False)
class Document(Record):
    """A document as its template wrote it: a title, its page's orientation and paper, its blocks."""

    title: str
    landscape: bool
    blocks: tuple[Block, ...]
    paper: tuple[float, float] | None = None  # portrait width, height in points; None: US Letter
    instruction: str = ""  # how this file is printed (its footer says so); empty: the kit's instruction
    page_label: str = "page {number} of {total}"  # its header's page number, in the game's language


_NUMBERED = re.compile(r"^(\d+)\.\s+(.*)$")
ESCAPE = "\ue000"  # a private-use character: marks what follows as data text, never markup
_CELL = re.compile(r"(?<!\ue000)\|")  # a cell boundary: a bar the template wrote, not one from data


def escape_markup(value):
    """A value as a template writes it into a document: its lines joined (a line break would start
    a new block), a `|` in it marked as text (never a table cell's edge) and a `::` or `|` at its
    start marked too (never a directive or a table row). parse_document removes the marks. A
    rules paragraph may still read as a bullet (`- `) or a numbered step (`1. `), as the shipped
    rules' paragraphs do: that stays within its own block."""
    if not isinstance(value, str):
        return value
    if len(value.splitlines()) > 1 or value[-1:] in _BREAKS:
        value = " ".join(value.splitlines())
    value = value.replace("|", ESCAPE + "|")
    return ESCAPE + value if value.lstrip().startswith("::") else value


_BREAKS = set("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")  # what str.splitlines() breaks a line at


def _text(text: str) -> str:
    return text.replace(ESCAPE, "")


def parse_document(text: str, name: str) -> Document:
    landscape = False
    stack: list[list] = [[]]  # blocks of the current column
    columns: list[list[tuple]] = []
    table: dict = {}
    pending_style: dict = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("::"):
            line = _text(line)  # a directive the template wrote, perhaps with a value in it
        # A table ends at any other block, at a new header row or at ::table; blank lines
        # (which Jinja loops leave behind) do not end it.
        if table and line and (not line.startswith("|") or line.startswith("|!") or line.startswith("::table")):
            stack[-1].append(_table_block(table))
            table = {}
        if not line:
            continue
        if line == "::landscape":
            landscape = True
        elif line.startswith("::table"):
            pending_style = _table_style(line, Where(name, number))
        elif line == "::page":
            stack[-1].append(Block("page"))
        elif line in ("::columns", "::next", "::end"):
            _columns(line, Where(name, number), stack, columns)
        elif line.startswith("::"):
            raise KitgenError(error(Where(name, number), f"unknown document directive '{line.split()[0]}'"))
        elif line.startswith("|"):
            header = line.startswith("|!")
            cells = tuple(_text(c).strip() for c in _CELL.split(_row(line)))
            if not table:
                table = {"rows": [], "header": header, "groups": [], **pending_style}
                pending_style = {}
            if line.startswith("|+"):
                table["groups"].append(len(table["rows"]))
            table["rows"].append(cells)
        else:
            stack[-1].append(_line_block(line))
    if table:
        stack[-1].append(_table_block(table))
    if columns:
        raise KitgenError(error(Where(name), "'::columns' without '::end'"))
    blocks = tuple(stack[0])
    title = next((b.text for b in blocks if b.kind == "title"), name)
    return Document(title, landscape, blocks)


def _columns(line: str, where: Where, stack: list[list], columns: list[list[tuple]]) -> None:
    """::columns opens a run of columns, ::next starts the next one, ::end closes the run."""
    if line == "::columns":
        columns.append([])
        stack.append([])
        return
    if not columns:
        raise KitgenError(error(where, f"'{line}' without '::columns'"))
    columns[-1].append(tuple(stack.pop()))
    if line == "::next":
        stack.append([])
    else:
        stack[-1].append(Block("columns", columns=tuple(columns.pop())))


def _row(line: str) -> str:
    """A table row without its leading `|`, `|!` or `|+` and its trailing `|` (not an escaped one)."""
    line = line[2:] if line.startswith(("|!", "|+")) else line[1:]
    while line.endswith("|") and not line.endswith(ESCAPE + "|"):
        line = line[:-1]
    return line


def _line_block(line: str) -> Block:
    for prefix, kind in (("### ", "subheading"), ("## ", "heading"), ("# ", "title"), ("- ", "bullet"),
                         ("[ ] ", "check"), ("> ", "note")):
        if line.startswith(prefix):
            return Block(kind, _text(line[len(prefix):]).strip())
    match = _NUMBERED.match(line)  # data at the start of a line is marked: never a number, a bullet...
    if match:
        return Block("numbered", _text(match.group(2)).strip(), number=match.group(1))
    return Block("paragraph", _text(line).strip())


def _table_style(line: str, where: Where) -> dict:
    parts = line.split()[1:]
    style: dict[str, str | float] = {"style": parts[0] if parts else "plain"}
    try:
        if len(parts) > 1:
            style["row_height"] = parse_length(parts[1])
        if len(parts) > 2:
            style["first_column"] = parse_length(parts[2])
    except ValueError as exc:
        raise KitgenError(error(where, str(exc))) from None
    return style


def _table_block(table: dict) -> Block:
    width = max(len(r) for r in table["rows"])
    rows = tuple(r + ("",) * (width - len(r)) for r in table["rows"])
    return Block("table", rows=rows, header=table["header"], style=table.get("style", "plain"),
                 row_height=table.get("row_height", 0.0), first_column=table.get("first_column", 0.0),
                 groups=tuple(table["groups"]))
