"""The rules vocabulary's steps on tables whose rows are steps: `roll` (roll a dice table, with a
modifier, a bonus used up, a reroll, a target picked before rolling: the row rolled is taken) and
`lookup` (each row of a table whose `when:` holds for the player is taken: rewards for the most
levels in a Social Factor). The rows are compile/tables.RowPlan; a row's steps aim at the step's
target (table.aim), as every step nested in one does.
"""
from __future__ import annotations

from functools import partial

from kitgen.simulate.compile.plan import NO_CONDITION, TARGET_PLAYER, Step
from kitgen.simulate.compile.tables import LookupPlan, RowPlan
from kitgen.simulate.engine.conditions import test, value
from kitgen.simulate.engine.table import Table, bound, dice_total
from kitgen.simulate.vocabulary.choices import Option, pick, run


def take_row(table: Table, seat: int, row: RowPlan) -> None:
    """The row's effects on the player, then its steps."""
    if row.effects:
        table.apply(seat, row.effects, NO_CONDITION)
        bound(table)
    run(table, seat, row.steps)


def aiming(table: Table, seat: int, step: Step) -> int:
    """The step's target, picked before anything is rolled: the enclosing step's, else the policy's
    choice for `target: target-player` (-1: nobody to aim at); no target for any other."""
    if step.target != TARGET_PLAYER:
        return table.aim
    if table.aim >= 0:
        return table.aim
    return table.policies[seat].choose_opponent(table, seat, 1) if table.players > 1 else -1


def act_roll(table: Table, seat: int, step: Step) -> None:
    """Roll the table's die, add `modifier` and the `bonus` counter (which the roll uses up); a result
    at or above `reroll_at` (when above 0) may be rolled again, once; a total beyond the table reads its
    first or last row. The row rolled is taken, aiming at the target picked before rolling."""
    lookup: LookupPlan = table.plan.vocabulary.lookups[step.table]
    aim, before = aiming(table, seat, step), table.aim
    if step.target == TARGET_PLAYER and aim < 0:
        return  # nobody to aim at: the step does nothing
    table.aim = aim
    try:
        face = rolled(table, seat, step, lookup)
        again = value(step.more.reroll_at, table, seat)
        if 0 < again <= face:  # the roller may roll again: which result it keeps is its choice
            moves = [Option("roll", partial(take_face, seat=seat, lookup=lookup, face=face), value=face),
                     Option("roll", partial(reroll, seat=seat, step=step, lookup=lookup))]
            if pick(table, seat, moves) == 1:
                face = rolled(table, seat, step, lookup)
        take_face(table, seat, lookup, face)
    finally:
        table.aim = before


def rolled(table: Table, seat: int, step: Step, lookup: LookupPlan) -> int:
    count, sides = lookup.die
    face = dice_total(table.dice[seat], count, sides) + value(step.more.modifier, table, seat)
    if step.more.bonus >= 0:  # +1 to the next roll: added, and used up
        face += table.values[seat][step.more.bonus]
        table.values[seat][step.more.bonus] = 0
    return min(max(face, count), count * sides)


def reroll(table: Table, seat: int, step: Step, lookup: LookupPlan) -> None:
    take_face(table, seat, lookup, rolled(table, seat, step, lookup))


def take_face(table: Table, seat: int, lookup: LookupPlan, face: int) -> None:
    number = lookup.faces[face]
    if number >= 0:
        take_row(table, seat, lookup.rows[number])


def act_lookup(table: Table, seat: int, step: Step) -> None:
    """Each row of the table whose `when:` holds for the player (a row without one: always), in order."""
    for row in table.plan.vocabulary.lookups[step.table].rows:
        if row.when is None or test(row.when, table, seat):
            take_row(table, seat, row)
            if table.winner >= 0:
                return
