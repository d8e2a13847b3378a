"""Looks: a named set of card frames, backs and fonts (templates/looks/<name>/), a game's own or
kitgen's. A look is data like any template: look.yaml (its name and fonts) and card templates
that extend kitgen's. Found by name in the game's templates/looks/, then in kitgen's."""
from __future__ import annotations

import re
from pathlib import Path

from kitgen.errors import KitgenError, Where, did_you_mean, error
from kitgen.load.files import contained, display_path
from kitgen.load.nodes import parse_nodes, read_text
from kitgen.load.schema import Converter
from kitgen.model import Look

LOOK_FILE = "look.yaml"
LOOKS = "looks"
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")  # a folder name: never a path


def look_folders(game_folder: Path, templates: Path) -> list[Path]:
    """Where looks are looked for, game first: its templates/looks/, then kitgen's."""
    return [game_folder / "templates" / LOOKS, templates / LOOKS]


def look_names(game_folder: Path, templates: Path) -> list[str]:
    names: set[str] = set()
    for folder in look_folders(game_folder, templates):
        try:
            names |= {p.parent.name for p in folder.glob(f"*/{LOOK_FILE}") if _NAME.match(p.parent.name)}
        except OSError:
            continue
    return sorted(names)


def find_look(name: str, game_folder: Path, templates: Path) -> Path | None:
    """The folder of the look `name` (a kebab-case name, never a path), or None."""
    if not _NAME.match(name):
        return None
    return next((folder / name for folder in look_folders(game_folder, templates)
                 if (folder / name / LOOK_FILE).exists() or (folder / name / LOOK_FILE).is_symlink()), None)


def unknown_look(name: str, game_folder: Path, templates: Path) -> str:
    """The message for a look that is not there: the names there are, and the one meant."""
    names = look_names(game_folder, templates)
    if not _NAME.match(name):
        return f"'{name[:80]}' is not a look's name: lower-case letters, digits and dashes (looks: {', '.join(names)})"
    return f"no look named '{name}'{did_you_mean(name, names)} (looks: {', '.join(names)}; a game's own goes in " \
           f"templates/looks/{name}/{LOOK_FILE})"


def read_look(name: str, game_folder: Path, templates: Path) -> tuple[Path | None, Look | None]:
    """The look's folder and its look.yaml, read and checked (a file that resolves outside the game
    folder and kitgen's templates is refused); (None, None) for no look."""
    if not name:
        return None, None
    folder = find_look(name, game_folder, templates)
    if folder is None:
        raise KitgenError(error(Where(display_path(game_folder / "game.yaml")), unknown_look(name, game_folder, templates)))
    path = folder / LOOK_FILE
    shown = display_path(path)
    real = contained(path, game_folder, shipped=(templates,), shown=shown)
    root = parse_nodes(read_text(real, shown), shown)
    if root is None:
        raise KitgenError(error(Where(shown), "look.yaml is empty: it needs at least a name"))
    converter = Converter(shown)
    look = converter.record(root, Look, "")
    if converter.problems:
        raise KitgenError(converter.problems)
    return folder, look
