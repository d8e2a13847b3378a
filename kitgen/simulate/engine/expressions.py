"""The runtime of compiled numbers (compile/expressions.py, compile/nodes.py): value() of a node for
a seat now, and whether a card passes a compiled filter (passes). The older kinds (a counter,
arithmetic) are read first and as before; the card model's kinds after them. A node read for a card
being tested (a filter's `test:`) or a group of cards (score's `group:`) is given it. Stdlib only.
"""
from __future__ import annotations

from kitgen.check.formula import capped
from kitgen.simulate.compile.cards import (ALL_OF, ANY_OF, CARD_EXPR, FIELD, MARKED, MASK, NONE, NOT as NOT_CARD,
                                           OPERATORS)
from kitgen.simulate.compile.nodes import (ADD, AIM, ALIVE, AND, ATTACKING, CARD, CMP, CONST, COUNT, DEFENDING,
                                           DISTINCT, FIRST_CARD_KIND, GROUP_KEY, LEAST, LOST, MOD, MOST_OF, MUL, NEG,
                                           NOT, OR, PILES, PLAYERS, ROLL, ROUND, SEAT, SLOT, SUB, SUM, TOP, TURN, Node)
from kitgen.simulate.engine.table import Table, dice_total
from kitgen.simulate.engine.zones import THIS, read_cards, under

GIVEN = 3  # compile/expressions.GIVEN: the group's cards


def value(node: Node, table: Table, seat: int, card: int = -1, group: list[int] | None = None) -> int:
    """A compiled number's value for the seat now, capped at +-10^12; a division rounds down, and by
    zero gives 0 (so does % by zero). `card`: the card a filter tests; `group`: a group's cards."""
    kind = node[0]
    if kind == SLOT:
        return table.values[seat][node[1]]
    if kind == CONST:
        return node[1]
    if kind == TURN:
        return table.turn
    if kind == PLAYERS:
        return table.players
    if kind == NEG:
        return -value(node[1], table, seat, card, group)
    if kind >= FIRST_CARD_KIND:
        return more(node, table, seat, card, group)
    left, right = value(node[1], table, seat, card, group), value(node[2], table, seat, card, group)
    if kind == ADD:
        return capped(left + right)
    if kind == SUB:
        return capped(left - right)
    if kind == MUL:
        return capped(left * right)
    return left // right if right else 0


def more(node: Node, table: Table, seat: int, card: int, group: list[int] | None) -> int:
    """The card model's kinds: comparisons and logic (1 or 0), round, players still in, a tested
    card's field, and the card functions over zones."""
    kind = node[0]
    if kind == CMP:
        return int(node[1](value(node[2], table, seat, card, group), value(node[3], table, seat, card, group)))
    if kind == AND:
        return int(all(value(part, table, seat, card, group) for part in node[1]))
    if kind == OR:
        return int(any(value(part, table, seat, card, group) for part in node[1]))
    if kind == NOT:
        return int(not value(node[1], table, seat, card, group))
    if kind == CARD:
        return node[1][card] if card >= 0 else NONE
    if kind == GROUP_KEY:  # a group's cards share the field's value they were grouped by
        return node[1][group[0]] if group else NONE
    if kind == MOD:
        right = value(node[2], table, seat, card, group)
        return value(node[1], table, seat, card, group) % right if right else 0
    if kind == ROUND:
        return table.round
    if kind == ALIVE:
        out = table.state.out if table.state is not None else ()
        return sum(1 for p in range(table.players) if not (out and out[p]))
    if kind == SEAT:
        return place_in_order(table, seat)
    if kind >= LEAST:
        return _numbers(node, table, seat, card, group)
    return _cards(node, table, seat, card, group)


MAX_DICE = 1000  # roll(): dice rolled at most (a count worked out in play is held to 0-1000, as a step's)


