"""What the greedy player of the card model values most often, remembered: each of a seat's `worth:`
steps and how far it is from being put out (players/worth.py weighs both for every player on each copy
of the table it tries, and an option leaves most players' cards as they were). A value whose numbers
read nothing but the seat's values and zones (compile/inputs.py) is worked out once for each set of
those values and cards (the same values and cards, the same answer: the play is unchanged); any other
is worked out each time. Stdlib only.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable, NamedTuple

from kitgen.simulate.compile.inputs import Inputs, inputs_of, merged
from kitgen.simulate.compile.plan import Step
from kitgen.simulate.engine.scoring import score_of
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import read_cards

KEPT = 5_000  # values kept for each step or condition (each some hundred bytes: a megabyte or two each)


class Kept(NamedTuple):
    inputs: Inputs | None  # what the value reads (None: more than the seat's values and zones, never kept)
    known: dict  # its values so far, by what it read
    row_of: Callable[[list[int]], Any]  # the values it reads from the seat's row (itemgetter: no Python loop)


def kept_by(inputs: Inputs | None) -> Kept:
    """A value kept by what it reads (nothing kept when `inputs` is None)."""
    return Kept(inputs, {}, itemgetter(*inputs.slots) if inputs is not None and inputs.slots else _no_values)


def _no_values(row: list[int]) -> tuple:
    return ()


def worth(table: Table, seat: int) -> float:
    """The points of the game's `worth:` score steps for the seat (added to no counter): all of them
    kept by what they read together; when that was not met before, each step kept apart (a step on the
    cards in play is met again where one on a hand dealt anew is not)."""
    plan = table.plan
    try:
        whole, steps = plan.cache["worth"]
    except KeyError:
        steps = [(kept_by(step_inputs(step)), step) for step in plan.worth]
        whole, steps = plan.cache["worth"] = kept_by(merged([each.inputs for each, _ in steps])), steps
    return recall(table, seat, whole, worked_worth, steps)


def worked_worth(table: Table, seat: int, steps: list[tuple[Kept, Step]]) -> float:
    return float(sum([recall(table, seat, each, score_of, step) for each, step in steps]))


def recall(table: Table, seat: int, kept: Kept, work: Callable[[Table, int, Any], int | float], about: Any) -> Any:
    """work(table, seat, about), remembered in `kept` by what it reads."""
    inputs = kept.inputs
    if inputs is None:
        return work(table, seat, about)
    key = (kept.row_of(table.values[seat]),
           *[tuple(read_cards(table, place, whose, seat)) for place, whose in inputs.zones],
           *[len(read_cards(table, place, whose, seat)) for place, whose in inputs.counted])
    known = kept.known
    found = known.get(key)
    if found is None:
        found = work(table, seat, about)
        if len(known) >= KEPT:
            known.clear()  # a bound: what a long run met early is seldom met again
        known[key] = found
    return found


def step_inputs(step: Step) -> Inputs | None:
    """What a score step reads (engine/scoring.score_of), None when more than the seat's values and
    zones (a majority ranks the other players)."""
    cards = step.more.cards
    kind = cards.scoring[0]
    if kind == "majority":
        return None
    zones = [cards.zone] if (kind or cards.group is not None) and cards.zone >= 0 else []  # score_of reads its cards
    if kind == "sets":
        return inputs_of([cards.scoring[3]], [cards.scoring[1]], zones)
    if kind == "by_count":
        return inputs_of(cards.scoring[2], [cards.scoring[1]], zones)
    return inputs_of([cards.value], [], zones)
