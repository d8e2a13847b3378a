"""Redraw the README's card pictures in docs/ from the real print PDFs of today's kit.

Run from the repository root, in the project's environment:

    python docs/make_pictures.py

It builds each game with `python -m kitgen build GAME --layout single` (one card a page, so a
card is a whole page and needs no cropping) into a temporary folder, renders the chosen pages
with pypdfium2 and composes them with Pillow:

- docs/<game>.png: the first card of each type listed in STRIPS, and each deck's back, in a row;
- docs/galactic-civ-sheet.png: the first sheet of Galactic Civ's common deck (grid layout, the
  default) beside the page of backs printed behind it;
- docs/frame-<frame>.png: one card of each frame (FRAMES).

Same kit, same pictures: pages render at fixed scales, colours are reduced to a 256-colour palette
without dithering, and PNGs are written without dates. docs/galactic-civ-balance.png is not
drawn here (it is the balance report's first page; see README).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
BACK = "back"

# Per game: (deck id, card type) for the first card of that type in the deck, or (deck id, BACK).
STRIPS: dict[str, list[tuple[str, str]]] = {
    "galactic-civ": [
        ("common", "Ship"), ("common", "Find"), ("common", "Tech"), ("common", "Build"), ("common", BACK),
        ("events", "Moral Dilemma"), ("events", "Galactic Event"), ("events", "United Planets Issue"),
        ("events", BACK),
    ],
    "alpha-centauri": [
        ("common", "Facility"), ("common", "Secret Project"), ("common", "Technology"), ("common", "Landmark"),
        ("common", "Event"), ("common", "Proposal"), ("common", "Social Engineering"), ("common", BACK),
    ],
    "civ-builder": [
        ("common", "Conquest"), ("common", "Trade"), ("common", "Culture"), ("common", "Science"),
        ("common", "Agriculture"), ("common", "Religion"), ("common", "Seafaring"), ("common", "Government"),
        ("common", BACK),
    ],
    "civilization-card-game": [
        ("plots", "Plot"), ("plots", BACK), ("technologies", "Technology"), ("technologies", BACK),
        ("play", "Military"), ("play", "Building"), ("play", "Wonder"), ("play", "Bonus Resource"), ("play", BACK),
    ],
    "galactic-supremacy": [
        ("common", "Research"), ("common", "Fleet"), ("common", "Sector"), ("common", "Command"),
        ("common", "Leader"), ("common", BACK), ("homeworlds", "Homeworld"), ("homeworlds", BACK),
    ],
}
# Frame name -> (game, deck id, card type) of a card drawn in that frame.
FRAMES: dict[str, tuple[str, str, str]] = {
    "picture": ("galactic-civ", "common", "Ship"),
    "text": ("galactic-civ", "events", "Moral Dilemma"),
    "tech": ("galactic-civ", "common", "Tech"),
    "standard": ("galactic-civ", "common", "Find"),
}

STRIP_CARD = (137, 192)  # a card in a game's row, px (about 55 dpi)
STRIP_GAP, STRIP_SIDE, STRIP_TOP = 5, 5, 4
FRAME_CARD = (150, 210)  # a frame picture: the whole card at 60 dpi
SHEET_DPI, SHEET_GAP = 50, 10  # the sheet picture: two Letter pages at 50 dpi, side by side
OVERSAMPLE = 3  # render this many times larger, then shrink: sharper small text


def build(game: str, out: Path, layout: str) -> Path:
    """The game's kit built by kitgen into out/<game>-<layout>; stops on a failed build."""
    folder = out / f"{game}-{layout}"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-m", "kitgen", "build", game, "--layout", layout, "-o", str(folder), "-q"],
                   cwd=ROOT, env=env, check=True)
    return folder


@cache
def decks(game: str) -> dict[str, Any]:
    """The game's decks by id, as kitgen loads them from data/<game>."""
    from kitgen.load import load_game

    return {deck.id: deck for deck in load_game(ROOT / "data" / game).decks}


