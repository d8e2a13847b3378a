"""The card model's steps on who plays and who is in: lead (who starts the next turn: the seat, a
target, or whoever holds a card that passes the filter), reverse (the direction of play), skip (the
next player loses its turn), out (out of the round; with no rounds, of the game), set (a counter to
a value).
"""
from __future__ import annotations

from kitgen.simulate.compile.moves import CardStep
from kitgen.simulate.compile.plan import Step
from kitgen.simulate.engine.expressions import passes, value
from kitgen.simulate.engine.table import Table, bound
from kitgen.simulate.engine.zones import cards_of
from kitgen.simulate.vocabulary.picks import HAND, each_target


def act_lead(table: Table, seat: int, step: Step) -> None:
    """With a filter: the player whose zone (its hand) holds a card that passes it starts the next
    turn (the Two of Clubs leads); else the player the step reaches."""
    cards: CardStep = step.more.cards
    if cards.filter is not None:
        place = cards.zone if cards.zone >= 0 else HAND
        holder = next((p for p in range(table.players) if not table.out(p)
                       and any(passes(cards.filter, table, p, c) for c in cards_of(table, place, p))), -1)
        if holder >= 0:
            table.state.next = holder
        return

    def lead(table: Table, target: int) -> None:
        table.state.next = target
    each_target(table, seat, step, lead)


def act_reverse(table: Table, seat: int, step: Step) -> None:
    table.state.direction = -table.state.direction


def act_skip(table: Table, seat: int, step: Step) -> None:
    """The next COUNT players in the direction lose their turn."""
    table.state.skip += max(1, step.count)


def act_out(table: Table, seat: int, step: Step) -> None:
    """The player the step reaches is out: of the round in a game of rounds (in again next round),
    else of the game. Its hand stays where it is (a rule that discards it says so)."""
    def out(table: Table, target: int) -> None:
        table.state.out[target] = True
        if table.plan.rounds is None:
            table.state.gone[target] = True
    each_target(table, seat, step, out)


def act_set(table: Table, seat: int, step: Step) -> None:
    """A counter (`attribute`) set to `value`, worked out for the seat, for each player reached."""
    cards: CardStep = step.more.cards
    amount = value(cards.value, table, seat) if cards.value is not None else 0

    def put(table: Table, target: int) -> None:
        table.values[target][cards.counter] = amount
    each_target(table, seat, step, put)
    bound(table)
