"""The runtime of the rules vocabulary's compiled conditions (compile/conditions.py): test() reads
a compiled tree for a seat of a table, now (its numbers: engine/expressions.value); the rankings a
condition asks for (highest, most attributes, ties settled) count only the players still in.
"""
from __future__ import annotations

from kitgen.simulate.compile.conditions import Rank
from kitgen.simulate.compile.nodes import (AFTER, ALL, ANY, AT_END, CARDS_IN, COMPARE, EMPTY, FLAG, MOST, NONE,
                                           OF_TARGET, RANK, ROLL_OFF, STREAK, TEST, Node)
from kitgen.simulate.engine.expressions import value
from kitgen.simulate.engine.table import Table, dice_total
from kitgen.simulate.engine.zones import cards_of


def test(node: Node, table: Table, seat: int) -> bool:
    """Whether a compiled condition holds for the seat now."""
    kind = node[0]
    if kind == ALL:
        return all(test(part, table, seat) for part in node[1])
    if kind == ANY:
        return any(test(part, table, seat) for part in node[1])
    if kind == NONE:
        return not any(test(part, table, seat) for part in node[1])
    if kind == COMPARE:
        return node[1](value(node[2], table, seat), value(node[3], table, seat))
    if kind == RANK:
        return ranked(table, seat, node[1])
    if kind == AFTER:
        return table.turn > node[1]
    if kind == AT_END:
        return table.ending and table.turn == node[1]
    if kind == EMPTY:
        pile, discard = table.piles.get(node[1], ((), ()))
        return not pile and not discard and not any(cards_of(table, place, seat) for place in node[2])
    if kind == TEST:
        return bool(value(node[1], table, seat))
    if kind == MOST:
        return most_highest(table, seat, table.plan.compared or len(table.plan.attributes), node[1], node[2])
    return _state_test(node, table, seat)


def _state_test(node: Node, table: Table, seat: int) -> bool:
    """The conditions on what the vocabulary keeps (engine/state.State): zones, flags, who is out."""
    state, kind = table.state, node[0]
    if state is None:
        return False
    if kind == CARDS_IN:
        return cards_in(table, seat, node[1], node[3]) >= value(node[2], table, seat)
    if kind == FLAG:
        return state.flags[seat].get(node[1], 0) >= table.turn
    if kind == STREAK:
        return state.streaks[seat].get(node[1], 0) >= value(node[2], table, seat)
    if kind == OF_TARGET:  # holds for the player the step in progress targets
        return table.aim >= 0 and test(node[1], table, table.aim)
    return not state.out[seat] and all(state.out[p] for p in range(table.players) if p != seat)


def cards_in(table: Table, seat: int, zone: str, place: int = -1) -> int:
    """How many cards the seat has in the zone (a market: how many lie on the table; a zone of the
    card model: `place`, its index)."""
    state = table.state
    if zone in state.market:
        return len(state.market[zone])
    if zone in state.attached:
        return len(state.attached[zone][seat])
    if zone in state.zones:
        return len(state.zones[zone][seat]) + (sum(state.melds[zone][seat].values()) if state.melds else 0)
    return len(cards_of(table, place, seat)) if place >= 0 else 0


def ranked(table: Table, seat: int, rank: Rank) -> bool:
    """The seat is the highest (lowest): by at least `by` points ahead of every other player when
    `by` > 1; else the best, a tie broken by `breaks` (highest of each in turn), then shared or not.
    Only the players still in the game are compared (eliminate:)."""
    players = in_game(table)
    if seat not in players:
        return False
    column = {p: rank.sign * value(rank.value, table, p) for p in players}
    mine, best = column[seat], max(column.values())
    if mine != best:
        return False
    margin = value(rank.by, table, seat)
    if margin > 1:
        return all(mine - other >= margin for p, other in column.items() if p != seat)
    tied = settle(table, [p for p, score in column.items() if score == best], rank.breaks)
    return seat in tied and (len(tied) == 1 or rank.share)


def settle(table: Table, tied: list[int], breaks: tuple[Node, ...]) -> list[int]:
    """Who is left of a tie once `breaks` are compared in turn (the highest of each stays)."""
    for key in breaks:
        if len(tied) == 1:
            break
        if key[0] == ROLL_OFF:
            return [roll_off(table, tied, key[1], key[2])]
        scores = {p: value(key, table, p) for p in tied}
        top = max(scores.values())
        tied = [p for p in tied if scores[p] == top]
    return tied


def roll_off(table: Table, tied: list[int], dice: int, sides: int) -> int:
    """The one left of a roll-off: the tied roll, the highest stays, the tied roll again. Rolled once
    a moment of the game for the same players, so that asking for each seat gives one answer."""
    key = (table.turn, table.moment, tuple(tied), dice, sides)
    if key not in table.rolled:
        while len(tied) > 1:
            rolls = {p: dice_total(table.dice[p], dice, sides) for p in tied}
            tied = [p for p in tied if rolls[p] == max(rolls.values())]
        table.rolled[key] = tied[0]
    return table.rolled[key]


def in_game(table: Table) -> list[int]:
    """The seats still in the game (all of them, unless eliminate: put some out)."""
    state = table.state
    return [p for p in range(table.players) if state is None or not state.out[p]]


def most_highest(table: Table, seat: int, attributes: int, breaks: tuple[Node, ...] = (), share: bool = False) -> bool:
    """Strictly highest in more attributes than any other player still in (and in at least one);
    players level on that count are settled by `breaks` in turn, then share it or not."""
    players = in_game(table)
    if seat not in players:
        return False
    values = {p: table.values[p] for p in players}
    ahead = {p: sum(1 for a in range(attributes) if all(v[a] > o[a] for q, o in values.items() if q != p))
             for p, v in values.items()}
    top = max(ahead.values())
    if top == 0 or ahead[seat] != top:
        return False
    tied = settle(table, [p for p, count in ahead.items() if count == top], breaks)
    return seat in tied and (len(tied) == 1 or share)
