"""Play many games: in this process, on every core, or on a Dask cluster, with the same results
for the same seed however the work is split. Stdlib only (Dask is imported by play/cluster.py, if asked).

Game i is seeded with seed * 2**32 + i, and the games are cut into fixed blocks of BLOCK games
(block b plays games b * BLOCK ...), so how many processes or workers play them changes nothing
but the time: results come back in game order.
"""
from __future__ import annotations

import difflib
import os
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.play.blocks import BLOCK, Block, Progress, play_block
from kitgen.simulate.play.pool import ignore_interrupt, interrupt_held, kept_pool, kept_workers, play_kept
from kitgen.simulate.players import POLICIES

if TYPE_CHECKING:  # sockets and addresses are imported for a cluster only (cli/simulate reads --scheduler)
    from kitgen.simulate.play.address import Address


@dataclass(frozen=True)
class Settings:
    games: int = 1000
    players: int = 4
    seed: int = 1
    policies: tuple[str, ...] = ("greedy",)  # one for all seats, or one per seat
    workers: int = 0  # 0: one per core
    without: tuple[str, ...] = ()  # optional rules left out
    scheduler: Address | None = None  # a Dask scheduler's (tcp://HOST:8786), checked and trusted: play the blocks there
    mcts_iterations: int = 16  # mcts: iterations a decision (the budget; deterministic)
    mcts_seconds: float = 0.0  # > 0: mcts thinks this many seconds a decision instead (not deterministic)
    scheduler_timeout: float = 30.0  # seconds a scheduler may take to answer (play/cluster.py)

    def seat_policies(self) -> tuple[str, ...]:
        names = self.policies * self.players if len(self.policies) == 1 else self.policies
        if len(names) != self.players:
            raise ValueError(f"{len(names)} policies for {self.players} players: give one, or one per seat")
        return names


def unknown_policy(name: str, strategies: list[str] | None = None) -> str:
    """'' for a known player (kitgen's, or one of the game's `strategies`), else what to say."""
    known = sorted(POLICIES) + sorted(strategies or [])
    if name in known:
        return ""
    close = difflib.get_close_matches(name, known, n=1)
    return f"unknown policy '{name}'" + (f" (did you mean '{close[0]}'?)" if close else "") + \
        f"; known: {', '.join(known)}"


def blocks(settings: Settings, games: int | None = None) -> list[Block]:
    total = settings.games if games is None else games
    names = settings.seat_policies()
    return [Block(settings.seed, first, min(BLOCK, total - first), names, settings.mcts_iterations,
                  settings.mcts_seconds)
            for first in range(0, total, BLOCK)]


@contextmanager
def kept_run(settings: Settings) -> Iterator[None]:
    """While entered, every play_games of the run plays on one pool of workers (play/pool.py), or
    through one client of the cluster (play/cluster.kept_client), not one started for each call."""
    if settings.scheduler:
        from kitgen.simulate.play.cluster import kept_client

        with kept_client(settings.scheduler, settings.scheduler_timeout):
            yield
    else:
        with kept_workers(settings.workers or cores()):
            yield


def play_games(plan: Plan, settings: Settings, games: int | None = None,
               progress: Progress | None = None) -> list[GameResult]:
    """The results of games 0 .. games-1 (settings.games by default), in game order."""
    work = blocks(settings, games)
    total = sum(block.count for block in work)
    if progress:
        progress(0, total)  # what is to be played, said before the first block is done
    if settings.scheduler:
        from kitgen.simulate.play.cluster import play_on_cluster

        return play_on_cluster(settings.scheduler, plan, work, progress, settings.scheduler_timeout)
    workers = settings.workers or min(cores(), len(work))
    kept = kept_pool(workers)
    if kept is not None:  # a run's pool (play/pool.py): no pool started and stopped for each call
        return play_kept(kept, plan, work, progress)
    results: list[GameResult] = []
    if workers <= 1:
        for block in work:
            results += play_block(plan, block)
            if progress:
                progress(len(results), total)
        return results
    import multiprocessing

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    pool = None
    try:
        with interrupt_held():  # no Ctrl-C while the workers are forked: it comes just after
            pool = context.Pool(workers, initializer=_adopt_plan, initargs=(plan,))
        for chunk in pool.imap(_play_adopted, work):  # in order: the sum does not depend on who played
            results += chunk
            if progress:
                progress(len(results), total)
    finally:
        if pool is not None:
            pool.terminate()
    return results


def cores() -> int:
    """The processors this process may run on (taskset, a container's cpuset): one worker each. The
    machine's count (os.cpu_count) would start more workers than cores where fewer are allowed."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


# A pool worker's plan, given once when the worker starts (forked: inherited, not pickled). Sent with
# every block instead, the plan was pickled 40 times for 2,000 games and each block rebuilt what the
# plan keeps for its games (schedule, greedy's card keys): 2 workers spent 39% more CPU than one.
# Only pool workers write or read it; the process that runs kitgen never does.
_POOL_PLAN: dict[str, Plan] = {}


def _adopt_plan(plan: Plan) -> None:
    ignore_interrupt()  # Ctrl-C is kitgen's, which stops the pool and says what was played
    _POOL_PLAN["plan"] = plan


def _play_adopted(block: Block) -> list[GameResult]:
    return play_block(_POOL_PLAN["plan"], block)
