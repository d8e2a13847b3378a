"""Fonts: register the bundled TTFs by role (title, body, bold, italic) and measure text with them.

Every font is a TrueType file from fonts/, embedded and subset by reportlab, so a printed kit
looks the same everywhere.
"""
from __future__ import annotations

import hashlib
import io
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from kitgen.errors import KitgenError, Where, error
from kitgen.load.files import contained, display_path

ROLES = {  # role -> file in fonts/
    "body": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "italic": "Lato-Italic.ttf",
    "title": "Lato-Black.ttf",
}


def font_name(role: str) -> str:
    return f"kitgen-{role}"


def font_files(folder: Path, game_fonts=None, game_folder: Path | None = None) -> dict[str, Path]:
    """Role -> TrueType file: kitgen's fonts/, replaced role by role by the game's own `fonts:`,
    each of which must be a file inside the game folder (load/files.contained)."""
    files = {role: folder / file for role, file in ROLES.items()}
    for role in ROLES:
        chosen = getattr(game_fonts, role, "") if game_fonts else ""
        if chosen:
            path = game_folder / chosen
            where = game_fonts.where or Where(str(game_folder))
            if not (path.exists() or path.is_symlink()):
                raise KitgenError(error(where, f"fonts.{role}: font file '{chosen}' not found in the game folder"))
            try:
                files[role] = contained(path, game_folder, limit=MAX_FONT_BYTES)
            except KitgenError as exc:
                raise KitgenError(error(where, f"fonts.{role}: {display_path(path)}: {exc.problems[0].message}")) \
                    from None
    return files


MAX_FONT_BYTES = 32 << 20  # a large CJK font is about 20 MB


def register_fonts(files: Path | dict[str, Path]) -> dict[str, str]:
    """Make each role draw with its file. reportlab keeps one registry per process: the roles are
    registered again only when a file's bytes differ from those registered (`kitgen watch`: a
    font replaced in place is used at once). Returns role -> sha256 of the bytes registered, read
    once: the build cache keys by exactly what is drawn with."""
    if isinstance(files, Path):
        files = font_files(files)
    data = {role: _read_font(path) for role, path in files.items()}
    digests = {role: hashlib.sha256(font).hexdigest() for role, font in data.items()}
    registered = pdfmetrics.getRegisteredFontNames()  # not getFont(): for a name it lacks, reportlab
    if all(font_name(role) in registered               # parses every Type 1 font on the disk (~0.1 s)
           and getattr(pdfmetrics.getFont(font_name(role)), "kitgen_digest", None) == digests[role] for role in files):
        return digests
    fonts = []
    for role, path in files.items():  # every file parsed before any is registered
        source = io.BytesIO(data[role])
        source.name = str(path)  # reportlab names the file in its messages and subsetting rules by it
        try:
            font = TTFont(font_name(role), source)
        except Exception as exc:  # noqa: BLE001  a damaged file raises TTFError, struct.error, IndexError...
            reason = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
            raise KitgenError(error(Where(display_path(path)), f"cannot load font (is it a TrueType file?): "
                                    f"{reason}")) from None
        font.kitgen_digest = digests[role]
        fonts.append(font)
    _forget_fonts([font.fontName for font in fonts])
    for font in fonts:
        pdfmetrics.registerFont(font)
    return digests


def font_digests(files: dict[str, Path]) -> dict[str, str]:
    """Role -> sha256 of the file's bytes, as register_fonts() returns them, without registering."""
    return {role: hashlib.sha256(_read_font(path)).hexdigest() for role, path in files.items()}


def _read_font(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise KitgenError(error(Where(str(path)), f"cannot load font: {exc.strerror or exc}")) from None


def _forget_fonts(names: list[str]) -> None:
    """registerFont() keeps the first font registered under a name, and gives a new name the font
    first registered with the same face (PostScript) name: a font replaced in place would still be
    drawn with the old one. So every role is forgotten and registered again in order, as a new
    process would (reportlab's registries are private; it is pinned in pyproject.toml)."""
    from kitgen.render.canvas import check_pdfmetrics  # canvas imports this module: asked for here

    check_pdfmetrics()  # private to reportlab: an untested release is one clear line, not a crash
    old = [font for name in names if (font := pdfmetrics._fonts.pop(name, None)) is not None]
    for face, font in list(pdfmetrics._dynFaceNames.items()):
        if any(font is gone for gone in old):
            del pdfmetrics._dynFaceNames[face]


def measure(text: str, role: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font_name(role), size)


def missing_glyphs(text: str, role: str) -> list[str]:
    return list(_missing_in(pdfmetrics.getFont(font_name(role)).face, text))


@lru_cache(maxsize=8192)
def _missing_in(face, text: str) -> tuple[str, ...]:
    """By font file and text: every face checks its type's label, its attributes' names and the
    game's title again, and a deck repeats them on every card."""
    return tuple(sorted(ch for ch in set(text) if not ch.isspace() and ord(ch) not in face.charToGlyph))
