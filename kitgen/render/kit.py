"""Write a whole kit: card sheets and documents into a temporary folder, then swap it in.

A failed or interrupted build removes its temporary folder and leaves the previous kit as it was.
One build at a time writes into a kit folder (kitgen/kit/lock.py), so no build takes another's staging
folder for a leftover.
"""
from __future__ import annotations

import errno
import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

from kitgen.errors import KitgenError, Where, error
from kitgen.kit.interrupt import deferring_interrupts, note_kit_replaced, stop_if_interrupted
from kitgen.kit.lock import MARKER, kit_lock  # MARKER: in a folder kitgen made; a rebuild replaces no other
from kitgen.layout.cards import Page
from kitgen.layout.document import Document
from kitgen.model import Game


@contextmanager
def staged(out_dir: Path, game: Game):
    """Yield a temporary folder beside out_dir; when the block succeeds it replaces out_dir (or,
    when out_dir is a folder of the user's own, its files are moved in one by one beside theirs),
    otherwise it is removed and out_dir stays as it was."""
    shown = out_dir = Path(out_dir)
    if out_dir.is_symlink():  # -o LINK: the kit is the link's target; replacing the link would leave it stale
        out_dir = Path(os.path.realpath(out_dir))
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
            with deferring_interrupts():  # the swap is never cut in half; the message says which kit is there
                if _users_folder(out_dir):
                    _move_in(staging, out_dir)
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


def write_kit(out_dir: Path, game: Game, sheets: dict[str, list[Page]], documents: dict[str, Document],
              instruction: str, duplex: str | None = "DuplexFlipLongEdge",
              reuse: dict[str, Path] | None = None, extras: dict | None = None,
              images: dict | None = None, before_swap=None, progress=None) -> tuple[tuple[Path, ...], list[str]]:
    """Write every file (copying those in `reuse`, made before from the same content);
    return the kit's files and the names drawn anew. `before_swap()` runs once everything is
    written and may still refuse the kit by raising: the previous kit then stays.
    `progress(file, done, total)` hears of each page drawn (documents: 0 then 1 of 1)."""
    out_dir = Path(out_dir)
    reuse = reuse or {}
    rendered = []
    with staged(out_dir, game) as staging:
        accent = game.decks[0].back.color if game.decks else "#333333"  # as build.accent_of
        for name in [*sheets, *documents]:
            if name in reuse:
                shutil.copyfile(reuse[name], staging / name)
                continue
            rendered.append(name)
            if name in sheets:
                _write_sheets(staging / name, sheets[name], f"{game.title}: {name}", duplex, images or {},
                              (lambda done, total, name=name: progress(name, done, total)) if progress else None)
            else:
                from kitgen.render.document import render_document  # platypus: only when a document is drawn

                if progress:
                    progress(name, 0, 1)
                render_document(documents[name], staging / name, game.title, accent, instruction)
                if progress:
                    progress(name, 1, 1)
        for name, text in (extras or {}).items():  # text, or a function that makes it piece by piece
            with open(staging / name, "w", encoding="utf-8", newline="\n") as file:
                file.writelines(text() if callable(text) else [text])
        if before_swap:
            before_swap()
    return tuple(sorted(out_dir / name for name in [*sheets, *documents])), rendered


def _users_folder(out_dir: Path) -> bool:
    """A folder with files kitgen did not make: never replaced as a whole, never emptied."""
    return out_dir.is_dir() and any(out_dir.iterdir()) and not (out_dir / MARKER).is_file()


def _move_in(staging: Path, out_dir: Path) -> None:
    """Each file replaced atomically; the user's other files stay. No marker: it stays their folder."""
    for path in sorted(staging.iterdir()):
        if path.name != MARKER:
            os.replace(path, out_dir / path.name)
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


def write_pages(path: Path, pages: list[Page], title: str, images: dict | None = None, progress=None) -> None:
    """One PDF of `pages` and nothing else (no duplex preference): the single-card PDF that the
    image exports render with pdfium."""
    _write_sheets(path, pages, title, None, images or {}, progress)


def _write_sheets(path: Path, pages: list[Page], title: str, duplex: str | None, images: dict,
                  progress=None) -> None:
    from kitgen.render.sheets import write_sheets  # reportlab's canvas: only when a sheet is drawn (not for a kit all reused)

    write_sheets(path, pages, title, duplex, images, progress)


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
