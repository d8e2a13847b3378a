"""Who is out and when the game ends (issue 34: the mutation set of simulate/engine/rounds.py), on the
rules vocabulary's Duel (tests/fixtures/vocab/duel: three Lives each; a player with none is out; the
last player left wins). The rule (engine/rounds.eliminate, turn_over): players for whom `eliminate`
holds are out and their hands go to their decks' discard piles; one left: its victory paths are
checked; none left: the game ends with no winner; a game_end that holds ends the game."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.model import Action, Amount, Amounts, Expr, GameEnd, Phase, Scoring, When
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.rounds import eliminate, round_end, turn_over
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS

DUEL = Path(__file__).resolve().parents[1] / "fixtures/vocab/duel"
LIVES = 1  # Might, Lives, Glory


@pytest.fixture(scope="module")
def duel():
    return load_game(DUEL)


def duel_table(game, lives: list[int], hands: list[int] | None = None) -> Table:
    """Three players with `lives` each, holding `hands` cards of the Arms deck's draw pile."""
    t = Table(plan_game(game), 1, (POLICIES["random"],) * len(lives), ACTIONS)
    for seat, count in enumerate(lives):
        t.values[seat][LIVES] = count
    draw = t.piles["arms"][0]
    for seat, count in enumerate(hands or [0] * len(lives)):
        t.hands[seat].extend(draw[:count])
        del draw[:count]
    return t


def test_eliminate__a_player_with_no_lives_is_out_and_its_hand_goes_to_the_discard_pile(duel):
    t = duel_table(duel, [2, 0, 1], hands=[1, 2, 3])
    held = list(t.hands[1])
    assert eliminate(t) is False  # two players left: the game goes on
    assert t.state.out == [False, True, False] and t.winner == -1
    assert t.hands[1] == [] and t.piles["arms"][1] == held
    assert [len(hand) for hand in t.hands] == [1, 0, 3]  # the others keep theirs


def test_eliminate__the_last_player_left_wins_by_its_victory_path(duel):
    t = duel_table(duel, [0, 2, 0])
    assert eliminate(t) is True
    assert t.state.out == [True, False, True] and t.winner == 1


def test_eliminate__the_first_seat_left_wins_too(duel):
    t = duel_table(duel, [2, 0, 0])
    assert eliminate(t) is True and t.winner == 0
    t = duel_table(duel, [2, 0, 0])
    assert turn_over(t, 1) is True and t.winner == 0


def test_eliminate__a_player_already_out_is_not_put_out_again(duel):
    t = duel_table(duel, [1, 0, 1], hands=[0, 0, 0])
    t.state.out[1] = True
    t.hands[1].append(t.piles["arms"][0].pop())  # a card it holds (no rule deals to a player out)
    assert eliminate(t) is False and t.hands[1] != [] and t.piles["arms"][1] == []


def test_eliminate__everyone_out_at_once_ends_the_game_with_no_winner(duel):
    t = duel_table(duel, [0, 0, 0])
    assert eliminate(t) is True and t.state.out == [True] * 3 and t.winner == -1


def test_turn_over__elimination_first_then_game_end_else_the_game_goes_on(duel):
    t = duel_table(duel, [3, 3, 3])
    assert turn_over(t, 0) is False and t.state.out == [False] * 3
    t.values[2][LIVES] = 0
    t.values[0][LIVES] = 0
    assert turn_over(t, 0) is True and t.winner == 1  # the last standing


def test_turn_over__a_game_end_that_holds_for_the_seat_ends_the_game(duel):
    ending = dataclasses.replace(duel, game_end=GameEnd(When(at_least=Amounts((Amount("Glory", Expr("2")),)))))
    t = duel_table(ending, [3, 3, 3])
    t.values[1][2] = 2  # seat 1 has 2 Glory
    assert turn_over(t, 0) is False  # after seat 0's turn: it does not hold for seat 0
    assert turn_over(t, 1) is True and t.winner == -1  # Duel has no path for a game that ends early


@pytest.mark.parametrize("seed", [1, 2])
def test_duel__played_to_the_end_one_player_left_wins(duel, seed):
    t = Table(plan_game(duel), seed, (POLICIES["random"],) * 3, ACTIONS)
    result = play(t)
    alive = [p for p in range(3) if not t.state.out[p]]
    assert alive == [result.winner] and all(t.values[p][LIVES] <= 0 for p in range(3) if t.state.out[p])
    assert all(t.hands[p] == [] for p in range(3) if t.state.out[p])


def test_round_end__a_schedule_scores_only_at_the_turns_it_lists(duel):
    scored = dataclasses.replace(duel, scoring=(Scoring("Might", "Glory", (Expr("5"),), turns=(2,)),))
    t = duel_table(scored, [3, 3])
    t.values[1][0] = 4  # seat 1 has the most Might
    glory = []
    for turn in (1, 2, 3):
        t.turn = turn
        round_end(t)
        glory.append([v[2] for v in t.values])
    assert glory == [[0, 0], [0, 5], [0, 5]]


def test_round_end__a_flag_never_set_makes_no_streak_one_set_this_turn_adds_to_it(duel):
    flagging = dataclasses.replace(duel, phases=duel.phases + (Phase("Crown", "", actions=(Action("flag", flag="Crown"),)),))
    t = duel_table(flagging, [3, 3])
    t.turn = 1
    t.state.flags[1]["Crown"] = 1
    round_end(t)
    t.turn = 2
    t.state.flags[1]["Crown"] = 2
    round_end(t)
    assert [t.state.streaks[p].get("Crown", 0) for p in range(2)] == [0, 2]
