"""The greedy player's shortcuts for what it weighs at every decision (Alpha Centauri's greedy games
spent most of their time there) give exactly what the general way gives: a path of thresholds only
scored from the seat's own values (path_pull's key), a worth of a counter times a number added up
without walking the expression, how many exchanges a player can afford worked out at once (the
loop that pays one at a time). Each compared with the general way on many random positions."""
from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.simulate.compile.nodes import SLOT
from kitgen.simulate.compile.vocabulary import FREE, Payment
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players.economy import economy, projected
from kitgen.simulate.players.greedy import nearness, own_rows
from kitgen.simulate.players.policy import RANDOM
from kitgen.simulate.players.standing import THRESHOLDS, path_pull, rest_key, scorers, standing, worth
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.counters import act_gain, affordable, at_once, exchange_times
from kitgen.simulate.vocabulary.entering import pay
from kitgen.simulate.vocabulary.legal import can_pay

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def plan():
    return plan_game(load_game(ROOT / "data/alpha-centauri"))


def shuffled_table(plan, rng: random.Random) -> Table:
    t = Table(plan, 1, (RANDOM,) * 3, ACTIONS)
    t.values = [[rng.randint(-5, 60) for _ in plan.attributes] for _ in range(3)]
    return t


def test_thresholds__every_alpha_centauri_path_is_scored_as_path_pull_scores_it(plan):
    paths = scorers(plan)
    assert [s.kind for s in paths.every] == [THRESHOLDS] * 4 and not paths.lead  # its four victories
    rng = random.Random(3)
    for _ in range(300):
        mine = [rng.randint(-5, 60) for _ in plan.attributes]
        for _, score in paths.rest:
            assert rest_key(score, [], mine) == path_pull(score.path, [0] * len(mine), mine)[0]


def test_thresholds__the_standing_is_the_nearest_path_of_path_pull(plan):
    rng = random.Random(4)
    for _ in range(100):
        t = shuffled_table(plan, rng)
        keys = [path_pull(s.path, [0] * len(t.values[1]), t.values[1])[0] for s in scorers(plan).every]
        score, progress = max(keys)
        assert standing(plan, t.values, 1) == score + progress / 100


def test_worth__a_counter_times_a_number_adds_up_as_its_expression_does(plan):
    """The data's worth: lines (game.yaml), worked out by hand for random positions."""
    rules = plan.vocabulary
    assert len(rules.linear_worths) == 7 and len(rules.worths) == 1  # "50 * min(Units, 10)" is walked
    at = {name: plan.attributes.index(name) for name in
          ("Economy", "Military", "Research", "Population", "Planetary Ecology", "Bases", "Units", "Credits")}
    rng = random.Random(5)
    for _ in range(100):
        t = shuffled_table(plan, rng)
        v = {name: t.values[2][index] for name, index in at.items()}
        by_hand = 20 * (v["Economy"] + v["Military"] + v["Research"]) + 10 * v["Population"] \
            + 40 * v["Planetary Ecology"] + 100 * v["Bases"] + 50 * min(v["Units"], 10) + v["Credits"]
        assert worth(t, 2) == by_hand / 100


def paid_one_by_one(t: Table, seat: int, cost: Payment, most: int) -> int:
    count, kept = 0, list(t.values[seat])
    while count < most and can_pay(t, seat, cost):
        pay(t, seat, cost)
        count += 1
    t.values[seat][:] = kept
    return count


def test_affordable__as_many_as_paying_one_at_a_time_allows(plan):
    credits, units = plan.attributes.index("Credits"), plan.attributes.index("Units")
    rng = random.Random(6)
    costs = [Payment(((credits, 10),), 0, ()), Payment(((credits, 2), (units, 3)), 0, ()), FREE,
             Payment((), 5, (credits, units)), Payment(((credits, 0),), 0, ())]
    for _ in range(200):
        t = shuffled_table(plan, rng)
        for cost in costs:
            most = rng.randint(0, 40)
            before = [list(row) for row in t.values]
            assert affordable(t, 0, cost, most) == paid_one_by_one(t, 0, cost, most), (cost, t.values[0])
            assert t.values == before  # nothing is paid


def exchange_steps(plan) -> list:
    """Every `exchange` step of the plan's phases, inside the steps that wrap it."""
    found, stack = [], [step for phase in plan.phases for step in phase.actions]
    while stack:
        step = stack.pop()
        found += [step] if step.do == "exchange" else []
        stack.extend(step.then)
    return found


@pytest.mark.parametrize("cap", ["the game's", "on what it pays"])
def test_exchange__many_at_once_leave_the_values_that_one_by_one_leaves(plan, cap):
    steps = exchange_steps(plan)  # Alpha Centauri's four (the only shipped game that exchanges)
    assert len(steps) == 4
    if cap == "on what it pays":  # Units held to the Credits the player has left: a cap the exchange moves
        credits, units = plan.attributes.index("Credits"), plan.attributes.index("Units")
        caps = list(plan.vocabulary.caps)
        caps[units] = (SLOT, credits)
        plan = dataclasses.replace(plan, vocabulary=plan.vocabulary._replace(caps=tuple(caps)), cache={})
    rng, merged = random.Random(5), 0
    for _ in range(300):
        t = shuffled_table(plan, rng)  # values from -5: below a counter's min too
        step, times = rng.choice(steps), rng.randint(2, 9)
        at_once_table, one_by_one = t.clone(1), t.clone(1)
        merged += at_once(t, 0, step)
        exchange_times(at_once_table, 0, step, times)
        for _ in range(times):
            pay(one_by_one, 0, step.more.cost)
            act_gain(one_by_one, 0, step)
        assert at_once_table.values == one_by_one.values
    assert 50 < merged < 300  # the shortcut taken, and refused where a value is below its min


@pytest.mark.parametrize("paths", ["the game's", "one on what the economy buys"])
def test_nearness__kept_by_a_players_own_values_and_the_turn_as_worked_out_anew(plan, paths):
    if paths != "the game's":  # a victory at 30 Economy Commerce, which Credits buy: its standing moves with the turn
        bought = plan.paths[0]._replace(thresholds=((economy(plan).points[0][1], 30),))
        plan = dataclasses.replace(plan, paths=(bought, *plan.paths[1:]), cache={})
    assert own_rows(plan) is not None  # Alpha Centauri's paths and worths read only the player's own values
    rng = random.Random(8)
    for _ in range(100):
        t = shuffled_table(plan, rng)
        for turn in (rng.randint(1, 6), rng.randint(7, 12)):  # the economy is projected over the turns left
            t.turn = turn
            rows = projected(t, economy(plan))
            worked = [standing(plan, rows, p, t) + worth(t, p) for p in range(3)]  # its offices read from t
            assert nearness(t, [0, 1, 2]) == worked
            assert nearness(t, [2, 0]) == [worked[2], worked[0]]  # from what was kept
