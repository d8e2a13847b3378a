"""Play the blocks of games on a Dask distributed cluster (`kitgen simulate --scheduler tcp://HOST:8786`,
`pip install 'kitgen[cluster]'`). Dask schedules; kitgen only submits one task per block and
gathers the results in block order, so the report is the local one, byte for byte.

kitgen trusts the scheduler and its workers, as Dask itself does: they run kitgen's code on the
plan they are sent and send back results that are used as they come. Point --scheduler only at a
cluster you run (Dask's own security, TLS and authentication, is configured in Dask).
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.play.blocks import Block, Progress, play_block


def play_on_cluster(address: str, plan: Plan, blocks: list[Block], progress: Progress | None) -> list[GameResult]:
    from distributed import Client  # the CLI has checked that it is installed (kitgen[cluster])

    total = sum(block.count for block in blocks)
    results: list[GameResult] = []
    with Client(address, set_as_default=False) as client:
        shared = client.scatter(plan, broadcast=True)  # the plan travels once to each worker, not once a block
        futures = [client.submit(play_block, shared, block, pure=False) for block in blocks]
        for future in futures:  # in block order, whichever worker finished first
            results += [GameResult(*result) for result in future.result()]
            if progress:
                progress(len(results), total)
    return results
