"""Cards on cards (issue 33, Civilization: The Card Game's plots, which hold Population and buildings):
`this.ZONE` in an expression reads the cards attached under the card a rule is about
(tests/fixtures/vocab/plots: fields in play, farmers and barns under them)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.errors import KitgenError
from kitgen.load import load_game
from kitgen.model import Expr
from kitgen.simulate.compile.conditions import Names, number
from kitgen.simulate.compile.expressions import card_number
from kitgen.simulate.compile.zones import place_index
from kitgen.simulate.engine.expressions import value
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.hosts import attach, pairs

ROOT = Path(__file__).resolve().parents[2]
PLOTS = ROOT / "tests/fixtures/vocab/plots"


@pytest.fixture(scope="module")
def game():
    return load_game(PLOTS)


def table_of(game, players: int = 2) -> tuple[Table, Names]:
    plan = plan_game(game)
    names = Names(game, plan.attributes)
    names.facts, names.place_list, names.places, names.deck_cards = plan.facts, plan.places, place_index(plan.places), \
        plan.decks
    names.card_game = plan.instances
    return Table(plan, 1, (POLICIES["random"],) * players, ACTIONS), names


def copies(table: Table, name: str) -> list[int]:
    codes, names = table.plan.facts.codes["name"], table.plan.facts.texts["name"]
    return [c for c in range(len(codes)) if codes[c] == names.index(name)]


def farmed(table: Table) -> tuple[list[int], list[int]]:
    """Seat 0 has two Wheat Fields in play, the first with two farmers, the second with one; seat 1 a
    Meadow with one."""
    fields, farmers = copies(table, "Wheat Field"), copies(table, "Farmer")
    table.state.zones["fields"][0][:] = fields[:2]
    table.state.zones["fields"][1][:] = copies(table, "Meadow")[:1]
    table.state.attached["farmers"][0][:] = [(0, farmers[0]), (0, farmers[1]), (1, farmers[2])]
    table.state.attached["farmers"][1][:] = [(0, farmers[3])]
    table.piles["people"][0][:] = [f for f in table.piles["people"][0] if f not in farmers[:4]]
    return fields, farmers


def test_this__counts_the_cards_under_the_card_read_and_only_those(game):
    t, names = table_of(game)
    fields, _ = farmed(t)
    node = card_number(names, Expr("count(this.farmers)"), None, True)
    meadow = copies(t, "Meadow")[0]
    assert [value(node, t, 0, card) for card in (fields[0], fields[1], meadow)] == [2, 1, 1]  # whoever's card
    assert value(node, t, 0, fields[2]) == 0  # not in play: nothing under it
    assert fields[0] != fields[1]  # every copy a card of its own (the card model's instances)
    assert value(card_number(names, Expr("6 + 2 * count(this.farmers) + count(this.barns)"), None, True),
                 t, 0, fields[0]) == 10


def test_this__outside_a_cards_rule_or_on_a_zone_that_is_not_attached_is_a_located_error(game):
    _, names = table_of(game)
    with pytest.raises(KitgenError, match=r"this\.farmers: 'this' reads the cards attached under the card"):
        number(Expr("count(this.farmers)"), names)  # a player's number: no card to read
    with pytest.raises(KitgenError, match=r"this\.fields: 'this' reads the cards attached under the card"):
        card_number(names, Expr("count(this.fields)"), None, True)  # an in-play zone holds no card under one


def test_this__in_a_game_whose_copies_are_one_card_is_a_located_error(game):
    _, names = table_of(game)
    names.card_game = False  # the older games: every copy of a card is the same card
    with pytest.raises(KitgenError, match=r"this\.farmers reads under one printed copy"):
        card_number(names, Expr("count(this.farmers)"), None, True)


def hire(table: Table):
    """The Hire phase's attach step (inside the choice its `optional: true` makes) and its zone."""
    step = table.plan.phases[1].actions[0].then[0]
    return step, table.plan.vocabulary.zones[step.more.zone]


