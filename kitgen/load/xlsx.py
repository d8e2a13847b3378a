"""The rows of an XLSX workbook's first sheet, read as a hostile file may be made (issue 21), and
the workbook `kitgen convert --to xlsx` writes.

An XLSX is a zip of XML parts. Before openpyxl reads a byte: at most MAX_PARTS parts and
MAX_UNPACKED bytes unpacked, by the sizes the zip declares (zipfile never unpacks more than a
part declares: it stops and fails its CRC), no DTD (entity expansion, external entities: no
spreadsheet app writes one) and no UTF-16 part (the scan below reads bytes). Then rows and columns
are bounded while they are read. Formulas are never evaluated: a cell reads as the value the
spreadsheet app saved with its formula; a formula saved without one is an error at its cell.
"""
from __future__ import annotations

import io
import re
import unicodedata
import zipfile
from collections.abc import Iterator
from pathlib import Path

from kitgen.errors import KitgenError, Where, error

MAX_PARTS = 1_000  # a workbook has about 10 parts, one more a sheet
MAX_UNPACKED = 64 << 20  # a 10,000-card sheet unpacks to about 8 MiB
MAX_ROWS = 50_000  # a deck of 50,000 cards
LAST_ROW = 1_048_576  # Excel's and LibreOffice's last row: a row number past it is not a spreadsheet's
MAX_COLUMNS = 256  # a card's fields (about 15) and an attribute column each
_DTD = b"<!DOCTYPE"
_FORMULA = re.compile(rb"<(?:\w+:)?f[\s>/]")  # <f>, <f t="shared" .../>, <x:f>
_CHUNK = 1 << 20


def xlsx_rows(path: Path, shown: str) -> tuple[list[str], list[tuple[int, list[str]]], str]:
    """(header, [(row number, cells)], sheet name) of the first sheet."""
    formulas = _inspect(path, shown)
    values, title = _read(path, shown, data_only=True)
    if formulas:  # the same cells as typed: a formula's text, where the values have None
        typed, _ = _read(path, shown, data_only=False)
        _refuse_unsaved_formulas(values, typed, shown, title)
    rows = [(number, [_cell_text(v) for v in cells]) for number, cells in values]
    if not rows:
        raise KitgenError(error(Where(shown, 1), f"sheet '{title}' is empty: the first row names the columns"))
    return rows[0][1], rows[1:], title


def _inspect(path: Path, shown: str) -> bool:
    """Refuse a zip bomb, a DTD or a UTF-16 part; return whether any part holds a formula."""
    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
            unpacked = sum(part.file_size for part in parts)
            if len(parts) > MAX_PARTS or unpacked > MAX_UNPACKED:
                raise _refused(shown, f"it unpacks to {len(parts):,} parts and {unpacked:,} bytes; the limits are "
                                      f"{MAX_PARTS:,} parts and {MAX_UNPACKED:,} bytes")
            return any([_scan(archive, part, shown) for part in parts if part.filename.endswith((".xml", ".rels"))])
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, OSError, EOFError, ValueError) as exc:
        raise _refused(shown, str(exc)) from None


def _scan(archive: zipfile.ZipFile, part: zipfile.ZipInfo, shown: str) -> bool:
    found, tail = False, b""
    with archive.open(part) as stream:
        while chunk := stream.read(_CHUNK):
            if not tail and chunk[:2] in (b"\xff\xfe", b"\xfe\xff", b"\x00<", b"<\x00"):
                raise _refused(shown, f"{part.filename} is UTF-16; save the workbook again from a spreadsheet app")
            window = tail + chunk
            if _DTD in window:
                raise _refused(shown, f"{part.filename} declares a DTD (<!DOCTYPE>), which no spreadsheet app "
                                      "writes; kitgen does not expand entities")
            found = found or bool(_FORMULA.search(window))
            tail = window[-16:]
    return found


def _read(path: Path, shown: str, data_only: bool) -> tuple[list[tuple[int, tuple]], str]:
    """Each row's values (trailing empty cells dropped), bounded in rows and columns."""
    from openpyxl import load_workbook  # only decks kept in XLSX pay for importing it

    try:
        book = load_workbook(path, read_only=True, data_only=data_only)
        try:
            sheet = book.worksheets[0]
            sheet.reset_dimensions()  # the sheet's own <dimension> may claim a million rows: trust only cells
            return list(_bounded(sheet.iter_rows(values_only=True), shown)), sheet.title
        finally:
            book.close()
    except KitgenError:
        raise
    except Exception as exc:  # noqa: BLE001 openpyxl parses an untrusted file: any failure is the file's
        raise _refused(shown, f"{type(exc).__name__}: {exc}".splitlines()[0][:200]) from None


