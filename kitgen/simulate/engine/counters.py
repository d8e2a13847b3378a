"""Counters changed by the rules vocabulary's steps: a gain held to the counter's min and max and
stopped at its cap (a soft maximum, worked out for the player: what is already above it is kept),
and how much more a value can hold. Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.engine.conditions import value
from kitgen.simulate.engine.table import Table


def add(table: Table, seat: int, index: int, amount: int) -> None:
    low, high = table.plan.vocabulary.bounds[index] if table.plan.vocabulary else (None, None)
    before = table.values[seat][index]
    result = before + amount
    result = result if low is None or result >= low else low
    if amount > 0 and table.plan.vocabulary and table.plan.vocabulary.caps \
            and table.plan.vocabulary.caps[index] is not None:
        result = min(result, max(before, cap_of(table, seat, index)))  # a gain stops at the cap; above it, kept
    table.values[seat][index] = result if high is None or result <= high else high


def cap_of(table: Table, seat: int, index: int) -> int:
    """A counter's cap for the seat now."""
    return value(table.plan.vocabulary.caps[index], table, seat)


def room_above(table: Table, seat: int, index: int) -> int:
    """How much more the value can hold: up to the counter's max and its cap (neither: any amount)."""
    high = table.plan.vocabulary.bounds[index][1] if table.plan.vocabulary else None
    room = 10 ** 12 if high is None else max(0, high - table.values[seat][index])
    caps = table.plan.vocabulary.caps if table.plan.vocabulary else ()
    if caps and caps[index] is not None:
        room = min(room, max(0, cap_of(table, seat, index) - table.values[seat][index]))
    return room
