"""How fast kitgen simulate plays Galactic Civ: games per second for the whole process, as a user
runs it, against one process playing the same games in the same run (the ratio is what the
second core buys).

    python bench/bench_simulate.py [--games 2000]

Prints, for each policy: games/s of `kitgen simulate galactic-civ --games N --players 4 --json`
(a subprocess: start-up, loading, workers and the report included), games/s of the same games
played in one process with --workers 1, and the ratio. The goal (issue #17) is 1,000 games/s
for the whole process; the floor that must hold is well over 200.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(args: list[str]) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "kitgen", *args], cwd=ROOT, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--smallest", action="store_true", help="smallest sizes, for CI: 20 games")
    args = parser.parse_args()
    games = 20 if args.smallest else args.games
    print(f"kitgen simulate galactic-civ, {games} four-player games, {os.cpu_count()} cores")
    print(f"{'policy':<8}{'whole process':>16}{'one worker':>14}{'ratio':>8}")
    for policy in ("random", "greedy"):
        common = ["simulate", "galactic-civ", "--games", str(games), "--players", "4", "--seed", "1",
                  "--policy", policy, "--json"]
        many = timed(common)
        one = timed(common + ["--workers", "1"])
        print(f"{policy:<8}{games / many:>12.0f} g/s{games / one:>10.0f} g/s{one / many:>7.2f}x")


if __name__ == "__main__":
    main()
