"""`kitgen new NAME`: a small game folder that validates and builds at once, to edit from."""
from __future__ import annotations

import re
from pathlib import Path

from kitgen.errors import KitgenError, Where, error
import shutil

from kitgen.layout.expressions import make_environment, render_template

SKELETON = {"game.yaml": "game.yaml", "rules.yaml": "rules.yaml", "decks/main.yaml": "main.yaml"}
SCHEMAS = {"game.yaml": "game", "rules.yaml": "game", "decks/main.yaml": "deck"}


def _target(name: str, parent: Path) -> Path:
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
        raise KitgenError(error(Where(name), "a game name is lower-case letters, digits and dashes, e.g. my-game"))
    folder = parent / name
    if folder.exists():
        raise KitgenError(error(Where(str(folder)), "already exists; choose another name"))
    return folder


def copy_game(source: Path, name: str, parent: Path, schemas: Path) -> Path:
    """`kitgen new NAME --from GAME`: a copy of a game (e.g. a read-only shipped one) to edit.
    The copy takes the new name as its id, and its editor modelines point at kitgen's schemas."""
    folder = _target(name, parent)
    shutil.copytree(source, folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "__init__.py"))
    for sub in ("art", "templates"):
        (folder / sub).mkdir(exist_ok=True)
    game_file = folder / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    text = re.sub(r"(?m)^id:[ \t]*\S+[ \t]*$", f"id: {name}", text, count=1)
    game_file.write_text(text, encoding="utf-8")
    _copy_schemas(folder, schemas)
    for path in folder.rglob("*.yaml"):
        text = path.read_text(encoding="utf-8")
        linked = re.sub(r"\$schema=(?:\.\./)+schema/(\w+)\.schema\.json",
                        lambda m, path=path: f"$schema={_modeline(folder, path, m.group(1))}", text, count=1)
        if linked != text:
            path.write_text(linked, encoding="utf-8")
    return folder


def _copy_schemas(folder: Path, schemas: Path) -> None:
    """The editor's schemas travel with the game (schema/), so a shared or moved folder keeps them:
    a modeline into kitgen's own install would name a path only this machine has."""
    (folder / "schema").mkdir(exist_ok=True)
    for part in ("game", "deck"):
        shutil.copyfile(schemas / f"{part}.schema.json", folder / "schema" / f"{part}.schema.json")


def _modeline(folder: Path, path: Path, part: str) -> str:
    """'schema/game.schema.json' from game.yaml, '../schema/deck.schema.json' from decks/main.yaml."""
    depth = len(path.relative_to(folder).parts) - 1
    return "../" * depth + f"schema/{part}.schema.json"


def new_game(name: str, parent: Path, templates: Path, schemas: Path) -> Path:
    folder = _target(name, parent)
    title = name.replace("-", " ").title()
    short = "".join(word[0] for word in name.split("-")).upper()[:4] or "NEW"
    env = make_environment([templates / "new-game"])
    (folder / "decks").mkdir(parents=True)
    (folder / "art").mkdir()
    (folder / "templates").mkdir()
    _copy_schemas(folder, schemas)
    for target, source in SKELETON.items():
        text = render_template(env, source, {"name": name, "title": title, "short": short})
        line = _modeline(folder, folder / target, SCHEMAS[target])
        text = text.replace("$schema=https://json-schema.org/draft/2020-12/schema", f"$schema={line}", 1)
        (folder / target).write_text(text, encoding="utf-8")
    (folder / "art" / "README.txt").write_text("Put card art here, named by card id: spearmen.png, market.jpg ...\n",
                                               encoding="utf-8")
    (folder / "templates" / "README.txt").write_text(
        "A file here with the name of one of kitgen's templates (card-front.yaml, rules.md.j2 ...) replaces it.\n",
        encoding="utf-8")
    return folder
