"""How fast kitgen simulate plays Galactic Civ: games per second for the whole process, as a user
runs it, for the default greedy player and for the random player in the same run (the ratio
greedy/random cancels the machine's load: both are measured alike, one after the other), and
what an mcts player costs per game.

    python bench/bench_simulate.py [--games 2000] [--mcts-games 4] [--rollouts 64]

Prints, per policy: games/s of `kitgen simulate galactic-civ --games N --players 4 --json`
(a subprocess: start-up, loading, workers and the report included), and CPU seconds per game of
one mcts seat among greedy ones. The goal (issue #25) is 1,000 greedy games/s for the whole process
on 2 cores.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(args: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the children) of one kitgen run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "kitgen", "-q", *args], cwd=ROOT, env=env, check=True, capture_output=True)
    wall = time.perf_counter() - start
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--mcts-games", type=int, default=4)
    parser.add_argument("--rollouts", type=int, default=64)
    parser.add_argument("--smallest", action="store_true", help="smallest sizes, for CI: 20 games, 1 mcts game")
    options = parser.parse_args()
    games = 20 if options.smallest else options.games
    if options.smallest:
        options.mcts_games, options.rollouts = 1, 8
    print(f"kitgen simulate galactic-civ, {games} four-player games, {os.cpu_count()} cores")
    print(f"{'policy':<8}{'whole process':>16}{'CPU s/game':>12}")
    rates = {}
    for policy in ("random", "greedy"):
        wall, cpu = timed(["simulate", "galactic-civ", "--games", str(games), "--players", "4", "--seed", "1",
                           "--policy", policy, "--json"])
        rates[policy] = games / wall
        print(f"{policy:<8}{rates[policy]:>12.0f} g/s{cpu / games * 1000:>9.2f} ms")
    print(f"greedy/random: {rates['greedy'] / rates['random']:.2f}")
    if options.mcts_games:
        wall, cpu = timed(["simulate", "galactic-civ", "--games", str(options.mcts_games), "--players", "4",
                           "--policy", "mcts,greedy,greedy,greedy", "--mcts-rollouts", str(options.rollouts),
                           "--workers", "1", "--partial", "--json"])
        print(f"mcts (one seat, {options.rollouts} rollouts a decision): {cpu / options.mcts_games:.2f} CPU s/game "
              f"({options.mcts_games} games, {wall:.1f} s wall)")


if __name__ == "__main__":
    main()
