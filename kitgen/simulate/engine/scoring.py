"""What a `score` step is worth to a player now (the vocabulary's score step adds it to a counter; the
greedy player weighs a game's `worth:` steps by it): its `value` (with `group:`, worked out for each
group of the zone's cards and summed), `sets`, `by_count` or `majority`. Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.compile.moves import CardStep
from kitgen.simulate.compile.plan import Step
from kitgen.simulate.engine.conditions import in_game
from kitgen.simulate.engine.expressions import passes, value
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of


def score_of(table: Table, seat: int, step: Step) -> int:
    cards: CardStep = step.more.cards
    kind = cards.scoring[0]
    if kind == "majority":
        return _majority(table, seat, cards.scoring)
    held = cards_of(table, cards.zone, seat) if cards.zone >= 0 else []
    if kind == "sets":
        _, test, size, points = cards.scoring
        found = sum(1 for c in held if test is None or passes(test, table, seat, c))
        return found // size * value(points, table, seat)
    if kind == "by_count":
        _, test, ladder = cards.scoring
        found = sum(1 for c in held if test is None or passes(test, table, seat, c))
        return value(ladder[min(found, len(ladder) - 1)], table, seat) if ladder else 0
    if cards.value is None:
        return 0
    if cards.group is None:
        return value(cards.value, table, seat)
    groups: dict[int, list[int]] = {}
    for card in held:
        groups.setdefault(cards.group[card], []).append(card)
    return sum(value(cards.value, table, seat, group=group) for group in groups.values())


def _majority(table: Table, seat: int, spec: tuple) -> int:
    """The seat's points by its place among the players still in, ranked by `value` (a player with
    none, 0 or less, places nowhere); tied players split the points of the places they fill (rounded
    down), split the first of them alone (split-place: rounded toward zero, a loss too), share the first
    of them whole, or get none."""
    _, amount, ladder, tie = spec
    scores = {p: value(amount, table, p) for p in in_game(table)}
    mine = scores.get(seat, 0)
    if mine <= 0:
        return 0
    place = sum(1 for score in scores.values() if score > mine)
    tied = sum(1 for score in scores.values() if score == mine)
    points = [value(p, table, seat) for p in ladder[place:place + tied]]
    if not points:
        return 0
    if tied == 1:
        return points[0]
    if tie == "split-place":
        return int(points[0] / tied)  # toward zero: -6 split four ways is -1 each
    return sum(points) // tied if tie == "split" else points[0] if tie == "share" else 0
