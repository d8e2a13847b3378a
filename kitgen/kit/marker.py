"""The marker file in every folder kitgen writes a kit or an export into, and what it says: which of
the folder's files kitgen made. Stdlib only.

A rebuild replaces and deletes only those (kit/staging.py), and a watch takes only those for
kitgen's own writes (desk/watch.py): the user's notes, other kits, a game's data are never either.
A folder from elsewhere (a zip, a forum) may hold a marker too, so what it claims is believed only
as far as it is harmless: a listed file whose content changed since (a save, notes written into
it) is the user's again, and the game folder itself is never a kit (staging.check_output).

    kitgen kit of tiny                 <- the first line (all a marker said before it listed files)
    9f86d08...15b0f00a08  cards-main.pdf    <- sha256 and name, as sha256sum writes them: one line a file

The hashes, not the files' times, so that the same build writes the same marker (kits are
byte-identical) and a copied kit is still known as kitgen's.
"""
from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

MARKER = ".kitgen-kit"  # in every kit folder kitgen made (and its staging and swap folders)
MAX_MARKER_BYTES = 1 << 20  # a kit of 10,000 card images lists ~800 KB; past this it is not ours
OLD_KIT_FILES = (".pdf",)  # what a watch believes a marker of before the listing about (and build-manifest.json)


def write_marker(folder: Path, game_id: str) -> None:
    """The marker of a finished kit in `folder`: its first line, then each regular file made."""
    lines = [f"kitgen kit of {game_id}"]
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.name != MARKER and entry.is_file(follow_symlinks=False):
            lines.append(f"{_sha256(Path(entry.path))}  {entry.name}")
    (folder / MARKER).write_text("\n".join(lines) + "\n", encoding="utf-8")


def listed(folder: Path) -> dict[str, str] | None:
    """The files `folder`'s marker lists (name -> sha256), {} for a marker of before the listing,
    None when there is no marker (or it is not a plain small file: not one kitgen wrote)."""
    path = folder / MARKER
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_MARKER_BYTES:
            return None
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    files: dict[str, str] = {}
    for line in text.splitlines()[1:]:
        digest, _, name = line.partition("  ")
        if len(digest) == 64 and all(c in "0123456789abcdef" for c in digest) and name and "/" not in name \
                and name not in (".", ".."):
            files[name] = digest
    return files


def kitgen_files(folder: Path, names: set[str]) -> set[str]:
    """The entries of `folder` kitgen made and nobody changed since, by name: those its marker
    lists with their content as it was (a marker of before the listing: the files named as those
    of the kit about to replace them, `names`). A name listed but now a folder, a link or another
    content is not one: a rebuild neither replaces nor deletes it."""
    files = listed(folder)
    if files is None:
        return set()
    if not files:
        return {name for name in names if _plain_file(folder / name)} | {MARKER}
    return {name for name, digest in files.items() if _plain_file(folder / name)
            and _sha256(folder / name) == digest} | {MARKER}


def made_by_kitgen(path: Path) -> bool:
    """Whether `path` is a file of a kit folder as kitgen left it (listed there, with the same
    content: not saved since), or gone from one: a watch takes its change for a build's."""
    files = listed(path.parent)
    if files is None:
        return False
    if not files:
        return _old_kit_file(path.name)
    if path.name not in files:
        return False
    if not os.path.lexists(path):
        return True  # a kit file removed (by the next build's swap)
    return _plain_file(path) and _sha256(path) == files[path.name]


def _old_kit_file(name: str) -> bool:
    return name.endswith(OLD_KIT_FILES) or name == "build-manifest.json"


def _plain_file(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _sha256(path: Path) -> str:
    try:
        with open(path, "rb") as file:
            return hashlib.file_digest(file, "sha256").hexdigest()
    except OSError:
        return ""
