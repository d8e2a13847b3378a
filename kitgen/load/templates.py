"""Load card templates (YAML manifests of boxes) from the template search path, game first."""
from __future__ import annotations

from pathlib import Path

from kitgen.errors import KitgenError, Where, error
from kitgen.load.game import display_path
from kitgen.load.nodes import read_nodes
from kitgen.load.schema import Converter
from kitgen.model import CardTemplate


def find_template(name: str, dirs: list[Path]) -> Path:
    for folder in dirs:
        if (folder / name).is_file():
            return folder / name
    searched = ", ".join(display_path(d) for d in dirs)
    raise KitgenError(error(Where(name), f"template not found (searched {searched})"))


def load_card_template(name: str, dirs: list[Path]) -> CardTemplate:
    path = find_template(name, dirs)
    shown = display_path(path)
    root = read_nodes(path, shown)
    if root is None:
        raise KitgenError(error(Where(shown), "template is empty"))
    converter = Converter(shown)
    template = converter.record(root, CardTemplate, "")
    if converter.problems:
        raise KitgenError(converter.problems)
    return template
