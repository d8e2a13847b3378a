"""Fonts: register the bundled TTFs by role (title, body, bold, italic) and measure text with them.

Every font is a TrueType file from fonts/, embedded and subset by reportlab, so a printed kit
looks the same everywhere.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from kitgen.errors import KitgenError, Where, error

ROLES = {  # role -> file in fonts/
    "body": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "italic": "Lato-Italic.ttf",
    "title": "Lato-Black.ttf",
}


def font_name(role: str) -> str:
    return f"kitgen-{role}"


def font_files(folder: Path, game_fonts=None, game_folder: Path | None = None) -> dict[str, Path]:
    """Role -> TrueType file: kitgen's fonts/, replaced role by role by the game's own `fonts:`."""
    files = {role: folder / file for role, file in ROLES.items()}
    for role in ROLES:
        chosen = getattr(game_fonts, role, "") if game_fonts else ""
        if chosen:
            path = (game_folder / chosen).resolve()
            where = game_fonts.where or Where(str(game_folder))
            if not path.is_relative_to(game_folder.resolve()) or not path.is_file():
                raise KitgenError(error(where, f"fonts.{role}: font file '{chosen}' not found in the game folder"))
            files[role] = path
    return files


def register_fonts(files: Path | dict[str, Path]) -> None:
    """Make each role draw with its file. reportlab keeps one registry per process, so a role is
    registered again only when a build asks for another file than the one it holds."""
    if isinstance(files, Path):
        files = font_files(files)
    registered = pdfmetrics.getRegisteredFontNames()  # not getFont(): for a name it lacks, reportlab
    for role, path in files.items():                   # parses every Type 1 font on the disk (~0.1 s)
        name = font_name(role)
        if name in registered and pdfmetrics.getFont(name).face.filename == str(path):
            continue
        try:
            pdfmetrics.registerFont(TTFont(name, str(path)))
        except (OSError, TTFError) as exc:
            raise KitgenError(error(Where(str(path)), f"cannot load font: {exc}")) from None


def measure(text: str, role: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font_name(role), size)


def missing_glyphs(text: str, role: str) -> list[str]:
    return list(_missing_in(pdfmetrics.getFont(font_name(role)).face, text))


@lru_cache(maxsize=8192)
def _missing_in(face, text: str) -> tuple[str, ...]:
    """By font file and text: every face checks its type's label, its attributes' names and the
    game's title again, and a deck repeats them on every card."""
    return tuple(sorted(ch for ch in set(text) if not ch.isspace() and ord(ch) not in face.charToGlyph))
