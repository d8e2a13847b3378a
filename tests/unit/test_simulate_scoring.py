"""A `score` step (issue 34: the mutation set of simulate/engine/scoring.py), each figure worked out by
hand from the rule (kitgen/model.py SetScoring, CountScoring, Majority, Action.group). Majority: the
players ranked by a value score the ladder's points by place; tied players split the points of the
places they fill (rounded down), share the first of them whole, or get none; a player with none places
nowhere (a ladder of 6, 3 and 1). `sets:` every SIZE cards of the zone that pass the filter score the
points; `by_count:` the cards that pass score the ladder's points at their count (the last for more);
`group:` the value worked out for each group of the zone's cards and summed. On the card model's small
game (tests/fixtures/cards: sixteen cards of four suits)."""
from __future__ import annotations

import dataclasses

import pytest

from kitgen.load import load_game
from kitgen.model import (Action, Amount, Amounts, Attribute, Card, CardType, CountScoring, Deck, Elimination, Expr,
                          FieldTest, Filter, Game, Majority, Phase, SetScoring, When)
from kitgen.simulate.engine.scoring import score_of
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from tests.unit.test_card_model import CARDS, give

LADDER = (Expr("6"), Expr("3"), Expr("1"))


def majority_scores(tie: str, gold: list[int], out: tuple[int, ...] = (), ladder: tuple[Expr, ...] = LADDER) -> list[int]:
    """What each player's majority by Gold is worth, the players holding `gold` (those `out` are out)."""
    deck = Deck("main", "Main", "M", (Card("Blank", "Plain", (), copies=20),))
    step = Action("score", attribute="Score", majority=Majority(Expr("Gold"), ladder, tie=tie))
    game = Game("majority", "Majority", "J", "2-5", (Attribute("Score", start="0"), Attribute("Gold", start="0")),
                (CardType("Plain", "main"),), (deck,), (Phase("Score", "", actions=(step,)),), turns=1)
    if out:  # a game where players can be out
        game = dataclasses.replace(game, eliminate=Elimination(When(at_most=Amounts((Amount("Gold", Expr("-99")),)))))
    t = Table(plan_game(game), 1, (POLICIES["random"],) * len(gold), ACTIONS)
    for seat, amount in enumerate(gold):
        t.values[seat][1] = amount
    for seat in out:
        t.state.out[seat] = True
    return [score_of(t, seat, t.plan.phases[0].actions[0]) for seat in range(len(gold))]


@pytest.mark.parametrize("tie, gold, points", [
    ("split", [5, 3, 3, 0], [6, 2, 2, 0]),  # second and third tied: (3 + 1) // 2 each; no Gold: nothing
    ("share", [5, 3, 3, 0], [6, 3, 3, 0]),  # tied for second: the second place's 3 each
    ("nobody", [5, 3, 3, 0], [6, 0, 0, 0]),
    ("split", [4, 4, 4, 4], [2, 2, 2, 2]),  # four tied for three places: (6 + 3 + 1) // 4
    ("share", [4, 4, 4, 4], [6, 6, 6, 6]),
    ("split", [1, 2, 3, -1], [1, 3, 6, 0]),  # ranked highest first; less than none places nowhere
    ("split", [2, 0, 2], [4, 0, 4]),  # tied first: (6 + 3) // 2
    ("split", [1, 2, 3, 4], [0, 1, 3, 6]),  # a fourth place earns nothing: the ladder has three
    ("split", [7, 7], [4, 4]),  # (6 + 3) // 2
    ("nobody", [7, 2], [6, 3]),
    # split-place (Sushi Go's maki): tied for the most split 6 and nobody is second; tied second split 3
    ("split-place", [7, 7, 2], [3, 3, 1]),  # the third place is third, not second
    ("split-place", [5, 5, 5, 1], [2, 2, 2, 0]),
    ("split-place", [7, 3, 3, 1], [6, 1, 1, 0]),
    ("split-place", [7, 3, 1], [6, 3, 1]),
])
def test_majority__places_by_value_ties_split_shared_or_lost(tie, gold, points):
    assert majority_scores(tie, gold) == points


def test_majority__a_player_out_places_nowhere_and_is_passed_over():
    # seat 2 is out with the most Gold: seat 0 is first (6), seat 1 second (3); seat 2 scores nothing
    assert majority_scores("split", [5, 1, 7], out=(2,)) == [6, 3, 0]


