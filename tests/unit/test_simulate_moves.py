"""Cards moved between players and out of the game (issue 34: the mutation set of
simulate/vocabulary/moves.py), on the card model's small game (tests/fixtures/cards). The rules
(moves.py): trash puts the cards out of the game (in no zone); discard without `to` puts each card on
its deck's discard pile, with `to` in that zone; pass: each player still in chooses COUNT cards of its
hand and all go at once to the player `direction` of it (left: the next seat; across: half the table
on); draft: each keeps COUNT cards `to` a zone, then the hands pass `direction`, and a hand's giver
knows it."""
from __future__ import annotations

import pytest

from kitgen.load import load_game
from kitgen.model import Action, CardMatch, Expr, FieldTest, Filter
from kitgen.simulate.engine.zones import cards_of
from kitgen.simulate.vocabulary.plays import playable_cards
from tests.unit.test_card_model import CARDS, card, give, place
from tests.unit.test_simulate_knowing import FIVE_POINTS, cards, table_with

HEARTS = ("Ten of Hearts", "Jack of Hearts", "Queen of Hearts", "King of Hearts")
CLUBS = ("Ten of Clubs", "Jack of Clubs", "Queen of Clubs", "King of Clubs")
SPADES = ("Ten of Spades", "Jack of Spades", "Queen of Spades", "King of Spades")


@pytest.fixture(scope="module")
def cards_game():
    return load_game(CARDS)


def test_trash__the_cards_leave_the_game_in_no_zone(cards_game):
    t, step = table_with(cards_game, Action("trash", count=Expr("2")), players=2, h0=HEARTS[:3])
    t.actions["trash"](t, 0, step)
    assert len(t.hands[0]) == 1 and len(t.state.trash) == 2
    assert cards_of(t, place(t, "discard"), 0) == [] and not set(t.state.trash) & set(t.hands[0])


@pytest.mark.parametrize("to, pile", [("", "discard"), ("won", "won")])
def test_discard__to_its_decks_discard_pile_or_to_the_zone_named(cards_game, to, pile):
    t, step = table_with(cards_game, Action("discard", count=Expr("2"), to=to), players=2, h0=HEARTS[:3],
                         h1=CLUBS[:1])
    t.actions["discard"](t, 0, step)
    assert len(t.hands[0]) == 1 and len(cards_of(t, place(t, pile), 0)) == 2 and t.state.trash == []
    assert t.hands[1] == [card(t, CLUBS[0])]


@pytest.mark.parametrize("direction, receivers", [("left", [1, 2, 3, 0]), ("right", [3, 0, 1, 2]),
                                                  ("across", [2, 3, 0, 1])])
def test_pass__each_player_gives_count_cards_to_the_player_in_the_direction(cards_game, direction, receivers):
    t, step = table_with(cards_game, Action("pass", count=Expr("2"), direction=direction), players=4,
                         h0=HEARTS, h1=CLUBS, h2=SPADES, h3=("Ten of Diamonds", "Jack of Diamonds"))
    before = [set(hand) for hand in t.hands]
    t.actions["pass"](t, 0, step)
    for giver, receiver in enumerate(receivers):
        given = before[giver] - set(t.hands[giver])
        assert len(given) == 2 and given <= set(t.hands[receiver])
    assert [len(hand) for hand in t.hands] == [4, 4, 4, 2]


def test_pass__a_player_out_gives_nothing(cards_game):
    t, step = table_with(cards_game, Action("pass", count=Expr("1"), direction="left"), players=3,
                         h0=HEARTS[:2], h1=CLUBS[:2], h2=SPADES[:2])
    t.state.out[2] = True
    t.actions["pass"](t, 0, step)
    assert {card(t, name) for name in SPADES[:2]} <= set(t.hands[2]) and len(t.hands[0]) == 1


def test_draft__each_keeps_count_cards_then_the_hands_pass_and_the_giver_knows_its_hand(cards_game):
    t, step = table_with(cards_game, Action("draft", count=Expr("1"), to="won", direction="left"), players=3,
                         h0=HEARTS[:3], h1=CLUBS[:3], h2=SPADES[:3])
    before = [set(hand) for hand in t.hands]
    t.actions["draft"](t, 0, step)
    kept = [set(cards_of(t, place(t, "won"), p)) for p in range(3)]
    for giver in range(3):
        receiver = (giver + 1) % 3
        assert len(kept[giver]) == 1 and kept[giver] <= before[giver]
        assert set(t.hands[receiver]) == before[giver] - kept[giver]
        assert t.state.known[giver][receiver] == t.hands[receiver]


