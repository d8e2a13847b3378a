"""Piles and card steps of the balance lab (issue 34: the mutation sample of simulate/engine/zones.py
and simulate/vocabulary/cards.py), through the engine's own table on the card model's small game
(tests/fixtures/cards) and through whole games played with a seed: the top card of a pile and a pile
that runs out, a pile refilled from another, discarding N, a hand size changed, and events drawn from
a deck that runs out."""
from __future__ import annotations

import dataclasses

import pytest

from kitgen.load import load_game
from kitgen.model import (Action, Amount, Amounts, Attribute, Card, CardType, Deck, Effect, Expr, Game, HandLimit, Phase,
                          VictoryPath, When, Zone)
from kitgen.simulate.engine.zones import cards_of, take_top
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.play.run import Settings, play_games
from tests.unit.test_card_model import CARDS, card, give, place, table_of

TURNS = 12


@pytest.fixture(scope="module")
def game():
    # the fixture's zones, and each player's own stock that refills from the cards it won, none kept back
    found = load_game(CARDS)
    return dataclasses.replace(found, zones=(*found.zones, Zone("stock", owner="player", reshuffle="won")))


def test_take_top__a_declared_pile_gives_its_top_card_then_minus_one_when_empty(game):
    t, _ = table_of(game)
    won = place(t, "won")
    give(t, 1, "won", "Ten of Clubs", "King of Hearts")
    assert take_top(t, won, 1) == card(t, "King of Hearts") and cards_of(t, won, 1) == [card(t, "Ten of Clubs")]
    assert take_top(t, won, 0) == -1  # seat 0's pile is empty and nothing shuffles into it
    assert take_top(t, won, 1) == card(t, "Ten of Clubs")
    assert take_top(t, won, 1) == -1 and cards_of(t, won, 1) == []


def test_take_top__a_draw_pile_with_cards_is_drawn_from_its_reshuffle_zone_untouched(game):
    t, _ = table_of(game)
    draw, discard = place(t, "draw"), place(t, "discard")
    give(t, 0, "discard", "Ten of Clubs", "Jack of Clubs")
    top = cards_of(t, draw, 0)[-1]
    assert take_top(t, draw, 0) == top and cards_of(t, discard, 0) == [card(t, "Ten of Clubs"), card(t, "Jack of Clubs")]


def test_take_top__an_empty_pile_of_a_player_refills_from_that_players_zone_all_of_it(game):
    t, _ = table_of(game)
    stock, won = place(t, "stock"), place(t, "won")
    give(t, 1, "won", "Ten of Clubs", "King of Hearts", "Queen of Spades")
    give(t, 0, "won", "Jack of Clubs")
    taken = take_top(t, stock, 1)
    names = {t.plan.cards[c].name for c in [taken, *cards_of(t, stock, 1)]}
    assert names == {"Ten of Clubs", "King of Hearts", "Queen of Spades"} and len(cards_of(t, stock, 1)) == 2
    assert cards_of(t, won, 1) == [] and cards_of(t, won, 0) == [card(t, "Jack of Clubs")]  # keep 0; the other's stays
    assert take_top(t, stock, 0) == card(t, "Jack of Clubs") and take_top(t, stock, 0) == -1  # both empty: none
    give(t, 1, "won", "Jack of Hearts")  # the stock still holds 2: the zone is shuffled in only when it is empty
    top = cards_of(t, stock, 1)[-1]
    assert take_top(t, stock, 1) == top and cards_of(t, won, 1) == [card(t, "Jack of Hearts")]


def played_a_turn(phases: tuple[Phase, ...], limit: int = 3, draws: int = 5) -> list[int]:
    """Each turn: draw `draws`, then `phases`, then play every card held; the cards each seat played
    over TURNS turns, divided by the turns (the hand a turn ended with)."""
    deck = Deck("main", "Main", "M", (Card("Blank", "Plain", (), copies=TURNS * draws * 2 + 10),))
    steps = (Phase("Draw", "", actions=(Action("draw", count=Expr(str(draws))),)), *phases,
             Phase("Play", "", actions=(Action("play", count=Expr("100"), types=("Plain",)),)))
    hands = Game("hands", "Hands", "H", "2", (Attribute("Score", start="0"),), (CardType("Plain", "main"),), (deck,),
                 steps, turns=TURNS, hand_limit=HandLimit(limit))
    results = play_games(plan_game(hands), Settings(games=2, players=2, seed=3, workers=1))
    return sorted({len(played) / TURNS for result in results for played in result.played})


def phase(*actions: Action) -> Phase:
    return Phase("Step", "", actions=actions)


@pytest.mark.parametrize("count, kept", [(2, 3), (5, 0), (9, 0), (0, 5)])
def test_discard__a_count_of_cards_or_the_whole_hand_when_it_holds_fewer(count, kept):
    assert played_a_turn((phase(Action("discard", count=Expr(str(count)))),)) == [kept]


@pytest.mark.parametrize("deltas, kept", [((1,), 4), ((1, 1), 5), ((-1,), 2), ((-3,), 0), ((-9,), 0), ((-9, 9), 3)])
def test_hand_size__moves_the_limit_for_the_turn_a_discard_leaves(deltas, kept):
    """hand-size steps add up for the turn (a limit of 3 and +1 +1: 5); below 0 the discard leaves none."""
    sizes = tuple(Action("hand-size", delta=Expr(str(delta))) for delta in deltas)
    assert played_a_turn((phase(*sizes, Action("discard-to-limit")),)) == [kept]


def test_event__drawn_from_a_deck_that_runs_out_its_discards_shuffled_back_every_card_resolved():
    """The event deck comes first (its cards are the game's first: the very first card counts too) and
    holds 3 cards for 12 turns: each drawn card resolves and goes to the discard, to be drawn again."""
    omens = Deck("events", "Events", "E", (Card("Omen", "Event", (Effect("Score", 1),), copies=3),))
    blanks = Deck("main", "Main", "M", (Card("Blank", "Plain", (), copies=10),))
    roll = Phase("Roll", "", actions=(Action("event", deck="events", die="1D6", on=(1, 2, 3, 4, 5, 6)),))
    events = Game("omens", "Omens", "O", "1", (Attribute("Score", start="0"),),
                  (CardType("Event", "events"), CardType("Plain", "main")), (omens, blanks), (roll,), turns=TURNS,
                  victory_paths=(VictoryPath("an event every turn", "", when=When(
                      end_of_turn=TURNS, at_least=Amounts((Amount("Score", Expr(str(TURNS))),)))),))
    results = play_games(plan_game(events), Settings(games=2, players=1, seed=3, workers=1))
    assert [(result.winner, result.paths) for result in results] == [(0, (0,)), (0, (0,))]
