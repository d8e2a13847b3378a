"""`kitgen new NAME`: a small game folder that validates and builds at once, to edit from.

The folder is made beside its final place and renamed into it when complete: a failed copy leaves
nothing. A copied game is untrusted like any other: only its regular files and folders are copied,
each through the one containment rule (load/files.contained), so a link out of it, a named pipe
or a device is refused, never followed."""
from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from functools import partial
from contextlib import contextmanager
from pathlib import Path

from kitgen.errors import KitgenError, Where, did_you_mean, error
from kitgen.load.files import contained, display_path
from kitgen.layout.expressions import make_environment, render_template

STARTERS = "starters"  # templates/starters/KIND/: a starter is a game folder of data, copied (its YAML through Jinja)
DEFAULT_STARTER = "civ"
MAX_STARTER_FILES = 100  # a starter is a handful of files; a folder with more is not one of kitgen's


MAX_NAME = 100  # characters: the name becomes the game id (load/game.py MAX_ID)
MAX_COPY_BYTES = 1 << 30  # a game with its art is some MiB; a GiB to copy is not a game folder
MAX_COPY_FILES = 10_000
SKIPPED = ("__pycache__", "__init__.py", ".git")  # shipped-package and repository files, not the game's
WINDOWS_RESERVED = re.compile(r"(con|prn|aux|nul|com[0-9]|lpt[0-9])", re.IGNORECASE)  # no folder can have these names there


def _target(name: str, parent: Path) -> Path:
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name) or len(name) > MAX_NAME or WINDOWS_RESERVED.fullmatch(name):
        raise KitgenError(error(Where(name[:MAX_NAME]), f"a game name is lower-case letters, digits and dashes, at most "
                                f"{MAX_NAME}, and not a name Windows reserves (con, nul ...), e.g. my-game"))
    folder = parent / name
    if folder.exists() or folder.is_symlink():
        raise KitgenError(error(Where(str(folder)), "already exists; choose another name"))
    return folder


@contextmanager
def _made(folder: Path) -> Iterator[Path]:
    """A scratch folder beside `folder`, renamed to it when the block succeeds, removed if not."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{folder.name}.new-", dir=folder.parent))
    try:
        os.chmod(scratch, 0o777 & ~_umask())  # mkdtemp makes it private; a game folder is an ordinary one
        yield scratch
        if folder.exists() or folder.is_symlink():  # made meanwhile: never replaced
            raise KitgenError(error(Where(str(folder)), "already exists; choose another name"))
        os.rename(scratch, folder)
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _not_inside(folder: Path, source: Path) -> None:
    """A copy into the folder it copies would copy itself, again and again."""
    if Path(os.path.realpath(folder.parent)).is_relative_to(os.path.realpath(source)):
        raise KitgenError(error(Where(str(folder)), f"is inside {display_path(source)}: a game cannot be copied "
                                                    "into itself; choose another folder (--in)"))


def _copy_tree(source: Path, into: Path) -> None:
    """The regular files and folders of `source`, each contained in it (load/files.contained)."""
    total, files = 0, 0
    for folder, subfolders, names in os.walk(source):  # links to folders are listed, never walked
        here = Path(folder)
        target = into / here.relative_to(source)
        subfolders[:] = sorted(s for s in subfolders if s not in SKIPPED and not _linked_folder(here / s))
        for sub in subfolders:
            (target / sub).mkdir()
        for name in sorted(names + [s for s in os.listdir(here) if _linked_folder(here / s)]):
            if name in SKIPPED or name.endswith(".pyc"):
                continue
            path = contained(here / name, source, where=Where(display_path(here / name)))
            total, files = total + path.stat().st_size, files + 1
            if total > MAX_COPY_BYTES or files > MAX_COPY_FILES:
                raise KitgenError(error(Where(display_path(source)), f"holds more than {MAX_COPY_FILES:,} files or "
                                        f"{MAX_COPY_BYTES >> 20:,} MiB: not a game folder to copy"))
            shutil.copyfile(path, target / name)


def _linked_folder(path: Path) -> bool:
    return path.is_symlink() and path.is_dir()


def copy_game(source: Path, name: str, parent: Path, schemas: Path) -> Path:
    """`kitgen new NAME --from GAME`: a copy of a game (e.g. a read-only shipped one) to edit.
    The copy takes the new name as its id, and its editor modelines point at kitgen's schemas."""
    final = _target(name, parent)
    _not_inside(final, source)
    with _made(final) as folder:
        _copy_tree(source, folder)
        _adapt_copy(folder, name, schemas)
    return final


