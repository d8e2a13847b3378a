"""Card impact by a clean experiment (issue 37), as a user runs it: `kitgen simulate --impact-games N`
(a subprocess, its wall time), on

1. a deck of identical cards (tests/fixtures/vocab/alike: twelve Coins alike in all but their names),
   3 players, N = 5,000 games a card: each card's mean change with its 95% interval, which must hold
   0, and how many cards are flagged (Holm), which must be none;
2. the same game with one Coin made four times as strong (a copy of the folder, the Crown +4 Gold):
   flagged, with its change and interval;
3. Galactic Civ, 4 greedy players, 200 games a card (the designer's answer): the time, the cards
   flagged, and the median 95% half-width of a card's change, paired as measured (common random
   numbers: the same deal and dice in both arms) and as two independent samples of that many games
   would give it (from the two arms' win rates): what the streams buy.

    python bench/bench_impact.py [--games 5000] [--civ-games 200] [--workers 0]

--smallest (CI): 40 games a card, 4 for Galactic Civ. Its figures mean nothing; it exits 1 if an
identical card is flagged or the strong card is not.
"""
from __future__ import annotations

import argparse
import json
import math
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALIKE = ROOT / "tests" / "fixtures" / "vocab" / "alike"


def impact(game: str, players: int, games: int, workers: int, policy: str = "greedy") -> tuple[dict, str]:
    """The report's card_impact, and the whole command's wall and CPU seconds (the machine is shared)."""
    command = [sys.executable, "-m", "kitgen", "-q", "simulate", game, "--players", str(players), "--games", "100",
               "--impact-games", str(games), "--policy", policy, "--seed", "1", "--workers", str(workers), "--json"]
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    if done.returncode != 0:
        sys.exit(f"bench_impact: {' '.join(command[2:])} failed: {done.stderr.strip()}")
    return json.loads(done.stdout)["card_impact"], f"{wall:.1f} s wall, {cpu:.1f} s CPU"


def cards(report: dict) -> list[str]:
    return [f"  {row['name']:<12}{row['change']:>+8.2%}  ({row['ci95'][0]:+.2%}..{row['ci95'][1]:+.2%})"
            f"{'  FLAGGED' if row['significant'] else ''}" for row in report["cards"]]


def unpaired_half_width(row: dict) -> float:
    """The 95% half-width two independent samples of row['games'] games each would give the change."""
    a, b, n = row["with_card"], row["with_other"], row["games"]
    return 1.959964 * math.sqrt((a * (1 - a) + b * (1 - b)) / n)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--civ-games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=0)
    parser.add_argument("--smallest", action="store_true")
    options = parser.parse_args()
    games, civ = (40, 4) if options.smallest else (options.games, options.civ_games)
    failed = 0

    alike, wall = impact(str(ALIKE), 3, games, options.workers)
    inside = sum(row["ci95"][0] <= 0 <= row["ci95"][1] for row in alike["cards"])
    flagged = sum(row["significant"] for row in alike["cards"])
    print(f"1. identical cards (alike, 3 players), {alike['games']:,} games a card, {wall}:")
    print(f"   {inside} of {len(alike['cards'])} cards hold 0 in their interval; {flagged} flagged")
    print("\n".join(cards(alike)))
    failed += flagged > 0 or inside < len(alike["cards"])

    with tempfile.TemporaryDirectory() as scratch:
        strong = Path(scratch) / "alike"
        shutil.copytree(ALIKE, strong)
        deck = strong / "decks" / "coins.yaml"
        deck.write_text(deck.read_text().replace("{name: Crown, type: Coin, copies: 2, effects: [{attribute: Gold, delta: +1}]}",
                                                 "{name: Crown, type: Coin, copies: 2, effects: [{attribute: Gold, delta: +4}]}"))
        over, wall = impact(str(strong), 3, games, options.workers)
    crown = next(row for row in over["cards"] if row["name"] == "Crown")
    print(f"\n2. the Crown four times as strong, {over['games']:,} games a card, {wall}:")
    print(f"   Crown {crown['change']:+.2%} ({crown['ci95'][0]:+.2%}..{crown['ci95'][1]:+.2%}), "
          f"{'flagged' if crown['significant'] else 'NOT flagged'}")
    failed += not crown["significant"]

    report, wall = impact("galactic-civ", 4, civ, options.workers)
    rows = report["cards"]
    paired = statistics.median((row["ci95"][1] - row["ci95"][0]) / 2 for row in rows)
    unpaired = statistics.median(unpaired_half_width(row) for row in rows)
    print(f"\n3. Galactic Civ, 4 greedy players, {civ:,} games a card ({len(rows)} cards, "
          f"{(len(rows) + 1) * civ:,} games): {wall}; {sum(r['significant'] for r in rows)} flagged")
    print("\n".join(line for line, row in zip(cards(report), rows, strict=True) if row["significant"]))
    print(f"   median 95% half-width of a card's change: {paired:.1%} paired (common random numbers), "
          f"{unpaired:.1%} as two independent samples would give")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
