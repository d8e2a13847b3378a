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


def register_fonts(folder: Path) -> None:
    """Register each role once per process; a missing or broken file is a clear error."""
    for role, file in ROLES.items():
        _register(role, str(folder / file))


@lru_cache(maxsize=None)
def _register(role: str, path: str) -> None:
    try:
        pdfmetrics.registerFont(TTFont(font_name(role), path))
    except (OSError, TTFError) as exc:
        raise KitgenError(error(Where(path), f"cannot load font: {exc}")) from None


def measure(text: str, role: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font_name(role), size)


def missing_glyphs(text: str, role: str) -> list[str]:
    face = pdfmetrics.getFont(font_name(role)).face
    return sorted({ch for ch in text if not ch.isspace() and ord(ch) not in face.charToGlyph})
