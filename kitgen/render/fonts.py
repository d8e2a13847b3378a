"""Fonts: register the bundled TTFs by role (title, body, bold, italic) and measure text with them.

Every font is a TrueType file from fonts/, embedded and subset by reportlab, so a printed kit
looks the same everywhere.
"""
from __future__ import annotations

import io
import struct
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from kitgen.errors import KitgenError, Where, error
from kitgen.load.files import display_path
from kitgen.render.pin import check_pdfmetrics
from kitgen.render.subsets import KeptFont
# Which file draws each role is load's (no reportlab there); callers import these from here too.
from kitgen.load.fonts import font_files, font_name, read_font, read_fonts  # noqa: F401


class _LoadedFont(KeptFont):
    """A TrueType font that keeps the sha256 of the bytes it was read from: register_fonts skips
    registering again when the files are unchanged; it makes each subset once a process
    (render/subsets.py). `kitgen_data`: those bytes, where glyph_bounds reads its glyphs' bounds."""
    kitgen_digest = ""
    kitgen_data = b""


def register_fonts(files: Path | dict[str, Path],
                   read: tuple[dict[str, bytes], dict[str, str]] | None = None) -> dict[str, str]:
    """Make each role draw with its file. reportlab keeps one registry per process: the roles are
    registered again only when a file's bytes differ from those registered (`kitgen watch`: a
    font replaced in place is used at once). Returns role -> sha256 of the bytes registered, read
    once: the build cache keys by exactly what is drawn with. `read`: the files' bytes and
    hashes as load/fonts.read_fonts gave them earlier in this build (else read now)."""
    if isinstance(files, Path):
        files = font_files(files)
    data, digests = read or read_fonts(files)
    registered = pdfmetrics.getRegisteredFontNames()  # not getFont(): for a name it lacks, reportlab
    if all(font_name(role) in registered               # parses every Type 1 font on the disk (~0.1 s)
           and getattr(pdfmetrics.getFont(font_name(role)), "kitgen_digest", None) == digests[role] for role in files):
        return digests
    fonts: list[_LoadedFont] = []
    for role, path in files.items():  # every file parsed before any is registered
        source = io.BytesIO(data[role])
        source.name = str(path)  # reportlab names the file in its messages and subsetting rules by it
        try:
            font = _LoadedFont(font_name(role), source)
        except Exception as exc:  # noqa: BLE001  a damaged file raises TTFError, struct.error, IndexError...
            reason = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
            raise KitgenError(error(Where(display_path(path)), f"cannot load font (is it a TrueType file?): "
                                    f"{reason}")) from None
        font.kitgen_digest, font.kitgen_data = digests[role], data[role]
        fonts.append(font)
    _forget_fonts([font.fontName for font in fonts])
    _REGISTERED.clear()
    for font in fonts:
        pdfmetrics.registerFont(font)
    return digests


def _forget_fonts(names: list[str]) -> None:
    """registerFont() keeps the first font registered under a name, and gives a new name the font
    first registered with the same face (PostScript) name: a font replaced in place would still be
    drawn with the old one. So every role is forgotten and registered again in order, as a new
    process would (reportlab's registries are private; it is pinned in pyproject.toml)."""
    check_pdfmetrics()  # private to reportlab: an untested release is one clear line, not a crash
    fonts, faces = pdfmetrics._fonts, pdfmetrics._dynFaceNames  # type: ignore[attr-defined]  # private, no stubs
    old = [font for name in names if (font := fonts.pop(name, None)) is not None]
    for face, font in list(faces.items()):
        if any(font is gone for gone in old):
            del faces[face]


def measure(text: str, role: str, size: float) -> float:
    """What pdfmetrics.stringWidth(text, font_name(role), size) says, asked of the role's font
    itself (a build measures some 4,000 texts it has not measured before)."""
    return (_REGISTERED.get(role) or _registered(role)).stringWidth(text, size)  # (its encoding: only for bytes)


def glyph_bounds(text: str, role: str) -> tuple[float, float, float, float] | None:
    """How far the outlines of `text`'s glyphs reach, drawn in the role's font at size 1 from a pen
    at (0, 0) on the baseline: (left, up, right, down) in ems, x to the right, `up` above and `down`
    below the baseline; None when no glyph has an outline (spaces). Each glyph's own bounds from
    the font's glyph table at its pen position (the advances stringWidth adds): how far ink can
    reach, which a font's ascent and descent do not say (Lato's ascent, 0.805 by OS/2's typo
    metrics, is below its accented capitals' 0.95; Play's 0.932 is above all of its capitals)."""
    return _bounds(_REGISTERED.get(role) or _registered(role), text)


@lru_cache(maxsize=8192)
def _bounds(font: TTFont, text: str) -> tuple[float, float, float, float] | None:
    """By font and text: a card's labels recur on every card of its type."""
    known = font.__dict__.setdefault("kitgen_glyphs", {})  # character -> (advance, its glyph's box or None)
    pen, left, up, right, down, inked = 0.0, 0.0, 0.0, 0.0, 0.0, False
    for char in text:
        advance, box = known.get(char) or known.setdefault(char, _glyph(font, char))
        if box is not None:
            x0, y0, x1, y1 = box
            if not inked:
                left, up, right, down, inked = pen + x0, y1, pen + x1, -y0, True
            else:
                left, up, right, down = min(left, pen + x0), max(up, y1), max(right, pen + x1), max(down, -y0)
        pen += advance
    return (left, up, right, down) if inked else None


def _glyph(font: TTFont, char: str) -> tuple[float, tuple[float, float, float, float] | None]:
    """A character's advance (reportlab's width, as stringWidth adds it; a character the font lacks
    draws glyph 0 at the default width) and its glyph's (xMin, yMin, xMax, yMax), in ems, from the
    glyph's header in the 'glyf' table (a contour count, then these four: TrueType's own bounds);
    None for a glyph with no outline (its 'loca' entry as long as none). reportlab parsed both
    tables' places."""
    face = font.face
    advance = face.charWidths.get(ord(char), face.defaultWidth) / 1000  # thousandths of an em
    glyph, places = face.charToGlyph.get(ord(char), 0), face.glyphPos
    if not 0 <= glyph < len(places) - 1 or places[glyph + 1] <= places[glyph]:
        return advance, None
    start = face.table["glyf"]["offset"] + places[glyph]
    try:
        x_min, y_min, x_max, y_max = struct.unpack_from(">4h", getattr(font, "kitgen_data", b""), start + 2)
    except struct.error:  # a glyph table shorter than its index says: reportlab would not have drawn it either
        return advance, None
    em = face.unitsPerEm
    return advance, (x_min / em, y_min / em, x_max / em, y_max / em)


def missing_glyphs(text: str, role: str) -> list[str]:
    return list(_missing_in((_REGISTERED.get(role) or _registered(role)).face, text))


def _registered(role: str) -> TTFont:
    """The font registered for `role`, kept until register_fonts registers the roles again."""
    font = pdfmetrics.getFont(font_name(role))
    assert isinstance(font, TTFont), "register_fonts registers TrueType fonts only"
    _REGISTERED[role] = font
    return font


_REGISTERED: dict[str, TTFont] = {}


@lru_cache(maxsize=8192)
def _missing_in(face, text: str) -> tuple[str, ...]:
    """By font file and text: every face checks its type's label, its attributes' names and the
    game's title again, and a deck repeats them on every card."""
    return tuple(sorted(ch for ch in set(text) if not ch.isspace() and ord(ch) not in face.charToGlyph))
