"""Draw layout shapes on reportlab canvases. The y-axis is flipped here and only here.

render/sheets.py puts them together into card sheets: a face a form, once per PDF."""
from __future__ import annotations

from pathlib import Path

import zlib
from collections.abc import Callable
from math import cos, pi, sin
from functools import lru_cache
from itertools import chain
from typing import Any, BinaryIO, Literal, Protocol, cast

from reportlab.lib.colors import HexColor as _parse_color
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDF_SUPPORT_VERSION, PDFArray, PDFFormXObject, PDFName, PDFStream, xObjectName
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from kitgen import __version__
from kitgen.layout.shapes import Circle, Icon, Line, Picture, Polygon, Rect, Shape, Text
from kitgen.load.svgpath import Outline, commands_of
from kitgen.render import binary  # noqa: F401  (streams stay binary)
from kitgen.render.fonts import font_name
from kitgen.render.pin import PRIVATE_CANVAS, PRIVATE_DOCUMENT, refuse


def flip_y(page_h: float, y: float, h: float = 0.0) -> float:
    """Where layout's y (origin top-left, y down) of something `h` tall puts its bottom edge in
    reportlab's (origin bottom-left, y up): the one y-flip, so every shape flips alike."""
    return page_h - y - h


@lru_cache(maxsize=1024)
def HexColor(text: str):  # noqa: N802  (reportlab's name) parsed once per colour, not once per shape
    return _parse_color(text)


class CanvasState(Protocol):
    """PRIVATE_CANVAS with its types: reportlab's stubs describe only the public API, so code that
    reads this state asks `state(canvas)` for it and stays checked."""
    _doc: Any  # a PDFDocument, whose private state (PRIVATE_DOCUMENT) the stubs leave out
    _code: list[str]
    _fontname: str
    _fontsize: float
    _leading: float
    _pageCompression: bool | Literal[0, 1]
    _preamble: str  # what reportlab writes first in every page and form
    _formsinuse: list[str]  # the forms the current page or form places (render/sheets.py)


def state(canvas: Canvas) -> CanvasState:
    """The canvas as its private state (PRIVATE_CANVAS, checked by check_reportlab when opened)."""
    return cast(CanvasState, canvas)


def check_reportlab(canvas: Canvas) -> None:
    missing = [f"Canvas.{name}" for name in PRIVATE_CANVAS if not hasattr(canvas, name)]
    if not missing:
        missing = [f"PDFDocument.{name}" for name in PRIVATE_DOCUMENT if not hasattr(state(canvas)._doc, name)]
    refuse(missing)


class SheetCanvas(Canvas):
    """reportlab's canvas, remembering how this PDF's fonts encoded each line of text drawn: a
    deck repeats its labels ('Military', '+1', 'Play in: ...') face after face (Galactic Civ's
    1,685 lines are 463 distinct ones), and encoding one is reportlab's splitString, a Python
    loop over its characters. Once its characters have codes in the PDF, a line encodes alike."""

    inks = None  # render/inks.Inks: colours drawn as CMYK (a print shop's PDF/X); None: as RGB

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.encoded: dict[tuple[str, str], tuple[tuple[str, bytes], ...]] = {}  # (font, line) -> encode()
        self.shown: dict[tuple[str, str, float], tuple[tuple[tuple[str, bytes], ...], str]] = {}  # ... and size -> show()

    def encode(self, font: str, text: str) -> tuple[tuple[str, bytes], ...]:
        pieces = self.encoded.get((font, text))
        if pieces is None:
            if len(self.encoded) >= ENCODED_LINES:  # a 10,000-card deck's names and numbers are all distinct
                self.encoded.clear()
            pieces = self.encoded[font, text] = encode(pdfmetrics.getFont(font), text, state(self)._doc)
        return pieces

    def show(self, font: str, text: str, size: float) -> tuple[tuple[tuple[str, bytes], ...], str]:
        """A line's encode() and its text operators at `size` (_show), kept as encode() is."""
        shown = self.shown.get((font, text, size))
        if shown is None:
            if len(self.shown) >= ENCODED_LINES:
                self.shown.clear()
            pieces = self.encode(font, text)
            shown = self.shown[font, text, size] = pieces, _show(pieces, size, size * 1.2)  # setFont()'s leading
        return shown


ENCODED_LINES = 4096  # lines a canvas remembers (a few hundred kB): a deck's labels recur within a few sheets


