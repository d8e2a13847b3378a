"""The unit of work of a run: a block of BLOCK games, seeded from the run's seed and the game's
number, played where it is sent (this process, a pool worker, a Dask worker) with the same results:
by the engine with the rules vocabulary and the seats' players, `play(Table(plan, seed, policies, ACTIONS, budget))`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from kitgen.simulate.compile.plan import Plan, Step
from kitgen.simulate.engine.loop import GameResult, play
from kitgen.simulate.engine.record import TurnRecord
from kitgen.simulate.engine.table import Action, Table
from kitgen.simulate.players import POLICIES, Policy
from kitgen.simulate.players.marked import marked
from kitgen.simulate.players.standing import standing
from kitgen.simulate.players.strategy import strategy_policy
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
    mcts_iterations: int
    mcts_seconds: float = 0.0  # > 0: mcts's budget in seconds a decision (not deterministic)


def counted(act: Action) -> Action:
    """The step `act`, noting on the table that the step was taken (the coverage's firings)."""
    def taken(table: Table, seat: int, step: Step) -> None:
        table.fired.add(step.at)
        act(table, seat, step)
    return taken


# The registry the games of a run are played with: each step notes itself once taken, a set's add
# (a copy a player weighs on notes in a set of its own, thrown away)
COUNTED: dict[str, Action] = {do: counted(act) for do, act in ACTIONS.items()}


def seat_policies(plan: Plan, names: tuple[str, ...]) -> tuple[Policy, ...]:
    """A player per seat: kitgen's (POLICIES), or one of the game's strategies written as data."""
    return tuple(POLICIES[name] if name in POLICIES else strategy_policy(plan, name) for name in names)


def play_block(plan: Plan, block: Block) -> list[GameResult]:
    """The games of one block: a plain function of its arguments, as a Dask task must be."""
    policies = seat_policies(plan, block.policies)
    seeds = [block.seed * 2**32 + i for i in range(block.first, block.first + block.count)]
    # the coverage asks only whether each step was taken in some game: once every step of the plan
    # has been, the block's other games play with the registry that notes nothing (no call more a step)
    every, fired, results = set(range(len(plan.located))), set[int](), []
    for game, seed in enumerate(seeds, block.first):
        actions = ACTIONS if fired >= every else COUNTED
        result = play(table_for(plan, seed, game, policies, block.mcts_iterations, actions,
                              block.mcts_seconds))
        fired.update(result.fired)
        results.append(result)
    return results


def table_for(plan: Plan, seed: int, game: int, policies: tuple, budget: int,
              actions: dict[str, Action] = ACTIONS, seconds: float = 0.0) -> Table:
    """Game `game`'s table; one game in FEEL_EVERY keeps its turn record (the standings and choices
    the measures of feel are made from: report/feel.py), its seats' policies marking each real choice.
    The record does not change the game: the same answers, the same dice."""
    holder = game % len(policies)  # card impact's holder (plan.held), when the plan names one
    if game % FEEL_EVERY:
        return Table(plan, seed, policies, actions, budget, holder, seconds)
    table = Table(plan, seed, tuple(marked(policy) for policy in policies), actions, budget, holder, seconds)
    table.record = TurnRecord(table.players, standing)
    return table
