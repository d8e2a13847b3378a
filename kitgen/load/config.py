"""The user's config files: print defaults, read in order, each later one winning per setting:

1. the per-user config, kitgen.yaml in the platform's user config folder (platformdirs:
   ~/.config/kitgen/kitgen.yaml on Linux): what belongs to the printer, e.g. its back offset;
2. the nearest kitgen.yaml from the working folder up: the project's choices; read only when it
   is the user's own (or root's), not writable by everyone, in a folder of the user's (or root's)
   that not everyone may write to: a folder above may be shared (/tmp, a team drive), and a file
   planted there is skipped with a warning (kitgen.yaml sets print defaults only: no path, no
   output folder, nothing run; so at worst it would misprint);
3. --config FILE (named by the user: read as it is).

    print:
      paper: a4
      back_offset: "0.4,-0.2"
"""
from __future__ import annotations

import dataclasses
import os
import stat
from pathlib import Path

import yaml

from kitgen.errors import KitgenError, Problem, Where, error, warning
from kitgen.load.game import display_path
from kitgen.load.nodes import read_nodes
from kitgen.load.schema import Converter
from kitgen.model import PrintSettings

CONFIG_FILE = "kitgen.yaml"


def config_files(named: Path | None) -> list[Path]:
    """The config files that apply, first to last (a later one wins)."""
    from platformdirs import user_config_dir  # the platform's rule for where a user's settings live

    files = [Path(user_config_dir("kitgen")) / CONFIG_FILE]
    nearest = _nearest()
    files += [nearest] if nearest and not untrusted(nearest) else []
    if named is not None:
        if not Path(named).is_file():
            why = "not a regular file (a folder, a device or a pipe)" if Path(named).exists() else "config file not found"
            raise KitgenError(error(Where(str(named)), why))
        files.append(Path(named))
    return [f for f in files if f.is_file()]


def _nearest() -> Path | None:
    folder = Path.cwd()
    return next((f / CONFIG_FILE for f in (folder, *folder.parents) if (f / CONFIG_FILE).is_file()), None)


def untrusted(file: Path) -> str:
    """Why a kitgen.yaml found above the working folder is not read ("": it is read). POSIX only:
    elsewhere a file's owner is not a number to compare."""
    if os.name != "posix":
        return ""
    me = os.getuid()
    try:
        for path in (file, file.parent):
            info = os.lstat(path)  # a link is judged as the link: who made it, not what it names
            if info.st_uid not in (me, 0):
                return f"{path} belongs to another user (uid {info.st_uid})"
            mode = os.stat(path).st_mode
            sticky = stat.S_ISDIR(mode) and mode & stat.S_ISVTX  # /tmp: no one replaces another's file
            if mode & stat.S_IWOTH and not sticky:
                return f"{path} is writable by every user"
    except OSError as exc:
        return f"cannot check who owns it ({exc.strerror})"
    return ""


def config_warnings() -> list[Problem]:
    """The kitgen.yaml found above the working folder and skipped (see untrusted), said once."""
    nearest = _nearest()
    why = untrusted(nearest) if nearest else ""
    if not nearest or not why:
        return []
    return [warning(Where(display_path(nearest)), f"not read: {why}; kitgen reads a kitgen.yaml found above the "
                    "working folder only when it is yours and not everyone may change it (give it with --config "
                    "to use it anyway)")]


def config_layers(path: Path | None) -> list[PrintSettings]:
    """The print settings of each config file that applies, the winning one first: each keeps
    its file and line, so a bad value is reported where it was written."""
    return [layer for file in reversed(config_files(path)) for layer in _by_setting(file)]


def load_config(path: Path | None) -> PrintSettings:
    """The user's print settings from every config file that applies, later files winning."""
    merged: dict = {}
    for settings in reversed(config_layers(path)):  # one setting a layer
        merged |= {f.name: getattr(settings, f.name) for f in dataclasses.fields(PrintSettings)
                   if f.name != "where" and getattr(settings, f.name) is not None}
    return PrintSettings(**merged)


def _by_setting(path: Path) -> list[PrintSettings]:
    """A config file's settings one a layer, each at the line of its key (a layer has one `where`)."""
    settings, lines = _read_config(path)
    return [PrintSettings(**{name: getattr(settings, name)}, where=lines.get(name, settings.where))
            for name in (f.name for f in dataclasses.fields(PrintSettings) if f.name != "where")
            if getattr(settings, name) is not None]


def _read_config(path: Path) -> tuple[PrintSettings, dict[str, Where]]:
    shown = display_path(path)
    root = read_nodes(path, shown)
    if root is None:
        return PrintSettings(), {}
    if not isinstance(root, yaml.MappingNode) or [k.value for k, _ in root.value] != ["print"]:
        raise KitgenError(error(Where(shown, 1), "a kitgen config file holds one key, print: (the print settings)"))
    converter = Converter(shown)
    settings = converter.convert(root.value[0][1], PrintSettings, "print")
    if converter.problems:
        raise KitgenError(converter.problems)
    block = root.value[0][1]
    keys = block.value if isinstance(block, yaml.MappingNode) else []
    lines = {str(key.value): Where(shown, key.start_mark.line + 1, key.start_mark.column + 1) for key, _ in keys}
    return settings, lines
