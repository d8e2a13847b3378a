"""The build cache: card faces and whole output files, keyed by the content that makes them.

A key is a hash of everything an output depends on (the card's data, its type and deck, the
template, the fonts' bytes, the print settings, kitgen's version, and for whole files the
environment that changes a PDF's bytes), so a change to any of them misses and nothing stale is
ever reused. The cache is data, never code: records are JSON read back into kitgen's own types
(kitgen/kit/records.py), and one that is damaged or of the wrong shape is only a miss.

It lives in the user's cache folder (KITGEN_CACHE_DIR overrides it), one folder per kit named by a
hash of the kit's absolute path: never in a game folder, where a shared game could plant one.
A cache that cannot be read or written is only a slower build.
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import sqlite3
import stat
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from kitgen import __version__
from kitgen.kit import records
from kitgen.kit.lock import waiting_lock
from kitgen.kit.records import Context, Unreadable
from kitgen.load.icons import IconSet

FACES = "faces.sqlite"
SUMS = "files.json"
SAVING = ".saving.lock"  # held while the files and their sums are saved: two builds of a kit save in turn
ROOT_VARIABLE = "KITGEN_CACHE_DIR"
# The environment a PDF's bytes depend on: reportlab dates every file by SOURCE_DATE_EPOCH when it
# is set, and reads RL_* variables as settings.
ENVIRONMENT = ("SOURCE_DATE_EPOCH",)
SCHEMA = 3  # the tables' layout; kitgen 0.1's cache (pickles) is never read; 3: keys derived, parts kept


@functools.lru_cache(maxsize=1)
def code_stamp() -> str:
    """What identifies kitgen's own code: the size and modification time of each of its modules
    (as Python's own .pyc files are checked against their source). A kitgen changed without a new
    version number (a checkout moved on, an install from a later commit) then keys its cache
    anew, so a cached rebuild still equals a clean build. Found by os.walk, not Path.rglob, which
    took 1.9 ms instead of 0.7 for kitgen's ~150 modules; once a process."""
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    modules = []
    for folder, subfolders, names in os.walk(package):
        subfolders[:] = [name for name in subfolders if name != "__pycache__"]
        inside = os.path.relpath(folder, package)
        prefix = "" if inside == "." else inside.replace(os.sep, "/") + "/"
        for name in names:
            if name.endswith(".py"):
                try:
                    found = os.stat(os.path.join(folder, name))
                except OSError:
                    continue
                modules.append((prefix + name, found.st_size, found.st_mtime_ns))
    digest = hashlib.sha256(__version__.encode())
    for module, size, modified in sorted(modules):
        digest.update(f"{module}\0{size}\0{modified}\0".encode())
    return digest.hexdigest()[:16]


def content_key(*parts: object) -> str:
    return content_key_of(parts)


def content_key_of(parts: Iterable[object]) -> str:
    """content_key(*parts) for parts made one at a time (a deck's pages): none is kept. Keyed by
    kitgen's code too (code_stamp): what the code draws from the same data may change with it."""
    return _key(f"{__version__}\0{code_stamp()}", parts)


def data_key(*parts: object) -> str:
    """A key of data alone (kitgen's version, not its code): what a build manifest records of each
    card, so `--changed-since` compares the cards, and the same data gives the same manifest anywhere."""
    return _key(__version__, parts)


def _key(seed: str, parts: Iterable[object]) -> str:
    digest = hashlib.sha256(seed.encode())
    for part in parts:
        digest.update(b"\0")
        digest.update(part if isinstance(part, bytes) else repr(part).encode("utf-8"))
    return digest.hexdigest()[:32]


def environment() -> tuple[tuple[str, str], ...]:
    """What of the process environment changes the bytes of a whole PDF (not of a face's drawing)."""
    return tuple(sorted((name, value.strip()) for name, value in os.environ.items()
                        if name in ENVIRONMENT or name.startswith("RL_")))


def cache_root() -> Path:
    """KITGEN_CACHE_DIR, or the user's cache folder (~/.cache/kitgen, ~/Library/Caches/kitgen, ...)."""
    chosen = os.environ.get(ROOT_VARIABLE, "").strip()
    if chosen:
        return Path(chosen)
    import platformdirs  # only a build that keeps a cache asks for it

    return Path(platformdirs.user_cache_dir("kitgen", appauthor=False))


def kit_cache_folder(out_dir: Path) -> Path:
    """The kit's own cache folder: named by a hash of the kit's absolute path, so two kits never
    share one, and nothing in the kit's (or the game's) folder is ever read as a cache."""
    kit = os.path.realpath(out_dir)  # never raises: a loop of links is refused where -o is checked
    return cache_root() / "kits" / hashlib.sha256(kit.encode("utf-8", "surrogateescape")).hexdigest()[:32]


def _is_folder(path: Path) -> bool:
    """A real folder (not a link to one, not a file): anything else is not a cache we made."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def _make_folder(path: Path) -> bool:
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return False
    return _is_folder(path)


def _busy(exc: Exception) -> bool:
    """SQLite's 'database is locked' (another process is writing): unlike damage, it passes."""
    return isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc)


