"""Play the blocks of games on a Dask distributed cluster (`kitgen simulate --scheduler tcp://HOST:8786`,
`pip install 'kitgen[cluster]'`). Dask schedules; kitgen submits one task per block and puts the
results together in block order, so the report is the local one, byte for byte.

The cluster is trusted to run kitgen's code with the game's data (the CLI connects only to a
scheduler on this machine unless the user says they run it: `trusted`), but what it sends back is
not: results come back as plain lists of numbers (play/answers.py, checked before use), nothing it
sends is unpickled into code (play/guard.py), and every wait has a time limit (`seconds`): to
connect, for the scheduler to answer a check (made every `seconds / 2` without a block finished) while
the games are played, and for the cluster to have a worker. Whatever goes wrong ends as blocks.Unfinished: one line, and the games
that were finished.
"""
from __future__ import annotations

import asyncio
import logging
import os
from contextlib import contextmanager, suppress
from typing import Any, Iterator

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.play.address import Address
from kitgen.simulate.play.answers import play_plain, read_plain
from kitgen.simulate.play.blocks import Block, Progress, Unfinished
from kitgen.simulate.play.guard import refused, refusing

_KEPT: list[_Kept] = []  # the run's client while kept_client is entered (in the process that runs kitgen)
POLL = 0.05  # seconds between looks at the blocks' states (a block of 50 games takes 0.1 s or more)
TRUST = ("it and its workers run kitgen's code with this game's data and send the results back "
         "(checked as plain numbers; nothing they send is run as code)")


def trusted(address: Address, trust: bool) -> str:
    """'' when kitgen may use the scheduler at `address`, else why not (one line): a scheduler on
    another machine is used only when the user says they run it (--trust-scheduler), or over
    tls:// with Dask's TLS certificates, which prove it is theirs."""
    if address.scheme == "tls":
        return _tls_settings()
    if address.local or trust:
        return ""
    return (f"{address} is not on this machine ({', '.join(address.resolved[:3])}): {TRUST}; "
            "pass --trust-scheduler if you run that cluster, or use tls:// with Dask's TLS certificates")


def _tls_settings() -> str:
    from distributed import Security  # reads Dask's configuration: distributed.comm.tls.*

    security = Security()
    needed = {"distributed.comm.tls.ca-file": getattr(security, "tls_ca_file", None),  # set from the configuration
              "distributed.comm.tls.client.cert": getattr(security, "tls_client_cert", None)}
    missing = [name for name, value in needed.items() if not value]
    if missing:
        return f"tls:// needs Dask's TLS settings ({', '.join(missing)} not set): see Dask's security documentation"
    return ""


class _Kept:
    """A run's one connection to the scheduler: the event loop its client lives on, and the client
    (None until the first call connects, and again after a call failed)."""

    def __init__(self, address: Address, seconds: float):
        self.address, self.seconds = address, seconds
        self.runner = asyncio.Runner()
        self.client: Any = None

    def close(self) -> None:
        with refusing(), _dask_quiet(), suppress(Exception, asyncio.CancelledError):
            if self.client is not None:
                self.runner.run(asyncio.wait_for(self.client.close(), self.seconds))
        self.runner.close()


@contextmanager
def kept_client(address: Address, seconds: float) -> Iterator[None]:
    """While entered, every play_on_cluster to `address` plays through one client, connected when
    first needed and closed on leaving: kitgen tune's evaluations and card impact's cards each
    played on a client of their own, a connection and handshake apiece (play/run.kept_run)."""
    kept = _Kept(address, seconds)
    _KEPT.append(kept)
    try:
        yield
    finally:
        _KEPT.remove(kept)
        kept.close()


