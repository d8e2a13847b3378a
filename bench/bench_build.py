"""Benchmark full kit builds against a cards-only reportlab floor, for any game.

What is measured (wall clock, median of --runs runs after one untimed warm-up of each side; the
kit and floor runs alternate, so a noisy neighbour slows both rather than one):

* kit:   kitgen.build.build_game(Project.default(), GAME, out_dir), in-process, into a fresh
         temporary folder each run, with the build cache off when build_game has one
         (use_cache=False): load + check + layout + render of every card sheet, rules,
         reference, player sheet and manifest.
* floor: a plain reportlab script that writes the same cards with none of kitgen's work: one PDF
         per deck, the same registered Lato TTFs, the same grid the kit uses (the game's print
         settings through resolve_print, then plan_grid / Grid.front_slot / Grid.back_slot), one
         front page per sheet of cards with each copy's name, type (and cost), one
         "Attribute +N" line per effect and the card's text wrapped to the card width
         (simpleSplit), all by canvas.drawString; and one back page per front page with only a
         rectangle per card; invariant=1 and page compression, as the kit's canvases use.

Why the floor is a fair baseline: it is the least work any generator must do to put these cards
on paper (same card count, pages, fonts to embed and subset, PDF writer and compression), so the
ratio kit/floor isolates what kitgen adds (YAML loading, checks, templates, text fitting, crop
marks, documents) rather than the cost of reportlab itself.

Also reported: pages and bytes of the kit PDFs, bytes per card of the card PDFs alone, and the
peak Python heap of one kit build (tracemalloc; run separately, since tracing slows the build).
This is a measurement, not a test: it always exits 0. bench/run_all.py reuses these functions.

Run from the repo root: python bench/bench_build.py [--game NAME|all] [--runs N]
"""
from __future__ import annotations

import argparse
import inspect
import re
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reportlab.lib.utils import simpleSplit  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from kitgen.build import Options, build_game, resolve_print  # noqa: E402
from kitgen.layout.impose import Grid, plan_grid  # noqa: E402
from kitgen.load import load_game  # noqa: E402
from kitgen.model import Card, Deck, Game  # noqa: E402
from kitgen.project import Project  # noqa: E402
from kitgen.render.fonts import font_name, register_fonts  # noqa: E402

GAME = "galactic-civ"
AIM = 1.5  # the target: kit within this factor of the floor
CACHE_OFF = {"use_cache": False} if "use_cache" in inspect.signature(build_game).parameters else {}
CARD_PDFS = "cards-*.pdf"  # the card sheets (fronts and backs); not rules, reference, player sheet, manifest


def build_kit(project: Project, game_ref: str, out_dir: Path):
    return build_game(project, game_ref, out_dir, **CACHE_OFF)


def kit_grid(game: Game) -> Grid:
    """The grid the kit itself uses for this game (its print settings, kitgen's defaults)."""
    spec, _ = resolve_print(game, Options())
    return plan_grid(spec.paper, spec.card, spec=spec)


def card_count(game: Game) -> int:
    return sum(card.copies for deck in game.decks for card in deck.cards)


def _card_lines(card: Card, width: float, font: str) -> list[tuple[str, float]]:
    kind = f"{card.type}  {card.cost}" if card.cost else card.type
    lines = [(card.name, 11), (kind, 8)]
    for e in card.effects:
        amount = e.dice or f"{e.delta:+d}"
        lines.append((f"{e.attribute} {amount}" + (f" ({e.condition})" if e.condition else ""), 9))
    if card.text:
        lines += [(line, 8) for line in simpleSplit(card.text, font, 8, width)]
    return lines


