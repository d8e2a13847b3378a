"""Where a PDF's characters put ink, read independently of kitgen and of pdfium: pdfplumber places
each character (its text matrix and size, from the content stream), fontTools reads its glyph's
bounds from the font file it was drawn with (kitgen's fonts/, found by the PostScript name the PDF
gives the embedded subset). tests/pdfshapes.py's word boxes are checked against these."""
from __future__ import annotations

import io
from pathlib import Path

from fontTools.ttLib import TTFont


def fonts_by_name(folder: Path) -> dict[str, TTFont]:
    """PostScript name -> the font, for every TrueType file in `folder`."""
    fonts = {}
    for path in sorted(folder.glob("*.ttf")):
        font = TTFont(io.BytesIO(path.read_bytes()), lazy=True)  # its bytes: no file left open
        fonts[font["name"].getDebugName(6)] = font
    return fonts


def glyph_box(char: dict, fonts: dict[str, TTFont], height: float) -> tuple[float, float, float, float] | None:
    """(x0, top, x1, bottom) of a pdfplumber character's glyph outline on the page (top-left origin),
    or None for a glyph with no outline. pdfminer's box is one em tall before the character's matrix
    turns it: that em along the glyph's up direction is the font size the matrix is applied to."""
    font = fonts[char["fontname"].split("+", 1)[-1]]
    glyph = font["glyf"][font.getBestCmap().get(ord(char["text"]), ".notdef")]
    if not glyph.numberOfContours:
        return None
    a, b, c, d, e, f = char["matrix"]
    size = char["size"] / abs(d) if abs(d) > abs(c) else (char["x1"] - char["x0"]) / abs(c)
    scale = size / font["head"].unitsPerEm
    corners = [(a * x + c * y + e, b * x + d * y + f) for x in (glyph.xMin * scale, glyph.xMax * scale)
               for y in (glyph.yMin * scale, glyph.yMax * scale)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return min(xs), height - max(ys), max(xs), height - min(ys)


def word_glyph_boxes(page, fonts: dict[str, TTFont]) -> list[tuple[str, float, float, float, float]]:
    """pdfplumber's words, each with the union of its characters' glyph boxes."""
    words = []
    for word in page.extract_words(return_chars=True):
        boxes = [box for char in word["chars"] if (box := glyph_box(char, fonts, float(page.height)))]
        if boxes:
            words.append((word["text"], min(b[0] for b in boxes), min(b[1] for b in boxes),
                          max(b[2] for b in boxes), max(b[3] for b in boxes)))
    return words
