"""What the greedy player of the card model values most often, remembered: a seat's `worth:` and how
far it is from being put out (players/worth.py weighs both for every player on each copy of the table
it tries, and an option leaves most players' cards as they were). A value whose numbers read nothing
but the seat's values and zones (compile/inputs.py) is worked out once for each set of those values and
cards (the same values and cards, the same answer: the play is unchanged); any other is worked out
each time. Stdlib only.
"""
from __future__ import annotations

from typing import Callable

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.compile.inputs import Inputs, inputs_of
from kitgen.simulate.engine.scoring import score_of
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import read_cards

KEPT = 20_000  # values kept for each kind (each a few hundred bytes: some megabytes at most)


def worth(table: Table, seat: int) -> float:
    """The points of the game's `worth:` score steps for the seat (added to no counter)."""
    return recalled(table, seat, "worth", worth_inputs, worked_worth)


def worked_worth(table: Table, seat: int) -> float:
    return float(sum(score_of(table, seat, step) for step in table.plan.worth))


def recalled(table: Table, seat: int, kind: str, inputs_for: Callable[[Plan], Inputs | None],
             work: Callable[[Table, int], float]) -> float:
    """work(table, seat), remembered on the plan by what inputs_for says it reads (None: not kept)."""
    plan = table.plan
    try:
        inputs, known = plan.cache[kind]
    except KeyError:
        inputs, known = plan.cache[kind] = inputs_for(plan), {}
    if inputs is None:
        return work(table, seat)
    row = table.values[seat]
    key = (*[row[slot] for slot in inputs.slots],
           *[tuple(read_cards(table, place, whose, seat)) for place, whose in inputs.zones],
           *[len(read_cards(table, place, whose, seat)) for place, whose in inputs.counted])
    found = known.get(key)
    if found is None:
        found = work(table, seat)
        if len(known) >= KEPT:
            known.clear()  # a bound: what a long run met early is seldom met again
        known[key] = found
    return found


def worth_inputs(plan: Plan) -> Inputs | None:
    """What the plan's `worth:` steps read together, None when more than the seat's values and zones
    (a majority ranks the other players)."""
    numbers: list = []
    tests: list = []
    zones: list[int] = []
    for step in plan.worth:
        cards = step.more.cards
        kind = cards.scoring[0]
        if kind == "majority":
            return None
        if kind in ("sets", "by_count"):
            tests.append(cards.scoring[1])
            numbers.extend([cards.scoring[3]] if kind == "sets" else cards.scoring[2])
        else:
            numbers.append(cards.value)
        if (kind or cards.group is not None) and cards.zone >= 0:  # score_of reads the zone's cards
            zones.append(cards.zone)
    return inputs_of(numbers, tests, zones)


def eliminate_inputs(plan: Plan) -> Inputs | None:
    """What the game's elimination condition reads (players/worth.lasting weighs how far it is)."""
    return inputs_of([], conditions=[plan.vocabulary.eliminate])
