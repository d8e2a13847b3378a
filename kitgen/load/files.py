"""The one containment rule for every file a game makes kitgen read.

A game folder is untrusted (a zip, a repository, a forum download): a template, a card template,
a deck, a font, an icon file or a picture it holds may be a symbolic link out of it, a `..` path,
a named pipe that blocks forever or a device that never ends. `contained()` decides, for every
reader: the path must resolve (links followed, `..` resolved) inside the game folder or inside one
of the trusted roots (kitgen's own shipped files, a folder the user named on the command line),
and be a regular file of a sane size. Anything else is one clear line.
"""
from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterable
from pathlib import Path

from kitgen.errors import KitgenError, Where, error

MAX_FILE_BYTES = 64 << 20  # the largest thing a game reads is a picture or a font: a few MiB


def display_path(path: Path) -> str:
    """A path as messages show it: relative to the working folder when inside it."""
    try:
        return os.path.relpath(path) if not os.path.relpath(path).startswith("..") else str(path)
    except ValueError:  # another drive on Windows
        return str(path)


def outside(path: Path, root: Path, shipped: Iterable[Path] = ()) -> str | None:
    """Why `path` may not be read (it resolves outside every root), or None when it may."""
    resolved = Path(os.path.realpath(path))
    roots = [root, *shipped]
    if any(resolved.is_relative_to(os.path.realpath(r)) for r in roots if r is not None):
        return None
    how = "links outside" if _links(path, root) else "is outside"
    return f"{how} the game folder (to {resolved}); kitgen reads only files inside the game folder"


def contained(path: Path, root: Path, *, shipped: Iterable[Path] = (), shown: str | None = None,
              where: Where | None = None, limit: int = MAX_FILE_BYTES) -> Path:
    """`path`, resolved, when it is a regular file of at most `limit` bytes inside `root` or one of
    the `shipped` roots; otherwise KitgenError with one line at `where` (default: the file)."""
    where = where or Where(shown or display_path(path))
    refused = outside(path, root, shipped)
    if refused:
        raise KitgenError(error(where, refused))
    resolved = Path(os.path.realpath(path))
    try:
        info = resolved.stat()
    except FileNotFoundError:
        raise KitgenError(error(where, "file not found")) from None
    except OSError as exc:
        raise KitgenError(error(where, f"cannot read file: {exc.strerror}")) from None
    if not stat.S_ISREG(info.st_mode):  # a named pipe would block, /dev/zero never ends
        raise KitgenError(error(where, "not a regular file"))
    if info.st_size > limit:
        raise KitgenError(error(where, f"file is {info.st_size:,} bytes; the limit is {limit:,}"))
    return resolved


def _links(path: Path, root: Path) -> bool:
    """Whether a link on the way from `root` to `path` (or `path` itself) takes it elsewhere."""
    try:
        parts = Path(path).relative_to(root).parts
    except ValueError:
        return Path(path).is_symlink()
    current = Path(root)
    for part in parts:
        current = current / part
        if current.is_symlink():
            return True
    return False


def replace_file(target: Path, data: bytes) -> None:
    """Write `data` beside `target`, then rename it over `target`: a link there is replaced, never
    written through (a link planted in a copied game folder would lead the write outside it), and no
    reader ever sees half a file (a Ctrl-C mid-write leaves the last whole one)."""
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # as any new file: the umask decides
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
