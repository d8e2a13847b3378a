"""What `kitgen serve` does after a save: the time of one preview refresh and the work in it.

In a copy of Galactic Civ, after one untimed refresh (as serve's first), each save below is made
and `Preview.refresh()` timed, as serve runs it after the watcher reports the save:

* card renamed:   one card's name in decks/common.yaml (its face changes; the charts do not);
* card effect:    one card's effect delta in decks/common.yaml (its face and the charts change);
* line added above: a comment line at the top of decks/common.yaml (every card moves a line down);
* rules reworded: a phase renamed in rules.yaml (the rules document changes, no card face);
* other file:     a notes.txt written in the game folder (nothing the kit shows changes);

For each: the median time of --runs saves (each save alternates between two texts), the pages
pdfium rendered (card faces and backs, the stats pages), whether the charts were drawn, and how
many card images the page must fetch again (their URL changed). Measurements, not a test: exit 0.

Run from the repo root: python bench/bench_preview.py [--runs 3]
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import kitgen.desk.preview as preview_module  # noqa: E402
from kitgen.project import Project  # noqa: E402

EDITS = {  # name: (file in the game folder, text, replacement): each run toggles between them
    "card renamed": ("decks/common.yaml", "{name: Wormhole,", "{name: Wormhole II,"),
    "card effect": ("decks/common.yaml", "{name: Wormhole, type: Find, effects: [{attribute: Explore, delta: +2}]",
                    "{name: Wormhole, type: Find, effects: [{attribute: Explore, delta: +3}]"),
    "line added above": ("decks/common.yaml", "# The common deck", "# A note.\n# The common deck"),
    "rules reworded": ("rules.yaml", "name: End Phase", "name: Final Phase"),
    "other file": ("notes.txt", "", "a note"),
}


class Counter:
    """Counts the pages pdfium renders, by wrapping the preview's render_pages."""

    def __init__(self, dpi: float | None = None):
        self.pages, self.charts, self.dpi = 0, 0, dpi  # dpi: every page at this resolution instead
        self.real = preview_module.render_pages
        preview_module.render_pages = self

    def __call__(self, pdf, pages, dpi=preview_module.DPI):
        images = self.real(pdf, pages, self.dpi or dpi)
        self.pages += len(images)
        self.charts += Path(pdf).name == "stats.pdf"
        return images


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--smallest", action="store_true", help="smallest sizes, for CI: one run, pages at 20 dpi")
    args = parser.parse_args()
    if args.smallest:
        args.runs = 1
    os.environ.setdefault("KITGEN_CACHE_DIR", tempfile.mkdtemp(prefix="kitgen-bench-cache-"))
    project = Project.default()
    work = Path(tempfile.mkdtemp(prefix="kitgen-bench-preview-"))
    game = work / "galactic-civ"
    shutil.copytree(project.game_folder("galactic-civ"), game)
    (game / "notes.txt").write_text("")
    counter = Counter(20 if args.smallest else None)
    preview = preview_module.Preview(project, str(game))
    try:
        start = time.perf_counter()
        first = preview.refresh()
        print(f"first refresh: {time.perf_counter() - start:.2f} s, {len(first['cards'])} cards, "
              f"{counter.pages} pages rendered")
        print(f"{'save':16} {'refresh (median)':>17} {'pages rendered':>15} {'charts drawn':>13} {'images to fetch':>16}")
        for name, (file, old, new) in EDITS.items():
            path = game / file
            original = path.read_text(encoding="utf-8")
            assert old in original, f"{file} has no '{old}'"
            times, pages, charts, fetched = [], [], [], []
            for run in range(args.runs):
                before = {c["id"]: c["image"] for c in preview.state["cards"]}
                counter.pages = counter.charts = 0
                path.write_text(original.replace(old, new, 1) if run % 2 == 0 else original, encoding="utf-8")
                start = time.perf_counter()
                state = preview.refresh()
                times.append(time.perf_counter() - start)
                assert state["ok"], state["problems"]
                pages.append(counter.pages)
                charts.append(counter.charts)
                fetched.append(sum(before.get(c["id"]) != c["image"] for c in state["cards"]))
            path.write_text(original, encoding="utf-8")
            preview.refresh()
            print(f"{name:16} {statistics.median(times):>15.3f} s {max(pages):>15} {max(charts):>13} {max(fetched):>16}")
    finally:
        preview.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
