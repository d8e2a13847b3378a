"""The rules vocabulary's steps on counters: change and take (an attribute, or one rolled on a
table), gain, pay (a cost, then its steps), exchange (at the bank, as often as the player wants),
flag (set for some turns). A counter's min and max hold throughout (engine/table.add, bound).
"""
from __future__ import annotations

from functools import partial

from kitgen.simulate.compile.conditions import CONST, NEG
from kitgen.simulate.compile.inputs import inputs_of
from kitgen.simulate.compile.nodes import Node
from kitgen.simulate.compile.plan import ANY_ATTRIBUTE, SELF, Step
from kitgen.simulate.engine.conditions import value
from kitgen.simulate.engine.counters import add, room_above
from kitgen.simulate.compile.vocabulary import Payment
from kitgen.simulate.engine.table import Table, bound, floor_of, room_below
from kitgen.simulate.vocabulary.choices import NOTHING, Option, pick, run
from kitgen.simulate.vocabulary.entering import pay
from kitgen.simulate.vocabulary.legal import can_pay
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


def act_gain(table: Table, seat: int, step: Step) -> None:
    """Each amount, worked out for whoever gains it: the player, or its `target` (a loss when negative)."""
    if step.target == SELF:
        for index, amount in step.more.gain:
            add(table, seat, index, value(amount, table, seat))
        return
    for who in table.recipients(seat, step.target, harm(step.more.gain)):
        for index, amount in step.more.gain:
            add(table, who, index, value(amount, table, who))


def harm(amounts) -> int:
    """1 when the amounts take away (written negative: "-roll(1, 10)"), else -1: whom a policy aims them at."""
    return 1 if amounts and all(node[0] == NEG or (node[0] == CONST and node[1] < 0) for _, node in amounts) else -1


def act_pay(table: Table, seat: int, step: Step) -> None:
    """Pay the cost and take the steps `then`; a player who cannot pay does neither."""
    if can_pay(table, seat, step.more.cost):
        pay(table, seat, step.more.cost)
        run(table, seat, step.then)


def act_exchange(table: Table, seat: int, step: Step) -> None:
    """At the bank: give `cost` for `gain`, up to COUNT times, as long as the seat can and wants to
    (`batch`: how many times is chosen at once, among 0, 1, 2, 4 ... up to COUNT)."""
    if step.more.batch:
        return exchange_batch(table, seat, step)
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
    """Set the flag for `turns` turns, on the player or its `target` (all-players: everyone)."""
    for who in (seat,) if step.target == SELF else table.recipients(seat, step.target, 0):
        flags = table.state.flags[who]
        flags[step.more.flag] = max(flags.get(step.more.flag, 0), table.turn + max(step.more.turns, 1) - 1)


def exchange_batch(table: Table, seat: int, step: Step) -> None:
    """How many exchanges at once: 0, 1, 2, 4 ... up to COUNT and what the seat can pay for (none is
    the option of doing nothing: a player weighing it needs no copy of the table)."""
    most = affordable(table, seat, step.more.cost, step.count)
    sizes = sorted({most, *(k for k in (1, 2, 4, 8, 16, 32, 64) if k < most)} - {0})
    moves = [NOTHING] + [Option("exchange", partial(exchange_times, seat=seat, step=step, times=k), value=k)
                         for k in sizes]
    chosen = pick(table, seat, moves)
    exchange_times(table, seat, step, sizes[chosen - 1] if chosen else 0)


def affordable(table: Table, seat: int, cost: Payment, most: int) -> int:
    """How many times in a row, up to `most`, the seat can pay `cost`: worked out at once for whole
    amounts of distinct counters, else paid one at a time and the values put back."""
    row = table.values[seat]
    if not cost.any and len({i for i, _ in cost.fixed}) == len(cost.fixed) \
            and all(isinstance(amount, int) and amount > 0 for _, amount in cost.fixed):
        return max(0, min([most, *((row[i] - floor_of(table, i)) // amount for i, amount in cost.fixed)]))
    count, kept = 0, list(row)
    while count < most and can_pay(table, seat, cost):
        pay(table, seat, cost)
        count += 1
    row[:] = kept
    return count


def exchange_times(table: Table, seat: int, step: Step, times: int) -> None:
    if times > 1 and at_once(table, seat, step):
        row = table.values[seat]
        for index, amount in step.more.cost.fixed:
            row[index] -= times * amount
        for index, amount in step.more.gain:
            add(table, seat, index, times * amount[1])
        return
    for _ in range(times):
        pay(table, seat, step.more.cost)
        act_gain(table, seat, step)


def at_once(table: Table, seat: int, step: Step) -> bool:
    """Whether `times` exchanges may be made as one, to the same values as one by one (greedy weighs
    each batch on a copy of the table): whole prices, and constant gains above 0 for the player itself,
    each to a counter it does not pay with, not below its min, and whose cap (if any) reads no counter
    the exchange changes. A gain is then held only by that cap and the counter's max, which k gains in
    a row reach as one gain k times as large does."""
    rules, cost, row = table.plan.vocabulary, step.more.cost, table.values[seat]
    if step.target != SELF or cost.any or not all(isinstance(amount, int) for _, amount in cost.fixed):
        return False
    paid, gained = {index for index, _ in cost.fixed}, [index for index, _ in step.more.gain]
    changed = paid | set(gained)
    return len(changed) == len(paid) + len(gained) and all(
        node[0] == CONST and node[1] > 0
        and (not rules.caps or steady_cap(rules.caps[index], changed))
        and (rules.bounds[index][0] is None or row[index] >= rules.bounds[index][0])
        for index, node in step.more.gain)


def steady_cap(cap: Node | None, changed: set[int]) -> bool:
    """Whether a counter's cap stays the same while the counters `changed` change (none: it does)."""
    if cap is None:
        return True
    inputs = inputs_of([cap])
    return inputs is not None and not changed.intersection(inputs.slots)
