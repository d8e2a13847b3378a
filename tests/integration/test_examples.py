"""The published games in examples/ (issue 33): each validates clean, plays to a winner from its data
alone, and its README's table of published rules is `kitgen simulate`'s coverage row for row, at
least 90% exact. Small runs (random players, a few dozen games): the 1,000-game claims are measured
by kitgen simulate itself (bench-sized, not here)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.check.game import check_game
from kitgen.load import load_game
from kitgen.simulate.experiments.lab import simulate
from kitgen.simulate.play.run import Settings

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PLAYERS = {"lost-cities": 2, "uno": 4, "hearts": 4, "sushi-go": 4, "coup": 4, "love-letter": 4, "dominion": 2,
           "crazy-eights": 3, "lama": 4}
GAMES = {"lost-cities": 24, "uno": 10, "hearts": 24, "sushi-go": 12, "coup": 24, "love-letter": 12, "dominion": 10,
         "crazy-eights": 20, "lama": 20}  # each about a second of CPU
STATUS = {"exact": "exact", "approximated": "approximated", "skipped": "not simulated"}


def readme_rows(name: str) -> list[tuple[str, str]]:
    """The README table's rows: (coverage row, status), the first and last cells."""
    rows = []
    for line in (EXAMPLES / name / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("| ") else []
        if len(cells) >= 3 and cells[0] not in ("coverage row", "---"):
            rows.append((cells[0], cells[-1]))
    return rows


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_example__validates_clean_plays_to_a_winner_and_its_readme_is_the_coverage(name):
    game = load_game(EXAMPLES / name)
    assert [p.message for p in check_game(game)] == []
    report = simulate(game, Settings(games=GAMES[name], players=PLAYERS[name], policies=("random",), workers=1))
    assert report["decided"] >= 0.9 * GAMES[name], f"{name}: {report['no_winner']} games without a winner"
    coverage = [(row["rule"], STATUS[row["status"]]) for row in report["coverage"]]
    assert readme_rows(name) == coverage
    exact = sum(status == "exact" for _, status in coverage)
    assert exact >= 0.9 * len(coverage), f"{name}: {exact} of {len(coverage)} rules exact"
