"""The card model's zones, card fields, filters and expressions (issue 33), on a small game of four
suits (tests/fixtures/cards): each read checked against cards placed by hand, each bad name a
located error."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from kitgen.errors import KitgenError
from kitgen.load import load_game
from kitgen.model import Expr, FieldTest, Filter, When, Zone
from kitgen.simulate.compile.cards import compile_filter
from kitgen.simulate.compile.conditions import Names, condition, number
from kitgen.simulate.compile.expressions import card_number
from kitgen.simulate.compile.zones import place_index
from kitgen.simulate.engine.conditions import test as holds
from kitgen.simulate.engine.expressions import passes, value
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of, take_top
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "tests/fixtures/cards"


@pytest.fixture(scope="module")
def game():
    return load_game(CARDS)


def table_of(game, players: int = 3, seed: int = 1) -> tuple[Table, Names]:
    plan = plan_game(game)
    names = Names(game, plan.attributes)
    names.facts, names.place_list, names.places, names.deck_cards = plan.facts, plan.places, place_index(plan.places), \
        plan.decks
    return Table(plan, seed, (POLICIES["random"],) * players, ACTIONS), names


def card(table: Table, name: str) -> int:
    """The first copy of the card named `name` (a card index: one per printed copy in this game)."""
    return table.plan.facts.codes["name"].index(table.plan.facts.texts["name"].index(name))


def place(table: Table, zone: str) -> int:
    return [p.name for p in table.plan.places].index(zone)


def give(table: Table, seat: int, zone: str, *names: str) -> None:
    """Move the named cards from wherever they lie into the seat's zone, in order (the last on top)."""
    for name in names:
        wanted = card(table, name)
        for p in range(len(table.plan.places)):
            for s in range(table.players):
                cards = cards_of(table, p, s)
                if wanted in cards:
                    cards.remove(wanted)
        cards_of(table, place(table, zone), seat).append(wanted)


def read(table: Table, names: Names, text: str, seat: int = 0) -> int:
    return value(number(Expr(text), names), table, seat)


# --- zones and instances ---------------------------------------------------------------------

def test_zones__the_hand_each_decks_pile_and_the_declared_zones_with_owner_and_who_sees(game):
    t, _ = table_of(game)
    zones = {p.name: (p.kind, p.owner, p.sees) for p in t.plan.places}
    assert zones["hand"] == ("hand", 0, 1)  # a player's, seen by its owner
    assert zones["draw"] == ("pile", 1, 0)  # the table's draw pile (deck: main), seen by nobody
    assert zones["discard"] == ("pile", 1, 2)  # its reshuffle zone, seen by everyone
    assert zones["won"] == ("pile", 0, 2)
    assert zones["shop"] == ("supply", 1, 2)


def test_zones__every_printed_copy_is_a_card_of_its_own_and_the_supply_holds_its_deck(game):
    t, _ = table_of(game)
    assert len(t.plan.cards) == 16 + 5  # 2 Silk and 3 Salt are 5 cards, not 2
    shop = cards_of(t, place(t, "shop"), 0)
    assert sorted(t.plan.cards[c].name for c in shop) == ["Salt"] * 3 + ["Silk"] * 2
    assert len(cards_of(t, place(t, "draw"), 0)) == 16 and t.piles["goods"][0] == []


def test_zones__an_empty_pile_shuffles_in_its_reshuffle_zone_keeping_the_top_card(game):
    t, _ = table_of(game)
    draw, discard = place(t, "draw"), place(t, "discard")
    cards_of(t, discard, 0).extend(cards_of(t, draw, 0))
    cards_of(t, draw, 0).clear()
    top = cards_of(t, discard, 0)[-1]
    taken = take_top(t, draw, 0)
    assert taken >= 0 and cards_of(t, discard, 0) == [top]  # `keep: 1` on the discard
    assert len(cards_of(t, draw, 0)) == 14


# --- filters ----------------------------------------------------------------------------------

def compiled(table: Table, names: Names, spec: Filter):
    """The filter compiled as a step's is, its names of numbers read from the game."""
    return compile_filter(spec, table.plan.facts, lambda text, where, c: card_number(names, text, where, c))


def passing(test, table: Table, cards: tuple[str, ...]) -> list[bool]:
    """Whether each card named passes the compiled filter, for seat 0."""
    return [passes(test, table, 0, card(table, name)) for name in cards]


def matching(table: Table, names: Names, spec: Filter) -> list[str]:
    test = compiled(table, names, spec)
    return sorted({table.plan.cards[c].name for c in range(len(table.plan.cards)) if passes(test, table, 0, c)})


