"""Ctrl-C that is remembered even when a library swallows it.

reportlab turns a KeyboardInterrupt raised while it formats a PDF object into a KeyError
("forward reference ... not resolved"). The handler below records that the user asked to stop, so
the command line can report an interrupted build as one, whatever exception finally reaches it.
While the new kit is swapped in, a Ctrl-C waits (`deferring_interrupts`), and the swap is noted
(`note_kit_replaced`): the message then says what is on disk, the new kit or the previous one."""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

_received = threading.Event()
_installed = threading.Event()  # stop_if_interrupted() speaks only for the build the handler watches
_deferred = threading.Event()  # inside deferring_interrupts(): remember the Ctrl-C, raise it on the way out
_replaced = threading.Event()  # the new kit is in place: an interrupt from now on leaves it there


def _on_sigint(signum, frame) -> None:
    _received.set()
    if not _deferred.is_set():
        raise KeyboardInterrupt


@contextmanager
def remembering_interrupts() -> Iterator[None]:
    """While inside, Ctrl-C raises KeyboardInterrupt as usual and is also remembered."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _received.clear()
    _replaced.clear()
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


@contextmanager
def deferring_interrupts() -> Iterator[None]:
    """A Ctrl-C inside waits until the block is done (the swap of a kit is never cut in half),
    then is raised. Only where remembering_interrupts() installed the handler: elsewhere (a
    thread, a test calling the build directly) the block runs as it is."""
    if not _installed.is_set() or threading.current_thread() is not threading.main_thread():
        yield
        return
    _deferred.set()
    try:
        yield
    finally:
        _deferred.clear()
    stop_if_interrupted()


def note_kit_replaced() -> None:
    """The new kit is now where the previous one was."""
    _replaced.set()


def kit_replaced() -> bool:
    """Whether the build now stopping had already put its new kit in place."""
    return _replaced.is_set()
