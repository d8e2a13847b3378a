"""What an economy is worth to the greedy player, derived from the data (no `worth:` needed): a
counter that cards' costs spend is worth the points the best of those cards buys per unit (points:
an attribute a card adds to); a counter a step turns into it every turn (`gain: {Coins: Income}`) is
worth its yield for each turn left. Greedy weighs a position with each player's coins and income so
valued added to its points, spent at most a dearest card a turn, and only while turns are left to
spend them (games of the rules vocabulary without the card model; plan.cache "economy"). Stdlib only.
"""
from __future__ import annotations

from typing import NamedTuple

from kitgen.simulate.compile.nodes import SLOT
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.table import Table


class Economy(NamedTuple):
    points: tuple[tuple[int, int, float, int], ...]  # (counter spent, attribute bought, points a unit, dearest price)
    income: tuple[tuple[int, int], ...]  # (counter that yields, counter it yields each turn)
    # points' counters with the counters that yield each (projected() runs for every move weighed)
    yields: tuple[tuple[int, int, float, int, tuple[int, ...]], ...] = ()


def economy(plan: Plan) -> Economy | None:
    try:
        return plan.cache["economy"]
    except KeyError:
        made = plan.cache["economy"] = _economy(plan)
        return made


def _economy(plan: Plan) -> Economy | None:
    if plan.vocabulary is None or plan.instances or not plan.vocabulary.costs:
        return None
    best: dict[int, tuple[float, int, int]] = {}  # counter spent -> (points a unit, attribute, price)
    for card, cost in enumerate(plan.vocabulary.costs):
        if cost.any or len(cost.fixed) != 1 or not isinstance(cost.fixed[0][1], int) or cost.fixed[0][1] <= 0:
            continue  # one counter, a fixed price: what a unit buys is plain
        spent, price = cost.fixed[0]
        for attribute, delta in plan.cards[card].self_effects:
            if attribute < plan.compared and delta > 0:
                best[spent] = max(best.get(spent, (0.0, -1, 0)), (delta / price, attribute, price))
    income = tuple((slot, target) for phase in plan.phases for step in phase.actions if step.do == "gain"
                   and step.more is not None for target, amount in step.more.gain for slot in _slots(amount)
                   if target in best)
    points = tuple((spent, attribute, ratio, price) for spent, (ratio, attribute, price) in sorted(best.items()))
    yields = tuple((*point, tuple(slot for slot, target in income if target == point[0])) for point in points)
    return Economy(points, income, yields) if points and income else None


def _slots(node) -> list[int]:
    """The value indices an expression reads."""
    if not isinstance(node, tuple) or not node:
        return []
    if node[0] == SLOT:
        return [node[1]]
    return [slot for part in node[1:] for slot in _slots(part)]


def projected(table: Table, found: Economy) -> list[list[float]]:
    """Each player's values with its economy turned into the points it would buy by the game's end."""
    left = max(0, table.plan.turns - table.turn)
    values: list[list[float]] = [list(row) for row in table.values]  # ints where nothing is added: compared as floats
    if not left:
        return values  # nothing more can be bought: what is held is worth nothing more
    for row, own in zip(values, table.values, strict=True):
        for spent, attribute, ratio, price, slots in found.yields:
            coming = own[spent] + left * sum([own[slot] for slot in slots])
            row[attribute] += ratio * min(coming, left * price)
    return values
