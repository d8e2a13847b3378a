"""How fast the command line answers: `kitgen --help` and `kitgen validate galactic-civ` against a
bare `python -c pass`, each in a fresh process, measured in the same run (issue 15: --help within
8x a bare start; validate clearly faster than before lazy imports).

    python bench/bench_cli.py [--runs N] [--game NAME] [--baseline CHECKOUT]

--baseline names another checkout of kitgen (e.g. a `git worktree add /tmp/before main~5`): its
--help and validate are measured too, interleaved with ours, for a before/after in one run.

Prints the median and the fastest of N runs of each, and their ratios to the bare start. Uses the
interpreter running it and the kitgen importable from the working folder (`python -m kitgen`, the
same imports as the `kitgen` console script). Measures only; asserts nothing; exits 0.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def once(args: list[str], root: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(root)}
    start = time.perf_counter()
    done = subprocess.run(args, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(args)} exited {done.returncode} in {root}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--game", default="galactic-civ")
    parser.add_argument("--baseline", type=Path, help="Another checkout to measure the same way (before/after).")
    options = parser.parse_args()
    python = [sys.executable]
    cases = [("python -c pass", python + ["-c", "pass"], ROOT),
             ("kitgen --help", python + ["-m", "kitgen", "--help"], ROOT),
             (f"kitgen validate {options.game}", python + ["-m", "kitgen", "validate", options.game], ROOT)]
    if options.baseline:
        cases += [(f"{name} [baseline]", args, options.baseline.resolve()) for name, args, _ in cases[1:]]
    results: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    for _ in range(options.runs):  # interleaved: a busy moment on the machine hits every case alike
        for name, args, root in cases:
            results[name].append(once(args, root))
    bare = statistics.median(results["python -c pass"])
    bare_min = min(results["python -c pass"])
    print(f"{'command':<32}{'median':>10}{'fastest':>10}{'x bare (median)':>18}{'x bare (fastest)':>18}")
    for name, times in results.items():
        median, fastest = statistics.median(times), min(times)
        print(f"{name:<32}{median * 1000:>8.0f}ms{fastest * 1000:>8.0f}ms{median / bare:>17.1f}x{fastest / bare_min:>17.1f}x")
    help_ratio = statistics.median(results["kitgen --help"]) / bare
    print(f"\nkitgen --help is {help_ratio:.1f}x a bare start (aim: within 8x); {options.runs} runs each.")


if __name__ == "__main__":
    main()
