"""DriveThruCards export (`kitgen export GAME --target dtc`) against its floor, measured in the same run.

* export: the whole command as a user runs it (a subprocess): the game loaded and checked, every
  printed card and its back drawn in CMYK into cards-pdfx.pdf (PDF/X-1a), each distinct face's page
  rendered by Ghostscript to CMYK, ink limited and saved as JPG, the copies and cards.csv written.
  Wall time, CPU time (with its Ghostscripts), the largest process's peak memory, the PDF/X's size.
* floor: Ghostscript alone rendering those same pages of that same PDF/X to CMYK TIFF at the same
  size, one process: what any exporter of CMYK images from this PDF must do at the least.

Before this export drew in CMYK, cards-pdfx.pdf was the JPGs again, rasterised (Galactic Civ: 114 MB,
42 s of CPU); now it is vector. Measurements, not a test: exit 0.

Run from the repo root: python bench/bench_dtc.py [--game galactic-civ] [--dpi 300] [--runs 1]
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kitgen.exports.copies import card_faces, print_pages  # noqa: E402
from kitgen.exports.images import checked_game  # noqa: E402
from kitgen.exports.shops import TARGETS, canvas_size  # noqa: E402
from kitgen.kit.build import Options  # noqa: E402
from kitgen.model import PrintSettings  # noqa: E402
from kitgen.project import Project  # noqa: E402
from kitgen.units import Length  # noqa: E402


def export(game: str, out: Path, dpi: float) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (the command and its children) and the largest child's peak RSS (kB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "kitgen", "-q", "export", game, "--target", "dtc", "--dpi", f"{dpi:g}",
                    "-o", str(out)], cwd=ROOT, check=True, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, after.ru_maxrss


def floor(pdf: Path, pages: list[int], size: tuple[int, int], page: tuple[float, float], into: Path) -> float:
    start = time.perf_counter()
    subprocess.run(["gs", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dQUIET", "-sDEVICE=tiff32nc", "-sCompression=lzw",
                    f"-r{size[0] * 72 / page[0]!r}x{size[1] * 72 / page[1]!r}", f"-g{size[0]}x{size[1]}",
                    "-dFIXEDMEDIA", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4",
                    "-sPageList=" + ",".join(str(n + 1) for n in sorted(pages)), f"-sOutputFile={into / '%d.tif'}",
                    str(pdf)], check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="galactic-civ")
    parser.add_argument("--dpi", type=float, default=300)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--smallest", action="store_true",
                        help="smallest sizes, for CI: Galactic Supremacy (fewest cards) at 50 dpi (--dpi's least)")
    args = parser.parse_args()
    if args.smallest:
        args.game, args.dpi, args.runs = "galactic-supremacy", 50.0, 1
    target = TARGETS["dtc"]
    checked = checked_game(Project.default(), args.game, Options(PrintSettings(bleed=Length(target.bleed))))
    faces = card_faces(checked, target)
    pages = print_pages(faces)
    first: dict[tuple[int, int], int] = {}
    for number, (deck, index) in enumerate(pages):
        first.setdefault((id(deck), index), number)
    size = canvas_size(checked.spec.card, checked.spec.bleed, args.dpi)
    page = (checked.spec.card[0] + 2 * checked.spec.bleed, checked.spec.card[1] + 2 * checked.spec.bleed)
    runs, floors = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            out = Path(tmp) / f"export-{run}"
            runs.append(export(args.game, out, args.dpi))
            into = Path(tmp) / f"floor-{run}"
            into.mkdir()
            floors.append(floor(out / "cards-pdfx.pdf", list(first.values()), size, page, into))
        pdf_size = (out / "cards-pdfx.pdf").stat().st_size
    wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    least = statistics.median(floors)
    print(f"{args.game}: {len(first)} CMYK JPGs of {size[0]} x {size[1]} px at {args.dpi:g} dpi from a "
          f"{len(pages)}-page PDF/X, {os.cpu_count()} cores")
    print(f"  export  {wall:7.2f} s wall, {cpu:.2f} s CPU with its Ghostscripts, peak {max(r[2] for r in runs) / 1024:.0f} MiB")
    print(f"  floor   {least:7.2f} s  (Ghostscript rendering the same pages to CMYK TIFF, one process)")
    print(f"  ratio   {wall / least:7.2f}x export/floor;  cards-pdfx.pdf {pdf_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