def test_filter__fields_lists_ranks_keywords_not_any_and_test(game):
    t, names = table_of(game)
    hearts = Filter((FieldTest("suit", ("Hearts",)),))
    assert matching(t, names, hearts) == ["Jack of Hearts", "King of Hearts", "Queen of Hearts", "Ten of Hearts"]
    high = Filter((FieldTest("rank", at_least=Expr("2")), FieldTest("suit", ("Spades", "Clubs"))))  # Queen and King
    assert matching(t, names, high) == ["King of Clubs", "King of Spades", "Queen of Clubs", "Queen of Spades"]
    assert matching(t, names, Filter((FieldTest("keyword", ("deadly",)),))) == ["Queen of Spades"]
    assert len(matching(t, names, Filter(negated=hearts))) == 14  # 12 suit cards and the 2 wares' names
    either = Filter(any=(Filter((FieldTest("name", ("Salt",)),)), Filter((FieldTest("points", at_least=Expr("13")),))))
    assert matching(t, names, either) == ["Queen of Spades", "Salt"]
    assert matching(t, names, Filter(test=Expr("points > 0 and suit != Hearts"))) == ["Queen of Spades"]


def test_filter__a_number_worked_out_in_play_is_compared_when_the_card_is_picked(game):
    t, names = table_of(game)
    spec = Filter((FieldTest("points", at_least=Expr("Score")),))
    test = compiled(t, names, spec)
    queen = card(t, "Queen of Spades")
    t.values[0][0] = 13
    assert passes(test, t, 0, queen) and not passes(test, t, 0, card(t, "Ten of Hearts"))
    t.values[0][0] = 14
    assert not passes(test, t, 0, queen)


def test_filter__a_number_inside_any_is_worked_out_for_the_player_reading_it(game):
    t, names = table_of(game)
    test = compiled(t, names, Filter(any=(Filter((FieldTest("name", ("Salt",)),)),
                                          Filter((FieldTest("points", at_least=Expr("Score")),)))))
    t.values[0][0], t.values[1][0] = 14, 13
    queen = card(t, "Queen of Spades")
    assert passes(test, t, 1, queen) and not passes(test, t, 0, queen)


def test_filter__a_choice_field_compared_with_a_number_by_its_place_in_the_list(game):
    t, names = table_of(game)
    give(t, 0, "won", "Ten of Hearts", "Jack of Clubs")  # two cards won: Spades (third) or Hearts (fourth)
    spec = Filter((FieldTest("suit", at_least=Expr("count(won)")),))
    test = compiled(t, names, spec)
    assert passing(test, t, ("King of Hearts", "King of Spades", "Queen of Clubs", "Ten of Diamonds")) == [
        True, True, False, False]
    both = Filter((FieldTest("suit", at_least=Expr("count(won)")), FieldTest("rank", ("King",))))  # and a King
    test = compiled(t, names, both)
    assert passing(test, t, ("King of Hearts", "Queen of Hearts", "King of Clubs")) == [True, False, False]


# --- expressions over zones -------------------------------------------------------------------

def test_expressions__count_sum_max_min_distinct_top_and_first(game):
    t, names = table_of(game)
    give(t, 0, "hand", "Ten of Hearts", "King of Hearts", "Jack of Clubs")
    give(t, 0, "won", "Queen of Spades", "Queen of Hearts")
    give(t, 1, "won", "Jack of Hearts")
    give(t, 0, "discard", "King of Clubs", "Ten of Diamonds")
    assert read(t, names, "count(hand)") == 3
    assert read(t, names, "count(hand, suit=Hearts)") == 2
    assert read(t, names, "count(hand, suit=Hearts, rank=King)") == 1
    assert read(t, names, "sum(won.points)") == 14
    assert read(t, names, "sum(others.won.points)") == 1 and read(t, names, "sum(all.won.points)") == 15
    assert read(t, names, "max(hand.rank)") == 3 and read(t, names, "min(hand.rank)") == 0  # King, Ten: by the list
    assert read(t, names, "distinct(hand.suit)") == 2
    assert read(t, names, "top(discard).suit == Diamonds") == 1
    ten, spades = card(t, "Ten of Diamonds"), t.plan.facts.codes["suit"][card(t, "Queen of Spades")]
    t.state.named[place(t, "discard")] = (ten, "suit", spades)  # a player declared Spades for the top card
    assert read(t, names, "top(discard).suit == Spades") == 1 and read(t, names, "top(discard).rank == Ten") == 1
    t.state.named.clear()
    assert read(t, names, 'first(discard).rank == King and top(discard).rank == Ten') == 1
    assert read(t, names, 'count(hand, name="Ten of Hearts") + count(won, keyword=deadly)') == 2
    assert read(t, names, "sum(won.points) == 14 and not count(hand) > 3") == 1
    assert read(t, names, "count(others.hand)") == 0 and read(t, names, "7 % 3") == 1


def test_expressions__a_filters_number_is_worked_out_for_the_player_reading_it(game):
    t, names = table_of(game)
    give(t, 1, "won", "Ten of Hearts", "King of Hearts", "King of Clubs", "Queen of Spades")
    t.values[1][0] = 1  # seat 1's Score: its Kings worth as many points (the King of Hearts: 1, of Clubs: 0)
    assert read(t, names, "count(won, rank=King, points=Score)", 1) == 1
    t.values[1][0] = 0
    assert read(t, names, "count(won, rank=King, points=Score)", 1) == 1  # now the King of Clubs
    assert read(t, names, "count(won, points=Score)", 1) == 1