def play_on_cluster(address: Address, plan: Plan, blocks: list[Block], progress: Progress | None,
                    seconds: float) -> list[GameResult]:
    """The games of `blocks` in game order, played on the cluster; Unfinished if they cannot all be."""
    import distributed  # noqa: F401  imported before the guard: importing it unpickles its own objects (dask.delayed)

    kept = _KEPT[-1] if _KEPT and _KEPT[-1].address == address else None
    run = _Run(address, plan, blocks, progress, seconds, kept)
    with refusing(), _dask_quiet():
        try:
            return kept.runner.run(run.play()) if kept is not None else asyncio.run(run.play())
        except Unfinished:
            raise
        except (Exception, asyncio.CancelledError) as exc:  # Dask's own errors, and ours, become one line
            raise Unfinished(run.failed(exc), run.finished(), run.total) from None


class _Run:
    """One run's connection and what has come back: the blocks finished, by block number."""

    def __init__(self, address: Address, plan: Plan, blocks: list[Block], progress: Progress | None, seconds: float,
                 kept: _Kept | None = None):
        self.address, self.plan, self.blocks, self.progress, self.seconds = address, plan, blocks, progress, seconds
        self.kept = kept  # the run's client, when one is kept (kept_client)
        self.total = sum(block.count for block in blocks)
        self.done: dict[int, list[GameResult]] = {}
        self.stage = "connect"

    async def play(self) -> list[GameResult]:
        from distributed import Client

        client: Any = self.kept.client if self.kept is not None else None
        done = False
        if client is None:
            await asyncio.wait_for(_reachable(self.address), self.seconds)  # nothing listening: said at once
            client = Client(self.address.target, asynchronous=True, set_as_default=False, timeout=self.seconds,
                            deserializers=["msgpack"])  # results as msgpack only: never an object to unpickle
        try:
            if self.kept is None or self.kept.client is None:
                await asyncio.wait_for(_started(client), self.seconds)
            self.stage = "workers"
            await asyncio.wait_for(client.wait_for_workers(1), self.seconds)
            self.stage = "send"
            shared = await asyncio.wait_for(client.scatter(self.plan, broadcast=True, hash=False), self.seconds)
            self.stage = "play"
            # Held here only until taken: a block's games then leave the cluster's memory (the scheduler forgets it)
            await self.collect(client, {index: client.submit(play_plain, shared, block, pure=False)
                                        for index, block in enumerate(self.blocks)})
            done = True
        finally:
            if self.kept is not None:  # kept for the run's next call; a client that failed is not
                self.kept.client = client if done else None
            if not done or self.kept is None:
                with suppress(Exception, asyncio.CancelledError):
                    await asyncio.wait_for(client.close(), self.seconds)
        return self.finished()

    async def collect(self, client: Any, pending: dict[int, Any]) -> None:
        """Each block's games as they finish, checked; the scheduler checked whenever half the time
        limit passes with no block finished."""
        loop = asyncio.get_running_loop()
        quiet_since = checked = loop.time()
        no_worker_since: float | None = None
        while pending:
            if refused():
                raise _Refused()
            ready = [index for index, future in pending.items() if future.status != "pending"]
            for index in ready:
                await self.take(client, index, pending.pop(index))
                quiet_since = checked = loop.time()
            if not ready:
                await asyncio.sleep(POLL)
            if loop.time() - max(quiet_since, checked) >= self.seconds / 2:
                workers = await self.check(client)
                no_worker_since = None if workers else (no_worker_since or loop.time())
                if no_worker_since is not None and loop.time() - no_worker_since >= self.seconds:
                    raise _Failed(f"the cluster at {self.address} has had no worker for {self.seconds:g} s")
                checked = loop.time()

    async def take(self, client: Any, index: int, future: Any) -> None:
        block = self.blocks[index]
        if future.status != "finished":  # erred, cancelled or lost: say the scheduler or the workers are gone if they are
            if not await self.check(client):
                raise _Failed(f"the cluster at {self.address} has no worker left (games {_span(block)}: {future.status})")
            raise _Failed(f"the cluster at {self.address} could not play games {_span(block)} (Dask says: {future.status})")
        answer = await asyncio.wait_for(client.gather(future), self.seconds)
        try:
            self.done[index] = read_plain(answer, self.plan, block)
        except ValueError as exc:
            raise _Failed(f"the cluster at {self.address} sent games {_span(block)} that are not kitgen's: {exc}") \
                from None
        if self.progress:
            self.progress(sum(map(len, self.done.values())), self.total)

    async def check(self, client: Any) -> int:
        """The scheduler's number of workers, asked within the time limit (half of it was too short for a
        scheduler on a machine at load 20: a busy scheduler is not a lost one)."""
        self.stage = "check"
        try:
            info = await asyncio.wait_for(client.scheduler.identity(), self.seconds)
        except (asyncio.TimeoutError, OSError):  # no answer: a scheduler gone says so at once when asked anew
            await asyncio.wait_for(_reachable(self.address), self.seconds / 2)
            raise
        self.stage = "play"
        workers = info.get("n_workers", len(info.get("workers") or ())) if isinstance(info, dict) else None
        if type(workers) is not int:
            raise _Failed(f"the scheduler at {self.address} answered a check with something that is not Dask's")
        return workers

    def finished(self) -> list[GameResult]:
        """The games of the blocks finished from block 0 on, in game order."""
        games: list[GameResult] = []
        for index in range(len(self.blocks)):
            if index not in self.done:
                break
            games += self.done[index]
        return games

    def failed(self, exc: BaseException) -> str:
        """What went wrong, in one line, from the exception and the stage it came in."""
        where = f"the scheduler at {self.address}"
        if refused() or isinstance(exc, _Refused):
            return (f"the cluster at {self.address} sent an object to unpickle ({refused() or 'a pickle'}), "
                    "which could run code on this machine: kitgen takes only plain numbers from a cluster")
        if isinstance(exc, _Failed):
            return str(exc)
        if isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
            return {"connect": f"{where} did not answer within {self.seconds:g} s",
                    "workers": f"the cluster at {self.address} has no worker (waited {self.seconds:g} s)",
                    "send": f"the cluster at {self.address} did not take the game within {self.seconds:g} s",
                    }.get(self.stage, f"{where} stopped answering: no answer within {self.seconds:g} s")
        if isinstance(exc, MemoryError):
            return f"{where} announced a message larger than this machine's memory (not a Dask scheduler's answer)"
        if isinstance(exc, OSError) and self.stage == "connect":
            return f"cannot connect to {where}: {_text(exc)}"
        if isinstance(exc, OSError) and self.stage == "check":
            return f"lost {where}: {_text(exc)}"
        if isinstance(exc, (OSError, asyncio.CancelledError)) or type(exc).__name__ == "CommClosedError":
            return f"lost {where} ({_text(exc)})"
        return f"{where} sent what kitgen cannot read, not a Dask scheduler's answer ({type(exc).__name__}: {_text(exc)})"


