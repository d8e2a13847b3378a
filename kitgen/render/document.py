"""Draw a document (rules, reference, player sheet, manifest) into a PDF: layout/flow.py lays its
blocks out on pages as shapes, drawn here on a reportlab canvas as card sheets are (render/canvas),
with every font embedded, PrintScaling None and the document's title in the PDF's metadata."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import BinaryIO

from reportlab.lib.pagesizes import landscape as turn
from reportlab.pdfbase import pdfmetrics

from kitgen.errors import KitgenError, Where, error
from kitgen.layout.document import Document
from kitgen.layout.flow import TooSmall, lay_out_pages
from kitgen.layout.shapes import Measure
from kitgen.load.fonts import ROLES, font_name
from kitgen.render import binary  # noqa: F401  (streams stay binary)
from kitgen.render.canvas import draw_shapes, open_canvas
from kitgen.render.fonts import measure
from kitgen.units import MM


def render_document(document: Document, path: Path | BinaryIO, game_title: str, accent: str, instruction: str) -> int:
    """Draw the document into `path` (a file, or bytes in memory); returns how many pages it took."""
    paper = document.paper or _letter()
    size = turn(paper) if document.landscape else paper
    try:
        pages = lay_out_pages(document, size, game_title, accent, document.instruction or instruction, _measurer())
    except TooSmall:  # a table or a row larger than the page: the paper is too small, never the data
        raise _too_small(document, paper) from None
    # a document's own title (its first heading) mostly names the game already: "Galactic Civ: Rules Summary"
    title = document.title if document.title.startswith(game_title) else f"{game_title}: {document.title}"
    canvas = open_canvas(path, size, title)
    for shapes in pages:
        draw_shapes(canvas, shapes, size[1])
        canvas.showPage()
    canvas.save()
    return len(pages)


def _measurer() -> Measure:
    """render/fonts.measure, each word, space and cell's text measured once for a kit's documents
    (they share most words), with the fonts registered now: a font registered again (kitgen watch)
    is a new font object, so a new measurer."""
    return _measuring(tuple(pdfmetrics.getFont(font_name(role)) for role in ROLES))


@lru_cache(maxsize=1)
def _measuring(fonts: tuple) -> Measure:
    """render/fonts.measure, remembered while these font objects are the registered ones."""
    return lru_cache(maxsize=8192)(measure)


def _too_small(document: Document, paper: tuple[float, float]) -> KitgenError:
    turned = " (turned landscape)" if document.landscape else ""
    return KitgenError(error(Where(f"{paper[0] / MM:.0f}x{paper[1] / MM:.0f}mm"),
                             f"{document.title} does not fit on {paper[0] / MM:.1f} x {paper[1] / MM:.1f} mm paper"
                             f"{turned}: a table or block is larger than a page; print the documents on letter or "
                             "a4 (--paper)"))


def count_pages(pdf: Path) -> int:
    """How many pages a PDF has (a document drawn before, kept in the build cache)."""
    import pypdfium2 as pdfium  # here: only a build that reuses a cached document reads one

    document = pdfium.PdfDocument(str(pdf))
    try:
        return len(document)
    finally:
        document.close()


def _letter() -> tuple[float, float]:
    from kitgen.units import PAPER_SIZES

    return PAPER_SIZES["letter"]
