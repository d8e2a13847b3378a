"""The rules vocabulary's game-wide parts compiled for the simulator: zones, card costs, scoring
schedules, turn order, elimination and flags, and the extra fields of the vocabulary's steps. Names
become value indices (compile/conditions.Names); numbers stay compiled expressions. Plain tuples
and NamedTuples only: a plan pickles. Stdlib only.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from kitgen.model import Action, Amounts, Cost, Expr, Game
from kitgen.check.conditions import when_words
from kitgen.check.dice import die_range
from kitgen.simulate.compile.conditions import Names, Node, condition, number
from kitgen.simulate.compile.nodes import CONST, MUL, SLOT
from kitgen.simulate.compile.expressions import card_number
from kitgen.simulate.compile.plan import Coverage
from kitgen.simulate.compile.combat import compile_combat
from kitgen.simulate.compile.units import compile_units


class ZonePlan(NamedTuple):
    kind: str  # in-play, market or attached
    deck: str  # market: the deck it refills from
    size: int  # market: the cards it shows
    limit: int  # in-play: per player; attached: per card (0: no limit)
    on: str  # attached: the in-play zone whose cards carry them
    room: Node | None = None  # in-play: the most cards a player may have there; attached: under one card, worked
    # out for it (None: `limit`)
    replace: str = ""  # in-play: one card of each keyword / type / name: a new one replaces the old
    yields: frozenset[int] = frozenset()  # value indices its cards' effects do not change on entering: yields


class ScoringPlan(NamedTuple):
    rank: Node
    counter: int  # value index of the counter points go to
    points: tuple[Node, ...]  # first, second ...: compiled numbers, worked out for the player they go to
    turns: frozenset[int]  # empty: every turn
    share: bool


class Payment(NamedTuple):
    """A cost by value index: fixed amounts, and an amount in any mix of some counters."""
    fixed: tuple[tuple[int, Any], ...]  # (value index, amount: a whole number, or a compiled expression)
    any: int  # paid from `of`, the counter the player has most of first
    of: tuple[int, ...]


FREE = Payment((), 0, ())


class Vocab(NamedTuple):
    """What a vocabulary step reads beside plan.Step's fields (Step.more)."""
    gain: tuple[tuple[int, Node], ...]  # (value index, amount)
    lose: tuple[tuple[int, Node], ...]
    cost: Payment  # what the step costs
    zone: str
    to: str
    strength: Node
    min: Node  # meld: the fewest cards a new meld takes
    flag: str
    turns: int
    group: str  # meld: what makes cards one kind ("": the name; Rules.kinds has the others)
    modifier: Node = (0, 0)  # roll: added to the die (CONST 0)
    bonus: int = -1  # roll: the value index of a counter added to the die and used up (-1: none)
    reroll_at: Node = (0, 0)  # roll: a result this high or higher may be rolled again (0: never)
    votes: Node = (0, 0)  # elect: each player's own votes besides the table's rows
    winner_loses: tuple[tuple[int, Node], ...] = ()  # battle
    tie: str = "again"  # battle: what equal totals do
    veto: str = ""  # orders: the flag whose holder may cancel one order
    at_cost: bool = False  # play: the card's cost is paid
    raises: frozenset[int] = frozenset()  # play: only cards raising one of these attributes
    batch: bool = False  # exchange: how many times, chosen at once
    each: Node = (0, 0)  # orders: how many orders each player may give (worked out for that player)
    ladder: tuple[int, ...] = ()  # meld: the fewest cards of the 1st, 2nd ... meld of the step (none: one meld of `min`)
    condition: int = -1  # meld: the card condition (plan.conditions) each card laid takes effect with; -1: none
    top: int = 0  # look-and-take: the cards looked at on top of the step's deck (0: a target's hand)
    give_back: bool = False  # look-and-take: as many cards given back
    at_random: bool = False  # discard: cards picked at random
    cards: Any = None  # the card model's keys (compile/moves.CardStep), None for a step that uses none
    units: Any = None  # battle's `units:` (compile/units.UnitsPlan), None for any other step
    discount: tuple[tuple[int, Node], ...] = ()  # buy: (value index, amount) off each card's cost
    floor: int = 0  # buy: no discounted amount below it
    trade: Any = None  # buy, attach, play at_cost: (rate, counters) a cost short is paid at the bank with (vocabulary/prices)
    combat: Any = None  # battle's `cards:` (compile/combat.CombatPlan), None for any other step


