"""Font subsets made once a process, not once a PDF.

reportlab embeds, in every PDF, the subset of each TrueType font its text used, made by the face's
makeSubset (a new font file of those glyphs) and compressed by zlib when the PDF is saved: ~1 ms
a subset. A subset is codes 0-255 of the PDF mapped to characters, and reportlab gives ASCII its
own codes (rl_config.ttfAsciiReadable), so most PDFs of a kit embed the very same subsets: Galactic
Civ's four documents and two card sheets embed 22, of which 9 differ. A KeptSubsets face keeps
the font file and its compressed bytes of each subset it made, under the subset's codes, and the
subset's compressed ToUnicode map; a KeptFont formats each subset's widths once. The PDF's objects
are the ones reportlab makes, found by the names it gives them (reportlab is pinned in
pyproject.toml), with the same bytes: tests/unit/test_subsets.py compares whole PDFs."""
from __future__ import annotations

import zlib
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase.pdfdoc import PDFArray, PDFName
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

KEPT = 16  # subsets a face keeps (~40 kB each), cleared when full: a kit's PDFs share a handful


class KeptFont(TTFont):
    """A TrueType font (render/fonts.py registers each as one) whose face is a KeptSubsets and
    whose subsets' widths (a /Widths array of 128 or more numbers) are formatted once a process."""

    def __init__(self, name: str, filename, *args, **kwargs) -> None:
        super().__init__(name, filename, *args, **kwargs)
        self.face.__class__ = KeptSubsets  # reportlab's TTFont makes a TTFontFace; this is one too

    def addObjects(self, doc) -> None:  # noqa: N802  (reportlab's name)
        """reportlab's font objects for each subset this PDF used (it names them by the PDF's
        name of the font and the subset's number), their widths kept."""
        state = self.state.get(doc)
        names = [f"{state.internalName}+{n}" for n in range(len(state.subsets))] \
            if state is not None and state.internalName else []
        super().addObjects(doc)
        fonts = doc.idToObject["BasicFonts"].dict
        for name in names:
            font = fonts.get(name)
            if font is not None and type(getattr(font, "Widths", None)) is PDFArray:
                font.Widths = KeptWidths(font.Widths.sequence)


class KeptSubsets(TTFontFace):
    """A TrueType face (render/fonts.py makes each font's face one) that makes each subset once."""

    def kept(self) -> dict[tuple[int, ...], tuple[bytes, bytes]]:
        """Subset's codes -> (its font file, compressed); set on first use (the face is made by
        reportlab's TTFont as a TTFontFace, then given this class)."""
        return self.__dict__.setdefault("kitgen_subsets", {})

    def makeSubset(self, subset: Sequence[Any]) -> bytes:  # noqa: N802  (reportlab's name)
        key = tuple(subset)
        kept = self.kept()
        if key not in kept:
            if len(kept) >= KEPT:
                kept.clear()
            made = super().makeSubset(subset)
            kept[key] = (made, b"")
        return kept[key][0]

    def compressed(self, key: tuple[int, ...], made: bytes) -> bytes:
        """The subset's font file (`made`, what makeSubset gave for these codes) compressed."""
        kept = self.kept()
        entry = kept.get(key)
        if entry is None or not entry[1]:
            entry = kept[key] = (made, zlib.compress(made))
        return entry[1]

    def addSubsetObjects(self, doc, fontname: str, subset: Sequence[Any]):  # noqa: N802  (reportlab's name)
        """reportlab's font objects for the subset, its font file and the ToUnicode map TTFont made
        just before (named by `fontname`) compressed once a process: each stream as save() would
        write it (its Filter set after its other entries, its content zlib's)."""
        descriptor = super().addSubsetObjects(doc, fontname, subset)
        if doc.compression:
            objects = doc.idToObject
            font_file = objects[objects[descriptor.name].dict["FontFile2"].name]
            _packed(font_file, self.compressed(tuple(subset), font_file.content))
            cmap = objects.get(f"toUnicodeCMap:{fontname}")
            if cmap is not None and isinstance(cmap.content, str) and "Filter" not in cmap.dictionary.dict:
                _packed(cmap, _compressed_map(cmap.content))
        return descriptor


def _packed(stream, content: bytes) -> None:
    stream.content = content
    stream.dictionary["Filter"] = PDFArray([PDFName("FlateDecode")])


@lru_cache(maxsize=64)
def _compressed_map(text: str) -> bytes:
    """A ToUnicode map's text as reportlab's Flate filter writes it (UTF-8, zlib): the same
    subset has the same map in every PDF (~2 kB)."""
    return zlib.compress(text.encode("utf8"))


class KeptWidths(PDFArray):
    """A subset's /Widths, formatted as PDFArray formats it, once a process for the same numbers."""

    def format(self, document, IND=b"\n "):  # noqa: N803  (reportlab's name)
        key = (tuple(self.sequence), rl_config.pdfMultiLine, IND)
        text = _WIDTHS.get(key)
        if text is None:
            if len(_WIDTHS) >= 64:
                _WIDTHS.clear()
            text = _WIDTHS[key] = super().format(document, IND)
        return text


_WIDTHS: dict[tuple, bytes] = {}  # (numbers, settings) -> the array as PDF text: numbers alone
