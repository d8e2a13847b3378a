"""A kit in another language against the same kit in English (issue 35): a cold `kitgen build GAME
--no-cache` of a copy of a shipped game with `language: fr` added, next to the unchanged copy, each
in a fresh process, alternating (a noisy neighbour slows both), in the same run.

    python bench/bench_language.py [--game NAME] [--runs N] [--language CODE] [--smallest]

Prints the median and fastest wall time, the median CPU time (user + system of the child: it hardly
moves when other work shares the machine) and the peak RSS of each, with the ratios, and whether
each build imported Babel (an English build must not: it reads no catalogue and needs no CLDR data).
The French build's extra is Babel's import and its CLDR data for the language (plural rule, numbers),
and the catalogue read (load/language.py). Measures only; asserts nothing; exits 0.
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

# The child: the real command (kitgen.cli.run), then its own peak RSS and whether Babel was imported.
CHILD = """
import resource, sys
from kitgen.cli import run
sys.argv = ["kitgen", "build", sys.argv[1], "-o", sys.argv[2], "--no-cache"]
try:
    run()
except SystemExit as exc:
    code = exc.code
print("bench:", code, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, "babel" in sys.modules, file=sys.stderr)
"""


def once(game: Path, out: Path) -> tuple[float, float, int, bool]:
    """(wall s, CPU s, peak RSS KiB, Babel imported) of one cold build of `game` into `out`."""
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, str(game), str(out)], cwd=ROOT, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    line = next((text for text in done.stderr.splitlines() if text.startswith("bench: ")), "")
    if done.returncode != 0 or not line or line.split()[1] not in ("0", "None"):
        sys.exit(f"the build of {game} failed:\n{done.stderr[-2000:]}")
    _, _, rss, babel = line.split()
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, int(rss), babel == "True"


def copies(game: str, language: str, work: Path) -> tuple[Path, Path]:
    """The shipped game twice: as it is (English) and with `language:` added."""
    english, other = work / "english" / game, work / language / game
    shutil.copytree(ROOT / "data" / game, english)
    shutil.copytree(ROOT / "data" / game, other)
    with (other / "game.yaml").open("a", encoding="utf-8") as file:
        file.write(f"\nlanguage: {language}\n")
    return english, other


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="galactic-civ")
    parser.add_argument("--language", default="fr")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--smallest", action="store_true", help="one run of the smallest shipped game (CI)")
    args = parser.parse_args()
    game, runs = ("galactic-supremacy", 1) if args.smallest else (args.game, args.runs)
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        english, other = copies(game, args.language, work)
        figures: dict[str, list[tuple[float, float, int, bool]]] = {"en": [], args.language: []}
        once(english, work / "out-en")  # warm-up: the file cache, Python's bytecode
        once(other, work / "out-other")
        for _ in range(runs):
            figures["en"].append(once(english, work / "out-en"))
            figures[args.language].append(once(other, work / "out-other"))
    print(f"Cold build of {game} (--no-cache, fresh process), {runs} runs each, alternating:")
    print(f"{'language':>9} {'wall median':>12} {'wall min':>9} {'CPU median':>11} {'peak RSS':>9}  Babel imported")
    medians = {}
    for code, rows in figures.items():
        wall, cpu = statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows)
        rss = statistics.median(r[2] for r in rows) / 1024
        medians[code] = (wall, cpu, rss)
        print(f"{code:>9} {wall:11.3f}s {min(r[0] for r in rows):8.3f}s {cpu:10.3f}s {rss:7.1f}MiB  "
              f"{'yes' if any(r[3] for r in rows) else 'no'}")
    (wall_en, cpu_en, rss_en), (wall_other, cpu_other, rss_other) = medians["en"], medians[args.language]
    print(f"{args.language}/en: wall {wall_other / wall_en:.2f}x, CPU {cpu_other / cpu_en:.2f}x "
          f"(+{(cpu_other - cpu_en) * 1000:.0f} ms), peak RSS +{rss_other - rss_en:.1f} MiB")


if __name__ == "__main__":
    main()
