"""Smaller defects of issue #21, each a value or flag a careless user gives: a bad art_focus (was
silently centred), a bad paper / card_size / back_offset under a game's print: (was an error
without file:line), a mistyped game name (no did-you-mean), and calibrate -o into a folder not
there yet (refused, although build -o makes one)."""
from __future__ import annotations

import re

import pdfplumber
import pytest

from tests.attacks.harness import assert_one_line, edit, kitgen, tiny_copy


@pytest.mark.parametrize("focus", ["left", "0.5", "1.5,0.5", "-0.1,0", "0.5,0.5,0.5", "nan,0.5", "0x1,0"])
def test_art_focus__a_bad_focus_is_an_error_at_its_line_not_the_centre(focus, tmp_path):
    game = tiny_copy(tmp_path)
    edit(game / "decks" / "main.yaml", "{name: Scout, type: Ship,", f"{{name: Scout, type: Ship, art_focus: '{focus}',")
    run = kitgen("validate", game)
    assert_one_line(run, re.compile(r".*decks/main\.yaml:11:\d+: error: cards\[0\]\.art_focus: '.*' is not a focus "
                                    r"point: write x,y, each from 0 \(left, top\) to 1 \(right, bottom\), e\.g\. 0\.5,0\.2"))


@pytest.mark.parametrize("focus", ["0,1", "1, 0", "0.25,0.75", ""])
def test_art_focus__a_good_focus_is_taken(focus, tmp_path):
    game = tiny_copy(tmp_path)
    edit(game / "decks" / "main.yaml", "{name: Scout, type: Ship,", f"{{name: Scout, type: Ship, art_focus: '{focus}',")
    run = kitgen("validate", game)
    assert run.run.returncode == 0, run.run.describe()


PRINT_CASES = {
    "paper: a3": r"print\.paper: 'a3' is not a size: use letter, a4, a5, legal or WxH with a unit, e\.g\. 210x297mm",
    "paper: 10x10mm": r"print\.paper: paper 10 mm is out of range: give 25\.4 to 2000 mm",
    "card_size: huge": r"print\.card_size: 'huge' is not a size: use poker, bridge, mini, tarot, square or WxH .*",
    "card_size: 2x2mm": r"print\.card_size: card-size 2 mm is out of range: give 10 to 1000 mm",
    "back_offset: '0.5'": r"print\.back_offset: '0\.5' is not an offset: write X,Y in mm, e\.g\. 0\.5,-0\.3",
    "back_offset: '30,0'": r"print\.back_offset: back-offset 30 mm is out of range: give -20 to 20 mm",
    "back_offset: 'a,b'": r"print\.back_offset: 'a,b' is not an offset: write X,Y in mm, e\.g\. 0\.5,-0\.3",
}


@pytest.mark.parametrize("setting", list(PRINT_CASES))
def test_print__a_bad_setting_in_the_game_is_an_error_at_its_line_and_column(setting, tmp_path):
    game = tiny_copy(tmp_path)
    with open(game / "game.yaml", "a", encoding="utf-8") as file:
        file.write(f"print:\n  {setting}\n")
    lines = (game / "game.yaml").read_text(encoding="utf-8").count("\n")
    column = setting.index(":") + 5  # two spaces of indent, the key, ": ", counted from 1
    run = kitgen("validate", game)
    assert_one_line(run, re.compile(rf".*game\.yaml:{lines}:{column}: error: {PRINT_CASES[setting]}"))


def test_print__a_bad_setting_in_kitgen_yaml_is_an_error_at_its_line(tmp_path):
    config = tmp_path / "kitgen.yaml"
    config.write_text("print:\n  paper: a3\n", encoding="utf-8")
    run = kitgen("calibrate", "--config", config, "-o", tmp_path / "cal.pdf")
    assert_one_line(run, re.compile(r".*kitgen\.yaml:2:10: error: print\.paper: 'a3' is not a size: .*"))


@pytest.mark.parametrize("typed, meant", [("galactic-cvi", "galactic-civ"), ("alpha-centuari", "alpha-centauri"),
                                          ("civ-bulder", "civ-builder")])
def test_game_name__a_mistyped_game_gets_a_did_you_mean(typed, meant):
    run = kitgen("build", typed)
    assert_one_line(run, re.compile(rf"{typed}: error: no such game \(did you mean '{meant}'\?\) \(shipped games: .*"))


def test_game_name__a_name_like_none_gets_no_guess():
    run = kitgen("validate", "zzzz")
    assert_one_line(run, re.compile(r"zzzz: error: no such game \(shipped games: .*"))


def test_calibrate__writes_into_a_folder_not_there_yet_as_build_does(tmp_path):
    out = tmp_path / "new" / "deeper" / "cal.pdf"
    run = kitgen("calibrate", "-o", out)
    assert run.run.returncode == 0, run.run.describe()
    with pdfplumber.open(out) as pdf:
        assert "calibrat" in (pdf.pages[0].extract_text() or "").lower()


def test_calibrate__a_file_where_its_folder_would_be_is_one_line(tmp_path):
    (tmp_path / "taken").write_text("mine", encoding="utf-8")
    run = kitgen("calibrate", "-o", tmp_path / "taken" / "cal.pdf")
    assert_one_line(run, f"{tmp_path / 'taken'}: error: is a file, not a folder: -o names the PDF inside a folder")
    assert (tmp_path / "taken").read_text(encoding="utf-8") == "mine"
