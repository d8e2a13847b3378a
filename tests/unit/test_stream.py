"""StreamedPDF writes a canvas as it goes; the file must hold the very objects save() would write."""
from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import IndirectObject, StreamObject
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from kitgen.kit.build import Options, build_game
from kitgen.model import PrintSettings
from kitgen.project import Project
from kitgen.render.fonts import font_files, font_name, register_fonts
from kitgen.render.stream import StreamedPDF
from kitgen.units import MM, Length


def _draw(canvas: Canvas, streamed: StreamedPDF | None) -> None:
    """Pages that use what a card sheet uses: forms placed many times, a picture, embedded TrueType text."""
    picture = io.BytesIO()
    Image.new("RGB", (40, 30), "#2f5d8c").save(picture, "PNG")
    for page in range(5):
        for card in range(4):
            name = f"face-{page}-{card % 2}"
            if f"FormXob.{name}" not in canvas._doc.idToObject:
                canvas.beginForm(name, 0, 0, 100, 140)
                canvas.setFont(font_name("body"), 9)
                canvas.drawString(10, 120, f"Card {page}.{card % 2} Ärger ±2")
                canvas.drawImage(ImageReader(io.BytesIO(picture.getvalue())), 10, 40, 80, 60)
                canvas.endForm()
            canvas.doForm(name)
            canvas.translate(110, 0)
        canvas.setFont(font_name("bold"), 12)
        canvas.drawString(20, 700, f"Sheet {page + 1} of 5")
        canvas.showPage()
        if streamed:
            streamed.flush()


def _plain(obj, seen: frozenset = frozenset()):
    """A PDF object with every reference followed (object numbers are not content), /Parent and
    /Length left out: what a reader sees."""
    if isinstance(obj, IndirectObject):
        if obj.idnum in seen:
            return "<cycle>"
        seen = seen | {obj.idnum}
        obj = obj.get_object()
    if isinstance(obj, StreamObject):
        return {"stream": obj.get_data(), **{k: _plain(v, seen) for k, v in obj.items() if k not in ("/Length",)}}
    if isinstance(obj, dict):
        return {k: _plain(v, seen) for k, v in obj.items() if k != "/Parent"}
    if isinstance(obj, list):
        return [_plain(v, seen) for v in obj]
    return obj


def _document(path):
    reader = PdfReader(path, strict=True)
    return _plain(reader.trailer["/Root"]), _plain(reader.trailer["/Info"]), int(reader.trailer["/Size"])


def test_streamed_pdf__holds_the_objects_save_writes_at_offsets_that_are_right(tmp_path):
    register_fonts(font_files(Project.default().fonts, None, None))
    saved, streamed = tmp_path / "saved.pdf", tmp_path / "streamed.pdf"
    canvas = Canvas(str(saved), invariant=1, pageCompression=1)
    _draw(canvas, None)
    canvas.save()
    canvas = Canvas(str(streamed), invariant=1, pageCompression=1)
    with StreamedPDF(canvas, streamed) as pdf:
        _draw(canvas, pdf)
        pdf.finish()

    data = streamed.read_bytes()
    xref = data[int(re.search(rb"startxref\s+(\d+)", data).group(1)):]
    entries = re.findall(rb"(\d{10}) 00000 n", xref)
    assert len(entries) > 10
    for number, offset in enumerate(entries, start=1):  # every object is where the table says
        assert data[int(offset):].startswith(b"%d 0 obj" % number), number
    assert _document(streamed) == _document(saved)  # the same objects, the same count, numbered otherwise
    assert [p.extract_text() for p in PdfReader(streamed).pages] == [p.extract_text() for p in PdfReader(saved).pages]
    assert len(PdfReader(streamed).pages) == 5


def test_streamed_pdf__writes_finished_forms_before_the_end(tmp_path):
    """A page's forms are in the file as soon as the page is flushed, and no longer held."""
    register_fonts(font_files(Project.default().fonts, None, None))
    path = tmp_path / "streamed.pdf"
    canvas = Canvas(str(path), invariant=1, pageCompression=1)
    with StreamedPDF(canvas, path) as pdf:
        canvas.beginForm("face", 0, 0, 100, 140)
        canvas.rect(10, 10, 80, 120, fill=1)
        canvas.endForm()
        canvas.doForm("face")
        canvas.showPage()
        pdf.flush()
        pdf.file.flush()
        assert b"/Subtype /Form" in path.read_bytes()
        assert type(canvas._doc.idToObject["FormXob.face"]).__name__ == "_Written"
        pdf.finish()
    assert len(PdfReader(path, strict=True).pages) == 1


@pytest.mark.parametrize("settings", [{}, {"bleed": Length(3.175 * MM), "ink_saver": True, "paper": "a4"}])
def test_streamed_pdf__card_forms_are_written_as_reportlab_formats_them(tmp_path, monkeypatch, settings):
    """StreamedPDF writes the forms end_form() finishes (every card face and shared layer) and
    their /Resources, and the pages' /Resources, itself; the card PDFs are byte for byte what
    reportlab's formatting makes."""
    options = Options(PrintSettings(**settings))
    written = []
    own_form = StreamedPDF._form
    monkeypatch.setattr(StreamedPDF, "_form", lambda self, name, form: written.append(name) or own_form(self, name, form))
    build_game(Project.default(), "galactic-civ", tmp_path / "own", options, use_cache=False)
    monkeypatch.setattr(StreamedPDF, "_form", lambda self, name, form: None)
    monkeypatch.setattr(StreamedPDF, "_form_resources", lambda self, form: None)  # reportlab makes them, pages' too
    build_game(Project.default(), "galactic-civ", tmp_path / "reportlab", options, use_cache=False)
    assert len(written) > 200
    for name in ("cards-common.pdf", "cards-events.pdf"):
        assert (tmp_path / "own" / name).read_bytes() == (tmp_path / "reportlab" / name).read_bytes(), name
