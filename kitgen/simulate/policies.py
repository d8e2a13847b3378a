"""The players of the balance lab: what a seat does where the rules leave it a choice.

POLICIES is the registry (a new player is one entry): each Policy answers four questions the
engine asks (which card, which option of a dilemma, which opponent, which attribute). `random`
takes any legal answer; `greedy` weighs the attributes once per decision (weights()) and takes the
answer that most brings its best victory path nearer. `lookahead` and `mcts` live in search.py.
Ties are broken from the state of the game (scores, totals), never by the order of a list.
"""
from __future__ import annotations

from operator import itemgetter, sub
from typing import TYPE_CHECKING, Callable, NamedTuple

from kitgen.simulate.plan import ALL_PLAYERS, NO_CONDITION, SELF, OptionPlan, PathPlan, Plan

if TYPE_CHECKING:
    from kitgen.simulate.engine import Table

GROWTH = 0.01  # a point anywhere is worth a hundredth: growth counts when no victory path is in sight


class Policy(NamedTuple):
    name: str
    choose_card: Callable[[Table, int, list[int], bool], int]  # best=True: to play; False: to discard
    choose_option: Callable[[Table, int, int, tuple[OptionPlan, ...]], OptionPlan]
    choose_opponent: Callable[[Table, int, int], int]  # harm > 0: the effect hurts the one chosen
    pick_attribute: Callable[[Table, int, int, int], int]  # (seat, for whom, delta)
    strength: int  # the order of the skill ladder: a higher number thinks more


# --- how far a seat is from each victory path ----------------------------------------------

