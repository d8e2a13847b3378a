"""Attacks on `simulate: {rules: NAME}`, once the game's pointer to a trusted rule module: kitgen ships
none now (issue 33: every game plays from its data), so any name, a path, a dotted module or a
standard-library name, runs nothing and is one located line and exit 1."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.attacks.harness import assert_no_crash, assert_one_line, kitgen, tiny_copy

NAMES = ["../../../tmp/evil", "os", "kitgen.cli", "__init__", "subprocess; touch ran", "galactic_supremacy.py",
         "galactic-supremacy", "civilization-card-game", "x" * 5000]


def with_rules(tmp_path: Path, name: str) -> Path:
    game = tiny_copy(tmp_path)
    with open(game / "game.yaml", "a", encoding="utf-8") as file:
        file.write(f"simulate: {{rules: '{name}'}}\n")
    return game


@pytest.mark.parametrize("name", NAMES, ids=lambda n: n[:24])
def test_simulate_rules__an_unknown_name_is_one_located_line(tmp_path: Path, name: str) -> None:
    game = with_rules(tmp_path, name)
    run = kitgen("simulate", game, "--games", "2", "--partial")
    assert_one_line(run, re.compile(r".*game\.yaml:\d+:\d+: error: simulate\.rules: (kitgen has no rule module .* \(none any "
                                   r"more\)|the rule module .* is gone): .*"))
    assert not (tmp_path / "ran").exists() and not Path("ran").exists()


def test_simulate_rules__an_empty_name_plays_from_the_data(tmp_path: Path) -> None:
    run = kitgen("simulate", with_rules(tmp_path, ""), "--games", "2", "--partial")
    assert_no_crash(run)
    assert "rule module" not in run.run.stderr


def test_simulate_rules__a_search_players_price_plays_nothing_of_a_game_that_names_one(tmp_path: Path) -> None:
    """Pricing lookahead and mcts (a seat's policy, the ladder's rungs) plays a sample game of the data
    before the run (experiments/pricing):
    a game that names a rule module is still one located line, before any game."""
    game = with_rules(tmp_path, "os")
    run = kitgen("simulate", game, "--games", "2", "--players", "2", "--partial", "--policy", "mcts", "--ladder", "2")
    assert_one_line(run, re.compile(r".*game\.yaml:\d+:\d+: error: simulate\.rules: kitgen has no rule module .*"))
