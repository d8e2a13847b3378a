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
SEAT = 50  # the player's place in the order of play (1: the round's first player); apart from the ranges above, which other branches extend
FIRST_CARD_KIND = MOD  # kinds from here on are the card model's (engine/conditions.more)
ROLL = 100  # a tie break rolled off, (ROLL, dice, sides): engine/conditions.settle reads it, value() never

# conditions
ALL, ANY, NONE, COMPARE, RANK, AFTER, AT_END, EMPTY, MOST, CARDS_IN, FLAG, STREAK, LAST, TEST = range(14)
