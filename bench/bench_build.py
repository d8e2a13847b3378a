"""Benchmark full kit builds against a cards-only reportlab floor, for any game.

What is measured (wall clock, median of --runs runs after one untimed warm-up of each side; the
kit and floor runs alternate, so a noisy neighbour slows both rather than one):

* kit:   kitgen.kit.build.build_game(Project.default(), GAME, out_dir), in-process, into a fresh
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

* text floor: every string the kit's PDFs show, drawn with plain reportlab in the same font, size,
         place and angle, on the same pages of the same files (documents included), and nothing
         else: no shapes, icons or forms, each card copy's text drawn anew. The strings are read
         from the kit's own PDFs with pdfplumber before the timing (a test dependency; without it
         this floor is left out). It is the issue's "floor drawing the same text" taken literally:
         the cards-only floor draws about a fifth of the text the kit prints and two of its six
         files, so kit/text floor says what the design (shapes, icons, layout, checks) costs on
         top of writing the same words.

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
import math
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
from reportlab.pdfbase import pdfmetrics  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from kitgen.kit.build import Options, build_game, resolve_print  # noqa: E402
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


def effect_lines(card: Card) -> list[str]:
    """One "Attribute +N" line per effect (dice and condition as the data says them)."""
    return [f"{e.attribute} {e.dice or f'{e.delta:+d}'}" + (f" ({e.condition})" if e.condition else "")
            for e in card.effects]


def _card_lines(card: Card, width: float, font: str) -> list[tuple[str, float]]:
    kind = f"{card.type}  {card.cost}" if card.cost else card.type
    lines = [(card.name, 11), (kind, 8)] + [(line, 9) for line in effect_lines(card)]
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


def medians(runners: dict, runs: int, tmp: Path) -> dict[str, float]:
    """Median of `runs` timed calls of each runner(out), taking turns, after a warm-up of each."""
    for label, run in runners.items():
        run(tmp / f"{label}-warmup")
    times: dict[str, list[float]] = {label: [] for label in runners}
    for i in range(runs):
        for label, run in runners.items():
            start = time.perf_counter()
            run(tmp / f"{label}-{i}")
            times[label].append(time.perf_counter() - start)
    return {label: statistics.median(values) for label, values in times.items()}


def kit_text(folder: Path) -> dict[str, list] | None:
    """Each PDF's pages as (width, height, runs): every run of text the page shows as (font, size,
    angle, x, y, text), read with pdfplumber; None without pdfplumber. Characters join a run while
    font, size and angle stay and each starts where the one before ended."""
    try:
        import pdfplumber
    except ImportError:
        return None
    files = {}
    for pdf in sorted(folder.glob("*.pdf")):
        with pdfplumber.open(pdf) as document:
            files[pdf.name] = [(page.width, page.height, _runs(page.chars)) for page in document.pages]
    return files


def _runs(chars) -> list[tuple]:
    runs: list[list] = []
    end = None
    for char in chars:
        a, b, _, _, x, y = char["matrix"]  # text space to page: (a, b) is the baseline's direction
        upright = abs(b) < 1e-6
        size = char["size"] if upright else char["x1"] - char["x0"]  # pdfplumber sizes turned text by its box
        key = (char["fontname"].split("+")[-1], round(size, 2), round(math.degrees(math.atan2(b, a))))
        if runs and runs[-1][0] == key and math.hypot(x - end[0], y - end[1]) < 0.3 * size:
            runs[-1][-1] += char["text"]
        else:
            runs.append([key, x, y, char["text"]])
        end = (x + (char["x1"] - char["x0"]), y) if upright else (x, y + math.copysign(char["y1"] - char["y0"], b))
    return [(*key, x, y, text) for key, x, y, text in runs]


def build_text_floor(files: dict[str, list], out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    fonts = {_face_name(role): font_name(role) for role in ("body", "bold", "italic", "title")}
    for name, pages in files.items():
        canvas = Canvas(str(out_dir / name), pagesize=pages[0][:2], invariant=1, pageCompression=1,
                        initialFontName=font_name("body"))
        for width, height, runs in pages:
            canvas.setPageSize((width, height))
            for font, size, angle, x, y, text in runs:
                canvas.setFont(fonts.get(font, font_name("body")), size)
                if angle:
                    canvas.saveState()
                    canvas.translate(x, y)
                    canvas.rotate(angle)
                    canvas.drawString(0, 0, text)
                    canvas.restoreState()
                else:
                    canvas.drawString(x, y, text)
            canvas.showPage()
        canvas.save()


def _face_name(role: str) -> str:
    name = pdfmetrics.getFont(font_name(role)).face.name
    return name.decode() if isinstance(name, bytes) else name


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
    build_kit(project, game_ref, tmp / "kit-text")
    text = kit_text(tmp / "kit-text")
    runners = {"kit": lambda out: build_kit(project, game_ref, out),
               "floor": lambda out: build_floor(game.decks, grid, out)}
    if text is not None:
        runners["text"] = lambda out: build_text_floor(text, out)
    times = medians(runners, runs, tmp)
    kit, floor = times["kit"], times["floor"]
    last = runs - 1
    pages, size = pdf_stats(tmp / f"kit-{last}")
    card_pages, card_bytes = pdf_stats(tmp / f"kit-{last}", CARD_PDFS)
    floor_pages, floor_bytes = pdf_stats(tmp / f"floor-{last}", CARD_PDFS)
    return {"game": game_ref, "cards": card_count(game), "decks": len(game.decks), "kit": kit, "floor": floor,
            "ratio": kit / floor, "text_floor": times.get("text"), "pages": pages, "bytes": size, "card_pages": card_pages,
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
                ("text floor median", f"{r['text_floor']:.3f} s  (kit/text floor {r['kit'] / r['text_floor']:.2f}x)"
                 if r["text_floor"] else "n/a (needs pdfplumber)"),
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
