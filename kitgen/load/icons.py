"""The icon set, parsed once for layout: the whole game-icons.net set kitgen ships
(icons/game-icons.json.gz), with any icons/icons.json on the template search path added over it
(a game's own icons, or a replacement for one of ours)."""
from __future__ import annotations

import gzip
import hashlib
import io
import json
from dataclasses import dataclass, field
from pathlib import Path

from kitgen.errors import KitgenError, Where, error
from kitgen.load.files import contained, display_path
from kitgen.layout.svgpath import parse_path

ICONS_FILE = Path("icons") / "icons.json"
ICON_SET = Path("icons") / "game-icons.json.gz"
MAX_ICON_SET = 64 << 20  # bytes once unpacked: the whole game-icons.net set is about 6 MiB


@dataclass(frozen=True)
class IconSet:
    icons: dict  # name -> (width, height, SVG path data); the path is parsed when first used
    attribution: str = ""
    key: str = ""  # a hash of the icon files: changes when any icon does
    source: str = ""  # the icon file, for errors
    _parsed: dict = field(default_factory=dict, repr=False, compare=False)

    def get(self, name: str):
        """(width, height, commands, name) or None."""
        if name not in self._parsed:
            icon = self.icons.get(name)
            try:
                self._parsed[name] = (icon[0], icon[1], tuple(parse_path(icon[2])), name) if icon else None
            except ValueError as exc:
                raise KitgenError(error(Where(self.source), f"icon set is damaged: icon '{name}': {exc}")) from None
        return self._parsed[name]

    def names(self) -> list[str]:
        return sorted(self.icons)


def load_icons(dirs: list[Path], roots: tuple[Path, ...] | None = None) -> IconSet:
    """The first icon set on the search path, then every icons.json on it, nearest last wins.
    Each file must be contained in `roots` (default: its own folder of `dirs`)."""
    base = next(((d, d / ICON_SET) for d in dirs if _present(d / ICON_SET)), None)
    extra = [(d, d / ICONS_FILE) for d in reversed(dirs) if _present(d / ICONS_FILE)]
    icons, attributions, digest, source = {}, [], hashlib.sha256(), ""
    for folder, path in ([base] if base else []) + extra:
        trusted = roots or (folder,)
        raw = _read(contained(path, trusted[0], shipped=trusted[1:], shown=display_path(path)), path)
        data = _parse(raw, path)
        adds = any(not _same(icons.get(name), icon) for name, icon in data["icons"].items())
        icons.update(data["icons"])
        # a file that only repeats icons of the set before it credits no one new: one line, not two
        if adds and data["attribution"] and data["attribution"] not in attributions:
            attributions.append(data["attribution"])
        digest.update(hashlib.sha256(raw).digest())
        source = str(path)
    if not icons:
        return IconSet({})
    return IconSet(icons, "; ".join(attributions), digest.hexdigest(), source)


def _present(path: Path) -> bool:
    return path.exists() or path.is_symlink()  # a pipe or a link out is refused, not skipped


def _read(resolved: Path, path: Path) -> bytes:
    try:
        raw = resolved.read_bytes()
        if path.suffix == ".gz":
            with gzip.GzipFile(fileobj=io.BytesIO(raw)) as unpacked:
                raw = unpacked.read(MAX_ICON_SET + 1)
            if len(raw) > MAX_ICON_SET:
                raise ValueError(f"more than {MAX_ICON_SET >> 20} MiB unpacked")
        return raw
    except (OSError, EOFError, ValueError) as exc:
        raise KitgenError(error(Where(str(path)), f"icon set is damaged: {exc}")) from None


def _parse(raw: bytes, path: Path) -> dict:
    try:
        data = json.loads(raw.decode("utf-8"))
        icons = {name: (icon["width"], icon["height"], icon["path"]) for name, icon in data["icons"].items()}
        for name, (width, height, path_data) in icons.items():
            if not isinstance(path_data, str):
                raise TypeError(f"icon '{name}': its path is not a string")
            if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 100_000
                       for v in (width, height)):
                raise ValueError(f"icon '{name}': width and height must be numbers from 0 to 100000")
        icons.update({alias: icons[parent] for alias, parent in data.get("aliases", {}).items() if parent in icons})
        return {"icons": icons, "attribution": str(data.get("attribution", ""))}
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise KitgenError(error(Where(str(path)), f"icon set is damaged: {exc}")) from None


def _same(one, other) -> bool:
    """The same drawing: a path's first move is absolute whether written m or M."""
    if one is None or one[:2] != other[:2]:
        return False
    return one[2][:1].upper() + one[2][1:] == other[2][:1].upper() + other[2][1:]
