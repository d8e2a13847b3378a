"""The card model's steps in whole games and the engine's zone moves (issue 34: the mutation set of
simulate/engine/zones.py and simulate/vocabulary/cards.py): every card of a game of rounds is somewhere,
once, whatever the seed; a round's start sends every card home; a move takes a card from one zone to
the top of another, marked when asked. On the card model's small game (tests/fixtures/cards) and the
published Lost Cities (examples/lost-cities: draw, play to a zone, discard to a zone, three rounds)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.model import (Action, Amount, Amounts, Attribute, Card, CardType, Deck, Effect, Expr, FieldTest, Filter, Game,
                          Phase, VictoryPath, When)
from kitgen.simulate.compile.zones import TABLE
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of, move, send_home
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.cards import discard
from kitgen.simulate.vocabulary.tricks import trick_winner
from tests.unit.test_card_model import CARDS, card, give, place, table_of

ROOT = Path(__file__).resolve().parents[2]
HAND = 8  # Lost Cities: each player holds eight cards, plays or discards one and draws one


@pytest.fixture(scope="module")
def cards_game():
    return load_game(CARDS)


@pytest.fixture(scope="module")
def lost_cities():
    return plan_game(load_game(ROOT / "examples/lost-cities"))


def where(table: Table) -> list[int]:
    """Every card in every zone (a table zone once; a deck's pile once under its two names), sorted."""
    lists = {}
    for index, zone in enumerate(table.plan.places):
        for seat in range(1) if zone.owner == TABLE else range(table.players):
            cards = cards_of(table, index, seat)
            lists[id(cards)] = cards
    return sorted(c for cards in lists.values() for c in cards)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_lost_cities__three_rounds_played_every_card_once_somewhere_and_a_full_hand_each(lost_cities, seed):
    t = Table(lost_cities, seed, (POLICIES["random"],) * 2, ACTIONS)
    result = play(t)
    assert t.round == 3 and result.winner in (0, 1)
    assert where(t) == sorted(c for copies in lost_cities.decks.values() for c in copies)
    assert [len(hand) for hand in t.hands] == [HAND, HAND]  # the last card drawn ended the round, hands full
    assert cards_of(t, place(t, "draw"), 0) == []  # a round ends when the draw pile is empty
    laid = [len(cards_of(t, place(t, "expedition"), seat)) for seat in range(2)]
    assert sum(laid) > 0  # cards were played to the expeditions in the last round


def test_send_home__every_card_back_in_its_decks_draw_pile_shuffled_and_the_supply_dealt(cards_game):
    t, _ = table_of(cards_game, players=2, seed=4)
    give(t, 0, "hand", "Ten of Clubs", "King of Hearts")
    give(t, 1, "won", "Queen of Spades")
    give(t, 0, "discard", "Jack of Clubs")
    send_home(t)
    assert t.hands == [[], []]
    for zone in ("won", "discard"):
        assert cards_of(t, place(t, zone), 0) == cards_of(t, place(t, zone), 1) == []
    main = cards_of(t, place(t, "draw"), 0)
    assert sorted(main) == sorted(t.plan.decks["main"]) and main != sorted(main)  # all of the deck, shuffled
    assert cards_of(t, place(t, "shop"), 0) == sorted(t.plan.decks["goods"])  # a supply's pile, in order
    assert where(t) == sorted(c for copies in t.plan.decks.values() for c in copies)


def test_send_home__the_same_seed_deals_the_same_draw_pile(cards_game):
    piles = []
    for _ in range(2):
        t, _ = table_of(cards_game, players=2, seed=9)
        send_home(t)
        piles.append(list(cards_of(t, place(t, "draw"), 0)))
    assert piles[0] == piles[1]


def test_move__the_card_leaves_its_zone_for_the_top_of_the_other_marked_only_when_a_mark_is_named(cards_game):
    t, _ = table_of(cards_game, players=2)
    give(t, 0, "hand", "Ten of Clubs", "King of Hearts")
    give(t, 0, "won", "Jack of Clubs")
    hand, won = cards_of(t, place(t, "hand"), 0), cards_of(t, place(t, "won"), 0)
    ten, king = card(t, "Ten of Clubs"), card(t, "King of Hearts")
    move(t, ten, hand, won)
    assert hand == [king] and won == [card(t, "Jack of Clubs"), ten]
    assert t.state.marks == {}  # no mark named: nothing marked
    move(t, king, hand, won, "discarded")
    assert hand == [] and won[-1] == king and t.state.marks == {"discarded": {king}}
    move(t, ten, won, hand, "discarded")
    assert t.state.marks == {"discarded": {king, ten}}


@pytest.mark.parametrize("seed", [1, 2])
def test_hearts__every_card_once_somewhere_and_every_hand_played_out_at_the_end(seed):
    plan = plan_game(load_game(ROOT / "examples/hearts"))
    t = Table(plan, seed, (POLICIES["random"],) * 4, ACTIONS)
    result = play(t)
    assert result.winner in range(4) and t.hands == [[], [], [], []]  # a round ends when the tricks are played out
    assert where(t) == sorted(c for copies in plan.decks.values() for c in copies)
    assert len(cards_of(t, place(t, "won"), result.winner)) % 4 == 0  # won in whole tricks of four cards


@pytest.mark.parametrize("seed", [1, 2])
def test_uno__every_card_once_somewhere_and_the_winner_out_of_cards(seed):
    plan = plan_game(load_game(ROOT / "examples/uno"))
    t = Table(plan, seed, (POLICIES["random"],) * 3, ACTIONS)
    result = play(t)
    assert t.hands[result.winner] == [] and all(t.hands[seat] for seat in range(3) if seat != result.winner)
    assert where(t) == sorted(c for copies in plan.decks.values() for c in copies)


def test_discard_to__a_discard_with_to_puts_the_card_in_that_zone_not_the_decks_discard_pile(cards_game):
    # the fixture draws a card a turn for 5 turns; each turn the card is discarded to the player's `won`
    keep = Phase("Keep", "", actions=(Action("discard", count=Expr("1"), to="won"),))
    t = Table(plan_game(dataclasses.replace(cards_game, phases=(*cards_game.phases, keep))), 1,
              (POLICIES["random"],) * 2, ACTIONS)
    play(t)
    assert t.hands == [[], []] and [len(cards_of(t, place(t, "won"), seat)) for seat in range(2)] == [5, 5]
    assert cards_of(t, place(t, "discard"), 0) == []


def worth_game() -> Game:
    """Gold (+3 Score) and Tin (+1 Score): the greedy player's Score leads it to the win, so Gold is worth more."""
    deck = Deck("main", "Main", "M", (Card("Gold", "Plain", (Effect("Score", 3),), copies=4),
                                      Card("Tin", "Plain", (Effect("Score", 1),), copies=4)))
    steps = (Phase("Play", "", actions=(Action("play", count=Expr("1"), types=("Plain",)),)),)
    win = VictoryPath("Rich", "", when=When(end_of_turn=3, at_least=Amounts((Amount("Score", Expr("9")),))))
    return Game("worth", "Worth", "W", "2", (Attribute("Score", start="0"),), (CardType("Plain", "main"),), (deck,),
                steps, victory_paths=(win,), turns=3)


def greedy_table() -> Table:
    """Seat 0 holds Tin, Gold, Tin, Gold, Tin (a card index names a card; its copies share it)."""
    t = Table(plan_game(worth_game()), 1, (POLICIES["greedy"],) * 2, ACTIONS)
    gold, tin = (next(c for c, kind in enumerate(t.plan.cards) if kind.name == name) for name in ("Gold", "Tin"))
    t.hands[0] = [tin, gold, tin, gold, tin]
    return t


def names(t: Table, cards: list[int]) -> list[str]:
    return sorted(t.plan.cards[c].name for c in cards)


def test_play__the_greedy_player_plays_the_card_worth_most():
    t = greedy_table()
    ACTIONS["play"](t, 0, t.plan.phases[0].actions[0])
    assert names(t, t.played[0]) == ["Gold"] and t.values[0][0] == 3  # Gold played: Score +3


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_discard__the_greedy_player_discards_the_cards_worth_least_first(count):
    t = greedy_table()
    discard(t, 0, count)
    assert names(t, t.hands[0]) == sorted(["Gold", "Gold", "Tin", "Tin", "Tin"][:5 - count])  # Tins go first, then Gold
    assert names(t, t.piles["main"][1]) == sorted(["Tin", "Tin", "Tin", "Gold"][:count])


def test_discard__a_player_without_a_many_at_once_choice_discards_one_card_at_a_time():
    t = greedy_table()
    t.policies = (POLICIES["random"],) * 2  # random has no choose_discards: it answers each card in turn
    held = names(t, t.hands[0])
    discard(t, 0, 2)
    assert len(t.hands[0]) == 3 and sorted(names(t, t.hands[0]) + names(t, t.piles["main"][1])) == held


def hearts_trick(*played: tuple[str, int], **take: object) -> tuple[Table, object]:
    """A Hearts table whose trick holds the named cards, each played by its seat, in order (the first led);
    `take`: the take-trick step's keys changed (trump, follow, rank)."""
    game = load_game(ROOT / "examples/hearts")
    if take:
        game = dataclasses.replace(game, phases=tuple(dataclasses.replace(phase, actions=tuple(
            dataclasses.replace(a, **take) if a.do == "take-trick" else a for a in phase.actions))
            for phase in game.phases))
    plan = plan_game(game)
    t = Table(plan, 1, (POLICIES["random"],) * 4, ACTIONS)
    step = next(a for phase in plan.phases for a in phase.actions if a.do == "take-trick")
    for name, seat in played:
        give(t, seat, "trick", name)
        t.state.played_by[card(t, name)] = seat
    return t, step


@pytest.mark.parametrize("played, winner", [
    ((("Ten of Clubs", 1), ("Ace of Hearts", 2), ("Queen of Clubs", 3), ("Two of Clubs", 0)), 3),  # the suit led
    ((("Two of Hearts", 0), ("Ace of Spades", 1), ("King of Hearts", 2), ("Three of Hearts", 3)), 2),
    ((("Ace of Diamonds", 2), ("King of Diamonds", 3), ("Ace of Clubs", 0), ("Two of Diamonds", 1)), 2),  # led wins
    ((("Five of Spades", 3), ("Nine of Spades", 0), ("Jack of Hearts", 1), ("Three of Spades", 2)), 0),
])
def test_take_trick__the_highest_card_of_the_suit_led_takes_the_trick_and_leads(played, winner):
    t, step = hearts_trick(*played)
    assert trick_winner(t, 0, step) == (winner, [card(t, name) for name, _ in played])
    ACTIONS["take-trick"](t, 0, step)
    assert names_of(t, cards_of(t, place(t, "won"), winner)) == sorted(name for name, _ in played)
    assert cards_of(t, place(t, "trick"), 0) == [] and t.state.next == winner


def test_take_trick__an_empty_trick_has_no_winner():
    t, step = hearts_trick()
    assert trick_winner(t, 0, step) == (-1, [])
    ACTIONS["take-trick"](t, 0, step)
    assert t.state.next == -1 and all(cards_of(t, place(t, "won"), seat) == [] for seat in range(4))


SPADES = Filter((FieldTest("suit", ("Spades",)),))
ACES = Filter((FieldTest("rank", ("A",)),))


@pytest.mark.parametrize("trump, played, winner", [
    # a trump beats the suit led, the highest trump the others
    (SPADES, (("Ace of Clubs", 1), ("Three of Spades", 2), ("King of Clubs", 3), ("Two of Spades", 0)), 2),
    (SPADES, (("Two of Hearts", 0), ("Ace of Hearts", 1), ("Four of Spades", 2), ("Nine of Spades", 3)), 3),
    (SPADES, (("Five of Spades", 3), ("Ace of Diamonds", 0), ("Two of Spades", 1), ("Ace of Hearts", 2)), 3),  # led
    (SPADES, (("Ten of Clubs", 1), ("Ace of Hearts", 2), ("Queen of Clubs", 3), ("Two of Clubs", 0)), 3),  # no trump
    # trumps of equal rank: the first played
    (ACES, (("Two of Clubs", 0), ("Ace of Hearts", 1), ("King of Clubs", 2), ("Ace of Spades", 3)), 1),
])
def test_take_trick__the_highest_trump_wins_else_the_highest_of_the_suit_led(trump, played, winner):
    t, step = hearts_trick(*played, trump=trump)
    assert trick_winner(t, 0, step) == (winner, [card(t, name) for name, _ in played])


def test_take_trick__without_follow_the_highest_card_of_any_suit_wins():
    t, step = hearts_trick(("Two of Clubs", 0), ("Jack of Hearts", 1), ("King of Diamonds", 2), ("Ten of Clubs", 3),
                           follow="")
    assert trick_winner(t, 0, step)[0] == 2


def test_take_trick__without_rank_the_first_card_of_the_suit_led_wins():
    t, step = hearts_trick(("Two of Clubs", 1), ("Jack of Hearts", 2), ("King of Clubs", 3), rank="")
    assert trick_winner(t, 0, step)[0] == 1


def test_take_trick__a_card_nobody_played_is_the_seat_taking_the_steps():
    t, step = hearts_trick(("Two of Clubs", 1), ("King of Clubs", 2))
    del t.state.played_by[card(t, "King of Clubs")]
    assert trick_winner(t, 3, step)[0] == 3
    ACTIONS["take-trick"](t, 3, step)
    assert names_of(t, cards_of(t, place(t, "won"), 3)) == ["King of Clubs", "Two of Clubs"] and t.state.next == 3


def test_take_trick__each_card_moves_from_the_trick_to_the_winners_won_pile_as_a_move_it_traces():
    t, step = hearts_trick(("Two of Clubs", 1), ("King of Clubs", 2), ("Ace of Hearts", 3))
    t.trace = []
    ACTIONS["take-trick"](t, 1, step)
    trick, won = place(t, "trick"), place(t, "won")
    assert t.trace == [("move", 2, "move", card(t, name), trick, 2, won, 2)
                       for name in ("Two of Clubs", "King of Clubs", "Ace of Hearts")]


def names_of(t: Table, cards: list[int]) -> list[str]:
    return sorted(t.plan.facts.texts["name"][t.plan.facts.codes["name"][c]] for c in cards)


def test_play__a_card_that_wins_the_game_ends_the_step_before_its_next_card(tmp_path):
    """A play of up to 2 cards whose first card checks victory and wins (seat 0, the first seat): no second card."""
    import shutil

    from kitgen.simulate.engine.cycle import run_setup

    folder = tmp_path / "cards"
    shutil.copytree(CARDS, folder)
    deck = folder / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(
        "type: Suit card, suit", "type: Suit card, actions: [{do: check-victory}], suit"), encoding="utf-8")
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("    actions: [{do: draw, deck: main}]",
                        "    actions: [{do: draw, deck: main, count: 3}, {do: play, count: 2, to: won}]")
    (folder / "game.yaml").write_text(text.replace('    when: {end_of_turn: 5, highest: ["count(hand, suit=Hearts)"]}',
                                                   "    when: {at_least: {Score: 0}}"), encoding="utf-8")
    t = Table(plan_game(load_game(folder)), 1, (POLICIES["random"],) * 2, ACTIONS)
    run_setup(t)
    draw, played = t.plan.phases[0].actions
    ACTIONS[draw.do](t, 0, draw)
    ACTIONS[played.do](t, 0, played)
    assert (t.winner, len(cards_of(t, place(t, "won"), 0)), len(t.hands[0])) == (0, 1, 2)


