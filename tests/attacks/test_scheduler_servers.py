"""Attacks on `kitgen simulate --scheduler` by what answers at the address: a server that accepts
and never answers, one that sends junk, one that announces a frame larger than memory, one that
hangs up, nothing listening. Each is one line within the time limit (--scheduler-timeout, 1 s
here), exit 1, no traceback and no word from Dask. kitgen runs in this process (no cluster lives in
it: kitgen refuses to unpickle while it talks to one, see play/guard.py)."""
from __future__ import annotations

import re
import socket
import struct
import threading
import time
from collections.abc import Iterator

import pytest

from tests.attacks.harness import assert_one_line, kitgen_in_process

pytest.importorskip("distributed")

LIMIT = 1.0  # seconds: --scheduler-timeout for these cases
BOUND = 15  # seconds a case may take in all: reading the game, importing Dask, and the limit (twice at most)
HUGE_FRAME = struct.pack("<Q", 2**62)  # Dask's first 8 bytes: the length of what follows
JUNK = b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"
SHORT_JUNK = struct.pack("<Q", 24) + b"\x01" * 24  # a length that fits, then no Dask frames


class FakeServer:
    """Accepts every connection on 127.0.0.1, sends `payload`, then holds it open (or hangs up)."""

    def __init__(self, payload: bytes, hang_up: bool = False):
        self.payload, self.hang_up, self.held = payload, hang_up, []
        self.socket = socket.create_server(("127.0.0.1", 0))
        self.address = f"tcp://127.0.0.1:{self.socket.getsockname()[1]}"
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self) -> None:
        while True:
            try:
                connection, _ = self.socket.accept()
            except OSError:  # closed at the end of the test
                return
            if self.payload:
                connection.sendall(self.payload)
            if self.hang_up:
                connection.close()
            else:
                self.held.append(connection)

    def close(self) -> None:
        self.socket.close()
        for connection in self.held:
            connection.close()


@pytest.fixture
def server(request) -> Iterator[FakeServer]:
    fake = FakeServer(*request.param)
    yield fake
    fake.close()


def simulate_on(address: str, *more: str):
    return kitgen_in_process("simulate", "galactic-civ", "--games", "100", "-q", "--scheduler", address,
                             "--scheduler-timeout", str(LIMIT), *more)


def refused(detail: str) -> re.Pattern[str]:
    return re.compile(rf"galactic-civ: error: {detail}; none of the 100 games was played")


@pytest.mark.parametrize("server, line", [
    ((b"",), r"the scheduler at tcp://127\.0\.0\.1:\d+ did not answer within 1 s"),
    ((JUNK,), r"the scheduler at tcp://127\.0\.0\.1:\d+ announced a message larger than this machine's memory "
              r"\(not a Dask scheduler's answer\)"),
    ((HUGE_FRAME,), r"the scheduler at tcp://127\.0\.0\.1:\d+ announced a message larger than this machine's memory "
                    r"\(not a Dask scheduler's answer\)"),
    ((SHORT_JUNK,), r"the scheduler at tcp://127\.0\.0\.1:\d+ sent what kitgen cannot read, not a Dask scheduler's "
                    r"answer \(.*\)"),
    ((b"", True), r"((cannot connect to|lost) the scheduler at tcp://127\.0\.0\.1:\d+(: | \().*|the scheduler at "
                  r"tcp://127\.0\.0\.1:\d+ did not answer within 1 s)"),  # Dask may try again until the limit
], indirect=["server"], ids=["silent", "junk", "huge-frame", "short-junk", "hangs-up"])
def test_scheduler__what_answers_is_not_dask_one_line_within_the_limit(server, line):
    start = time.monotonic()
    run = simulate_on(server.address)
    assert_one_line(run, refused(line), seconds=BOUND)
    assert time.monotonic() - start < BOUND


def test_scheduler__nothing_listening_is_said_at_once():
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
    run = simulate_on(f"tcp://127.0.0.1:{port}")  # closed again: nothing listens there now
    assert_one_line(run, refused(rf"cannot connect to the scheduler at tcp://127\.0\.0\.1:{port}: Connection refused"),
                    seconds=BOUND)


def test_scheduler__a_trusted_one_on_another_machine_is_tried_and_one_line_within_the_limit():
    """No Dask scheduler runs at a documentation address: unreachable, or (behind a proxy that
    answers any port) not Dask; whichever this machine's network gives, one line in time."""
    run = simulate_on("tcp://203.0.113.5:8786", "--trust-scheduler")
    assert_one_line(run, refused(r"(the scheduler at|cannot connect to the scheduler at) tcp://203\.0\.113\.5:8786.*"),
                    seconds=BOUND)
