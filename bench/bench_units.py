"""How fast a battle of units (battle's `units:`, kitgen/simulate/vocabulary/units.py) is fought, and
what it costs whole games that use it.

    python bench/bench_units.py [--games 500] [--battles 2000]

1. In process: CPU microseconds per battle of `fight` for N Fleets of one die against N Fleets of one
   die and a Homeworld of five that wins ties and falls last (Galactic Supremacy's worst case), at
   N = 1, 10, 100: rounds of per-unit rolls and the assignment of rolls to units (sorting, combining).
   The cost should grow about as N log N a round: a figure far above that names a defect.
2. Whole process: games per CPU-second of `kitgen simulate tests/fixtures/vocab/skirmish --players 4
   --workers 1` (a battle of units every turn), random and greedy in the same run; the greedy player
   weighs each world it may attack on a copy of the table, so its ratio to random is what it pays.
Nothing is asserted; --smallest (CI) runs every part at its smallest size.
"""
from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kitgen.simulate.vocabulary.units import Unit, fight  # noqa: E402


def battles(size: int, count: int) -> float:
    """CPU microseconds per battle of `size` Fleets against `size` Fleets and a Homeworld."""
    rng = random.Random(1)
    attack = [Unit(1)] * size
    defend = [*([Unit(1)] * size), Unit(5, wins_ties=True, last=True)]
    start = time.process_time()
    for _ in range(count):
        fight(rng, 10, attack, defend)
    return (time.process_time() - start) / count * 1e6


def games(policy: str, count: int) -> float:
    """Games per CPU-second of the whole kitgen process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "kitgen", "-q", "simulate", "tests/fixtures/vocab/skirmish", "--games",
                    str(count), "--players", "4", "--seed", "1", "--policy", policy, "--workers", "1", "--json",
                    "--partial"],  # a speed, not win rates: a skirmish of random players is often undecided
                   cwd=ROOT, env=env, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return count / ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--battles", type=int, default=2000)
    parser.add_argument("--smallest", action="store_true", help="smallest sizes, for CI: 10 games, 20 battles")
    options = parser.parse_args()
    count, fights = (10, 20) if options.smallest else (options.games, options.battles)
    print(f"battle of units: CPU microseconds per battle ({fights} battles a size; load {os.getloadavg()[0]:.2f})")
    for size in (1, 10, 100):
        print(f"  {size:>3} Fleets against {size:>3} Fleets and a Homeworld: {battles(size, fights):>9.1f} us")
    rates = {policy: games(policy, count) for policy in ("random", "greedy")}
    print(f"skirmish, {count} four-player games, one worker: random {rates['random']:.0f}, greedy "
          f"{rates['greedy']:.0f} games per CPU-second (greedy/random {rates['greedy'] / rates['random']:.2f})")


if __name__ == "__main__":
    main()
