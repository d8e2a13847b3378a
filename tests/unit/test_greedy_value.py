"""Greedy values what the data makes valuable (issues 33 and 37), each on a small fixture whose
answer is checked by hand.

The Forum (tests/fixtures/vocab/forum): a victory path of a threshold and an office held in a row
(Alpha Centauri's Diplomatic Victory: Population > 30 and Governor 3 turns in a row). A bid that
wins the election moves the path's distance: greedy weighs it by that move. Before, a bid was weighed
on a copy where it only spent Credits (the election not decided, the streak not read): greedy never
bid (0 bids in 5,065 Councils of Alpha Centauri)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.compile.zones import PLAYER
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of
from kitgen.simulate.play.trace import trace_game
from kitgen.simulate.players.greedy import GREEDY
from kitgen.simulate.vocabulary import ACTIONS

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


@pytest.fixture(scope="module")
def dominion():
    return plan_game(load_game(FIXTURES.parents[2] / "examples/dominion"))


def owned_after(plan, seed: int, turns: int) -> list[str]:
    """The cards seat 1 owns (every zone of its own) after `turns` turns of greedy against greedy."""
    table = Table(plan, seed, (GREEDY, GREEDY), ACTIONS)
    play(table, until_turn=turns)
    own = [i for i, place in enumerate(plan.places) if place.owner == PLAYER]
    return sorted(plan.cards[c].name for place in own for c in cards_of(table, place, 0))


def test_greedy__builds_a_deck_before_it_buys_points(dominion):
    """Dominion's opening: valuing points alone, greedy bought an Estate with its first turns' coins
    (games lasted 45.6 turns a player). Its deck's coins a turn, times the turns the points left to
    buy will last, are points too (players/deck_economy.py): it opens on treasure, as people do."""
    for seed in (1, 2, 3):
        owned = owned_after(dominion, seed, 8)  # four turns each
        bought = list(owned)
        for name in ["Copper"] * 7 + ["Estate"] * 3:  # the starting deck
            bought.remove(name)
        assert len(bought) >= 3 and not {"Estate", "Duchy", "Province"} & set(bought), (seed, bought)
        assert {"Silver", "Gold", "Militia", "Market"} & set(bought), (seed, bought)  # cards that give coins


@pytest.fixture(scope="module")
def civilization():
    return plan_game(load_game(FIXTURES.parents[2] / "data/civilization-card-game"))


def test_greedy__keeps_a_unit_for_the_next_battle(civilization):
    """Civilization: The Card Game's Draw and Discard, a Spearmen (its damage: steal population) and
    a bonus resource in hand, one to discard. A unit in hand was worth nothing to greedy, which
    discarded at random between such cards (at this seed, the Spearmen); now a unit is
    worth what its damage row does, unblocked, to the best rival (players/units.py)."""
    plan = civilization
    discard = dataclasses.replace(next(p for p in plan.phases if p.name == "Draw and Discard").actions[0].then[1],
                                  count=1)
    first = {card.name: index for index, card in reversed(list(enumerate(plan.cards)))}
    seed = 5
    played = Table(plan, seed, (GREEDY, GREEDY), ACTIONS)
    play(played, until_turn=6)
    for other in ("Copper", "Iron"):
        table = played.clone(seed)  # the same table, its own dice
        table.hands[0][:] = [first["Spearmen"], first[other]]
        ACTIONS["discard"](table, 0, discard)
        assert [plan.cards[c].name for c in table.hands[0]] == ["Spearmen"], other
