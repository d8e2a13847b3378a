"""The options a card-model step offers for one pick (its first, when it picks several), so that a
`choose` between steps asks one question of all their options at once (Lost Cities: play this card
to an expedition, or discard that one), each weighed for what it does. A registry like ACTIONS: a
step with no entry (or not of the card model) is offered whole, as one option.
"""
from __future__ import annotations

from functools import partial
from typing import Callable

from kitgen.simulate.compile.plan import Step
from kitgen.simulate.engine.options import Option
from kitgen.simulate.engine.table import Table
from kitgen.simulate.vocabulary.moves import discard_options, draw_options
from kitgen.simulate.vocabulary.plays import card_options

OFFERS: dict[str, Callable[[Table, int, Step], list[Option]]] = {
    "play": card_options, "discard": discard_options, "draw": draw_options,
    "trash": lambda table, seat, step: discard_options(table, seat, step, "trash"),
}


def offers(table: Table, seat: int, steps: tuple[Step, ...]) -> list[Option] | None:
    """Every option of the steps, or None when one of them is offered whole (not the card model's,
    or picking more than one card)."""
    found: list[Option] = []
    for step in steps:
        if step.do not in OFFERS or step.more is None or step.more.cards is None or step.count != 1:
            return None
        found += noting(OFFERS[step.do](table, seat, step), step.at)
    return found


def noting(options: list[Option], at: int) -> list[Option]:
    """The options, each noting on the table, when taken, that its step was (the coverage's firings:
    an option taken here does not pass through table.actions)."""
    return [option._replace(take=partial(_noted, option.take, at)) for option in options]


def _noted(take: Callable[[Table], None], at: int, table: Table) -> None:
    table.fired.add(at)
    take(table)
