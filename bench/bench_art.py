"""Card art in the card PDFs: bytes per card and embedded images, on the synthetic deck.

Three builds of the synthetic Galactic Civ deck (synthetic.py), each a fresh subprocess
(bench_synthetic.run_child: build_game alone is timed, peak RSS of that one child), one run each
(bytes do not vary between runs; the build time is a single run, for scale only):

* no art:       N cards, no pictures: every card draws the template's placeholder box;
* distinct art: N cards, each with its own picture in art/<card id>.jpg (kitgen's default
                place for a card's art), generated here before the build;
* shared art:   N cards that all name the same picture, pictures/shared.jpg, with an `art:` key.

Pictures are generated with Pillow at bench time: 800 x 450 px JPEG (quality 85), a random 16 x 9
grid of colours upscaled bicubic: smooth colour fields, like an out-of-focus photo, a different one
per card (seeded by its index). Their content matters, because what the PDF holds is the picture
as kitgen prepared it (cropped to the art box, downsampled to 300 dpi) and compressed by the PDF
writer, so the report also prints the images' filters and how their stream bytes compare with
their raw pixels and with the source JPEGs.

Counted in the card PDFs (cards-*.pdf): image XObjects, as unique object ids with
/Subtype /Image reached from the pages through nested form XObjects (card faces are forms), with
pypdf; the card faces that draw one; the images' stream bytes. Without pypdf (a test dependency,
not kitgen's) only the image count is given, as occurrences of '/Subtype /Image' in the file
(reportlab writes no object streams, so image dictionaries are never compressed).

Measurements, not a test: exit 0. bench/run_all.py reuses measure() and report().
Run from the repo root: python bench/bench_art.py [--cards N] [--shared-cards N]
"""
from __future__ import annotations

import argparse
import random
import re
import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bench_build import CARD_PDFS  # noqa: E402
from bench_synthetic import mib, run_child  # noqa: E402
from synthetic import make_game  # noqa: E402

PICTURE = (800, 450)  # px: wider than the art box's 300 dpi size, so kitgen downsamples it
SHARED = "pictures/shared.jpg"  # the one picture every card names in the shared variant
COMPONENTS = {"/DeviceRGB": 3, "/DeviceGray": 1, "/DeviceCMYK": 4}


def picture(index: int):
    """A smooth random colour field: 16 x 9 random colours upscaled bicubic to PICTURE."""
    from PIL import Image

    rng = random.Random(index)
    return Image.frombytes("RGB", (16, 9), rng.randbytes(16 * 9 * 3)).resize(PICTURE, Image.BICUBIC)


def write_picture(path: Path, index: int) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    picture(index).save(path, quality=85)
    return path.stat().st_size


def image_stats(folder: Path) -> dict:
    """Image XObjects in the card PDFs of folder: count, faces drawing one, stream and raw bytes."""
    pdfs = sorted(folder.glob(CARD_PDFS))
    try:
        from pypdf import PdfReader
        from pypdf.generic import IndirectObject
    except ImportError:
        count = sum(len(re.findall(rb"/Subtype /Image\b", pdf.read_bytes())) for pdf in pdfs)
        return {"method": "'/Subtype /Image' in the file", "images": count, "faces": None,
                "image_bytes": None, "raw_bytes": None, "filters": None, "size": None}
    images, forms_with_image, filters, sizes = {}, set(), set(), set()
    stream_bytes = raw_bytes = 0
    for number, pdf in enumerate(pdfs):
        reader = PdfReader(pdf)
        seen: set[int] = set()

        def walk(resources, owner, number: int, seen: set[int]) -> None:
            nonlocal stream_bytes, raw_bytes
            xobjects = resources.get("/XObject") if resources else None
            for ref in (xobjects.get_object().values() if xobjects else ()):
                obj = ref.get_object()
                idnum = ref.idnum if isinstance(ref, IndirectObject) else id(obj)
                if obj.get("/Subtype") == "/Image":
                    forms_with_image.add((number, owner))
                    if (number, idnum) not in images:
                        images[(number, idnum)] = True
                        width, height = int(obj["/Width"]), int(obj["/Height"])
                        stream_bytes += len(obj._data)  # the stream as stored (pypdf drops /Length on reading)
                        raw_bytes += width * height * COMPONENTS.get(str(obj.get("/ColorSpace")), 3)
                        found = obj.get("/Filter") or "none"
                        filters.update(str(f) for f in (found if isinstance(found, list) else [found]))
                        sizes.add(f"{width}x{height}")
                elif obj.get("/Subtype") == "/Form" and idnum not in seen:
                    seen.add(idnum)
                    walk(obj.get("/Resources"), idnum, number, seen)

        for page_number, page in enumerate(reader.pages):
            walk(page.get("/Resources"), ("page", page_number), number, seen)
    return {"method": "pypdf, unique object ids", "images": len(images), "faces": len(forms_with_image),
            "image_bytes": stream_bytes, "raw_bytes": raw_bytes, "filters": "+".join(sorted(filters)) or None,
            "size": ", ".join(sorted(sizes)) or None}


def build(label: str, kind: str, folder: Path, out: Path, source: dict) -> dict:
    result = run_child("kit", folder, out)
    stats = image_stats(out)
    shutil.rmtree(out, ignore_errors=True)  # a distinct-art PDF is hundreds of MB: free the disk now
    return {"label": label, "kind": kind, **source, **stats, "cards": result["cards"], "n": result["cards"],
            "card_pages": result["card_pages"], "card_bytes": result["card_bytes"], "seconds": result["seconds"],
            "peak": result["peak"], "baseline": result["baseline"]}