def _adapt_copy(folder: Path, name: str, schemas: Path) -> None:
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
                        partial(_schema_link, folder, path), text, count=1)
        if linked != text:
            path.write_text(linked, encoding="utf-8")


def _copy_schemas(folder: Path, schemas: Path) -> None:
    """The editor's schemas travel with the game (schema/), so a shared or moved folder keeps them:
    a modeline into kitgen's own install would name a path only this machine has."""
    (folder / "schema").mkdir(exist_ok=True)
    for part in ("game", "deck"):
        shutil.copyfile(schemas / f"{part}.schema.json", folder / "schema" / f"{part}.schema.json")


def _schema_link(folder: Path, path: Path, match: re.Match[str]) -> str:
    return f"$schema={_modeline(folder, path, match.group(1))}"


def _modeline(folder: Path, path: Path, part: str) -> str:
    """'schema/game.schema.json' from game.yaml, '../schema/deck.schema.json' from decks/main.yaml."""
    depth = len(path.relative_to(folder).parts) - 1
    return "../" * depth + f"schema/{part}.schema.json"


def starter_kinds(templates: Path) -> list[str]:
    """The starters kitgen ships: each a folder of templates/starters/ (data, never code)."""
    folder = templates / STARTERS
    return sorted(p.name for p in folder.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))


def new_game(name: str, parent: Path, templates: Path, schemas: Path, kind: str = DEFAULT_STARTER) -> Path:
    kinds = starter_kinds(templates)
    if kind not in kinds:  # the CLI checks first (a usage line); this guards every other caller
        raise KitgenError(error(Where(kind[:MAX_NAME]), f"unknown starter; the starters are {', '.join(kinds)}"
                                + did_you_mean(kind[:MAX_NAME], kinds)))
    final = _target(name, parent)
    with _made(final) as folder:
        _write_starter(folder, name, templates / STARTERS / kind, schemas)
    return final


def _write_starter(folder: Path, name: str, starter: Path, schemas: Path) -> None:
    """The starter's files, each YAML one rendered with the game's name (its id, title, short name)
    and its editor modeline pointed at the schema/ copied beside it; any other file (a CSV of cards)
    copied as it is."""
    title = name.replace("-", " ").title()
    short = "".join(word[0] for word in name.split("-")).upper()[:4] or "NEW"
    env = make_environment([starter])
    (folder / "art").mkdir()
    (folder / "templates").mkdir()
    _copy_schemas(folder, schemas)
    files = sorted(p for p in starter.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    for source in files[:MAX_STARTER_FILES]:
        relative = source.relative_to(starter)
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.suffix != ".yaml":
            shutil.copyfile(source, target)
            continue
        text = render_template(env, relative.as_posix(), {"name": name, "title": title, "short": short})
        line = _modeline(folder, target, "deck" if relative.parts[0] == "decks" else "game")
        text = text.replace("$schema=https://json-schema.org/draft/2020-12/schema", f"$schema={line}", 1)
        target.write_text(text, encoding="utf-8")
    (folder / "art" / "README.txt").write_text("Put card art here, named by card id: spearmen.png, market.jpg ...\n",
                                               encoding="utf-8")
    (folder / "templates" / "README.txt").write_text(
        "A file here with the name of one of kitgen's templates (card-front.yaml, rules.md.j2 ...) replaces it.\n",
        encoding="utf-8")
