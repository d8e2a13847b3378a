"""A battle of units (`battle` with `units:`): each side is a list of units (cards in play), each unit
rolls its own dice every round, and rounds are fought until only one side has units left. The rule
is Galactic Supremacy's combat, said generally so any game of unit-against-unit dice rolls uses it:

- "Roll dice separately for each unit involved": a unit's combat roll is the sum of its dice;
- "Each unit simultaneously destroys one opposing unit with an equal or lower combat roll": both
  sides' rolls are assigned at once, each roll to the weakest opposing unit it can destroy;
- "Units can combine their combat rolls to overcome the combat roll of an enemy unit": rolls too low
  alone are added up, the largest first, until they reach it;
- "Sectors win tied combat rolls": a unit that wins ties (`wins_ties:`) needs a higher roll;
- "All of the defenders Fleets must be destroyed before the Sector is destroyed": a unit that falls
  last (`last:`) is destroyed only once every other unit of its side is;
- "Repeat this process until only one side remains" (at most MAX_ROUNDS rounds: a battle always ends).

Stdlib only; the dice come from the game's one Random, in a fixed order (the attacker's units, then
the defender's, each in the order given), so the same seed fights the same battle.
"""
from __future__ import annotations

import random
from bisect import bisect_left
from typing import NamedTuple

MAX_ROUNDS = 1000  # rounds in which nobody can fall (every roll 0 against units that win ties) end here


class Unit(NamedTuple):
    dice: int  # combat dice this unit rolls (its card's field plus every bonus)
    wins_ties: bool = False  # destroyed only by a higher roll
    last: bool = False  # destroyed only when no other unit of its side stands


def roll(rng: random.Random, dice: int, sides: int) -> int:
    """The unit's combat roll: `dice` dice of `sides` sides, summed (0 dice roll 0)."""
    total = 0
    for _ in range(dice):
        total += rng.randrange(1, sides + 1)
    return total


def kills(pool: list[int], needs: list[tuple[int, int]]) -> list[int]:
    """One side's combat rolls (`pool`, ascending) against the opposing units in the order they must
    fall, each (the roll that destroys it, its place): each roll destroys one unit with an equal or
    lower need, the lowest roll that can; rolls too low alone combine, the largest first. Stops at the
    first unit no roll left can destroy (a unit that falls last is never reached before the others)."""
    pool = list(pool)
    dead = []
    for need, place in needs:
        at = bisect_left(pool, need)
        if at < len(pool):
            del pool[at]
            dead.append(place)
            continue
        total, used = 0, 0
        for value in reversed(pool):
            total, used = total + value, used + 1
            if total >= need:
                break
        if total < need or not used:
            break
        del pool[len(pool) - used:]
        dead.append(place)
    return dead


def needs(units: list[Unit], rolls: dict[int, int]) -> list[tuple[int, int]]:
    """The standing units in the order they fall (those that fall last at the end, the weakest first),
    each with the roll that destroys it: its own, or one more when it wins ties."""
    order = sorted(rolls, key=lambda k: (units[k].last, rolls[k] + units[k].wins_ties, k))
    return [(rolls[k] + units[k].wins_ties, k) for k in order]


def fight(rng: random.Random, sides: int, attack: list[Unit], defend: list[Unit]) -> tuple[list[bool], list[bool]]:
    """Rounds of combat rolls until one side has no unit left (or MAX_ROUNDS): which units of each
    side still stand."""
    standing = [[True] * len(attack), [True] * len(defend)]
    sides_units = (attack, defend)
    for _ in range(MAX_ROUNDS):
        if True not in standing[0] or True not in standing[1]:
            break
        rolls = [{k: roll(rng, unit.dice, sides) for k, unit in enumerate(units) if standing[s][k]}
                 for s, units in enumerate(sides_units)]
        fallen = [kills(sorted(rolls[1 - s].values()), needs(sides_units[s], rolls[s])) for s in (0, 1)]
        for s in (0, 1):
            for k in fallen[s]:
                standing[s][k] = False
    return standing[0], standing[1]
