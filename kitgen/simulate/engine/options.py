"""The one question a step asks a seat's policy: which of these options? Each Option says what it
is (the step's `do:`, and the card, target player or value it would use: what a strategy written as
data will match) and what taking it does to a table (any copy of the table: a player that looks
ahead takes it on a copy). Stdlib only.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, NamedTuple

if TYPE_CHECKING:
    from kitgen.simulate.engine.table import Table


def nothing(table: "Table") -> None:
    """The option of doing nothing (a step's choice to stop or pass): a policy that weighs options
    knows it by this function and weighs it on the table as it is."""


class Option(NamedTuple):
    do: str  # the step's `do:` (play, buy, draw ...), or "nothing"
    take: Callable[["Table"], None]  # what taking it does to a table
    card: int = -1  # the card it would move or use (-1: none, or one the player cannot see)
    target: int = -1  # the player it would target (-1: none)
    value: int = 0  # the value it would name or set (declare: the field's code)


NOTHING = Option("nothing", nothing)


def pick(table: "Table", seat: int, options: list[Option]) -> int:
    """The option the seat's policy takes (an index into `options`): its choose_move, unless there
    is only one."""
    if len(options) == 1:
        return 0
    chosen = table.policies[seat].choose_move(table, seat, options)
    if table.trace is not None:
        option = options[chosen]
        table.trace.append(("choose", seat, option.do, option.card, option.target, option.value, len(options)))
    return chosen
