"""A CSV of cards as a designer's spreadsheet app saves it: UTF-8 with or without a BOM, separated
by commas, semicolons (French Excel: the comma is the decimal mark there) or tabs, its text
normalised to NFC. The separator is found by `csv.Sniffer` restricted to those three, checked
against the header, and every row must keep to it; a file that leaves it open, or mixes them, is
one located line saying which separator to use. Never a cell is read as a formula (csv_cell)."""
from __future__ import annotations

import csv
import io
import re
import unicodedata

from kitgen.errors import KitgenError, Where, error
from kitgen.load.nodes import undecodable_where
from kitgen.load.xlsx import MAX_COLUMNS, MAX_ROWS  # the bounds an XLSX keeps

SEPARATORS = {",": "comma", ";": "semicolon", "\t": "tab"}
# The start of the file is enough to see the separator, and what csv.Sniffer reads must stay small:
# on 10,000 rows of cards it takes 0.7 ms for the first 4 KiB and 29 ms for 8 KiB (its regular
# expressions backtrack), so at most 20 lines and 4,096 characters of them.
SNIFF_LINES, SNIFF_CHARACTERS = 20, 4_096
MAX_CELL = 32_767  # characters: the most a cell of Excel or LibreOffice holds


def decode_csv(data: bytes, shown: str) -> str:
    """The file's text: UTF-8 (a BOM, as Excel's "CSV UTF-8" writes, is dropped), in NFC, so that an
    accent typed as a letter and a combining mark is the same text as the one composed character."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        where = undecodable_where(shown, data, exc.start)
        raise KitgenError(error(where, "file is not UTF-8 text (Excel's plain \"CSV\" saves Windows-1252, which "
                                       "kitgen does not read); save it as \"CSV UTF-8\"")) from None
    return unicodedata.normalize("NFC", text)


def csv_rows(data: bytes, shown: str) -> tuple[list[str], list[tuple[int, list[str]]], str]:
    """(header, [(line number, cells)], "") of a CSV file's bytes."""
    text = decode_csv(data, shown)
    separator = sniff_separator(text, shown)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    rows: list[tuple[int, list[str]]] = []
    start = 1
    try:
        for cells in reader:
            _check_size(cells, len(rows) + 1, start, shown)
            if rows:
                _check_separator(cells, rows[0][1], separator, start, shown)
            rows.append((start, [restore_cell(cell) for cell in cells]))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise KitgenError(error(Where(shown, start), f"CSV: {exc}")) from None
    if not rows:
        raise KitgenError(error(Where(shown, 1), "file is empty: the first row names the columns"))
    return rows[0][1], rows[1:], ""


def sniff_separator(text: str, shown: str) -> str:
    """The separator: csv.Sniffer's guess among comma, semicolon and tab, which the header must
    hold (a header of one column: any, so a comma); no column name may hold another of them (a
    header saved half with one, half with another). Its quote character is never taken: an
    apostrophe in "Loup d'Éclat" is text, a cell is quoted with double quotes."""
    sample = "\n".join(text[:SNIFF_CHARACTERS].splitlines()[:SNIFF_LINES])
    line = text.split("\n", 1)[0]  # the header, whole
    present = [s for s in SEPARATORS if s in line]
    try:
        guess = csv.Sniffer().sniff(sample, delimiters="".join(SEPARATORS)).delimiter
    except csv.Error:
        guess = ""
    separator = guess if guess in present else present[0] if len(present) == 1 else "," if not present else ""
    names = next(csv.reader(io.StringIO(line), delimiter=separator or ","), [])
    if separator and not any(s in name for name in names for s in present if s != separator):
        return separator
    both = " and ".join(SEPARATORS[s] + "s" for s in present)
    raise KitgenError(error(Where(shown, 1, 1), f"the header holds {both}: kitgen cannot tell which separates "
                                                "the columns; save the file with one separator (a comma, a "
                                                "semicolon or a tab) between all the columns"))


def _check_separator(cells: list[str], header: list[str], separator: str, line: int, shown: str) -> None:
    """A row of one cell under a header of several, holding another separator: a row saved with
    the other separator (a line pasted from elsewhere), whose values would all land in column 1."""
    if len(cells) != 1 or len(header) < 2:
        return
    other = next((s for s in SEPARATORS if s != separator and s in cells[0]), None)
    if other is not None:
        raise KitgenError(error(Where(shown, line, 1), f"this row is separated by {SEPARATORS[other]}s, the header "
                                                       f"by {SEPARATORS[separator]}s; save the file with one "
                                                       "separator"))


def _check_size(cells: list[str], count: int, line: int, shown: str) -> None:
    """The bounds an XLSX keeps, and a spreadsheet app's own limit on a cell."""
    if count > MAX_ROWS + 1:
        raise KitgenError(error(Where(shown, line), f"more than {MAX_ROWS:,} rows of cards; the limit is {MAX_ROWS:,}"))
    if len(cells) > MAX_COLUMNS and any(c.strip() for c in cells[MAX_COLUMNS:]):
        raise KitgenError(error(Where(shown, line), f"{len(cells):,} columns; the limit is {MAX_COLUMNS}"))
    for col, cell in enumerate(cells, start=1):
        if len(cell) > MAX_CELL:
            raise KitgenError(error(Where(shown, line, col), f"a cell of {len(cell):,} characters; the limit is "
                                                             f"{MAX_CELL:,} (a spreadsheet app's own)"))


# --- CSV that kitgen writes: a cell a spreadsheet app would run as a formula is neutralised ----
#
# Excel, LibreOffice and Google Sheets run a CSV cell that starts with = + - @ (or a tab or CR
# before one) as a formula (`=HYPERLINK(...)`, `@SUM(...)`, `-2+cmd|'/C calc'!A0`). Written by
# kitgen, such a cell gets a leading apostrophe, the mark every one of them reads as "text
# follows" (OWASP's advice). A plain number is left as it is: "+2", a delta, is the number 2 to a
# spreadsheet app, which runs nothing, and reads back as the same delta. kitgen reading a CSV
# takes one apostrophe off a cell that has one before such a character; so a value that itself
# starts with apostrophes before one gets one more when written: every value round-trips.
_FORMULA_START = re.compile(r"^'*[=+\-@\t\r]")
_NEUTRALISED = re.compile(r"^'+[=+\-@\t\r]")
_NUMBER = re.compile(r"^[+-]?\d+(\.\d+)?$")


def csv_cell(value) -> str:
    """A value as kitgen writes it into a CSV: never something a spreadsheet app runs."""
    text = value if isinstance(value, str) else str(value)
    if _NUMBER.match(text) or not _FORMULA_START.match(text):
        return text
    return "'" + text


def restore_cell(text: str) -> str:
    """A CSV cell as kitgen reads it: the apostrophe csv_cell (or a designer) put before = + - @ taken off."""
    return text[1:] if _NEUTRALISED.match(text) else text
