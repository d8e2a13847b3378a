"""Every kitgen benchmark in one run, one report: python bench/run_all.py

1. Full build of every shipped game (Project.default().game_names()) against the plain-reportlab
   floor (bench_build.py): kit seconds, floor seconds, ratio (the issue's target: within 1.5x), and
   against the text floor (every string of the kit's files, same font and place, nothing else).
2. A synthetic deck (synthetic.py, bench_synthetic.py) at 1,000 and 10,000 cards: build time,
   time per card, peak RSS of the build subprocess, loaded data size, and the 10k/1k ratios.
3. PDF bytes per card of the card PDFs only (cards-*.pdf: fronts and backs; not the rules,
   reference, player sheet or manifest), from the builds of 1 and 2; then card art (bench_art.py):
   the synthetic 1,000-card deck built without art, with its own generated picture per card, and
   with one picture every card names with `art:`, with the image XObjects in the card PDF.

4. The designer's loop (bench_rebuild.py): Galactic Civ and the synthetic 1,000-card deck built
   with the cache off, then with it on: a rebuild with nothing changed, and a rebuild after one
   card is edited (in-process, as watch does, and for Galactic Civ as a fresh `kitgen build`).

All figures and ratios come from this run; nothing is asserted about time, and it always exits 0
(unless a build fails). About 5 minutes on 2 cores with the defaults; the build with 1,000 distinct
pictures needs about 4 GiB of RAM and 0.7 GB of temporary disk (--art-cards 200 for less).

--smallest (CI runs it, so that no script rots): the same report at its smallest sizes (one game, one
run, synthetic decks of 20 and 40 cards, 10 pictures), then every other script of bench/ with its
own --smallest, each a subprocess; exits 1 if any of them fails. Its figures mean nothing.
"""
from __future__ import annotations

import argparse
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_art  # noqa: E402
import bench_build  # noqa: E402  (puts the repo root on sys.path)
import bench_rebuild  # noqa: E402
import bench_synthetic  # noqa: E402
import reportlab  # noqa: E402

from kitgen import __version__  # noqa: E402
from kitgen.project import Project  # noqa: E402

def section(title: str) -> None:
    print(f"\n{title}\n{'=' * len(title)}")


# Scripts the report above does not include: --smallest runs each of them too, with its own --smallest.
OTHERS = ("bench_goal.py", "bench_export.py", "bench_dtc.py", "bench_cli.py", "bench_preview.py", "bench_simulate.py",
          "bench_language.py", "bench_mutation.py", "bench_units.py", "bench_combat.py", "bench_impact.py", "bench_speed.py",
          "bench_answer.py", "bench_ladder.py", "bench_tune.py", "profile_build.py", "profile_cold.py", "same_play.py")
SMALLEST_GAME = "galactic-supremacy"  # the shipped game with the fewest cards


def shipped(runs: int, games: list[str] | None = None, sample: bool = False) -> list[dict]:
    section(f"1. Full build of every shipped game vs the plain-reportlab floor (median of {runs} after 1 warm-up)")
    project = Project.default()
    cache = "off (use_cache=False)" if bench_build.CACHE_OFF else "n/a (build_game has no cache)"
    print(f"kit: build_game in-process, fresh output folder each run, build cache {cache}; floor: the cards' "
          f"text, same grid and fonts, drawString only; text floor: every string of the kit's six files in the "
          f"same font, size and place, drawString only")
    head = (f"  {'game':<24} {'cards':>5} {'pages':>5} {'kit s':>7} {'floor s':>8} {'kit/floor':>9} {'text fl. s':>10} "
            f"{'kit/text':>8} {'kit ms/card':>11}")
    print(head + "\n  " + "-" * (len(head) - 2))
    results = []
    with tempfile.TemporaryDirectory(prefix="kitgen-bench-") as name:
        for game in games or project.game_names():
            r = bench_build.measure_game(project, game, runs, Path(name) / game, sample)
            results.append(r)
            text = r["text_floor"] or float("nan")  # nan: no pdfplumber
            print(f"  {game:<24} {r['cards']:>5} {r['pages']:>5} {r['kit']:>7.3f} {r['floor']:>8.3f} "
                  f"{r['ratio']:>8.1f}x {text:>10.3f} {r['kit'] / text:>7.1f}x {r['kit'] / r['cards'] * 1000:>11.2f}")
    kit, floor = sum(r["kit"] for r in results), sum(r["floor"] for r in results)
    text = sum(r["text_floor"] or float("nan") for r in results)
    print(f"  {'all games':<24} {sum(r['cards'] for r in results):>5} {sum(r['pages'] for r in results):>5} "
          f"{kit:>7.3f} {floor:>8.3f} {kit / floor:>8.1f}x {text:>10.3f} {kit / text:>7.1f}x")
    ratios = [r["ratio"] for r in results]
    within = sum(x <= bench_build.AIM for x in ratios)
    print(f"  -> kit/floor is {min(ratios):.0f}-{max(ratios):.0f}x; {within} of {len(results)} games within the "
          f"{bench_build.AIM}x target. The floor is {floor / sum(r['cards'] for r in results) * 1000:.2f} ms per card; "
          f"the kit also writes rules, reference, player sheet and manifest, a fixed cost that weighs most on small decks. "
          f"Against the text floor (the same words in the same six files) kit/text is "
          f"{min(r['kit'] / (r['text_floor'] or float('nan')) for r in results):.1f}-"
          f"{max(r['kit'] / (r['text_floor'] or float('nan')) for r in results):.1f}x: what the design costs beyond the words.")
    return results


