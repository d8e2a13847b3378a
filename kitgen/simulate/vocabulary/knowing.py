"""The card model's steps on what players know: look (the seat learns a target's hand), reveal
(everyone learns the seat's hand), guess (the seat names a value of a field; when the target holds
such a card its `then:` steps run, taken by the target: Love Letter's Guard), compare (the seat and a
target compare `value`; the lower takes the `loser:` steps; both saw the other's hand: Baron),
swap-hands (King). What each player knows is engine/knowledge.py's.
"""
from __future__ import annotations

from functools import partial

from kitgen.simulate.compile.cards import NONE
from kitgen.simulate.compile.moves import CardStep
from kitgen.simulate.compile.plan import Step
from kitgen.simulate.engine.expressions import passes, value
from kitgen.simulate.engine.knowledge import show, swap_known
from kitgen.simulate.engine.options import Option, pick
from kitgen.simulate.engine.table import Table
from kitgen.simulate.vocabulary.picks import each_target


def _run(table: Table, seat: int, steps: tuple[Step, ...]) -> None:
    for step in steps:
        table.actions[step.do](table, seat, step)
        if table.winner >= 0:
            return


def act_look(table: Table, seat: int, step: Step) -> None:
    def look(table: Table, target: int) -> None:
        show(table, seat, target, list(table.hands[target]))
    each_target(table, seat, step, look)


def act_reveal(table: Table, seat: int, step: Step) -> None:
    for other in range(table.players):
        show(table, other, seat, list(table.hands[seat]))


def act_guess(table: Table, seat: int, step: Step) -> None:
    """The seat chooses a target and names a value of `field` (of the cards that pass the filter);
    a hit: the `then:` steps, taken by the target."""
    cards: CardStep = step.more.cards
    codes = table.plan.facts.codes[cards.field]
    named = sorted({codes[c] for c in range(len(codes)) if cards.filter is None or passes(cards.filter, table, seat, c)}
                   - {NONE})

    def guess(table: Table, target: int) -> None:
        options = [Option("guess", partial(_guessed, seat=target, code=v, step=step), target=target, value=v)
                   for v in named]
        if options:
            options[pick(table, seat, options)].take(table)
    each_target(table, seat, step, guess)


def _guessed(table: Table, seat: int, code: int, step: Step) -> None:
    codes = table.plan.facts.codes[step.more.cards.field]
    if any(codes[c] == code for c in table.hands[seat]):
        _run(table, seat, step.then)


def act_compare(table: Table, seat: int, step: Step) -> None:
    """The seat and a target each see the other's hand; the lower `value` takes the `loser:` steps."""
    cards: CardStep = step.more.cards

    def compare(table: Table, target: int) -> None:
        show(table, seat, target, list(table.hands[target]))
        show(table, target, seat, list(table.hands[seat]))
        assert cards.value is not None  # check/actions: compare needs a value
        mine, theirs = value(cards.value, table, seat), value(cards.value, table, target)
        if mine != theirs:
            _run(table, seat if mine < theirs else target, cards.loser)
    each_target(table, seat, step, compare)


def act_swap_hands(table: Table, seat: int, step: Step) -> None:
    def swap(table: Table, target: int) -> None:
        if target != seat:
            table.hands[seat], table.hands[target] = table.hands[target], table.hands[seat]
            swap_known(table, seat, target)
    each_target(table, seat, step, swap)
