"""What players know (issue 34: the mutation set of simulate/vocabulary/knowing.py and engine/knowledge.py),
on the card model's small game (tests/fixtures/cards: each player's hand is its own, the discard pile
and the won piles face up, the draw pile face down). The rules (knowing.py, knowledge.py): look: the
seat learns a target's hand; reveal: every other player learns the seat's; guess: the seat names a
value of a field, and a target holding such a card takes the `then:` steps; compare: both see the
other's hand and the lower `value` takes the `loser:` steps (equal: nobody); swap-hands: the hands
change places and each knows the hand it gave. A card taken into a hand from a face-up pile is known
there by the others, one drawn unseen is not, one leaving a hand is forgotten. A searching player
deals anew what it cannot see, each hidden zone keeping its size and the cards it knows kept."""
from __future__ import annotations

import dataclasses
import random

import pytest

from kitgen.load import load_game
from kitgen.model import Action, Amount, Amounts, Expr, FieldTest, Filter, Phase, VictoryPath, When, Zone
from kitgen.simulate.engine.knowledge import determinize, hidden_places
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.picks import carry
from tests.unit.test_card_model import CARDS, card, give, place

FIVE_POINTS = (Action("gain", gain=Amounts((Amount("Score", Expr("5")),))),)


@pytest.fixture(scope="module")
def cards_game():
    return load_game(CARDS)


def table_with(game, step: Action, players: int = 3, **hands: tuple[str, ...]):
    """A table of `players` whose seats hold the named cards (hands={'h0': (...), 'h1': ...}), and the step."""
    plan = plan_game(dataclasses.replace(game, phases=(Phase("Step", "", actions=(step,)),)))
    t = Table(plan, 1, (POLICIES["random"],) * players, ACTIONS)
    for key, names in hands.items():
        give(t, int(key[1:]), "hand", *names)
    return t, plan.phases[0].actions[0]


def cards(t: Table, *names: str) -> list[int]:
    return [card(t, name) for name in names]


def test_look__the_seat_learns_the_targets_hand_and_nobody_else_learns_anything(cards_game):
    t, step = table_with(cards_game, Action("look", target="next-player"), h1=("King of Hearts", "Ten of Clubs"))
    ACTIONS["look"](t, 0, step)
    assert t.state.known == [[[], cards(t, "King of Hearts", "Ten of Clubs"), []], [[], [], []], [[], [], []]]


def test_look__what_was_known_before_is_replaced_by_what_is_seen(cards_game):
    t, step = table_with(cards_game, Action("look", target="next-player"), h1=("King of Hearts",))
    t.state.known[0][1] = cards(t, "Ten of Clubs")  # known once, passed on since
    ACTIONS["look"](t, 0, step)
    assert t.state.known[0][1] == cards(t, "King of Hearts")


def test_reveal__every_other_player_learns_the_seats_hand(cards_game):
    t, step = table_with(cards_game, Action("reveal"), h1=("King of Hearts", "Ten of Clubs"))
    ACTIONS["reveal"](t, 1, step)
    hand = cards(t, "King of Hearts", "Ten of Clubs")
    assert t.state.known == [[[], hand, []], [[], [], []], [[], hand, []]]  # the seat's own: nothing to learn


@pytest.mark.parametrize("named, scores", [
    ("Hearts", [0, 5, 0]),  # the target holds a Heart: it takes the steps (its own Score)
    ("Clubs", [0, 0, 0]),  # it holds no Club: nothing
])
def test_guess__a_target_holding_a_card_of_the_value_named_takes_the_steps(cards_game, named, scores):
    only = Filter((FieldTest("suit", (named,)),))  # the one value the seat may name
    step = Action("guess", target="next-player", field="suit", filter=only, then=FIVE_POINTS)
    t, step = table_with(cards_game, step, h0=("Ten of Hearts",), h1=("King of Hearts", "Queen of Spades"),
                         h2=("Jack of Clubs",))
    ACTIONS["guess"](t, 0, step)
    assert [v[0] for v in t.values] == scores


