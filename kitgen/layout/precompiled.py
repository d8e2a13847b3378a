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

After editing a shipped document or card template, write them again:  python -m kitgen.layout.precompiled
(tests/unit/test_precompiled.py fails until that is done).
"""
from __future__ import annotations

import importlib.machinery
import json
import re
from collections.abc import Callable
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


def card_strings(templates: Path) -> list[str]:
    """The Jinja strings of the card templates in `templates` (each box's when, content, colours)."""
    from kitgen.load.templates import load_card_template

    found: set[str] = set()
    for path in sorted(templates.glob("card-*.yaml")):
        for box in load_card_template(path.name, [templates]).boxes:
            found.update(text for text in (box.when, box.content, box.color, box.fill, box.stroke) if "{" in text)
    return sorted(found)


def write_compiled(environment: jinja2.Environment, templates: Path, folder: Path, cards: jinja2.Environment,
                   names: Callable[[str], frozenset[str]]) -> None:
    """Write into `folder` the module of each document template in `templates`, for `environment`
    (the documents' own), and of each card template's string, for `cards` (the card faces'), with
    card-strings.json (`names`: the names a string reads), in place of everything written before."""
    for old in [*folder.parent.glob("jinja2-*/*.py"), *folder.parent.glob(f"jinja2-*/{CARD_STRINGS}")]:
        old.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    for name in DOCUMENT_TEMPLATES:
        source = (templates / name).read_text(encoding="utf-8")
        code = environment.compile(source, name, raw=True)
        (folder / module_name(name, source)).write_text(code + "\n", encoding="utf-8")
    strings = card_strings(templates)
    for source in strings:
        (folder / module_name(CARD_STRING, source)).write_text(cards.compile(source, raw=True) + "\n", encoding="utf-8")
    listed = {source: sorted(names(source)) for source in strings}
    (folder / CARD_STRINGS).write_text(json.dumps(listed, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    from kitgen.layout.expressions import card_environment, make_environment, parsed_variables

    TEMPLATES = shipped_folder("templates")
    write_compiled(make_environment([TEMPLATES], markup=True), TEMPLATES, compiled_folder(), card_environment(),
                   parsed_variables)
    print(f"wrote {compiled_folder()}")
