"""Where a build spends its time: cProfile of one build_game, build cache off.

Prints the share of a few stages (cumulative time of the kitgen functions that do them), then the
top functions by own time. cProfile slows Python-heavy code more than C code, so read shares, not
seconds. Not part of run_all.py.

Run from the repo root: python bench/profile_build.py [GAME | --synthetic N] [--top 20] [--gc-off]
"""
from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_build import build_kit  # noqa: E402  (puts the repo root on sys.path)
from synthetic import make_game  # noqa: E402

from kitgen.project import Project  # noqa: E402
from kitgen.render.fonts import register_fonts  # noqa: E402

# (label, file suffix, function): cumulative time of these is what the stage costs
STAGES = [
    ("load (YAML -> model)", "kitgen/load/game.py", "load_game"),
    ("check", "kitgen/check/game.py", "check_game"),
    ("impose sheets (lazy pages)", "kitgen/kit/build.py", "impose_sheets"),
    ("lay out documents (Jinja)", "kitgen/kit/documents.py", "lay_out"),
    ("render: write_kit", "kitgen/kit/write.py", "write_kit"),
    ("  of which card sheets", "kitgen/render/sheets.py", "write_sheets"),
    ("    of which laying out faces", "kitgen/layout/card.py", "layout_face"),
    ("    of which drawing shapes", "kitgen/render/canvas.py", "draw_shapes"),
    ("    of which icon outlines (parse, operators)", "kitgen/render/canvas.py", "_fill"),
    ("      of which parsing SVG paths", "kitgen/load/svgpath.py", "parse_path"),
    ("    of which replaying drawn faces", "kitgen/render/sheets.py", "_replay"),
    ("    of which writing PDF objects", "kitgen/render/stream.py", "_write_object"),
    ("  of which documents (layout/flow, drawn)", "kitgen/render/document.py", "render_document"),
    ("cache keys (content_key)", "kitgen/kit/cache.py", "content_key_of"),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="galactic-civ", help="a shipped game or a game folder")
    parser.add_argument("--synthetic", type=int, metavar="N", help="profile the synthetic N-card deck instead")
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--gc-off", action="store_true", help="gc.disable() during the build")
    parser.add_argument("--smallest", action="store_true", help="smallest sizes, for CI: the synthetic 20-card deck")
    args = parser.parse_args()
    if args.smallest:
        args.synthetic = 20
    project = Project.default()
    register_fonts(project.fonts)
    with tempfile.TemporaryDirectory(prefix="kitgen-profile-") as name:
        tmp = Path(name)
        game = str(make_game(tmp / "synthetic", args.synthetic)) if args.synthetic else args.game
        build_kit(project, game, tmp / "warmup")
        if args.gc_off:
            gc.disable()
        profile = cProfile.Profile()
        start = time.perf_counter()
        profile.runcall(build_kit, project, game, tmp / "out")
        wall = time.perf_counter() - start
        gc.enable()
    stats = pstats.Stats(profile, stream=io.StringIO())
    total = max(row[3] for row in stats.stats.values())
    print(f"{args.synthetic and f'synthetic {args.synthetic}' or args.game}: {wall:.2f} s under cProfile"
          + (" (gc off)" if args.gc_off else ""))
    for label, suffix, function in STAGES:
        cumulative = sum(row[3] for (file, _, func), row in stats.stats.items()
                         if func == function and file.replace("\\", "/").endswith(suffix))
        print(f"  {label:<32} {cumulative:7.2f} s  {cumulative / total:6.1%}")
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(args.top)
    print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[-8000:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
