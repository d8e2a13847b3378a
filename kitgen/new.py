"""`kitgen new NAME`: a small game folder that validates and builds at once, to edit from."""
from __future__ import annotations

import re
from pathlib import Path

from kitgen.errors import KitgenError, Where, error
from kitgen.layout.expressions import make_environment, render_template

SKELETON = {"game.yaml": "game.yaml", "rules.yaml": "rules.yaml", "decks/main.yaml": "main.yaml"}
SCHEMAS = {"game.yaml": "game", "rules.yaml": "game", "decks/main.yaml": "deck"}


def new_game(name: str, parent: Path, templates: Path, schemas: Path) -> Path:
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
        raise KitgenError(error(Where(name), "a game name is lower-case letters, digits and dashes, e.g. my-game"))
    folder = parent / name
    if folder.exists():
        raise KitgenError(error(Where(str(folder)), "already exists; choose another name"))
    title = name.replace("-", " ").title()
    short = "".join(word[0] for word in name.split("-")).upper()[:4] or "NEW"
    env = make_environment([templates / "new-game"])
    (folder / "decks").mkdir(parents=True)
    (folder / "art").mkdir()
    (folder / "templates").mkdir()
    for target, source in SKELETON.items():
        text = render_template(env, source, {"name": name, "title": title, "short": short})
        schema = (schemas / f"{SCHEMAS[target]}.schema.json").resolve()
        text = text.replace("$schema=https://json-schema.org/draft/2020-12/schema", f"$schema={schema.as_uri()}", 1)
        (folder / target).write_text(text, encoding="utf-8")
    (folder / "art" / "README.txt").write_text("Put card art here, named by card id: spearmen.png, market.jpg ...\n",
                                               encoding="utf-8")
    (folder / "templates" / "README.txt").write_text(
        "A file here with the name of one of kitgen's templates (card-front.yaml, rules.md.j2 ...) replaces it.\n",
        encoding="utf-8")
    return folder
