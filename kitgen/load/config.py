"""The user's config files: print defaults, read in order, each later one winning per setting:

1. the per-user config, kitgen.yaml in the platform's user config folder (platformdirs:
   ~/.config/kitgen/kitgen.yaml on Linux): what belongs to the printer, e.g. its back offset;
2. the nearest kitgen.yaml from the working folder up: the project's choices;
3. --config FILE.

    print:
      paper: a4
      back_offset: "0.4,-0.2"
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import yaml

from kitgen.errors import KitgenError, Where, error
from kitgen.load.game import display_path
from kitgen.load.nodes import read_nodes
from kitgen.load.schema import Converter
from kitgen.model import PrintSettings

CONFIG_FILE = "kitgen.yaml"


def config_files(named: Path | None) -> list[Path]:
    """The config files that apply, first to last (a later one wins)."""
    from platformdirs import user_config_dir  # the platform's rule for where a user's settings live

    files = [Path(user_config_dir("kitgen")) / CONFIG_FILE]
    folder = Path.cwd()
    nearest = next((f / CONFIG_FILE for f in (folder, *folder.parents) if (f / CONFIG_FILE).is_file()), None)
    files += [nearest] if nearest else []
    if named is not None:
        if not Path(named).is_file():
            raise KitgenError(error(Where(str(named)), "config file not found"))
        files.append(Path(named))
    return [f for f in files if f.is_file()]


def load_config(path: Path | None) -> PrintSettings:
    """The user's print settings from every config file that applies, later files winning."""
    merged: dict = {}
    for file in config_files(path):
        settings = _read_config(file)
        merged |= {f.name: getattr(settings, f.name) for f in dataclasses.fields(PrintSettings)
                   if f.name != "where" and getattr(settings, f.name) is not None}
    return PrintSettings(**merged)


def _read_config(path: Path) -> PrintSettings:
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
