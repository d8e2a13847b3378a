"""What `kitgen simulate` costs before and around its games (issue 37, speed): a local run imports no
cluster machinery, starts one worker per core it may use, not per core of the machine, and plays
every run of games of a report (player counts, card impact, the ladder) on one pool (play/pool.py)."""
from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from kitgen.simulate.experiments.impact import held_plan
from kitgen.simulate.play import run
from kitgen.simulate.play.blocks import BLOCK, Block
from kitgen.simulate.play.pool import kept_workers, pieces
from kitgen.simulate.play.run import Settings, cores, play_games

ROOT = Path(__file__).resolve().parents[2]

# a local run, as a designer types it, then what it imported: asyncio and logging come with the
# Dask machinery (play/cluster.py), sockets with a scheduler's address (play/address.py)
LOCAL_RUN = """
import sys
from kitgen.cli import main
try:
    main(["-q", "simulate", "galactic-civ", "--games", "2", "--workers", "1", "--json"], standalone_mode=False)
finally:
    sys.stdout.flush()
print("IMPORTED", " ".join(name for name in ("asyncio", "socket", "logging", "kitgen.simulate.play.cluster",
                                             "kitgen.simulate.play.address") if name in sys.modules))
"""


def test_startup__a_local_run_imports_no_cluster_machinery():
    done = subprocess.run([sys.executable, "-c", LOCAL_RUN], cwd=ROOT, capture_output=True, text=True, check=True)
    line = done.stdout.strip().splitlines()[-1]
    assert line == "IMPORTED", line  # each name listed was imported for nothing (about 20 ms of a start)


def test_workers__one_per_core_the_process_may_use(monkeypatch):
    monkeypatch.setattr(run.os, "sched_getaffinity", lambda pid: {3}, raising=False)
    monkeypatch.setattr(run.os, "cpu_count", lambda: 64)
    assert cores() == 1


def test_workers__a_process_on_one_core_plays_without_a_pool(monkeypatch):
    import multiprocessing

    from kitgen.load import load_game
    from kitgen.simulate.play.games import plan_game

    monkeypatch.setattr(run.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    monkeypatch.setattr(run.os, "cpu_count", lambda: 8)

    def no_pool(*args, **kwargs):
        raise AssertionError("a pool of workers for one core")

    monkeypatch.setattr(multiprocessing, "get_context", no_pool)
    plan = plan_game(load_game(ROOT / "tests" / "fixtures" / "vocab" / "skirmish"))
    results = play_games(plan, Settings(games=51, players=2, seed=1, policies=("random",)))  # two blocks
    assert len(results) == 51


def test_pool__pieces_cover_the_same_games_in_order_and_share_a_small_call_out():
    work = [Block(1, 0, BLOCK, ("greedy",), 64), Block(1, BLOCK, 7, ("greedy",), 64)]
    cut = pieces(work, 2)
    assert [g for b in cut for g in range(b.first, b.first + b.count)] == list(range(BLOCK + 7))
    assert [b.count for b in cut] == [29, 21, 7]  # a worker's share, 29 games, where a block held 50
    one = [Block(1, 0, 25, ("greedy",), 64)]  # a seat of a rung of the ladder at 4 players: both cores play it
    assert [b.count for b in pieces(one, 2)] == [13, 12]
    big = [Block(1, first, BLOCK, ("greedy",), 64) for first in range(0, 2000, BLOCK)]
    assert pieces(big, 2) == big  # 2,000 games: the blocks as they are


def test_pool__a_run_plays_every_call_on_one_pool_with_the_same_results(monkeypatch):
    import multiprocessing

    from kitgen.load import load_game
    from kitgen.simulate.play.games import plan_game

    plan = plan_game(load_game(ROOT / "tests" / "fixtures" / "vocab" / "skirmish"))
    deck = next(iter(plan.decks))
    other = held_plan(plan, deck, frozenset(plan.decks[deck][:1]))  # another plan, as card impact plays
    settings = Settings(games=51, players=2, seed=1, policies=("random",), workers=2)
    alone = [play_games(plan, dataclasses.replace(settings, workers=1)),
             play_games(other, dataclasses.replace(settings, workers=1), 20)]
    started = []
    real = multiprocessing.get_context

    def counted(method=None):
        context = real(method)
        started.append(method)
        return context

    monkeypatch.setattr(multiprocessing, "get_context", counted)
    with kept_workers(2):
        kept = [play_games(plan, settings), play_games(other, settings, 20)]  # 20 games: one block, on the pool too
    # the same games; the steps each game notes for the coverage depend on its piece, their union does not
    assert [[r._replace(fired=()) for r in call] for call in kept] == [[r._replace(fired=()) for r in call]
                                                                       for call in alone]
    assert [{i for r in call for i in r.fired} for call in kept] == [{i for r in call for i in r.fired} for call in alone]
    assert len(started) == 1  # one pool for both calls


def _ctrl_c_as_the_pool_starts(monkeypatch) -> list:
    """Each pool started from now on gets a Ctrl-C as its start begins; the pools made are listed."""
    import multiprocessing.pool
    import os
    import signal

    made: list = []
    real = multiprocessing.pool.Pool

    class Interrupted(real):  # type: ignore[misc,valid-type]
        def __init__(self, *args, **kwargs):
            os.kill(os.getpid(), signal.SIGINT)
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(multiprocessing.pool, "Pool", Interrupted)
    return made


@pytest.mark.skipif(__import__("os").name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("kept", [False, True], ids=["a-call's-pool", "the-run's-kept-pool"])
def test_pool__a_ctrl_c_while_the_workers_start_comes_once_they_have_and_the_pool_is_stopped(monkeypatch, kept):
    """Ctrl-C that interrupted a pool's start half-way left workers that kitgen waited on for ever."""
    import multiprocessing

    from kitgen.load import load_game
    from kitgen.simulate.play.games import plan_game

    plan = plan_game(load_game(ROOT / "tests" / "fixtures" / "vocab" / "skirmish"))
    made = _ctrl_c_as_the_pool_starts(monkeypatch)
    settings = Settings(games=60, players=2, seed=1, policies=("random",), workers=2)
    with pytest.raises(KeyboardInterrupt):
        if kept:
            with kept_workers(2):
                play_games(plan, settings)
        else:
            play_games(plan, settings)
    assert len(made) == 1, "the Ctrl-C stopped the pool's start half-way"
    workers = {process.pid for process in made[0]._pool}
    assert not workers & {process.pid for process in multiprocessing.active_children()}, "workers left running"


if __name__ == "__main__":
    pytest.main([__file__])
