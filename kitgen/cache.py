"""The build cache: card faces and whole output files, keyed by the content that makes them.

A key is a hash of everything an output depends on (the card's data, its type and deck, the
template, the fonts' bytes, the print settings, kitgen's version), so a change to any of them
misses and nothing stale is ever reused. Stored beside the kit in .kitgen-cache/<kit>/.
"""
from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import operator
import os
import pickle
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from kitgen import __version__
from kitgen.layout.card import Face, Layer
from kitgen.layout.shapes import Circle, Icon, Line, Picture, Rect, Text

FACES = "faces.sqlite"
SUMS = "files.json"


def content_key(*parts: object) -> str:
    return content_key_of(parts)


def content_key_of(parts: Iterable[object]) -> str:
    """content_key(*parts) for parts made one at a time (a deck's pages): none is kept."""
    digest = hashlib.sha256(__version__.encode())
    for part in parts:
        digest.update(b"\0")
        digest.update(part if isinstance(part, bytes) else repr(part).encode("utf-8"))
    return digest.hexdigest()[:32]



class BuildCache:
    """Faces one by one in an SQLite file (looked up as cards are drawn: a 10,000-card deck's faces
    are never all in memory), files by key. Disabled (--no-cache) it stores and finds nothing.
    Nothing is committed until save(): a build that fails or is killed leaves the last good cache."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self.sums: dict[str, str] = {}  # file key -> sha256 of the bytes saved
        self.used: set[str] = set()  # face keys this build looked up or stored
        self.stored_layers: set[str] = set()  # shared layers known to be in the database: written once
        self.icons = None  # the icon set faces are drawn with: their outlines are stored by name
        self._layers: dict[str, object] = {}
        self._db: sqlite3.Connection | None = None
        self._opened = False
        if folder and (folder / SUMS).is_file():
            try:
                self.sums = json.loads((folder / SUMS).read_text(encoding="utf-8"))
            except (OSError, ValueError):  # a damaged cache is only a slower build
                self.sums = {}

    def _faces(self) -> sqlite3.Connection | None:
        """The faces database, opened (and made) when a face is first looked up."""
        if not self._opened and self.folder:
            self._opened = True
            for attempt in range(2):  # a damaged database is started afresh
                try:
                    self.folder.mkdir(parents=True, exist_ok=True)
                    self._db = sqlite3.connect(self.folder / FACES)
                    self._db.execute("CREATE TABLE IF NOT EXISTS faces (key TEXT PRIMARY KEY, face BLOB NOT NULL)")
                    self._db.execute("CREATE TABLE IF NOT EXISTS layers (key TEXT PRIMARY KEY, layer BLOB NOT NULL)")
                    self._db.execute("CREATE TABLE IF NOT EXISTS notes (key TEXT PRIMARY KEY, note BLOB NOT NULL)")
                    # Which shared layers each face draws: a layer stays while a face kept needs it,
                    # even in a build that read no face at all (every file reused).
                    self._db.execute("CREATE TABLE IF NOT EXISTS face_layers (face TEXT NOT NULL, layer TEXT NOT NULL)")
                    # Storing a face first forgets the layers it drew before: without an index on
                    # the face, that scanned the whole table for every face (quadratic in the deck).
                    self._db.execute("CREATE INDEX IF NOT EXISTS face_layers_by_face ON face_layers (face)")
                    # Faces as drawn (render's operators), replayed instead of drawing them again.
                    self._db.execute("CREATE TABLE IF NOT EXISTS drawn (key TEXT PRIMARY KEY, record BLOB NOT NULL)")
                    break
                except (OSError, sqlite3.Error):  # unreadable or damaged: lay everything out
                    if self._db is not None:
                        self._db.close()
                    self._db = None
                    if attempt == 0:
                        for name in (FACES, f"{FACES}-journal"):
                            try:
                                (self.folder / name).unlink(missing_ok=True)
                            except OSError:
                                pass
        return self._db

    def face(self, key: str):
        """A face laid out by an earlier build from the same inputs, or None."""
        if (db := self._faces()) is None:
            return None
        self.used.add(key)
        try:
            row = db.execute("SELECT face FROM faces WHERE key = ?", (key,)).fetchone()
            if not row:
                return None
            face = self._loads(row[0])  # our own file, written below
            layers = tuple(self._layer(layer) if isinstance(layer, str) else layer for layer in face.layers)
            return None if None in layers else dataclasses.replace(face, layers=layers)
        except Exception:  # a damaged row is only a face laid out again
            return None

    def drawn(self, key: str):
        """A face as an earlier build drew it (render's record), or None."""
        return self._kept("SELECT record FROM drawn WHERE key = ?", key)

    def _kept(self, query: str, key: str):
        """The pickled value the query finds for a face's key (the key is then kept), or None."""
        if (db := self._faces()) is None:
            return None
        try:
            row = db.execute(query, (key,)).fetchone()
            if row:
                self.used.add(key)
            return pickle.loads(row[0]) if row else None  # our own file
        except Exception:  # a damaged row only means making it again
            return None

    def keep_drawn(self, key: str, record) -> None:
        if (db := self._faces()) is None:
            return
        try:
            db.execute("INSERT OR REPLACE INTO drawn VALUES (?, ?)", (key, pickle.dumps(record, pickle.HIGHEST_PROTOCOL)))
        except sqlite3.Error:
            pass

    def shared_layer(self, key: str):
        """A layer faces share, by its key (None if this cache does not hold it)."""
        if self._faces() is None:
            return None
        try:
            return self._layer(key)
        except Exception:
            return None

    def _layer(self, key: str):
        """A layer many faces share (a card type's frame), read once per build."""
        if key not in self._layers:
            row = self._db.execute("SELECT layer FROM layers WHERE key = ?", (key,)).fetchone()
            self._layers[key] = self._loads(row[0]) if row else None
        self.stored_layers.add(key)
        return self._layers[key]

    def note(self, key: str):
        """What the checks noted of a face an earlier build made (its smallest text size, its
        problems): a rebuild that draws nothing need not read the face itself."""
        return self._kept("SELECT note FROM notes WHERE key = ?", key)

    def keep_face(self, key: str, face, note=None) -> None:
        """Store a face (and its note); the layers it shares with other faces are stored once."""
        if (db := self._faces()) is None:
            return
        self.used.add(key)
        try:
            if note is not None:
                db.execute("INSERT OR REPLACE INTO notes VALUES (?, ?)", (key, pickle.dumps(note)))
            for layer in face.layers:
                if layer.key and layer.key not in self.stored_layers:
                    self.stored_layers.add(layer.key)
                    self._layers[layer.key] = layer
                    db.execute("INSERT OR REPLACE INTO layers VALUES (?, ?)", (layer.key, self._dumps(layer)))
            own = dataclasses.replace(face, layers=tuple(layer.key or layer for layer in face.layers))
            db.execute("INSERT OR REPLACE INTO faces VALUES (?, ?)", (key, self._dumps(own)))
            db.execute("DELETE FROM face_layers WHERE face = ?", (key,))
            db.executemany("INSERT INTO face_layers VALUES (?, ?)",
                           ((key, layer.key) for layer in face.layers if layer.key))
        except sqlite3.Error:
            pass

    def _dumps(self, obj) -> bytes:
        """Pickled, with each named icon's outline (hundreds of numbers, on many faces) left out:
        loading takes it from the icon set by name."""
        out = io.BytesIO()
        pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
        pickler.dispatch_table = _REDUCERS  # consulted for our records only, not for every number
        pickler.dump(obj)
        return out.getvalue()

    def _loads(self, data: bytes):
        return _Unpickler(io.BytesIO(data), self.icons).load()

    def file(self, key: str) -> Path | None:
        """A cached file, only when its bytes are the ones saved (a damaged file is just redrawn)."""
        path = self.folder / "files" / key if self.folder else None
        if not path or not path.is_file():
            return None
        return path if hashlib.sha256(path.read_bytes()).hexdigest() == self.sums.get(key) else None

    def save(self, files: dict[str, Path]) -> None:
        """Keep exactly what this build used: the cache never grows past one kit."""
        if not self.folder:
            return
        try:
            self._save_files(files)
        except OSError:  # a cache that cannot be written (a file in its way, a full disk) is only slower
            pass
        self._save_faces()

    def _save_files(self, files: dict[str, Path]) -> None:
        store = self.folder / "files"
        store.mkdir(parents=True, exist_ok=True)
        sums = {}
        for key, path in files.items():
            data = path.read_bytes()
            sums[key] = hashlib.sha256(data).hexdigest()
            if self.sums.get(key) != sums[key] or not (store / key).is_file():
                (store / f".{key}.part").write_bytes(data)  # write, then rename: no half file under the key
                os.replace(store / f".{key}.part", store / key)
        for old in store.iterdir():
            if old.name not in files:
                old.unlink()
        (self.folder / f".{SUMS}.part").write_text(json.dumps(sums, sort_keys=True), encoding="utf-8")
        os.replace(self.folder / f".{SUMS}.part", self.folder / SUMS)
        (self.folder / "faces.pickle").unlink(missing_ok=True)  # kitgen 0.1's cache of faces

    def _save_faces(self) -> None:
        if self._db is not None:
            try:
                self._db.execute("CREATE TEMP TABLE used (key TEXT PRIMARY KEY)")
                self._db.executemany("INSERT INTO used VALUES (?)", ((key,) for key in self.used))
                self._db.execute("DELETE FROM faces WHERE key NOT IN (SELECT key FROM used)")
                self._db.execute("DELETE FROM notes WHERE key NOT IN (SELECT key FROM used)")
                self._db.execute("DELETE FROM drawn WHERE key NOT IN (SELECT key FROM used)")
                self._db.execute("DELETE FROM face_layers WHERE face NOT IN (SELECT key FROM used)")
                self._db.execute("DELETE FROM layers WHERE key NOT IN (SELECT layer FROM face_layers)")
                self._db.commit()
                self._db.close()
            except sqlite3.Error:
                pass
            self._db = None


def _named_icon(x, y, w, h, view, color, name):  # stands in for Icon when pickled; see _Unpickler
    raise pickle.UnpicklingError("a stored icon is read with the icon set it was drawn with")


def _fields_reducer(cls):
    """(cls, its fields): what a frozen slotted dataclass pickles as, without dataclasses'
    generic __getstate__ (a quarter of storing a face)."""
    fields = operator.attrgetter(*cls.__slots__) if len(cls.__slots__) > 1 else None
    if fields is None:
        return lambda obj: (cls, (getattr(obj, cls.__slots__[0]),))
    return lambda obj: (cls, fields(obj))


def _reduce_icon(icon: Icon):
    if not icon.name:  # an outline of its own (no set names it): stored whole
        return _STORED[Icon](icon)
    return _named_icon, (icon.x, icon.y, icon.w, icon.h, icon.view, icon.color, icon.name)


_STORED = {cls: _fields_reducer(cls) for cls in (Rect, Line, Circle, Text, Picture, Icon, Layer, Face)}
_REDUCERS = {**_STORED, Icon: _reduce_icon}


class _Unpickler(pickle.Unpickler):
    """Named icons get their outline back from the icon set (a missing icon fails the load: the
    face is laid out again)."""

    def __init__(self, file, icons):
        super().__init__(file)
        self.icons = icons

    def find_class(self, module: str, name: str):
        if module == __name__ and name == "_named_icon":
            icons = self.icons
            return lambda x, y, w, h, view, color, name: Icon(x, y, w, h, view, icons.get(name)[2], color, name)
        return super().find_class(module, name)


def cache_folder(out_dir: Path) -> Path:
    return Path(out_dir).parent / ".kitgen-cache" / Path(out_dir).name
