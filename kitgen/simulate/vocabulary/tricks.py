"""The card model's tricks and scoring. take-trick: of the cards in the trick zone, the highest
`trump` wins, else the highest of the led card's `follow` field, by `rank` (equal ranks: the first
played); the winner takes the cards `to` its zone and, with `lead`, starts the next turn. score:
points to a counter, for each player the step reaches: `value` (an expression; with `group:` worked
out for each group of the zone's cards by that field and summed: Lost Cities' expeditions), `sets`
(every SIZE cards that pass a filter), `by_count` (points by how many), `majority` (points by rank
among the players).
"""
from __future__ import annotations

from kitgen.simulate.compile.moves import CardStep
from kitgen.simulate.compile.plan import Step
from kitgen.simulate.engine.expressions import passes
from kitgen.simulate.engine.scoring import score_of
from kitgen.simulate.engine.counters import add
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of
from kitgen.simulate.vocabulary.picks import carry, each_target


def trick_winner(table: Table, seat: int, step: Step) -> tuple[int, list[int]]:
    """The seat that wins the trick now, and its cards (-1 and none when it is empty)."""
    cards: CardStep = step.more.cards
    trick = list(cards_of(table, cards.zone, seat))
    if not trick:
        return -1, []
    trumps = [c for c in trick if cards.trump is not None and passes(cards.trump, table, seat, c)]
    led = cards.follow[trick[0]] if cards.follow is not None else None
    contenders = trumps or [c for c in trick if led is None or cards.follow[c] == led]  # type: ignore[index]
    rank = cards.rank or (0,) * len(table.plan.cards)
    best = contenders[0]
    for card in contenders[1:]:
        if rank[card] > rank[best]:
            best = card
    return table.state.played_by.get(best, seat), trick


def act_take_trick(table: Table, seat: int, step: Step) -> None:
    cards: CardStep = step.more.cards
    winner, trick = trick_winner(table, seat, step)
    if winner < 0:
        return
    for card in trick:
        carry(table, winner, card, (cards.zone, winner, cards.to, winner), "move")
    if cards.lead:
        table.state.next = winner


def act_score(table: Table, seat: int, step: Step) -> None:
    """The step's points, worked out for the seat, added to `attribute` of each player it reaches."""
    cards: CardStep = step.more.cards
    points = score_of(table, seat, step)
    if points:
        each_target(table, seat, step, lambda table, target: add(table, target, cards.counter, points))
