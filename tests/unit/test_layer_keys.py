"""A shared layer's key (its PDF form's name, and its row in the build cache) hashes repr() of its
shapes, and an icon's repr shows its outline: a shipped icon's Outline by its path data, an
icons.json icon's commands as a tuple. So the key is content, never identity: the same in another
process (another PYTHONHASHSEED) and for another load of the same icon set; another outline,
another key. The two containers give the same drawing different keys (layer names only: the
bytes of a kit change, never what it draws, see load/icons.IconSet.get)."""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

from kitgen.kit.keys import canonical
from kitgen.layout.card import _shared_layer
from kitgen.layout.shapes import Icon
from kitgen.load.icons import load_icons
from kitgen.load.svgpath import Outline
from tests.conftest import ROOT

JSON_ICON, TABLE_ICON = "atom", "meeple"  # templates/icons/icons.json repeats atom; meeple is the table's alone

KEYS = """
from kitgen.kit.keys import canonical
from kitgen.layout.card import _shared_layer
from kitgen.layout.shapes import Icon
from kitgen.load.icons import load_icons
from kitgen.project import Project
icons = load_icons([Project.default().templates])
for name in ("atom", "meeple"):
    width, height, outline, name = icons.get(name)
    icon = Icon(1.0, 2.0, 30.0, 30.0, (width, height), outline, "#123456", name)
    print(type(outline).__name__, _shared_layer((icon,)).key, canonical(icon)[-80:])
"""


def _icon(icons, name: str) -> Icon:
    width, height, outline, name = icons.get(name)
    return Icon(1.0, 2.0, 30.0, 30.0, (width, height), outline, "#123456", name)


def test_layer_key__an_icons_outline_by_content_in_any_load_of_the_set(project):
    first, second = load_icons([project.templates]), load_icons([project.templates])
    for name in (JSON_ICON, TABLE_ICON):
        one, other = _icon(first, name), _icon(second, name)
        assert one.commands is not other.commands  # two loads: two objects, one key
        assert _shared_layer((one,)).key == _shared_layer((other,)).key
        assert canonical(one) == canonical(other) and one == other
    assert isinstance(_icon(first, TABLE_ICON).commands, Outline)
    assert type(_icon(first, JSON_ICON).commands) is tuple


def test_layer_key__another_outline_another_key(project):
    icons = load_icons([project.templates])
    table = _icon(icons, TABLE_ICON)
    moved = Outline(table.commands.data.replace("M", "M1", 1), None)  # the first point moved: another drawing
    assert _shared_layer((table,)).key != _shared_layer((dataclasses.replace(table, commands=moved),)).key
    listed = _icon(icons, JSON_ICON)
    nudged = ((listed.commands[0][0], listed.commands[0][1] + 1, listed.commands[0][2]), *listed.commands[1:])
    assert _shared_layer((listed,)).key != _shared_layer((dataclasses.replace(listed, commands=nudged),)).key


def test_layer_key__the_same_in_another_process_whatever_its_hash_seed():
    """Nothing of hash() or id() (a default repr shows an address) reaches a key."""
    runs = [subprocess.run([sys.executable, "-c", KEYS], cwd=ROOT, capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2")]
    assert runs[0] == runs[1]
    assert [line.split()[0] for line in runs[0].splitlines()] == ["tuple", "Outline"]
