"""The report's game length counts what it says (issue 37's read-back): a turn counts once every
player has gone. Dominion is one round of player-turns (rounds: count 1): its length is its players'
turns over the players, not the one round it played ("every game lasted 1 turns"); a game of several
rounds (Hearts) counts its rounds and says so; one game or many, the words agree in number."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.simulate.experiments.lab import simulate
from kitgen.simulate.play.run import Settings
from kitgen.render.balance import length_words

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def dominion():
    return simulate(load_game(EXAMPLES / "dominion"), Settings(games=6, players=2, seed=1, policies=("random",), workers=1))


def test_length__dominion_counts_turns_of_every_player_not_its_one_round(dominion):
    turns = dominion["turns"]
    assert turns["unit"] == "turn"
    # a game ends when a supply's piles run out: each player buys at most a card or two a turn
    assert turns["min"] > 10, turns
    assert "turns on average" in length_words(turns) or "turns (" in length_words(turns)


def test_length__the_feel_length_is_the_same_count(dominion):
    assert dominion["feel"]["2"]["length"]["mean"] == pytest.approx(dominion["turns"]["mean"], abs=0.01)


def test_length__a_game_of_several_rounds_counts_its_rounds():
    report = simulate(load_game(EXAMPLES / "lost-cities"), Settings(games=2, players=2, seed=1, policies=("random",),
                                                                        workers=1))
    assert report["turns"]["unit"] == "round" and report["turns"]["min"] == report["turns"]["max"] == 3
    assert length_words(report["turns"]).startswith("every game lasted 3 rounds (a round:")


@pytest.mark.parametrize("n, said", [(1, "every game lasted 1 turn ("), (2, "every game lasted 2 turns (")])
def test_length__one_is_singular(n, said):
    turns = {"min": n, "max": n, "mean": float(n), "mean_ci95": [n, n], "histogram": {str(n): 5}, "unit": "turn"}
    assert length_words(turns).startswith(said)
