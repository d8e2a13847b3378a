"""The one loop: a game played from its table, moment by moment of its schedule (setup is the
table's), each phase's steps taken from table.actions, the victories checked, until someone wins
or the turns run out. Stdlib only and deterministic (the table's one random.Random).
"""
from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple

from kitgen.simulate.engine.rounds import round_end, turn_over
from kitgen.simulate.engine.schedule import Ordered, schedule
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.victory import end_of_turn, extreme


class GameResult(NamedTuple):
    winner: int  # seat, or -1: nobody won
    paths: tuple[int, ...]  # every victory path the winner met when it won (indices into Plan.paths)
    turn: int  # the turn the game ended in
    factions: tuple[int, ...]  # per seat
    played: tuple[tuple[int, ...], ...]  # card indices each seat played, in order


def play(table: Table, start: int = 0, until_turn: int = 0) -> GameResult:
    """Play the schedule from moment `start` to the end (or to the end of turn `until_turn`).
    A phase is played here, not in a function of its own: this loop runs some 750 times a game,
    and most of its phases are a trigger that fails (a single highest or lowest score): such a
    moment changes nothing, not even the turn and moment kept on the table."""
    moments = schedule(table.plan, table.players)
    stop = len(moments)
    if until_turn:  # the moments are in turn order: the first of a later turn ends the loop
        stop = bisect_right(moments, until_turn, start, stop, key=lambda moment: moment.turn)
    vocabulary = table.state is not None  # the vocabulary's zones, flags, order of play, the end
    values, actions = table.values, table.actions  # values' rows change in place; the list is never replaced
    if vocabulary and (table.plan.vocabulary.order or table.plan.vocabulary.eliminate is not None):
        moments = Ordered(table, moments)  # type: ignore[assignment]
    for index in range(start, stop):
        turn, seat, phase = moments[index]
        if phase is None:
            table.turn, table.moment = turn, index
            if seat >= 0:
                table.bonus[seat] = 0  # a seat's turn is over
            else:
                if vocabulary:
                    round_end(table)  # scoring schedules, flag streaks
                end_of_turn(table)
            if vocabulary and turn_over(table, seat):
                break
        elif phase.trigger is None or extreme(values, seat, phase.trigger):
            table.turn, table.moment = turn, index
            for step in phase.actions:
                actions[step.do](table, seat, step)
                if table.winner >= 0:
                    break
        else:
            continue
        if table.winner >= 0:
            break
    return result(table)


def result(table: Table) -> GameResult:
    return GameResult(table.winner, table.paths, table.turn, table.factions, tuple(tuple(p) for p in table.played))
