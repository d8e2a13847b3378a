"""What a compiled number reads of a table, when it reads nothing but the seat's values and the cards
of some zones: then two tables alike in those give it the same value, and a player that weighs many
copies of a table may work it out once for each (players/worth.py). Anything else a number may read
(dice, the turn, the players, marks, a value declared for a top card, the card a step is taken for)
makes it unread here (None). Reads compiled nodes only; stdlib only.
"""
from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from kitgen.simulate.compile.cards import ALL_OF, ANY_OF, CARD_EXPR, FIELD, MASK, NOT as NOT_CARD
from kitgen.simulate.compile.expressions import GIVEN, OWN, THIS
from kitgen.simulate.compile import nodes
from kitgen.simulate.compile.nodes import (ADD, AND, CARD, CMP, CONST, COUNT, DISTINCT, DIV, GROUP_KEY, LEAST, MOD,
                                           MOST_OF, MUL, NEG, NOT, OR, PILES, RANKS, SLOT, SUB, SUM, Node)


class Inputs(NamedTuple):
    """The seat's values a number reads (their indices, in order), the zones whose cards it reads
    and those of which it reads only how many cards they hold (`count(hand)`: a hand dealt anew is
    the same hand to it), as (place, whose) pairs (whose: the seat's own, the others', everyone's:
    compile/expressions)."""
    slots: tuple[int, ...]
    zones: tuple[tuple[int, ...], ...]
    counted: tuple[tuple[int, ...], ...] = ()


COUNTED = -1  # (COUNTED, place, whose) in a found set: a zone of which a number reads only its size
_PARTS = {NEG: (1,), NOT: (1,), ADD: (1, 2), SUB: (1, 2), MUL: (1, 2), DIV: (1, 2), MOD: (1, 2), CMP: (2, 3)}
_TEST_AT = {COUNT: 2, DISTINCT: 3, SUM: 3, RANKS: 3, PILES: -1}  # where a card function's filter is (-1: none)


def inputs_of(numbers: Sequence[Node | None], tests: Sequence[tuple | None] = (), zones: Sequence[int] = (),
             conditions: Sequence[Node] = ()) -> Inputs | None:
    """What the numbers, card filters `tests` and `conditions` read together, besides the seat's own
    `zones` (place indices) they are given the cards of; None when one of them reads more."""
    slots: set[int] = set()
    found: set[tuple[int, ...]] = {(place, OWN) for place in zones}
    if not all(node is None or number_reads(node, slots, found) for node in numbers):
        return None
    if not all(test is None or test_reads(test, slots, found) for test in tests):
        return None
    if not all(condition_reads(node, slots, found) for node in conditions):
        return None
    counted = {zone[1:] for zone in found if zone[0] == COUNTED} - found
    return Inputs(tuple(sorted(slots)), tuple(sorted(z for z in found if z[0] != COUNTED)), tuple(sorted(counted)))



def number_reads(node: Node, slots: set[int], zones: set[tuple[int, ...]]) -> bool:
    """Add what a compiled number reads to `slots` and `zones`; False when it reads anything else."""
    kind = node[0]
    if kind in (CONST, CARD, GROUP_KEY):  # a tested card's or a group's field: the card is given, not read
        return True
    if kind == SLOT:
        slots.add(node[1])
        return True
    if kind in _PARTS:
        return all(number_reads(node[i], slots, zones) for i in _PARTS[kind])
    if kind in (AND, OR):
        return all(number_reads(part, slots, zones) for part in node[1])
    if kind in (LEAST, MOST_OF):
        return all(number_reads(part, slots, zones) for part in node[1:])
    if kind in _TEST_AT:
        place, whose = node[1]
        if whose == THIS:  # the cards under the card a step is taken for
            return False
        at = _TEST_AT[kind]
        if whose != GIVEN:  # a group's own cards are given
            zones.add((COUNTED, place, whose) if kind == COUNT and node[at] is None else (place, whose))
        return at < 0 or node[at] is None or test_reads(node[at], slots, zones)
    return False  # the turn, the players, dice, a declared top value, a battle's sides ...


def test_reads(test: tuple, slots: set[int], zones: set[tuple[int, ...]]) -> bool:
    """number_reads of a compiled card filter (a mark given by a step is state: unread)."""
    kind = test[0]
    if kind == MASK:
        return True
    if kind == FIELD:
        return number_reads(test[3], slots, zones)
    if kind in (ALL_OF, ANY_OF):
        return all(test_reads(part, slots, zones) for part in test[1])
    if kind == NOT_CARD:
        return test_reads(test[1], slots, zones)
    if kind == CARD_EXPR:
        return number_reads(test[1], slots, zones)
    return False


def condition_reads(node: Node, slots: set[int], zones: set[tuple[int, ...]]) -> bool:
    """number_reads of a compiled condition (its kinds: compile/nodes' second list): all, any, none,
    a comparison and a test of numbers; a ranking, the turn, a flag ... read more."""
    kind = node[0]
    if kind in (nodes.ALL, nodes.ANY, nodes.NONE):
        return all(condition_reads(part, slots, zones) for part in node[1])
    if kind == nodes.COMPARE:
        return number_reads(node[2], slots, zones) and number_reads(node[3], slots, zones)
    if kind == nodes.TEST:
        return number_reads(node[1], slots, zones)
    return False


def merged(found: list[Inputs | None]) -> Inputs | None:
    """What several values read together (None when one of them reads more)."""
    if any(inputs is None for inputs in found):
        return None
    zones = {zone for inputs in found for zone in inputs.zones}  # type: ignore[union-attr]
    counted = {zone for inputs in found for zone in inputs.counted} - zones  # type: ignore[union-attr]
    slots = {slot for inputs in found for slot in inputs.slots}  # type: ignore[union-attr]
    return Inputs(tuple(sorted(slots)), tuple(sorted(zones)), tuple(sorted(counted)))


def may_roll(node: Any) -> bool:
    """Whether a compiled number or condition may roll dice (roll(), a tie rolled off) when it is
    worked out: some tuple in it starts with their kind. Cautious: a tuple of field codes that starts
    with that number says yes too."""
    if not isinstance(node, tuple):
        return False
    if node and isinstance(node[0], int) and node[0] in (nodes.ROLL, nodes.ROLL_OFF):
        return True
    return any(may_roll(part) for part in node)