def open_canvas(path: Path | BinaryIO, size: tuple[float, float], title: str, duplex: str | None = None,
                inks=None) -> SheetCanvas:
    """A canvas writing to `path` (a file, or bytes in memory). invariant=1: no timestamps or
    random ids, so the same input gives byte-identical PDFs. `inks` (render/inks.Inks): draw in CMYK."""
    canvas = SheetCanvas(str(path) if isinstance(path, Path) else path, pagesize=size, invariant=1, pageCompression=1,
                         initialFontName=font_name("body"))
    check_reportlab(canvas)
    canvas.inks = inks
    canvas.setTitle(title)
    canvas.setAuthor("")
    canvas.setCreator(f"kitgen {__version__}")
    canvas.setProducer(f"kitgen {__version__}")
    canvas.setViewerPreference("PrintScaling", "None")  # ask viewers not to "fit to page"
    if duplex:  # DuplexFlipLongEdge or DuplexFlipShortEdge: the print dialog's default
        canvas.setViewerPreference("Duplex", duplex)
    return canvas


def end_form(canvas: Canvas, name: str) -> bytes | None:
    """canvas.endForm(), then the form's content compressed at once, as save() would: reportlab
    otherwise holds every form of a deck uncompressed until the end (4x the memory). Returns
    the compressed content (None for a form with none).

    endForm() encodes the form's operators with reportlab's PDFDocEncoding codec, a charmap
    codec that costs ~12 ns a character (~16 ms of CPU in a cold Galactic Civ build). The
    operators are ASCII (text is escaped to octal codes, which also leaves none of the control
    characters 24-31 the codec refuses), and for ASCII that codec gives the ASCII bytes: so the
    operators are taken out first, encoded here and put after what endForm() wrote (its
    preamble), the same bytes. Anything else is left to reportlab."""
    private = state(canvas)
    operators = private._code
    code = "\n".join(operators)  # endForm() joins the preamble and the operators with line breaks
    plain = code.isascii()
    if plain:
        private._code = []
    canvas.endForm()
    form = private._doc.idToObject[xObjectName(name)]
    if plain and operators:
        form.stream = form.stream + b"\n" + code.encode("ascii")
    if form.stream and form.Contents is None:
        form.Contents, form.stream = _compressed(zlib.compress(form.stream)), None
        return form.Contents.content
    return None


def add_form(canvas: Canvas, name: str, box: tuple[float, float, float, float], stream: bytes,
             forms: tuple[str, ...]) -> None:
    """The form beginForm(name, *box) ... end_form() makes when its compressed content is `stream`
    and it places `forms`, made without drawing: the same object, so the same bytes."""
    form = PDFFormXObject(*box)
    private = state(canvas)
    form.compression = private._pageCompression
    form.XObjects = private._doc.xobjDict(forms) if forms else None  # as canvas._setXObjects
    form.Contents = _compressed(stream)
    private._doc.addForm(name, form)


FLATE = PDFArray([PDFName("FlateDecode")])  # a compressed form's /Filter: one for all, never changed


def _compressed(data: bytes) -> PDFStream:
    contents = PDFStream(content=data)
    contents.dictionary["Filter"] = FLATE  # as save() writes it
    contents.__Comment__ = "xobject form stream"  # type: ignore[attr-defined]  # read by reportlab; not in the stubs
    return contents


def has_form(canvas: Canvas, name: str) -> bool:
    """Whether this PDF already has the form: reportlab's own register, so no set of names is kept."""
    return xObjectName(name) in state(canvas)._doc.idToObject


def draw_shapes(canvas: Canvas, shapes: tuple[Shape, ...] | list[Shape], page_h: float,
                images: dict | None = None, texts: list | None = None) -> None:
    """`texts`, when given, hears of each line of text as this PDF's fonts encoded it (see
    render/sheets.py); a picture or turned text is noted as None: drawing it is not replayed."""
    for shape in shapes:
        SHAPE_DRAWERS[type(shape)](canvas, shape, page_h, images, texts)


def _picture(canvas: Canvas, shape: Picture, page_h: float, images, texts: list | None) -> None:
    if texts is not None:
        texts.append(None)
    reader, mask = images[shape.key]
    canvas.drawImage(reader, shape.x, flip_y(page_h, shape.y, shape.h), shape.w, shape.h, mask=mask)


def _line(canvas: Canvas, shape: Line, page_h: float, images, texts) -> None:
    _set_color(canvas, shape.color, "RG")
    state(canvas)._code.append(_width_operator(shape.width))
    canvas.line(shape.x1, flip_y(page_h, shape.y1), shape.x2, flip_y(page_h, shape.y2))


