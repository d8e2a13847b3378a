"""Issue 21's two speed ratios, measured in one run: a cold Galactic Civ kit and a rebuild with
nothing changed, each against the plain-reportlab cards-only floor.

Each is a fresh process, as a user meets it, timed by its CPU time (user + system of the child,
from getrusage: steady when other work shares the machine, where wall time is not):

* floor:     plain reportlab and nothing of kitgen: start Python, import reportlab, register the
             Lato body font, read the cards (a JSON file written before the timing: each card's
             name, type line, effect lines and text, and the kit's own grid) and write one PDF per
             deck as bench_build.build_floor does (its text by drawString, an outline per card on
             the back pages, invariant=1, page compression). The least any generator pays to put
             these cards on paper from a fresh start;
* cold:      `python -m kitgen build GAME --no-cache -o KIT`: everything loaded, checked, laid out,
             drawn and written, nothing taken from the build cache;
* no change: `python -m kitgen build GAME -o KIT` again with the cache on (its own cache folder,
             filled by an untimed build first): what a designer waits for when nothing changed.

The three alternate, --runs times (median), after one untimed warm-up of each. The children run
without PYTHONDONTWRITEBYTECODE, as an installed kitgen does (pip writes the .pyc files), so no
side pays for compiling its Python source again each run. Beside them, the same builds in-process
(bench_build's notion: modules imported, fonts registered, templates compiled by a warm-up), also
in CPU time: what kitgen adds once the process is up. The goals (issue 21): cold within 5x the
floor, no change within 2.5x. Measurements, not a test: exit 0.

Run from the repo root: python bench/bench_goal.py [--game galactic-civ] [--runs 5] [--smallest]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

GOALS = {"cold": 5.0, "no change": 2.5}


def floor_child(data_file: str, out_dir: str) -> None:
    """The floor, run as `python bench_goal.py --floor DATA OUT`: reportlab only, no kitgen."""
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    data = json.loads(Path(data_file).read_text(encoding="utf-8"))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    font = "FloorBody"
    pdfmetrics.registerFont(TTFont(font, data["font"]))
    (page_w, page_h), (card_w, card_h), per_page = data["page"], data["card"], data["per_page"]
    for deck, cards in data["decks"].items():
        copies = [card for card in cards for _ in range(card["copies"])]
        canvas = Canvas(str(out / f"cards-{deck}.pdf"), pagesize=(page_w, page_h), invariant=1,
                        pageCompression=1, initialFontName=font)
        for start in range(0, len(copies), per_page):
            page = copies[start:start + per_page]
            for slot, card in enumerate(page):
                x, top = data["front"][slot]
                y = page_h - top - 20
                lines = [(card["name"], 11), (card["kind"], 8)] + [(line, 9) for line in card["effects"]]
                lines += [(line, 8) for line in simpleSplit(card["text"], font, 8, card_w - 16)]
                for text, size in lines:
                    canvas.setFont(font, size)
                    canvas.drawString(x + 8, y, text)
                    y -= size + 4
            canvas.showPage()
            for slot in range(len(page)):
                x, top = data["back"][slot]
                canvas.rect(x, page_h - top - card_h, card_w, card_h)
            canvas.showPage()
        canvas.save()


if __name__ == "__main__" and sys.argv[1:2] == ["--floor"]:
    floor_child(*sys.argv[2:4])
    sys.exit(0)

import argparse  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_build  # noqa: E402  (puts the repo root on sys.path)

from kitgen.kit.build import build_game  # noqa: E402
from kitgen.load import load_game  # noqa: E402
from kitgen.project import Project  # noqa: E402
from kitgen.render.fonts import font_files, register_fonts  # noqa: E402


def floor_data(project: Project, game_ref: str) -> dict:
    """What the floor child draws: the kit's grid and each card's lines, as bench_build.build_floor."""
    game = load_game(project.game_folder(game_ref))
    grid = bench_build.kit_grid(game)
    decks = {deck.id: [{"name": card.name, "kind": f"{card.type}  {card.cost}" if card.cost else card.type,
                        "effects": bench_build.effect_lines(card),
                        "text": card.text or "", "copies": card.copies} for card in deck.cards]
             for deck in game.decks}
    return {"page": [grid.page_w, grid.page_h], "card": [grid.card_w, grid.card_h], "per_page": grid.per_page,
            "front": [grid.front_slot(i) for i in range(grid.per_page)],
            "back": [grid.back_slot(i) for i in range(grid.per_page)],
            "font": str(font_files(project.fonts)["body"]), "decks": decks}


def child_cpu(command: list[str], env: dict) -> float:
    """CPU seconds (user + system) of one child process that must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def in_process_cpu(run) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def measure(game_ref: str, runs: int, tmp: Path) -> dict[str, dict[str, float]]:
    project = Project.default()
    data = tmp / "floor.json"
    data.write_text(json.dumps(floor_data(project, game_ref)), encoding="utf-8")
    env = {**os.environ, "KITGEN_CACHE_DIR": str(tmp / "cache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    kit = [sys.executable, "-m", "kitgen", "build", game_ref, "-o", str(tmp / "kit")]
    fresh = {"floor": lambda i: child_cpu([sys.executable, __file__, "--floor", str(data), str(tmp / f"floor-{i}")], env),
             "cold": lambda i: child_cpu(kit + ["--no-cache"], env),
             "no change": lambda i: child_cpu(kit, env)}
    register_fonts(project.fonts)
    game = load_game(project.game_folder(game_ref))
    grid = bench_build.kit_grid(game)
    os.environ["KITGEN_CACHE_DIR"] = str(tmp / "cache-in-process")
    warm = {"floor": lambda i: in_process_cpu(lambda: bench_build.build_floor(game.decks, grid, tmp / f"f-{i}")),
            "cold": lambda i: in_process_cpu(lambda: bench_build.build_kit(project, game_ref, tmp / f"k-{i}")),
            "no change": lambda i: in_process_cpu(lambda: build_game(project, game_ref, tmp / "kit-in-process"))}
    return {"fresh process": _medians(fresh, runs), "in-process": _medians(warm, runs)}


def _medians(runners: dict, runs: int) -> dict[str, float]:
    for run in runners.values():
        run("warm-up")  # also fills the cache the no-change build reads, and writes the .pyc files
    times: dict[str, list[float]] = {label: [] for label in runners}
    for i in range(runs):
        for label, run in runners.items():
            times[label].append(run(i))
    return {label: statistics.median(values) for label, values in times.items()}


def report(game_ref: str, runs: int, results: dict[str, dict[str, float]]) -> list[str]:
    lines = [f"{game_ref}: CPU time (user + system), median of {runs} after 1 warm-up, the three alternating"]
    for scheme, times in results.items():
        floor = times["floor"]
        lines.append(f"  {scheme}: floor {floor * 1000:.0f} ms")
        for label in ("cold", "no change"):
            ratio = times[label] / floor
            goal = GOALS[label]
            verdict = "OK" if ratio <= goal else "OVER"
            lines.append(f"    {label:<10} {times[label] * 1000:6.0f} ms  {ratio:5.2f}x the floor"
                         + (f"  (goal {goal}x: {verdict})" if scheme == "fresh process" else ""))
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="galactic-civ", help="a shipped game or a game folder")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each (default 5)")
    parser.add_argument("--smallest", action="store_true", help="one timed run (CI: the script still works)")
    args = parser.parse_args()
    runs = 1 if args.smallest else args.runs
    with tempfile.TemporaryDirectory(prefix="kitgen-goal-") as name:
        print("\n".join(report(args.game, runs, measure(args.game, runs, Path(name)))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
