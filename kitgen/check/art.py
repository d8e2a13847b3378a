"""Art checks: each takes what kit/art.py found on disk (or render/images.py read with Pillow) and
returns the problems. A picture that cannot be used prints the template's placeholder, so only a
name that reaches outside the game folder is an error; the rest are warnings."""
from __future__ import annotations

from pathlib import PurePath

from kitgen.errors import Problem, Where, error, warning

LOW_DPI = 200  # below this, art prints visibly soft
PLACEHOLDER = "; the card shows its placeholder"


def art_name(name: str, where: Where, owner: str) -> list[Problem]:
    """A name the data gives must be a relative path: a URL or an absolute path is refused unread."""
    if "://" in name or PurePath(name).is_absolute():
        return [error(where, f"{owner}: art '{name}' must be a file inside the game folder")]
    return []


def art_file(name: str, shown: str, refused: str | None, exists: bool, where: Where, owner: str) -> list[Problem]:
    """`refused`: why the file resolves outside the game folder (load/files.outside), or None;
    `exists`: the file (or a link) is there; `shown`: its path as printed."""
    if refused:
        return [error(where, f"{owner}: art '{name}' {refused}")]
    if not exists:
        return [warning(where, f"{owner}: art file {shown} not found{PLACEHOLDER}")]
    return []


def art_not_contained(where: Where, owner: str, why: str) -> Problem:
    """load/files.contained refused the picture (outside the folder, not a regular file, too large)."""
    return error(where, f"{owner}: {why}")


def art_unreadable(where: Where, owner: str, shown: str, why: str) -> Problem:
    """Pillow refused the file (not PNG/JPEG/WebP, damaged, too many pixels)."""
    return warning(where, f"{owner}: art {shown}: {why}{PLACEHOLDER}")


def effective_dpi(pixels: int, placed_w: float) -> float:
    """The resolution of `pixels` across printed `placed_w` points wide."""
    return pixels / (placed_w / 72)


def art_resolution(where: Where, owner: str, shown: str, pixels: int, placed_w: float) -> list[Problem]:
    """`pixels` across the picture as placed, `placed_w` points wide: under LOW_DPI prints soft."""
    dpi = effective_dpi(pixels, placed_w)
    if dpi < LOW_DPI:
        return [warning(where, f"{owner}: art {shown} is {dpi:.0f} dpi at its printed size "
                        f"({pixels} px over {placed_w / 72 * 25.4:.1f} mm); {LOW_DPI} dpi or more prints sharp")]
    return []