def _circle(canvas: Canvas, shape: Circle, page_h: float, images, texts) -> None:
    _style(canvas, shape.fill, shape.stroke, shape.stroke_width, 2 * shape.r)
    code = state(canvas)._code
    code += _circle_path(shape.x, flip_y(page_h, shape.y), shape.r)
    code.append(_PAINT[bool(shape.stroke), bool(shape.fill)])


def named_icons(shapes) -> dict[str, Icon]:
    """The named icons among the shapes by name, in order of first use: the forms icon_forms() makes."""
    icons: dict[str, Icon] = {}
    for shape in shapes:
        if isinstance(shape, Icon) and shape.name:
            icons.setdefault(shape.name, shape)
    return icons


def icon_forms(canvas: Canvas, shapes) -> None:
    """Each icon's outline once per PDF, as a form with no colour of its own: every use sets the
    fill colour, then places the form (forms inherit the colour in force where they are drawn)."""
    for name, icon in named_icons(shapes).items():
        icon_form(canvas, name, icon.view, icon.commands)


def icon_form(canvas: Canvas, name: str, view: tuple[float, float], commands) -> None:
    """The form beginForm(name, 0, 0, *view), _fill and end_form() make, made without them: its
    text (reportlab's preamble, the path, f*) encoded at once. endForm encodes a form's text with
    reportlab's PDFDocEncoding codec, a dictionary lookup a character (~8 ms for Galactic Civ's
    470 KB of icon outlines); the text is ASCII, which that codec leaves as it is."""
    if not has_form(canvas, f"icon-{name}"):
        text = "\n".join((state(canvas)._preamble, path_code(commands), "f*"))
        add_form(canvas, f"icon-{name}", (0, 0, *view), zlib.compress(text.encode("ascii")), ())


def _icon(canvas: Canvas, icon: Icon, page_h: float, images=None, texts=None) -> None:
    """An icon scaled into its box; its view box is y-down like layout, so the flip is here."""
    sx, sy = icon.w / icon.view[0], icon.h / icon.view[1]
    canvas.saveState()
    _set_color(canvas, icon.color, "rg")  # what setFillColor(HexColor(icon.color)) writes; CMYK with inks
    if icon.rotate:  # about the box centre
        cx, cy = icon.x + icon.w / 2, flip_y(page_h, icon.y, icon.h / 2)
        canvas.translate(cx, cy)
        canvas.rotate(-icon.rotate)
        canvas.translate(-cx, -cy)
    canvas.transform(sx, 0, 0, -sy, icon.x, flip_y(page_h, icon.y))
    if icon.name:
        canvas.doForm(f"icon-{icon.name}")
    else:
        _fill(canvas, icon.commands)
    canvas.restoreState()


def _fill(canvas: Canvas, commands) -> None:
    """An outline filled by the even-odd rule (its holes stay open): what canvas.drawPath(path,
    stroke=0, fill=1, fillMode=0) writes for a path made of these commands (absolute M, L, C, Z
    from load/svgpath.py) by moveTo, lineTo, curveTo and close, without a path object."""
    code = state(canvas)._code
    code.append(path_code(commands))
    code.append("f*")  # reportlab's PATH_OPS for stroke 0, fill 1, fillMode 0 (FILL_EVEN_ODD)


def path_code(commands) -> str:
    """The path's operators as PDFPathObject writes them ("n x y m x y l ... c h"; an empty path's
    code is empty), every number formatted by one % for the whole path (Galactic Civ's icons:
    ~58,000 numbers): fp_str writes a number x with 1 <= |x| < 10**7 as "%.7g" does (seven
    significant digits, no trailing zeros), and icon coordinates are such numbers. A path with any
    other number (0 < |x| < 1 is written ".5", 10**7 as "10000000") is formatted by fp_str.
    `commands`: an icon set's Outline (formatted from its flat form: letters, then all numbers)
    or absolute commands (("M", x, y), ...)."""
    if isinstance(commands, Outline):
        letters, numbers = commands.flat()
    else:
        letters, numbers = [command[0] for command in commands], list(chain.from_iterable(c[1:] for c in commands))
    if not letters:
        return ""
    text = "".join([_PIECES[letter] for letter in letters]) % tuple(numbers)
    if " 0." in text or " -0" in text or "e" in text or "n" in text:  # 0 < |x| < 1, or e+07, inf, nan
        return "n " + " ".join([fp_str(*command[1:]) + _OPERATORS[command[0]] if command[0] != "Z" else "h"
                                for command in commands_of(letters, numbers)])
    return "n" + text


