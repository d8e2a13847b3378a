"""The N-tuple bandit evolutionary algorithm (NTBEA; Lucas, Liu and Perez-Liebana, 2018), as the
Tabletop Games Framework tunes game parameters with it (TAG's `evaluation/optimisation/ntbea`):
a search over points of a few discrete dimensions whose every evaluation is noisy.

Each evaluated point's score goes into a model of tuples: each dimension alone, each pair, and all of
them. A point's estimate is the mean, over the tuples, of the scores seen with its values there; its
exploration term grows where a tuple has been seen little (UCB1). Each iteration evaluates the
current point, then moves to the best of NEIGHBOURS mutations of it by estimate + exploration.
The recommendation is the evaluated point with the best estimate: it pools every evaluation that
shares its values, so it is steadier than any one noisy score. Then `simplest` takes back each
change that does not beat the point without it in fresh games: a designer reads every number that
changed, and the model's marginals cannot tell this alone (each start value is seen mostly with the
start point, the worst). Pure, seeded; stdlib only."""
from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Callable

Point = tuple[int, ...]  # one index into each dimension's values
NEIGHBOURS = 50  # mutations weighed per iteration (TAG's default neighbourhood size)
EPSILON = 1e-6  # keeps the exploration term finite for a tuple never seen
BATCHES = 2  # fresh batches of games in which a change must beat the point without it, each one
PAIRS_UP_TO = 10  # dimensions up to which every pair is a tuple of the model (45 pairs at 10)


class Model:
    """Per tuple of dimensions, per values there: how often seen and the sum of the scores."""

    def __init__(self, dimensions: int, explore: float):
        whole = (tuple(range(dimensions)),)
        pairs = tuple(combinations(range(dimensions), 2)) if 2 < dimensions <= PAIRS_UP_TO else ()
        self.tuples = tuple(dict.fromkeys(((d,) for d in range(dimensions)))) + pairs + whole
        self.seen: dict[tuple, list[float]] = {}
        self.explore = explore
        self.total = 0

    def add(self, point: Point, score: float) -> None:
        self.total += 1
        for dims in self.tuples:
            entry = self.seen.setdefault((dims, tuple(point[d] for d in dims)), [0, 0.0])
            entry[0] += 1
            entry[1] += score

    def estimate(self, point: Point) -> float:
        means = [entry[1] / entry[0] for entry in self._entries(point) if entry and entry[0]]
        return sum(means) / len(means) if means else 0.0

    def bound(self, point: Point) -> float:
        """Estimate plus exploration: UCB1 averaged over the tuples."""
        log = math.log(self.total + 1)
        terms = [self.explore * math.sqrt(log / ((entry[0] if entry else 0) + EPSILON)) for entry in self._entries(point)]
        return self.estimate(point) + sum(terms) / len(terms)

    def _entries(self, point: Point) -> list[list[float] | None]:
        return [self.seen.get((dims, tuple(point[d] for d in dims))) for dims in self.tuples]


def mutate(point: Point, sizes: tuple[int, ...], rng: random.Random) -> Point:
    """Each dimension changed with chance 1/n, at least one: to another of its values, at random."""
    changing = [d for d in range(len(sizes)) if sizes[d] > 1 and rng.random() < 1 / len(sizes)]
    movable = [d for d in range(len(sizes)) if sizes[d] > 1]
    if not changing and movable:
        changing = [rng.choice(movable)]
    new = list(point)
    for d in changing:
        new[d] = rng.choice([v for v in range(sizes[d]) if v != point[d]])
    return tuple(new)


def search(sizes: tuple[int, ...], start: Point, evaluate: Callable[[int, Point], float], evaluations: int,
           seed: int, explore: float, eligible: Callable[[Point], bool] = lambda point: True) -> tuple[Point, Model]:
    """The recommended point after `evaluations` noisy scores (higher is better): the best of the
    evaluated points that are `eligible` (the start point always is). evaluate(i, point) scores the
    i-th evaluation."""
    rng = random.Random(seed)
    model = Model(len(sizes), explore)
    current = start
    evaluated: dict[Point, None] = {}
    for i in range(evaluations):
        score = evaluate(i, current)
        model.add(current, score)
        evaluated[current] = None
        neighbours = dict.fromkeys(mutate(current, sizes, rng) for _ in range(NEIGHBOURS))
        current = max(neighbours, key=lambda point: (model.bound(point), point))
    best = max((point for point in evaluated if point == start or eligible(point)),
               key=lambda point: (model.estimate(point), point))
    return best, model


def simplest(best: Point, start: Point, gap: Callable[[Point, int], float], margin: float,
             eligible: Callable[[Point], bool] = lambda point: True) -> Point:
    """`best` with each change that does not earn its place taken back to the start's value: a change
    stays only when, in each of BATCHES fresh batches (the same games for both), the point with it is
    nearer the target than the point without it by more than `margin`. gap(point, batch) is the
    distance from the target (lower is better). A dimension that does not move the score (a race's
    start when the seats are the target) is left as it was, not set to what its noise favoured."""
    point = best
    for d in range(len(point)):
        back = point[:d] + (start[d],) + point[d + 1:]
        if point[d] != start[d] and (back == start or eligible(back)) and \
                not all(gap(point, batch) + margin < gap(back, batch) for batch in range(BATCHES)):
            point = back
    return point
