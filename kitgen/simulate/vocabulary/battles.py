"""The rules vocabulary's combat: `battle` (two sides, each a Force Total: `strength` plus every row of
a table whose `when:` holds for that side, its result a number or a roll; the higher total wins, the
loser loses `lose`, the winner `winner_loses`) and `orders` (each player in turn secretly orders up to
COUNT of a step against other players; the holder of the `veto` flag may cancel one; the orders are
carried out in a random order). Alpha Centauri's Conflict Phase; the same two steps say any battle of
summed bonuses and a roll (Risk-like force comparisons, a Civilization-style combat of strengths) and
any phase of simultaneous secret orders.

While a battle is fought, each side's rows and `strength` are worked out with the other side as its
target (`target(...)`, `when: {target: ...}`), `attacking` and `defending` say which side it is, and
`lost` is what the loser lost (the winner "cannot lose more units than the loser": min(..., lost)).
"""
from __future__ import annotations

from functools import partial

from kitgen.simulate.compile.plan import Step
from kitgen.simulate.compile.tables import LookupPlan
from kitgen.simulate.engine.conditions import test, value
from kitgen.simulate.engine.schedule import seats_in_order
from kitgen.simulate.engine.table import Table, dice_total, floor_of
from kitgen.simulate.vocabulary.combat import act_card_battle
from kitgen.simulate.vocabulary.choices import NOTHING, Option, pick, run
from kitgen.simulate.vocabulary.tables import aiming
from kitgen.simulate.vocabulary.units import act_unit_battle

MAX_ROLLS = 100  # equal totals rolled again at most this often (then nothing happens): a battle always ends


def act_battle(table: Table, seat: int, step: Step) -> None:
    """The player attacks its target (chosen, or the order's); see the module's docstring. With `units:`,
    a battle of units in rounds of dice (vocabulary/units.py); with `cards:`, a battle of cards against
    cards (vocabulary/combat.py)."""
    if step.more.units is not None:
        return act_unit_battle(table, seat, step)
    if step.more.combat is not None:
        return act_card_battle(table, seat, step)
    defender = aiming(table, seat, step)
    if defender < 0 or defender == seat:
        return
    kept = table.aim, table.sides, table.lost
    table.sides = (seat, defender)
    try:
        winner = fight(table, seat, defender, step)
        if winner >= 0:
            loser = defender if winner == seat else seat
            table.aim, table.lost = winner, 0
            table.lost = lose(table, loser, step.more.lose)
            table.aim = loser
            lose(table, winner, step.more.winner_loses)
        table.aim = defender
        run(table, seat, step.then)
    finally:
        table.aim, table.sides, table.lost = kept


def fight(table: Table, attacker: int, defender: int, step: Step) -> int:
    """The winner (-1: equal totals and `tie: nothing`, or still equal after MAX_ROLLS rolls)."""
    lookup: LookupPlan | None = table.plan.vocabulary.lookups.get(step.table) if step.table else None
    fixed = {side: total(table, side, other, step, lookup) for side, other in ((attacker, defender), (defender, attacker))}
    for _ in range(MAX_ROLLS):
        scores = {side: fixed[side][0] + rolls(table, side, fixed[side][1]) for side in (attacker, defender)}
        if scores[attacker] != scores[defender]:
            return attacker if scores[attacker] > scores[defender] else defender
        if step.more.tie == "defender":
            return defender
        if step.more.tie == "nothing":
            return -1
    return -1


def total(table: Table, side: int, other: int, step: Step, lookup: LookupPlan | None) -> tuple[int, list]:
    """A side's Force Total before its dice, and the dice its rows roll: `strength`, then each row
    whose `when:` holds for the side (worked out against the other side)."""
    table.aim = other
    fixed, dice = value(step.more.strength, table, side), []
    if step.die != (0, 0):
        dice.append(step.die)
    for row in lookup.rows if lookup is not None else ():
        if row.when is None or test(row.when, table, side):
            fixed += row.result
            if row.dice != (0, 0):
                dice.append(row.dice)
    return fixed, dice


def rolls(table: Table, side: int, dice: list) -> int:
    return sum(dice_total(table.dice[side], count, sides) for count, sides in dice)


def lose(table: Table, side: int, amounts) -> int:
    """The side loses each amount (no lower than the counter's min, else 0); what it lost of the first."""
    first = 0
    for number, (index, amount) in enumerate(amounts):
        lost = max(0, min(value(amount, table, side), table.values[side][index] - floor_of(table, index)))
        table.values[side][index] -= lost
        first = lost if number == 0 else first
    return first


def act_orders(table: Table, seat: int, step: Step) -> None:
    """Each player still in, in turn, orders the step `then` against up to COUNT others (the same one
    again too), in secret; the `veto` flag's holder may cancel one order; then the orders are carried
    out in a random order, each by the player who gave it against the one it names."""
    orders: list[tuple[int, int]] = []
    for player in seats_in_order(table):
        for _ in range(max(0, value(step.more.each, table, player))):
            rivals = table.rivals(player)
            moves = [Option("orders", partial(carry_out, order=(player, rival), steps=step.then), target=rival)
                     for rival in rivals]
            chosen = pick(table, player, [*moves, NOTHING]) if rivals else len(rivals)
            if chosen == len(rivals):
                break
            orders.append((player, rivals[chosen]))
    vetoed = veto(table, step, orders)
    if vetoed is not None:
        orders.remove(vetoed)
    table.rng.shuffle(orders)  # revealed in a random order, each carried out as it is revealed
    for order in orders:
        carry_out(table, order, step.then)
        if table.winner >= 0:
            return


def carry_out(table: Table, order: tuple[int, int], steps: tuple[Step, ...]) -> None:
    before = table.aim
    table.aim = order[1]
    try:
        run(table, order[0], steps)
    finally:
        table.aim = before


def veto(table: Table, step: Step, orders: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The order the `veto` flag's holder cancels (None: none), weighed by what the others then do."""
    holder = next((p for p in seats_in_order(table) if table.state.flags[p].get(step.more.veto, 0) >= table.turn),
                  -1) if step.more.veto else -1
    if holder < 0 or not orders:
        return None
    def rest(table: Table, left: list[tuple[int, int]]) -> None:
        for order in left:
            carry_out(table, order, step.then)
    moves = [Option("veto", partial(rest, left=[o for o in orders if o is not cancelled]), target=cancelled[1])
             for cancelled in orders]
    chosen = pick(table, holder, [*moves, Option("orders", partial(rest, left=list(orders)))])
    return orders[chosen] if chosen < len(orders) else None
