"""Which code made a report: kitgen's version, the git commit when kitgen runs from a checkout, and
always a SHA-256 of kitgen's own Python files (the exact code: a version is the same at every
commit, and a commit does not say what was edited since). Stdlib only.

The commit is read from .git's files, never by running git: git reads its config from the
repository, and a config can name programs git runs (core.fsmonitor, a pager). The repository is
untrusted input, so only kitgen's own folder's `.git` is looked at (never a parent's: kitgen
installed in a project's virtualenv is not that project's commit), each file read is a regular
file of bounded size opened without following a link, and every name read from one (a ref, a
gitdir) is checked before it is used. Anything unexpected gives no commit, never an error.
"""
from __future__ import annotations

import functools
import hashlib
import os
import re
import stat
import sys
from pathlib import Path

from kitgen import __version__

PACKAGE = Path(__file__).resolve().parents[2]  # the kitgen package folder
SMALL = 4096  # bytes: HEAD, a loose ref, a .git file, commondir (each one line)
PACKED_MOST = 16 * 2**20  # bytes of packed-refs read at most (a big repository's is a few MB)
COMMIT = re.compile(r"[0-9a-f]{40}([0-9a-f]{24})?")  # SHA-1 or SHA-256 object names
REF = re.compile(r"refs/(?:[A-Za-z0-9_+-][A-Za-z0-9_.+-]*/)*[A-Za-z0-9_+-][A-Za-z0-9_.+-]*")


def code_identity() -> dict:
    """{"kitgen", "commit" (or None), "code_sha256", "python"}: what replaying a report must match."""
    return {"kitgen": __version__, "commit": git_commit(PACKAGE.parent), "code_sha256": code_hash(),
            "python": python_version()}


def code_words(code: dict) -> str:
    """The code a report names, as the text and the PDF print it: 'kitgen 0.1.0, commit 87cbaf1522d7,
    code sha256 a654ea5a1bfe, cpython 3.11' (each part cut short: a report is untrusted when read back)."""
    words = [f"kitgen {str(code.get('kitgen'))[:40]}"]
    if code.get("commit"):
        words.append(f"commit {str(code['commit'])[:12]}")
    return ", ".join([*words, f"code sha256 {str(code.get('code_sha256'))[:12]}", str(code.get("python"))[:40]])


def python_version() -> str:
    """The interpreter, to its minor version: random's algorithms are the interpreter's."""
    return f"{sys.implementation.name} {sys.version_info.major}.{sys.version_info.minor}"


@functools.cache
def code_hash() -> str:
    """SHA-256 of kitgen's Python files (path and bytes, in path order): the same from a checkout
    and from an installed wheel of the same code."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def git_commit(root: Path) -> str | None:
    """The commit HEAD names in `root`/.git (a folder, or a worktree's `gitdir:` file), or None."""
    git = root / ".git"
    if git.is_file() and not git.is_symlink():
        line = read_small(git)
        if line is None or not line.startswith("gitdir: "):
            return None
        git = (root / line[len("gitdir: "):]).resolve()
    if not git.is_dir():
        return None
    common = git
    if (git / "commondir").exists():  # a worktree: its branches live in the main repository's folder
        line = read_small(git / "commondir")
        common = (git / line).resolve() if line else git
    head = read_small(git / "HEAD")
    if head is None:
        return None
    if COMMIT.fullmatch(head):  # a detached HEAD names its commit
        return head
    if not head.startswith("ref: ") or not REF.fullmatch(head[5:]) or ".." in head or ".lock" in head:
        return None
    return loose_ref(git, common, head[5:]) or packed_ref(common, head[5:])


def loose_ref(git: Path, common: Path, ref: str) -> str | None:
    for folder in dict.fromkeys((git, common)):
        found = read_small(folder / ref)
        if found is not None:
            return found if COMMIT.fullmatch(found) else None
    return None


def packed_ref(common: Path, ref: str) -> str | None:
    text = read_regular(common / "packed-refs", PACKED_MOST)
    for line in (text or "").splitlines():  # "<commit> <ref>" lines, '#' and '^' lines between
        found, _, name = line.partition(" ")
        if name == ref:
            return found if COMMIT.fullmatch(found) else None
    return None


def read_small(path: Path) -> str | None:
    """A one-line file's line, stripped; None when it is not a small regular file."""
    text = read_regular(path, SMALL)
    return text.strip() if text is not None and text.count("\n") <= 1 else None


def read_regular(path: Path, most: int) -> str | None:
    """The text of a regular file of at most `most` bytes, opened without following a link and
    without blocking (a named pipe would otherwise wait for a writer); else None."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags)
    except (OSError, ValueError):
        return None
    with os.fdopen(descriptor, "rb") as file:
        try:
            facts = os.fstat(descriptor)
            if not stat.S_ISREG(facts.st_mode) or facts.st_size > most:
                return None
            data = file.read(most + 1)
        except OSError:
            return None
    try:
        return data.decode("ascii") if len(data) <= most else None
    except UnicodeDecodeError:
        return None
