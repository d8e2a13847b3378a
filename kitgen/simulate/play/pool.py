"""One pool of worker processes for a whole run (`with kept_workers(count):`): every run of games in
it (each player count, each card and variant of card impact, each seat of each rung of the ladder)
plays on the same processes instead of starting a pool of its own. Stdlib only.

Measured on Galactic Civ (2 cores, a shared machine): a pool of 2 workers started, used once and
stopped cost about 14 ms of CPU, and the call waited for it; card impact made two calls a card (172
pools for Galactic Civ's 86 cards). The ladder's calls of 50 games at 2 players (a seat of a rung)
were one block each, so they played on one core.

A kept pool's workers were forked before the plans they play existed, so each call's plan is sent:
pickled once per call (without its cache), with every block (some 33 KB for Galactic Civ), and read
by a worker once per call (the `token` says which call a block is of). A call of fewer blocks than
workers is cut into smaller pieces, one a worker, so that every core plays it (pieces smaller still
cost more CPU than they saved in waiting: a block counts the steps taken, for the coverage, until
every step has been, and a small block counts a larger share of its games). Results do not depend on the pieces: game i is seeded by its number, and the coverage
reads the union of the steps taken (play/blocks.play_block).
"""
from __future__ import annotations

import dataclasses
import itertools
import math
import pickle
import signal
import threading
import time
from contextlib import contextmanager
from typing import Any, Iterator

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.play.blocks import BLOCK, Block, Progress, play_block



@dataclasses.dataclass
class Kept:
    count: int  # workers
    pool: Any = None  # a multiprocessing Pool, started by the first call that needs one


_KEPT: list[Kept] = []  # the run's pool while kept_workers is entered (in the process that runs kitgen)
_TOKENS = itertools.count(1)


@contextmanager
def kept_workers(count: int) -> Iterator[None]:
    """While entered, play/run.play_games plays every call of two blocks or more on one pool of
    `count` workers (none for 1), started when first needed and stopped on leaving."""
    kept = Kept(count)
    _KEPT.append(kept)
    try:
        yield
    finally:
        _KEPT.remove(kept)
        if kept.pool is not None:
            kept.pool.terminate()
            kept.pool.join()


def kept_pool(wanted: int) -> Kept | None:
    """The run's kept pool, when a call that wants `wanted` workers is to play on it."""
    kept = _KEPT[-1] if _KEPT else None
    if kept is None or kept.count <= 1 or (kept.pool is None and wanted <= 1):
        return None
    return kept


def play_kept(kept: Kept, plan: Plan, work: list[Block], progress: Progress | None) -> list[GameResult]:
    """The games of `work` on the kept pool, in game order."""
    if kept.pool is None:
        import multiprocessing

        methods = multiprocessing.get_all_start_methods()
        with interrupt_held():  # a Ctrl-C meanwhile is raised after: kept_workers stops the pool
            kept.pool = multiprocessing.get_context("fork" if "fork" in methods else "spawn").Pool(
                kept.count, initializer=ignore_interrupt)
    sent = pickle.dumps(dataclasses.replace(plan, cache={}), protocol=pickle.HIGHEST_PROTOCOL)
    token, total, results = next(_TOKENS), sum(block.count for block in work), []
    tasks = [(token, sent, piece) for piece in pieces(work, kept.count)]
    for chunk, spent in kept.pool.imap(_play_sent, tasks):  # in order: the sum does not depend on who played
        results += chunk
        _SPENT[0] += spent
        if progress:
            progress(len(results), total)
    return results


def pieces(work: list[Block], workers: int) -> list[Block]:
    """The blocks, cut into pieces of a worker's share of the games when that is less than a block."""
    total = sum(block.count for block in work)
    size = max(1, min(BLOCK, math.ceil(total / workers)))
    return [dataclasses.replace(block, first=first, count=min(size, block.first + block.count - first))
            for block in work for first in range(block.first, block.first + block.count, size)]


def ignore_interrupt() -> None:
    # Ctrl-C reaches every process of the terminal's group: a worker leaves it to kitgen, which
    # stops the pool and says what was played, instead of each worker printing its traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def interrupt_held() -> Iterator[None]:
    """Ctrl-C held back while a pool's workers are forked, and raised as soon as they are.

    A Ctrl-C that came while a pool started stopped the start half-way, and reached a worker forked
    before it had said it leaves Ctrl-C to kitgen (ignore_interrupt), which printed its traceback.
    Meanwhile a Ctrl-C is only noted, here and in a worker forked meanwhile; then it is raised as
    the handler before would have (once the pool is the caller's to stop). A handler, not a signal
    mask: a mask holds a signal back from one thread, and the kernel gives it to another."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, frame: came.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if came and callable(previous):
        previous(signal.SIGINT, None)  # Python's own raises KeyboardInterrupt; kit/interrupt's notes it too


# A kept pool worker's plan: the last call's, read once (a call's blocks share its caches). Only
# pool workers write or read it; the process that runs kitgen never does.
_WORKER_PLAN: dict[str, Any] = {}


def _play_sent(task: tuple[int, bytes, Block]) -> tuple[list[GameResult], float]:
    """A piece's games, and the CPU seconds the worker spent on them."""
    started = time.process_time()
    token, sent, block = task
    if _WORKER_PLAN.get("token") != token:
        _WORKER_PLAN.update(token=token, plan=pickle.loads(sent))  # noqa: S301  (kitgen's own pickle of its plan)
    return play_block(_WORKER_PLAN["plan"], block), time.process_time() - started


# CPU seconds the kept pool's workers spent on the games they sent back (this process's sum): a
# worker of a kept pool lives until the run ends, so the operating system's count of its children
# (getrusage's RUSAGE_CHILDREN) does not hold its time while the run asks (the ladder's cost a rung).
_SPENT = [0.0]


def workers_seconds() -> float:
    """CPU seconds the run's kept pool's workers have spent on games so far (0 without one)."""
    return _SPENT[0]
