"""The game folder as it was at a git revision, for `--changed-since REV`, read from a repository
the user may not have written: no setting of that repository may run a command.

`git archive` ran the repository's filters (a `filter.X.smudge` or `.process` named in its config
and chosen by its .gitattributes) and so ran any command the repository's author chose. Here git
only names objects (rev-parse, ls-tree) and hands over their stored bytes (cat-file without
--filters): no filter, textconv, hook, pager or fsmonitor is consulted, and the settings below
switch off the rest (a promisor remote's lazy fetch would run `core.sshCommand` or an `ext::`
transport). Each file is written by kitgen itself, after its path was checked.
"""
from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from kitgen.errors import KitgenError, Where, error

MAX_FILES = 10_000  # a game folder holds tens of files; art for 1,000 cards is still far below
MAX_BYTES = 256 << 20  # all of them together: a game is a few MiB, its art some tens
SECONDS = 60
# Command-line settings win over every config file, the repository's and its include.path's.
# (`-c` cannot reach a filter driver by a name we do not know: cat-file runs none.)
_SAFE_SETTINGS = ("core.fsmonitor=false", "core.hooksPath=/dev/null", "core.pager=cat", "core.untrackedCache=false",
                  "protocol.allow=never", "credential.helper=", "core.askPass=", "diff.external=",
                  "core.alternateRefsCommand=", "fetch.recurseSubmodules=false")
_SAFE_ENV = {"GIT_ALLOW_PROTOCOL": "kitgen-none",  # no transport at all, whatever protocol.X.allow the repo says
             "GIT_NO_LAZY_FETCH": "1",  # git >= 2.44: a partial clone never fetches a missing object
             "GIT_TERMINAL_PROMPT": "0", "GIT_NO_REPLACE_OBJECTS": "1", "GIT_OPTIONAL_LOCKS": "0",
             "GIT_PAGER": "cat", "GIT_EXTERNAL_DIFF": "", "GIT_SSH_COMMAND": "", "GIT_ASKPASS": "", "SSH_ASKPASS": ""}


@dataclass(frozen=True)
class Blob:
    path: str  # relative to the game folder, POSIX
    oid: str
    size: int


def checkout(ref: str, game_folder: Path, scratch: Path) -> Path:
    """Write the game folder's files at `ref` into scratch; return the folder that holds them.
    `ref` is the user's text: refused if it could be read as an option."""
    if not ref or ref.startswith("-") or any(ord(c) < 32 or c == "\x7f" for c in ref):
        raise _refused(ref)
    folder = game_folder.resolve()
    top = Path(_git(folder, ref, "rev-parse", "--show-toplevel").decode().strip()).resolve()
    commit = _git(folder, ref, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}").decode().strip()
    if not folder.is_relative_to(top):  # git answered for another folder (the game inside .git, say)
        raise _refused(ref, "the game folder is not in a git work tree")
    relative = folder.relative_to(top).as_posix() if folder != top else ""
    blobs = _listing(top, ref, commit, relative)
    _write(top, ref, blobs, scratch)
    return scratch


def _listing(top: Path, ref: str, commit: str, relative: str) -> list[Blob]:
    """The regular files under the game folder at `commit`: links and submodules are left out
    (a link could point anywhere), and a path that could leave the folder refuses the revision."""
    spec = ["--", relative + "/"] if relative else []
    out = _git(top, ref, "ls-tree", "-r", "-l", "-z", "--full-tree", commit, *spec)
    blobs, total = [], 0
    for entry in filter(None, out.split(b"\0")):
        info, _, name = entry.partition(b"\t")
        mode, kind, oid, size = info.decode().split()
        path = name.decode("utf-8", "surrogateescape")[len(relative) + 1 if relative else 0:]
        parts = PurePosixPath(path).parts
        if not parts or any(p in ("", ".", "..") or p.lower() == ".git" or "\\" in p for p in parts) or path.startswith("/"):
            raise _refused(ref, f"it holds a path kitgen will not write ({path!r})")
        if kind != "blob" or mode not in ("100644", "100755"):
            continue
        blobs.append(Blob(path, oid, int(size)))
        total += int(size)
        if len(blobs) > MAX_FILES or total > MAX_BYTES:
            raise _refused(ref, f"the game folder holds more than {MAX_FILES:,} files or {MAX_BYTES >> 20} MiB there")
    return blobs


def _write(top: Path, ref: str, blobs: list[Blob], scratch: Path) -> None:
    """Each blob's stored bytes (cat-file --batch: no filter runs), written to its checked path."""
    if not blobs:
        return
    out = _git(top, ref, "cat-file", "--batch", stdin="".join(f"{b.oid}\n" for b in blobs).encode())
    at = 0
    for blob in blobs:
        header_end = out.index(b"\n", at)
        oid, kind, size = out[at:header_end].decode().split()
        if oid != blob.oid or kind != "blob" or int(size) != blob.size:
            raise _refused(ref, "git gave an object other than the one listed")
        start = header_end + 1
        target = scratch.joinpath(*PurePosixPath(blob.path).parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(out[start:start + blob.size])
        at = start + blob.size + 1  # the content ends with a newline of cat-file's own


def _git(folder: Path, ref: str, *args: str, stdin: bytes | None = None) -> bytes:
    settings = [part for setting in _SAFE_SETTINGS for part in ("-c", setting)]
    try:
        done = subprocess.run(["git", "--no-pager", "--no-replace-objects", *settings, "-C", str(folder), *args],
                              input=stdin, capture_output=True, timeout=SECONDS,
                              env={**os.environ, **_SAFE_ENV}, stdin=None if stdin is not None else subprocess.DEVNULL)
    except FileNotFoundError:
        raise _refused(ref, "git is not installed") from None
    except subprocess.TimeoutExpired:
        raise _refused(ref, f"git took more than {SECONDS} s") from None
    if done.returncode:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        reason = next((line.removeprefix("fatal: ") for line in said if line.startswith("fatal: ")), "")
        raise _refused(ref, f"git: {reason}" if reason else "")
    return done.stdout


def _refused(ref: str, why: str = "") -> KitgenError:
    return KitgenError(error(Where(ref), "--changed-since: not a git revision of this game, nor a previous build's "
                             "folder or build-manifest.json" + (f" ({why})" if why else "")))
