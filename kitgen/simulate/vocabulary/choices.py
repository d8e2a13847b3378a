"""The steps that take other steps, and the choices a step leaves open: `when` (its steps when a
condition holds), `choose` (one of its steps, or none), `evaluate` (a count or delta worked out
first), `check-victory`. A step a step nests is taken through table.actions (the registry); a choice
goes to the seat's policy (choose_move), so the vocabulary never imports the players.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Callable

from kitgen.simulate.compile.plan import ALL_PLAYERS, Step
from kitgen.simulate.engine.conditions import test, value
from kitgen.simulate.engine.schedule import seats_in_order
from kitgen.simulate.engine.table import Table, bound
from kitgen.simulate.vocabulary.legal import hand_cards, possible
from kitgen.simulate.vocabulary.moves import play_one
from kitgen.simulate.engine.victory import check_victory


def nothing(table: Table) -> None:
    """The option of doing nothing."""


def pick(table: Table, seat: int, options: list[Callable[[Table], None]]) -> int:
    """The option the seat's policy takes (an index into `options`): its choose_move, unless there
    is only one."""
    if len(options) == 1:
        return 0
    return table.policies[seat].choose_move(table, seat, options)


def run(table: Table, seat: int, steps: tuple[Step, ...]) -> None:
    for step in steps:
        table.actions[step.do](table, seat, step)
        if table.winner >= 0:
            return


def act_choose(table: Table, seat: int, step: Step) -> None:
    """One of the steps (or, optional, none of them), as the seat's policy decides: each step that can
    do something now (vocabulary/legal.possible), a step playing one card offering each card it may play."""
    if not step.optional:
        options: list[Callable[[Table], None]] = [partial(run, seat=seat, steps=(s,)) for s in step.then]
    else:
        options = [move for s in step.then for move in offers(table, seat, s)]
        if not options:
            return
        options.append(nothing)
    run_chosen = options[pick(table, seat, options)]
    run_chosen(table)


def offers(table: Table, seat: int, step: Step) -> list[Callable[[Table], None]]:
    """The moves an optional step offers: a step that plays one card, each card it may play (the
    policy weighs each, as "which card, or none?"); another step, itself when it can do something."""
    if step.do == "play" and step.count == 1:
        return [partial(play_chosen, seat=seat, step=step, card=card)
                for card in dict.fromkeys(hand_cards(table, seat, step))]
    return [partial(run, seat=seat, steps=(step,))] if possible(table, seat, step) else []


def play_chosen(table: Table, seat: int, step: Step, card: int) -> None:
    if step.more is not None:
        play_one(table, seat, step, card)
        return
    table.play_card(seat, card)
    if table.state is not None:
        bound(table)


def act_when(table: Table, seat: int, step: Step) -> None:
    """A phase's (or a step's) `when:`: its steps are taken when the condition holds for the seat."""
    if step.when is None or test(step.when, table, seat):
        for inner in step.then:
            table.actions[inner.do](table, seat, inner)
            if table.winner >= 0:
                return


def act_evaluate(table: Table, seat: int, step: Step) -> None:
    """A step whose count or delta is an expression (compile/steps.compile_step): worked out for the
    player now, a count held to 0-1000 as validate holds a written one, then the step is taken with them."""
    inner, (count, delta) = step.then[0], step.more
    worked = replace(inner, count=inner.count if count is None else min(1000, max(0, value(count, table, seat))),
                     delta=inner.delta if delta is None else value(delta, table, seat))
    table.actions[worked.do](table, seat, worked)


def act_check_victory(table: Table, seat: int, step: Step) -> None:
    """The seat's victory paths; `target: all-players`: every player's, in this turn's order, the
    first who meets one winning ("the first player to achieve any one of these wins")."""
    if table.plan.victory_at_round_end:
        return
    for player in (seats_in_order(table) if step.target == ALL_PLAYERS else (seat,)):
        check_victory(table, player)
        if table.winner >= 0:
            return


MAX_TIMES = 1000  # a step taken `times` times: worked out in play, held to 0-1000 as a written count is


def act_repeat(table: Table, seat: int, step: Step) -> None:
    """A step with `times:` (compile/steps.compile_step): taken that many times, worked out for the
    player first; an optional one ("repeatedly, as long as you like") stops at the first refusal."""
    inner = step.then[0]
    for _ in range(min(MAX_TIMES, max(0, value(step.more, table, seat)))):
        if inner.do == "choose" and inner.optional:
            once = [move for s in inner.then for move in offers(table, seat, s)]
            if not once:
                return  # nothing more it could do: not asked
            chosen = pick(table, seat, [*once, nothing])
            if chosen == len(once):
                return
            once[chosen](table)
        else:
            table.actions[inner.do](table, seat, inner)
        if table.winner >= 0:
            return


def act_each(table: Table, seat: int, step: Step) -> None:
    """Every player still in takes the steps, in this turn's order (a phase played once: the steps
    every phase starts and ends with)."""
    for player in seats_in_order(table):
        run(table, player, step.then)
        if table.winner >= 0:
            return