def build_floor(decks: tuple[Deck, ...], grid: Grid, out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    font = font_name("body")
    width = grid.card_w - 16
    for deck in decks:
        copies = [card for card in deck.cards for _ in range(card.copies)]
        canvas = Canvas(str(out_dir / f"cards-{deck.id}.pdf"), pagesize=(grid.page_w, grid.page_h),
                        invariant=1, pageCompression=1, initialFontName=font)
        for start in range(0, len(copies), grid.per_page):
            page = copies[start:start + grid.per_page]
            for slot, card in enumerate(page):
                x, top = grid.front_slot(slot)
                y = grid.page_h - top - 20
                for text, size in _card_lines(card, width, font):
                    canvas.setFont(font, size)
                    canvas.drawString(x + 8, y, text)
                    y -= size + 4
            canvas.showPage()
            for slot in range(len(page)):
                x, top = grid.back_slot(slot)
                canvas.rect(x, grid.page_h - top - grid.card_h, grid.card_w, grid.card_h)
            canvas.showPage()
        canvas.save()


def median_pair(kit, floor, runs: int, tmp: Path) -> tuple[float, float]:
    """Medians of `runs` timed calls of kit(out) and floor(out), alternating, after a warm-up of each."""
    kit(tmp / "kit-warmup")
    floor(tmp / "floor-warmup")
    kit_times, floor_times = [], []
    for i in range(runs):
        for run, label, times in ((kit, "kit", kit_times), (floor, "floor", floor_times)):
            start = time.perf_counter()
            run(tmp / f"{label}-{i}")
            times.append(time.perf_counter() - start)
    return statistics.median(kit_times), statistics.median(floor_times)


def pdf_stats(folder: Path, pattern: str = "*.pdf") -> tuple[int, int]:
    """(pages, bytes) over the PDFs in folder matching pattern; a page object is '/Type /Page'
    (not '/Pages'; reportlab writes no object streams, so page objects are never compressed)."""
    pages = size = 0
    for pdf in folder.glob(pattern):
        data = pdf.read_bytes()
        pages += len(re.findall(rb"/Type /Page\b", data))
        size += len(data)
    return pages, size


def measure_game(project: Project, game_ref: str, runs: int, tmp: Path) -> dict:
    """Kit and floor medians for one game, with the sizes of what each wrote in its last run."""
    game = load_game(project.game_folder(game_ref))
    register_fonts(project.fonts)
    grid = kit_grid(game)
    tmp.mkdir(parents=True, exist_ok=True)
    kit, floor = median_pair(lambda out: build_kit(project, game_ref, out),
                             lambda out: build_floor(game.decks, grid, out), runs, tmp)
    last = runs - 1
    pages, size = pdf_stats(tmp / f"kit-{last}")
    card_pages, card_bytes = pdf_stats(tmp / f"kit-{last}", CARD_PDFS)
    floor_pages, floor_bytes = pdf_stats(tmp / f"floor-{last}", CARD_PDFS)
    return {"game": game_ref, "cards": card_count(game), "decks": len(game.decks), "kit": kit, "floor": floor,
            "ratio": kit / floor, "pages": pages, "bytes": size, "card_pages": card_pages,
            "card_bytes": card_bytes, "floor_pages": floor_pages, "floor_bytes": floor_bytes}


def peak_mib(project: Project, game_ref: str, tmp: Path) -> float:
    tracemalloc.start()
    build_kit(project, game_ref, tmp / "kit-traced")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=GAME, help=f"a shipped game, a game folder, or 'all' (default {GAME})")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per side (default 5)")
    args = parser.parse_args()
    project = Project.default()
    games = project.game_names() if args.game == "all" else [args.game]
    cache = "off" if CACHE_OFF else "n/a"
    with tempfile.TemporaryDirectory(prefix="kitgen-bench-") as name:
        for game_ref in games:
            tmp = Path(name) / Path(game_ref).name
            r = measure_game(project, game_ref, args.runs, tmp)
            peak = peak_mib(project, game_ref, tmp)
            rows = [
                ("kit build median", f"{r['kit']:.3f} s  (build cache {cache})"),
                ("floor median", f"{r['floor']:.3f} s"),
                ("ratio kit/floor", f"{r['ratio']:.2f}x"),
                ("cards", f"{r['cards']}"),
                ("kit pages written", f"{r['pages']}  (card PDFs {r['card_pages']}; floor: {r['floor_pages']})"),
                ("kit PDF bytes", f"{r['bytes']:,}  (card PDFs {r['card_bytes']:,}; floor: {r['floor_bytes']:,})"),
                ("card bytes per card", f"{r['card_bytes'] / r['cards']:,.0f}  (floor: {r['floor_bytes'] / r['cards']:,.0f})"),
                ("kit peak memory", f"{peak:.1f} MiB (tracemalloc)"),
            ]
            print(f"{game_ref}: median of {args.runs} runs after 1 warm-up")
            for label, value in rows:
                print(f"  {label:<20} {value}")
            print(f"  aim: kit within {AIM}x of the cards-only floor: {'OK' if r['ratio'] <= AIM else 'OVER'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
