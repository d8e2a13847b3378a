"""The kit's fonts as files: which TrueType file draws each role (title, body, bold, italic), and
a hash of each one's bytes. No reportlab here: render/fonts.py registers and measures them, and a
command that lays nothing out (a validate whose faces are all cached) never needs to."""
from __future__ import annotations

import hashlib
from pathlib import Path

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


def font_files(folder: Path, game_fonts=None, game_folder: Path | None = None, look=None) -> dict[str, Path]:
    """Role -> TrueType file: kitgen's fonts/, replaced role by role by the game's look's `fonts:`
    (files in kitgen's fonts/), then by the game's own `fonts:`, each of which must be a file inside
    the game folder (load/files.contained)."""
    files = {role: folder / file for role, file in ROLES.items()}
    for role in ROLES:
        chosen = getattr(look.fonts, role, "") if look else ""
        if chosen:
            path = folder / chosen
            if "/" in chosen or "\\" in chosen or not path.is_file():
                shipped = ", ".join(sorted(p.name for p in folder.glob("*.ttf")))
                raise KitgenError(error(look.fonts.where or look.where or Where(look.name), f"fonts.{role}: no font "
                                        f"'{chosen}' in kitgen's fonts (a look names one of: {shipped})"))
            files[role] = contained(path, folder, limit=MAX_FONT_BYTES)
    for role in ROLES:
        chosen = getattr(game_fonts, role, "") if game_fonts else ""
        if chosen:
            assert game_folder is not None, "a game's fonts are read with its folder"
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


def read_fonts(files: dict[str, Path]) -> tuple[dict[str, bytes], dict[str, str]]:
    """Role -> the font's bytes, and role -> their sha256, as register_fonts() returns it: each file
    read and hashed once a build, when these bytes are also what is registered."""
    data = {role: read_font(path) for role, path in files.items()}
    return data, {role: hashlib.sha256(font).hexdigest() for role, font in data.items()}


def read_font(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise KitgenError(error(Where(str(path)), f"cannot load font: {exc.strerror or exc}")) from None
