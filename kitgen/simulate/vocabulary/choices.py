"""The steps that take other steps, and the choices a step leaves open: `when` (its steps when a
condition holds), `choose` (one of its steps, or none), `evaluate` (a count or delta worked out
first), `check-victory`. A step a step nests is taken through table.actions (the registry); a choice
goes to the seat's policy (choose_move), so the vocabulary never imports the players.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial

from kitgen.simulate.compile.plan import SELF, TARGET_PLAYER, Step
from kitgen.simulate.engine.conditions import test, value
from kitgen.simulate.engine.options import NOTHING, Option, nothing, pick  # noqa: F401  (steps read them here)
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.victory import check_victory
from kitgen.simulate.vocabulary.offers import offers
from kitgen.simulate.vocabulary.picks import choosable


def run(table: Table, seat: int, steps: tuple[Step, ...]) -> None:
    for step in steps:
        table.actions[step.do](table, seat, step)
        if table.winner >= 0:
            return


def act_choose(table: Table, seat: int, step: Step) -> None:
    """One of the steps (or, optional, none of them), as the seat's policy decides: each card-model
    step's own options (a card to play, to discard ...) when all of them offer theirs, else each
    step whole."""
    offered = offers(table, seat, step.then)
    if offered is not None:
        options = offered + ([NOTHING] if step.optional else [])
        if options:
            options[pick(table, seat, options)].take(table)
        return
    options = [Option(s.do, partial(run, seat=seat, steps=(s,))) for s in step.then]
    if step.optional:
        options.append(NOTHING)
    options[pick(table, seat, options)].take(table)


def act_when(table: Table, seat: int, step: Step) -> None:
    """A phase's (or a step's) `when:`: its steps are taken when the condition holds for the seat (none:
    always). With a `target:`, for each of those players for whom it holds, in the order of play."""
    if step.target != SELF:
        return when_each(table, seat, step)
    if step.when is None or test(step.when, table, seat):
        steps = step.then
    elif step.more is not None and step.more.cards is not None:
        steps = step.more.cards.otherwise
    else:
        return
    for inner in steps:
        table.actions[inner.do](table, seat, inner)
        if table.winner >= 0:
            return


def when_each(table: Table, seat: int, step: Step) -> None:
    """`when:` with a target: every target for whom the condition holds is found first, then each
    takes the steps in the order of play: what one does cannot change who else does ("the player
    with the highest Science ... may gain 1 point": each tied player gains it, kit choice highest-ties).
    With `target: target-player`, the seat chooses one of the players it may (not `protected`; itself
    with `yourself`) for whom the condition holds, and that player takes the steps (Love Letter's
    Prince: the player chosen discards its hand and draws a new one)."""
    if step.target == TARGET_PLAYER and step.more is not None and step.more.cards is not None:
        found = [p for p in choosable(table, seat, step) if step.when is None or test(step.when, table, p)]
        if found:
            options = [Option("target", partial(run, seat=p, steps=step.then), target=p) for p in found]
            options[pick(table, seat, options)].take(table)
        return
    who = set(table.recipients(seat, step.target, 0))
    order = table.state.order if table.state is not None else range(table.players)
    holding = [p for p in order if p in who and (step.when is None or test(step.when, table, p))]
    for player in holding:
        run(table, player, step.then)
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
    if not table.plan.victory_at_round_end:
        check_victory(table, seat)
