"""The one change detector `kitgen watch` and `kitgen serve` share: watchfiles (inotify, FSEvents,
ReadDirectoryChangesW under one API), each burst of saves reported once, after it settles.

The watcher runs in a thread from the moment it is made, so a save during the first build (which
runs after it starts) is not missed."""
from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from pathlib import Path


class Changes:
    """Iterate to get the set of paths changed, once per burst of saves, until stop()."""

    def __init__(self, folders: list[Path], settle: float = 0.05):
        self._stop = threading.Event()
        self._batches: queue.Queue = queue.Queue()
        self._ready = threading.Event()
        folders = [str(f) for f in folders if Path(f).exists()]
        self._thread = threading.Thread(target=self._run, args=(folders, settle), daemon=True)
        self._thread.start()
        self._ready.wait(5)

    def _run(self, folders: list[str], settle: float) -> None:
        from watchfiles import watch  # only the commands that watch pay for importing it

        watcher = watch(*folders, stop_event=self._stop, debounce=max(1, int(settle * 1000)), step=20,
                        raise_interrupt=False, yield_on_timeout=True, rust_timeout=100)
        for batch in watcher:
            self._ready.set()  # the first timeout: the watcher is in place
            if batch:
                self._batches.put({path for _, path in batch})
        self._batches.put(None)

    def __iter__(self) -> Iterator[set[str]]:
        while True:
            batch = self._batches.get()
            if batch is None:
                return
            yield batch

    def stop(self) -> None:
        self._stop.set()
