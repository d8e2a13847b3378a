"""The icon set, parsed once for layout: the whole game-icons.net set kitgen ships
(icons/game-icons.tsv), with any icons/icons.json on the template search path added over it
(a game's own icons, or a replacement for one of ours).

The shipped set is a table, one icon a line (name, width, height, SVG path data, tab-separated),
read with one split a line: the 4,134 icons load in about 12 ms, where the same set as gzipped
JSON took 50 ms of every command that reads icons. A path is parsed when an icon is first used."""
from __future__ import annotations

import hashlib
import json
from collections import ChainMap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from kitgen.errors import KitgenError, Where, error
from kitgen.load.files import contained, display_path
from kitgen.load.svgpath import Outline, parse_path

ICONS_FILE = Path("icons") / "icons.json"
ICON_SET = Path("icons") / "game-icons.tsv"
TAB, HASH = b"\t", ord("#")
MAX_ICON_SET = 64 << 20  # bytes: the whole game-icons.net set is about 6 MiB


class IconShape(NamedTuple):
    """An icon as layout draws it: its view box and its outline (absolute M/L/C/Z commands)."""

    width: float
    height: float
    outline: Sequence
    name: str


@dataclass(frozen=True)
class IconSet:
    icons: Mapping  # name -> (width, height, SVG path data); the path is parsed when first used
    attribution: str = ""
    key: str = ""  # a hash of the icon files: changes when any icon does
    source: str = ""  # the icon file, for errors
    _parsed: dict = field(default_factory=dict, repr=False, compare=False)

    def get(self, name: str):
        """The icon named, or None."""
        if name not in self._parsed:
            # The shipped table's outlines are parsed when drawn (Outline); an icons.json's now, kept
            # as a tuple: a shared layer's key hashes its shapes' repr (layout/card._shared_layer),
            # and an Outline shows its data where a tuple shows its commands, so an icons.json icon
            # held as an Outline renames the layers that draw it (10 shipped card PDFs' bytes change,
            # nothing they draw: tests/unit/test_layer_keys.py)
            try:
                icon = self.icons.get(name)
                if icon:
                    outline = icon[2] if isinstance(icon[2], Outline) else tuple(parse_path(icon[2]))
                    self._parsed[name] = IconShape(icon[0], icon[1], outline, name)
                else:
                    self._parsed[name] = None
            except ValueError as exc:  # a path that is no SVG path data, or bytes that are no UTF-8
                raise KitgenError(error(Where(self.source), f"icon set is damaged: icon '{name}': {exc}")) from None
        return self._parsed[name]

    def names(self) -> list[str]:
        return sorted(self.icons)


def load_icons(dirs: list[Path], roots: tuple[Path, ...] | None = None) -> IconSet:
    """The first icon set on the search path, then every icons.json on it, nearest last wins.
    Each file must be contained in `roots` (default: its own folder of `dirs`)."""
    base = next(((d, d / ICON_SET) for d in dirs if _present(d / ICON_SET)), None)
    extra = [(d, d / ICONS_FILE) for d in reversed(dirs) if _present(d / ICONS_FILE)]
    icons: ChainMap[str, tuple] = ChainMap()  # nearest file first
    attributions, digest, source = [], hashlib.sha256(), ""
    for folder, path in ([base] if base else []) + extra:
        trusted = roots or (folder,)
        raw = _read(contained(path, trusted[0], shipped=trusted[1:], shown=display_path(path), limit=MAX_ICON_SET), path)
        data = _parse(raw, path)
        adds = any(not _same(icons.get(name), icon) for name, icon in data["icons"].items())
        icons.maps.insert(0, data["icons"])
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
        return resolved.read_bytes()
    except OSError as exc:
        raise KitgenError(error(Where(str(path)), f"icon set is damaged: {exc}")) from None


def _parse(raw: bytes, path: Path) -> dict:
    return _parse_table(raw, path) if path.suffix == ".tsv" else _parse_json(raw, path)


def _parse_table(raw: bytes, path: Path) -> dict:
    """`# key: value` lines (source, license, attribution), then `name<TAB>width<TAB>height<TAB>path`
    lines, indexed by name (where its line starts): the rest of a line, and its number, is read
    (and checked) when its icon is asked for."""
    index, about, pos, find = {}, {}, 0, raw.find
    while pos < len(raw):
        end = find(b"\n", pos)
        end = len(raw) if end < 0 else end
        try:
            if raw[pos] == HASH:
                key, _, value = raw[pos + 1:end].decode("utf-8").partition(":")
                about[key.strip()] = value.strip()
            elif end > pos:
                tab = find(TAB, pos, end)
                if tab < 0:
                    raise ValueError("expected a name, a width, a height and a path separated by tabs")
                index[raw[pos:tab].decode("utf-8")] = pos
        except ValueError as exc:  # UnicodeDecodeError is one
            raise KitgenError(error(Where(str(path), _line(raw, pos)), f"icon set is damaged: {exc}")) from None
        pos = end + 1
    return {"icons": _Table(raw, index, str(path)), "attribution": about.get("attribution", "")}


def _line(raw: bytes, pos: int) -> int:
    """The number of the line that starts at `pos`."""
    return raw.count(b"\n", 0, pos) + 1


class _Table(Mapping):
    """The shipped set by name: (width, height, path data), each line read when its icon is asked for."""

    def __init__(self, raw: bytes, index: dict, source: str):
        self._raw, self._index, self._source = raw, index, source

    def __getitem__(self, name: str):
        start = self._index[name]
        end = self._raw.find(b"\n", start)
        try:
            fields = self._raw[start:len(self._raw) if end < 0 else end].decode("utf-8").split("\t")[1:]
            if len(fields) != 3:
                raise ValueError("expected a name, a width, a height and a path separated by tabs, found "
                                 f"{len(fields) + 1} fields")
            width, height = _size(fields[0]), _size(fields[1])
        except ValueError as exc:  # UnicodeDecodeError is one
            raise _damaged(self._source, self._raw, start, name)(str(exc)) from None
        return width, height, Outline(fields[2], _damaged(self._source, self._raw, start, name))

    def __contains__(self, name) -> bool:
        return name in self._index

    def __iter__(self):
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)


def _damaged(source: str, raw: bytes, start: int, name: str):
    """The error for icon `name` whose line (starting at `start` of `raw`) does not read."""
    return lambda message: KitgenError(error(Where(source, _line(raw, start)),
                                             f"icon set is damaged: icon '{name}': {message}"))


def _size(text: str) -> int | float:
    value = int(text) if text.isdigit() else float(text)
    if not 0 < value <= 100_000:  # NaN fails this too
        raise ValueError(f"width and height must be numbers from 0 to 100000, not {text!r}")
    return value


def _parse_json(raw: bytes, path: Path) -> dict:
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
    first, second = (getattr(icon[2], "data", icon[2]) for icon in (one, other))  # an Outline's data
    return first[:1].upper() + first[1:] == second[:1].upper() + second[1:]
