"""Dice notation: '1D10', '2D6'; roll ranges '3', '1-2', '9+', and '9-0' (a d10's 0 face is 10).

Stdlib only. Used by the validator (coverage of every result) and by documents (labels).
"""
from __future__ import annotations

import re

# At most 6 digits a number: every die and roll kitgen reads is within MAX_RESULT, and int() refuses
# 5,000 digits with a ValueError (a table row's '99...9D6' was an internal error).
_DIE = re.compile(r"^([0-9]{0,6})[dD]([0-9]{1,6})$")
_ROLL = re.compile(r"^([0-9]{1,6})\s*(?:(-|–)\s*([0-9]{1,6})|(\+))?$")


MAX_RESULT = 1000  # a table longer than this is not a dice table anyone rolls on


def die_range(die: str) -> tuple[int, int] | None:
    """'2D6' -> (2, 12); None when the text is not dice notation (or absurdly large)."""
    match = _DIE.match(die.strip())
    if not match:
        return None
    count = int(match.group(1) or 1)
    high = count * int(match.group(2))
    return (count, high) if 0 < count <= high <= MAX_RESULT else None


def roll_values(roll: str, die: str) -> set[int] | None:
    """The results a row covers; None when the roll text cannot be read."""
    bounds = die_range(die)
    match = _ROLL.match(roll.strip())
    if not bounds or not match:
        return None
    low, high = bounds
    start = _face(int(match.group(1)), high)
    if match.group(4):
        return set(range(start, high + 1))
    end = _face(int(match.group(3)), high) if match.group(3) else start
    if start < low or end > high:
        return None
    return set(range(start, end + 1))


def _face(value: int, high: int) -> int:
    # A single d10 is numbered 1-9 and 0, and 0 reads as 10.
    return 10 if value == 0 and high == 10 else value