@pytest.mark.parametrize("to, playable", [("trick", ["Ace of Hearts", "King of Clubs", "Two of Clubs"]),
                                          ("hand", ["King of Clubs", "Two of Clubs"])])
def test_play__follow_reads_the_first_card_of_the_zone_played_to_the_hand_too(to, playable):
    """Hearts' play step without its `only:` rules, played to the trick (empty: any card) or to the hand:
    `follow: suit` keeps the cards of the suit of the first card there, Clubs (the hand is zone 0)."""
    from kitgen.simulate.vocabulary.plays import playable_cards

    game = load_game(ROOT / "examples/hearts")
    game = dataclasses.replace(game, phases=tuple(dataclasses.replace(phase, actions=tuple(
        dataclasses.replace(a, to=to, only=()) if a.do == "play" else a for a in phase.actions))
        for phase in game.phases))
    t = Table(plan_game(game), 1, (POLICIES["random"],) * 4, ACTIONS)
    t.hands[0][:] = []
    give(t, 0, "hand", "Two of Clubs", "Ace of Hearts", "King of Clubs")
    step = next(a for phase in t.plan.phases for a in phase.actions if a.do == "play")
    assert names(t, playable_cards(t, 0, step)) == playable


def test_declare__only_the_values_of_the_cards_that_pass_its_filter_are_offered():
    """Uno's colour named (declare: field color) with a filter passing the Red and Blue cards only."""
    from kitgen.simulate.compile.cards import MASK

    plan = plan_game(load_game(ROOT / "examples/uno"))
    t = Table(plan, 1, (POLICIES["random"],) * 2, ACTIONS)
    colors = [plan.facts.texts["color"][code] for code in plan.facts.codes["color"]]
    play_step = next(a for phase in plan.phases for a in phase.actions if a.do == "play")
    cards = play_step.more.cards._replace(field="color", zone=place(t, "pile"),
                                          filter=(MASK, tuple(c in ("Red", "Blue") for c in colors)))
    step = dataclasses.replace(play_step, do="declare", more=play_step.more._replace(cards=cards))
    give(t, 0, "pile", "Red 1")
    offered: list[str] = []

    def first(table, seat, options):
        offered.extend(plan.facts.texts["color"][o.value] for o in options)
        return 0
    t.policies = (POLICIES["random"]._replace(choose_move=first),) * 2
    ACTIONS["declare"](t, 0, step)
    assert sorted(offered) == ["Blue", "Red"]
