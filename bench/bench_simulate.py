"""How fast kitgen simulate plays Galactic Civ, as a user runs it (a subprocess: start-up, loading,
workers and the report included), for the default greedy player and the random player in the same
run, and what an mcts player costs per game.

    python bench/bench_simulate.py [--games 2000] [--mcts-games 4] [--iterations 16]

The machine is shared, so the figure that holds is CPU time, not the wall clock: for each policy,
games per CPU-second of `kitgen simulate galactic-civ --games N --players 4 --workers 1 --json`
(one worker, the whole process), then the same with one worker per core, whose CPU time says how
well the work splits (scaling: cores x CPU of one worker / CPU of all). The whole-process figure
for this machine with its cores free is one worker's games per CPU-second times that scaling; the
wall-clock games/s of the run is printed beside it (it counts whatever else the machine runs).
The ratio greedy/random cancels the machine's speed. mcts: CPU seconds per game of one mcts seat
(--iterations per decision) among greedy ones. The goal (1,000 greedy games/s for the whole process
on 2 cores) is measured, not estimated, by bench/bench_speed.py: the wall time of the whole command.
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
    """(wall seconds, CPU seconds of the children: user + system) of one kitgen run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installed kitgen runs (pip writes the .pyc files), as bench_goal
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "kitgen", "-q", *args], cwd=ROOT, env=env, check=True, capture_output=True)
    wall = time.perf_counter() - start
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)


def measure(policy: str, games: int, cores: int) -> dict[str, float]:
    run = ["simulate", "galactic-civ", "--games", str(games), "--players", "4", "--seed", "1",
           "--policy", policy, "--json"]
    _, one_cpu = timed([*run, "--workers", "1"])
    all_wall, all_cpu = timed([*run, "--workers", str(cores)])
    per_cpu_second = games / one_cpu
    scaling = cores * one_cpu / all_cpu
    return {"per_cpu_second": per_cpu_second, "scaling": scaling, "estimate": per_cpu_second * scaling,
            "wall": games / all_wall}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--mcts-games", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=16)
    parser.add_argument("--smallest", action="store_true", help="smallest sizes, for CI: 20 games, 1 mcts game")
    options = parser.parse_args()
    games = 20 if options.smallest else options.games
    if options.smallest:
        options.mcts_games, options.iterations = 1, 4
    cores = os.cpu_count() or 1
    load = os.getloadavg()[0]  # the wall-clock figure and the scaling depend on what else runs
    print(f"kitgen simulate galactic-civ, {games} four-player games, whole process, {cores} cores "
          f"(load average {load:.2f} at the start)")
    print(f"{'policy':<8}{'1 worker':>16}{'scaling':>9}{f'x{cores} cores':>14}{'wall (shared)':>16}")
    rates = {}
    for policy in ("random", "greedy"):
        rates[policy] = measure(policy, games, cores)
        row = rates[policy]
        print(f"{policy:<8}{row['per_cpu_second']:>10.0f} g/CPU-s{row['scaling']:>8.2f}x"
              f"{row['estimate']:>10.0f} g/s{row['wall']:>12.0f} g/s")
    print(f"greedy/random (games per CPU-second): {rates['greedy']['per_cpu_second'] / rates['random']['per_cpu_second']:.2f}")
    print(f"greedy, {cores} cores free: {rates['greedy']['estimate']:.0f} games/s (an estimate: bench_speed.py measures); "
          f"load average {os.getloadavg()[0]:.2f} at the end")
    if options.mcts_games:
        wall, cpu = timed(["simulate", "galactic-civ", "--games", str(options.mcts_games), "--players", "4",
                           "--policy", "mcts,greedy,greedy,greedy", "--mcts-iterations", str(options.iterations),
                           "--workers", "1", "--partial", "--json"])
        print(f"mcts (one seat, {options.iterations} iterations a decision): {cpu / options.mcts_games:.2f} CPU s/game "
              f"({options.mcts_games} games, {wall:.1f} s wall)")
    record_cost(max(games // 4, 10))


def record_cost(games: int, pairs: int = 5) -> None:
    """What the turn record of the measures of feel costs (engine/record.py): the same greedy games
    played in this process with every game recorded and with none, in alternating pairs (CPU time,
    the median ratio); a run records one game in FEEL_EVERY (play/blocks.py)."""
    sys.path.insert(0, str(ROOT))
    from kitgen.load import load_game
    from kitgen.simulate.engine.loop import play
    from kitgen.simulate.play.blocks import FEEL_EVERY, table_for
    from kitgen.simulate.play.games import plan_game
    from kitgen.simulate.players import POLICIES

    plan, greedy = plan_game(load_game(ROOT / "data" / "galactic-civ")), (POLICIES["greedy"],) * 4

    def cpu(recorded: bool) -> float:
        start = time.process_time()
        for game in range(games):  # game number 0 keeps a record, 1 does not: the same seeds either way
            play(table_for(plan, 2**32 + game, 0 if recorded else 1, greedy, 64))
        return time.process_time() - start

    cpu(False)  # warm up: the plan's caches
    ratios = sorted(cpu(True) / cpu(False) for _ in range(pairs))
    cost = ratios[len(ratios) // 2] - 1
    print(f"turn record for feel: +{cost:.1%} CPU in a recorded greedy game (median of {pairs} pairs of {games} "
          f"games, {ratios[0] - 1:+.1%} to {ratios[-1] - 1:+.1%}); one game in {FEEL_EVERY}: +{cost / FEEL_EVERY:.1%} a run")


if __name__ == "__main__":
    main()
