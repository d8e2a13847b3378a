"""DriveThruCards' print-ready files: the cards drawn in CMYK into cards-pdfx.pdf (PDF/X-1a:2003,
render/pdfx.py), a page per printed card and its back, and each face's CMYK JPG rendered from its page
of that very PDF by Ghostscript (render/cmyk.py): one drawing, in the inks the press prints.

    faces --single_page--> CMYK PDF/X-1a (forms: each face drawn once) --Ghostscript--> CMYK pixels
                                                                        --ink limit--> DECK-001-CARD.jpg
"""
from __future__ import annotations

from pathlib import Path

from kitgen.kit.build import Prepared
from kitgen.layout.cards import DeckFaces, single_page
from kitgen.render.cmyk import CONDITION, cmyk_pictures, cmyk_profile, ghostscript, write_cmyk_jpegs
from kitgen.render.inks import Inks
from kitgen.render.sheets import Pdfx, write_pages

PDFX = "cards-pdfx.pdf"  # the CMYK print-ready PDF of a cmyk target (DriveThruCards)


def write_pdfx(checked: Prepared, pages: list[tuple[DeckFaces, int]], path: Path, progress=None) -> None:
    """`pages` (a deck's faces and a card's place in it, or BACK) one a page, trim plus bleed with
    TrimBox and BleedBox, drawn in CMYK as a PDF/X-1a with Ghostscript's CMYK profile as its output
    intent. Ghostscript is looked for first: without it nothing is drawn."""
    profile = cmyk_profile()
    ghostscript()
    width, height = checked.spec.card
    laid_out = [single_page(deck, index, width, height, checked.spec.bleed) for deck, index in pages]
    pictures = cmyk_pictures(checked.images, profile)
    _ = checked.game.language
    write_pages(path, laid_out, _("{game}: cards for print", game=checked.game.title), pictures, progress,
                Pdfx(Inks(profile), CONDITION))


def write_jpgs(checked: Prepared, pdf: Path, pages: list[int], targets: list[Path], size: tuple[int, int],
               dpi: float, progress=None) -> None:
    """Page pages[i] of the PDF/X `pdf` to targets[i]: a CMYK JPG of `size` pixels at `dpi`."""
    width, height = checked.spec.card
    bleed = checked.spec.bleed
    write_cmyk_jpegs(pdf, pages, targets, size, (width + 2 * bleed, height + 2 * bleed), dpi, cmyk_profile(),
                     progress)
