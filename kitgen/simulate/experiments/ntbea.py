"""The N-tuple bandit evolutionary algorithm (NTBEA; Lucas, Liu and Perez-Liebana, 2018), as the
Tabletop Games Framework tunes game parameters with it (TAG's `evaluation/optimisation/ntbea`):
a search over points of a few discrete dimensions whose every evaluation is noisy.

Each evaluated point's score goes into a model of tuples: each dimension alone, each pair, and all of
them. A point's estimate is the mean, over the tuples, of the scores seen with its values there; its
exploration term grows where a tuple has been seen little (UCB1). Each iteration evaluates the
current point, then moves to the best of NEIGHBOURS mutations of it by estimate + exploration.
The recommendation is the evaluated point with the best estimate (it pools every evaluation that
shares its values, so it is steadier than any one noisy score), with each change the model does
not credit taken back (`simplest`): a designer reads every number that changed. Pure, seeded; stdlib only."""
from __future__ import annotations

import math
import random
from itertools import combinations
from typing import Callable

Point = tuple[int, ...]  # one index into each dimension's values
NEIGHBOURS = 50  # mutations weighed per iteration (TAG's default neighbourhood size)
EPSILON = 1e-6  # keeps the exploration term finite for a tuple never seen
CREDIT = 1.0  # standard errors by which a changed value's scores must beat the start's to be kept
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
        self.scores: list[float] = []

    def add(self, point: Point, score: float) -> None:
        self.total += 1
        self.scores.append(score)
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

    def credits(self, dimension: int, value: int, other: int) -> bool:
        """Whether the scores seen with `value` in this dimension beat those with `other` by more
        than CREDIT standard errors (the spread of every score seen)."""
        mine, theirs = (self.seen.get(((dimension,), (v,))) for v in (value, other))
        if not mine or not theirs or len(self.scores) < 2:
            return mine is not None and theirs is None
        mean = sum(self.scores) / len(self.scores)
        spread = math.sqrt(sum((x - mean) ** 2 for x in self.scores) / (len(self.scores) - 1))
        error = spread * math.sqrt(1 / mine[0] + 1 / theirs[0])
        return mine[1] / mine[0] - theirs[1] / theirs[0] > CREDIT * error

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
    return simplest(model, best, start, eligible), model


def simplest(model: Model, best: Point, start: Point, eligible: Callable[[Point], bool]) -> Point:
    """`best` with each change the model does not credit taken back to the start's value: a change
    stays when the scores seen with its value beat those seen with the start's value by more than
    CREDIT standard errors (the scores' own spread). A dimension that does not move the score (a
    race's start when the seats are the target) is left as it was, not set to what its noise favoured."""
    point = best
    for d in range(len(point)):
        back = point[:d] + (start[d],) + point[d + 1:]
        if point[d] != start[d] and not model.credits(d, point[d], start[d]) and (back == start or eligible(back)):
            point = back
    return point