def measure(art_cards: int = 1000, shared_cards: int = 1000) -> list[dict]:
    """No art at each size used, distinct art at art_cards, one shared picture at shared_cards."""
    from kitgen.load import load_game

    rows = []
    with tempfile.TemporaryDirectory(prefix="kitgen-bench-art-") as name:
        tmp = Path(name)
        for n in dict.fromkeys((art_cards, shared_cards)):  # distinct sizes, in order
            plain = make_game(tmp / f"plain-{n}", n)
            rows.append(build(f"synthetic {n:,}, no art", "none", plain, tmp / f"out-plain-{n}",
                              {"pictures": 0, "source_bytes": 0}))
            if n == art_cards:
                folder = make_game(tmp / f"distinct-{n}", n)
                cards = [card for deck in load_game(folder).decks for card in deck.cards]
                written = sum(write_picture(folder / "art" / f"{card.id}.jpg", i) for i, card in enumerate(cards))
                rows.append(build(f"synthetic {n:,}, own picture", "distinct", folder, tmp / f"out-distinct-{n}",
                                  {"pictures": len(cards), "source_bytes": written}))
                shutil.rmtree(folder)
            if n == shared_cards:
                folder = make_game(tmp / f"shared-{n}", n, art=SHARED)
                written = write_picture(folder / SHARED, 0)
                rows.append(build(f"synthetic {n:,}, 1 shared", "shared", folder, tmp / f"out-shared-{n}",
                                  {"pictures": 1, "source_bytes": written}))
    return rows


def _num(value, fmt=",") -> str:
    return "n/a" if value is None else format(value, fmt)


def report(rows: list[dict]) -> list[str]:
    """The table, then one interpretation line per art variant."""
    method = rows[0]["method"]
    lines = [f"pictures: {PICTURE[0]}x{PICTURE[1]} px JPEG made at bench time (smooth random colour fields); "
             f"image XObjects counted by {method}; one build each (build s is a single run)"]
    head = (f"  {'variant':<30} {'cards':>6} {'pages':>5} {'card PDF bytes':>15} {'bytes/card':>10} "
            f"{'vs no art':>9} {'images':>6} {'faces w/ img':>12} {'build s':>7} {'peak MiB':>8}")
    lines += [head, "  " + "-" * (len(head) - 2)]
    plain = {r["n"]: r for r in rows if r["kind"] == "none"}
    for r in rows:
        times = r["card_bytes"] / plain[r["n"]]["card_bytes"]
        lines.append(f"  {r['label']:<30} {r['cards']:>6,} {r['card_pages']:>5,} {r['card_bytes']:>15,} "
                     f"{r['card_bytes'] / r['cards']:>10,.0f} {times:>8.1f}x {r['images']:>6,} "
                     f"{_num(r['faces']):>12} {r['seconds']:>7.2f} {mib(r['peak']):>8}")
    for r in rows:
        base = plain[r["n"]]
        extra = (r["card_bytes"] - base["card_bytes"]) / r["cards"]
        per_image = r["image_bytes"] / r["images"] if r["image_bytes"] is not None and r["images"] else None
        if r["kind"] == "distinct":
            detail = ""
            if per_image is not None:
                source = r["source_bytes"] / r["pictures"]
                detail = (f": each picture is embedded as a {r['size']} px {r['filters']} image of {per_image:,.0f} "
                          f"bytes, {r['image_bytes'] / r['raw_bytes']:.0%} of its raw pixels and {per_image / source:.1f}x "
                          f"its {source:,.0f}-byte source JPEG")
            lines.append(f"  -> own picture per card: +{extra:,.0f} bytes per card over no art "
                         f"({r['card_bytes'] / base['card_bytes']:.0f}x the card PDF, {r['card_bytes'] / 2**20:,.0f} MiB "
                         f"for {r['cards']:,} cards){detail}. Build {r['seconds']:.2f} s vs {base['seconds']:.2f} s, "
                         f"peak RSS {mib(r['peak'])} MiB vs {mib(base['peak'])} without art.")
        elif r["kind"] == "shared":
            faces = "" if r["faces"] is None else f", drawn by {r['faces']:,} card faces"
            rest = ""
            if r["image_bytes"] is not None:
                beyond = (r["card_bytes"] - base["card_bytes"] - r["image_bytes"]) / r["cards"]
                rest = (f" = the picture once, {r['image_bytes']:,} bytes ({r['image_bytes'] / r['cards']:,.0f} per "
                        f"card at {r['cards']:,}), {beyond:+,.0f} bytes per face (one image call instead of the "
                        f"placeholder's bands and icon)")
            verdict = "embedded once" if r["images"] == 1 else f"embedded {r['images']:,} times: NOT deduplicated"
            slower = (r["seconds"] - base["seconds"]) / r["cards"] * 1000
            plural = "s" * (r["images"] != 1)
            lines.append(f"  -> one picture named by every card: {r['images']:,} image XObject{plural} "
                         f"in the card PDF{faces} ({verdict}); +{extra:,.0f} bytes per card over no art{rest}. Build "
                         f"{r['seconds']:.2f} s vs {base['seconds']:.2f} s without art, {slower:+.1f} ms per card.")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=1000, help="cards with their own picture (default 1000)")
    parser.add_argument("--shared-cards", type=int, default=1000, help="cards sharing one picture (default 1000)")
    parser.add_argument("--smallest", action="store_true", help="smallest sizes, for CI: 10 cards each")
    args = parser.parse_args()
    if args.smallest:
        args.cards = args.shared_cards = 10
    print("\n".join(report(measure(args.cards, args.shared_cards))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
