"""Issue 37's first speed goal, measured as a user meets it: the wall time of the whole command
`kitgen simulate galactic-civ --games N --players 4` (a fresh process: Python's start, imports,
loading and checking the data, compiling it, the worker pool, the games, the summary with the
measures of feel and the provenance, the report printed), for the default greedy player and for the
random player in the same run. The goal: 1,000 greedy games a second on 2 cores.

    python bench/bench_speed.py [--games 2000] [--runs 5] [--cores 2]

Each run is one command; greedy and random alternate (greedy, random, greedy, ...) after one
untimed warm-up of each, so a drift of the machine's speed reaches both alike. The command runs
with its default workers (one per core it may use) on `--cores` cores (the first N this process may
use, given to the child by sched_setaffinity: a machine with more cores is measured as a 2-core one).
Printed per player: the median wall time (and the fastest and slowest), games a second from the
median, and the children's CPU time (user + system: steady when other work shares the machine,
where the wall clock is not). The load average at the start and the end says whether the wall
figures hold: near 0 on an idle machine; above the core count, other work took the cores and the
wall figures are inflated (the CPU figures much less). Nothing is asserted; --smallest (CI) is one
run of 20 games each, whose figures mean nothing. The children run without PYTHONDONTWRITEBYTECODE,
as an installed kitgen does (pip writes the .pyc files): else each run pays for compiling kitgen
again (about 0.15 s).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 1000  # greedy games a second on 2 cores (issue 37)


def usable_cores() -> list[int]:
    return sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else list(range(os.cpu_count() or 1))


def run_once(args: list[str], cores: list[int]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the child and its workers) of one `kitgen ARGS`, stdout discarded."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    def pin() -> None:  # in the child, before kitgen starts: its workers inherit the cores
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, cores)

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "kitgen", *args], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=pin)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def command(policy: str, games: int) -> list[str]:
    return ["simulate", "galactic-civ", "--games", str(games), "--players", "4", "--policy", policy]


def measure(games: int, runs: int, cores: list[int], warm_up: bool = True) -> dict[str, list[tuple[float, float]]]:
    """Each player's (wall, CPU) of `runs` runs, the players alternating."""
    policies = ("greedy", "random")
    if warm_up:
        for policy in policies:
            run_once(command(policy, games), cores)
    timed: dict[str, list[tuple[float, float]]] = {policy: [] for policy in policies}
    for _ in range(runs):
        for policy in policies:
            timed[policy].append(run_once(command(policy, games), cores))
    return timed


def report(timed: dict[str, list[tuple[float, float]]], games: int) -> list[str]:
    lines = [f"{'player':<8}{'wall median':>12}{'fastest':>9}{'slowest':>9}{'games/s':>9}{'CPU s':>8}{'games/CPU-s':>13}"]
    rates = {}
    for policy, rows in timed.items():
        walls, cpus = [w for w, _ in rows], [c for _, c in rows]
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        rates[policy] = games / wall
        lines.append(f"{policy:<8}{wall:>11.3f}s{min(walls):>8.3f}s{max(walls):>8.3f}s{games / wall:>9.0f}"
                     f"{cpu:>8.2f}{games / cpu:>13.0f}")
    lines.append(f"greedy: {rates['greedy']:.0f} games a second (goal {GOAL:,}); random: {rates['random']:.0f}; "
                 f"greedy/random {rates['greedy'] / rates['random']:.2f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games a command (default 2000)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each player (default 5)")
    parser.add_argument("--cores", type=int, default=2, help="cores the command may use (default 2)")
    parser.add_argument("--smallest", action="store_true", help="one run of 20 games each, no warm-up (CI)")
    options = parser.parse_args()
    games, runs = (20, 1) if options.smallest else (options.games, options.runs)
    cores = usable_cores()[:max(1, options.cores)]
    print(f"kitgen simulate galactic-civ --games {games:,} --players 4, the whole command, on {len(cores)} "
          f"core(s) {cores}; {runs} run(s) each, alternating; load average {_load()} at the start")
    timed = measure(games, runs, cores, warm_up=not options.smallest)
    print("\n".join(report(timed, games)))
    print(f"load average {_load()} at the end (above {len(cores)}: other work shared the cores, and the wall "
          f"figures are inflated)")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"


if __name__ == "__main__":
    main()