_OPERATORS = {"M": " m", "L": " l", "C": " c"}  # as PDFPathObject writes them; Z is "h"
_PIECES = {"M": " %.7g %.7g m", "L": " %.7g %.7g l", "C": " %.7g %.7g %.7g %.7g %.7g %.7g c", "Z": " h"}


def _style(canvas: Canvas, fill: str | None, stroke: str | None, width: float, size: float) -> None:
    """A rectangle's or circle's colours and line width; no fill or stroke sets none. `size`: the
    shape's shorter side (in CMYK, a large black area prints rich black)."""
    if fill:
        _set_color(canvas, fill, "rg", size)
    if stroke:
        _set_color(canvas, stroke, "RG")
        state(canvas)._code.append(_width_operator(width))


def _set_color(canvas: Canvas, color: str, operator: str, size: float = 0.0) -> None:
    """What setFillColor(HexColor(color)) ('rg') or setStrokeColor ('RG') writes, without
    reportlab's colour machinery (~6,000 colours set for Galactic Civ's cards). A colour of
    kitgen's is #rrggbb, opaque: setting its alpha (1) writes nothing, but reportlab then asks
    for PDF 1.4 (transparency), and so does this. On a canvas with inks, the colour as CMYK
    (render/inks.py; `size`, an area's shorter side, decides rich black), and no transparency."""
    private = state(canvas)
    inks = getattr(canvas, "inks", None)
    if inks is not None:
        private._code.append(inks.operator(color, operator, size))
        return
    private._code.append(_color_operator(color, operator))
    if private._doc._pdfVersion < _TRANSPARENCY:  # once a PDF: thousands of colours are set
        private._doc.ensureMinPdfVersion("transparency")


_TRANSPARENCY = PDF_SUPPORT_VERSION["transparency"]


@lru_cache(maxsize=1024)
def _color_operator(text: str, operator: str) -> str:
    color = HexColor(text)
    return f"{fp_str((color.red, color.green, color.blue))} {operator}"  # as _PDFColorSetter writes it


@lru_cache(maxsize=256)
def _width_operator(width: float) -> str:
    return f"{fp_str(width)} w"  # as Canvas.setLineWidth writes it


def _rect(canvas: Canvas, rect: Rect, page_h: float, images=None, texts=None) -> None:
    _style(canvas, rect.fill, rect.stroke, rect.stroke_width, min(rect.w, rect.h))
    y = flip_y(page_h, rect.y, rect.h)
    paint = _PAINT[bool(rect.stroke), bool(rect.fill)]
    code = state(canvas)._code
    if rect.radius:
        code += _round_rect_path(rect.x, y, rect.w, rect.h, rect.radius)
        code.append(paint)
    else:  # as Canvas.rect writes it
        code.append(f"n {fp_str(rect.x, y, rect.w, rect.h)} re {paint}")


def _polygon(canvas: Canvas, shape: Polygon, page_h: float, images=None, texts=None) -> None:
    """Straight sides through the points, closed: what a path object's moveTo, lineTo and close write."""
    xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
    _style(canvas, shape.fill, shape.stroke, shape.stroke_width, min(max(xs) - min(xs), max(ys) - min(ys)))
    (x0, y0), *rest = shape.points
    code = [f"n {fp_str(x0, flip_y(page_h, y0))} m"] + [f"{fp_str(x, flip_y(page_h, y))} l" for x, y in rest]
    state(canvas)._code.append(" ".join([*code, "h", _PAINT[bool(shape.stroke), bool(shape.fill)]]))


# Canvas's PATH_OPS for (stroke, fill) with its even-odd fill rule: kitgen never changes that rule.
_PAINT = {(False, False): "n", (True, False): "S", (False, True): "f*", (True, True): "B*"}


# A deck draws its badges and rings at the same few places on every card, and a curved path's
# arithmetic costs far more than a look-up: each path's operators are kept, as reportlab's own
# path object makes them (Canvas.roundRect and Canvas.circle append these, then the paint).
@lru_cache(maxsize=4096)
def _round_rect_path(x: float, y: float, w: float, h: float, radius: float) -> tuple[str, ...]:
    code: list[str] = []
    PDFPathObject(code=code).roundRect(x, y, w, h, radius)
    return tuple(code)