class Rules(NamedTuple):
    """The game-wide vocabulary, as plan.Plan keeps it (plan.vocabulary; None: the game uses none)."""
    zones: dict[str, ZonePlan]
    costs: tuple[Payment, ...]  # per card index: what buying it costs
    scoring: tuple[ScoringPlan, ...]
    order: tuple[Node, ...]  # turn order: ranked by these, highest first (empty: seat order)
    eliminate: Node | None
    flags: tuple[str, ...]  # every flag a step sets (their streaks are counted at each turn's end)
    bounds: tuple[tuple[int | None, int | None], ...]  # per value index: a counter's min and max
    bounded: tuple[tuple[int, int | None, int | None], ...]  # (value index, min, max) of the counters that have one
    kinds: dict[str, tuple[str, ...]]  # a meld's group (type, a card field) -> each card's kind ("": none)
    roll: tuple[int, int] = (0, 0)  # turn order: (dice, sides) a tie left rolls off on; (0, 0): by seat
    rotate: bool = False  # turn order: the first player passes left each turn
    lookups: dict = {}  # table id -> compile/tables.LookupPlan: rows with steps, conditions, results
    caps: tuple[Node | None, ...] = ()  # per value index: a counter's cap (a soft max), None: none
    worths: tuple[Node, ...] = ()  # the counters' `worth:`, what the greedy player adds to its standing ...
    linear_worths: tuple[tuple[int, int], ...] = ()  # ... those that are a counter times a number: (index, factor)
    wilds: tuple = ()  # per card index: its compile/melds.WildPlan, or None (set by compile/game.py)
    rows: Any = None  # lookup table id -> row key -> the row's compiled steps (compile/melds.compile_rows)
    triggers: tuple = ()  # (on, place or -1, card test, steps): compile/game.compile_triggers
    melds: bool = False  # a step melds (vocabulary/melds.py); else a state keeps no melds, and a copy copies none


def _room(zone, names: Names) -> Node | None:
    """A zone's room: a player's number (in-play), or one worked out for the card the cards go under
    (attached: its fields bare, `this.` what is under it)."""
    if not zone.room:
        return None
    if zone.kind == "attached":
        return card_number(names, zone.room, zone.where, True)
    return number(zone.room, names, zone.where)


def amounts(values: Amounts, names: Names) -> tuple[tuple[int, Node], ...]:
    return tuple((names.index(a.counter), number(a.value, names, a.where)) for a in values if names.index(a.counter) >= 0)


MIX = -1  # discount: the amount a card's cost asks in any mix of counters (`any:`)


def discounts(values: Amounts, names: Names) -> tuple[tuple[int, Node], ...]:
    """A step's `discount:`: per counter, and `any:` (MIX) off the amount paid in any mix."""
    return tuple((MIX if a.counter == "any" else names.index(a.counter), number(a.value, names, a.where)) for a in values
                 if a.counter == "any" or names.index(a.counter) >= 0)


def prices(cost: Cost | None, names: Names, card: bool = False) -> Payment:
    """A cost by value index: its fixed amounts and its mix of counters (a price the rules compute,
    `text:`, is not paid here: vocabulary_coverage says so). `card`: worked out for a card (attach's
    host: its fields bare, `this.` what is under it)."""
    if not cost:
        return FREE
    single = [c for c in names.slot if c not in names.attributes]
    pay = []
    for price in cost.pay:
        counter = price.counter or (single[0] if len(single) == 1 else "")
        if names.index(counter) >= 0:  # a worked-out amount: its compiled expression (vocabulary/counters.price_due)
            worked = price.amount if not price.expression else \
                card_number(names, Expr(price.expression), price.where, True) if card else \
                number(Expr(price.expression), names, price.where)
            pay.append((names.index(counter), worked))
    of = tuple(names.index(c) for c in cost.of if names.index(c) >= 0)
    return Payment(tuple(pay), cost.any if of else 0, of)


