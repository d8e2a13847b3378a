"""What one played game comes to (GameResult), as every loop returns it. Stdlib only."""
from __future__ import annotations

from typing import NamedTuple

from kitgen.simulate.engine.table import Table


class GameResult(NamedTuple):
    winner: int  # seat, or -1: nobody won
    paths: tuple[int, ...]  # every victory path the winner met when it won (indices into Plan.paths)
    turn: int  # the turn the game ended in (a game of rounds: the rounds it played)
    factions: tuple[int, ...]  # per seat
    played: tuple[tuple[int, ...], ...]  # card indices each seat played, in order
    feel: tuple[int, ...] = ()  # the game's figures of feel (engine/record.GameFeel); (): not recorded
    # the steps taken at least once (Step.at, sorted), while they are counted (play/blocks: until every
    # step has been taken in the block): what the coverage asks
    fired: tuple[int, ...] = ()


def result(table: Table) -> GameResult:
    length = table.round if table.plan.rounds is not None else table.turn
    feel: tuple[int, ...] = ()
    if table.record is not None:  # the standings as a game won mid-turn ended (the turn's end never came)
        if table.winner >= 0 or not table.record.standings:
            table.record.turn_over(table.plan, table.values)
        feel = tuple(table.record.feel(table.winner))
    return GameResult(table.winner, table.paths, length, table.factions, tuple(tuple(p) for p in table.played), feel,
                      tuple(sorted(table.fired)))
