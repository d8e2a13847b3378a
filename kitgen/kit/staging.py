"""The kit's atomic swap: a build writes into a temporary folder beside the kit, which replaces
the old kit only when the whole build succeeded. A failed or interrupted build removes its
temporary folder and leaves the previous kit as it was. One build at a time writes into a kit
folder (kit/lock.py), so no build takes another's staging folder for a leftover. Only files kitgen
made (its marker lists them: kit/marker.py) are ever replaced or deleted. Draws nothing.
"""
from __future__ import annotations

import errno
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from kitgen.errors import KitgenError, Where, error
from kitgen.kit.interrupt import deferring_interrupts, note_kit_replaced, stop_if_interrupted
from kitgen.kit.lock import kit_lock
from kitgen.kit.marker import MARKER, kitgen_files, write_marker
from kitgen.model import Game


GAME_FOLDERS = ("decks", "templates", "art", "fonts")  # where a game keeps the files kitgen reads


def check_output(out_dir: Path, game_folder: Path | None = None) -> None:
    """-o, refused in one line before anything is built: a loop of links (it leads to no folder),
    or the game folder itself or one of its own folders (the kit would be mixed with the game's
    files: a rebuild there is one stale marker away from taking them for an old kit's)."""
    try:
        os.path.realpath(out_dir, strict=True)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise KitgenError(error(Where(str(out_dir)), "a loop of symbolic links: it leads to no folder; give -o "
                                                         "a folder, or a link to one")) from None
    if game_folder is None:
        return
    kit, game = Path(os.path.realpath(out_dir)), Path(os.path.realpath(game_folder))
    if kit == game:
        raise KitgenError(error(Where(str(out_dir)), "-o names the game folder itself: the kit would be mixed with "
                                f"the game's files; build into another folder (e.g. {Path(out_dir) / 'output'})"))
    if kit.parent == game and kit.name in GAME_FOLDERS:  # a watch would take no save there for a change
        raise KitgenError(error(Where(str(out_dir)), f"-o names the game's own {kit.name}/ folder: the kit would be "
                                f"mixed with its files; build into another folder (e.g. {game / 'output'})"))


@contextmanager
def staged(out_dir: Path, game: Game) -> Iterator[Path]:
    """Yield a temporary folder beside out_dir; when the block succeeds it replaces out_dir (or,
    when out_dir holds files kitgen did not make, its own files are moved in one by one beside
    theirs), otherwise it is removed and out_dir stays as it was."""
    shown = out_dir = Path(out_dir)
    if out_dir.is_symlink():  # -o LINK: the kit is the link's target; replacing the link would leave it stale
        out_dir = Path(os.path.realpath(out_dir))
    out_dir = Path(os.path.abspath(out_dir))  # `-o .`: a name and a parent to put the lock and staging beside
    _prepare_parent(out_dir, shown)
    with kit_lock(out_dir, shown):
        _remove_leftovers(out_dir)  # under the lock: no other build is using them
        staging = None
        try:
            staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.building-", dir=out_dir.parent))
            os.chmod(staging, 0o777 & ~_umask())  # mkdtemp makes it private; a kit folder is an ordinary one
            (staging / MARKER).write_text(f"kitgen kit of {game.id}\n", encoding="utf-8")
            yield staging
            stop_if_interrupted()  # a library may have swallowed the Ctrl-C: never swap in what it cut short
            write_marker(staging, game.id)
            new = {path.name for path in staging.iterdir()} - {MARKER}
            ours = kitgen_files(out_dir, new) if out_dir.is_dir() else set()
            theirs = {path.name for path in out_dir.iterdir()} - ours if out_dir.is_dir() else set()
            if in_the_way := sorted(theirs & new):
                raise KitgenError(error(Where(str(shown / in_the_way[0])), "a file kitgen did not make (or changed "
                                        "since it made it) is in the way; move it away, or build into another folder (-o)"))
            with deferring_interrupts():  # the swap is never cut in half; the message says which kit is there
                if theirs:
                    _move_in(staging, out_dir, ours - new)
                else:
                    _swap_in(staging, out_dir)
                note_kit_replaced()
        except OSError as exc:
            if staging is not None:
                shutil.rmtree(staging, ignore_errors=True)
            refusal = _not_written(exc, shown, staging)
            if refusal is None:
                raise
            raise refusal from exc
        except BaseException:
            if staging is not None:
                shutil.rmtree(staging, ignore_errors=True)
            raise


# errno values that mean the kit itself could not be written (rather than a file the game reads)
_WRITE_FAILURES = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EIO}


def _not_written(exc: OSError, shown: Path, staging: Path | None) -> KitgenError | None:
    """A file the build could not write, as one line naming the kit; None for any other OSError
    (a file the game reads): the command line names that file."""
    inside = exc.filename is None or staging is None or str(exc.filename).startswith(str(staging))
    if exc.errno not in _WRITE_FAILURES and not inside:
        return None
    hint = "free some space and build again" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else "build into another folder (-o)"
    return KitgenError(error(Where(str(shown)), f"cannot write the new kit: {exc.strerror or exc}; {hint} "
                                                "(the previous kit is unchanged)"))


def _move_in(staging: Path, out_dir: Path, stale: set[str]) -> None:
    """A folder holding files kitgen did not make is never replaced as a whole: each new file
    replaces its namesake (kitgen's) atomically, kitgen's files the new kit lacks (`stale`) go, the
    user's stay. The marker comes last, listing kitgen's files only."""
    for path in sorted(staging.iterdir()):
        if path.name != MARKER:
            os.replace(path, out_dir / path.name)
    for name in sorted(stale - {MARKER}):
        (out_dir / name).unlink(missing_ok=True)
    os.replace(staging / MARKER, out_dir / MARKER)
    shutil.rmtree(staging, ignore_errors=True)


def _remove_leftovers(out_dir: Path) -> None:
    """A build killed outright (SIGKILL, power cut) leaves its staging folder; the next one tidies up.
    Only folders kitgen names this way, and marked as kitgen's, are removed."""
    for pattern in (f".{out_dir.name}.building-*", f".{out_dir.name}.old-*"):
        for leftover in out_dir.parent.glob(pattern):
            if leftover.is_dir() and (leftover / MARKER).is_file():
                shutil.rmtree(leftover, ignore_errors=True)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _prepare_parent(out_dir: Path, shown: Path) -> None:
    """`shown`: out_dir as the user named it (a link to it), for the messages."""
    if out_dir.exists() and not out_dir.is_dir():
        raise KitgenError(error(Where(str(shown)), "output path is a file, not a folder"))
    try:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise KitgenError(error(Where(str(out_dir.parent)), f"cannot create output folder: {exc.strerror}")) from None
    if not os.access(out_dir.parent, os.W_OK):
        raise KitgenError(error(Where(str(out_dir.parent)), "output folder is not writable"))
    if out_dir.is_dir() and not os.access(out_dir, os.W_OK):  # someone protected it: respect that
        raise KitgenError(error(Where(str(shown)), "kit folder is read-only; make it writable or build "
                                                   "into another folder (-o)"))


def _swap_in(staging: Path, out_dir: Path) -> None:
    """Replace out_dir with staging; the old kit is removed only after the new one is in place."""
    old = None
    if out_dir.exists():
        old = out_dir.with_name(f".{out_dir.name}.old-{os.getpid()}")
        os.replace(out_dir, old)
    try:
        os.replace(staging, out_dir)
    except OSError:
        if old is not None:
            os.replace(old, out_dir)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
