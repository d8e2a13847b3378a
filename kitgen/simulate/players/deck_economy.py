"""What a deck of one's own is worth to the greedy player of the card model, derived from the data
(a deck builder: Dominion): the points it will buy before the game ends. Greedy valued a position by
its points alone, so it bought a points card whenever it could pay for one and never the treasure
that buys more (Dominion's 2-player games lasted 45.6 turns a player; people take 15-20).

From the data, with nothing written for the player:
- the currency: the counter the cards' costs spend (Coins);
- each card's yield: the currency its own `gain:` steps give when it is played (Copper 1, Gold 3;
  a number that reads the table counted as at a turn's start: Silver's "2 + Merchants * ...", 2);
- each card's points: what it adds to its owner's score step (`sum(deck.vp) + ...`: its vp);
- the cards a player owns: every zone of its own (deck, discard, hand, in play); a turn draws the
  phases' `draw:` counts (5).

A seat's economy is its yield a turn (the mean yield of the cards it owns, times the cards a turn
draws, at most the dearest card's price) times the turns left, turned into points at the best
points a unit of the currency buys (Province: 6 for 8). The turns left are the points left to buy
at the pace the table buys them: the price of the points cards still buyable over every player's
yield a turn (Dominion's opening: 120 coins of points over 2 x 3.5 a turn, 17 turns; people's games
last 15-20). Stdlib only.
"""
from __future__ import annotations

from typing import NamedTuple

from kitgen.check.formula import capped
from kitgen.simulate.compile.nodes import ADD, CMP, CONST, DIV, MUL, NEG, SLOT, SUB, SUM, Node
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.compile.zones import PLAYER, TABLE
from kitgen.simulate.engine.conditions import in_game
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import OWN_ZONE, cards_of

MAX_TURNS = 1_000  # the turns left are never counted above this (a pace of nearly nothing)


class DeckEconomy(NamedTuple):
    yields: tuple[float, ...]  # per card: the currency playing it gives
    price: tuple[int, ...]  # per card: its price in the currency (-1: not for sale)
    points: tuple[int, ...]  # per card: what it adds to its owner's score
    owned: tuple[int, ...]  # the places of a player's own cards
    market: tuple[int, ...]  # the table's places cards are bought from
    draws: int  # cards a turn draws
    ratio: float  # the most points a unit of the currency buys
    dearest: int  # the dearest price: more currency than this a turn buys nothing more
    points_price: tuple[int, ...]  # per card: its price when it is a points card, else 0


def deck_economy(plan: Plan) -> DeckEconomy | None:
    try:
        return plan.cache["deck-economy"]
    except KeyError:
        made = plan.cache["deck-economy"] = _deck_economy(plan)
        return made


def _deck_economy(plan: Plan) -> DeckEconomy | None:
    rules = plan.vocabulary
    scoring = [*plan.worth, *(plan.rounds.scoring if plan.rounds is not None else ())]
    if not plan.instances or rules is None or not rules.costs or not scoring:
        return None
    currency = _currency(plan)
    points = _sum_points(plan, [step.more.cards.value for step in scoring if step.do == "score"])
    if currency < 0 or points is None:
        return None
    price = tuple(next((p for c, p in cost.fixed if c == currency and isinstance(p, int)), -1) if not cost.any else -1
                  for cost in rules.costs)
    yields = tuple(float(sum(folded(amount) for step in card.actions if step.do == "gain"
                             for counter, amount in step.more.gain if counter == currency)) for card in plan.cards)
    ratios = [p / c for p, c in zip(points, price, strict=True) if p > 0 and c > 0]
    draws = sum(step.count for phase in plan.phases for step in phase.actions
                if step.do == "draw" and isinstance(step.count, int))
    if not ratios or not any(yields) or draws <= 0:
        return None
    owned = tuple(i for i, place in enumerate(plan.places) if place.owner == PLAYER)
    market = tuple(i for i, place in enumerate(plan.places) if place.owner == TABLE and place.kind in ("supply", "market"))
    points_price = tuple(c if p > 0 and c > 0 else 0 for p, c in zip(points, price, strict=True))
    return DeckEconomy(yields, price, points, owned, market, draws, max(ratios), max(price), points_price)


def _currency(plan: Plan) -> int:
    """The counter most of the cards' fixed costs spend (-1: none)."""
    spent: dict[int, int] = {}
    for cost in plan.vocabulary.costs:
        for counter, _ in cost.fixed:
            spent[counter] = spent.get(counter, 0) + 1
    return max(spent, key=lambda c: (spent[c], -c)) if spent else -1


def _sum_points(plan: Plan, values: list[Node]) -> tuple[int, ...] | None:
    """Each card's points in the score steps: sums of a card field over the owner's own zones, added
    or taken away (None: a score that reads more than that, which a card's worth cannot be told from)."""
    total = [0] * len(plan.cards)
    for node in values:
        part = card_points(node, len(plan.cards))
        if part is None:
            return None
        total = [a + b for a, b in zip(total, part, strict=True)]
    return tuple(total) if any(total) else None


def card_points(node: Node | None, cards: int) -> list[int] | None:
    """A card's points in one score: a field summed over the owner's zones (a card lies in one of
    them at a time: `sum(deck.vp) + sum(discard.vp)` counts its vp once), less what is taken away."""
    if node is None:
        return None  # a score of sets, counts or majorities: no card's points of its own
    kind = node[0]
    if kind in (CONST, SLOT):
        return [0] * cards
    if kind == SUM and node[1][1] == OWN_ZONE and node[3] is None:
        return list(node[2])
    if kind in (ADD, SUB):
        left, right = card_points(node[1], cards), card_points(node[2], cards)
        if left is None or right is None:
            return None
        return [a or b for a, b in zip(left, right, strict=True)] if kind == ADD else \
            [a - b for a, b in zip(left, right, strict=True)]
    return None


def folded(node: Node) -> int:
    """A number as at a turn's start: every counter 0 (a card's yield before anything is played)."""
    kind = node[0]
    if kind == CONST:
        return node[1]
    if kind == NEG:
        return -folded(node[1])
    if kind in (ADD, SUB, MUL, DIV):  # capped at +-10^12 as the engine's numbers are (a float holds it)
        left, right = folded(node[1]), folded(node[2])
        return capped(left + right if kind == ADD else left - right if kind == SUB else left * right if kind == MUL
                      else (left // right if right else 0))
    if kind == CMP:
        return int(node[1](folded(node[2]), folded(node[3])))
    return 0  # a counter, the table, cards: 0 at a turn's start


def per_turn(table: Table, found: DeckEconomy, seat: int) -> float:
    """The seat's currency a turn: the mean yield of its cards times the cards a turn draws."""
    count, total, yields = 0, 0.0, found.yields.__getitem__
    for place in found.owned:
        cards = cards_of(table, place, seat)
        count += len(cards)
        total += sum(map(yields, cards))  # map: this runs for every player on every option weighed
    return min(found.draws * total / count, float(found.dearest)) if count else 0.0


def economies(table: Table, found: DeckEconomy) -> dict[int, float]:
    """Each player still in: the points its deck will buy in the turns left (module docstring)."""
    players = in_game(table)
    paces = {p: per_turn(table, found, p) for p in players}
    left = sum(sum(map(found.points_price.__getitem__, cards_of(table, place, 0))) for place in found.market)
    pace = sum(paces.values())
    turns = min(left / pace, MAX_TURNS) if pace > 0 else 0.0
    return {p: found.ratio * paces[p] * turns for p in players}
