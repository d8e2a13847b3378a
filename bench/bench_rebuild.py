"""The designer's loop: how long a rebuild takes after editing one card, against a full build.

For each game (Galactic Civ, and the synthetic deck at --sizes cards), in a copy of its folder:

* full:      build_game with the build cache off (--no-cache): everything loaded, laid out, drawn;
* first:     the first build with the cache on (nothing cached yet: it also stores every face),
             each run with the cache folder removed first;
* no change: a rebuild with nothing changed (every file is reused from the cache);
* edit:      the first card's name changed in its deck file, then a rebuild: that card is laid
             out, its deck's sheets drawn again from cached faces, the other files reused. The
             edit comes after a no-change rebuild on purpose: that is the loop a designer runs,
             and a cache that drops what it did not read in the rebuild before shows up here as
             far more than one face laid out.

Each is timed in-process (as `kitgen watch` rebuilds: modules imported, fonts registered,
after one untimed full build), median of --runs (the edit alternates between two names). For Galactic Civ the edit is also timed
as a command, `python -m kitgen build`, in a fresh process: what a designer waits for at the
prompt, interpreter start and imports included. The ratio edit/full is what the cache saves.
Measurements, not a test: exit 0.

Run from the repo root: python bench/bench_rebuild.py [--sizes 1000] [--runs 3] [--cpu]
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

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_build import build_kit  # noqa: E402  (puts the repo root on sys.path)
from synthetic import make_game  # noqa: E402

from kitgen.kit.build import build_game  # noqa: E402
from kitgen.kit.cache import kit_cache_folder  # noqa: E402
from kitgen.load import load_game  # noqa: E402
from kitgen.project import Project  # noqa: E402
from kitgen.render.fonts import register_fonts  # noqa: E402


class CardEdit:
    """Renames the first card of the first deck in place, and back: one card's content changes."""

    def __init__(self, folder: Path):
        card = load_game(folder).decks[0].cards[0]
        self.file, self.line, self.name = Path(card.where.file), card.where.line - 1, card.name
        self.edited = False

    def toggle(self) -> None:
        lines = self.file.read_text(encoding="utf-8").split("\n")
        old, new = (self.name, self.name + " II") if not self.edited else (self.name + " II", self.name)
        assert old in lines[self.line], f"{self.file}:{self.line + 1} does not name '{old}'"
        lines[self.line] = lines[self.line].replace(old, new, 1)
        self.file.write_text("\n".join(lines), encoding="utf-8")
        self.edited = not self.edited


def cpu_seconds() -> float:
    """User + system time of this process and of its children that have ended (the command)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(project: Project, folder: Path, work: Path, runs: int, command: bool, clock=time.perf_counter) -> dict:
    def timed(run) -> tuple[float, object]:
        start = clock()
        result = run()
        return clock() - start, result

    kit = work / "kit"
    build_kit(project, str(folder), work / "warm-up")  # as bench_build: templates compiled, files cached by the OS
    full = statistics.median(timed(lambda i=i: build_kit(project, str(folder), work / f"full-{i}"))[0]
                             for i in range(runs))
    firsts = []
    for _ in range(runs):  # each with no cache yet
        shutil.rmtree(kit_cache_folder(kit), ignore_errors=True)
        firsts.append(timed(lambda: build_game(project, str(folder), kit))[0])
    first = statistics.median(firsts)
    same, edits, laid_out, drawn = [], [], [], []
    edit = CardEdit(folder)
    for _ in range(runs):
        seconds, report = timed(lambda: build_game(project, str(folder), kit))
        same.append(seconds)
        edit.toggle()
        seconds, report = timed(lambda: build_game(project, str(folder), kit))
        edits.append(seconds)
        laid_out.append(report.laid_out)
        drawn.append(len(report.rendered))
    result = {"cards": sum(c.copies for d in load_game(folder).decks for c in d.cards), "full": full,
              "first": first, "same": statistics.median(same), "edit": statistics.median(edits),
              "laid_out": max(laid_out), "drawn": max(drawn), "files": len(report.files)}
    if command:
        times = []
        for _ in range(runs):
            edit.toggle()
            seconds, done = timed(lambda: subprocess.run([sys.executable, "-m", "kitgen", "build", str(folder),
                                                          "-o", str(kit)], capture_output=True, text=True))
            assert done.returncode == 0, done.stderr
            times.append(seconds)
        result["command"] = statistics.median(times)
    return result


def report(label: str, r: dict) -> list[str]:
    lines = [f"{label}: {r['cards']:,} cards",
             f"  full build, cache off     {r['full'] * 1000:8.0f} ms",
             f"  first build, cache on     {r['first'] * 1000:8.0f} ms  ({r['first'] / r['full']:.2f}x the full build: "
             f"it stores every face)",
             f"  rebuild, nothing changed  {r['same'] * 1000:8.0f} ms  ({r['same'] / r['full']:.2f}x the full build)",
             f"  rebuild after a card edit {r['edit'] * 1000:8.0f} ms  ({r['edit'] / r['full']:.2f}x the full build; "
             f"laid out {r['laid_out']} face(s), drew {r['drawn']} of {r['files']} files)"]
    if "command" in r:
        lines.append(f"  the same edit as a command, `python -m kitgen build` in a fresh process: "
                     f"{r['command'] * 1000:.0f} ms (interpreter start and imports included)")
    return lines


def run(sizes: list[int], runs: int, shipped: bool = True, clock=time.perf_counter) -> list[str]:
    """The report lines; without `shipped` (--smallest) the synthetic decks only, the first also as a command."""
    project = Project.default()
    register_fonts(project.fonts)
    lines = []
    with tempfile.TemporaryDirectory(prefix="kitgen-rebuild-") as name:
        tmp = Path(name)
        os.environ["KITGEN_CACHE_DIR"] = str(tmp / "cache")  # not the user's cache folder (also for the command)
        games = [("galactic-civ", project.game_folder("galactic-civ"), True)] if shipped else []
        games += [(f"synthetic {n:,}", None, not shipped and i == 0) for i, n in enumerate(sizes)]
        for index, (label, source, command) in enumerate(games):
            folder = tmp / f"game-{index}"
            if source is not None:
                shutil.copytree(source, folder)
            else:
                make_game(folder, int(label.split()[1].replace(",", "")))
            lines += report(label, measure(project, folder, tmp / f"work-{index}", runs, command, clock))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[1000], help="synthetic deck sizes (default 1000)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each (default 3)")
    parser.add_argument("--smallest", action="store_true", help="smallest sizes, for CI: 50 cards only, one run")
    parser.add_argument("--cpu", action="store_true",
                        help="time by CPU (user + system, the command's too) instead of the wall clock: steady on a "
                             "shared machine")
    args = parser.parse_args()
    if args.smallest:
        args.sizes, args.runs = [50], 1
    print(f"median of {args.runs} runs, in-process unless said, {'CPU time' if args.cpu else 'wall clock'}")
    print("\n".join(run(args.sizes, args.runs, shipped=not args.smallest,
                         clock=cpu_seconds if args.cpu else time.perf_counter)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
