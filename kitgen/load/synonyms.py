"""The synonym table of `kitgen art --suggest`: icons/synonyms.yaml on the template search path
(ours, then a game's own added over it), `word: [icon words or icon names]`."""
from __future__ import annotations

import os
from pathlib import Path

import yaml

from kitgen.errors import KitgenError, error
from kitgen.load.files import contained
from kitgen.load.game import display_path
from kitgen.load.nodes import at, read_nodes

SYNONYMS_FILE = Path("icons") / "synonyms.yaml"


def load_synonyms(dirs: list[Path], roots: tuple[Path, ...]) -> dict[str, list[str]]:
    """Word -> the icon words it stands for; a nearer file's entry replaces a farther one's. Each
    file must resolve inside one of `roots` (the game folder first, then kitgen's own: Project.roots),
    as every file a game makes kitgen read."""
    table: dict[str, list[str]] = {}
    for path in [d / SYNONYMS_FILE for d in reversed(dirs) if os.path.lexists(d / SYNONYMS_FILE)]:
        shown = display_path(path)
        root = read_nodes(contained(path, roots[0], shipped=roots[1:], shown=shown), shown)
        if root is None:
            continue
        if not isinstance(root, yaml.MappingNode):
            raise KitgenError(error(at(shown, root.start_mark),
                                    "synonyms: expected a mapping of word: [words]"))
        for key, value in root.value:
            table[key.value.strip().lower()] = _targets(value, shown)
    return table


def _targets(node: yaml.Node, shown: str) -> list[str]:
    items = node.value if isinstance(node, yaml.SequenceNode) else [node]
    if not all(isinstance(item, yaml.ScalarNode) and item.value.strip() for item in items):
        raise KitgenError(error(at(shown, node.start_mark),
                                "synonyms: a word's value is a word or a list of words"))
    return [item.value.strip().lower() for item in items]
