"""The statistics of the balance lab, stdlib only: Wilson intervals for win rates, paired
differences for card experiments, Holm's correction across many comparisons, and a chi-square
test of whether factions (seats) differ at all."""
from __future__ import annotations

import math
from typing import NamedTuple

Z95 = 1.959964  # the two-sided 95% point of the normal distribution


def wilson(wins: int, games: int) -> list[float]:
    """The 95% Wilson score interval of a win rate (good at small counts and near 0 or 1)."""
    if games == 0:
        return [0.0, 0.0]
    rate = wins / games
    centre = (rate + Z95 * Z95 / (2 * games)) / (1 + Z95 * Z95 / games)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + Z95 * Z95 / (4 * games * games)) / (1 + Z95 * Z95 / games)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


class Paired(NamedTuple):
    change: float  # mean of the paired differences
    ci95: list[float]
    p_value: float
    pairs: int


def paired(differences: list[int]) -> Paired:
    """The mean of paired differences (each -1, 0 or +1: a seat's win with, less without), its 95%
    interval and two-sided p-value by the normal approximation (pairs are many: hundreds)."""
    count = len(differences)
    if count < 2:
        return Paired(0.0, [-1.0, 1.0], 1.0, count)
    mean = sum(differences) / count
    variance = sum((d - mean) ** 2 for d in differences) / (count - 1)
    error = math.sqrt(variance / count)
    if error == 0:
        return Paired(round(mean, 4), [round(mean, 4)] * 2, 1.0 if mean == 0 else 0.0, count)
    p_value = math.erfc(abs(mean) / error / math.sqrt(2))
    return Paired(round(mean, 4), [round(mean - Z95 * error, 4), round(mean + Z95 * error, 4)], p_value, count)


def mcnemar_p(differences: list[int]) -> float:
    """Two-sided exact p-value of paired wins (McNemar's test): of the pairs that differ, as many
    +1 as -1 expected; the binomial tail of the rarer sign, doubled (at most 1). Exact where few pairs
    differ, as when common random numbers make most pairs the same game."""
    up, down = differences.count(1), differences.count(-1)
    n, low = up + down, min(up, down)
    if n == 0:
        return 1.0
    log_half = n * math.log(0.5)
    tail = sum(math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + log_half)
               for k in range(low + 1))
    return min(1.0, 2 * tail)


def holm(p_values: list[float], alpha: float = 0.05) -> list[bool]:
    """Which hypotheses Holm's step-down procedure rejects, keeping the family-wise error <= alpha."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    rejected = [False] * len(p_values)
    for rank, i in enumerate(order):
        if p_values[i] > alpha / (len(p_values) - rank):
            break
        rejected[i] = True
    return rejected


def share_p_value(wins: int, games: int, share: float) -> float:
    """Two-sided p-value of `wins` in `games` against a fair `share` (normal approximation)."""
    if games == 0 or share <= 0 or share >= 1:
        return 1.0
    error = math.sqrt(share * (1 - share) / games)
    return math.erfc(abs(wins / games - share) / error / math.sqrt(2))


def holm_flags(rows: list[tuple[int, int]], share: float) -> list[str]:
    """For (wins, games) per group: 'above' or 'below' the fair share where Holm's correction across
    the groups still rejects a fair share at 5%, else '' (the difference may be luck)."""
    rejected = holm([share_p_value(w, n, share) for w, n in rows])
    return [("above" if w / n > share else "below") if r else "" for (w, n), r in zip(rows, rejected, strict=True)]


class ChiSquare(NamedTuple):
    statistic: float
    degrees: int
    p_value: float


def chi_square(wins: list[int], plays: list[int]) -> ChiSquare:
    """Do the groups win at different rates? Goodness of fit of the wins to shares in proportion to
    the games each group played (k groups, k - 1 degrees of freedom). Goodness of fit, not a 2 x k
    table: one game's winner is one group's win and the others' losses, so the cells are not
    independent draws, but the wins are spread over the groups as a multinomial."""
    groups = [(w, n) for w, n in zip(wins, plays, strict=False) if n > 0]
    total_wins, total = sum(w for w, _ in groups), sum(n for _, n in groups)
    if len(groups) < 2 or total_wins == 0:
        return ChiSquare(0.0, max(0, len(groups) - 1), 1.0)
    statistic = sum((w - total_wins * n / total) ** 2 / (total_wins * n / total) for w, n in groups)
    degrees = len(groups) - 1
    return ChiSquare(round(statistic, 3), degrees, chi_square_p(statistic, degrees))


def chi_square_p(statistic: float, degrees: int) -> float:
    """P(X >= statistic) for X chi-square with `degrees` degrees of freedom: the regularized upper
    incomplete gamma function Q(k/2, x/2), by its series (x small) or continued fraction (x large)."""
    a, x = degrees / 2, statistic / 2
    if x <= 0:
        return 1.0
    if x < a + 1:
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1 - total * math.exp(-x + a * math.log(x) - math.lgamma(a)))
    b, c, d = x + 1 - a, 1 / 1e-300, 1 / (x + 1 - a)
    h = d
    for i in range(1, 500):  # Lentz's method: converges in a few dozen steps for these sizes
        an, b = -i * (i - a), b + 2
        d = 1 / (an * d + b if abs(an * d + b) > 1e-300 else 1e-300)
        c = b + an / c if abs(b + an / c) > 1e-300 else 1e-300
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, math.exp(-x + a * math.log(x) - math.lgamma(a)) * h)
