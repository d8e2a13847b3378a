"""Fonts: register the bundled TTFs by role (title, body, bold, italic) and measure text with them.

Every font is a TrueType file from fonts/, embedded and subset by reportlab, so a printed kit
looks the same everywhere.
"""
from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from kitgen.errors import KitgenError, Where, error
from kitgen.load.files import display_path
from kitgen.render.subsets import KeptFont
# Which file draws each role is load's (no reportlab there); callers import these from here too.
from kitgen.load.fonts import font_files, font_name, read_font, read_fonts  # noqa: F401


class _LoadedFont(KeptFont):
    """A TrueType font that keeps the sha256 of the bytes it was read from: register_fonts skips
    registering again when the files are unchanged; it makes each subset once a process
    (render/subsets.py)."""
    kitgen_digest = ""


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
        font.kitgen_digest = digests[role]
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
    from kitgen.render.canvas import check_pdfmetrics  # canvas imports this module: asked for here

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
