"""A condition's tests on what the vocabulary keeps (issue 34: the mutation set of
simulate/engine/conditions.py), through a `when:` step on the card model's small game
(tests/fixtures/cards): cards_in (at least N cards in a zone, N worked out for the player), flag (set
this turn or for turns still running), streak (held at the end of the last N turns), last_standing
(every other player is out), highest by a margin (by > 1: that many points ahead of every other
player; else the best, a tie shared or nobody's). Each figure from the rule (kitgen/model.py When)."""
from __future__ import annotations

import pytest

from kitgen.load import load_game
from kitgen.model import Action, Amount, Amounts, Expr, When
from tests.unit.test_card_model import CARDS, give
from tests.unit.test_simulate_knowing import FIVE_POINTS, table_with


@pytest.fixture(scope="module")
def cards_game():
    return load_game(CARDS)


def amounts(**values: str) -> Amounts:
    return Amounts(Amount(name, Expr(text)) for name, text in values.items())


def holds(game, when: When, scores: list[int], setup=None) -> list[bool]:
    """For each player with `scores`, whether the condition holds (its `when:` step gains 5), each on a
    table of its own (what one gains changes no other's answer)."""
    found = []
    for seat in range(len(scores)):
        t, step = table_with(game, Action("when", when=when, then=FIVE_POINTS), players=len(scores))
        for p, score in enumerate(scores):
            t.values[p][0] = score
        if setup:
            setup(t)
        t.actions["when"](t, seat, step)
        found.append(t.values[seat][0] == scores[seat] + 5)
    return found


def test_cards_in__at_least_n_cards_in_the_zone_n_worked_out_for_the_player(cards_game):
    def won(t):
        give(t, 0, "won", "Ten of Clubs", "Jack of Clubs")
        give(t, 1, "won", "Ten of Hearts", "Jack of Hearts")
        give(t, 2, "won", "King of Spades")
    assert holds(cards_game, When(cards_in=amounts(won="Score")), [2, 3, 1], won) == [True, False, True]


def test_flag__holds_the_turns_it_was_set_for_and_a_flag_never_set_does_not(cards_game):
    def flags(t):
        t.turn = 3
        t.state.flags[0]["Crown"] = 3  # set this turn
        t.state.flags[1]["Crown"] = 2  # its turns are over
    assert holds(cards_game, When(flag=("Crown",)), [0, 0, 0], flags) == [True, False, False]


def test_flag__at_the_first_turn_a_flag_never_set_does_not_hold(cards_game):
    def first(t):
        t.turn = 1
    assert holds(cards_game, When(flag=("Crown",)), [0, 0], first) == [False, False]


def test_streak__the_flag_held_at_the_end_of_the_last_n_turns_n_worked_out_for_the_player(cards_game):
    def streaks(t):
        t.state.streaks[0]["Crown"] = 2
        t.state.streaks[1]["Crown"] = 2
    assert holds(cards_game, When(streak=amounts(Crown="Score")), [2, 3, 1], streaks) == [True, False, False]


def test_last_standing__holds_only_when_every_other_player_is_out(cards_game):
    assert holds(cards_game, When(last_standing=True), [0, 0, 0]) == [False, False, False]

    def out(t):
        t.state.out[1] = t.state.out[2] = True
    assert holds(cards_game, When(last_standing=True), [0, 0, 0], out)[0] is True


@pytest.mark.parametrize("by, scores, held", [
    ("2", [6, 4, 1], [True, False, False]),  # two ahead of every other player
    ("2", [6, 5, 1], [False, False, False]),  # one ahead is not enough
    ("3", [6, 4, 1], [False, False, False]),
    ("1", [6, 6, 1], [True, True, False]),  # one point: the best, a tie shared
    ("0", [6, 5, 1], [True, False, False]),
])
def test_highest_by__a_lead_of_at_least_by_points_else_the_best_a_tie_shared(cards_game, by, scores, held):
    assert holds(cards_game, When(highest=("Score",), by=Expr(by), tie="share"), scores) == held


def test_highest__a_player_out_of_the_game_is_never_the_highest_and_the_best_still_in_is(cards_game):
    def out(t):
        t.state.out[0] = True
    assert holds(cards_game, When(highest=("Score",)), [9, 4, 1], out) == [False, True, False]
