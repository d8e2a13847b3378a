"""render/subsets.py: a font's subsets are made (and their widths formatted) once a process, and a
PDF that embeds a kept one holds the very bytes reportlab writes when it makes the subset itself."""
from __future__ import annotations

import io

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace, TTFontFile
from reportlab.pdfgen.canvas import Canvas

from kitgen.project import Project
from kitgen.render.fonts import font_files, font_name, register_fonts
from kitgen.render.subsets import _WIDTHS, KeptSubsets


@pytest.fixture(scope="module", autouse=True)
def _fonts():
    register_fonts(font_files(Project.default().fonts))


def _pdf(text: str, compression: int) -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1, pageCompression=compression)
    canvas.setFont(font_name("body"), 10)
    canvas.drawString(10, 20, text)
    canvas.setFont(font_name("bold"), 10)
    canvas.drawString(10, 40, text[::-1])
    canvas.save()
    return out.getvalue()


@pytest.mark.parametrize("compression", [1, 0])
@pytest.mark.parametrize("text", ["Gain 2 Military (+1)", "Ärger † ±2 · Schöne Grüße", "".join(map(chr, range(160, 560)))],
                         ids=["ascii", "accents", "two subsets"])
def test_kept_subset__same_pdf_as_reportlab_makes(monkeypatch, text, compression):
    fonts = [pdfmetrics.getFont(font_name(role)) for role in ("body", "bold")]
    faces = [font.face for font in fonts]
    assert all(isinstance(face, KeptSubsets) for face in faces)
    classes = [type(font) for font in fonts]
    _WIDTHS.clear()
    for font, face in zip(fonts, faces, strict=True):
        face.kept().clear()
        font.__class__, face.__class__ = TTFont, TTFontFace  # reportlab's own: makes every subset, formats all
    try:
        theirs = _pdf(text, compression)
    finally:
        for font, face, kind in zip(fonts, faces, classes, strict=True):
            font.__class__, face.__class__ = kind, KeptSubsets
    made = _pdf(text, compression)
    assert all(face.kept() for face in faces)

    def refuse(self, subset):
        raise AssertionError("a kept subset was made again")
    monkeypatch.setattr(TTFontFile, "makeSubset", refuse)
    kept = _pdf(text, compression)
    assert _WIDTHS  # the widths were kept, and given again the second time
    assert made == theirs
    assert kept == theirs
