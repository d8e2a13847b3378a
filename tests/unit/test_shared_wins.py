"""A win the rules share (issue 37): Dominion's published rules, "If the highest scores are tied at
the end of the game, the tied player who has had the fewest turns wins the game. If the tied players
have had the same number of turns, they rejoice in their shared victory." (examples/dominion: `tie:
share` after the tie break on Rest). Such a game is decided: not refused as undecided, reported as a
shared win, and counted in no seat's win rate; a tie the rules do not share is still no winner."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.victory import game_over
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players.policy import RANDOM
from kitgen.simulate.report.summary import missing, seat_results
from kitgen.simulate.vocabulary import ACTIONS

DOMINION = Path(__file__).resolve().parents[2] / "examples/dominion"


@pytest.fixture(scope="module")
def plan():
    return plan_game(load_game(DOMINION))


def ended(plan, vp: list[int], rest: list[int]) -> Table:
    table = Table(plan, 1, (RANDOM,) * len(vp), ACTIONS)
    for seat, (points, less) in enumerate(zip(vp, rest, strict=True)):
        table.values[seat][plan.attributes.index("VP")] = points
        table.values[seat][plan.attributes.index("Rest")] = less
    game_over(table)
    return table


def test_shared__level_on_points_and_turns_is_a_shared_win(plan):
    table = ended(plan, [30, 30], [-20, -20])
    assert (table.winner, table.paths) == (-1, (0,))  # nobody's single win; the path they share


def test_shared__fewer_turns_break_the_tie_and_the_most_points_win(plan):
    assert ended(plan, [30, 30], [-20, -19]).winner == 1  # seat 2 took a turn fewer
    assert ended(plan, [31, 30], [-20, -20]).winner == 0


def test_shared__a_shared_win_is_decided_but_no_seat_s_win(plan):
    def game(winner: int, paths: tuple[int, ...]) -> GameResult:
        return GameResult(winner, paths, 10, (-1, -1), ((), ()))
    games = [game(0, (0,))] * 8 + [game(1, (0,))] * 10 + [game(-1, (0,))] * 2  # two shared: 10%
    assert missing(plan, {2: games}, []) == []
    seats = seat_results(games, 2)
    assert (seats["no_winner"], seats["shared_wins"], seats["even_share"]) == (0, 2, 0.45)
    assert missing(plan, {2: games[:-1] + [game(-1, ())]}, []) == []  # one undecided of 20: 5%, not more
    assert missing(plan, {2: games[:-2] + [game(-1, ())] * 2}, [])  # two undecided: 10%, refused