def _bounded(rows, shown: str) -> Iterator[tuple[int, tuple]]:
    """Rows with cells, each with its number: a blank row (openpyxl makes one for each number a
    sheet skips) is left out, and counts only up to a spreadsheet's last row."""
    count = 0
    for number, values in enumerate(rows, start=1):
        if number > LAST_ROW:
            raise KitgenError(error(Where(shown, number), f"a row beyond row {LAST_ROW:,}, a spreadsheet's last"))
        if not values or all(v is None for v in values):
            continue
        count += 1
        if count > MAX_ROWS + 1:
            raise KitgenError(error(Where(shown, number), f"more than {MAX_ROWS:,} rows of cards; the limit is "
                                                          f"{MAX_ROWS:,}"))
        if len(values) > MAX_COLUMNS:
            last = max(i for i, v in enumerate(values) if v is not None) + 1 if any(v is not None for v in values) else 0
            if last > MAX_COLUMNS:
                raise KitgenError(error(Where(shown, number, last), f"a cell in column {last:,}; the limit is "
                                                                    f"{MAX_COLUMNS} columns"))
        end = len(values)
        while end and values[end - 1] is None:
            end -= 1
        yield number, values[:end]


def column_letter(col: int) -> str:
    """A sheet's column letters for its number: 1 -> A, 27 -> AA."""
    letters = ""
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _refuse_unsaved_formulas(values, typed, shown: str, title: str) -> None:
    saved = dict(values)  # a row of formulas only, none saved with a value, is not among the values at all
    for number, formulas in typed:
        cells = saved.get(number, ())
        for col, formula in enumerate(formulas, start=1):
            if isinstance(formula, str) and formula.startswith("=") and (col > len(cells) or cells[col - 1] is None):
                raise KitgenError(error(Where(shown, number, col), f"{title}!{column_letter(col)}{number}: a formula "
                                        f"({formula[:40]}) saved without its value; kitgen never computes formulas: "
                                        "open and save the sheet in a spreadsheet app, or type the value"))


def _cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a spreadsheet keeps +2 as the number 2.0
    return unicodedata.normalize("NFC", str(value))  # as YAML and CSV text: "É" typed either way is one text


def _refused(shown: str, why: str) -> KitgenError:
    return KitgenError(error(Where(shown), f"not a readable .xlsx workbook ({why})"))


def xlsx_bytes(header: list[str], rows: list[list], choices: dict[str, tuple[str, ...]]) -> bytes:
    """A sheet of cards as `kitgen convert --to xlsx` writes it: text stays text, the header row
    frozen, a drop-down on each choice field's column."""
    from openpyxl import Workbook  # only converting to XLSX pays for importing it
    from openpyxl.worksheet.worksheet import Worksheet

    book = Workbook()
    sheet = book.active
    assert isinstance(sheet, Worksheet)  # a new workbook's one sheet
    sheet.title = "cards"
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    for line in sheet.iter_rows(min_row=2):
        for cell in line:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                cell.data_type = "s"  # card text, not a formula
    sheet.freeze_panes = "A2"
    _drop_downs(book, sheet, header, choices)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _drop_downs(book, sheet, header: list[str], choices: dict[str, tuple[str, ...]]) -> None:
    """A drop-down list on each choice field's column, its choices on a hidden second sheet (kitgen
    reads the first only): a list written into the rule itself holds at most 255 characters and no
    comma, a choice's own. A value typed that is not a choice is refused by the spreadsheet app."""
    from openpyxl.utils import get_column_letter, quote_sheetname
    from openpyxl.worksheet.datavalidation import DataValidation

    listed = [(col, name) for col, name in enumerate(header, start=1) if name in choices]
    if not listed:
        return
    lists = book.create_sheet("choices")
    lists.sheet_state = "hidden"
    for at, (col, name) in enumerate(listed, start=1):
        letter = get_column_letter(at)
        for row, choice in enumerate((name, *choices[name]), start=1):
            lists.cell(row=row, column=at, value=choice).data_type = "s"
        rule = DataValidation(type="list", formula1=f"{quote_sheetname('choices')}!${letter}$2:${letter}$"
                              f"{len(choices[name]) + 1}", allow_blank=True, showErrorMessage=True,
                              errorTitle=name, error=f"{name}: one of " + ", ".join(choices[name]))
        column = get_column_letter(col)
        rule.add(f"{column}2:{column}{MAX_ROWS + 1}")
        sheet.add_data_validation(rule)
