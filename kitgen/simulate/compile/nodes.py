"""The kinds of a compiled number and of a compiled condition: each node is a tuple whose first
item is its kind (engine/conditions.value and test read them). Plain ints, so a plan pickles.
"""
from __future__ import annotations

from typing import Any

Node = tuple[Any, ...]  # a compiled number or test: its kind first, then its parts

# numbers: the older ones (a counter, arithmetic) first: Galactic Civ's conditions read only these
CONST, SLOT, TURN, PLAYERS, NEG, ADD, SUB, MUL, DIV = range(9)
# ... then the card model's: round, players still in, comparisons and logic (1 or 0), a tested card's
# field, and the card functions over zones
MOD, ROUND, ALIVE, CMP, AND, OR, NOT, CARD, COUNT, SUM, RANKS, DISTINCT, TOP, PILES, GROUP_KEY = range(9, 24)
FIRST_CARD_KIND = MOD  # kinds from here on are the card model's (engine/conditions.more)
# ... the functions of numbers (min / max of numbers, roll, target) and the names a battle sets
LEAST, MOST_OF, ROLL, AIM, ATTACKING, DEFENDING, LOST = range(24, 31)
SEAT = 31  # the player's place in the order of play (1: the round's first player)
THIS_FIELD = 32  # (THIS_FIELD, codes): the field (or effect) of the card a step is taken for (`each:`), 0 without one
ROLL_OFF = 100  # a tie break rolled off, (ROLL_OFF, dice, sides): engine/conditions.settle reads it, value() never

# conditions
ALL, ANY, NONE, COMPARE, RANK, AFTER, AT_END, EMPTY, MOST, CARDS_IN, FLAG, STREAK, LAST, TEST, OF_TARGET = range(15)