NEW_STEPS = ("roll", "lookup", "elect", "agree", "mark", "battle", "orders", "detach")  # steps that read only Vocab


def vocab(action: Action, names: Names, forced: bool = False) -> Vocab | None:
    """The vocabulary fields of a step, or None when it has none (every older step; `forced`: a
    card-model step, whose CardStep the caller adds)."""
    if not (forced or action.gain or action.lose or action.cost or action.zone or action.to
            or action.strength is not None or action.min is not None or action.flag or action.group
            or action.ladder or action.condition or action.top or action.give_back or action.at_random
            or action.do in NEW_STEPS or action.at_cost or action.raises or action.batch or action.discount
            or action.trade is not None
            or action.units is not None):
        return None
    zero = Expr("0")
    return Vocab(amounts(action.gain, names), amounts(action.lose, names), prices(action.cost, names, action.do == "attach"), action.zone,
                 action.to, number(action.strength or zero, names), number(action.min or zero, names), action.flag,
                 action.turns, action.group, modifier=number(action.modifier or zero, names),
                 bonus=names.index(action.bonus) if action.bonus else -1,
                 reroll_at=number(action.reroll_at or zero, names), votes=number(action.votes or zero, names),
                 winner_loses=amounts(action.winner_loses, names), tie=action.tie, veto=action.veto,
                 at_cost=action.at_cost, raises=frozenset(names.index(a) for a in action.raises if names.index(a) >= 0),
                 batch=action.batch, each=number(action.count, names) if action.do == "orders" else (0, 0),
                 ladder=action.ladder, condition=names.conditions.get(action.condition, -1), top=action.top,
                 give_back=action.give_back, at_random=action.at_random, discount=discounts(action.discount, names),
                 floor=action.floor or 0 if action.discount else 0,
                 trade=(number(action.trade.rate, names), tuple(names.index(c) for c in action.trade.of
                                                             if names.index(c) >= 0)) if action.trade else None,
                 units=compile_units(action.units, names, action.where) if action.units is not None else None,
                 combat=compile_combat(action.cards, names, action.where) if action.cards is not None else None)


