"""render/canvas.encode: a line of printable ASCII the font has is encoded without reportlab's
splitString, and must be encoded exactly as splitString encodes it, line after line, in a PDF."""
from __future__ import annotations

import pytest
from reportlab.pdfbase.pdfdoc import PDFDocument
from reportlab.pdfbase.ttfonts import TTFont

from kitgen.project import Project
from kitgen.render.canvas import encode
from kitgen.render.fonts import font_files

LINES = ["Gain 2 Military (+1)", "", "Ärger † ±2", "Play in: Build Phase", "tab\there", "del\x7f", "nbsp\xa0x",
         "Q is missing", "~{|}` ok", "Schöne Grüße · Opportunity", "x" * 300, " ", "Quest"]


def _font(missing: str = "") -> TTFont:
    font = TTFont("kitgen-test-body", str(font_files(Project.default().fonts)["body"]))
    for character in missing:
        del font.face.charToGlyph[ord(character)]
    return font


def _reportlab(font: TTFont, text: str, doc) -> tuple:
    return tuple((font.getSubsetInternalName(subset, doc), codes) for subset, codes in font.splitString(text, doc))


@pytest.mark.parametrize("missing", ["", "Q"], ids=["whole font", "a font without Q"])
def test_encode__as_reportlab_splits_every_line(missing):
    ours, theirs = _font(missing), _font(missing)
    doc_ours, doc_theirs = PDFDocument(), PDFDocument()
    fast = 0
    for text in LINES * 2:  # the second time, every character has its code
        fast += doc_ours in ours.state and text.isascii()
        assert encode(ours, text, doc_ours) == _reportlab(theirs, text, doc_theirs), text
    assert fast > 5  # the lines of ASCII were encoded the short way
