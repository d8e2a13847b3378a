"""The vocabulary's steps between players (issue 33): `elect`, `agree`, `roll` on a dice table whose
rows are steps, `lookup`, `battle` and `orders`, on a small game (tests/fixtures/vocab/senate) whose
every outcome is worked out by hand. A scripted player makes every choice, so each test reads one
rule; Alpha Centauri's Council, Diplomacy, Probe, Discovery and Conflict Phases are these steps."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players.policy import RANDOM
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.load import load_game

SENATE = Path(__file__).resolve().parents[2] / "tests/fixtures/vocab/senate"


def scripted(move: int = 0, opponent: int = -1):
    """A player that always takes move `move` (-1: the last, the option of doing nothing) and aims
    at seat `opponent` (-1: the first rival)."""
    return RANDOM._replace(name="scripted",
                          choose_move=lambda table, seat, moves: move if move >= 0 else len(moves) - 1,
                          choose_opponent=lambda table, seat, harm: opponent if opponent >= 0 else table.rivals(seat)[0])


@pytest.fixture(scope="module")
def plan():
    return plan_game(load_game(SENATE))


def table_of(plan, players: int = 3, policy=None, seed: int = 1, **values: list[int]) -> Table:
    table = Table(plan, seed, (policy or scripted(),) * players, ACTIONS)
    table.turn = 1
    for name, column in values.items():
        index = plan.attributes.index(name)
        for seat, number in enumerate(column):
            table.values[seat][index] = number
    return table


def column(table: Table, name: str) -> list[int]:
    index = table.plan.attributes.index(name)
    return [row[index] for row in table.values]


def take(table: Table, phase: str, seat: int = 0) -> None:
    for step in next(p for p in table.plan.phases if p.name == phase).actions:
        ACTIONS[step.do](table, seat, step)


def consul(table: Table) -> list[bool]:
    return [table.state.flags[p].get("Consul", 0) >= table.turn for p in range(table.players)]


# --- elect: votes from a table's rows, a player's own votes, secret bids ----------------------

def test_elect__the_single_most_votes_holds_the_office_and_its_streak_grows(plan):
    # seat 0: the mightiest (3 votes); seat 1: Wealth 4 (its own votes); nobody bids (no Credits)
    t = table_of(plan, Might=[2, 1, 0], Wealth=[0, 4, 0], Credits=[0, 0, 0])
    take(t, "Senate")
    assert consul(t) == [False, True, False]
    assert [t.state.streaks[p].get("Consul", 0) for p in range(3)] == [0, 1, 0]
    t.turn = 2  # re-elected: the Consul's row adds 2 votes (6 against 3) and the streak grows
    take(t, "Senate")
    assert consul(t) == [False, True, False] and t.state.streaks[1]["Consul"] == 2


def test_elect__a_tie_elects_nobody_and_the_old_holder_loses_the_office(plan):
    t = table_of(plan, Might=[2, 1, 0], Wealth=[0, 3, 0], Credits=[0, 0, 0])
    t.state.flags[2]["Consul"] = 10**9  # seat 2 held it: 2 votes, below the tied 3 and 3
    take(t, "Senate")
    assert consul(t) == [False, False, False]
    assert [t.state.streaks[p].get("Consul", 0) for p in range(3)] == [0, 0, 0]


def test_elect__a_bid_buys_the_votes_that_put_the_bidder_one_ahead_and_is_paid(plan):
    # seat 0 has 3 votes, seat 1 has 5: seat 0 bids 3 Credits (6 votes) and is elected; it pays them
    bidder = table_of(plan, policy=scripted(move=-1), Might=[2, 0, 0], Wealth=[0, 5, 0], Credits=[10, 0, 0])
    take(bidder, "Senate")
    assert consul(bidder) == [True, False, False] and column(bidder, "Credits") == [7, 0, 0]
    keeps = table_of(plan, policy=scripted(move=0), Might=[2, 0, 0], Wealth=[0, 5, 0], Credits=[10, 0, 0])
    take(keeps, "Senate")  # the option of not bidding: nothing paid, seat 1 elected
    assert consul(keeps) == [False, True, False] and column(keeps, "Credits") == [10, 0, 0]


# --- agree: every two players may make a pact ---------------------------------------------------

@pytest.mark.parametrize("move, pacts", [(0, [2, 2, 2]), (-1, [0, 0, 0])])
def test_agree__a_pact_holds_only_when_both_accept_and_each_gains(plan, move, pacts):
    t = table_of(plan, policy=scripted(move=move))
    take(t, "Pacts")
    assert column(t, "Pacts") == pacts


# --- roll: a dice table whose rows are steps ----------------------------------------------------

def test_roll__the_targets_modifier_and_a_bonus_used_up_pick_the_row(plan):
    # 1D6 + the target's Shield 5 + the roller's Luck 2 is always past 6: Plunder takes 2 Credits
    t = table_of(plan, policy=scripted(opponent=2), Shield=[0, 0, 5], Luck=[2, 0, 0], Credits=[0, 10, 10])
    take(t, "Raid")
    assert column(t, "Credits") == [2, 10, 8]
    assert column(t, "Luck") == [0, 0, 0]  # the bonus is used up by the roll


def test_roll__without_a_modifier_the_faces_fall_on_every_row(plan):
    seen = set()
    for seed in range(40):
        t = table_of(plan, policy=scripted(opponent=1), seed=seed, Credits=[0, 10, 10])
        take(t, "Raid")
        seen.add(tuple(column(t, "Credits")))
    assert seen == {(0, 10, 10), (1, 10, 10), (2, 8, 10)}  # Nothing, Loot, Plunder from seat 1


# --- battle and orders --------------------------------------------------------------------------

def test_battle__the_higher_force_total_wins_the_loser_loses_and_the_winner_no_more_than_it(plan):
    # no dice in this Force Table: seat 0 has more Units (2) against the Defender's 1
    t = table_of(plan, Units=[5, 2, 5])
    battle = next(p for p in plan.phases if p.name == "War").actions[0].then[0]
    t.aim = 1
    ACTIONS["battle"](t, 0, battle)
    assert column(t, "Units")[:2] == [4, 0]  # the loser lost its 2 (no lower than 0); the winner min(1, 2)
    assert column(t, "Bases") == [2, 0, 1] and column(t, "Captures") == [1, 0, 0]  # the Defender had none left
    assert (t.aim, t.sides, t.lost) == (1, (-1, -1), 0)  # the battle's names do not outlive it


def test_battle__the_defender_wins_ties_of_force_by_its_row(plan):
    t = table_of(plan, Units=[3, 3, 3])  # equal Units: the Defender's 1 decides
    battle = next(p for p in plan.phases if p.name == "War").actions[0].then[0]
    t.aim = 1
    ACTIONS["battle"](t, 0, battle)
    assert column(t, "Units")[:2] == [0, 2] and column(t, "Bases") == [1, 1, 1]


def test_orders__each_player_orders_one_attack_and_the_vetoes_holder_may_cancel_one(plan):
    t = table_of(plan, policy=scripted(move=0), Units=[5, 1, 1])  # everyone attacks its first rival
    take(t, "War")
    assert column(t, "Captures") == [1, 0, 0]  # seat 0 beat seat 1; seats 1 and 2 lost against stronger sides
    vetoed = table_of(plan, policy=scripted(move=0), Units=[5, 1, 1])
    vetoed.state.flags[1]["Consul"] = 10**9  # seat 1 holds the veto: it cancels the first order, seat 0's
    take(vetoed, "War")
    assert column(vetoed, "Captures") == [0, 0, 0] and column(vetoed, "Bases") == [1, 1, 1]