def compile_rules(game: Game, names: Names, card_costs: tuple, cards: tuple) -> Rules | None:
    """The game-wide vocabulary, or None when the game uses none of it (Galactic Civ); `cards` in the
    plan's order, as `card_costs`."""
    flags = tuple(sorted({a.flag for a in _steps(game) if a.do == "flag" and a.flag}))
    if not (game.zones or game.scoring or game.turn_order or game.eliminate or flags or game.game_end
            or game.rounds or game.setup_steps or game.triggers or any(t.triggers for t in game.card_types)
            or any(c.triggers for d in game.decks for c in d.cards) or any(z.kind in ("pile", "supply") for z in game.zones)
            or any(c.min is not None or c.max is not None or c.cap is not None or c.worth is not None
                   for c in game.counters) or any(a.worth is not None for a in game.attributes)
            or game.every_phase is not None or any(p.once for p in game.phases)
            or any(a.do == "meld" for a in _steps(game)) or any(c.wild is not None for c in cards)):
        return None
    zones = {z.name: ZonePlan(z.kind, z.deck, z.size, z.limit, z.on, _room(z, names), z.replace,
                              frozenset(names.index(n) for n in z.yields if names.index(n) >= 0)) for z in game.zones}
    scoring = tuple(ScoringPlan(names.reader(s.rank), names.index(s.counter),
                                tuple(number(Expr(str(p)), names) for p in s.points), frozenset(s.turns),
                                s.tie == "share") for s in game.scoring if names.index(s.counter) >= 0)
    order = tuple(names.reader(n) for n in game.turn_order.by) if game.turn_order else ()
    out = condition(game.eliminate.when, names, names.decks) if game.eliminate else None
    bounds: list[tuple[int | None, int | None]] = [(None, None)] * names.width
    for counter in game.counters:
        if names.index(counter.name) >= 0 and counter.total is None:  # a derived total is never kept
            bounds[names.index(counter.name)] = (counter.min, counter.max)
    bounded = tuple((i, low, high) for i, (low, high) in enumerate(bounds) if low is not None or high is not None)
    groups = {a.group for a in _steps(game) if a.do == "meld" and a.group} | {z.replace for z in game.zones if z.replace}
    kinds = {group: tuple(_kind(card, group) for card in cards) for group in groups}
    rolled = die_range(game.turn_order.roll) if game.turn_order and game.turn_order.roll else None
    roll = (rolled[0], rolled[1] // rolled[0]) if rolled else (0, 0)
    caps: list[Node | None] = [None] * names.width
    for counter in game.counters:
        if counter.cap is not None and names.index(counter.name) >= 0:
            caps[names.index(counter.name)] = number(counter.cap, names)
    rotate = bool(game.turn_order and game.turn_order.rotate)
    worths = [number(worth, names) for worth in (*(a.worth for a in game.attributes), *(c.worth for c in game.counters))
              if worth is not None]
    linear = [_linear(node) for node in worths]
    return Rules(zones, card_costs, scoring, order, out, flags, tuple(bounds), bounded, kinds, roll, rotate=rotate,
                 caps=tuple(caps) if any(cap is not None for cap in caps) else (),
                 worths=tuple(n for n, pair in zip(worths, linear, strict=True) if pair is None),
                 linear_worths=tuple(pair for pair in linear if pair is not None),
                 melds=any(a.do == "meld" for a in _steps(game)))


def _linear(node: Node) -> tuple[int, int] | None:
    """A worth that is a counter times a whole number ("20 * Economy", "Credits") as (value index,
    factor): the greedy player adds it up for every position it weighs without walking the expression."""
    if node[0] == SLOT:
        return node[1], 1
    if node[0] == MUL:
        for factor, counter in ((node[1], node[2]), (node[2], node[1])):
            if factor[0] == CONST and counter[0] == SLOT:
                return counter[1], factor[1]
    return None


def _kind(card, group: str) -> str:
    """What makes cards one kind for a meld or a zone's `replace`: its type, name, first keyword or a field."""
    if group in ("type", "name"):
        return card.type if group == "type" else card.name
    if group == "keyword":
        return card.keywords[0] if card.keywords else ""
    return str(next((f.value for f in card.fields if f.name == group), ""))


def _steps(game: Game) -> list[Action]:
    from kitgen.check.actions import action_owners, steps_of

    return [a for _, actions in action_owners(game) for a in steps_of(actions)]


def vocabulary_coverage(game: Game) -> list:
    """A coverage row for each game-wide rule of the vocabulary the game uses (exact), and for each price
    the rules compute (`text:` only) of a card a step buys: not paid (approximated)."""
    markets = {a.zone for a in _steps(game) if a.do == "buy"}  # the decks a buy step takes cards of
    sold = {z.deck for z in game.zones if z.name in markets} | {d.id for d in game.decks if d.id in markets}
    type_costs = {t.name: t.cost for t in game.card_types}
    priced = [(c.name, c.cost or type_costs.get(c.type)) for d in game.decks if d.id in sold or "" in markets
              for c in d.cards]
    unpaid = [Coverage(f"cost of '{name}'", "approximated", f"a price the rules compute ({cost.text!r}): bought "
                       "for nothing") for name, cost in priced if cost and cost.text and not (cost.pay or cost.any)]

    rows = [Coverage(f"zone '{z.name}'", "exact", f"{z.kind}" + (f", {z.size} cards from {z.deck}" if z.kind == "market"
                                                                 else f", at most {z.limit}" if z.limit else ""))
            for z in game.zones]
    rows += [Coverage(f"scoring by {s.rank}", "exact", f"{', '.join(map(str, s.points))} {s.counter}; ties: {s.tie}")
             for s in game.scoring]
    if game.turn_order is not None:
        rows.append(Coverage("turn order", "exact", "the first player passes left each turn" if game.turn_order.rotate
                             else "by the highest " + ", then ".join(game.turn_order.by), True))
    if game.eliminate is not None:
        rows.append(Coverage("elimination", "exact", when_words(game.eliminate.when), True))
    return rows + unpaid
