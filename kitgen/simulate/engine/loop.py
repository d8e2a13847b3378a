"""The one loop: a game played from its table, moment by moment of its schedule (setup is the
table's), each phase's steps taken from table.actions, the victories checked, until someone wins
or the turns run out. Stdlib only and deterministic (the table's one random.Random).
"""
from __future__ import annotations

from bisect import bisect_right

from kitgen.simulate.engine.cycle import play_rounds, run_setup
from kitgen.simulate.engine.options import Option, after_nothing, nothing
from kitgen.simulate.engine.result import GameResult, result
from kitgen.simulate.engine.rounds import round_end, turn_over
from kitgen.simulate.engine.schedule import Ordered, schedule
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.victory import end_of_turn, extreme


def play(table: Table, start: int = 0, until_turn: int = 0) -> GameResult:
    """Play the schedule from moment `start` to the end (or to the end of turn `until_turn`): the
    setup first when from the start."""
    if table.plan.rounds is not None:  # a game of rounds: turn by turn (engine/cycle.py)
        return play_rounds(table, start > 0, until_turn)
    if start == 0:
        if table.plan.setup:
            run_setup(table)
        table.hold()  # card impact's holder, given its card after the opening deal
    return play_from(table, start, until_turn)


def play_from(table: Table, start: int, until_turn: int) -> GameResult:
    """play()'s loop: the schedule's moments from `start` (the setup done). A phase is played here,
    not in a function of its own: this loop runs some 750 times a game, and most of its phases are a
    trigger that fails (a single highest or lowest score): such a moment changes nothing, not even
    the turn and moment kept on the table."""
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
            for table.step, step in enumerate(phase.actions):  # the step in progress: where a copy goes on (play_on)
                actions[step.do](table, seat, step)
                if table.winner >= 0:
                    break
        else:
            continue
        if table.winner >= 0:
            break
    return result(table)


def play_on(table: Table, until_turn: int = 0) -> GameResult:
    """Go on from where the table stands, to the end (or to the end of turn `until_turn`): a copy a
    search player made where it was asked plays what is left of the step that asked (table.after: a
    repeated step's later turns), the steps after it, then the rest of the turn, as the game itself
    would (answer() takes the answer on the copy); a game cut at a turn's end goes on with the next moment. A game of rounds:
    engine/cycle.go_on."""
    after, table.after = table.after, None
    if after is not None and table.winner < 0:  # what is left of the step that asked (a repeated step's later turns)
        after(table)
    if table.winner >= 0 or (table.state is not None and table.state.over):
        return result(table)
    if table.plan.rounds is not None:
        return play_rounds(table, True, until_turn)
    moments = schedule(table.plan, table.players)
    if table.state is not None and (table.plan.vocabulary.order or table.plan.vocabulary.rotate
                                    or table.plan.vocabulary.eliminate is not None):
        moments = Ordered(table, moments)  # type: ignore[assignment]
    if table.turn == 0:  # asked in setup: the rest of it, then the first moment
        run_setup(table, table.step + 1)
        table.hold()  # as play() does once the opening deal is done
        return play_from(table, 0, until_turn)
    _, seat, phase = moments[table.moment]
    if phase is not None:
        for index in range(table.step + 1, len(phase.actions)):
            table.step, step = index, phase.actions[index]
            table.actions[step.do](table, seat, step)
            if table.winner >= 0:
                return result(table)
    return play(table, start=table.moment + 1, until_turn=until_turn)


def answer(table: Table, option: Option) -> None:
    """A search player's answer taken on its copy: `nothing` ends the step that asked where nothing
    ends it (a repeated step goes on only after a yes: its rest in table.after is then dropped)."""
    option.take(table)
    if option.take is nothing:  # a step that nothing ends stops; an enclosing step's rest goes on (options.leaving)
        table.after = after_nothing(table.after)


__all__ = ["GameResult", "play", "result"]  # GameResult and result live in engine/result.py; the lab and tests import them from the loop
