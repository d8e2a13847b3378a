"""Attacks on `kitgen simulate --scheduler` from a real Dask cluster (a LocalCluster in this process)
whose worker is rogue or whose scheduler goes away: kitgen (the real command, in a subprocess) never
unpickles what the cluster sends, checks every result, and ends in one line within its time limit,
keeping the games that finished. The worker plays kitgen's task by its name
(kitgen.simulate.play.answers.play_plain), so replacing that name here makes this cluster's worker
send what a test asks for."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

import pytest

from kitgen.simulate.play import answers
from tests.attacks.rogue import Evil
from tests.integration.test_bad_input import start_kitgen

distributed = pytest.importorskip("distributed")
ToPickle = pytest.importorskip("distributed.protocol.serialize").ToPickle  # a frame every reader unpickles

LIMIT = "4"  # --scheduler-timeout, seconds: at 1 s, and at 3 s with half of it to answer a check, a machine
# at load 20 left the scheduler (in this process, beside a worker playing games) 'stopped answering'
BOUND = 60  # seconds for a whole case on a busy machine: kitgen starts, imports Dask, plays 100 games
HONEST = answers.play_plain
ROGUE: dict = {"mode": "honest", "marker": "", "second": threading.Event(), "release": threading.Event()}


async def rogue_get_data(comm=None, keys=(), **_):
    """A worker's answer when asked for a result: a pickled object in place of the games (Dask's
    ToPickle frame, which every reader unpickles whatever its deserializers say)."""
    return {"status": "OK", "data": {key: ToPickle(Evil(ROGUE["marker"])) for key in keys}}


def rogue_play_plain(plan, block):
    """The worker's task, as each test wants it."""
    mode = ROGUE["mode"]
    if mode == "out-of-bounds":
        version, games = HONEST(plan, block)
        return [version, [[99, *game[1:]] for game in games]]
    if mode == "stop-after-first" and block.first > 0:
        ROGUE["second"].set()
        ROGUE["release"].wait(BOUND)  # the test takes the scheduler, the worker or kitgen away meanwhile
    return HONEST(plan, block)


@pytest.fixture(scope="module")
def rogue_worker() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(answers, "play_plain", rogue_play_plain)
        yield


def local_cluster():
    """A scheduler and one worker of one thread (blocks are played in order), in this process."""
    return distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                                    dashboard_address=None)


@pytest.fixture(scope="module")
def kept(rogue_worker) -> Iterator:
    """One cluster for the tests that leave it as they found it (a LocalCluster takes a second to start)."""
    local = local_cluster()
    yield local
    local.close(timeout=2)


@pytest.fixture
def rogue(rogue_worker, tmp_path) -> None:
    ROGUE.update(mode="honest", marker=str(tmp_path / "unpickled"))
    ROGUE["second"].clear()
    ROGUE["release"].clear()


@pytest.fixture
def cluster(rogue, rogue_worker) -> Iterator:
    """A cluster of its own, for a test that takes it apart or leaves its worker waiting."""
    local = local_cluster()
    yield local
    ROGUE["release"].set()
    with suppress(Exception):  # a cluster a test took apart: its workers no longer find the scheduler to say goodbye
        local.close(timeout=2)


def start(cluster, games: int = 100, *more: str) -> subprocess.Popen:
    return start_kitgen("simulate", "galactic-civ", "--games", str(games), "--players", "3", "--json", "-q",
                        "--scheduler", cluster.scheduler_address, "--scheduler-timeout", LIMIT, *more)


def finish(process: subprocess.Popen) -> tuple[int, str, str]:
    try:
        stdout, stderr = process.communicate(timeout=BOUND)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert "Traceback" not in stderr and "internal error" not in stderr, stderr
    return process.returncode, stdout, stderr


def one_line(stderr: str) -> str:
    lines = [line for line in stderr.splitlines() if line.strip() and not line.startswith("kitgen: ")]
    assert len(lines) == 1, f"expected one line:\n{stderr}"
    return lines[0]


