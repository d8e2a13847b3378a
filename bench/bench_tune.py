"""How long a designer waits for kitgen tune: python bench/bench_tune.py [--smallest]

The whole command's wall time and CPU seconds (its processes and their children), `kitgen tune
galactic-civ --target even-seats --players 2` at its default budget (60 candidates of 200 games,
2 reports of 2,000, and the check of each change: at most 22,800 games), next to its baseline in the
same run: `kitgen simulate` of as many games as the search and the reports play, at 2 players (the check
of each change plays up to 6,800 more). What tune adds is those, loading, checking and
compiling each candidate, and the copy of the game folder. Nothing is asserted; --smallest (CI)
runs the smallest budget and its figures mean nothing.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(*args: str) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system of the children) of one kitgen command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run([sys.executable, "-m", "kitgen", *args, "-q"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smallest", action="store_true")
    smallest = parser.parse_args().smallest
    evaluations, games, report = (2, 10, 20) if smallest else (60, 200, 2000)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as scratch:
        wall, cpu = timed("tune", "galactic-civ", "--target", "even-seats", "--players", "2", "--evaluations",
                          str(evaluations), "--games", str(games), "--report-games", str(report),
                          "-o", str(Path(scratch) / "tuned"))
    played = evaluations * games + 2 * report
    base_wall, base_cpu = timed("simulate", "galactic-civ", "--players", "2", "--games", str(played), "--json")
    print(f"kitgen tune (budget {evaluations} x {games} + 2 x {report}): {wall:.1f} s wall, {cpu:.1f} CPU-s")
    print(f"kitgen simulate of {played:,} games at 2 players: {base_wall:.1f} s wall, {base_cpu:.1f} CPU-s")
    print(f"tune / simulate: {wall / base_wall:.2f}x wall, {cpu / base_cpu:.2f}x CPU")


if __name__ == "__main__":
    main()