def test_expressions__alive_counts_the_players_still_in(game):
    t, names = table_of(game)
    assert read(t, names, "alive") == 3
    t.state.out[1] = True
    assert read(t, names, "alive") == 2 and read(t, names, "alive * 10 + players") == 23
    t.state = None  # a game without the vocabulary's state (no zones, scoring, order ...): nobody is out
    assert read(t, names, "alive") == 3


def test_filter__a_test_of_the_cards_own_fields_through_min_and_max(game):
    t, names = table_of(game)
    spec = Filter(test=Expr("min(points, 5) >= 1 and max(points, 3) < 13"))
    test = compiled(t, names, spec)
    assert passing(test, t, ("Ten of Hearts", "Queen of Spades", "Ten of Clubs")) == [True, False, False]


def test_filter__target_reads_the_tested_cards_fields_for_the_player_the_step_targets(game):
    """target(...) inside a filter: the card tested is still the card read (its points), the player the aimed one."""
    t, names = table_of(game)
    spec = Filter(test=Expr("target(points + Score) >= 5"))
    test = compiled(t, names, spec)
    t.values[1][0], t.aim = 4, 1  # the aimed seat's Score: 4
    assert passing(test, t, ("Ten of Hearts", "Ten of Clubs", "Queen of Spades")) == [True, False, True]
    t.aim = 2  # Score 0
    assert passing(test, t, ("Ten of Hearts", "Ten of Clubs", "Queen of Spades")) == [False, False, True]


def test_filter__a_count_inside_a_filter_reads_the_card_the_filter_tests(game):
    """suit=suit in a count inside a filter: the suit of the card the outer filter tests (a card is
    playable when the player has won a card of its suit)."""
    t, names = table_of(game)
    give(t, 0, "won", "Ten of Hearts", "Queen of Spades")
    spec = Filter(test=Expr("count(won, suit=suit) >= 1"))
    test = compiled(t, names, spec)
    assert passing(test, t, ("Jack of Hearts", "Ten of Clubs", "King of Spades")) == [True, False, True]


def test_expressions__piles_empty_counts_the_supplys_names_with_no_card_left(game):
    t, names = table_of(game)
    shop = cards_of(t, place(t, "shop"), 0)
    assert read(t, names, "piles_empty(shop)") == 0
    for silk in [c for c in shop if t.plan.cards[c].name == "Silk"]:
        shop.remove(silk)
    assert read(t, names, "piles_empty(shop)") == 1


def test_conditions__test_and_highest_over_an_expression(game):
    t, names = table_of(game)
    give(t, 0, "hand", "Ten of Hearts")
    give(t, 1, "hand", "Jack of Hearts", "Queen of Hearts")
    most = condition(When(highest=("count(hand, suit=Hearts)",)), names, set(t.plan.decks))
    assert [holds(most, t, seat) for seat in range(3)] == [False, True, False]
    two = condition(When(test=Expr("count(hand, suit=Hearts) >= 2")), names, set(t.plan.decks))
    assert [holds(two, t, seat) for seat in range(3)] == [False, True, False]


def test_empty__a_deck_is_not_empty_while_a_market_dealt_from_it_shows_cards(game):
    market = dataclasses.replace(game, zones=(*game.zones, Zone("row", "market", deck="main", size=2)))
    t, names = table_of(market)
    empty = condition(When(empty=("main",)), names, set(t.plan.decks))
    cards_of(t, place(t, "draw"), 0).clear()
    assert len(t.state.market["row"]) == 2 and not holds(empty, t, 0)  # the defect: it held one card early
    t.state.market["row"].clear()
    assert holds(empty, t, 0)


# --- located errors ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("count(hnad)", "unknown zone 'hnad' (did you mean 'hand'?)"),
    ("sum(won.pionts)", "unknown card field 'pionts' (did you mean 'points'?)"),
    ("count(hand, suit=Harts)", "no card has suit 'Harts' (did you mean 'Hearts'?)"),
    ("top(discard).suit == Spads", "no card has suit 'Spads' (did you mean 'Spades'?)"),
    ("sum(hand.suit)", "sum(suit): 'suit' is text"),
    ("top(discard)", "top() is a card: read one of its fields"),
    ("open(hand)", "'open' is not a function an expression may call"),
    ("hand.__class__", "a zone's field is read inside a card function"),
    ("count(hand) + Scroe", "unknown name 'Scroe' (did you mean 'Score'?)"),
    ("piles_empty(discard)", "piles_empty() reads a supply"),
])
def test_expressions__a_bad_name_is_a_located_error_with_a_did_you_mean(game, text, message):
    _, names = table_of(game)
    with pytest.raises(KitgenError) as raised:
        number(Expr(text), names, game.where)
    assert message in str(raised.value) and str(raised.value).startswith(str(game.where))
