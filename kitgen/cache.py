"""The build cache: card faces and whole output files, keyed by the content that makes them.

A key is a hash of everything an output depends on (the card's data, its type and deck, the
template, the fonts' bytes, the print settings, kitgen's version), so a change to any of them
misses and nothing stale is ever reused. Stored beside the kit in .kitgen-cache/<kit>/.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

from kitgen import __version__

FACES = "faces.pickle"


def content_key(*parts: object) -> str:
    digest = hashlib.sha256(__version__.encode())
    for part in parts:
        digest.update(b"\0")
        digest.update(part if isinstance(part, bytes) else repr(part).encode("utf-8"))
    return digest.hexdigest()[:32]



class BuildCache:
    """Faces in one pickle, files by key. Disabled (--no-cache) it stores and finds nothing."""

    def __init__(self, folder: Path | None):
        self.folder = folder
        self.faces: dict[str, object] = {}
        self.sums: dict[str, str] = {}  # file key -> sha256 of the bytes saved
        if folder and (folder / FACES).is_file():
            try:
                self.faces, self.sums = pickle.loads((folder / FACES).read_bytes())  # our own file, written below
            except Exception:  # a damaged or old cache is only a slower build
                self.faces, self.sums = {}, {}

    def file(self, key: str) -> Path | None:
        """A cached file, only when its bytes are the ones saved (a damaged file is just redrawn)."""
        path = self.folder / "files" / key if self.folder else None
        if not path or not path.is_file():
            return None
        return path if hashlib.sha256(path.read_bytes()).hexdigest() == self.sums.get(key) else None

    def save(self, faces: dict[str, object], files: dict[str, Path]) -> None:
        """Keep exactly what this build used: the cache never grows past one kit."""
        if not self.folder:
            return
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
        (self.folder / f".{FACES}.part").write_bytes(pickle.dumps((faces, sums)))
        os.replace(self.folder / f".{FACES}.part", self.folder / FACES)


def cache_folder(out_dir: Path) -> Path:
    return Path(out_dir).parent / ".kitgen-cache" / Path(out_dir).name
