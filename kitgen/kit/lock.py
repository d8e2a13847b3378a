"""One build at a time into a kit folder: an OS lock (fcntl on POSIX, msvcrt on Windows) on a
file beside the kit. Stdlib only.

A second build into the same folder is refused at once with one line, rather than waiting for a
build that may take minutes with no word said, or touching a staging folder the first is writing.
A short step two processes may reach together (saving a kit's build cache) waits its turn instead
(`waiting_lock`).
"""
from __future__ import annotations

import errno
import os
import sys
from contextlib import contextmanager
from pathlib import Path

from kitgen.errors import KitgenError, Where, error

LOCK_SUFFIX = ".kitgen-lock"


@contextmanager
def kit_lock(out_dir: Path, shown: Path | None = None):
    """Hold the OS lock of out_dir (a file `.NAME.kitgen-lock` beside it) for the block; if another
    build holds it, refuse at once with one line: never touch a kit someone else is writing.
    The lock file stays (removing it would let a third build lock a different file)."""
    path = out_dir.parent / f".{out_dir.name}{LOCK_SUFFIX}"
    try:
        handle = open(path, "a+b")
    except OSError as exc:  # the first file a build makes beside the kit: the folder cannot take one
        raise KitgenError(error(Where(str(out_dir.parent)), f"output folder is not writable ({exc.strerror}); "
                                "build into another folder (-o)")) from None
    with handle:
        if not _try_lock(handle):
            raise KitgenError(error(Where(str(shown or out_dir)), "another kitgen build is writing into this kit "
                                    "folder now; wait for it to finish, or build into another folder (-o)"))
        try:
            yield
        finally:
            _unlock(handle)


@contextmanager
def waiting_lock(path: Path):
    """Hold the OS lock of the file `path` for the block, waiting while another process holds it:
    for a step of a second or so. The file is never followed through a link; OSError when it
    cannot be made."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    with os.fdopen(os.open(path, flags, 0o600), "r+b") as handle:
        _try_lock(handle, wait=True)
        try:
            yield
        finally:
            _unlock(handle)


def _try_lock(handle, wait: bool = False) -> bool:
    """Take the lock; False if another holds it (`wait`: wait for it instead; msvcrt gives up
    after 10 s with an OSError)."""
    try:
        if sys.platform == "win32":  # (os.name "nt"; the form mypy reads as a platform check)
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except (BlockingIOError, PermissionError):
        return False
    except OSError as exc:  # msvcrt says "held" as EACCES/EDEADLOCK; a file system without locks says ENOLCK
        if exc.errno in (errno.EACCES, errno.EAGAIN, getattr(errno, "EDEADLOCK", -1)):
            return False
        if exc.errno == errno.ENOLCK:
            return True  # no locks here (some network file systems): build as before
        raise
    return True


def _unlock(handle) -> None:
    if sys.platform == "win32":
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
