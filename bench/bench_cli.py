"""How fast the command line answers: `kitgen --help` and `kitgen validate GAME` against a bare
`python -c pass`, each in a fresh process, measured in the same run (issue 15: --help within 8x a
bare start; validate clearly faster than before lazy imports).

    python bench/bench_cli.py [--runs N] [--game NAME] [--baseline CHECKOUT]

validate is measured as a designer meets it:
  - "again": nothing changed since the last validate or build (the kit's cache is filled);
  - "one card edited": a card's text changed since then (one face to lay out again);
  - "no cache": a first validate, or after the cache was deleted.
Each run has its own cache folder (KITGEN_CACHE_DIR) and its own copy of the game, so the cases
never share state.

--baseline names another checkout of kitgen (e.g. `git worktree add /tmp/before 6c9c4d5`, the
commit before issue 15's work): its --help and validate are measured the same way, interleaved
with ours, for a before/after in one run.

Prints, for each, the median and fastest wall time and the median CPU time (user + system of the
child process: it hardly moves when other work shares the machine, wall time does), with their
ratios to the bare start, and validate's CPU time against the baseline's. Uses the interpreter
running it and the kitgen importable from each checkout (`python -m kitgen`, the same imports as
the `kitgen` console script). Measures only; asserts nothing; exits 0.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def once(args: list[str], root: Path, cwd: Path, cache: Path) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of `args` with `root`'s kitgen."""
    env = {**os.environ, "PYTHONPATH": str(root), "KITGEN_CACHE_DIR": str(cache)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(args)} exited {done.returncode} with {root}")
    return took, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def edit_one_card(game: Path, run: int) -> None:
    """Change one card's text a little: the deck file that holds the most cards, its first `text:`."""
    deck = max((game / "decks").glob("*.yaml"), key=lambda path: path.read_text(encoding="utf-8").count("name:"))
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text.replace("text: ", f"text: ({run}) ", 1), encoding="utf-8")


def validate_cases(python: list[str], game: str, root: Path, label: str, work: Path):
    """(name, run) pairs: run(i) measures one validate in its situation."""
    source = root / "data" / game

    def situation(kind: str):
        def run(i: int) -> tuple[float, float]:
            folder = work / f"{label}-{kind}-{i}"
            shutil.copytree(source, folder / game)
            cache = folder / "cache"
            args = python + ["-m", "kitgen", "validate", game]
            if kind != "no cache":
                once(args, root, folder, cache)  # fills the kit's cache (a build does the same)
            if kind == "one card edited":
                edit_one_card(folder / game, i)
            return once(args, root, folder, cache)
        return f"kitgen validate {game} ({kind}){label}", run

    return [situation(kind) for kind in ("again", "one card edited", "no cache")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--game", default="galactic-civ")
    parser.add_argument("--baseline", type=Path, help="Another checkout to measure the same way (before/after).")
    parser.add_argument("--smallest", action="store_true", help="smallest sizes, for CI: one run")
    options = parser.parse_args()
    if options.smallest:
        options.runs = 1
    python = [sys.executable]
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        checkouts = [(ROOT, "")] + ([(options.baseline.resolve(), " [baseline]")] if options.baseline else [])
        cases = [("python -c pass", lambda i: once(python + ["-c", "pass"], ROOT, ROOT, work / "none"))]
        for root, label in checkouts:
            cases.append((f"kitgen --help{label}",
                          lambda i, root=root: once(python + ["-m", "kitgen", "--help"], root, root, work / "none")))
            cases += validate_cases(python, options.game, root, label, work)
        results: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in cases}
        for i in range(options.runs):  # interleaved: a busy moment on the machine hits every case alike
            for name, run in cases:
                results[name].append(run(i))
    wall = {name: [w for w, _ in runs] for name, runs in results.items()}
    cpu = {name: [c for _, c in runs] for name, runs in results.items()}
    bare, bare_cpu = statistics.median(wall["python -c pass"]), statistics.median(cpu["python -c pass"])
    print(f"{'command':<58}{'wall median':>12}{'fastest':>9}{'x bare':>8}{'CPU median':>12}{'x bare':>8}")
    for name in results:
        median, fastest, cpu_median = statistics.median(wall[name]), min(wall[name]), statistics.median(cpu[name])
        print(f"{name:<58}{median * 1000:>10.0f}ms{fastest * 1000:>7.0f}ms{median / bare:>7.1f}x"
              f"{cpu_median * 1000:>10.0f}ms{cpu_median / bare_cpu:>7.1f}x")
    help_ratio = statistics.median(wall["kitgen --help"]) / bare
    print(f"\nkitgen --help is {help_ratio:.1f}x a bare start (aim: within 8x); {options.runs} runs each.")
    if options.baseline:
        for name in results:
            if name.startswith("kitgen") and not name.endswith("[baseline]"):
                now, then = statistics.median(cpu[name]), statistics.median(cpu[f"{name} [baseline]"])
                print(f"{name}: {now / then:.2f}x the baseline's CPU time ({now * 1000:.0f} ms against "
                      f"{then * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
