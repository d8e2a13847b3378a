"""The one question a step asks a seat's policy: which of these options? Each Option says what it
is (the step's `do:`, and the card, target player or value it would use: what a strategy written as
data will match) and what taking it does to a table (any copy of the table: a player that looks
ahead takes it on a copy). Stdlib only.
"""
from __future__ import annotations

from functools import partial
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


def leaving(table: "Table", rest: Callable[["Table"], None] | None, stops: bool = False) -> Callable[["Table"], None] | None:
    """What a step sets table.after to while a question is asked inside it: `rest`, what is left of
    it after the answer (its later steps, melds, the later picks of a draft ...), then whatever an
    enclosing step left there; the step puts the enclosing one back once the answer is taken. A copy
    made to weigh an answer plays it all (engine/loop.play_on). `stops`: the answer nothing ends the
    step (a repeated step, a meld ladder): its rest is dropped then, the enclosing steps' kept."""
    outer = table.after
    if rest is None:
        return outer
    if outer is None and not stops:
        return rest
    return partial(both, first=rest, then=outer, stops=stops)


def both(table: "Table", first: Callable[["Table"], None], then: Callable[["Table"], None] | None,
         stops: bool = False) -> None:
    first(table)
    if then is not None and table.winner < 0:
        then(table)


def after_nothing(after: Callable[["Table"], None] | None) -> Callable[["Table"], None] | None:
    """What is left to play once a question was answered nothing: the asking step's rest dropped if
    nothing ends it (leaving's `stops`), the enclosing steps' kept."""
    if isinstance(after, partial) and after.func is both and after.keywords["stops"]:
        return after.keywords["then"]
    return after
