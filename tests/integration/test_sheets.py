"""Decks kept in a spreadsheet (issue 15): `cards: main.csv|main.xlsx`, errors at the cell, and
`kitgen convert` moving every shipped deck to CSV, XLSX and back without loss."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kitgen.kit.build import build_game
from kitgen.cli import main
from kitgen.errors import KitgenError
from kitgen.load import load_game
from kitgen.load.convert import convert_deck
from tests.conftest import pdf_text

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "fixtures" / "tiny"
SHIPPED = sorted(p.parent for p in (ROOT / "data").glob("*/game.yaml"))


def _tiny_with_sheet(tmp_path: Path, name: str, text: str) -> Path:
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    deck = game / "decks" / "main.yaml"
    yaml_text = deck.read_text()
    deck.write_text(yaml_text[: yaml_text.index("cards:")] + f"cards: {name}\n")
    (game / "decks" / name).write_text(text)
    return game


SHEET = """name,type,copies,Military,TRD,Science,keywords,effects
Scout,Ship,,+1,,,"fast, cheap",
Frigate,Ship,1,+2,,,,
Market,Build,,,+2,,,"[{attribute: Trade, delta: +1, target: all-players}]"
Library,Build,,,,1,,
"""


def test_csv__a_deck_from_a_sheet_validates_and_builds(tmp_path, project):
    game = _tiny_with_sheet(tmp_path, "main.csv", SHEET)
    loaded = load_game(game)
    market = loaded.decks[0].cards[2]
    assert [(e.attribute, e.delta, e.target) for e in market.effects] == [("TRD", 2, "self"),
                                                                          ("Trade", 1, "all-players")]
    assert loaded.decks[0].cards[0].keywords == ("fast", "cheap")
    report = build_game(project, str(game), tmp_path / "out")
    assert "Frigate" in pdf_text(tmp_path / "out" / "cards-main.pdf")
    assert not [p for p in report.warnings if p.is_error]


def test_csv__a_bad_cell_is_reported_at_its_line_and_column(tmp_path):
    game = _tiny_with_sheet(tmp_path, "main.csv", SHEET.replace("Frigate,Ship,1,+2", "Frigate,Ship,1,lots"))
    result = CliRunner().invoke(main, ["validate", str(game)])
    assert result.exit_code == 1
    assert (f"{game}/decks/main.csv:3:4: error: column 'Military': 'lots' is not a whole number "
            "(a signed change, e.g. +2)") in result.stderr.splitlines()


def test_csv__a_multi_line_cell_keeps_the_line_its_row_starts_on(tmp_path):
    text = SHEET.replace('Frigate,Ship,1,+2,,,,', 'Frigate,Ship,x,+2,,,,').replace(
        'Scout,Ship,,+1,,,"fast, cheap",', 'Scout,Ship,,+1,,,"fast,\ncheap",')
    game = _tiny_with_sheet(tmp_path, "main.csv", text)
    with pytest.raises(KitgenError, match=r"main.csv:4:3: error: copies: expected a whole number, got 'x'"):
        load_game(game)


def test_xlsx__a_bad_cell_names_the_sheet_and_cell(tmp_path):
    from openpyxl import Workbook

    game = _tiny_with_sheet(tmp_path, "main.xlsx", "")
    book = Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in SHEET.replace("+2,,,,", "lots,,,,").splitlines():
        sheet.append(row.split(",")[:6])
    book.save(game / "decks" / "main.xlsx")
    with pytest.raises(KitgenError) as caught:
        load_game(game)
    assert [str(p) for p in caught.value.problems] == [
        f"{game}/decks/main.xlsx:3:4: error: Cards!D3: column 'Military': 'lots' is not a whole number "
        "(a signed change, e.g. +2)"]


def test_sheet__a_path_out_of_the_game_folder_is_refused(tmp_path):
    game = _tiny_with_sheet(tmp_path, "main.csv", SHEET)
    (tmp_path / "outside.csv").write_text(SHEET)
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("cards: main.csv", "cards: ../../outside.csv"))
    with pytest.raises(KitgenError, match="decks/main.yaml:10:8: error: cards: '../../outside.csv' is outside the game"):
        load_game(game)


@pytest.mark.parametrize("source", SHIPPED, ids=lambda p: p.name)
def test_convert__every_shipped_deck_round_trips_through_csv_xlsx_and_yaml(tmp_path, source):
    game = tmp_path / source.name
    shutil.copytree(source, game)
    before = load_game(game).decks
    for deck in before:
        deck_file = game / "decks" / f"{deck.id}.yaml"
        for fmt in ("csv", "xlsx", "yaml"):
            convert_deck(deck_file, fmt, force=True)
            assert load_game(game).decks == before, f"{deck.id} after --to {fmt}"
        assert deck_file.read_text().splitlines()[:3] == (source / "decks" / f"{deck.id}.yaml").read_text().splitlines()[:3]


def test_convert__cli_writes_the_sheet_and_points_the_deck_at_it(tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    result = CliRunner().invoke(main, ["convert", str(game / "decks" / "main.yaml"), "--to", "csv"])
    assert result.exit_code == 0, result.output
    assert "cards: main.csv" in (game / "decks" / "main.yaml").read_text()
    assert (game / "decks" / "main.csv").read_text().splitlines()[0] == "name,type,Military,Trade,Science"
    again = CliRunner().invoke(main, ["convert", str(game / "decks" / "main.yaml"), "--to", "xlsx"])
    assert again.exit_code == 0 and (game / "decks" / "main.xlsx").is_file()
