"""Where games, templates, fonts and output live. No globals: callers pass a Project around.

In a checkout the folders sit beside kitgen/; in an installed wheel they ship inside the package
as kitgen/_data, kitgen/_templates and kitgen/_fonts (see pyproject.toml).

GAME on the command line resolves, first match wins, to: a folder GAME holding a game.yaml (a path
or a name in the working folder), then data/GAME under the working folder (a checkout's games, so
an edit there shows in the next build even when kitgen is installed with `pip install .`), then
the game shipped with kitgen. Games shipped inside an installed package are read-only: `kitgen new
NAME --from GAME` copies one out to customise.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from kitgen.errors import KitgenError, Where, did_you_mean, error

_PACKAGE = Path(__file__).resolve().parent
GAME_FILE = "game.yaml"


def shipped_folder(name: str) -> Path:
    """kitgen's own folder `name` (data, templates, fonts): beside kitgen/ in a checkout, else inside it."""
    checkout = _PACKAGE.parent / name
    if (_PACKAGE.parent / "pyproject.toml").is_file() and checkout.is_dir():
        return checkout
    return _PACKAGE / f"_{name}"


@dataclass(frozen=True)
class Resolved:
    """A game folder and how it was found: `how` is "folder", "data" or "shipped"."""

    folder: Path
    how: str
    read_only: bool

    def describe(self, game: str) -> str:
        """One line for stderr saying which folder a command reads."""
        if self.read_only:  # never a path into the installed package
            return (f"kitgen: {game}: the game shipped with kitgen (read-only; "
                    f"`kitgen new my-{game} --from {game}` copies it out to edit)")
        return f"kitgen: {game}: reading {_shown(self.folder)}/"


def _holds_game(folder: Path) -> bool:
    """A game.yaml is there, whatever it is: one that is a named pipe or a link out is that game's
    error when it is read (load/files.contained), not 'no such game'."""
    return os.path.lexists(folder / GAME_FILE)


def _local_games() -> list[str]:
    """Game folders in the working folder and in ./data: names a mistyped GAME may have meant."""
    try:
        return sorted({p.parent.name for pattern in (f"*/{GAME_FILE}", f"data/*/{GAME_FILE}")
                       for p in Path().glob(pattern)})
    except OSError:
        return []


def _shown(folder: Path) -> str:
    try:
        relative = folder.resolve().relative_to(Path.cwd().resolve())
        return str(relative) if str(relative) != "." else "."
    except ValueError:
        return str(folder)


@dataclass(frozen=True)
class Project:
    data: Path
    templates: Path
    fonts: Path

    @classmethod
    def default(cls) -> "Project":
        return cls(shipped_folder("data"), shipped_folder("templates"), shipped_folder("fonts"))

    @property
    def installed(self) -> bool:
        """True when the shipped games live inside an installed package (not a checkout's data/)."""
        return self.data.name == "_data"

    def resolve(self, game: str) -> Resolved:
        """GAME -> its folder: ./GAME (or a path) with a game.yaml, then ./data/GAME, then shipped."""
        path = Path(game)
        if _holds_game(path):
            return self._found(path, "folder")
        simple = len(path.parts) == 1 and game not in (".", "..")
        local = Path("data") / game
        if simple and _holds_game(local):
            return self._found(local, "data")
        shipped = self.data / game
        if simple and _holds_game(shipped):
            return self._found(shipped, "shipped")
        if path.is_dir():
            raise KitgenError(error(Where(str(path / GAME_FILE)), "no game.yaml: is this a game folder?"))
        names = self.game_names()
        known = ", ".join(names) or "none"
        hint = did_you_mean(game, names + _local_games()) if simple else ""
        raise KitgenError(error(Where(game), f"no such game{hint} (shipped games: {known}; "
                                             "or give a folder with game.yaml)"))

    def _found(self, folder: Path, how: str) -> Resolved:
        inside = self.installed and folder.resolve().is_relative_to(self.data.resolve())
        return Resolved(folder, "shipped" if inside or how == "shipped" else how, inside)

    def game_folder(self, game: str | Resolved) -> Path:
        """GAME's folder: resolved from what was typed, or the one a Resolved (the CLI's use_game) found."""
        return game.folder if isinstance(game, Resolved) else self.resolve(game).folder

    def is_read_only(self, folder: Path) -> bool:
        return self.installed and folder.resolve().is_relative_to(self.data.resolve())

    def game_names(self) -> list[str]:
        return sorted(p.parent.name for p in self.data.glob(f"*/{GAME_FILE}"))

    def template_dirs(self, game_folder: Path, extra: Path | None = None, look: Path | None = None) -> list[Path]:
        """Search path, first match wins: --templates DIR, the game's own templates/, its look's
        folder (load/looks.py), then ours."""
        dirs = [extra] if extra else []
        return dirs + [game_folder / "templates", *([look] if look else []), self.templates]

    def roots(self, game_folder: Path, extra: Path | None = None) -> tuple[Path, ...]:
        """Where a game's files may resolve (see load/files.contained): the game folder first, then
        what the user named (--templates DIR) and kitgen's own shipped folders."""
        return (game_folder, *([extra] if extra else []), self.templates, self.fonts, self.data)
