"""A seat's policy that marks, on the game's turn record, each turn in which the seat had a real
choice (two or more answers) before it answers as the policy does: the share of turns with a real
choice (engine/record.py) without a line in the vocabulary. A copy a player thinks ahead on keeps
no record (table.record is None), so what a search weighs is not counted. Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.engine.table import Table
from kitgen.simulate.players.policy import Policy


def marked(policy: Policy) -> Policy:
    """`policy`, its every question first marking a choice of two or more answers."""
    def choose_card(table: Table, seat: int, cards: list[int], best: bool) -> int:
        mark(table, seat, len(cards))
        return policy.choose_card(table, seat, cards, best)

    def choose_option(table: Table, seat: int, card: int, options):
        mark(table, seat, len(options))
        return policy.choose_option(table, seat, card, options)

    def choose_opponent(table: Table, seat: int, harm: int) -> int:
        mark(table, seat, len(table.rivals(seat)))
        return policy.choose_opponent(table, seat, harm)

    def pick_attribute(table: Table, seat: int, who: int, delta: int, among: list[int] | None = None) -> int:
        mark(table, seat, 2 if among is None else len(among))  # None: any attribute
        return policy.pick_attribute(table, seat, who, delta, among)

    def choose_move(table: Table, seat: int, moves) -> int:
        mark(table, seat, len(moves))
        return policy.choose_move(table, seat, moves)

    discards = policy.choose_discards

    def choose_discards(table: Table, seat: int, hand: list[int], count: int) -> list[int]:
        mark(table, seat, len(hand) - count + 1)  # more cards than discards: which ones is a choice
        return discards(table, seat, hand, count)  # type: ignore[misc]

    return policy._replace(choose_card=choose_card, choose_option=choose_option, choose_opponent=choose_opponent,
                           pick_attribute=pick_attribute, choose_move=choose_move,
                           choose_discards=choose_discards if discards is not None else None)


def mark(table: Table, seat: int, answers: int) -> None:
    if answers > 1 and table.record is not None:
        table.record.chose[seat] = True