def test_majority__the_ladders_points_are_worked_out_for_the_player():
    assert majority_scores("split", [5, 2], ladder=(Expr("Gold * 2"), Expr("Gold + 1"))) == [10, 3]


HEARTS = Filter((FieldTest("suit", ("Hearts",)),))
TWO_HEARTS_A_CLUB = ("Ten of Hearts", "Jack of Hearts", "Ten of Clubs")
ALL_HEARTS = ("Ten of Hearts", "Jack of Hearts", "Queen of Hearts", "King of Hearts")


@pytest.fixture(scope="module")
def cards_game():
    return load_game(CARDS)


def zone_scores(game, step: Action, held: dict[int, tuple[str, ...]], zone: str = "won",
                score: tuple[int, int] = (0, 0)) -> list[int]:
    """What the score step is worth to each of two players, who hold the named cards in `zone` and have
    `score` points."""
    plan = plan_game(dataclasses.replace(game, phases=(Phase("Score", "", actions=(step,)),)))
    t = Table(plan, 1, (POLICIES["random"],) * 2, ACTIONS)
    for seat, names in held.items():
        give(t, seat, zone, *names)
    for seat in range(2):
        t.values[seat][0] = score[seat]
    return [score_of(t, seat, plan.phases[0].actions[0]) for seat in range(2)]


@pytest.mark.parametrize("size, points, only, mine, theirs, scores", [
    (2, "3", HEARTS, TWO_HEARTS_A_CLUB, (), [3, 0]),  # two Hearts: one set of two
    (2, "3", HEARTS, ALL_HEARTS[:3] + ("Ten of Clubs",), ALL_HEARTS[3:], [3, 0]),  # three: one set, one left over
    (2, "3", HEARTS, ALL_HEARTS, ("Ten of Clubs", "Jack of Clubs"), [6, 0]),  # four: two sets; Clubs pass no filter
    (2, "3", None, TWO_HEARTS_A_CLUB, ("Jack of Clubs", "Ten of Spades"), [3, 3]),  # no filter: any card
    (3, "5", None, ALL_HEARTS + ("Ten of Clubs", "Jack of Clubs"), (), [10, 0]),  # six cards, sets of three
    (2, "Score + 1", HEARTS, ALL_HEARTS, ("Ten of Clubs",), [8, 0]),  # the points worked out for the player: 3 each
])
def test_score_sets__every_size_cards_that_pass_the_filter_score_the_points(cards_game, size, points, only, mine,
                                                                            theirs, scores):
    step = Action("score", zone="won", attribute="Score", sets=SetScoring(size, Expr(points), filter=only))
    assert zone_scores(cards_game, step, {0: mine, 1: theirs}, score=(3, 0)) == scores


def test_score_sets__read_the_zone_named_even_the_first_one_the_hand(cards_game):
    step = Action("score", zone="hand", attribute="Score", sets=SetScoring(2, Expr("3"), filter=HEARTS))
    assert zone_scores(cards_game, step, {0: ALL_HEARTS[:1], 1: ALL_HEARTS[1:]}, zone="hand") == [0, 3]


LADDER_BY_COUNT = (Expr("0"), Expr("1"), Expr("3"), Expr("6"))


@pytest.mark.parametrize("held, only, points", [
    ((), HEARTS, 0),
    (("Ten of Clubs", "Ten of Hearts"), HEARTS, 1),
    (TWO_HEARTS_A_CLUB, HEARTS, 3),
    (ALL_HEARTS[:3], HEARTS, 6),
    (ALL_HEARTS + ("Ten of Clubs",), HEARTS, 6),  # more than the ladder: its last step
    (("Ten of Clubs", "Jack of Clubs"), None, 3),  # no filter: every card counts
])
def test_score_by_count__the_cards_that_pass_score_the_ladders_points_at_their_count(cards_game, held, only, points):
    step = Action("score", zone="won", attribute="Score", by_count=CountScoring(LADDER_BY_COUNT, filter=only))
    assert zone_scores(cards_game, step, {1: held}) == [0, points]


