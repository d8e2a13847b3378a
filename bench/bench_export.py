"""PNG export against its floor, measured in the same run.

* export: `export_png` in-process, as `kitgen export GAME --format png --target tgc` runs it: the
  game loaded and checked, every distinct card face and each deck's back drawn once into the
  single-card PDF, the pages rendered by pdfium and written as PNG (825 x 1125 at 300 dpi), on
  every core, cards.csv beside them;
* floor: the same pages of the same PDF rendered by pdfium and encoded as the same PNGs in one
  process, one after another: what any exporter of this PDF must do at the least, with nothing
  around it (no loading, no PDF writing, no pool).

The ratio export/floor is what the rest costs, less what the second core wins back; the issue's
aim is 1.5x at most. Median of --runs. Measurements, not a test: exit 0.

Run from the repo root: python bench/bench_export.py [--game galactic-civ] [--dpi 300] [--runs 1]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kitgen.kit.build import Options  # noqa: E402
from kitgen.exports.copies import card_faces  # noqa: E402
from kitgen.exports.images import FACES_PDF, checked_game, export_png, write_faces_pdf  # noqa: E402
from kitgen.model import PrintSettings  # noqa: E402
from kitgen.project import Project  # noqa: E402
from kitgen.render.pixels import render_pdf_pages  # noqa: E402
from kitgen.exports.shops import TARGETS, canvas_size  # noqa: E402
from kitgen.units import Length  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="galactic-civ")
    parser.add_argument("--dpi", type=float, default=300)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--smallest", action="store_true",
                        help="smallest sizes, for CI: Galactic Supremacy (fewest cards) at 30 dpi")
    args = parser.parse_args()
    if args.smallest:
        args.game, args.dpi, args.runs = "galactic-supremacy", 30.0, 1
    project, target = Project.default(), TARGETS["tgc"]
    options = Options(PrintSettings(bleed=Length(target.bleed)))
    exports, floors = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            out = Path(tmp) / f"export-{run}"
            start = time.perf_counter()
            result = export_png(project, args.game, out, options, target, dpi=args.dpi)
            exports.append(time.perf_counter() - start)
            # The floor's input: the same PDF of the same faces (made untimed), rendered to the same files.
            checked = checked_game(project, args.game, options)
            faces = card_faces(checked, target)
            pdf = Path(tmp) / FACES_PDF
            write_faces_pdf(checked, faces, pdf, checked.spec.bleed)
            size = canvas_size(checked.spec.card, checked.spec.bleed, args.dpi)
            floor_dir = Path(tmp) / f"floor-{run}"
            floor_dir.mkdir()
            jobs = [(index, str(floor_dir / face.name)) for index, face in enumerate(faces)]
            start = time.perf_counter()
            render_pdf_pages(pdf, jobs, size, args.dpi)
            floors.append(time.perf_counter() - start)
            same = all((out / face.name).read_bytes() == (floor_dir / face.name).read_bytes() for face in faces)
    export, floor = statistics.median(exports), statistics.median(floors)
    images = len(result.files) - 1
    ratio = export / floor
    print(f"{args.game}: {images} PNGs of {size[0]} x {size[1]} px at {args.dpi:g} dpi, {os.cpu_count()} cores")
    print(f"  export  {export:7.2f} s  ({export / images * 1000:.1f} ms an image)")
    print(f"  floor   {floor:7.2f} s  ({floor / images * 1000:.1f} ms an image: pdfium render + PNG encode, one process)")
    print(f"  ratio   {ratio:7.2f}x  {'OK' if ratio <= 1.5 else 'OVER'} against the 1.5x aim;"
          f" export and floor files {'identical' if same else 'DIFFER'}")


if __name__ == "__main__":
    main()
