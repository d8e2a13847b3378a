"""The lookahead player: plays each candidate card on a copy of the table and keeps the one that
leaves it best placed (position: also what mcts.py scores its rollouts by). It searches only which
card to play; its other choices are greedy's.
"""
from __future__ import annotations

from kitgen.simulate.engine.table import Table
from kitgen.simulate.players.greedy import GREEDY, greedy_card
from kitgen.simulate.players.policy import Policy
from kitgen.simulate.players.standing import standing, worth



def position(table: Table, seat: int) -> float:
    """How well the seat stands: 1 if it won, 0 if another did; else 0.5 plus a twentieth of a
    point per point of lead in victory-path distance over the best other player, within [0.05, 0.95]."""
    if table.winner >= 0:
        return 1.0 if table.winner == seat else 0.0
    plan, values = table.plan, table.values
    mine = standing(plan, values, seat) + worth(table, seat)
    best = max((standing(plan, values, p) + worth(table, p) for p in range(table.players) if p != seat), default=mine)
    return min(0.95, max(0.05, 0.5 + 0.05 * (mine - best)))


def _greedy_copy(table: Table, seat: int) -> Table:
    """A copy the seat thinks on, every seat greedy there; its dice drawn from the seat's own stream."""
    copy = table.clone(table.ties[seat].getrandbits(64))
    copy.policies = (GREEDY,) * table.players
    return copy


def playing(table: Table, seat: int, candidates: list[int], best: bool) -> bool:
    """Whether the choice is of a card to play from the seat's hand, among two or more: what the search
    weighs. Else (a discard, a card to take from a deck or another's hand) greedy answers."""
    return best and len(candidates) > 1 and set(candidates) <= set(table.hands[seat])


def lookahead_card(table: Table, seat: int, cards: list[int], best: bool) -> int:
    """Play each different candidate on a copy (its own dice: no peeking) and keep the best placed."""
    candidates = sorted(set(cards))
    if not playing(table, seat, candidates, best):
        return greedy_card(table, seat, cards, best)
    scored = []
    for card in candidates:
        copy = _greedy_copy(table, seat)
        copy.play_card(seat, card)
        scored.append((position(copy, seat), card == greedy_card(table, seat, candidates, True), -card))
    return -max(scored)[2]


def _greedy(name: str, card, strength: int) -> Policy:
    """A player that chooses its card by `card` and every other answer as greedy does (discards too)."""
    return Policy(name, card, GREEDY.choose_option, GREEDY.choose_opponent, GREEDY.pick_attribute, GREEDY.choose_move,
                  strength, GREEDY.choose_discards)


LOOKAHEAD = _greedy("lookahead", lookahead_card, 2)
