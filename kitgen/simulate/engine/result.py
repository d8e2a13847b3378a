"""What one played game comes to (GameResult), as every loop returns it. Stdlib only."""
from __future__ import annotations

from typing import NamedTuple

from kitgen.simulate.engine.table import Table


class GameResult(NamedTuple):
    winner: int  # seat, or -1: nobody won
    paths: tuple[int, ...]  # every victory path the winner met when it won (indices into Plan.paths)
    turn: int  # the game's length (length below): turns, or the rounds of a game of several rounds
    factions: tuple[int, ...]  # per seat
    played: tuple[tuple[int, ...], ...]  # card indices each seat played, in order
    feel: tuple[int, ...] = ()  # the game's figures of feel (engine/record.GameFeel); (): not recorded
    # the steps taken at least once (Step.at, sorted), while they are counted (play/blocks: until every
    # step has been taken in the block): what the coverage asks
    fired: tuple[int, ...] = ()
    held: int = 0  # card impact: 1 when the holder was given a copy of its card (Table.given), else 0


def result(table: Table) -> GameResult:
    feel: tuple[int, ...] = ()
    if table.record is not None:  # the standings as a game won mid-turn ended (the turn's end never came)
        if table.winner >= 0 or not table.record.standings:
            table.record.turn_over(table.plan, table.values)
        feel = tuple(table.record.feel(table.winner))
    return GameResult(table.winner, table.paths, length(table), table.factions, tuple(tuple(p) for p in table.played), feel,
                      tuple(sorted(table.fired)), int(table.given))


def length(table: Table) -> int:
    """How long the game was, in the report's unit (report/summary.length_unit): a turn counts once
    every player has gone. A game of several rounds counts its rounds; a game of one round its turns,
    where a turn of player-turns is one player's (Dominion's 4 players take 4 of them a turn: the turn
    the game ended in is the players' turns taken, over the players, rounded up)."""
    plan = table.plan
    if plan.rounds is None:
        return table.turn
    if plan.rounds.rounds != 1:
        return table.round
    if plan.turn_structure == "phase-by-phase":  # every player plays each turn (a trick)
        return table.turn
    return -(-table.turn // table.players)
