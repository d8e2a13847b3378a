"""The unit of work of a run: a block of BLOCK games, seeded from the run's seed and the game's
number, played where it is sent (this process, a pool worker, a Dask worker) with the same results:
by the plan's rule module (play/games.rule_play), else by the engine with the rules vocabulary and
the seats' players, `play(Table(plan, seed, policies, ACTIONS, budget))`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import GameResult, play
from kitgen.simulate.engine.record import TurnRecord
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import rule_play
from kitgen.simulate.players import POLICIES
from kitgen.simulate.players.marked import marked
from kitgen.simulate.players.standing import standing
from kitgen.simulate.vocabulary import ACTIONS

BLOCK = 50  # games a block: large enough that handing out a block costs little, small enough to share out
# games 0, 16, 32 ... keep a turn record for the measures of feel: in-process the record costs about
# 8% of a greedy Galactic Civ game that keeps it, but one game in four made the whole command 13-15%
# slower in CPU (farm-bench, paired with main, 1,000 games; one in 10**9: +3%); one in 16 keeps the
# cost near 3%, and 2,000 games still give 125 recorded ones (bench/bench_simulate.py prints the cost)
FEEL_EVERY = 16

Progress = Callable[[int, int], None]


class Unfinished(Exception):
    """The games could not all be played (a cluster lost, or one that sent what kitgen refuses):
    `why` in one line, and the games that were played, the first ones in game order (the blocks
    finished from block 0 on), which are the games `--games len(finished)` plays."""

    def __init__(self, why: str, finished: list[GameResult], total: int):
        super().__init__(why)
        self.why, self.finished, self.total = why, finished, total


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
    seeds = [block.seed * 2**32 + i for i in range(block.first, block.first + block.count)]
    module_play = rule_play(plan)
    if module_play is not None:  # the plan's rule module plays its games
        return [module_play(plan, seed, policies, block.mcts_rollouts) for seed in seeds]
    return [play(table_for(plan, seed, game, policies, block.mcts_rollouts))
            for game, seed in enumerate(seeds, block.first)]


def table_for(plan: Plan, seed: int, game: int, policies: tuple, budget: int) -> Table:
    """Game `game`'s table; one game in FEEL_EVERY keeps its turn record (the standings and choices
    the measures of feel are made from: report/feel.py), its seats' policies marking each real choice.
    The record does not change the game: the same answers, the same dice."""
    if game % FEEL_EVERY:
        return Table(plan, seed, policies, ACTIONS, budget)
    table = Table(plan, seed, tuple(marked(policy) for policy in policies), ACTIONS, budget)
    table.record = TurnRecord(table.players, standing)
    return table
