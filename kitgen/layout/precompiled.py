"""kitgen's document templates compiled ahead: the Python that Jinja writes for each shipped
`templates/*.md.j2`, shipped beside them in `templates/compiled/`. A cold build would spend ~50 ms
of CPU compiling the four (lexing, parsing, writing Python, compiling that), for each process.
So are the Jinja strings of the shipped card templates (`templates/card-*.yaml`: a box's `when`,
`content` and colours), each its own module, with `card-strings.json`: each string's very text ->
the names it reads from a face's context (what layout/expressions.variables would parse it for).
A cold build compiled and parsed ~20 of them for ~15 ms.

A module is used only when all of these hold, else the template is compiled as before:
- it was written by the Jinja installed now: its folder is named for that version
  (`compiled/jinja2-3.1.6/`), as another Jinja writes other code;
- it was written from exactly this text: its file is named for the template and the sha256 of
  the text it was written from, so a template edited (or a game's own template of the same name)
  never finds a module that does not say what it says;
- the environment is the documents' (layout/expressions: the sandbox with its budget, the markup
  escape), or for a card string the card faces' (the sandbox with its budget); the module holds
  the code Jinja writes for that environment, so the sandbox is kept: every attribute, call and
  operator still goes through it;
- a card string's module is taken only for a string found, text for text, in card-strings.json.
The modules are kitgen's own code, read from kitgen's folder only (never from a game, a template
folder given by the user, or a cache: a cache folder never holds code). Python keeps their
bytecode in `__pycache__` as it does for every module of kitgen.

After editing a shipped document or card template, write them again:  python -m kitgen.layout.precompile
(tests/unit/test_precompiled.py fails until that is done).
"""
from __future__ import annotations

import importlib.machinery
import json
import re
from functools import cache
from pathlib import Path
from types import CodeType

import jinja2

from kitgen.load.templates import source_digest
from kitgen.project import shipped_folder

DOCUMENT_TEMPLATES = ("rules.md.j2", "reference.md.j2", "player-sheet.md.j2", "designer-notes.md.j2", "manifest.md.j2")
CARD_STRING = "card-string"  # a card string's module: card-string.<digest>.py
CARD_STRINGS = "card-strings.json"  # each card string's text -> the names it reads


def compiled_folder() -> Path:
    """The modules the Jinja installed now would write."""
    return shipped_folder("templates") / "compiled" / f"jinja2-{jinja2.__version__}"


def module_name(name: str, source: str) -> str:
    return f"{name}.{source_digest(source)[:16]}.py"


def shipped_code(name: str, source: str, folder: Path | None = None) -> CodeType | None:
    """The code compiled ahead for the template `name` with this very text, or None."""
    path = (folder or compiled_folder()) / module_name(name, source)
    if not path.is_file():
        return None
    loader = importlib.machinery.SourceFileLoader("kitgen_template_" + re.sub(r"\W", "_", path.stem), str(path))
    return loader.get_code(loader.name)


@cache
def _card_strings() -> tuple[Path, dict[str, list[str]]]:
    """The folder of the Jinja installed now and its card-strings.json (none: no card string is
    taken from a module)."""
    folder = compiled_folder()
    try:
        return folder, json.loads((folder / CARD_STRINGS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return folder, {}


def card_string_names(source: str) -> frozenset[str] | None:
    """The names a shipped card template's string reads from its context, or None for another string."""
    names = _card_strings()[1].get(source)
    return frozenset(names) if names is not None else None


def card_string_code(source: str) -> CodeType | None:
    """The code compiled ahead for a shipped card template's string with this very text, or None."""
    folder, strings = _card_strings()
    return shipped_code(CARD_STRING, source, folder) if source in strings else None