@lru_cache(maxsize=1024)
def _circle_path(x: float, y: float, r: float) -> tuple[str, ...]:
    code: list[str] = []
    x1, y1, x2, y2 = x - r, y - r, x + r, y + r  # Canvas.circle's corners, then Canvas.ellipse's size
    PDFPathObject(code=code).ellipse(x1, y1, x2 - x1, y2 - y1)
    return tuple(code)


def _text(canvas: SheetCanvas, text: Text, page_h: float, images=None, texts: list | None = None) -> None:
    """What setFont() and drawString() (drawCentredString, drawRightString) write for a line in a
    TrueType font, without a text object per line (a card has a dozen lines): the same operators,
    so the same bytes. A turned line (margin labels, a card back's lower half) is what setFont(),
    saveState(), translate(), rotate(), drawing at (0, 0) and restoreState() write, and sets the
    canvas's font as they did; it is noted as None in `texts`: drawing it is not replayed."""
    _set_color(canvas, text.color, "rg")
    name, size = font_name(text.font), text.size
    pieces, shown = canvas.show(name, text.text, size)
    if texts is not None:
        texts.append((name, text.text, pieces) if not text.rotate else None)
    x, y = text.x, flip_y(page_h, text.y)
    code = state(canvas)._code
    if text.rotate:
        canvas.setFont(name, size)
        code += ("q", _turned(x, y, text.rotate))
        x, y = 0, 0
    if text.align != "left":
        width = pdfmetrics.getFont(name).stringWidth(text.text, size)
        x = x - width if text.align == "right" else x - 0.5 * width
    code.append(f"BT 1 0 0 1 {fp_str(x, y)} Tm {shown} T* ET")
    if text.rotate:
        code.append("Q")


def _turned(x: float, y: float, degrees: float) -> str:
    """translate(x, y) then rotate(degrees) after saveState(): reportlab merges the second into
    the first's line, reading its numbers back from their text."""
    a, b = cos(degrees * pi / 180), sin(degrees * pi / 180)  # rotate()'s transform(a, b, -b, a, 0, 0)
    c, d = -b, a
    a0, b0, c0, d0, e0, f0 = map(float, fp_str(1, 0, 0, 1, x, y).split())
    return f"{fp_str(a0 * a + c0 * b, b0 * a + d0 * b, a0 * c + c0 * d, b0 * c + d0 * d, a0 * 0 + c0 * 0 + e0, b0 * 0 + d0 * 0 + f0)} cm"


def encode(font, text: str, doc) -> tuple[tuple[str, bytes], ...]:
    """A line as this PDF's subsets of `font` encode it: (subset's font name, codes) per run.
    Encoding a character for the first time gives it the next free code in the PDF, so the same
    line can encode differently in another PDF, or after other text."""
    # Once splitString has made this PDF's state for the font (its first line here), a line of
    # readable ASCII alone is its ASCII bytes in subset 0, as splitString would give it.
    if text and doc in font.state and not text.strip(_readable_ascii(font)):
        return ((font.getSubsetInternalName(0, doc), text.encode("ascii")),)
    return tuple((font.getSubsetInternalName(subset, doc), codes) for subset, codes in font.splitString(text, doc))


def _readable_ascii(font) -> str:
    """The printable ASCII characters (32-126) the font has, when it keeps ASCII readable
    (reportlab's default, rl_config.ttfAsciiReadable): each has its own code in subset 0 of every
    PDF. Else none: every line goes to splitString (a loop over every character)."""
    if not getattr(font, "_asciiReadable", False):
        return ""
    return _ascii_in(font.face)


@lru_cache(maxsize=8)  # a few faces: each holds its whole font file
def _ascii_in(face) -> str:
    return "".join(chr(code) for code in range(32, 127) if code in face.charToGlyph)


def _show(pieces, size: float, leading: float) -> str:
    """A line's text operators as reportlab's PDFTextObject._formatText writes them for a
    TrueType font: the subset's font and size wherever the subset changes, then the string."""
    parts = []
    current = None
    for name, codes in pieces:
        if name != current:
            parts.append(f"{name} {fp_str(size)} Tf {fp_str(leading)} TL")
            current = name
        parts.append(f"({escapePDF(codes)}) Tj")
    return " ".join(parts)


# Each shape kind's drawing: (canvas, shape, page height, pictures, texts) -> None.
SHAPE_DRAWERS: dict[type, Callable[..., None]] = {Rect: _rect, Line: _line, Circle: _circle, Text: _text, Picture: _picture, Icon: _icon,
                                                  Polygon: _polygon}