def synthetic(runs: int, large_runs: int, sizes: tuple[int, ...] = (1000, 10000)) -> list[dict]:
    section(f"2. Synthetic Galactic Civ deck at {sizes[0]:,} and {sizes[-1]:,} cards ({runs} runs at {sizes[0]:,}, "
            f"{large_runs} at {sizes[-1]:,})")
    results = bench_synthetic.measure(list(sizes), runs, large_runs)
    print("\n".join(bench_synthetic.report(results)))
    return results


def bytes_per_card(games: list[dict], decks: list[dict], art_cards: int, shared_cards: int) -> None:
    section("3. PDF bytes per card, card PDFs only (cards-*.pdf, fronts and backs)")
    head = (f"  {'kit (no art)':<24} {'cards':>6} {'pages':>6} {'card PDF bytes':>15} {'bytes/card':>10} "
            f"{'floor B/card':>12}")
    print(head + "\n  " + "-" * (len(head) - 2))
    rows = [(r["game"], r["cards"], r["card_pages"], r["card_bytes"], r["floor_bytes"]) for r in games]
    rows += [(f"synthetic {r['n']:,}", r["cards"], r["card_pages"], r["card_bytes"], r["floor_card_bytes"]) for r in decks]
    for label, cards, pages, size, floor in rows:
        print(f"  {label:<24} {cards:>6,} {pages:>6,} {size:>15,} {size / cards:>10,.0f} {floor / cards:>12,.0f}")
    small, large = decks[0], decks[-1]
    marginal = (large["card_bytes"] - small["card_bytes"]) / (large["n"] - small["n"])
    fixed = small["card_bytes"] - marginal * small["n"]
    shipped_per_card = [size / cards for _, cards, _, size, _ in rows[:len(games)]]
    print(f"  -> without art a card costs {min(shipped_per_card):,.0f}-{max(shipped_per_card):,.0f} bytes in the shipped "
          f"kits; from 1k to 10k the marginal cost is {marginal:,.0f} bytes per card (front + its share of a back page) "
          f"over a fixed ~{fixed / 1024:,.0f} KiB per file (embedded font subsets, shared forms).")
    print(f"\n  With card art: synthetic deck, own picture on {art_cards:,} cards, one shared picture on "
          f"{shared_cards:,} cards")
    print("\n".join("  " + line for line in bench_art.report(bench_art.measure(art_cards, shared_cards))))


def rebuilds(runs: int, size: int = 1000, shipped: bool = True) -> None:
    section(f"4. The designer's loop: rebuilds with the build cache (median of {runs})")
    print("\n".join("  " + line for line in bench_rebuild.run([size], runs, shipped)))


def others() -> int:
    """Every script the report leaves out, each at its smallest: how many failed."""
    failed = 0
    for script in OTHERS:
        section(f"{script} --smallest")
        done = subprocess.run([sys.executable, str(HERE / script), "--smallest"], capture_output=True, text=True)
        print(done.stdout.rstrip())
        if done.returncode != 0:
            failed += 1
            print(f"FAILED (exit {done.returncode}):\n{done.stderr.rstrip()}")
    return failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per shipped game and side (default 5)")
    parser.add_argument("--synthetic-runs", type=int, default=3, help="timed runs at 1,000 cards (default 3)")
    parser.add_argument("--large-runs", type=int, default=3, help="timed runs at 10,000 cards (default 3)")
    parser.add_argument("--art-cards", type=int, default=1000,
                        help="cards with their own picture (default 1000; ~4 GiB RAM, 0.7 GB temp disk)")
    parser.add_argument("--shared-art-cards", type=int, default=1000, help="cards sharing one picture (default 1000)")
    parser.add_argument("--smallest", action="store_true",
                        help="everything at its smallest, every other bench/ script too (CI: none can rot)")
    args = parser.parse_args()
    if args.smallest:
        return smallest()
    start = time.perf_counter()
    print(f"kitgen {__version__} benchmarks: Python {platform.python_version()}, reportlab {reportlab.Version}, "
          f"{platform.system()} {platform.machine()}, {_cpus()} CPUs, load average {_load()}")
    print("(timings are wall clock: a 1-minute load average near the CPU count means other work competed "
          "and inflated them)")
    games = shipped(args.runs)
    decks = synthetic(args.synthetic_runs, args.large_runs)
    bytes_per_card(games, decks, args.art_cards, args.shared_art_cards)
    rebuilds(args.synthetic_runs)
    print(f"\ntotal benchmark time {time.perf_counter() - start:.0f} s; load average at the end {_load()}")
    return 0


def smallest() -> int:
    start = time.perf_counter()
    print("bench/ at its smallest sizes: a check that every script still runs; the figures mean nothing")
    games = shipped(1, [SMALLEST_GAME], sample=True)
    decks = synthetic(1, 1, tuple(bench_synthetic.SMALLEST_SIZES))
    bytes_per_card(games, decks, 10, 10)
    rebuilds(1, bench_synthetic.SMALLEST_SIZES[0], shipped=False)
    failed = others()
    print(f"\nbench/ --smallest: {time.perf_counter() - start:.0f} s, {failed} script(s) failed")
    return 1 if failed else 0


def _load() -> str:
    import os

    return " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"


def _cpus() -> str:
    import os

    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return str(usable)


if __name__ == "__main__":
    sys.exit(main())
