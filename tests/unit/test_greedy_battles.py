"""The greedy player values what a battle wins (issue 37): it weighs a move by its own position
against the best other player's, so harm done to a rival counts (tests/fixtures/vocab/raid: the loser
of a battle loses 3 Units the data values by `worth:`, the winner 1; no dice). Weighing only its own
position, a player never attacks: it loses a Unit and gains nothing of its own (Alpha Centauri's
greedy fought 0.48 battles a game so, the old rule module's 3.15)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players.greedy import GREEDY, weigh
from kitgen.simulate.vocabulary import ACTIONS

RAID = Path(__file__).resolve().parents[2] / "tests/fixtures/vocab/raid"


@pytest.fixture(scope="module")
def plan():
    return plan_game(load_game(RAID))


def war(plan, units: list[int]) -> list[int]:
    """Each seat's Units after the War phase, greedy players, the Units given."""
    table = Table(plan, 1, (GREEDY,) * len(units), ACTIONS)
    table.turn = 1
    index = plan.attributes.index("Units")
    for seat, count in enumerate(units):
        table.values[seat][index] = count
    for step in next(p for p in plan.phases if p.name == "War").actions:
        ACTIONS[step.do](table, 0, step)
    return [row[index] for row in table.values]


def test_greedy__attacks_where_the_battle_costs_the_rival_more_than_itself(plan):
    # seat 0 has more Units: it wins (3 against 1 lost); seat 1 would lose, so it does not attack
    assert war(plan, [8, 4]) == [7, 1]


def test_greedy__does_not_attack_a_stronger_side(plan):
    assert war(plan, [4, 4]) == [4, 4]  # equal Units: the Defender's row wins; neither attacks


def test_greedy__weighs_a_position_against_the_best_rival_the_others_as_they_are(plan):
    table = Table(plan, 1, (GREEDY,) * 3, ACTIONS)
    before = weigh(table, 0)
    units = plan.attributes.index("Units")
    table.values[2][units] -= 3  # the best rival (all level) harmed: only if both are harmed is it worth more
    assert weigh(table, 0) == before
    table.values[1][units] -= 3
    assert weigh(table, 0) == pytest.approx(before + 1.5)  # 3 Units at 50 hundredths of a point each


def test_lookahead__a_move_without_chance_is_weighed_twice_and_taken_as_greedy_takes_it(plan, monkeypatch):
    from kitgen.simulate.players import search
    clones = []
    real = Table.clone
    monkeypatch.setattr(Table, "clone", lambda self, seed: clones.append(seed) or real(self, seed))
    table = Table(plan, 1, (search.LOOKAHEAD,) * 2, ACTIONS)
    table.turn = 1
    units = plan.attributes.index("Units")
    table.values[0][units], table.values[1][units] = 8, 4
    for step in next(p for p in plan.phases if p.name == "War").actions:
        ACTIONS[step.do](table, 0, step)
    assert [row[units] for row in table.values] == [7, 1]  # as greedy: seat 0 attacks, seat 1 does not
    assert len(clones) == 2 * 2  # each seat's one attack order on two copies: equal, so certain; nothing on none


def test_lookahead__plays_each_candidate_on_its_samples_to_the_end_of_the_next_turn(monkeypatch):
    from kitgen.simulate.players import search
    plan = plan_game(load_game(Path(__file__).resolve().parents[2] / "data/galactic-civ"))
    rollouts = []
    real = search.play_on
    monkeypatch.setattr(search, "play_on", lambda t, until_turn: rollouts.append(until_turn) or real(t, until_turn))
    table = Table(plan, 3, (GREEDY,) * 4, ACTIONS)
    table.turn, hand = 2, sorted(set(table.hands[0]))[:3] if table.hands[0] else []
    if len(hand) < 2:
        table.hands[0] = hand = [0, 1, 2]
    search.lookahead_card(table, 0, list(hand), True)
    assert rollouts == [3] * (len(set(hand)) * search.SAMPLES)


def test_greedy__the_last_one_standing_values_its_influence_against_the_best_rival_s():
    # Coup (examples/coup): out when count(hand) == 0; greedy weighed every option alike (no worth:,
    # a path it could not measure) and won 30% of 100 four-player games among random players, 71% now
    from kitgen.simulate.players.policy import RANDOM
    from kitgen.simulate.engine.cycle import run_setup
    from kitgen.simulate.players.worth import lasting, standing
    plan = plan_game(load_game(Path(__file__).resolve().parents[2] / "examples/coup"))
    table = Table(plan, 1, (RANDOM,) * 3, ACTIONS)
    run_setup(table)
    assert [len(hand) for hand in table.hands] == [2, 2, 2] and lasting(table, 0) == 0
    table.hands[1].pop()
    assert lasting(table, 0) == 0  # seat 3 still holds two
    table.hands[2].pop()
    assert lasting(table, 0) == 1 and standing(table, 0) == 1
    table.hands[0].pop()
    assert lasting(table, 1) == 0 and lasting(table, 0) == 0
