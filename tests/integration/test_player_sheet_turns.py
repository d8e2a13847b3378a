"""The player sheet of a game with many turns (up to 40, the most `validate` accepts): its write-in
grids wrap onto two or more rows of columns instead of crashing the build (issue 26's review)."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from tests.conftest import pdf_text
from tests.integration.test_bad_input import run_kitgen

TINY = Path(__file__).resolve().parents[1] / "fixtures" / "tiny"


def tiny_with_turns(tmp_path: Path, turns: int, more: str = "") -> Path:
    game = tmp_path / "game"
    shutil.copytree(TINY, game)
    with (game / "game.yaml").open("a") as out:
        out.write(f"turns: {turns}\ncounters:\n  - {{name: Credits, start: 3}}\n{more}")
    return game


def sheet_numbers(kit: Path) -> set[str]:
    return set(re.findall(r"\b\d+\b", pdf_text(kit / "player-sheet.pdf")))


def test_player_sheet__forty_turns_build_and_every_turn_number_is_printed(tmp_path):
    game = tiny_with_turns(tmp_path, 40)
    run = run_kitgen("build", game, "-o", tmp_path / "kit")
    assert run.returncode == 0, run.stderr
    assert {str(turn) for turn in range(1, 41)} <= sheet_numbers(tmp_path / "kit")


UPRIGHT = "tracks:\n  - {name: Holdings, columns: 40, start: Start, rows: [Military], extra_rows: [%s]}\n" % \
    ", ".join(f"Row {row}" for row in range(30))  # 31 rows: the sheet turns upright, the narrowest page


def test_player_sheet__an_upright_a4_sheet_with_a_forty_column_track_builds(tmp_path):
    """An attack: the narrowest page a sheet takes (upright A4: 185 mm inside its margins) with the widest
    track validate accepts (40 columns and a Start column) and a counter grid of 40 turns."""
    game = tiny_with_turns(tmp_path, 40, UPRIGHT)
    run = run_kitgen("build", game, "-o", tmp_path / "kit", "--paper", "a4")
    assert run.returncode == 0, run.stderr
    text = pdf_text(tmp_path / "kit" / "player-sheet.pdf")
    assert {str(turn) for turn in range(1, 41)} <= set(re.findall(r"\b\d+\b", text)) and "Row 29" in text
