"""Ctrl-C that is remembered even when a library swallows it.

reportlab turns a KeyboardInterrupt raised while it formats a PDF object into a KeyError
("forward reference ... not resolved"). The handler below records that the user asked to stop, so
the command line can report an interrupted build as one, whatever exception finally reaches it."""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

_received = threading.Event()
_installed = threading.Event()  # stop_if_interrupted() speaks only for the build the handler watches


def _on_sigint(signum, frame) -> None:
    _received.set()
    raise KeyboardInterrupt


@contextmanager
def remembering_interrupts() -> Iterator[None]:
    """While inside, Ctrl-C raises KeyboardInterrupt as usual and is also remembered."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _received.clear()
    previous = signal.signal(signal.SIGINT, _on_sigint)
    _installed.set()
    try:
        yield
    finally:
        _installed.clear()
        signal.signal(signal.SIGINT, previous)


def was_interrupted(exc: BaseException) -> bool:
    """Whether `exc` is, or came out of, a Ctrl-C."""
    return isinstance(exc, KeyboardInterrupt) or _received.is_set()


def stop_if_interrupted() -> None:
    """Raise KeyboardInterrupt if Ctrl-C came since the handler was installed, even if it was swallowed.
    Outside remembering_interrupts() it does nothing: a Ctrl-C that stopped an earlier build in this
    process (a test, watch) must not stop the next one."""
    if _installed.is_set() and _received.is_set():
        raise KeyboardInterrupt