class BuildCache:
    """Faces one by one in an SQLite file (looked up as cards are drawn: a 10,000-card deck's faces
    are never all in memory), files by key. Disabled (--no-cache) it stores and finds nothing.
    Nothing is committed until save(): a build that fails or is killed leaves the last good cache.
    `read_only`: faces and notes an earlier build kept are read, nothing is written. `prune`
    (a build): save() keeps exactly what this run used; without it (validate) save() only adds the
    faces this run laid out, so the next validate or build need not lay them out again."""

    def __init__(self, folder: Path | None, read_only: bool = False, prune: bool = True):
        self.folder = folder
        self.read_only = read_only
        self.prune = prune
        self.sums: dict[str, str] = {}  # file key -> sha256 of the bytes saved
        self.used: set[str] = set()  # face keys this build looked up or stored
        self.verified: set[str] = set()  # file keys whose stored bytes file() found whole and as saved
        self.stored_layers: set[str] = set()  # shared layers known to be in the database: written once
        self.places: set[str] | None = None  # the faces' places in this kit (the build sets them)
        self.icons: IconSet | None = None  # the icon set faces are drawn with: their outlines are stored by name
        self.pictures: set[str] | None = None  # the keys of the pictures this build prepared: a face names only these
        self._layers: dict[str, object] = {}
        self._db: sqlite3.Connection | None = None
        self._opened = False
        self.trouble = "" if folder else "--no-cache"  # why the cache is not used, when it is not (-v says it)
        self.misses: Counter[str] = Counter()  # why faces were laid out again: reason -> faces
        self._unreadable: set[str] = set()  # keys whose stored face could not be read back
        if folder and os.path.lexists(folder) and not _is_folder(folder):
            self.folder = None  # a link or a file where the cache would be: not ours, never used
            self.trouble = f"{folder} is not a folder kitgen made"
        if self.folder:
            self.sums = self._read_sums()

    @property
    def _root(self) -> Path:
        """The cache's folder, for the methods called only when there is one."""
        assert self.folder is not None
        return self.folder

    def _read_sums(self) -> dict[str, str]:
        try:
            sums = records.loads((self._root / SUMS).read_bytes())
        except (OSError, Unreadable):  # none yet, unreadable or damaged: only a slower build
            return {}
        if type(sums) is not dict or not all(type(v) is str for v in sums.values()):
            return {}
        return sums

    def _faces(self) -> sqlite3.Connection | None:
        """The faces database, opened (and made) when a face is first looked up."""
        if not self._opened and self.folder:
            self._opened = True
            for attempt in range(2):  # a damaged database is started afresh
                try:
                    self._db = self._open()
                    break
                except (OSError, sqlite3.Error, Unreadable) as exc:  # unreadable or damaged: lay everything out
                    if self._db is not None:
                        self._db.close()
                    self._db = None
                    self.trouble = f"faces database unreadable: {exc}" + (
                        "; started afresh" if attempt == 0 and not self.read_only and not _busy(exc) else "")
                    if _busy(exc):  # another kitgen is writing it: not damaged, only not ours this time
                        break
                    if attempt == 0 and not self.read_only:
                        self._remove(FACES, f"{FACES}-journal")
        return self._db

    def _open(self) -> sqlite3.Connection | None:
        if self.read_only:
            return self._open_to_read()
        if not _make_folder(self._root):
            return None
        path = self._root / FACES
        if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
            raise Unreadable("the faces database is not a file")  # a link: never written through
        # A validate never waits for a build that holds the database: it only keeps nothing.
        db = self._db = sqlite3.connect(path, timeout=5.0 if self.prune else 0.0)
        fresh = db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA
        # One transaction (one write to the disk) for the tables, and none when they exist. A new
        # database is made under the write lock, its version read again there: two builds making
        # it at once would otherwise both see none, and the second drop the faces the first kept.
        db.execute("BEGIN IMMEDIATE" if fresh else "BEGIN")
        fresh = fresh and db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA
        if fresh:
            for table in ("faces", "layers", "notes", "face_layers", "drawn", "checks", "parts"):
                db.execute(f"DROP TABLE IF EXISTS {table}")
        db.execute("CREATE TABLE IF NOT EXISTS faces (key TEXT PRIMARY KEY, face TEXT NOT NULL)")
        db.execute("CREATE TABLE IF NOT EXISTS layers (key TEXT PRIMARY KEY, layer TEXT NOT NULL)")
        db.execute("CREATE TABLE IF NOT EXISTS notes (key TEXT PRIMARY KEY, note TEXT NOT NULL)")
        # Which shared layers each face draws: a layer stays while a face kept needs it,
        # even in a build that read no face at all (every file reused).
        db.execute("CREATE TABLE IF NOT EXISTS face_layers (face TEXT NOT NULL, layer TEXT NOT NULL)")
        # Storing a face first forgets the layers it drew before: without an index on
        # the face, that scanned the whole table for every face (quadratic in the deck).
        db.execute("CREATE INDEX IF NOT EXISTS face_layers_by_face ON face_layers (face)")
        # Faces as drawn (render's operators), replayed instead of drawing them again.
        db.execute("CREATE TABLE IF NOT EXISTS drawn (key TEXT PRIMARY KEY, stream BLOB NOT NULL, record TEXT NOT NULL)")
        # Checks that hold while their inputs do (validate's documents): one row each, replaced.
        db.execute("CREATE TABLE IF NOT EXISTS checks (name TEXT PRIMARY KEY, record TEXT NOT NULL)")
        # What the face last stored at each place (front-DECK-N, back-DECK) was made from, part by part
        # (kit/keys.py): a face laid out again there is said to be so because of the parts that differ.
        db.execute("CREATE TABLE IF NOT EXISTS parts (place TEXT PRIMARY KEY, parts TEXT NOT NULL)")
        if fresh:
            db.execute(f"PRAGMA user_version = {SCHEMA}")
        db.commit()
        return db

    def _open_to_read(self) -> sqlite3.Connection | None:
        """The faces database as an earlier build left it, opened read-only; None if there is none."""
        path = self._root / FACES
        if not os.path.lexists(path) or not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        if db.execute("PRAGMA user_version").fetchone()[0] != SCHEMA:
            db.close()
            return None
        self._db = db
        return db

    def _remove(self, *names: str) -> None:
        for name in names:
            try:
                (self._root / name).unlink(missing_ok=True)  # a link itself, never what it points at
            except OSError:
                pass

    def use(self, icons, pictures: set[str]) -> None:
        """What a face read from the cache may name: this build's icon set (outlines are stored by
        name) and the keys of the pictures it prepared; a face naming anything else is laid out again."""
        self.icons, self.pictures = icons, pictures

    def _context(self) -> Context:
        return Context(self.icons, self.pictures)

    def face(self, key: str):
        """A face laid out by an earlier build from the same inputs, or None."""
        if (db := self._faces()) is None:
            return None
        self.used.add(key)
        try:
            row = db.execute("SELECT face FROM faces WHERE key = ?", (key,)).fetchone()
            return records.read_face(records.loads(row[0]), self._context(), self._layer) if row else None
        except (sqlite3.Error, Unreadable):  # damaged, or no record of ours: the face is laid out again
            self._unreadable.add(key)
            return None

    def drawn(self, key: str):
        """A face as an earlier build drew it (render's record), or None."""
        return self._kept("SELECT record, stream FROM drawn WHERE key = ?", key, records.read_drawn)

    def _kept(self, query: str, key: str, read):
        """read(record, *other columns) of the row the query finds for a face's key (the key is
        then kept), or None: a damaged row, or no record of ours, only means making it again."""
        if (db := self._faces()) is None:
            return None
        try:
            row = db.execute(query, (key,)).fetchone()
            if not row:
                return None
            self.used.add(key)
            return read(records.loads(row[0]), *row[1:])
        except (sqlite3.Error, Unreadable):
            return None

    def keep_drawn(self, key: str, record) -> None:
        if self.read_only or (db := self._faces()) is None:
            return
        try:
            db.execute("INSERT OR REPLACE INTO drawn VALUES (?, ?, ?)",
                       (key, record.stream, records.dumps(records.drawn_record(record))))
        except (sqlite3.Error, ValueError, TypeError):  # not storable (a NaN, unpaired surrogates): drawn again next time
            pass

    def shared_layer(self, key: str):
        """A layer faces share, by its key (None if this cache does not hold it)."""
        if self._faces() is None:
            return None
        try:
            return self._layer(key)
        except (sqlite3.Error, Unreadable):
            return None

    def _layer(self, key: str):
        """A layer many faces share (a card type's frame), read once per build."""
        if key not in self._layers:
            assert self._db is not None  # asked by face() and shared_layer(), which open it first
            row = self._db.execute("SELECT layer FROM layers WHERE key = ?", (key,)).fetchone()
            try:
                self._layers[key] = records.read_layer(records.loads(row[0]), self._context()) if row else None
            except Unreadable:
                self._layers[key] = None
        self.stored_layers.add(key)
        if self._layers[key] is None:
            raise Unreadable(f"no shared layer {key}")
        return self._layers[key]

    def note(self, key: str):
        """What the checks noted of a face an earlier build made (its smallest text size, its
        problems): a rebuild that draws nothing need not read the face itself."""
        return self._kept("SELECT note FROM notes WHERE key = ?", key, records.read_note)

    def keep_face(self, key: str, face, note=None, made: Made | None = None) -> None:
        """Store a face (and its note); the layers it shares with other faces are stored once.
        `made`: what it was made from, kept by its place to say why the next face there is made."""
        if self.read_only or (db := self._faces()) is None:
            return
        self.used.add(key)
        try:
            if made is not None:
                self.misses[_why(self._parts_at(db, made.place), made, key in self._unreadable)] += 1
                db.execute("INSERT OR REPLACE INTO parts VALUES (?, ?)", (made.place, records.dumps(made.parts)))
            if note is not None:
                db.execute("INSERT OR REPLACE INTO notes VALUES (?, ?)", (key, records.dumps(records.note_record(note))))
            for layer in face.layers:
                if layer.key and layer.key not in self.stored_layers:
                    self.stored_layers.add(layer.key)
                    self._layers[layer.key] = layer
                    db.execute("INSERT OR REPLACE INTO layers VALUES (?, ?)",
                               (layer.key, records.dumps(records.layer_record(layer))))
            db.execute("INSERT OR REPLACE INTO faces VALUES (?, ?)", (key, records.dumps(records.face_record(face))))
            db.execute("DELETE FROM face_layers WHERE face = ?", (key,))
            db.executemany("INSERT INTO face_layers VALUES (?, ?)",
                           ((key, layer.key) for layer in face.layers if layer.key))
        except (sqlite3.Error, ValueError, TypeError):  # not storable: laid out again next time
            pass

    def _parts_at(self, db: sqlite3.Connection, place: str) -> dict[str, str] | None:
        try:
            row = db.execute("SELECT parts FROM parts WHERE place = ?", (place,)).fetchone()
            kept = records.loads(row[0]) if row else None
        except (sqlite3.Error, Unreadable):
            return None
        return kept if type(kept) is dict else None

    def check(self, name: str):
        """What a check named `name` last recorded (records.read_check), or None."""
        return self._kept("SELECT record FROM checks WHERE name = ?", name, records.read_check)

    def keep_check(self, name: str, key: str, inputs: dict[str, str]) -> None:
        """Record that check `name` passed for `key` with these input files (name -> digest)."""
        if self.read_only or (db := self._faces()) is None:
            return
        try:
            db.execute("INSERT OR REPLACE INTO checks VALUES (?, ?)",
                       (name, records.dumps(records.check_record(key, inputs))))
        except (sqlite3.Error, ValueError, TypeError):  # not kept: checked again next time
            pass

    def file(self, key: str) -> Path | None:
        """A cached file, only when it is a plain file (not a link), a whole PDF, and its bytes are
        the ones saved: a damaged or planted one is just drawn again."""
        if not self.folder or key not in self.sums:
            return None
        path = self.folder / "files" / key
        try:
            if not stat.S_ISREG(os.lstat(path).st_mode):
                return None
            data = path.read_bytes()
        except OSError:
            return None
        whole = data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
        if not (whole and hashlib.sha256(data).hexdigest() == self.sums[key]):
            return None
        self.verified.add(key)
        return path

    def save(self, files: dict[str, Path]) -> None:
        """Keep exactly what this build used: the cache never grows past one kit. Without `prune`,
        commit the faces laid out and leave everything else as it was."""
        if not self.folder or self.read_only:
            return
        if not self.prune:
            self._commit()
            return
        try:
            # The kit's lock is released before this: a second build of the kit may be saving too.
            # Each save replaces the store, so one waits for the other (the last one's cache stays).
            # The faces database is SQLite's to keep whole: each save is one transaction.
            if _make_folder(self.folder):
                with waiting_lock(self.folder / SAVING):
                    self._save_files(files)
        except OSError:  # a cache that cannot be written (a file in its way, a full disk) is only slower
            pass
        self._save_faces()

    def close(self) -> None:
        """Let go of the faces database; what was not saved is rolled back. A build that failed
        held its write lock until the garbage collector came by: every later build in the same
        process (watch, serve) then waited SQLite's 5 s timeout for it."""
        if self._db is not None:
            self._db.close()
            self._db = None

    def _save_files(self, files: dict[str, Path]) -> None:
        store = self._root / "files"
        if os.path.lexists(store) and not _is_folder(store):
            return  # something else in its way: not ours to remove
        store.mkdir(mode=0o700, exist_ok=True)
        if (now := self._read_sums()) != self.sums:  # another build saved since this one read: what it
            self.sums, self.verified = now, set()  # checked then may be gone; look again
        sums = {}
        for key, path in files.items():
            data = path.read_bytes()
            sums[key] = hashlib.sha256(data).hexdigest()
            # a file this build reused was checked then (file()): only others are read again
            if self.sums.get(key) != sums[key] or (key not in self.verified and self.file(key) is None):
                (store / f".{key}.part").write_bytes(data)  # write, then rename: no half file under the key
                os.replace(store / f".{key}.part", store / key)
        for old in store.iterdir():
            if old.name not in files:
                old.unlink()  # a folder planted here fails this: the cache then keeps no files
        (self._root / f".{SUMS}.part").write_text(json.dumps(sums, sort_keys=True), encoding="utf-8")
        os.replace(self._root / f".{SUMS}.part", self._root / SUMS)

    def _commit(self) -> None:
        if self._db is not None:
            try:
                self._db.commit()
            except sqlite3.Error:  # held by a build: these faces are laid out again next time
                pass
            self._db.close()
            self._db = None

    def _save_faces(self) -> None:
        if self._db is not None:
            try:
                self._db.execute("CREATE TEMP TABLE used (key TEXT PRIMARY KEY)")
                self._db.executemany("INSERT INTO used VALUES (?)", ((key,) for key in self.used))
                self._db.execute("DELETE FROM faces WHERE key NOT IN (SELECT key FROM used)")
                self._db.execute("DELETE FROM notes WHERE key NOT IN (SELECT key FROM used)")
                self._db.execute("DELETE FROM drawn WHERE key NOT IN (SELECT key FROM used)")
                self._db.execute("DELETE FROM face_layers WHERE face NOT IN (SELECT key FROM used)")
                if self.places is not None:  # the places this kit has now: a deck made shorter keeps no more
                    self._db.execute("CREATE TEMP TABLE places (place TEXT PRIMARY KEY)")
                    self._db.executemany("INSERT INTO places VALUES (?)", ((place,) for place in self.places))
                    self._db.execute("DELETE FROM parts WHERE place NOT IN (SELECT place FROM places)")
                self._db.execute("DELETE FROM layers WHERE key NOT IN (SELECT layer FROM face_layers)")
                self._db.commit()
            except sqlite3.Error:
                pass
            self.close()


# What each part of a face's key is (kit/keys.py FaceKeys.parts), as -v says it changed.
PART_NAMES = {"context.card": "card", "owner": "card", "context.type": "card type", "context.deck": "deck",
              "context.game": "game", "context.number": "place in the deck", "context.total": "deck size",
              "context.art": "art", "context.icons": "icon set", "context.icon": "back icon", "measure": "fonts",
              "template": "template", "bleed": "print settings", "ink_saver": "print settings", "kitgen": "kitgen"}


class Made(NamedTuple):
    """What a face was made from: its place in the kit, the parts of its key (name -> digest,
    kit/keys.py) and what to call a part in a message ('template card-front.yaml')."""

    place: str
    parts: dict[str, str]
    names: dict[str, str]


def _why(before: dict[str, str] | None, now: Made, unreadable: bool) -> str:
    """Why a face was laid out: the parts of its key that differ from the face kept at its place."""
    if unreadable:
        return "cached face unreadable"
    if before is None:
        return "not built before"
    names = PART_NAMES | now.names
    changed = sorted({names.get(name, name.removeprefix("context.")) for name in before.keys() | now.parts.keys()
                      if before.get(name) != now.parts.get(name)})
    return f"{' and '.join(changed)} changed" if changed else "not in the cache"
