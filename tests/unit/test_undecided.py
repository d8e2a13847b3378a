"""Win rates are refused when more than 5% of a player count's games have no winner (issue 37):
the share and its Wilson interval in one line, each player count on its own."""
from __future__ import annotations

from kitgen.model import Threshold, VictoryPath
from kitgen.simulate.engine.result import GameResult
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.report.summary import missing
from tests.unit.test_simulate import tiny_game


def games(decided: int, undecided: int) -> list[GameResult]:
    won = GameResult(0, (0,), 5, (-1, -1), ((), ()))
    return [won] * decided + [won._replace(winner=-1, paths=())] * undecided


def test_missing__five_percent_undecided_passes_six_is_refused_with_its_share_and_interval():
    plan = plan_game(tiny_game(paths=(VictoryPath("Rich", "A above 3.", thresholds=(Threshold("A", 3),)),)))
    rows = [row._replace(status="exact") for row in plan.coverage]  # every rule played: only the share is at stake
    assert missing(plan, {2: games(95, 5)}, rows) == []
    assert missing(plan, {2: games(94, 6)}, rows) == [
        "no winner in 6.0% of games (6 of 100; 95% interval 2.8%-12.5%), more than 5%"]
    assert missing(plan, {2: games(100, 0), 3: games(373, 627)}, rows) == [  # the audit's variant: 62.7% undecided
        "no winner in 62.7% of games at 3 players (627 of 1,000; 95% interval 59.7%-65.6%), more than 5%"]
