"""kitgen's document templates compiled ahead: the Python that Jinja writes for each shipped
`templates/*.md.j2`, shipped beside them in `templates/compiled/`. A cold build would spend ~50 ms
of CPU compiling the four (lexing, parsing, writing Python, compiling that), for each process.

A module is used only when all of these hold, else the template is compiled as before:
- it was written by the Jinja installed now: its folder is named for that version
  (`compiled/jinja2-3.1.6/`), as another Jinja writes other code;
- it was written from exactly this text: its file is named for the template and the sha256 of
  the text it was written from, so a template edited (or a game's own template of the same name)
  never finds a module that does not say what it says;
- the environment is the documents' (layout/expressions: the sandbox with its budget, the markup
  escape); the module holds the code Jinja writes for that environment, so the sandbox is kept:
  every attribute, call and operator still goes through it.
The modules are kitgen's own code, read from kitgen's folder only (never from a game, a template
folder given by the user, or a cache: a cache folder never holds code). Python keeps their
bytecode in `__pycache__` as it does for every module of kitgen.

After editing a shipped document template, write them again:  python -m kitgen.layout.precompiled
(tests/unit/test_precompiled.py fails until that is done).
"""
from __future__ import annotations

import importlib.machinery
import re
from pathlib import Path
from types import CodeType

import jinja2

from kitgen.load.templates import source_digest
from kitgen.project import shipped_folder

DOCUMENT_TEMPLATES = ("rules.md.j2", "reference.md.j2", "player-sheet.md.j2", "manifest.md.j2")


def compiled_folder() -> Path:
    """The modules the Jinja installed now would write."""
    return shipped_folder("templates") / "compiled" / f"jinja2-{jinja2.__version__}"


def module_name(name: str, source: str) -> str:
    return f"{name}.{source_digest(source)[:16]}.py"


def shipped_code(name: str, source: str) -> CodeType | None:
    """The code compiled ahead for the template `name` with this very text, or None."""
    path = compiled_folder() / module_name(name, source)
    if not path.is_file():
        return None
    loader = importlib.machinery.SourceFileLoader("kitgen_template_" + re.sub(r"\W", "_", path.stem), str(path))
    return loader.get_code(loader.name)


def write_compiled(environment: jinja2.Environment, templates: Path, folder: Path) -> None:
    """Write into `folder` the module of each document template in `templates`, for `environment`
    (the documents' own), in place of every module written there before."""
    for old in folder.parent.glob("jinja2-*/*.py"):
        old.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    for name in DOCUMENT_TEMPLATES:
        source = (templates / name).read_text(encoding="utf-8")
        code = environment.compile(source, name, raw=True)
        (folder / module_name(name, source)).write_text(code + "\n", encoding="utf-8")


if __name__ == "__main__":
    from kitgen.layout.expressions import make_environment

    TEMPLATES = shipped_folder("templates")
    write_compiled(make_environment([TEMPLATES], markup=True), TEMPLATES, compiled_folder())
    print(f"wrote {compiled_folder()}")
