"""A pickle with a side effect, for the rogue-cluster attacks (test_cluster_rogue.py): whoever
unpickles an Evil writes its process id into the marker file. Kept in a module of its own so that
every process finds it by the same name (tests.attacks.rogue), as a rogue peer's pickle would."""
from __future__ import annotations

import os


def revive(marker: str) -> Evil:
    """Called by whoever unpickles an Evil: writes that process's id into the marker file, and gives
    back an Evil (so a scheduler that unpickles one sends it on, pickled again)."""
    with open(marker, "a", encoding="utf-8") as file:
        file.write(f"{os.getpid()} ")
    return Evil(marker)


class Evil:
    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return revive, (self.marker,)
