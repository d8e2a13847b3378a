"""Attacks on card impact's experiment (`simulate --impact-games`, experiments/impact.py): decks it
cannot measure (no card, copies of one card only) and copies past any deck. A change is printed only
when a card was compared with another card of its deck; else the report says why, in one line."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.attacks.harness import REPO, assert_refused, kitgen_in_process

ALIKE = REPO / "tests" / "fixtures" / "vocab" / "alike"
RUN = ("--games", "10", "--players", "2", "--impact-games", "10", "--workers", "1", "--partial", "--json")


def alike(tmp_path: Path, cards: str, size: int | None) -> Path:
    """The alike game with its coins deck holding `cards` (YAML list items)."""
    game = tmp_path / "alike"
    shutil.copytree(ALIKE, game)
    rules = f"rules: [{{rule: deck-size, count: {size}}}]\n" if size else ""
    (game / "decks" / "coins.yaml").write_text(f"id: coins\nname: Coins\ncode: ALK\n{rules}cards:{cards}\n",
                                               encoding="utf-8")
    return game


def impact(game: Path) -> dict:
    run = kitgen_in_process("simulate", game, *RUN).run
    assert run.returncode == 0, run.describe()
    return json.loads(run.stdout)["card_impact"]


ONE = "\n  - {name: Copper, type: Coin, copies: %d, effects: [{attribute: Gold, delta: +1}]}"


@pytest.mark.parametrize("copies", [1, 24])
def test_impact__a_deck_of_one_card_is_not_measured_against_itself(tmp_path, copies):
    """Its arm 'a card of its deck at random' is the card itself: a change of 0 (0..0) would be a claim."""
    found = impact(alike(tmp_path, ONE % copies, copies))
    assert found["cards"] == []
    assert found["not_measured"] == "deck coins holds copies of one card only: no other card of its deck to compare it with"


def test_impact__a_deck_of_no_card_says_none_was_played(tmp_path):
    found = impact(alike(tmp_path, " []", None))
    assert found["cards"] == [] and re.fullmatch(r"no card of any deck was played in the 10 games: none is measured",
                                                 found["not_measured"])


def test_impact__copies_past_any_deck_are_one_located_line_before_a_game(tmp_path):
    game = alike(tmp_path, ONE % 100_000, 100_000)
    run = kitgen_in_process("simulate", game, *RUN).run
    assert_refused(run, game / "decks" / "coins.yaml", r"card 'Copper': copies is 100,000; it must be from 1 to 1,000",
                   line=True)
