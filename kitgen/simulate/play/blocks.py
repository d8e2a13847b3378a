"""The unit of work of a run: a block of BLOCK games, seeded from the run's seed and the game's
number, played where it is sent (this process, a pool worker, a Dask worker) with the same results.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.play.games import play_game
from kitgen.simulate.players import POLICIES

BLOCK = 50  # games a block: large enough that handing out a block costs little, small enough to share out

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Block:
    seed: int
    first: int  # the first game's number
    count: int
    policies: tuple[str, ...]  # a name per seat
    mcts_rollouts: int


def play_block(plan: Plan, block: Block) -> list[GameResult]:
    """The games of one block: a plain function of its arguments, as a Dask task must be."""
    policies = tuple(POLICIES[name] for name in block.policies)
    return [play_game(plan, block.seed * 2**32 + i, policies, block.mcts_rollouts)
            for i in range(block.first, block.first + block.count)]
