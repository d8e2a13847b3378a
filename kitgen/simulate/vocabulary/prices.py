"""What a card costs this player now: its printed cost less the step's `discount:` (an amount per
counter, worked out for the player: the Technologies it holds that make others cheaper), never lowered
below the step's `floor:` (Civilization: "Calculated by taking the base cost found on each individual
card, and subtracting any bonuses"; a kit choice: nothing costs less than 1). Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import Step
from kitgen.simulate.compile.vocabulary import MIX, Payment
from kitgen.simulate.engine.expressions import value
from kitgen.simulate.engine.table import Table, floor_of

MAX_TRADED = 1000  # what one payment may buy at the bank (a real game's dearest card: tens); beyond, it cannot pay


def price_due(table: Table, seat: int, amount) -> int:
    """What a price asks of the seat: its whole number, or its expression worked out (at least 0)."""
    return amount if isinstance(amount, int) else max(0, value(amount, table, seat))


def discounted(table: Table, seat: int, cost: Payment, step: Step) -> Payment:
    """The cost with the step's discount taken off each fixed amount of a counter it names; an amount
    already at or below the floor stays as printed. `any:` (MIX) is taken off the amount paid in any
    mix of counters, and there a negative amount adds to it (Civilization's plots: 15 for the fifth,
    5 more for each plot beyond: `any: "0 - 5 * (count(land) - 4)"`)."""
    off = step.more.discount
    if not off:
        return cost
    cut: dict[int, int] = {}
    for index, amount in off:
        worked = value(amount, table, seat)
        cut[index] = cut.get(index, 0) + (worked if index == MIX else max(0, worked))
    floor = step.more.floor
    fixed = []
    for index, amount in cost.fixed:
        due = price_due(table, seat, amount)
        fixed.append((index, max(min(due, floor), due - cut[index]) if index in cut else amount))
    mix = max(min(cost.any, floor), cost.any - cut[MIX]) if MIX in cut and cost.any else cost.any
    return cost._replace(fixed=tuple(fixed), any=mix)


def traded(table: Table, seat: int, cost: Payment, trade) -> list[int] | None:
    """The seat's values once each amount of `cost` it is short of is bought at the bank (a step's
    `trade:`: `rate` of another of its counters for one, the one it has most of first, never one the
    cost itself asks); None when even so it cannot pay, or when it would buy more than MAX_TRADED."""
    row = list(table.values[seat])
    rate = max(1, value(trade[0], table, seat))
    asked = {index for index, _ in cost.fixed}
    bought = 0
    for index, amount in cost.fixed:
        missing = max(0, price_due(table, seat, amount) - (row[index] - floor_of(table, index)))
        bought += missing
        if bought > MAX_TRADED:  # bought one at a time below: a price of 10^12 would never end
            return None
        for _ in range(missing):
            donors = [i for i in trade[1] if i not in asked and row[i] - rate >= floor_of(table, i)]
            if not donors:
                return None
            donor = max(donors, key=row.__getitem__)
            row[donor] -= rate
            row[index] += 1
    return row
