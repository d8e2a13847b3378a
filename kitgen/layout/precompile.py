"""Write kitgen's templates compiled ahead (what layout/precompiled.py reads), after editing a
shipped document or card template:  python -m kitgen.layout.precompile

A script of its own: it needs the documents' and card faces' environments (layout/expressions),
which read the modules through layout/precompiled: kept apart from that reader, so no import runs in a circle."""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import jinja2

from kitgen.layout.expressions import card_environment, make_environment, parsed_variables
from kitgen.layout.precompiled import CARD_STRING, CARD_STRINGS, DOCUMENT_TEMPLATES, compiled_folder, module_name
from kitgen.load.templates import load_card_template
from kitgen.project import shipped_folder


def card_strings(templates: Path) -> list[str]:
    """The Jinja strings of the card templates in `templates` (each box's when, content, colours)."""
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
    TEMPLATES = shipped_folder("templates")
    write_compiled(make_environment([TEMPLATES], markup=True), TEMPLATES, compiled_folder(), card_environment(),
                   parsed_variables)
    print(f"wrote {compiled_folder()}")
