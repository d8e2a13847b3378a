"""The kitgen command line: the only package that prints or exits.

Every failure the user can cause ends as `file:line:col: error: message` lines and exit 1, never a
traceback. common.py holds the click group; each module registers its commands on it when it is
imported, which is when one of them is asked for (common.COMMANDS).
"""
from __future__ import annotations

import gc
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import click

__all__ = ["main", "run"]

COLLECTOR_PACE = (100_000, 10, 10)  # gc.set_threshold while a command runs: see run()


def run() -> None:
    """The program (`kitgen`, `python -m kitgen`): main(), with an interrupted command's exit 130 made final.

    A command stopped by Ctrl-C has said so and cleaned up when it raises SystemExit(130). If
    Python is then left to finish, CPython can still end the process by SIGINT instead (status -2
    to a parent process, not 130): a build interrupted 0.05-0.3 s after it began reading did so in
    24 of 60 runs (tests/integration/test_bad_input.py). Nothing is left to do at that point, so
    the process exits at once. Tests that call main() in process are not affected.

    The cyclic garbage collector runs after every 100,000 new objects instead of Python's 700: a
    command makes many objects and few cycles, and a collection walks again what the imports made
    (reportlab, Jinja) and what the command keeps. A cold Galactic Civ build spent ~40 ms of CPU
    collecting at 700, ~20 ms at 10,000, ~2 ms now (it imports and builds with no collection);
    its peak memory is the same, a 10,000-card deck's 87 -> 88 MB. When the command is over, what it
    made is frozen (gc.freeze): Python's exit no longer walks it all in one last collection to
    free memory the system takes back anyway (~30 ms of a cold build). Files are closed by then
    (every writer uses `with`), so no buffer waits on that collection."""
    gc.set_threshold(*COLLECTOR_PACE)  # before click is imported: its import paced too (~3 ms less)
    from kitgen.cli.common import main

    try:
        main()
    except SystemExit as exc:
        if exc.code != 130:
            gc.freeze()
            raise
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)


def __getattr__(name: str) -> click.Group:
    """`from kitgen.cli import main`: the click group (tests call it in process), imported when asked
    for, so that run() paces the garbage collector before click and the commands are imported."""
    if name == "main":
        from kitgen.cli.common import main

        return main
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
