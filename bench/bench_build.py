"""Benchmark the full galactic-civ kit build against a cards-only reportlab floor.

What is measured (wall clock, median of --runs runs after one untimed warm-up):

* kit:   kitgen.build.build_game(Project.default(), "galactic-civ", out_dir), in-process, into a
         temporary folder: load + check + layout + render of every card sheet, rules, reference
         and player sheet.
* floor: a plain reportlab script that writes the same cards with none of kitgen's work: one PDF
         per deck, the same registered Lato TTFs, the same 3x3 poker grid on Letter (plan_grid /
         Grid.front_slot), one front page per 9 cards with each copy's name, type and "Attr +N"
         effect lines drawn by canvas.drawString, and one back page per front page with only a
         rectangle per card; invariant=1 and page compression, as the kit's canvases use.

Why the floor is a fair baseline: it is the least work any generator must do to put these cards
on paper (same card count, pages, fonts to embed and subset, PDF writer and compression), so the
ratio kit/floor isolates what kitgen adds (YAML loading, checks, templates, text fitting, crop
marks, documents) rather than the cost of reportlab itself.

Also reported: pages and bytes of the kit PDFs, and the peak Python heap of one kit build
(tracemalloc; run separately, since tracing slows the build). This is a measurement, not a test:
it always exits 0.

Run from the repo root: python bench/bench_build.py [--runs N]
"""
from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from kitgen.build import build_game  # noqa: E402
from kitgen.layout.impose import Grid, plan_grid  # noqa: E402
from kitgen.load import load_game  # noqa: E402
from kitgen.model import Deck  # noqa: E402
from kitgen.project import Project  # noqa: E402
from kitgen.render.fonts import font_name, register_fonts  # noqa: E402
from kitgen.units import CARD_SIZES, PAPER_SIZES  # noqa: E402

GAME = "galactic-civ"
AIM = 2.0  # kit within this factor of the floor


def build_kit(out_dir: Path) -> None:
    build_game(Project.default(), GAME, out_dir)


def build_floor(decks: tuple[Deck, ...], grid: Grid, out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    font = font_name("body")
    for deck in decks:
        copies = [card for card in deck.cards for _ in range(card.copies)]
        canvas = Canvas(str(out_dir / f"cards-{deck.id}.pdf"), pagesize=(grid.page_w, grid.page_h),
                        invariant=1, pageCompression=1, initialFontName=font)
        for start in range(0, len(copies), grid.per_page):
            page = copies[start:start + grid.per_page]
            for slot, card in enumerate(page):
                x, top = grid.front_slot(slot)
                lines = [(card.name, 11), (card.type, 8)] + [(f"{e.attribute} {e.delta:+d}", 9) for e in card.effects]
                y = grid.page_h - top - 20
                for text, size in lines:
                    canvas.setFont(font, size)
                    canvas.drawString(x + 8, y, text)
                    y -= size + 4
            canvas.showPage()
            for slot in range(len(page)):
                x, top = grid.front_slot(slot)
                canvas.rect(x, grid.page_h - top - grid.card_h, grid.card_w, grid.card_h)
            canvas.showPage()
        canvas.save()


def median_seconds(run, runs: int, tmp: Path, label: str) -> float:
    run(tmp / f"{label}-warmup")
    times = []
    for i in range(runs):
        start = time.perf_counter()
        run(tmp / f"{label}-{i}")
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def pdf_stats(folder: Path) -> tuple[int, int]:
    """(pages, bytes) over every PDF in folder; a page object is '/Type /Page' (not '/Pages')."""
    pages = size = 0
    for pdf in folder.glob("*.pdf"):
        data = pdf.read_bytes()
        pages += len(re.findall(rb"/Type /Page\b", data))
        size += len(data)
    return pages, size


def peak_mib(tmp: Path) -> float:
    tracemalloc.start()
    build_kit(tmp / "kit-traced")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per side (default 5)")
    args = parser.parse_args()
    project = Project.default()
    game = load_game(project.game_folder(GAME))
    register_fonts(project.fonts)
    grid = plan_grid(PAPER_SIZES["letter"], CARD_SIZES["poker"], "letter")
    cards = sum(card.copies for deck in game.decks for card in deck.cards)

    with tempfile.TemporaryDirectory(prefix="kitgen-bench-") as name:
        tmp = Path(name)
        kit = median_seconds(build_kit, args.runs, tmp, "kit")
        floor = median_seconds(lambda out: build_floor(game.decks, grid, out), args.runs, tmp, "floor")
        pages, size = pdf_stats(tmp / "kit-0")
        floor_pages, floor_size = pdf_stats(tmp / "floor-0")
        peak = peak_mib(tmp)

    ratio = kit / floor
    rows = [
        ("kit build median", f"{kit:.3f} s"),
        ("floor median", f"{floor:.3f} s"),
        ("ratio kit/floor", f"{ratio:.2f}x"),
        ("cards", f"{cards}"),
        ("kit pages written", f"{pages}  (floor: {floor_pages})"),
        ("kit PDF bytes", f"{size:,}  (floor: {floor_size:,})"),
        ("kit bytes per card", f"{size / cards:,.0f}"),
        ("kit peak memory", f"{peak:.1f} MiB (tracemalloc)"),
    ]
    print(f"{GAME}: median of {args.runs} runs after 1 warm-up")
    for label, value in rows:
        print(f"  {label:<20} {value}")
    print(f"aim: kit within {AIM}x of the cards-only floor")
    print("OK" if ratio <= AIM else "OVER")
    return 0


if __name__ == "__main__":
    sys.exit(main())
