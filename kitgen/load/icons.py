"""The icon set (icons/icons.json on the template search path), parsed once for layout."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from kitgen.errors import KitgenError, Where, error
from kitgen.layout.svgpath import parse_path

ICONS_FILE = Path("icons") / "icons.json"


@dataclass(frozen=True)
class IconSet:
    icons: dict  # name -> (width, height, commands)
    attribution: str = ""

    def get(self, name: str):
        """(width, height, commands, name) or None."""
        icon = self.icons.get(name)
        return (*icon, name) if icon else None


def load_icons(dirs: list[Path]) -> IconSet:
    path = next((d / ICONS_FILE for d in dirs if (d / ICONS_FILE).is_file()), None)
    if path is None:
        return IconSet({})
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        icons = {name: (icon["width"], icon["height"], tuple(parse_path(icon["path"])))
                 for name, icon in data["icons"].items()}
    except (ValueError, KeyError, TypeError) as exc:
        raise KitgenError(error(Where(str(path)), f"icon set is damaged: {exc}")) from None
    return IconSet(icons, data.get("attribution", ""))
