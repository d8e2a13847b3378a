"""What `kitgen simulate` costs before and around its games (issue 37, speed): a local run imports no
cluster machinery, and starts one worker per core it may use, not per core of the machine."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kitgen.simulate.play import run
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


if __name__ == "__main__":
    pytest.main([__file__])
