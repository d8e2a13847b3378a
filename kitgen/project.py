"""Where games, templates, fonts and output live. No globals: callers pass a Project around.

In a checkout the folders sit beside kitgen/; in an installed wheel they ship inside the package
as kitgen/_data, kitgen/_templates and kitgen/_fonts (see pyproject.toml).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kitgen.errors import KitgenError, Where, error

_PACKAGE = Path(__file__).resolve().parent


def _shipped(name: str) -> Path:
    checkout = _PACKAGE.parent / name
    if (_PACKAGE.parent / "pyproject.toml").is_file() and checkout.is_dir():
        return checkout
    return _PACKAGE / f"_{name}"


@dataclass(frozen=True)
class Project:
    data: Path
    templates: Path
    fonts: Path

    @classmethod
    def default(cls) -> "Project":
        return cls(_shipped("data"), _shipped("templates"), _shipped("fonts"))

    def game_folder(self, game: str) -> Path:
        """GAME is a name under data/ or a path to a game folder."""
        path = Path(game)
        if (path / "game.yaml").is_file():
            return path
        if path.is_dir() and (len(path.parts) > 1 or not (self.data / game).is_dir()):
            raise KitgenError(error(Where(str(path / "game.yaml")), "no game.yaml: is this a game folder?"))
        shipped = self.data / game
        if (shipped / "game.yaml").is_file():
            return shipped
        known = ", ".join(self.game_names()) or "none"
        raise KitgenError(error(Where(game), f"no such game (shipped games: {known}; or give a folder with game.yaml)"))

    def game_names(self) -> list[str]:
        return sorted(p.parent.name for p in self.data.glob("*/game.yaml"))

    def template_dirs(self, game_folder: Path, extra: Path | None = None) -> list[Path]:
        """Search path, first match wins: --templates DIR, the game's own templates/, then ours."""
        dirs = [extra] if extra else []
        return dirs + [game_folder / "templates", self.templates]

    def roots(self, game_folder: Path, extra: Path | None = None) -> tuple[Path, ...]:
        """Where a game's files may resolve (see load/files.contained): the game folder first, then
        what the user named (--templates DIR) and kitgen's own shipped folders."""
        return (game_folder, *([extra] if extra else []), self.templates, self.fonts, self.data)
