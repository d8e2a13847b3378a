"""Yields, each card, a mix cost that grows and the bank's trades (issue 33, Civilization: The Card
Game's port; tests/fixtures/vocab/harvest): a zone's `yields:`, a step's `each:` with `this.FIELD`,
buy's `discount: {any: ...}` and a step's `trade:`."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.errors import KitgenError
from kitgen.load import load_game
from kitgen.model import Expr
from kitgen.simulate.compile.conditions import Names, number
from kitgen.simulate.compile.zones import EVERYONE, place_index
from kitgen.simulate.engine.cycle import run_setup
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.legal import can_pay
from kitgen.simulate.vocabulary.prices import discounted
from kitgen.simulate.vocabulary.zones import buy

ROOT = Path(__file__).resolve().parents[2]
HARVEST = ROOT / "tests/fixtures/vocab/harvest"


@pytest.fixture(scope="module")
def plan():
    return plan_game(load_game(HARVEST))


def table(plan) -> Table:
    t = Table(plan, 1, (POLICIES["random"],) * 2, ACTIONS)
    run_setup(t)
    return t


def cards(t: Table, name: str) -> list[int]:
    codes, names = t.plan.facts.codes["name"], t.plan.facts.texts["name"]
    return [c for c in range(len(codes)) if codes[c] == names.index(name)]


def values(t: Table, seat: int = 0) -> tuple[int, int, int]:
    row = t.values[seat]
    return tuple(row[t.plan.attributes.index(name)] for name in ("Food", "Wood", "Score"))  # type: ignore[return-value]


def harvest(t: Table, seat: int = 0) -> None:
    for step in t.plan.phases[0].actions:
        t.actions[step.do](t, seat, step)


def buys(t: Table):
    """The Buy phase's two buy steps (optional: wraps the choice written)."""
    step = t.plan.phases[1].actions[0]
    while len(step.then) == 1:
        step = step.then[0]
    return step.then


def test_yields__a_card_entering_a_yielding_zone_gains_only_what_is_not_a_yield(plan) -> None:
    t = table(plan)
    t.values[0][:] = [0] * len(t.values[0])
    t.values[0][t.plan.attributes.index("Wood")] = 4  # the third field: 4 in any mix
    row = t.state.market["row"]
    field = next(c for c in row if c in cards(t, "Wheat Field") + cards(t, "Wood Lot"))
    buy(t, 0, field, buys(t)[0])
    assert field in t.state.zones["fields"][0]
    assert values(t) == (0, 0, 1)  # paid 4 Wood; its Score taken on entering, its Food or Wood only when harvested


def test_each__a_step_taken_for_each_card_reads_that_cards_fields_and_what_is_under_it(plan) -> None:
    t = table(plan)
    wheat, lot = cards(t, "Wheat Field"), cards(t, "Wood Lot")
    t.state.zones["fields"][0][:] = [wheat[0], wheat[1], lot[0]]
    farmers = cards(t, "Farmer")
    t.state.attached["farmers"][0][:] = [(1, farmers[0]), (1, farmers[1]), (2, farmers[2])]
    t.values[0][:] = [0] * len(t.values[0])
    harvest(t)
    assert values(t)[:2] == (2 + (2 + 2) + 1, 1)  # each field its own Food, and a Food a farmer under it
    assert t.this == -1  # no card is `this` once the step is over


def test_each__this_field_outside_an_each_or_a_cards_rule_is_a_located_error() -> None:
    game = load_game(HARVEST)
    plan = plan_game(game)
    names = Names(game, plan.attributes)
    names.facts, names.place_list, names.places = plan.facts, plan.places, place_index(plan.places)
    names.card_game = plan.instances
    with pytest.raises(KitgenError, match=r"this\.grind: 'this' is the card a step is taken for \(each: ZONE\)"):
        number(Expr("this.grind"), names)
    names.each = 1
    number(Expr("this.grind + count(this.farmers)"), names)  # inside an each: that card's


def test_discount_any__a_negative_amount_raises_the_mix_never_below_the_floor(plan) -> None:
    t = table(plan)
    step = buys(t)[0]
    field = cards(t, "Wood Lot")[-1]
    cost = lambda: discounted(t, 0, t.plan.vocabulary.costs[field], step)  # noqa: E731
    assert cost().any == 4 + 2 * 2 - 4 * 1  # two fields: 4 - (4 - 2 * 2) = 4
    t.state.zones["fields"][0].append(cards(t, "Wheat Field")[-1])
    assert cost().any == 6  # a third field: 2 more
    t.state.zones["fields"][0][:] = []
    assert cost().any == 1  # 4 - 4 = 0: held at the floor


def test_trade__what_a_cost_is_short_of_is_bought_from_the_other_counters_at_the_rate(plan) -> None:
    t = table(plan)
    step = buys(t)[1]
    mill = cards(t, "Mill")[0]
    cost = t.plan.vocabulary.costs[mill]  # 3 Wood
    food, wood = t.plan.attributes.index("Food"), t.plan.attributes.index("Wood")
    t.values[0][food], t.values[0][wood] = 3, 1
    assert not can_pay(t, 0, cost) and not can_pay(t, 0, cost, step.more.trade)  # 2 short: 4 Food needed
    t.values[0][food] = 5
    assert can_pay(t, 0, cost, step.more.trade) and not can_pay(t, 0, cost)
    t.state.market["row"][0] = mill
    buy(t, 0, mill, step)
    assert (t.values[0][food], t.values[0][wood]) == (1, 0)  # 4 Food for 2 Wood, then 3 Wood paid


def test_names__a_counter_named_as_an_attribute_is_that_attribute_everywhere(plan) -> None:
    t = table(plan)
    food = t.plan.attributes.index("Food")
    assert t.plan.vocabulary.bounds[food] == (0, None)  # the counter's min holds on the attribute cards change
    names = Names(load_game(HARVEST), plan.attributes)
    assert names.index("Food") == food


def test_pile__a_declared_pile_says_who_sees_its_decks_cards(plan) -> None:
    people = next(p for p in plan.places if p.name == "people")
    land = next(p for p in plan.places if p.name == "land")
    assert people.sees == EVERYONE and land.sees != EVERYONE  # a greedy player never deals the seen pile anew
