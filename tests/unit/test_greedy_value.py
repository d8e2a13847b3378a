"""Greedy values what the data makes valuable (issues 33 and 37), each on a small fixture whose
answer is checked by hand.

The Forum (tests/fixtures/vocab/forum): a victory path of a threshold and an office held in a row
(Alpha Centauri's Diplomatic Victory: Population > 30 and Governor 3 turns in a row). A bid that
wins the election moves the path's distance: greedy weighs it by that move. Before, a bid was weighed
on a copy where it only spent Credits (the election not decided, the streak not read): greedy never
bid (0 bids in 5,065 Councils of Alpha Centauri)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.play.trace import trace_game

FIXTURES = Path(__file__).resolve().parents[2] / "tests/fixtures/vocab"


@pytest.fixture(scope="module")
def forum():
    return plan_game(load_game(FIXTURES / "forum"))


def bids(trace: dict) -> list[tuple[int, int]]:
    return [(e["player"], e["value"]) for e in trace["events"] if e["event"] == "choose" and e["do"] == "elect"]


def test_greedy__bids_for_an_office_its_victory_path_needs(forum):
    """Fame is met from the start; the Patrician has 3 votes, the Pleb none: only a bid of 4 Credits
    (of its 10, each worth a hundredth of a point) wins it the Forum, and two in a row the game."""
    made = [bid for seed in range(1, 9) for bid in bids(trace_game(forum, seed, ("greedy", "greedy"), 1))]
    assert made and all(value in (0, 4) for _, value in made)
    assert any(value == 4 for _, value in made)  # the Pleb bid what puts it one vote ahead


def test_greedy__a_bid_can_win_the_game_for_the_seat_the_votes_do_not_favour(forum):
    traced = [trace_game(forum, seed, ("greedy", "greedy"), 1) for seed in range(1, 9)]
    won_by_bidding = [t for t in traced if (t["winner"], 4) in bids(t)]
    assert won_by_bidding and all(t["paths"] == ["Consulship"] for t in won_by_bidding)
