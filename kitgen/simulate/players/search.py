"""The lookahead player: plays each candidate card on SAMPLES copies of the table, each played on by
greedy players to the end of the next turn, and keeps the best mean (weighed as greedy weighs a
move: its standing and worth against the best rival's); its other moves greedy's, each weighed on up
to SAMPLES copies rather than one. `position` is also what mcts.py scores its rollouts by."""
from __future__ import annotations

from kitgen.simulate.engine.knowledge import determinize as deal_unseen
from kitgen.simulate.engine.loop import play_on
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.options import Option, nothing
from kitgen.simulate.players.greedy import GREEDY, WEIGHING, greedy_card, weigh
from kitgen.simulate.players.policy import Policy
from kitgen.simulate.players.standing import standing, worth

SAMPLES = 3  # lookahead: copies a candidate is tried on (the mean of their outcomes)
LOOKAHEAD_TURNS = 1  # lookahead: turns its rollout plays past the current one (0: to the end of this turn)
WON = 10.0**6  # a won game, above any weighing


def position(table: Table, seat: int) -> float:
    """How well the seat stands: 1 if it won, 0 if another did; else 0.5 plus a twentieth of a
    point per point of lead in victory-path distance over the best other player, within [0.05, 0.95]."""
    if table.winner >= 0:
        return 1.0 if table.winner == seat else 0.0
    plan, values = table.plan, table.values
    mine = standing(plan, values, seat) + worth(table, seat)
    best = max((standing(plan, values, p) + worth(table, p) for p in range(table.players) if p != seat), default=mine)
    return min(0.95, max(0.05, 0.5 + 0.05 * (mine - best)))


def playing(table: Table, seat: int, candidates: list[int], best: bool) -> bool:
    """Whether the choice is of a card to play from the seat's hand, among two or more: what the search
    weighs. Else (a discard, a card to take from a deck or another's hand) greedy answers."""
    return best and len(candidates) > 1 and set(candidates) <= set(table.hands[seat])


def outlook(table: Table, seat: int) -> float:
    """What a copy after a candidate and its rollout is worth to the seat: a won game most (a lost one
    least), else greedy's weighing (its standing and worth against the best rival's, players/greedy)."""
    if table.winner >= 0:
        return WON if table.winner == seat else -WON
    return weigh(table, seat)


def lookahead_card(table: Table, seat: int, cards: list[int], best: bool) -> int:
    """Play each different candidate on SAMPLES copies, each played on by greedy players to the end of
    the next turn (its scoring and victory checks: what the card leads to, not only what it gives),
    and keep the best mean; a tie goes to greedy's choice, then the first listed. Each copy deals
    what the seat cannot see anew (determinize: no peeking at hands or the deck's order), and every
    candidate meets the same deals and dice (copy k of each alike), so that what differs between two
    candidates is the card, not the luck."""
    candidates = sorted(set(cards))
    if not playing(table, seat, candidates, best):
        return greedy_card(table, seat, cards, best)
    greedy = greedy_card(table, seat, candidates, True)
    worlds = [(determinize(table, seat), table.ties[seat].getrandbits(64)) for _ in range(SAMPLES)]
    scored = []
    for card in candidates:
        total = 0.0
        for world, seed in worlds:
            copy = world.clone(seed)
            copy.play_card(seat, card)
            if copy.winner < 0:
                play_on(copy, until_turn=table.turn + LOOKAHEAD_TURNS)
            total += outlook(copy, seat)
        scored.append((total, card == greedy, -card))
    return -max(scored)[2]


def lookahead_move(table: Table, seat: int, moves: list[Option]) -> int:
    """Each move weighed as greedy weighs it, on up to SAMPLES copies with their own dice (a battle, a
    roll: the mean of several outcomes, not one; a move whose first two copies come out equal is
    taken to be certain). Not played on: a rollout for each move of each decision cost Civ Builder
    seconds a game. A game of the card model: greedy's answer (players/worth.py deals what is unseen
    anew already)."""
    if table.plan.instances or len(moves) < 2:
        return GREEDY.choose_move(table, seat, moves)
    weighing = (WEIGHING,) * table.players
    seeds = [table.ties[seat].getrandbits(32) for _ in range(SAMPLES)]  # copy k of every move rolls the same dice
    scores = []
    for move in moves:
        if move.take is nothing:
            scores.append(outlook(table, seat))
            continue
        outcomes: list[float] = []
        while len(outcomes) < SAMPLES and not (len(outcomes) == 2 and outcomes[0] == outcomes[1]):
            other = table.clone(seeds[len(outcomes)])
            other.policies = weighing
            move.take(other)
            outcomes.append(outlook(other, seat))
        scores.append(sum(outcomes) / len(outcomes))
    return scores.index(max(scores))


def determinize(table: Table, seat: int) -> Table:
    """A copy the seat thinks on, every seat greedy there, its dice from the seat's own stream and what
    the seat cannot see dealt anew (engine/knowledge: no peeking)."""
    copy = table.clone(table.ties[seat].getrandbits(64))
    copy.policies = (GREEDY,) * table.players
    deal_unseen(copy, seat)
    return copy


def _greedy(name: str, card, strength: int) -> Policy:
    """A player that chooses its card by `card` and every other answer as greedy does (discards too)."""
    return Policy(name, card, GREEDY.choose_option, GREEDY.choose_opponent, GREEDY.pick_attribute, GREEDY.choose_move,
                  strength, GREEDY.choose_discards)


LOOKAHEAD = _greedy("lookahead", lookahead_card, 2)._replace(choose_move=lookahead_move)
