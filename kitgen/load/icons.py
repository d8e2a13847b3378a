"""The icon set (icons/icons.json on the template search path), parsed once for layout."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from kitgen.errors import KitgenError, Where, error
from kitgen.layout.svgpath import parse_path

ICONS_FILE = Path("icons") / "icons.json"


@dataclass(frozen=True)
class IconSet:
    icons: dict  # name -> (width, height, SVG path data); the path is parsed when first used
    attribution: str = ""
    key: str = ""  # a hash of the icon file: changes when any icon does
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


def load_icons(dirs: list[Path]) -> IconSet:
    path = next((d / ICONS_FILE for d in dirs if (d / ICONS_FILE).is_file()), None)
    if path is None:
        return IconSet({})
    try:
        raw = path.read_bytes()
        data = json.loads(raw.decode("utf-8"))
        icons = {name: (icon["width"], icon["height"], icon["path"]) for name, icon in data["icons"].items()}
        if not all(isinstance(path_data, str) for _, _, path_data in icons.values()):
            raise TypeError("an icon's path is not a string")
    except (ValueError, KeyError, TypeError) as exc:
        raise KitgenError(error(Where(str(path)), f"icon set is damaged: {exc}")) from None
    return IconSet(icons, data.get("attribution", ""), hashlib.sha256(raw).hexdigest(), str(path))