def _numbers(node: Node, table: Table, seat: int, card: int, group: list[int] | None) -> int:
    """min / max of numbers, roll(dice, sides), target(EXPRESSION), and the names a battle sets."""
    kind = node[0]
    if kind == LEAST:
        return min(value(part, table, seat, card, group) for part in node[1:])
    if kind == MOST_OF:
        return max(value(part, table, seat, card, group) for part in node[1:])
    if kind == ROLL:
        dice, sides = value(node[1], table, seat, card, group), value(node[2], table, seat, card, group)
        return dice_total(table.dice[seat], min(dice, MAX_DICE), sides) if dice > 0 and sides > 0 else 0
    if kind == AIM:  # the expression for the player the step in progress targets (0: none)
        return value(node[1], table, table.aim, card, group) if table.aim >= 0 else 0
    if kind == ATTACKING:
        return int(seat == table.sides[0])
    if kind == DEFENDING:
        return int(seat == table.sides[1])
    assert kind == LOST
    return table.lost


def place_in_order(table: Table, seat: int) -> int:
    """The seat's place in the order of play, 1 for the first: the turn order's ranking when the game
    has one, else counted from the round's first player in the table's direction (out players count)."""
    state = table.state
    if state is None:
        return seat + 1
    if table.plan.vocabulary.order and seat in state.order:
        return state.order.index(seat) + 1
    return (seat - state.first) * state.direction % table.players + 1


def _cards(node: Node, table: Table, seat: int, card: int, group: list[int] | None) -> int:
    """count, sum, max, min, distinct, top, first and piles_empty over a zone's cards."""
    kind, (place, whose) = node[0], node[1]
    cards = (group or []) if whose == GIVEN else under(table, place, card) if whose == THIS \
        else read_cards(table, place, whose, seat)
    if kind == TOP:
        if not cards:
            return NONE
        end = cards[-1] if node[3] else cards[0]
        named = table.state.named.get(place) if table.state is not None else None
        if named is not None and named[0] == end and named[1] == node[4]:  # a value a player declared for it
            return named[2]
        return node[2][end]
    if kind == PILES:
        names = table.plan.facts.codes["name"]
        left = {names[c] for c in cards}
        return sum(1 for name in node[2] if name not in left)
    test = node[2] if kind == COUNT else node[3]
    if test is not None:
        cards = filtered(cards, test, table, seat, card, group)
    if kind == COUNT:
        return len(cards)
    codes = node[2]
    if kind == SUM:
        return capped(sum(codes[c] for c in cards))
    if kind == DISTINCT:
        return len({codes[c] for c in cards} - {NONE})
    found = [codes[c] for c in cards]
    return (max(found) if node[4] else min(found)) if found else 0


def filtered(cards: list[int], test: tuple, table: Table, seat: int, card: int, group: list[int] | None) -> list[int]:
    """The cards that pass a filter: a mask, or a field compared with a number worked out once
    (it reads the enclosing card or group, never the card tested), part by part; else card by card."""
    kind = test[0]
    if kind == MASK:
        mask = test[1]
        return [c for c in cards if mask[c]]
    if kind == FIELD:
        codes, holds, bound, text = test[1], OPERATORS[test[2]], value(test[3], table, seat, card, group), test[4]
        return [c for c in cards if holds(codes[c], bound) and not (text and codes[c] == NONE)]
    if kind == ALL_OF:
        for part in test[1]:
            cards = filtered(cards, part, table, seat, card, group)
        return cards
    return [c for c in cards if passes(test, table, seat, c, card, group)]


def passes(test: tuple, table: Table, seat: int, card: int, tested: int = -1, group: list[int] | None = None) -> bool:
    """Whether `card` passes a compiled filter for the seat now (`tested`, `group`: the card an
    enclosing filter tests, the group a score reads, which a keyword's value may read: `color=color`)."""
    kind = test[0]
    if kind == MASK:
        return test[1][card]
    if kind == FIELD:
        code = test[1][card]
        if test[4] and code == NONE:
            return False
        return OPERATORS[test[2]](code, value(test[3], table, seat, tested, group))
    if kind == ALL_OF:
        return all(passes(part, table, seat, card, tested, group) for part in test[1])
    if kind == ANY_OF:
        return any(passes(part, table, seat, card, tested, group) for part in test[1])
    if kind == NOT_CARD:
        return not passes(test[1], table, seat, card, tested, group)
    if kind == MARKED:
        marks = table.state.marks
        return any(card in marks.get(name, ()) for name in test[1])
    assert kind == CARD_EXPR
    return bool(value(test[1], table, seat, card))
