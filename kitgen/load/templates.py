"""Load card templates (YAML manifests of boxes) from the template search path, game first."""
from __future__ import annotations

from pathlib import Path

from kitgen.errors import KitgenError, Where, error
from kitgen.load.files import contained, display_path
from kitgen.load.nodes import read_nodes
from kitgen.load.schema import Converter
from kitgen.model import CardTemplate


def find_template(name: str, dirs: list[Path], roots: tuple[Path, ...] | None = None) -> Path:
    """The first `name` on the search path, contained in `roots` (default: each folder of `dirs`)."""
    for folder in dirs:
        path = folder / name
        if path.exists() or path.is_symlink():  # a pipe or a link out is refused, not skipped
            trusted = roots or (folder,)
            contained(path, trusted[0], shipped=trusted[1:])
            return path
    searched = ", ".join(display_path(d) for d in dirs)
    raise KitgenError(error(Where(name), f"template not found (searched {searched})"))


def load_card_template(name: str, dirs: list[Path], roots: tuple[Path, ...] | None = None) -> CardTemplate:
    path = find_template(name, dirs, roots)
    shown = display_path(path)
    root = read_nodes(path.resolve(), shown)
    if root is None:
        raise KitgenError(error(Where(shown), "template is empty"))
    converter = Converter(shown)
    template = converter.record(root, CardTemplate, "")
    if converter.problems:
        raise KitgenError(converter.problems)
    return template
