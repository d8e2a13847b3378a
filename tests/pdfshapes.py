"""Words and straight lines of a PDF page with their boxes, read by pdfium, about twenty times
faster than pdfplumber, so the tests that measure every word and line of every page can afford to
read every page.

A word's box is the union of its characters' glyph boxes (FPDFText_GetCharBox: the bounds of each
glyph's outline, placed and sized as drawn): where its ink can reach, which is what a "3 mm inside
the trim" check must see. pdfplumber's word boxes are not that: pdfminer makes every character one em
tall from the font's descent, whatever its glyphs do (Play's accented capitals reach 1.9 pt above
that at 12.5 pt, Lato's 1.8 pt; lower-case letters stay well below it). test_galactic_civ_kit checks these boxes against
fontTools' reading of the same glyphs at pdfplumber's character positions. A line is a subpath of
one move and one straight segment (what pdfminer makes an LTLine), its points carried through the
Form XObjects that hold it: the lines pdfplumber reads."""
from __future__ import annotations

import ctypes
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as raw


@dataclass(frozen=True)
class Box:
    """A word or a line: `text` is the word ('' for a line), x0/top/x1/bottom in points from the top left."""

    text: str
    x0: float
    top: float
    x1: float
    bottom: float

    def inside(self, width: float, height: float) -> float:
        """How far the box stays from the nearest edge of a width x height page."""
        return min(self.x0, self.top, width - self.x1, height - self.bottom)


@dataclass(frozen=True)
class Shapes:
    width: float
    height: float
    words: tuple[Box, ...]
    lines: tuple[Box, ...]


def pdf_shapes(path, only: int | None = None) -> list[Shapes]:
    """Every page's words and lines, in page order (or page `only`'s, from 0, alone in the list)."""
    document = pdfium.PdfDocument(str(path))
    try:
        pages = []
        for page in document if only is None else [document[only]]:
            width, height = page.get_size()
            text_page = page.get_textpage()
            words = tuple(_words(text_page, height))
            text_page.close()
            lines: list[Box] = []
            _lines(page, None, None, height, lines)
            pages.append(Shapes(width, height, words, tuple(lines)))
            page.close()
        return pages
    finally:
        document.close()


def _words(text_page, height: float):
    """Runs of characters with no whitespace between them, as pdfplumber splits words; each run's
    box the union of its glyph boxes."""
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    word: list[tuple[str, float, float, float, float]] = []
    for index in range(text_page.count_chars() + 1):
        code = raw.FPDFText_GetUnicode(text_page, index) if index < text_page.count_chars() else 32
        if chr(code).isspace() or code == 0:
            if word:
                yield Box("".join(c[0] for c in word), min(c[1] for c in word), min(c[2] for c in word),
                          max(c[3] for c in word), max(c[4] for c in word))
            word = []
            continue
        raw.FPDFText_GetCharBox(text_page, index, left, right, bottom, top)
        word.append((chr(code), left.value, height - top.value, right.value, height - bottom.value))


def _lines(page, form, outer, height: float, found: list[Box]) -> None:
    """Straight one-segment subpaths of every path object, inside forms too (their matrices applied)."""
    for thing in page.get_objects(max_depth=1, form=form):
        matrix = thing.get_matrix() if outer is None else thing.get_matrix().multiply(outer)
        if thing.type == raw.FPDF_PAGEOBJ_FORM:
            _lines(page, thing, matrix, height, found)
        elif thing.type == raw.FPDF_PAGEOBJ_PATH:
            for start, end in _one_segment_subpaths(thing):
                (x0, y0), (x1, y1) = matrix.on_point(*start), matrix.on_point(*end)
                found.append(Box("", min(x0, x1), height - max(y0, y1), max(x0, x1), height - min(y0, y1)))


def _one_segment_subpaths(path):
    """The (start, end) of each subpath that is a move then a single straight line."""
    subpath: list[tuple[int, tuple[float, float]]] = []
    x, y = ctypes.c_float(), ctypes.c_float()
    for index in range(raw.FPDFPath_CountSegments(path) + 1):
        segment = raw.FPDFPath_GetPathSegment(path, index) if index < raw.FPDFPath_CountSegments(path) else None
        kind = raw.FPDFPathSegment_GetType(segment) if segment else raw.FPDF_SEGMENT_MOVETO
        if kind == raw.FPDF_SEGMENT_MOVETO:
            if [k for k, _ in subpath] == [raw.FPDF_SEGMENT_MOVETO, raw.FPDF_SEGMENT_LINETO]:
                yield subpath[0][1], subpath[1][1]
            subpath = []
        if segment:
            raw.FPDFPathSegment_GetPoint(segment, x, y)
            subpath.append((kind, (x.value, y.value)))
