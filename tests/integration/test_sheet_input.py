"""Cards as designers' spreadsheet apps save them (issue 35): a CSV separated by commas, semicolons
(French Excel, with its BOM) or tabs builds; text typed decomposed (NFD "Épique") is the choice
"Épique" and prints composed; bytes that are not UTF-8 are one located line saying what to save;
every problem in a sheet names its cell, an unknown card type its type cell."""
from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import pdfplumber
import pytest

from kitgen.load import load_game
from tests.attacks.harness import kitgen_in_process
from tests.conftest import ROOT

TCG = ROOT / "tests" / "fixtures" / "tcg"  # a French sheet: id,name,cost,attack,health,type,faction,rarity,text


def _game(tmp_path: Path, text: str | None = None, data: bytes | None = None) -> Path:
    game = tmp_path / "tcg"
    shutil.copytree(TCG, game)
    sheet = game / "decks" / "main.csv"
    if text is not None:
        sheet.write_text(text, encoding="utf-8")
    if data is not None:
        sheet.write_bytes(data)
    return game


def _rows() -> list[list[str]]:
    return [line.split(",") for line in (TCG / "decks" / "main.csv").read_text(encoding="utf-8").splitlines()]


def _lines() -> list[str]:
    return (TCG / "decks" / "main.csv").read_text(encoding="utf-8").splitlines()


def _validate(game: Path):
    return kitgen_in_process("validate", game).run


@pytest.mark.parametrize("separator", [";", "\t", ","])
def test_sheet__comma_semicolon_and_tab_separated_csv_read_the_same(tmp_path, separator):
    rows = [[f'"{c}"' if "," in c else c for c in row] for row in _rows()] if separator == "," else _rows()
    game = _game(tmp_path, "\r\n".join(separator.join(row) for row in rows) + "\r\n")
    run = _validate(game)
    assert run.returncode == 0 and "error" not in run.stderr, run.describe()
    assert "Créature                   2" in run.stdout and "Sort                       2" in run.stdout


def test_sheet__french_excel_s_semicolon_csv_with_a_bom_in_nfd_builds_and_prints_nfc(tmp_path):
    """As French Excel's "CSV UTF-8 (délimité par des points-virgules)" saves it, from a Mac whose
    text is decomposed: the rarity 'Épique' typed as E + U+0301 is the declared choice."""
    text = "\r\n".join(";".join(row) for row in _rows()) + "\r\n"
    decomposed = unicodedata.normalize("NFD", text)
    assert "E\u0301pique" in decomposed
    game = _game(tmp_path, data=b"\xef\xbb\xbf" + decomposed.encode("utf-8"))
    built = kitgen_in_process("build", game, "-o", tmp_path / "kit")
    assert built.run.returncode == 0, built.run.describe()
    with pdfplumber.open(tmp_path / "kit" / "cards-main.pdf") as pdf:
        text = " ".join((pdf.pages[0].extract_text() or "").split())
    for value in ("Épique", "Loup d'Éclat", "Gardien ancien", "Éclair", "dégâts", "créatures"):
        assert value in text, value
    assert text == unicodedata.normalize("NFC", text)


def test_sheet__bytes_that_are_not_utf8_are_one_line_naming_what_to_save(tmp_path):
    text = (TCG / "decks" / "main.csv").read_text(encoding="utf-8").replace(",", ";")
    game = _game(tmp_path, data=text.encode("cp1252"))  # French Excel's plain "CSV (séparateur: point-virgule)"
    run = _validate(game)
    lines = [line for line in run.stderr.splitlines() if ": error: " in line]
    assert run.returncode == 1 and len(lines) == 1, run.describe()
    assert lines[0].endswith("main.csv:2:21: error: file is not UTF-8 text (Excel's plain \"CSV\" saves "
                             "Windows-1252, which kitgen does not read); save it as \"CSV UTF-8\"")


def test_sheet__every_problem_names_its_cell_an_unknown_type_its_type_cell(tmp_path):
    rows = _rows()
    rows[1][1] = ""  # no name (column 2)
    rows[2][5] = "Créatur"  # a type the game does not declare (column 6)
    rows[3][3] = "trois"  # attack is a whole number (column 4)
    game = _game(tmp_path, "\n".join(",".join(row) for row in rows) + "\n")
    run = _validate(game)
    errors = sorted(line.split("main.csv:")[1] for line in run.stderr.splitlines() if ": error: " in line)
    assert errors == ["2:2: error: missing key 'name'",
                      "3:6: error: card 'Gardien ancien': unknown type 'Créatur' (did you mean 'Créature'?)",
                      "4:4: error: field 'attack': expected a whole number, got 'trois'"], run.describe()


def test_sheet__a_problem_with_a_whole_card_names_its_first_cell(tmp_path):
    rows = _rows()
    rows[4][1] = rows[3][1]  # a name given twice (unique-names is validate's)
    game = _game(tmp_path, "\n".join(",".join(row) for row in rows) + "\n")
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace("  - {rule: deck-size, count: 4}",
                                                             "  - {rule: deck-size, count: 4}\n  - {rule: unique-names}"),
                    encoding="utf-8")
    run = _validate(game)
    lines = [line for line in run.stderr.splitlines() if ": error: " in line]
    assert len(lines) == 1 and "main.csv:5:1: error: " in lines[0] and "Éclair" in lines[0], run.describe()


def test_convert__csv_to_xlsx_to_csv_keeps_the_designer_s_column_order(tmp_path):
    from openpyxl import load_workbook

    game = _game(tmp_path)
    header = (TCG / "decks" / "main.csv").read_text(encoding="utf-8").splitlines()[0]
    assert header == "id,name,cost,attack,health,type,faction,rarity,text"  # not kitgen's own order (name, type ...)
    assert kitgen_in_process("convert", game / "decks" / "main.yaml", "--to", "xlsx").run.returncode == 0
    sheet = load_workbook(game / "decks" / "main.xlsx").worksheets[0]
    assert ",".join(c.value for c in sheet[1]) == header
    assert kitgen_in_process("convert", game / "decks" / "main.yaml", "--to", "csv").run.returncode == 0
    back = (game / "decks" / "main.csv").read_text(encoding="utf-8").splitlines()
    assert back[0] == header and back[1:3] == _lines()[1:3]  # an id the name gives (soin) is left blank
    assert [card for deck in load_game(game).decks for card in deck.cards] == \
        [card for deck in load_game(TCG).decks for card in deck.cards]


def test_convert__xlsx_has_a_drop_down_of_its_choices_on_each_choice_field(tmp_path):
    from openpyxl import load_workbook

    game = _game(tmp_path)
    assert kitgen_in_process("convert", game / "decks" / "main.yaml", "--to", "xlsx").run.returncode == 0
    book = load_workbook(game / "decks" / "main.xlsx")
    cards, lists = book.worksheets
    assert lists.title == "choices" and lists.sheet_state == "hidden"
    (rule,) = cards.data_validations.dataValidation  # rarity is the one choice field
    assert rule.type == "list" and str(rule.sqref) == "H2:H50001"  # rarity is column H
    assert rule.formula1.replace("'", "") == "choices!$A$2:$A$4"
    assert [c.value for c in lists["A"]] == ["rarity", "Commune", "Rare", "Épique"]
    assert kitgen_in_process("validate", game).run.returncode == 0  # kitgen reads the first sheet alone
