"""render/canvas.py writes some operators itself instead of through reportlab's drawing calls (for
speed): a form it makes must hold the very bytes reportlab's own calls make."""
from __future__ import annotations

import zlib

import pytest
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from kitgen.layout.shapes import Circle, Line, Rect, Text
from kitgen.project import Project
from kitgen.render.canvas import SheetCanvas, draw_shapes, end_form, state
from kitgen.render.fonts import font_files, font_name, register_fonts


@pytest.fixture(scope="module", autouse=True)
def _fonts():
    register_fonts(font_files(Project.default().fonts))


def _canvas(tmp_path) -> SheetCanvas:
    return SheetCanvas(str(tmp_path / "x.pdf"), invariant=1, pageCompression=1, initialFontName=font_name("body"))


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


SHAPES = (Rect(10, 20, 30, 40, fill="#2f5d8c"), Rect(10, 20, 30, 40, stroke="#222222", stroke_width=0.9),
          Rect(5.5, 7.25, 30, 12, fill="#ffffff", stroke="#222222", stroke_width=0.9, radius=6),
          Rect(5.5, 7.25, 30, 12, fill="#9b2f45", radius=6), Rect(0, 0, 1, 1),
          Circle(50, 60, 20.5, fill="#eaf0f4"), Circle(50, 60, 24, stroke="#acbed1", stroke_width=0.5),
          Circle(12, 13, 3, fill="#101010", stroke="#000000", stroke_width=0.4),
          Line(1, 2, 30, 2, "#b0b0b0", 0.4), Text(12, 30, "Military", "body", 10, "#1a1a1a"),
          Text(90, 30, "+1", "bold", 10, "#ffffff", "center"), Text(90, 40, "Trade", "italic", 8.5, "#333333", "right"),
          Text(17.3, 101.234567, "Galactic Civ  \u00b7  Common deck", "body", 6.5, "#777777", "center", 90.0),
          Text(88.123, 63.31, "sheet 1 of 12", "body", 6.5, "#777777", "left", 270.0),
          Text(50.05, 70.7, "GALACTIC CIV", "title", 12, "#ffffff", "right", 180.0))


def _drawn_by_reportlab(canvas: Canvas, shape, page_h: float) -> None:
    """Each shape drawn through reportlab's own calls (what render/canvas.py did before it wrote
    the operators itself)."""
    if isinstance(shape, Line):
        canvas.setStrokeColor(HexColor(shape.color))
        canvas.setLineWidth(shape.width)
        canvas.line(shape.x1, page_h - shape.y1, shape.x2, page_h - shape.y2)
        return
    fill, stroke = (shape.color, None) if isinstance(shape, Text) else (shape.fill, shape.stroke)
    if fill:
        canvas.setFillColor(HexColor(fill))
    if stroke:
        canvas.setStrokeColor(HexColor(stroke))
        canvas.setLineWidth(shape.stroke_width)
    if isinstance(shape, Text):
        canvas.setFont(font_name(shape.font), shape.size)
        draw = {"left": canvas.drawString, "center": canvas.drawCentredString, "right": canvas.drawRightString}
        if shape.rotate:  # turned about its own start
            canvas.saveState()
            canvas.translate(shape.x, page_h - shape.y)
            canvas.rotate(shape.rotate)
            draw[shape.align](0, 0, shape.text)
            canvas.restoreState()
        else:
            draw[shape.align](shape.x, page_h - shape.y, shape.text)
    elif isinstance(shape, Circle):
        canvas.circle(shape.x, page_h - shape.y, shape.r, stroke=int(bool(stroke)), fill=int(bool(fill)))
    elif shape.radius:
        canvas.roundRect(shape.x, page_h - shape.y - shape.h, shape.w, shape.h, shape.radius,
                         stroke=int(bool(stroke)), fill=int(bool(fill)))
    else:
        canvas.rect(shape.x, page_h - shape.y - shape.h, shape.w, shape.h, stroke=int(bool(stroke)),
                    fill=int(bool(fill)))


@pytest.mark.parametrize("shape", SHAPES, ids=[f"{type(s).__name__.lower()}-{i}" for i, s in enumerate(SHAPES)])
def test_draw_shapes__same_operators_as_reportlab(tmp_path, shape):
    ours, theirs = _canvas(tmp_path), _canvas(tmp_path)
    for canvas in (ours, theirs):
        canvas.beginForm("face", 0, 0, 100, 140)
    draw_shapes(ours, [shape, shape], 140)  # twice: a path kept from the first is the same the second time
    for _ in range(2):
        _drawn_by_reportlab(theirs, shape, 140)
    assert state(ours)._doc._pdfVersion == state(theirs)._doc._pdfVersion
    assert [getattr(ours, name) for name in ("_fontname", "_fontsize", "_leading")] == \
        [getattr(theirs, name) for name in ("_fontname", "_fontsize", "_leading")] or not getattr(shape, "rotate", 0)
    assert end_form(ours, "face") == _reportlab_form(theirs, "face")
