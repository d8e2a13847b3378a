"""Where a cold build's CPU time goes, piece by piece: `python -m kitgen build GAME --no-cache` in a
fresh process, as bench_goal.py times it, with no profiler's overhead.

Each run is a child process that first imports every module a cold build imports (so the imports
are one figure and the pieces are work only), then runs the command with a few kitgen functions
wrapped: each adds the CPU time (time.process_time) of its outermost calls. Pieces are inclusive
(an indented one is part of the one above it); `rest` is what no piece covers. Median of --runs,
by CPU time like bench_goal.py, so it holds when other work shares the machine. Not part of
run_all.py's report (its --smallest runs it, so it cannot rot).

Run from the repo root: python bench/profile_cold.py [--game galactic-civ] [--runs 5] [--smallest]
"""
from __future__ import annotations

import json
import sys
import time

START = time.process_time()

# (label, module, function; Class.method for a method): inclusive, in the order printed.
PIECES = [
    ("load and check (YAML -> model -> problems)", "kitgen.kit.build", "load_and_check"),
    ("plan: templates, icon set, art, fonts, faces", "kitgen.kit.build", "prepare_kit"),
    ("  register fonts (reportlab parses the TTFs)", "kitgen.render.fonts", "register_fonts"),
    ("documents: Jinja (compile and render)", "kitgen.kit.documents", "lay_out_kept"),
    ("  of which reading and compiling templates", "jinja2.environment", "Environment._load_template"),
    ("documents: laid out and drawn (5 files)", "kitgen.render.document", "render_document"),
    ("card sheets: laid out, drawn, written", "kitgen.render.sheets", "write_sheets"),
    ("  laying out faces (a few backs in plan, too)", "kitgen.layout.card", "layout_face"),
    ("  icon outlines (SVG parse, operators)", "kitgen.render.canvas", "icon_forms"),
    ("  closing forms (zlib compresses each)", "kitgen.render.canvas", "end_form"),
]
# What a cold build imports only when it gets there: imported first, so they count as imports
# (kitgen.cli.kit: the build command's module, loaded when `build` is asked for, cli/common.COMMANDS);
# a Galactic Civ build imports nothing after these but a few codecs.
LAZY = ("kitgen.cli.kit", "kitgen.kit.build", "kitgen.render.sheets", "kitgen.render.document", "kitgen.render.fonts",
        "kitgen.layout.expressions", "kitgen.kit.changes", "jinja2.environment", "kitgen.layout.tokens",
        "reportlab.lib.fonts", "platformdirs")  # platformdirs: load/config finds the user's config folder


def child(game: str, out: str) -> None:
    """One fresh build, as `python bench/profile_cold.py --child GAME OUT`: prints the pieces as JSON."""
    import importlib

    sys.argv = ["kitgen", "build", game, "--no-cache", "-o", out]
    import gc

    from kitgen.cli import COLLECTOR_PACE, run  # the program, as `kitgen` runs it
    gc.set_threshold(*COLLECTOR_PACE)  # as run() does first: a build's lazy imports come after it
    for name in LAZY:
        importlib.import_module(name)
    times = {"python start and imports": time.process_time() - START}
    for label, module, function in PIECES:
        _wrap(importlib.import_module(module), function, label, times)
    begun = time.process_time()
    try:
        run()
    except SystemExit as exc:
        if exc.code:
            raise
    times["build (after the imports)"] = time.process_time() - begun
    print(json.dumps(times))


def _wrap(module, function: str, label: str, times: dict) -> None:
    """Count the CPU time of the outermost calls of module.function (or of Class.method) under
    `label`, wherever it is called from: the names other kitgen modules imported are replaced too."""
    owner, name = (getattr(module, function.split(".")[0]), function.split(".")[1]) if "." in function \
        else (module, function)
    original = getattr(owner, name)
    depth = [0]

    def timed(*args, **kwargs):
        depth[0] += 1
        begun = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            depth[0] -= 1
            if not depth[0]:
                times[label] = times.get(label, 0.0) + time.process_time() - begun
    setattr(owner, name, timed)
    if owner is module:
        for other in list(sys.modules.values()):
            if getattr(other, "__name__", "").startswith("kitgen") and getattr(other, name, None) is original:
                setattr(other, name, timed)


if __name__ == "__main__" and sys.argv[1:2] == ["--child"]:
    child(*sys.argv[2:4])
    sys.exit(0)

import argparse  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402


def measure(game: str, runs: int) -> dict[str, float]:
    """Median of each piece over `runs` fresh children, after one untimed warm-up (which writes
    the .pyc files, as an installed kitgen has them: bench_goal.py's children run so too)."""
    env = {**os.environ}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    root = Path(__file__).resolve().parent.parent
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH", "")]))
    samples: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory(prefix="kitgen-profile-cold-") as tmp:
        for run in range(runs + 1):
            done = subprocess.run([sys.executable, __file__, "--child", game, str(Path(tmp) / f"kit-{run}")],
                                  env=env, capture_output=True, text=True, cwd=root)
            if done.returncode != 0:
                raise RuntimeError(f"the build failed:\n{done.stderr}")
            if run:
                for label, seconds in json.loads(done.stdout.splitlines()[-1]).items():
                    samples.setdefault(label, []).append(seconds)
    return {label: statistics.median(values) for label, values in samples.items()}


def report(game: str, runs: int, times: dict[str, float]) -> list[str]:
    total = times["python start and imports"] + times["build (after the imports)"]
    top = [label for label, _, _ in PIECES if not label.startswith(" ")]
    rest = times["build (after the imports)"] - sum(times.get(label, 0.0) for label in top)
    lines = [f"{game}: a cold build in a fresh process, CPU ms (median of {runs}); indented = part of the line above",
             f"  {'total':<48} {total * 1000:6.0f}"]
    for label in ["python start and imports"] + [label for label, _, _ in PIECES]:
        lines.append(f"  {label:<48} {times.get(label, 0.0) * 1000:6.0f}  {times.get(label, 0.0) / total:5.1%}")
    lines.append(f"  {'rest (cache keys, manifest, checks, writing)':<48} {rest * 1000:6.0f}  {rest / total:5.1%}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="galactic-civ", help="a shipped game or a game folder")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (default 5)")
    parser.add_argument("--smallest", action="store_true", help="smallest sizes, for CI: Galactic Supremacy, one run")
    args = parser.parse_args()
    runs, game = (1, "galactic-supremacy") if args.smallest else (args.runs, args.game)
    print("\n".join(report(game, runs, measure(game, runs))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
