"""A game's tables as the rules vocabulary's steps read them (`roll`, `lookup`, `elect`, `battle`):
each row's steps, effects, condition and result, and for a dice table which row each total rolls.
The printed columns are the rows' own words; what the simulator plays is their structure (a row's
`actions:`, `effects:`, `when:`, `bid:`), never the words. Reads the model only.
"""
from __future__ import annotations

from typing import NamedTuple

from kitgen.check.dice import die_range, roll_values
from kitgen.check.formula import whole_number
from kitgen.model import DiceTable, Game
from kitgen.simulate.compile.conditions import Names, Node, condition
from kitgen.simulate.compile.plan import Change, Step
from kitgen.simulate.compile.steps import compile_effects, compile_step, dice


class RowPlan(NamedTuple):
    when: Node | None  # whose the row is (a lookup): None, every player's
    steps: tuple[Step, ...]
    effects: tuple[Change, ...]
    result: int  # the result column as a number (votes, a Force Bonus); 0 when it is not one
    dice: tuple[int, int]  # the result column as a roll ("1D10": a side's Fog of War), (0, 0) when not
    bid: int  # value index of the counter bid for the result per unit (-1: not a bid)


class LookupPlan(NamedTuple):
    rows: tuple[RowPlan, ...]
    die: tuple[int, int]  # a dice table's die (count, sides); (0, 0): a lookup table
    faces: tuple[int, ...]  # a dice table: the row each total rolls (index by total; -1: none)


def used_tables(game: Game) -> set[str]:
    """The tables a step of the new vocabulary reads (roll, lookup, elect, battle)."""
    from kitgen.check.actions import action_owners, steps_of

    return {a.table for _, actions in action_owners(game) for a in steps_of(actions)
            if a.table and a.do in ("roll", "lookup", "elect", "battle")}


def compile_lookups(game: Game, index: dict, names: Names, groups: dict[int, int]) -> dict[str, LookupPlan]:
    tables = {t.id: t for t in game.tables}
    return {name: _lookup(tables[name], index, names, groups) for name in sorted(used_tables(game)) if name in tables}


def _lookup(table: DiceTable, index: dict, names: Names, groups: dict[int, int]) -> LookupPlan:
    rows = tuple(_row(row, index, names, groups) for row in table.rows)
    if not table.die:
        return LookupPlan(rows, (0, 0), ())
    count, sides = dice(table.die)
    faces = [-1] * (count * sides + 1)
    for number, row in enumerate(table.rows):
        for total in roll_values(row.roll, table.die) or ():
            faces[total] = number
    return LookupPlan(rows, (count, sides), tuple(faces))


def _row(row, index: dict, names: Names, groups: dict[int, int]) -> RowPlan:
    when = condition(row.when, names, names.decks) if row.when is not None else None
    steps = tuple(compile_step(action, index, names) for action in row.actions)
    rolled = die_range(row.result) if row.result else None
    result = whole_number(row.result) or 0
    return RowPlan(when, steps, compile_effects(row.effects, index, {}, groups), result,
                   dice(row.result) if rolled else (0, 0), names.index(row.bid) if row.bid else -1)
