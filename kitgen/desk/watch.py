"""The one change detector `kitgen watch` and `kitgen serve` share: watchfiles (inotify, FSEvents,
ReadDirectoryChangesW under one API), each burst of saves reported once, after it settles.

The watcher runs in a thread from the moment it is made, so a save during the first build (which
runs after it starts) is not missed. What the builds write themselves (the kit, its lock, staging
and swap folders, the build cache) and editors' scratch files are never a change: a kit written
inside the game folder (`kitgen watch .`) would otherwise start the next build, for ever."""
from __future__ import annotations

import os
import queue
import re
import threading
import time
from collections.abc import Iterable, Iterator, Set
from pathlib import Path

from kitgen.kit.lock import LOCK_SUFFIX
from kitgen.kit.marker import MARKER, made_by_kitgen

# On top of watchfiles' DefaultFilter (which already skips .git, .hg, __pycache__, vim's .swp,
# backups ending in ~, emacs' .#locks, JetBrains' ___jb_ files, .DS_Store): files editors and
# spreadsheets write beside the one being saved. kitgen reads none of these names.
EDITOR_FILES = (
    r"^[0-9]+$",  # vim's "can I write here" probe: 4913 (then 5036, 5159, ... while taken)
    r"^#.*#$",  # emacs' auto-save
    r"\.kate-swp$",  # Kate's swap file
    r"^\.goutputstream-",  # gedit/GLib's write-then-rename
    r"^\.~lock\..*#$",  # LibreOffice's lock while a deck's spreadsheet is open
    r"^~\$",  # Excel's owner file, likewise
)


# What any build writes beside a kit (kitgen/kit/lock.py, kit/staging.py), by name: `kitgen build .` by
# hand, or a watch of another kit, writing into the folder watched. The staging and swap folders
# are gone (renamed, removed) by the time their changes are looked at: a marker would not say.
BUILD_FILES = re.compile(re.escape(LOCK_SUFFIX) + r"$|^\..+\.(building|old)-")


def change_filter(written: Iterable[Path]):
    """watchfiles' filter for a watch over folders in which builds write `written` (kit folders,
    cache folders): each such folder, everything in it, and the `.NAME.*` beside it (a kit's
    `.NAME.kitgen-lock`, its `.NAME.building-*` staging and `.NAME.old-*` swap folders) are ignored,
    as is any kit folder kitgen made (it holds a marker), and editors' scratch files."""
    from watchfiles import DefaultFilter  # only the commands that watch pay for importing it

    folders = [Path(os.path.abspath(f)) for f in written]
    prefixes = [p for f in folders for p in (f"{f}{os.sep}", f"{f.parent}{os.sep}.{f.name}.")]
    base = DefaultFilter(ignore_entity_patterns=(*DefaultFilter.ignore_entity_patterns, *EDITOR_FILES),
                         ignore_paths=prefixes)
    exact = {str(f) for f in folders}
    made = {str(parent) for f in folders for parent in f.parents}  # output/ made for output/GAME: no save

    def keep(change, path: str) -> bool:
        if path in exact or (path in made and os.path.isdir(path)):
            return False
        return base(change, path) and not _in_a_kit(Path(path))

    return keep


def _in_a_kit(path: Path) -> bool:
    """A kit folder kitgen made (it holds a marker), a file of one as kitgen left it (the marker
    lists it: never a save, never the game's own file, kit/marker.py), or a kit's lock, staging
    or swap."""
    return any(BUILD_FILES.search(part) for part in path.parts) or path.name == MARKER \
        or (path / MARKER).is_file() or made_by_kitgen(path)


class Changes:
    """Iterate to get the set of paths changed (absolute), once per burst of saves, until stop().
    `written`: the folders builds write into (see change_filter); their changes are not reported."""

    def __init__(self, folders: list[Path], settle: float = 0.05, written: Iterable[Path] = ()):
        self._stop = threading.Event()
        self._batches: queue.Queue = queue.Queue()
        self._ready = threading.Event()
        self._poll_all = False  # watchfiles refused once: every folder is looked at by listing it
        self._reported = 0  # when the last change was reported (time.time_ns(), as files' times)
        # resolved: watchfiles reports paths as the folder was given (`./x`), and a build names its
        # files by their real folder; both must read the same for the filter to match
        roots = [os.path.realpath(f) for f in folders]
        written = [Path(os.path.realpath(f)) for f in written]
        self._thread = threading.Thread(target=self._run, args=(roots, settle, written), daemon=True)
        self._thread.start()
        self._ready.wait(5)

    def _run(self, roots: list[str], settle: float, written: list[Path]) -> None:
        """Watch each real folder by itself (watchfiles' recursive watch follows links: a game
        holding a link to / watched the whole disk, and died on the first folder it could not
        read); when a folder is made or removed, watch the new set."""
        keep = change_filter(written)
        watched: list[str] = []
        while not self._stop.is_set():
            before, watched = watched, real_folders([r for r in roots if os.path.isdir(r)], written)
            try:
                self._round(roots, watched, keep, settle, [f for f in watched if f not in before] if before else [])
            except (OSError, RuntimeError, UnicodeError):  # watchfiles refused a folder: list them all instead
                self._poll_all = True
        self._batches.put(None)

    def _round(self, roots: list[str], watched: list[str], keep, settle: float, new: list[str]) -> None:
        """Report changes until the set of folders to watch changes. A folder whose name watchfiles
        cannot take (not UTF-8) is listed instead; a root that is gone is waited for in the nearest
        folder above it (a game folder removed and unpacked again). A folder `new` since the last
        round is looked at once its watch is in place: what was saved into it meanwhile is a change."""
        waiting = {_nearest_folder(root): root for root in roots if not os.path.isdir(root)}
        listed = _Listing([f for f in [*watched, *waiting] if self._poll_all or not _utf8(f)], keep)
        plain = [f for f in [*watched, *waiting] if f not in listed.folders]
        known = set(watched)
        noise = {folder for folder in waiting if folder not in known}  # all but the way to the root

        def relevant(path: str) -> bool:
            return os.path.dirname(path) not in noise or any(_on_the_way(path, root) for root in waiting.values())

        for batch in _watch(plain, keep, settle, self._stop):
            self._ready.set()  # the first timeout: the watcher is in place
            batch = {(change, path) for change, path in batch if relevant(path)}
            changed = {path for path in _lasting(batch) | listed.changed() | _saved_since(new, self._reported, keep)
                       if relevant(path)}
            new = []
            if changed:
                self._reported = time.time_ns()
                self._batches.put(changed)
            if any(os.path.isdir(path) != (path in known) for path in {path for _, path in batch} | changed):
                return  # a folder made (or one watched removed): watch the new set

    def __iter__(self) -> Iterator[set[str]]:
        while True:
            batch = self._batches.get()
            if batch is None:
                return
            yield batch

    def stop(self) -> None:
        self._stop.set()


