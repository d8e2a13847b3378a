"""Write card sheets as a PDF: pages of placed faces, each picture embedded once. Draws only:
where the file goes (the kit's staging folder) is kit/'s business.
"""
from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.utils import ImageReader

from kitgen.layout.cards import Page
from kitgen.render.canvas import flip_y, open_canvas
from kitgen.render.sheets import draw_page
from kitgen.render.stream import StreamedPDF


class _JpegReader(ImageReader):
    """A JPEG for reportlab that is never decoded: drawImage names an image by hashing what
    getRGBData returns, and a JPEG's own bytes name it as well as its pixels would."""

    def __init__(self, data: io.BytesIO):
        super().__init__(data)
        self._jpeg = data.getvalue()
        self._dataA = None  # no alpha: reportlab reads this to decide on a soft mask

    def getRGBData(self):  # noqa: N802  (reportlab's name)
        return self._jpeg


def write_pages(path: Path, pages: list[Page], title: str, images: dict | None = None, progress=None) -> None:
    """One PDF of `pages` and nothing else (no duplex preference): the single-card PDF that the
    image exports render with pdfium."""
    write_sheets(path, pages, title, None, images or {}, progress)


def write_sheets(path: Path, pages: list[Page], title: str, duplex: str | None, images: dict,
                  progress=None) -> None:
    canvas = open_canvas(path, (pages[0].width, pages[0].height), title, duplex)
    # One reader per picture for the whole PDF: reportlab then embeds each picture once.
    # JPEG bytes stay JPEG (copied into the PDF as DCTDecode) and opaque; an image with
    # transparency is drawn with its alpha as the mask.
    images = {key: (_JpegReader(source), None) if isinstance(source, io.BytesIO) else (ImageReader(source), "auto")
              for key, source in images.items()}
    with StreamedPDF(canvas, path) as pdf:  # each page goes to the file once drawn: nothing piles up
        for number, page in enumerate(pages, start=1):
            if page.trim_box:  # PDF boxes are bottom-left: [x0, y0, x1, y1]
                x, y, w, h = page.trim_box
                canvas.setTrimBox((x, flip_y(page.height, y, h), x + w, flip_y(page.height, y)))
                canvas.setBleedBox((0, 0, page.width, page.height))
            draw_page(canvas, page, images)
            canvas.showPage()
            pdf.flush()
            if progress:
                progress(number, len(pages))
        pdf.finish()