def front_page(game: str, deck: str, card_type: str) -> tuple[int, str]:
    """The page (0-based) of the single-card PDF with the first card of `card_type` in `deck`, and
    its name: each copy of a card is a front page then a back page, in deck order."""
    page = 0
    for card in decks(game)[deck].cards:
        if card.type == card_type:
            return page, card.name
        page += 2 * card.copies
    raise SystemExit(f"{game}: no card of type {card_type!r} in deck {deck!r}")


def render(pdf_path: Path, index: int, size: tuple[int, int], name: str = "") -> Image.Image:
    """Page `index` of the PDF drawn at `size` px; when `name` is given, the page must show it."""
    pdf = pdfium.PdfDocument(pdf_path)
    page = pdf[index]
    shown = " ".join(page.get_textpage().get_text_range().split()).casefold()  # a look may print names in capitals
    if name and " ".join(name.split()).casefold() not in shown:
        raise SystemExit(f"{pdf_path.name} page {index + 1} does not show {name!r}")
    scale = OVERSAMPLE * size[1] / page.get_height()
    image = page.render(scale=scale).to_pil().convert("RGB")
    pdf.close()
    return image.resize(size, Image.Resampling.LANCZOS)


def card(kit: Path, game: str, deck: str, card_type: str, size: tuple[int, int]) -> Image.Image:
    """A card's front (the first of its type in the deck) or the deck's back, from the single-card PDF."""
    if card_type == BACK:
        return render(kit / f"cards-{deck}.pdf", 1, size)
    index, name = front_page(game, deck, card_type)
    return render(kit / f"cards-{deck}.pdf", index, size, name)


def save(image: Image.Image, path: Path) -> None:
    """A 256-colour PNG, without dithering (same pixels in, same bytes out)."""
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)
    print(f"{path.relative_to(ROOT)}: {image.width}x{image.height}, {path.stat().st_size // 1024} KB")


def strip(kit: Path, game: str) -> None:
    """docs/<game>.png: the cards of STRIPS[game] in a row on white."""
    cards = [card(kit, game, deck, card_type, STRIP_CARD) for deck, card_type in STRIPS[game]]
    width = 2 * STRIP_SIDE + len(cards) * STRIP_CARD[0] + (len(cards) - 1) * STRIP_GAP
    row = Image.new("RGB", (width, STRIP_CARD[1] + 2 * STRIP_TOP), "white")
    for n, image in enumerate(cards):
        row.paste(image, (STRIP_SIDE + n * (STRIP_CARD[0] + STRIP_GAP), STRIP_TOP))
    save(row, DOCS / f"{game}.png")


def sheet(out: Path) -> None:
    """docs/galactic-civ-sheet.png: the common deck's first sheet of fronts and its backs."""
    kit = build("galactic-civ", out, "grid")
    pdf = pdfium.PdfDocument(kit / "cards-common.pdf")
    width, height = (round(x * SHEET_DPI / 72) for x in pdf[0].get_size())
    pdf.close()
    pages = [render(kit / "cards-common.pdf", n, (width, height)) for n in (0, 1)]
    both = Image.new("RGB", (2 * width + SHEET_GAP, height), "white")
    for n, image in enumerate(pages):
        both.paste(image, (n * (width + SHEET_GAP), 0))
    save(both, DOCS / "galactic-civ-sheet.png")


def main() -> None:
    sys.path.insert(0, str(ROOT))  # kitgen from this checkout, as the builds below use it
    with tempfile.TemporaryDirectory(prefix="kitgen-pictures-") as tmp:
        out = Path(tmp)
        kits = {game: build(game, out, "single") for game in STRIPS}
        for game in STRIPS:
            strip(kits[game], game)
        for frame, (game, deck, card_type) in FRAMES.items():
            save(card(kits[game], game, deck, card_type, FRAME_CARD), DOCS / f"frame-{frame}.png")
        sheet(out)


if __name__ == "__main__":
    main()