def _watch(folders: list[str], keep, settle: float, stop: threading.Event) -> Iterator[set]:
    """watchfiles' batches (an empty one every 0.1 s), or only the empty ones when nothing is
    left for it to watch."""
    from watchfiles import watch

    if folders:
        yield from watch(*folders, watch_filter=keep, stop_event=stop, recursive=False,
                         debounce=max(1, int(settle * 1000)), step=20, raise_interrupt=False,
                         yield_on_timeout=True, rust_timeout=100, ignore_permission_denied=True)
        return
    while not stop.wait(0.1):
        yield set()


class _Listing:
    """Folders looked at by listing them (each entry's kind, size and time), at most every
    `seconds` and never more than a tenth of the time: what watchfiles cannot watch."""

    def __init__(self, folders: list[str], keep, seconds: float = 0.25):
        self.folders, self.keep, self.seconds = set(folders), keep, seconds
        self.seen = self._look()
        self.next = time.monotonic() + seconds

    def _look(self) -> dict[str, tuple[int, int, int] | None]:
        seen: dict[str, tuple[int, int, int] | None] = {}
        for folder in self.folders:
            try:
                with os.scandir(folder) as entries:
                    for entry in entries:
                        info = entry.stat(follow_symlinks=False)
                        seen[entry.path] = (info.st_mode, info.st_size, info.st_mtime_ns)
            except OSError:
                seen[folder] = None  # gone (or unreadable): the folder itself changed
        return seen

    def changed(self) -> set[str]:
        if not self.folders or time.monotonic() < self.next:
            return set()
        start = time.monotonic()
        now = self._look()
        self.next = time.monotonic() + max(self.seconds, 10 * (time.monotonic() - start))
        paths = {path for path in now.keys() | self.seen.keys() if now.get(path) != self.seen.get(path)}
        self.seen = now
        return {path for path in paths if path in self.folders or self.keep(None, path)}


def _saved_since(folders: list[str], since: int, keep) -> set[str]:
    """What in `folders` was made or saved since the last change was reported (a build after that
    may have read it before)."""
    found = set()
    for folder in folders:
        try:
            with os.scandir(folder) as entries:
                found |= {entry.path for entry in entries if entry.stat(follow_symlinks=False).st_mtime_ns >= since}
        except OSError:
            continue
    return {path for path in found if keep(None, path)}


def _utf8(path: str) -> bool:
    """Whether watchfiles can take the path (its paths are UTF-8 strings, a name from an old zip is not)."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _nearest_folder(path: str) -> str:
    while not os.path.isdir(path) and os.path.dirname(path) != path:
        path = os.path.dirname(path)
    return path


def _on_the_way(path: str, root: str) -> bool:
    """Whether `path` is `root` or a folder above it: in the folder waited in, only these matter."""
    return root == path or root.startswith(path.rstrip(os.sep) + os.sep)


MAX_FOLDERS = 10_000  # a game folder has a handful; past this, what is watched is not a game


def real_folders(folders: list[str], written: Iterable[Path] = ()) -> list[str]:
    """`folders` and every folder under them, never through a link (a link to / or to a parent
    would be the whole disk, or a loop), nor into hidden folders (.git) or those builds write."""
    skip = {str(Path(f).resolve()) for f in written}
    found: list[str] = []
    for top in folders:
        for root, dirs, _ in os.walk(top, followlinks=False):
            dirs[:] = [d for d in dirs if not d.startswith(".") and d != "__pycache__"
                       and os.path.join(root, d) not in skip and not os.path.islink(os.path.join(root, d))]
            found.append(root)
            if len(found) >= MAX_FOLDERS:
                return found
    return found


def _lasting(batch) -> set[str]:
    """The paths of a batch, less the files made and gone again within it: a save through a
    temporary file (sed -i's `sedXXXXXX`, many editors' write-then-rename) is a change of the
    file it replaced, not of the temporary one."""
    from watchfiles import Change

    made = {path for change, path in batch if change == Change.added}
    return {path for _, path in batch if path not in made or os.path.lexists(path)}


def describe(changed: Set[str], folders: list[Path]) -> str:
    """The changed files as a designer names them: relative to the folder watched, at most three."""
    shown = []
    for path in sorted(changed):
        for folder in folders:
            folder = Path(folder).resolve()
            if Path(path).is_relative_to(folder):
                path = Path(path).relative_to(folder).as_posix()
                break
        shown.append(str(path))
    more = f" and {len(shown) - 3} more" if len(shown) > 3 else ""
    return ", ".join(shown[:3]) + more