class _Failed(Exception):
    """A failure already said in one line."""


class _Refused(Exception):
    """The guard refused to unpickle something the cluster sent."""


async def _started(client: Any) -> None:
    await client


async def _reachable(address: Address) -> None:
    """A TCP connection to the scheduler's port, closed at once: Dask retries a refused connection
    until its time limit, where this says at once that nothing listens there."""
    host, _, port = address.target.partition("://")[2].rpartition(":")
    _, writer = await asyncio.open_connection(host.strip("[]"), int(port))
    writer.close()


def _span(block: Block) -> str:
    return f"{block.first + 1:,}-{block.first + block.count:,}"


def _text(exc: BaseException) -> str:
    """The first cause's words (Dask wraps a reset connection in its own error, naming both ends)."""
    while exc.__cause__ is not None:
        exc = exc.__cause__
    if isinstance(exc, OSError) and exc.errno:
        return os.strerror(exc.errno)
    text = " ".join(str(exc).split())
    return (text[:200] + "...") if len(text) > 200 else text or type(exc).__name__


@contextmanager
def _dask_quiet() -> Iterator[None]:
    """Dask logs a peer's failures with their tracebacks on stderr (through loggers of its own levels
    and handlers), and asyncio those of Dask's tasks; kitgen says a failure in one line, so nothing
    is logged while it talks to a cluster."""
    before = logging.root.manager.disable
    logging.disable(logging.CRITICAL)
    try:
        yield
    finally:
        logging.disable(before)
