"""Civ Builder's special actions, one function per clause of the Special Action Table (the
registry SPECIALS; civ_builder.CLAUSES reads each clause and its numbers from the table's text).
A steal or a discard takes only what the target has (kit choice steal-what-is-there). Stdlib only."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from kitgen.simulate.rules.civ_builder_table import CivTable

STOP = -1
DRAWN = 1.0  # what the seat expects of a card drawn blind: about one Attribute card (the greedy's price)


def steal_points(table: CivTable, seat: int, count: int) -> None:
    """Steal `count` total points in target Attributes from target opponent, one point at a time."""
    worth, values = table.worth, table.values
    target = table.opponent(seat, lambda o: table.vp[o] + 0.01 * sum(values[o]))
    if target < 0:
        return
    for _ in range(count):
        options = [a for a, v in enumerate(values[target]) if v > 0]
        if not options:
            return
        pick = table.choose(seat, options, lambda a: worth.point(seat, a, 1) - worth.point(target, a, -1))
        values[target][pick] -= 1
        values[seat][pick] += 1


def swap_cards(table: CivTable, seat: int, count: int) -> None:
    """Look at opponent's hand, take up to `count` cards, give him back that many (any of the
    seat's cards, those just taken included: kit choice trade-give-back)."""
    worth, hands = table.worth, table.hands
    target = table.opponent(seat, lambda o: sum(hands[o]) + 0.01 * table.vp[o])
    if target < 0:
        return
    taken = 0
    for _ in range(count):
        if not any(hands[target]):
            break
        card = table.choose(seat, table.cards(target), lambda c: worth.card(seat, c, 1))
        hands[target][card] -= 1
        hands[seat][card] += 1
        taken += 1
    for _ in range(taken):
        card = table.choose(seat, table.cards(seat), lambda c: -worth.card(seat, c))
        hands[seat][card] -= 1
        hands[target][card] += 1


def look_take(table: CivTable, seat: int, look: int, keep: int) -> None:
    """Look at the next `look` cards of the deck and take `keep`; the others stay where they were,
    in their order (kit choice science-look)."""
    table.refill(look)
    pile = table.pile
    seen = pile[-look:] if look else []
    for _ in range(min(keep, len(seen))):
        card = table.choose(seat, sorted(set(seen)), lambda c: table.worth.card(seat, c, 1))
        seen.remove(card)
        del pile[len(pile) - 1 - pile[::-1].index(card)]
        table.hands[seat][card] += 1


def steal_cards(table: CivTable, seat: int, count: int) -> None:
    """Steal `count` random cards from target opponent."""
    hands = table.hands
    target = table.opponent(seat, lambda o: min(count, sum(hands[o])) + 0.01 * table.vp[o])
    if target >= 0:
        _lose_random_cards(table, target, count, seat)


def steal_vp(table: CivTable, seat: int, count: int) -> None:
    """Steal `count` Victory Points from target opponent."""
    vp = table.vp
    target = table.opponent(seat, lambda o: min(count, vp[o]) + 0.01 * vp[o])
    if target < 0:
        return
    stolen = min(count, vp[target])
    vp[target] -= stolen
    vp[seat] += stolen


def redraw(table: CivTable, seat: int, more: int) -> None:
    """You may discard X cards and draw X + `more` cards from the deck (the seat picks X card by card)."""
    discarded = 0
    while any(table.hands[seat]):
        card = table.choose(seat, [*table.cards(seat), STOP],
                            lambda c: 0.0 if c == STOP else DRAWN - table.worth.card(seat, c))
        if card == STOP:
            break
        table.discard_one(seat, card)
        discarded += 1
    table.draw(seat, discarded + more)


def target_discards(table: CivTable, seat: int, count: int) -> None:
    """Target opponent discards `count` random cards."""
    target = table.opponent(seat, lambda o: min(count, sum(table.hands[o])) + 0.01 * table.vp[o])
    if target >= 0:
        _lose_random_cards(table, target, count, None)


def _lose_random_cards(table: CivTable, target: int, count: int, taker: int | None) -> None:
    """`target` loses `count` random cards (fewer if the hand runs out): to `taker`'s hand, or discarded."""
    for _ in range(count):
        card = table.random_card(target)
        if card < 0:
            return
        if taker is None:
            table.discard_one(target, card)
        else:
            table.hands[target][card] -= 1
            table.hands[taker][card] += 1


def draw(table: CivTable, seat: int, count: int) -> None:
    table.draw(seat, count)


def gain_vp(table: CivTable, seat: int, count: int) -> None:
    table.vp[seat] += count


SPECIALS: dict[str, Callable[..., None]] = {
    "steal-points": steal_points, "swap-cards": swap_cards, "look-take": look_take, "steal-cards": steal_cards,
    "steal-vp": steal_vp, "redraw": redraw, "target-discards": target_discards, "draw": draw, "gain-vp": gain_vp,
}
