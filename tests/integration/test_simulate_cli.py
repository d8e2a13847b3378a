"""kitgen simulate as a user runs it: JSON on stdout, the balance PDF read back, clean refusals."""
from __future__ import annotations

import json

from tests.conftest import pdf_text, run_kitgen

from kitgen.load import load_game


def test_simulate__json_is_deterministic_and_names_every_race_and_path(project):
    args = ("simulate", "galactic-civ", "--games", "60", "--players", "4", "--seed", "1", "--policy", "random", "--json")
    first, again = run_kitgen(*args), run_kitgen(*args, "--workers", "1")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout  # two processes or one: the same bytes
    report = json.loads(first.stdout)
    game = load_game(project.game_folder("galactic-civ"))
    assert {"games", "players", "seed", "factions", "victories", "turns", "seats", "cards"} <= set(report)
    assert (report["games"], report["players"], report["seed"]) == (60, 4, 1)
    assert set(report["victories"]) == {v.name for v in game.victory_paths}
    assert set(report["factions"]) <= {f.name for f in game.factions}
    assert sum(f["plays"] for f in report["factions"].values()) == 60 * 4
    assert all(set(f) == {"plays", "wins", "win_rate", "ci95"} for f in report["factions"].values())


def test_simulate__writes_the_balance_pdf_with_its_charts(tmp_path, project):
    out = tmp_path / "balance.pdf"
    result = run_kitgen("simulate", "galactic-civ", "--games", "40", "--policy", "random", "-o", str(out))
    assert result.returncode == 0, result.stderr
    text = pdf_text(out)
    for heading in ("Win rate per faction", "Win rate per seat", "How games are won", "Game length",
                    "Cards that swing games", "What the simulation covers"):
        assert heading in text
    assert "Conquest Victory" in text and "phase 'Aggression Phase'" in text
    assert "Win rate per faction" in result.stdout


def test_simulate__a_wrong_policy_count_is_a_usage_error():
    result = run_kitgen("simulate", "galactic-civ", "--players", "3", "--policy", "greedy,random")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "--policy" in result.stderr and "once per seat (3)" in result.stderr
