"""Points in an attribute of the player's choice: `change` and `take` with `attribute: any` (an
attribute, never a counter). The player picks each point's attribute (its policy's pick_attribute);
a point taken comes only from an attribute the target has a point in above the floor.
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import Step
from kitgen.simulate.engine.counters import room_above
from kitgen.simulate.engine.table import Table, bound, room_below


def change_any(table: Table, seat: int, step: Step) -> None:
    """Each of the step's targets changes by `delta` in an attribute the seat picks for them."""
    for who in table.recipients(seat, step.target, -step.delta):
        attribute = table.policies[seat].pick_attribute(table, seat, who, step.delta)
        value = table.values[who][attribute] + step.delta
        table.values[who][attribute] = value if step.floor is None else max(step.floor, value)
    bound(table)


def take_any(table: Table, seat: int, step: Step) -> None:
    """Take COUNT points from a target, one at a time, each in an attribute the seat picks among those
    the target has a point to give in (above the floor) and the seat can hold."""
    for who in table.recipients(seat, step.target, step.count):
        if who == seat or who < 0:
            continue
        for _ in range(step.count):
            values = table.values
            open_ = [a for a in range(table.plan.compared or len(table.plan.attributes))
                     if values[who][a] > room_below(table, a, step.floor) and room_above(table, seat, a) > 0]
            if not open_:
                break
            attribute = table.policies[seat].pick_attribute(table, seat, who, -1, open_)
            values[who][attribute] -= 1
            values[seat][attribute] += 1
