"""The user's config file (kitgen.yaml in the working folder, or --config FILE): print defaults.

    print:
      paper: a4
      back_offset: "0.4,-0.2"
"""
from __future__ import annotations

from pathlib import Path

import yaml

from kitgen.errors import KitgenError, Where, error
from kitgen.load.game import display_path
from kitgen.load.nodes import read_nodes
from kitgen.load.schema import Converter
from kitgen.model import PrintSettings

CONFIG_FILE = "kitgen.yaml"


def load_config(path: Path | None) -> PrintSettings:
    """The user's print settings; no file (when none was named) means no settings."""
    named = path is not None
    path = Path(path) if named else Path(CONFIG_FILE)
    if not path.is_file():
        if named:
            raise KitgenError(error(Where(str(path)), "config file not found"))
        return PrintSettings()
    shown = display_path(path)
    root = read_nodes(path, shown)
    if root is None:
        return PrintSettings()
    if not isinstance(root, yaml.MappingNode) or [k.value for k, _ in root.value] != ["print"]:
        raise KitgenError(error(Where(shown, 1), "a kitgen config file holds one key, print: (the print settings)"))
    converter = Converter(shown)
    settings = converter.convert(root.value[0][1], PrintSettings, "print")
    if converter.problems:
        raise KitgenError(converter.problems)
    return settings