class Weighing:
    """A player that, before each choice, takes every option on its own copy of the table (as a player
    who looks ahead does) and notes where the option's card went; then takes the last option."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, str, int, int, int]] = []  # (seat, do, card, the hand it is in, won holds it)

    def choose_move(self, table, seat, options):
        for option in options:
            copy = table.clone(0)
            option.take(copy)
            hand = next((p for p, held in enumerate(copy.hands) if option.card in held), -1)
            self.seen.append((seat, option.do, option.card, hand, option.card in cards_of(copy, place(copy, "won"), seat)))
        return len(options) - 1


def moved(trace: list) -> list[tuple[int, str, int]]:
    """The trace's moves: (who moved it, the event, the hand it went to or -1)."""
    return [(entry[1], entry[2], entry[7] if entry[6] == 0 else -1) for entry in trace if entry[0] == "move"]


@pytest.mark.parametrize("do, to", [("discard", "won"), ("trash", "")])
def test_discard_and_trash__each_choice_and_card_moved_is_that_event_in_the_trace(cards_game, do, to):
    t, step = table_with(cards_game, Action(do, count=Expr("2"), to=to), players=2, h0=HEARTS[:3])
    t.trace = []
    t.actions[do](t, 0, step)
    assert moved(t.trace) == [(0, do, -1), (0, do, -1)]
    assert [entry[2] for entry in t.trace if entry[0] == "choose"] == [do, do]  # of 3 cards, then of 2


def test_pass__weighed_as_the_card_given_to_the_receiver_and_moved_as_a_move(cards_game):
    t, step = table_with(cards_game, Action("pass", count=Expr("1"), direction="left"), players=3,
                         h0=HEARTS[:2], h1=CLUBS[:2], h2=SPADES[:2])
    t.policies = (Weighing(), Weighing(), Weighing())
    t.trace = []
    before = [list(hand) for hand in t.hands]
    t.actions["pass"](t, 0, step)
    for giver in range(3):  # the giver knows the card it gave is in the receiver's hand; nobody else does
        given = [c for c in before[giver] if c not in t.hands[giver]]
        assert [t.state.known[seat][(giver + 1) % 3] for seat in range(3)] == [
            given if seat == giver else [] for seat in range(3)]
    for seat, player in enumerate(t.policies):  # each option weighed: its card in the next seat's hand, not kept
        assert [(s, do, hand, kept) for s, do, _, hand, kept in player.seen] == [
            (seat, "pass", (seat + 1) % 3, False)] * 2
    assert moved(t.trace) == [(0, "move", 1), (1, "move", 2), (2, "move", 0)]


def test_draft__weighed_as_the_card_kept_then_steps_from_the_seat_on_and_kept_as_a_draw(cards_game):
    draw = Action("draw", count=Expr("1"))
    t, step = table_with(cards_game, Action("draft", count=Expr("1"), to="won", direction="left", then=(draw,)),
                         players=3, h0=HEARTS[:2], h1=CLUBS[:2], h2=SPADES[:2])
    t.policies = (Weighing(), Weighing(), Weighing())
    t.trace = []
    t.actions["draft"](t, 1, step)
    for seat, player in enumerate(t.policies):  # each option weighed: its card in the seat's won zone, no hand
        assert [(s, do, hand, kept) for s, do, _, hand, kept in player.seen] == [(seat, "draft", -1, True)] * 2
    kept = [(p, "draw", -1) for p in range(3)]
    assert moved(t.trace) == kept + [(1, "draw", 1), (2, "draw", 2), (0, "draw", 0)]  # then: from seat 1 on


def test_play_match__a_card_of_the_tops_suit_or_rank_a_wild_one_when_it_holds_or_the_declared_suit(cards_game):
    # the top of the discard is the Ten of Clubs; a King is wild while the player's Score is 1 or more
    wild = Filter((FieldTest("rank", ("King",)),), test=Expr("Score >= 1"))
    hand = ("Ten of Hearts", "Jack of Clubs", "King of Spades", "Queen of Diamonds")
    t, step = table_with(cards_game, Action("play", match=CardMatch("discard", ("suit", "rank"), wild=wild)),
                         players=2, h0=hand)
    give(t, 0, "discard", "Ten of Clubs")

    def playable() -> list[int]:
        return sorted(playable_cards(t, 0, step))

    assert playable() == sorted(card(t, name) for name in ("Ten of Hearts", "Jack of Clubs"))  # rank, suit
    t.values[0][0] = 1
    assert playable() == sorted(card(t, name) for name in ("Ten of Hearts", "Jack of Clubs", "King of Spades"))
    t.values[0][0] = 0  # Spades declared for the top card: it counts as a Spade, still a Ten
    top, spades = card(t, "Ten of Clubs"), t.plan.facts.codes["suit"][card(t, "King of Spades")]
    t.state.named[place(t, "discard")] = (top, "suit", spades)
    assert playable() == sorted(card(t, name) for name in ("Ten of Hearts", "King of Spades"))
    cards_of(t, place(t, "discard"), 0).clear()  # any card matches an empty pile
    assert playable() == sorted(card(t, name) for name in hand)