def test_guess__the_seat_names_among_the_values_the_filter_lets_through_and_a_miss_costs_nothing(cards_game):
    # any suit but Hearts may be named: the target holds Hearts only, so no guess hits, whatever the seed
    only = Filter(negated=Filter((FieldTest("suit", ("Hearts",)),)))
    step = Action("guess", target="next-player", field="suit", filter=only, then=FIVE_POINTS)
    for seed in range(8):
        t, s = table_with(cards_game, step, h1=("King of Hearts", "Ten of Hearts"))
        t.chance(random.Random(seed))
        ACTIONS["guess"](t, 0, s)
        assert [v[0] for v in t.values] == [0, 0, 0]


DISCARD_ONE = (Action("discard", count=Expr("1")),)


@pytest.mark.parametrize("mine, theirs, hands", [
    (("Ten of Clubs",), ("Queen of Spades",), [0, 1]),  # 0 points against 13: the seat loses a card
    (("Queen of Spades",), ("Ten of Hearts",), [1, 0]),  # 13 against 1: the target does
    (("Ten of Hearts",), ("Jack of Hearts",), [1, 1]),  # 1 against 1: nobody
])
def test_compare__the_lower_value_takes_the_loser_steps_and_each_sees_the_others_hand(cards_game, mine, theirs, hands):
    step = Action("compare", target="next-player", value=Expr("sum(hand.points)"), loser=DISCARD_ONE)
    t, step = table_with(cards_game, step, h0=mine, h1=theirs)
    ACTIONS["compare"](t, 0, step)
    assert [len(hand) for hand in t.hands] == hands + [0]
    assert (t.state.known[0][1], t.state.known[1][0]) == (cards(t, *theirs), cards(t, *mine))
    assert t.state.known[2] == [[], [], []]


def test_swap_hands__the_hands_change_places_and_each_knows_the_hand_it_gave(cards_game):
    t, step = table_with(cards_game, Action("swap-hands", target="next-player"), h0=("Ten of Clubs",),
                         h1=("King of Hearts", "Queen of Spades"))
    t.state.known[2][0] = cards(t, "Ten of Clubs")  # seat 2 knew seat 0's card ...
    ACTIONS["swap-hands"](t, 0, step)
    assert t.hands[:2] == [cards(t, "King of Hearts", "Queen of Spades"), cards(t, "Ten of Clubs")]
    assert t.state.known[0][1] == cards(t, "Ten of Clubs") and t.state.known[1][0] == t.hands[0]
    assert t.state.known[2][1] == cards(t, "Ten of Clubs") and t.state.known[2][0] == []  # ... now seat 1's


def test_swap_hands__with_itself_nothing_changes(cards_game):
    t, step = table_with(cards_game, Action("swap-hands", target="self"), h0=("Ten of Clubs",), h1=("King of Hearts",))
    ACTIONS["swap-hands"](t, 0, step)
    assert t.hands[:2] == [cards(t, "Ten of Clubs"), cards(t, "King of Hearts")] and t.state.known[0] == [[], [], []]


def test_knowledge__a_card_taken_from_a_face_up_pile_is_known_one_drawn_unseen_is_not(cards_game):
    t, _ = table_with(cards_game, Action("reveal"))
    hand, discard, draw = place(t, "hand"), place(t, "discard"), place(t, "draw")
    give(t, 0, "discard", "Queen of Spades")
    carry(t, 1, card(t, "Queen of Spades"), (discard, 0, hand, 1), "draw")  # from the face-up pile
    top = cards_of(t, draw, 0)[-1]
    carry(t, 1, top, (draw, 0, hand, 1), "draw")  # unseen
    assert [t.state.known[p][1] for p in range(3)] == [cards(t, "Queen of Spades"), [], cards(t, "Queen of Spades")]
    carry(t, 1, card(t, "Queen of Spades"), (hand, 1, discard, 0), "discard")  # it leaves the hand: forgotten
    assert [t.state.known[p][1] for p in range(3)] == [[], [], []]


def test_hidden_places__the_others_hands_and_the_draw_piles_once_never_a_face_up_pile_or_its_own_hand(cards_game):
    t, _ = table_with(cards_game, Action("reveal"))
    named = sorted((t.plan.places[p].name, owner) for p, owner in hidden_places(t, 1))
    # the two decks' draw piles, each once (the main deck's is also the zone `draw`), seats 0 and 2's hands
    assert named == [("goods", 0), ("hand", 0), ("hand", 2), ("main", 0)]



