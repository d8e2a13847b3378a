"""The one loop: a game played from its table, moment by moment of its schedule (setup is the
table's), each phase's steps taken from table.actions, the victories checked, until someone wins
or the turns run out. Stdlib only and deterministic (the table's one random.Random).
"""
from __future__ import annotations

from bisect import bisect_right

from kitgen.simulate.engine.cycle import play_rounds, run_setup
from kitgen.simulate.engine.result import GameResult, result
from kitgen.simulate.engine.rounds import round_end, turn_over
from kitgen.simulate.engine.schedule import Ordered, schedule
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.victory import end_of_turn, extreme


def play(table: Table, start: int = 0, until_turn: int = 0) -> GameResult:
    """Play the schedule from moment `start` to the end (or to the end of turn `until_turn`).
    A phase is played here, not in a function of its own: this loop runs some 750 times a game,
    and most of its phases are a trigger that fails (a single highest or lowest score): such a
    moment changes nothing, not even the turn and moment kept on the table."""
    if table.plan.rounds is not None:  # a game of rounds: turn by turn (engine/cycle.py)
        return play_rounds(table, start > 0, until_turn)
    if start == 0:
        if table.plan.setup:
            run_setup(table)
        table.hold()  # card impact's holder, given its card after the opening deal
    moments = schedule(table.plan, table.players)
    stop = len(moments)
    if until_turn:  # the moments are in turn order: the first of a later turn ends the loop
        stop = bisect_right(moments, until_turn, start, stop, key=lambda moment: moment.turn)
    vocabulary = table.state is not None  # the vocabulary's zones, flags, order of play, the end
    values, actions = table.values, table.actions  # values' rows change in place; the list is never replaced
    if vocabulary and (table.plan.vocabulary.order or table.plan.vocabulary.rotate
                       or table.plan.vocabulary.eliminate is not None):
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
                if table.record is not None and table.winner < 0:  # the game's end is recorded by result()
                    table.record.turn_over(table.plan, values)
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


__all__ = ["GameResult", "play", "result"]  # GameResult and result live in engine/result.py; the lab and tests import them from the loop