def test_score_by_count__the_ladders_points_are_worked_out_for_the_player(cards_game):
    step = Action("score", zone="won", attribute="Score", by_count=CountScoring((Expr("0"), Expr("Score * 2"))))
    assert zone_scores(cards_game, step, {0: ALL_HEARTS[:1], 1: ALL_HEARTS[1:]}, score=(4, 5)) == [8, 10]


@pytest.mark.parametrize("held, points", [
    ((), 0),  # no cards, no group
    (TWO_HEARTS_A_CLUB, 2 * 2 + 1 * 1),  # Hearts: 2 cards, Clubs: 1; worked out per group, not 3 * 3 over all
    (ALL_HEARTS + ("Ten of Clubs", "Jack of Clubs", "Ten of Spades"), 16 + 4 + 1),
])
def test_score_group__the_value_worked_out_for_each_group_of_the_zones_cards_and_summed(cards_game, held, points):
    step = Action("score", zone="won", attribute="Score", group="suit", value=Expr("count() * count()"))
    assert zone_scores(cards_game, step, {0: held, 1: ("Queen of Spades",)}) == [points, 1]


def test_score_group__the_value_may_read_the_players_own_numbers(cards_game):
    step = Action("score", zone="won", attribute="Score", group="suit", value=Expr("count() * Score"))
    assert zone_scores(cards_game, step, {0: TWO_HEARTS_A_CLUB, 1: ALL_HEARTS[2:]}, score=(2, 3)) == [6, 6]
    step = Action("score", zone="won", attribute="Score", group="suit", value=Expr("7 % count() + 7 % Score"))
    held = ALL_HEARTS[:3] + ("Ten of Clubs",)  # Hearts: 7 % 3 + 7 % 4; Clubs: 7 % 1 + 7 % 4
    assert zone_scores(cards_game, step, {0: held, 1: ()}, score=(4, 0)) == [(1 + 3) + (0 + 3), 0]


def test_score_value__without_group_the_value_once_for_the_player(cards_game):
    step = Action("score", zone="won", attribute="Score", value=Expr("Score * 2 + count(won)"))
    assert zone_scores(cards_game, step, {0: TWO_HEARTS_A_CLUB}, score=(1, 4)) == [5, 8]


@pytest.mark.parametrize("value, held, points", [
    ("min(count(), 2)", ALL_HEARTS[:3] + ("Ten of Clubs",), 2 + 1),  # Hearts: 3 cards, held to 2; Clubs: 1
    ("max(count(), 2)", ALL_HEARTS[:3] + ("Ten of Clubs",), 3 + 2),
    ("count() > 2 or count() == 1", ALL_HEARTS[:2] + ("Ten of Clubs",), 0 + 1),  # Hearts: 2 cards; Clubs: 1
    ("count() > 2 or count() == 1", ALL_HEARTS[:3] + ("Ten of Clubs",), 1 + 1),
    # groups of one card: a die of as many sides as the group's cards (one: it rolls 1), as many dice
    ("roll(1, count()) + roll(count(), 1)", ("Ten of Clubs", "Ten of Spades"), 2 * (1 + 1)),
])
def test_score_group__min_max_and_roll_read_each_groups_cards(cards_game, value, held, points):
    step = Action("score", zone="won", attribute="Score", group="suit", value=Expr(value))
    assert zone_scores(cards_game, step, {0: held, 1: ()}) == [points, 0]


SCORE_OR_MORE = Filter((FieldTest("points", at_least=Expr("Score")),))  # a card's points against the player's Score


@pytest.mark.parametrize("step", [
    Action("score", zone="won", attribute="Score", by_count=CountScoring(LADDER_BY_COUNT, filter=SCORE_OR_MORE)),
    Action("score", zone="won", attribute="Score", sets=SetScoring(1, Expr("1"), filter=SCORE_OR_MORE))])
def test_score_by_count_and_sets__a_filter_is_read_for_the_player_scoring(cards_game, step):
    """Seat 0 at 1 point holds two Hearts (1 point each): both pass its filter; seat 1 at 2 points holds
    the Queen of Spades (13) and the Queen of Hearts (1): only the Spade passes."""
    held = {0: ("Ten of Hearts", "Jack of Hearts"), 1: ("Queen of Spades", "Queen of Hearts")}
    assert zone_scores(cards_game, step, held, score=(1, 2)) == ([3, 1] if step.by_count else [2, 1])