def test_attach__a_card_from_the_deck_onto_a_host_paying_the_cost_worked_out_for_that_host(game):
    t, _ = table_of(game)
    fields, farmers = farmed(t)
    food = t.plan.attributes.index("Food")
    step, zone = hire(t)
    t.values[0][food] = 3  # the first field asks 2 + 2 farmers = 4, the second 2 + 1 = 3
    assert [host for host, _ in pairs(t, 0, step, zone)] == [1]
    t.values[0][food] = 4
    found = pairs(t, 0, step, zone)
    assert [host for host, _ in found] == [0, 1] and len({card for _, card in found}) == 1  # one Farmer: one kind
    pile = len(t.piles["people"][0])
    attach(t, 0, step, found[0])
    assert t.values[0][food] == 0  # paid 4 for the first field
    assert sorted(h for h, _ in t.state.attached["farmers"][0]) == [0, 0, 0, 1]
    assert len(t.piles["people"][0]) == pile - 1 and found[0][1] not in t.piles["people"][0]
    assert t.hands[0] == []  # from the deck, not the hand


def test_attach__a_game_of_it_plays_and_every_farmer_is_somewhere_once(game):
    t = Table(plan_game(game), 3, (POLICIES["random"],) * 3, ACTIONS)
    from kitgen.simulate.engine.loop import play
    play(t)
    placed = [c for seat in t.state.attached["farmers"] for _, c in seat]
    assert len(placed) + len(t.piles["people"][0]) + len(t.piles["people"][1]) == 8
    assert len(set(placed)) == len(placed) and placed  # random players hired some


def test_room__an_attached_zones_room_is_worked_out_for_each_host(game):
    t, _ = table_of(game)
    fields, farmers = farmed(t)
    step = t.plan.phases[2].actions[0].then[0]  # Build: a Barn from the hand
    zone = t.plan.vocabulary.zones["barns"]
    barns = copies(t, "Barn")
    t.values[0][t.plan.attributes.index("Food")] = 9
    t.hands[0][:] = barns[:3]
    assert sorted({host for host, _ in pairs(t, 0, step, zone)}) == [0, 1]  # one barn each: room on both
    t.state.attached["barns"][0][:] = [(0, barns[3]), (1, barns[2])]
    t.hands[0][:] = barns[:2]
    assert pairs(t, 0, step, zone) == []  # each field holds its one barn
    t.state.attached["farmers"][0].append((1, farmers[4]))  # the second field: now three farmers
    t.state.attached["farmers"][0].append((1, farmers[5]))
    assert {host for host, _ in pairs(t, 0, step, zone)} == {1}  # two barns there
    attach(t, 0, step, (1, barns[0]))
    assert pairs(t, 0, step, zone) == [] and barns[0] not in t.hands[0]


def test_attach_at_cost__pays_the_cards_own_cost_less_the_discount_never_below_the_floor(game):
    t, _ = table_of(game)
    farmed(t)  # seat 0 has two fields: a Barn's 4 Food less 2
    food = t.plan.attributes.index("Food")
    step = t.plan.phases[2].actions[0].then[0]
    zone = t.plan.vocabulary.zones["barns"]
    t.hands[0][:] = copies(t, "Barn")[:1]
    t.values[0][food] = 1
    assert pairs(t, 0, step, zone) == []  # 2 asked
    t.values[0][food] = 2
    found = pairs(t, 0, step, zone)
    attach(t, 0, step, found[0])
    assert t.values[0][food] == 0 and t.hands[0] == []
    t.state.zones["fields"][0].extend(copies(t, "Meadow")[1:2] + copies(t, "Wheat Field")[2:4])  # five fields
    t.hands[0][:] = copies(t, "Barn")[1:2]
    t.values[0][food] = 1
    attach(t, 0, step, pairs(t, 0, step, zone)[0])
    assert t.values[0][food] == 0  # 4 - 5, held at the floor: 1