def test_cluster__a_rogue_workers_pickle_never_runs_in_kitgen(kept, rogue):
    """A worker that answers with a pickle (unpickled, it writes down the process that did it): the
    scheduler unpickles it and sends it on; kitgen refuses it in one line, and never ran it."""
    worker = next(iter(kept.workers.values()))
    honest, worker.handlers["get_data"] = worker.handlers["get_data"], rogue_get_data
    try:
        process = start(kept, 50)
        code, stdout, stderr = finish(process)
    finally:
        worker.handlers["get_data"] = honest
    marker = Path(ROGUE["marker"])
    ran_in = marker.read_text().split() if marker.exists() else []
    assert ran_in, "the rogue worker's pickle was unpickled nowhere: the test tests nothing"
    assert str(process.pid) not in ran_in, f"kitgen ({process.pid}) unpickled the worker's object: {ran_in}"
    assert code == 1 and stdout == "", stderr
    assert re.fullmatch(r"galactic-civ: error: the cluster at tcp://127\.0\.0\.1:\d+ sent an object to unpickle "
                        r"\(tests\.attacks\.rogue\.revive\), which could run code on this machine: kitgen "
                        r"takes only plain numbers from a cluster; none of the 50 games was played", one_line(stderr)), stderr


def test_cluster__results_out_of_bounds_are_refused_before_use(kept, rogue):
    ROGUE["mode"] = "out-of-bounds"
    code, stdout, stderr = finish(start(kept, 50))
    assert code == 1 and stdout == "", stderr
    assert re.fullmatch(r"galactic-civ: error: the cluster at tcp://127\.0\.0\.1:\d+ sent games 1-50 that are not "
                        r"kitgen's: winner: '99' is not a whole number from -1 to 2; none of the 50 games was played",
                        one_line(stderr)), stderr


def stop_after_first_block(cluster, how) -> tuple[int, dict, str, float]:
    """kitgen plays 100 games (2 blocks); once the first is taken, `how(cluster, process)` strikes."""
    ROGUE["mode"] = "stop-after-first"
    process = start(cluster, 100)
    assert ROGUE["second"].wait(BOUND), "the second block never started"
    scheduler = cluster.scheduler
    deadline = time.monotonic() + BOUND
    while len(scheduler.tasks) > 2 and time.monotonic() < deadline:  # the plan, and the second block
        time.sleep(0.02)  # kitgen lets go of a block it has taken: the scheduler forgets it
    struck = time.monotonic()
    how(cluster, process)
    code, stdout, stderr = finish(process)
    return code, json.loads(stdout) if stdout else {}, one_line(stderr), time.monotonic() - struck


def close_scheduler(cluster, process) -> None:
    cluster.sync(cluster.scheduler.close)


def freeze_scheduler(cluster, process) -> None:
    cluster.loop.add_callback(ROGUE["release"].wait, BOUND)  # the scheduler's thread blocks: it answers nothing


def close_worker(cluster, process) -> None:
    worker = next(iter(cluster.workers.values()))
    cluster.loop.add_callback(worker.close, executor_wait=False)


@pytest.mark.parametrize("how, why", [
    (close_scheduler, r"lost the scheduler at tcp://127\.0\.0\.1:\d+: Connection refused"),
    (freeze_scheduler, r"the scheduler at tcp://127\.0\.0\.1:\d+ stopped answering: no answer within "
                       + re.escape(f"{LIMIT} s")),
    (close_worker, r"the cluster at tcp://127\.0\.0\.1:\d+ has (had no worker for " + re.escape(LIMIT)
                   + r" s|no worker left \(games 51-100: \w+\))"),
], ids=["scheduler-closed", "scheduler-frozen", "worker-closed"])
def test_cluster__lost_mid_run_reports_the_games_finished_marked_partial(cluster, how, why):
    """What a user wants of a long run cut short: the report of the games that finished (the first
    50 here: the same report as --games 50), marked PARTIAL, and one line saying what was not played."""
    code, report, line, seconds = stop_after_first_block(cluster, how)
    assert code == 1, line
    assert re.fullmatch(rf"galactic-civ: error: {why}; 50 of 100 games were played, and this is their report "
                        r"\(the same as --games 50\)", line), line
    assert report["games"] == 50 and report["provenance"]["options"]["--games"] == 50, report.get("games")
    assert report["cut_short"] == line.removeprefix("galactic-civ: error: ")
    assert seconds < 2 * float(LIMIT) + 5, f"{seconds:.1f} s after the cluster went, with a limit of {LIMIT} s"


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_cluster__ctrl_c_exits_130_saying_what_was_played(cluster):
    code, report, line, _ = stop_after_first_block(cluster, lambda _, process: process.send_signal(signal.SIGINT))
    assert code == 130 and report == {}, line
    assert line == "galactic-civ: error: interrupted after 50 of 100 games; no report was written", line
