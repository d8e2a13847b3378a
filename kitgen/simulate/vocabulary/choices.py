"""The steps that take other steps, and the choices a step leaves open: `when` (its steps when a
condition holds), `choose` (one of its steps, or none), `evaluate` (a count or delta worked out
first), `check-victory`. A step a step nests is taken through table.actions (the registry); a choice
goes to the seat's policy (choose_move), so the vocabulary never imports the players.
"""
from __future__ import annotations

from dataclasses import replace
from functools import partial

from kitgen.simulate.compile.plan import ALL_PLAYERS, SELF, TARGET_PLAYER, Step
from kitgen.simulate.engine.conditions import test, value
from kitgen.simulate.engine.options import NOTHING, Option, both, leaving, nothing, pick  # noqa: F401  (steps read them here)
from kitgen.simulate.engine.schedule import seats_in_order
from kitgen.simulate.engine.table import Table, bound
from kitgen.simulate.engine.zones import cards_of
from kitgen.simulate.vocabulary.entering import play_one
from kitgen.simulate.vocabulary.legal import hand_cards, possible
from kitgen.simulate.engine.victory import check_victory
from kitgen.simulate.vocabulary.offers import noting, offers
from kitgen.simulate.vocabulary.picks import choosable


def run(table: Table, seat: int, steps: tuple[Step, ...]) -> None:
    """The steps in order; while one asks a question, at a table where a search player plays
    (table.resume), the later ones are on the table (table.after, engine/options.leaving): a copy
    made to weigh an answer takes them too, as the game would."""
    if not table.resume:  # no search player at this table: no copy goes on from inside a step
        for step in steps:
            table.actions[step.do](table, seat, step)
            if table.winner >= 0:
                return
        return
    last = len(steps) - 1
    for at, step in enumerate(steps):
        if at == last:
            table.actions[step.do](table, seat, step)
            return
        outer = table.after  # leaving(), written out
        rest = partial(_run_from, seat, steps, at + 1)
        table.after = rest if outer is None else partial(both, first=rest, then=outer, stops=False)
        try:
            table.actions[step.do](table, seat, step)
        finally:
            table.after = outer
        if table.winner >= 0:
            return


def _run_from(seat: int, steps: tuple[Step, ...], start: int, table: Table) -> None:
    run(table, seat, steps[start:])


def act_choose(table: Table, seat: int, step: Step) -> None:
    """One of the steps (or, optional, none of them), as the seat's policy decides: each card-model
    step's own options (a card to play, to discard ...) when all of them offer theirs; else each step
    whole, but, optional, a step playing one card offering each card it may play."""
    offered = offers(table, seat, step.then)
    if offered is not None:
        options = offered + ([NOTHING] if step.optional else [])
        if options:
            options[pick(table, seat, options)].take(table)
        return
    if not step.optional:
        options = [Option(s.do, partial(run, seat=seat, steps=(s,))) for s in step.then]
    else:
        options = [move for s in step.then for move in step_offers(table, seat, s)]
        if not options:
            return
        options.append(NOTHING)
    options[pick(table, seat, options)].take(table)


def step_offers(table: Table, seat: int, step: Step, only_possible: bool = False) -> list[Option]:
    """The moves an optional step of the older vocabulary offers: a step that plays one card, each card
    it may play (the policy weighs each, as "which card, or none?"); another step, itself (with
    `only_possible`: only when it can do something now, vocabulary/legal.possible)."""
    if step.do == "play" and step.count == 1:
        return noting([Option("play", partial(play_chosen, seat=seat, step=step, card=card), card=card)
                       for card in dict.fromkeys(hand_cards(table, seat, step))], step.at)
    if only_possible and not possible(table, seat, step):
        return []
    return [Option(step.do, partial(run, seat=seat, steps=(step,)))]


def play_chosen(table: Table, seat: int, step: Step, card: int) -> None:
    if step.more is not None:
        play_one(table, seat, step, card)
        return
    table.play_card(seat, card)
    if table.state is not None:
        bound(table)


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
    run(table, seat, steps)


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
    repeat(table, seat, step, min(MAX_TIMES, max(0, value(step.more, table, seat))))


def repeat(table: Table, seat: int, step: Step, times: int) -> None:
    """act_repeat's `times` turns. While the player is asked whether to go on, the step's later turns
    are on the table (table.after): a copy made to weigh an answer other than nothing takes them
    (engine/loop.play_on)."""
    inner = step.then[0]
    # a choice written with `optional: true` is its own steps' choice, wrapped (compile/steps): its steps offered
    offered = inner.then[0].then if inner.do == "choose" and inner.optional and len(inner.then) == 1 \
        and inner.then[0].do == "choose" else inner.then
    for left in range(times - 1, -1, -1):
        if inner.do == "choose" and inner.optional:
            once = [move for s in offered for move in step_offers(table, seat, s, only_possible=True)]
            if not once:
                return  # nothing more it could do: not asked again (repeated, it would be asked up to MAX_TIMES)
            outer = table.after
            table.after = leaving(table, partial(repeat, seat=seat, step=step, times=left) if left else None, stops=True)
            try:
                chosen = pick(table, seat, [*once, NOTHING])
            finally:
                table.after = outer
            if chosen == len(once):
                return
            once[chosen].take(table)
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


def act_each_card(table: Table, seat: int, step: Step) -> None:
    """`each: ZONE`: the step taken for each card the player has in the zone now, `this` that card
    (Civilization's Collect: each plot yields, its Population adding to it)."""
    before = table.this
    try:
        for card in list(cards_of(table, step.more, seat)):
            table.this = card
            run(table, seat, step.then)
            if table.winner >= 0:
                return
    finally:
        table.this = before