def test_hidden_places__a_players_face_down_zone_declared_after_the_decks_pile_is_hidden_from_the_others(cards_game):
    # the zones in order: hand, the decks' piles, draw (the main deck's pile again), discard, won, shop, vault
    vault = Zone("vault", owner="player", sees="owner")
    t, _ = table_with(dataclasses.replace(cards_game, zones=cards_game.zones + (vault,)), Action("reveal"))
    named = sorted((t.plan.places[p].name, owner) for p, owner in hidden_places(t, 1))
    assert named == [("goods", 0), ("hand", 0), ("hand", 2), ("main", 0), ("vault", 0), ("vault", 2)]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_determinize__what_the_seat_cannot_see_is_dealt_anew_each_zone_keeping_its_size(cards_game, seed):
    t, _ = table_with(cards_game, Action("reveal"), h0=("Ten of Clubs", "Jack of Clubs"),
                      h1=("King of Hearts", "Queen of Spades", "Ten of Hearts"), h2=("Jack of Hearts",))
    give(t, 0, "discard", "King of Clubs")
    t.state.known[2][1] = cards(t, "Queen of Spades")  # seat 2 knows seat 1 holds the Queen of Spades
    t.chance(random.Random(seed))
    hidden = sorted(t.hands[0] + t.hands[1] + cards_of(t, place(t, "draw"), 0))
    before = [list(t.hands[2]), list(cards_of(t, place(t, "discard"), 0)), [len(h) for h in t.hands],
              len(cards_of(t, place(t, "draw"), 0))]
    determinize(t, 2)
    assert [t.hands[2], cards_of(t, place(t, "discard"), 0), [len(h) for h in t.hands],
            len(cards_of(t, place(t, "draw"), 0))] == before
    assert sorted(t.hands[0] + t.hands[1] + cards_of(t, place(t, "draw"), 0)) == hidden
    assert t.hands[1][0] == card(t, "Queen of Spades")  # what it knows stays where it is


def test_determinize__deals_differently_by_seed(cards_game):
    deals = set()
    for seed in range(4):
        t, _ = table_with(cards_game, Action("reveal"), h0=("Ten of Clubs", "Jack of Clubs"))
        t.chance(random.Random(seed))
        determinize(t, 1)
        deals.add(tuple(t.hands[0]))
    assert len(deals) > 1


def test_guess__the_steps_taken_stop_once_the_player_taking_them_has_won(cards_game):
    # seat 2 guesses Hearts of seat 0, who holds one: seat 0 takes check-victory (a card in hand wins), then no more
    wins = VictoryPath("A card", "Hold a card.", when=When(cards_in=Amounts((Amount("hand", Expr("1")),))))
    only = Filter((FieldTest("suit", ("Hearts",)),))
    step = Action("guess", target="next-player", field="suit", filter=only, then=(Action("check-victory"),) + FIVE_POINTS)
    game = dataclasses.replace(cards_game, victory_paths=(wins,))
    t, step = table_with(game, step, h0=("King of Hearts",), h1=("Queen of Spades",), h2=("Jack of Clubs",))
    ACTIONS["guess"](t, 2, step)
    assert t.winner == 0 and [v[0] for v in t.values] == [0, 0, 0]


def test_look_next_player__in_a_game_of_two_the_other_seat(cards_game):
    t, step = table_with(cards_game, Action("look", target="next-player"), players=2, h1=("King of Hearts",))
    ACTIONS["look"](t, 0, step)
    assert t.state.known[0] == [[], cards(t, "King of Hearts")]


def test_look_next_player__the_next_seat_even_while_a_step_in_progress_aims_at_another(cards_game):
    t, step = table_with(cards_game, Action("look", target="next-player"), h1=("King of Hearts",), h2=("Ten of Clubs",))
    t.aim = 2  # a claim in progress aimed at the last seat
    ACTIONS["look"](t, 0, step)
    assert t.state.known[0] == [[], cards(t, "King of Hearts"), []]