def path_pull(path: PathPlan, lead: list[int], mine: list[int]) -> tuple[tuple[int, int], tuple[int, ...]]:
    """((score, progress), bottleneck): the smallest lead the path still needs (>= 0: met), the sum
    of its parts (a path half done is nearer than one not begun), and the attributes whose next
    point would raise its smallest part."""
    parts: list[tuple[int, list[int]]] = []
    need = max(path.margin, 1)  # "highest" is strictly ahead; a margin asks for that many points
    if path.highest:
        low = min(lead[a] for a in path.highest)
        parts.append((low - need, [a for a in path.highest if lead[a] == low]))
    if path.highest_any:
        high = max(lead[a] for a in path.highest_any)
        parts.append((high - need, [a for a in path.highest_any if lead[a] == high]))
    if path.thresholds:
        gaps = [(mine[a] - more - 1, a) for a, more in path.thresholds]
        edge = max(g for g, _ in gaps) if path.any_threshold else min(g for g, _ in gaps)
        parts.append((edge, [a for g, a in gaps if g == edge]))
    if path.most:
        behind = [x for x in lead if x <= 0]
        near = max(behind) if behind else 1
        parts.append((sum(1 for x in lead if x > 0) - len(lead) // 2, [a for a, x in enumerate(lead) if x == near]))
    if not parts:
        return (-(10**6), 0), ()
    score = min(score for score, _ in parts)
    return (score, sum(score for score, _ in parts)), \
        tuple(a for part, attributes in parts if part == score for a in attributes)


def leads(values: list[list[int]], seat: int) -> list[int]:
    """Each attribute's lead over the best of the other players."""
    mine = values[seat]
    others = [v for i, v in enumerate(values) if i != seat]
    if not others:
        return list(mine)
    return list(map(sub, mine, map(max, *others) if len(others) > 1 else others[0]))


def standing(plan: Plan, values: list[list[int]], seat: int) -> float:
    """How near the seat is to its nearest victory path (0 or more: it is met), its progress on
    that path's other parts counting a hundredth."""
    score, progress = nearest_paths(plan, leads(values, seat), values[seat])[0]
    return score + progress / 100


class Scorer(NamedTuple):
    """A path as weights() scores it a thousand times a game: attribute lists as item getters that
    always return a tuple (each index twice, so that one attribute is a tuple too)."""
    path: PathPlan
    highest: Callable[[list[int]], tuple[int, ...]] | None
    highest_any: Callable[[list[int]], tuple[int, ...]] | None
    need: int
    most: int  # most attributes: how many a player must lead in, less one (half of them); else 0
    exact: bool  # thresholds, or most attributes with other parts: scored by path_pull itself


def scorers(plan: Plan) -> list[Scorer]:
    if "scorers" not in plan.cache:
        def getter(indices: tuple[int, ...]) -> Callable[[list[int]], tuple[int, ...]] | None:
            return itemgetter(*indices, *indices) if indices else None
        plan.cache["scorers"] = [Scorer(p, getter(p.highest), getter(p.highest_any), max(p.margin, 1),
                                        len(plan.attributes) // 2 if p.most else 0,
                                        bool(p.thresholds or (p.most and (p.highest or p.highest_any))))
                                 for p in plan.paths]
    return plan.cache["scorers"]


def nearest_paths(plan: Plan, lead: list[int], mine: list[int]) -> tuple[tuple[int, int], list[PathPlan]]:
    """How near the seat is, and the paths it is nearest to (ties kept): by smallest part, then by
    progress (the sum of the parts)."""
    top: tuple[int, int] | None = None
    nearest: list[PathPlan] = []
    for path, highest, highest_any, need, most, exact in scorers(plan):
        if exact:
            key = path_pull(path, lead, mine)[0]
        elif most:
            ahead = len([x for x in lead if x > 0]) - most
            key = (ahead, ahead)
        else:
            low = min(highest(lead)) - need if highest else 10**6
            high = max(highest_any(lead)) - need if highest_any else 10**6
            key = (low if low < high else high, (low if highest else 0) + (high if highest_any else 0))
        if top is None or key > top:
            top, nearest = key, [path]
        elif key == top:
            nearest.append(path)
    return top or (0, 0), nearest


def weights(table: Table, seat: int) -> list[float]:
    """What one more point in each attribute is worth to the seat now: its nearest paths'
    bottleneck attributes share a point, every attribute a hundredth. Weighed once per decision."""
    values = table.values
    mine = values[seat]
    lead = leads(values, seat)
    pulls = [path_pull(path, lead, mine)[1] for path in nearest_paths(table.plan, lead, mine)[1]]
    result = [GROWTH] * len(mine)
    for pull in pulls:
        for attribute in pull:
            result[attribute] += 1 / len(pulls) / len(pull)
    return result


# --- random --------------------------------------------------------------------------------

def random_card(table: Table, seat: int, cards: list[int], best: bool) -> int:
    return cards[int(table.rng.random() * len(cards))]


def random_option(table: Table, seat: int, card: int, options: tuple[OptionPlan, ...]) -> OptionPlan:
    return options[int(table.rng.random() * len(options))]


def random_opponent(table: Table, seat: int, harm: int) -> int:
    others = [p for p in range(table.players) if p != seat]
    return others[int(table.rng.random() * len(others))]


def random_attribute(table: Table, seat: int, who: int, delta: int) -> int:
    return int(table.rng.random() * len(table.plan.attributes))


# --- greedy --------------------------------------------------------------------------------

def card_worth(table: Table, weight: list[float], card: int) -> float:
    return sum(weight[a] * d for a, d in table.plan.cards[card].self_effects)


def greedy_card(table: Table, seat: int, cards: list[int], best: bool) -> int:
    """The card worth most (to play) or least (to discard); a tie goes to the larger (smaller) total
    change, then to the card listed first in the data (never to the order of the hand)."""
    if len(cards) == 1 or min(cards) == max(cards):
        return cards[0]  # one card (or copies of one): nothing to weigh
    weight = weights(table, seat)
    plan_cards = table.plan.cards
    sign = 1 if best else -1
    pick, top = cards[0], None
    for card in cards:
        worth = total = 0.0
        for attribute, delta in plan_cards[card].self_effects:
            worth += weight[attribute] * delta
            total += delta
        key = (sign * worth, sign * total, -card)
        if top is None or key > top:
            pick, top = card, key
    return pick


def option_worth(table: Table, weight: list[float], card: int, option: OptionPlan) -> float:
    """An option's own effects plus its rolls, each valued from the table: every total by its chance."""
    plan = table.plan
    condition = plan.conditions.get(option.condition, NO_CONDITION)
    worth = sum(weight[e.attribute] * e.delta for e in plan.cards[card].effects
                if e.target in (SELF, ALL_PLAYERS) and e.condition in (NO_CONDITION, condition))
    if option.table and option.rolls:
        rolled = plan.tables[option.table]
        per_roll = sum(w * x for w, x in zip(weight, rolled.expected, strict=False)) + rolled.pick_chance * max(weight)
        worth += option.rolls * per_roll
    return worth


def greedy_option(table: Table, seat: int, card: int, options: tuple[OptionPlan, ...]) -> OptionPlan:
    weight = weights(table, seat)
    worth = [option_worth(table, weight, card, option) for option in options]
    best = max(worth)
    tied = [option for option, w in zip(options, worth, strict=True) if w == best]
    return tied[int(table.rng.random() * len(tied))] if len(tied) > 1 else tied[0]


def greedy_opponent(table: Table, seat: int, harm: int) -> int:
    """Hurt the leader (the nearest to a victory, then the highest total); help the last."""
    plan, values = table.plan, table.values
    ranked = sorted((standing(plan, values, p), sum(values[p]), -p) for p in range(table.players) if p != seat)
    return -(ranked[-1] if harm > 0 else ranked[0])[2]


def greedy_attribute(table: Table, seat: int, who: int, delta: int) -> int:
    """For itself: the attribute worth most, a tie to the one it leads least. For another player:
    the one worth most to them when it hurts, least when it helps, a tie by their lead."""
    weight, lead = weights(table, who), leads(table.values, who)
    attributes = range(len(weight))
    if who == seat:
        return max(attributes, key=lambda a: (weight[a], -lead[a], -a))
    if delta < 0:
        return max(attributes, key=lambda a: (weight[a], lead[a], -a))
    return min(attributes, key=lambda a: (weight[a], lead[a], a))


POLICIES: dict[str, Policy] = {
    "random": Policy("random", random_card, random_option, random_opponent, random_attribute, 0),
    "greedy": Policy("greedy", greedy_card, greedy_option, greedy_opponent, greedy_attribute, 1),
}
