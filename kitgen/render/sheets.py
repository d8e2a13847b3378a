"""Draw card sheets: each distinct face a form, drawn once per PDF and placed wherever it is used.

A face drawn in an earlier build is replayed when it can be: its operators are kept (the build
cache) with the lines of text it drew and how that PDF's fonts encoded them. The only thing in a
face's operators that depends on the PDF is that encoding (a character gets the next free code
of its font's subset the first time the PDF uses it), so the face is replayed only after its
lines are encoded again here, in the order drawing would, and come out the same; otherwise it is
laid out and drawn. Either way the PDF is byte for byte what drawing every face would make.

  draw a face:   icon forms -> shared layer forms -> form: layers, own shapes   (kept as a record)
  replay a face: icon forms -> shared layer forms -> encode its lines again -> same? form: its stream

The record keeps the form's content stream as end_form() compressed it, so a replayed face is
neither drawn nor compressed again: its form is made straight from the record.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from reportlab.lib.utils import ImageReader

from kitgen.layout.cards import BACK, Page
from kitgen.render.canvas import (SheetCanvas, add_form, draw_shapes, end_form, flip_y, has_form, icon_form,
                                  icon_forms, named_icons, open_canvas, state)
from kitgen.render.pdfx import declare_pdfx
from kitgen.render.stream import StreamedPDF
from kitgen.render.writer import writer

if TYPE_CHECKING:  # numpy and LittleCMS: imported by a CMYK export only, never by a kit build
    from kitgen.render.inks import Inks


@dataclass(frozen=True, slots=True)
class DrawnFace:
    """What drawing a face wrote: its operators and the forms they place, the icons and shared
    layers drawn before it, and each line of its text with the encoding it got."""

    stream: bytes  # the form's content, compressed as end_form() compressed it
    forms: tuple[str, ...]
    icons: tuple[tuple[str, tuple[float, float]], ...]  # name, view box
    layers: tuple[str, ...]  # shared layer keys, in order
    texts: tuple[tuple[str, str, tuple], ...]  # font, line, encode() of it
    writer: str  # writer(): another reportlab may write the same shapes otherwise, another zlib compress them so


def draw_page(canvas: SheetCanvas, page, images: dict | None = None) -> None:
    """Each distinct card face becomes a form made once per PDF (replayed or drawn) and placed
    wherever it is used; so does each layer faces share (a card type's frame and placeholder art)."""
    for placement in page.placements:
        if not has_form(canvas, placement.key):
            # A form's box is the trim plus the bleed: it clips whatever reaches further.
            box = (-page.bleed, -page.bleed, placement.w + page.bleed, placement.h + page.bleed)
            # a face drawn in CMYK is neither replayed from nor kept as the RGB face the cache holds
            drawn = page.faces.drawn if placement.index != BACK and canvas.inks is None else None
            record = drawn.recall(placement.index) if drawn else None
            if record is None or not _replay(canvas, placement.key, box, record, drawn, placement.h, images):
                _draw_face(canvas, page, placement, box, images, drawn)
        canvas.saveState()
        canvas.translate(placement.x, flip_y(page.height, placement.y, placement.h))
        canvas.doForm(placement.key)
        canvas.restoreState()
    icon_forms(canvas, page.shapes)  # a token sheet's pieces carry icons of their own
    draw_shapes(canvas, page.shapes, page.height, images)


def _draw_face(canvas: SheetCanvas, page, placement, box, images, drawn) -> None:
    layers = page.faces.layers(placement.index)  # laid out (or read from the cache) only now
    shapes = [shape for layer in layers for shape in layer.shapes]
    icon_forms(canvas, shapes)
    for layer in layers:  # what recurs on other cards (a type's frame): once per PDF
        _layer_form(canvas, layer, box, placement.h, images)
    texts: list | None = [] if drawn else None
    canvas.beginForm(placement.key, *box)
    for layer in layers:
        if layer.key:
            canvas.doForm(f"layer-{layer.key}")
        else:
            draw_shapes(canvas, layer.shapes, placement.h, images, texts)
    forms = tuple(state(canvas)._formsinuse)
    stream = end_form(canvas, placement.key)
    if drawn and texts is not None and stream is not None and None not in texts:  # pictures and turned text are drawn, never replayed
        drawn.keep(placement.index, DrawnFace(
            stream, forms, tuple((name, icon.view) for name, icon in named_icons(shapes).items()),
            tuple(layer.key for layer in layers if layer.key), tuple(texts), writer()))


def _layer_form(canvas: SheetCanvas, layer, box, height: float, images) -> None:
    if layer.key and not has_form(canvas, f"layer-{layer.key}"):
        canvas.beginForm(f"layer-{layer.key}", *box)
        draw_shapes(canvas, layer.shapes, height, images)
        end_form(canvas, f"layer-{layer.key}")


def _replay(canvas: SheetCanvas, key: str, box, record: DrawnFace, drawn, height: float, images) -> bool:
    """Make the face's form from its record, if its text encodes here as it did; False when it
    does not (or something it needs is gone), having done only what drawing it does first, in
    the same order, so the caller can draw it instead."""
    if record.writer != writer():
        return False
    for name, view in record.icons:
        if not has_form(canvas, f"icon-{name}"):
            icon = drawn.icon(name)  # load/icons.IconShape, as the icon set gives it
            if icon is None:
                return False
            icon_form(canvas, name, view, icon.outline)
    for layer_key in record.layers:
        if not has_form(canvas, f"layer-{layer_key}"):
            layer = drawn.layer(layer_key)
            if layer is None:
                return False
            _layer_form(canvas, layer, box, height, images)
    for font, text, pieces in record.texts:
        if canvas.encode(font, text) != pieces:
            return False
    state(canvas)._doc.ensureMinPdfVersion("transparency")  # as setting a colour does when the face is drawn
    add_form(canvas, key, box, record.stream, record.forms)
    return True


def write_sheets(path: Path, pages: list[Page], title: str, duplex: str | None, images: dict,
                 progress=None, pdfx: Pdfx | None = None) -> None:
    """One PDF of `pages`, each written to the file as soon as it is drawn; with `pdfx`, in CMYK
    as a PDF/X-1a (render/pdfx.py), its pictures made CMYK already (render/cmyk.cmyk_pictures)."""
    canvas = open_canvas(path, (pages[0].width, pages[0].height), title, duplex, pdfx.inks if pdfx else None)
    if pdfx:
        declare_pdfx(canvas, pdfx.inks.profile, pdfx.condition)
    # One reader per picture for the whole PDF: reportlab then embeds each picture once.
    # JPEG bytes stay JPEG (copied into the PDF as DCTDecode) and opaque; an image with
    # transparency is drawn with its alpha as the mask; an (image, mask) pair with that mask.
    images = {key: (_JpegReader(source), None) if isinstance(source, io.BytesIO)
              else (ImageReader(source[0]), source[1]) if isinstance(source, tuple) else (ImageReader(source), "auto")
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


def write_pages(path: Path, pages: list[Page], title: str, images: dict | None = None, progress=None,
                pdfx: Pdfx | None = None) -> None:
    """One PDF of `pages` and nothing else (no duplex preference): the single-card PDF that the
    image exports render (pdfium; Ghostscript for CMYK), and a shop's PDF/X."""
    write_sheets(path, pages, title, None, images or {}, progress, pdfx)


@dataclass(frozen=True)
class Pdfx:
    """A print shop's PDF: drawn in `inks` (render/inks.Inks, their profile the output intent),
    printing `condition` (the output intent's words for it)."""

    inks: Inks
    condition: str


class _JpegReader(ImageReader):
    """A JPEG for reportlab that is never decoded: drawImage names an image by hashing what
    getRGBData returns, and a JPEG's own bytes name it as well as its pixels would."""

    def __init__(self, data: io.BytesIO):
        super().__init__(data)
        self._jpeg = data.getvalue()
        self._dataA = None  # no alpha: reportlab reads this to decide on a soft mask

    def getRGBData(self):  # noqa: N802  (reportlab's name)
        return self._jpeg
