"""The stronger players: `lookahead` plays each candidate card on a copy of the table and keeps the
one that leaves it best placed; `mcts` is information-set Monte Carlo tree search: every iteration
deals the cards it cannot see (the others' hands, the order of the decks) anew, picks a candidate
by UCB1 and plays the game on with greedy players, so that it learns which card wins more.

Both search only which card to play; its other choices are greedy's. The mcts tree is one level
deep (the candidates of this decision; what follows is a greedy rollout, not a deeper tree), and
a rollout ends at the end of the next turn (HORIZON) and is scored there if nobody won before.
"""
from __future__ import annotations

import math

from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.players.greedy import GREEDY, greedy_card
from kitgen.simulate.players.policy import Policy
from kitgen.simulate.players.standing import standing, worth

HORIZON = 1  # turns a rollout plays past the current one: the next End Phases decide most games
EXPLORE = 0.7  # UCB1's exploration constant: rewards lie in [0, 1], so about 1/sqrt(2)


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


def determinize(table: Table, seat: int) -> Table:
    """A copy in which what the seat cannot see is dealt anew: the others' hands and the draw piles
    are shuffled together and dealt back in the same sizes (the discard piles are public)."""
    copy = _greedy_copy(table, seat)
    deck_of = copy.deck_of
    for deck, (pile, _) in copy.piles.items():
        others = [p for p in range(copy.players) if p != seat]
        hidden = list(pile) + [c for p in others for c in copy.hands[p] if deck_of[c] == deck]
        copy.rng.shuffle(hidden)
        for p in others:
            keep = [c for c in copy.hands[p] if deck_of[c] != deck]
            count = len(copy.hands[p]) - len(keep)
            copy.hands[p] = keep + hidden[:count]
            del hidden[:count]
        pile[:] = hidden
    return copy


def mcts_card(table: Table, seat: int, cards: list[int], best: bool) -> int:
    """UCB1 over the candidates, each iteration on a fresh determinization; the most tried wins."""
    candidates = sorted(set(cards))
    if not playing(table, seat, candidates, best):
        return greedy_card(table, seat, cards, best)
    budget = max(len(candidates), table.budget)
    tries, totals = [0] * len(candidates), [0.0] * len(candidates)
    for iteration in range(budget):
        if iteration < len(candidates):
            pick = iteration
        else:
            pick = max(range(len(candidates)), key=lambda i: totals[i] / tries[i]
                       + EXPLORE * math.sqrt(math.log(iteration) / tries[i]))
        world = determinize(table, seat)
        world.play_card(seat, candidates[pick])
        if world.winner < 0:
            play(world, start=table.moment + 1, until_turn=table.turn + HORIZON)
        tries[pick] += 1
        totals[pick] += position(world, seat)
    return candidates[max(range(len(candidates)), key=lambda i: (tries[i], totals[i], -candidates[i]))]


def _greedy(name: str, card, strength: int) -> Policy:
    """A player that chooses its card by `card` and every other answer as greedy does (discards too)."""
    return Policy(name, card, GREEDY.choose_option, GREEDY.choose_opponent, GREEDY.pick_attribute, GREEDY.choose_move,
                  strength, GREEDY.choose_discards)


LOOKAHEAD = _greedy("lookahead", lookahead_card, 2)
MCTS = _greedy("mcts", mcts_card, 3)
