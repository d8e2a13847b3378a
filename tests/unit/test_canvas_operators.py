"""render/canvas.py writes some operators itself instead of through reportlab's drawing calls (for
speed): a form it makes must hold the very bytes reportlab's own calls make."""
from __future__ import annotations

import zlib

import pytest
from reportlab.pdfgen.canvas import Canvas

from kitgen.project import Project
from kitgen.render.canvas import end_form, state
from kitgen.render.fonts import font_files, font_name, register_fonts


@pytest.fixture(scope="module", autouse=True)
def _fonts():
    register_fonts(font_files(Project.default().fonts))


def _canvas(tmp_path) -> Canvas:
    return Canvas(str(tmp_path / "x.pdf"), invariant=1, pageCompression=1, initialFontName=font_name("body"))


def _reportlab_form(canvas: Canvas, name: str) -> bytes:
    """What reportlab's endForm() leaves, compressed as end_form() compresses it."""
    canvas.endForm()
    return zlib.compress(state(canvas)._doc.idToObject[f"FormXob.{name}"].stream)


@pytest.mark.parametrize("draw", [
    lambda canvas: canvas.drawString(10, 20, "Gain 2 Military (+1)"),
    lambda canvas: None,  # a form with no operators: the preamble alone
    lambda canvas: state(canvas)._code.append(""),  # an empty operator is still a line
    lambda canvas: canvas.drawString(10, 20, "Ärger † ±2"),  # encoded to codes: still ASCII
    lambda canvas: state(canvas)._code.append("% café"),  # not ASCII: left to reportlab
], ids=["text", "nothing", "empty operator", "accents", "not ascii"])
def test_end_form__same_bytes_as_reportlab(tmp_path, draw):
    ours, theirs = _canvas(tmp_path), _canvas(tmp_path)
    for canvas in (ours, theirs):
        canvas.beginForm("face", 0, 0, 100, 140)
        canvas.setFont(font_name("body"), 9)
        draw(canvas)
    assert end_form(ours, "face") == _reportlab_form(theirs, "face")
