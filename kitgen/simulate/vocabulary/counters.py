"""The rules vocabulary's steps on counters: change and take (an attribute, or one rolled on a
table), gain, pay (a cost, then its steps), exchange (at the bank, as often as the player wants),
flag (set for some turns). A counter's min and max hold throughout (engine/table.add, bound).
"""
from __future__ import annotations

from functools import partial

from kitgen.simulate.compile.plan import ANY_ATTRIBUTE, SELF, Step
from kitgen.simulate.compile.vocabulary import Payment
from kitgen.simulate.engine.conditions import value
from kitgen.simulate.engine.table import Table, add, bound, floor_of, room_above, room_below
from kitgen.simulate.vocabulary.choices import NOTHING, Option, pick, run
from kitgen.simulate.vocabulary.points import change_any, take_any


def act_change(table: Table, seat: int, step: Step) -> None:
    if step.attribute == ANY_ATTRIBUTE:  # `attribute: any`: the player picks (vocabulary/points)
        return change_any(table, seat, step)
    for who in table.recipients(seat, step.target, -step.delta):  # the eliminated pass (table._living)
        attribute = step.attribute if step.attribute >= 0 else table.roll_attribute(seat, who, step.table, step.delta)
        if attribute >= 0:
            value = table.values[who][attribute] + step.delta
            table.values[who][attribute] = value if step.floor is None else max(step.floor, value)
    if table.state is not None:
        bound(table)


def act_take(table: Table, seat: int, step: Step) -> None:
    """Take COUNT points from a target: taking hurts them, so `harm` is +count (greedy picks the leader)."""
    if step.attribute == ANY_ATTRIBUTE:  # `attribute: any`: the taker picks each point's (vocabulary/points)
        return take_any(table, seat, step)
    for who in table.recipients(seat, step.target, step.count):
        if who == seat or who < 0:
            continue
        attribute = step.attribute if step.attribute >= 0 else table.roll_attribute(seat, seat, step.table, step.count)
        if attribute < 0:
            continue
        taken = min(step.count, max(0, table.values[who][attribute] - room_below(table, attribute, step.floor)),
                    room_above(table, seat, attribute))
        table.values[who][attribute] -= taken
        table.values[seat][attribute] += taken


def price_due(table: Table, seat: int, amount) -> int:
    """What a price asks of the seat: its whole number, or its expression worked out (at least 0)."""
    return amount if isinstance(amount, int) else max(0, value(amount, table, seat))


def can_pay(table: Table, seat: int, cost: Payment) -> bool:
    values = table.values[seat]
    if not all(values[index] - price_due(table, seat, amount) >= floor_of(table, index) for index, amount in cost.fixed):
        return False
    return not cost.any or sum(max(0, values[i] - floor_of(table, i)) for i in cost.of) >= cost.any


def pay(table: Table, seat: int, cost: Payment) -> None:
    """The fixed amounts, then the mix from the counter the player has most of to spare (a tie: the
    one listed first), then the next."""
    values = table.values[seat]
    for index, amount in [(index, price_due(table, seat, amount)) for index, amount in cost.fixed]:
        values[index] -= amount
    due = cost.any
    for index in sorted(cost.of, key=lambda i: -(values[i] - floor_of(table, i))):
        paid = min(due, max(0, values[index] - floor_of(table, index)))
        values[index] -= paid
        due -= paid


def act_gain(table: Table, seat: int, step: Step) -> None:
    for index, amount in step.more.gain:
        add(table, seat, index, value(amount, table, seat))


def act_pay(table: Table, seat: int, step: Step) -> None:
    """Pay the cost and take the steps `then`; a player who cannot pay does neither."""
    if can_pay(table, seat, step.more.cost):
        pay(table, seat, step.more.cost)
        run(table, seat, step.then)


def act_exchange(table: Table, seat: int, step: Step) -> None:
    """At the bank: give `cost` for `gain`, up to COUNT times, as long as the seat can and wants to."""
    for _ in range(step.count):
        if not can_pay(table, seat, step.more.cost):
            return
        once = Step("pay", 1, frozenset(), "", -2, "", 0, SELF, None, (0, 0), frozenset(), 1, None,
                    (Step("gain", 1, frozenset(), "", -2, "", 0, SELF, None, (0, 0), frozenset(), 1, None, (), False,
                          step.more),), False, step.more)
        if pick(table, seat, [Option("exchange", partial(act_pay, seat=seat, step=once)), NOTHING]) == 1:
            return
        act_pay(table, seat, once)


def act_flag(table: Table, seat: int, step: Step) -> None:
    flags = table.state.flags[seat]
    flags[step.more.flag] = max(flags.get(step.more.flag, 0), table.turn + max(step.more.turns, 1) - 1)
