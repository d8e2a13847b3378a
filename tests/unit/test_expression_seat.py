"""`seat` in an expression: the player's place in the order of play, 1 for the first (issue 33,
Civilization: The Card Game's Initial Hands: "that player draws 6 cards ... The next player draws 7,
the third player (if present) draws 8, and the fourth player (if present) draws 9")."""
from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

from kitgen.load import load_game
from kitgen.simulate.compile.nodes import CONST
from kitgen.simulate.engine.cycle import run_setup
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from tests.unit.test_card_model import read, table_of

ROOT = Path(__file__).resolve().parents[2]
HANDS = """setup:
  - do: when
    target: all-players
    then: [{do: draw, deck: main, count: "5 + seat"}]
    text: "The first player draws 6 cards, the next 7, the third 8, the fourth 9."
"""


def test_seat__counts_from_the_rounds_first_player_in_the_tables_direction():
    t, names = table_of(load_game(ROOT / "tests/fixtures/cards"), players=3)
    assert [read(t, names, "seat", s) for s in range(3)] == [1, 2, 3]
    t.state.first = 1  # the round began with the second seat: it is first, seat 0 last
    assert [read(t, names, "seat", s) for s in range(3)] == [3, 1, 2]
    t.state.direction = -1  # play reversed (Uno's Reverse): from seat 1 to seat 0, then seat 2
    assert [read(t, names, "seat", s) for s in range(3)] == [2, 1, 3]
    assert read(t, names, "5 + seat * 2", 2) == 11


def test_seat__is_the_place_in_a_ranked_turn_order_when_the_game_has_one():
    t, names = table_of(load_game(ROOT / "tests/fixtures/cards"), players=3)
    vocabulary = t.plan.vocabulary._replace(order=((CONST, 0),))  # any turn_order: by
    t.plan = dataclasses.replace(t.plan, vocabulary=vocabulary)
    t.state.order = [2, 0, 1]  # ranked this turn: seat 2 plays first
    assert [read(t, names, "seat", s) for s in range(3)] == [2, 3, 1]


def test_setup__each_player_draws_five_plus_its_place_in_the_order(tmp_path: Path):
    folder = tmp_path / "hands"
    shutil.copytree(ROOT / "tests/fixtures/cards", folder)
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text(encoding="utf-8") + HANDS, encoding="utf-8")
    plan = plan_game(load_game(folder))
    table = Table(plan, 1, (POLICIES["random"],) * 2, ACTIONS)
    run_setup(table)
    assert [len(hand) for hand in table.hands] == [6, 7]
