"""While kitgen talks to a Dask cluster, nothing a scheduler or worker sends is unpickled into code.

Dask's client unpickles every frame a peer marks as pickled, whatever the client's `deserializers`
say (distributed/protocol/core.py, `loads`: the "__Pickled__" frames), so restricting those is not
enough. A pickle runs code only through the globals it names (a function, a class), and Python
looks every one of them up through `pickle.find_class`, which raises the audit event
"pickle.find_class" (PEP 578) in the C and the Python unpickler alike. While `refusing()` is in
force this hook refuses each of them but the builtin data types: what the cluster sends can build
lists, numbers and text, never call code. The names it refused are kept for the one line that says
so (`refused`). Stdlib only.

An audit hook lasts as long as the process and cannot be taken back, so it is added once, the
first time kitgen talks to a cluster, and does nothing while no run is refusing.
"""
from __future__ import annotations

import pickle
import sys
import threading
from contextlib import contextmanager
from typing import Iterator

# Calling one of these on unpickled data builds data, nothing more (no file, no import, no code);
# Dask sends `builtins.list` itself (the type of a finished result). bytes and bytearray are left
# out: bytes(10**12) would ask for a terabyte.
DATA_TYPES = frozenset(("builtins", name) for name in
                       ("list", "tuple", "dict", "set", "frozenset", "str", "int", "float", "complex", "bool"))


class _Guard:
    """The hook's state: whether a run is refusing, and what it refused (shared by every thread:
    Dask reads from the network in its own threads too)."""

    def __init__(self) -> None:
        self.on = threading.Event()
        self.refused: list[str] = []
        self.added = False


_GUARD = _Guard()  # one per process, as the audit hook it serves


def _audit(event: str, args: tuple) -> None:
    if event == "pickle.find_class" and _GUARD.on.is_set() and tuple(args) not in DATA_TYPES:
        if len(_GUARD.refused) < 10:  # the first few are enough to name what was sent
            _GUARD.refused.append(".".join(str(part)[:80] for part in args))
        raise pickle.UnpicklingError(f"kitgen does not unpickle {'.'.join(map(str, args))} from a cluster")


@contextmanager
def refusing() -> Iterator[None]:
    """Refuse, in every thread of this process, to unpickle any global but the builtin data types."""
    if not _GUARD.added:
        sys.addaudithook(_audit)
        _GUARD.added = True
    _GUARD.refused.clear()
    _GUARD.on.set()
    try:
        yield
    finally:
        _GUARD.on.clear()


def refused() -> str:
    """What was refused since `refusing()` began ('' if nothing): `module.name`, the first one."""
    return _GUARD.refused[0] if _GUARD.refused else ""