def test_deal_and_move__from_the_pile_of_the_deck_named(cards_game):
    t, deal = table_with(cards_game, Action("deal", count=Expr("2"), deck="main"), players=2)
    main = t.piles["main"][0][-4:]
    t.trace = []
    t.actions["deal"](t, 1, deal)  # one at a time round the table from the seat: 1, 0, 1, 0
    assert t.hands == [[main[2], main[0]], [main[3], main[1]]]
    assert moved(t.trace) == [(1, "draw", 1), (0, "draw", 0)] * 2  # each card drawn by the player dealt it
    t, move = table_with(cards_game, Action("move", count=Expr("2"), deck="main", to="won"), players=2)
    main = t.piles["main"][0][-2:]
    t.actions["move"](t, 1, move)
    assert cards_of(t, place(t, "won"), 1) == main[::-1]


def test_move__without_to_the_cards_go_to_their_decks_discard_and_it_is_a_move_in_the_trace(cards_game):
    t, step = table_with(cards_game, Action("move", count=Expr("2")), players=2, h0=HEARTS[:3])
    t.actions["move"](t, 0, step)
    assert t.hands[0] == [card(t, HEARTS[0])] and t.piles["main"][1] == [card(t, HEARTS[2]), card(t, HEARTS[1])]
    t, step = table_with(cards_game, Action("move", count=Expr("1"), to="won"), players=2, h1=HEARTS[:1])
    t.trace = []
    t.actions["move"](t, 1, step)
    assert moved(t.trace) == [(1, "move", -1)]


def test_discard__to_the_hand_from_another_zone(cards_game):
    t, step = table_with(cards_game, Action("discard", count=Expr("1"), zone="won", to="hand"), players=2)
    give(t, 0, "won", HEARTS[0])
    t.trace = []
    t.actions["discard"](t, 0, step)
    assert t.hands[0] == [card(t, HEARTS[0])] and t.piles["main"][1] == []
    assert moved(t.trace) == [(0, "discard", 0)]  # moved as a discard, into the hand


class Passing:
    """A player that always takes the last option (passing, when it is offered), noting what it was offered."""

    def __init__(self) -> None:
        self.offered: list[list[str]] = []

    def choose_move(self, table, seat, options):
        self.offered.append([option.do for option in options])
        return len(options) - 1


@pytest.mark.parametrize("must, offered, score", [
    (False, [["play", "play", "nothing"]], 5),  # passing takes `otherwise:` once, and the step is over
    (True, [["play", "play"]], 0),  # it must play: two cards, no passing (the last card: no choice)
])
def test_play__passing_is_offered_unless_it_must_play_and_takes_the_otherwise_steps_once(cards_game, must, offered,
                                                                                          score):
    step = Action("play", count=Expr("2"), must=must, otherwise=FIVE_POINTS)
    t, step = table_with(cards_game, step, players=2, h0=HEARTS[:2])
    t.policies = (Passing(), Passing())
    t.actions["play"](t, 0, step)
    assert t.policies[0].offered == offered and t.values[0][0] == score


def test_draw_group__the_top_card_of_each_group_of_the_players_own_zone(cards_game):
    t, step = table_with(cards_game, Action("draw", zone="won", group="suit"), players=2)
    give(t, 1, "won", HEARTS[0], CLUBS[0], HEARTS[1])  # the Jack of Hearts on top of the Hearts
    t.policies = (Passing(), Passing())
    t.actions["draw"](t, 1, step)
    assert t.policies[1].offered == [["draw", "draw"]]  # the Jack of Hearts and the Ten of Clubs: it takes the last
    assert t.hands[1] == [card(t, CLUBS[0])] and cards_of(t, place(t, "won"), 1) == cards(t, HEARTS[0], HEARTS[1])


@pytest.mark.parametrize("to", ["", "won"])
def test_play__the_card_goes_to_its_decks_discard_or_to_and_is_remembered_as_the_players(cards_game, to):
    t, step = table_with(cards_game, Action("play", to=to, must=True), players=2, h1=HEARTS[:1])
    t.trace = []
    t.actions["play"](t, 1, step)
    played = card(t, HEARTS[0])
    assert t.played[1] == [played] and t.hands[1] == []
    if to:
        assert cards_of(t, place(t, "won"), 1) == [played] and moved(t.trace) == [(1, "play", -1)]
    else:
        assert t.piles["main"][1] == [played] and moved(t.trace) == []
