"""The rules vocabulary in play: the state it adds to a table (zones, the market, melds, flags,
who is out, the order of play) and one function per step of its `do:` names, registered into
actions.ACTIONS. A choice the rules leave to a player goes to `pick`: `random` takes any option; every
other policy tries each on a copy of the table (its own dice) and keeps the one that leaves it
nearest a victory (policies.standing), a tie broken by the game's dice. Stdlib only.
"""
from __future__ import annotations

import copy
from functools import partial
from typing import TYPE_CHECKING, Callable

from kitgen.simulate import actions as base
from kitgen.simulate.conditions import value
from kitgen.simulate.compile.plan import ALL_OTHERS, SELF, TARGET_PLAYER, PhasePlan, Step
from kitgen.simulate.policies import standing
from kitgen.simulate.compile.vocabulary import Payment

if TYPE_CHECKING:
    from kitgen.simulate.engine import Moment, Table

SKIPPED = PhasePlan("(out of the game)", None, ())  # an eliminated player's phases


class State:
    """What the vocabulary keeps of one game besides the engine's values, hands and piles."""

    def __init__(self, table: Table):
        rules, players = table.plan.vocabulary, table.players
        seats = range(players)
        self.zones: dict[str, list[list[int]]] = {
            n: [[] for _ in seats] for n, z in rules.zones.items() if z.kind == "in-play"}
        self.market: dict[str, list[int]] = {n: [] for n, z in rules.zones.items() if z.kind == "market"}
        self.attached: dict[str, list[list[tuple[int, int]]]] = {  # (the host's place in its zone, the card)
            n: [[] for _ in seats] for n, z in rules.zones.items() if z.kind == "attached"}
        self.melds: dict[str, list[dict[str, int]]] = {n: [{} for _ in seats] for n in self.zones}
        self.flags: list[dict[str, int]] = [{} for _ in seats]  # flag -> the last turn it holds
        self.streaks: list[dict[str, int]] = [{} for _ in seats]  # flag -> turn ends held in a row
        self.out = [False] * players
        self.order = list(seats)
        self.ranked = 0  # the turn the order was ranked for
        for name, zone in rules.zones.items():
            if zone.kind == "market":
                refill(table, self, name)
        bound(table)  # a faction's start bonus holds a counter to its min and max too


def refill(table: Table, state: State, name: str) -> None:
    zone = table.plan.vocabulary.zones[name]
    row = state.market[name]
    while len(row) < zone.size and zone.deck in table.piles:
        card = table.draw(zone.deck)
        if card < 0:
            return  # the deck and its discard are empty: the row shrinks
        row.append(card)


def copy_state(state: State) -> State:
    return copy.deepcopy(state)


def nothing(table: Table) -> None:
    """The option of doing nothing."""


# --- choices -----------------------------------------------------------------------------

def pick(table: Table, seat: int, options: list[Callable[[Table], None]]) -> int:
    """The option the seat's policy takes (an index into `options`)."""
    if len(options) == 1:
        return 0
    if table.policies[seat].name == "random":
        return int(table.rng.random() * len(options))
    scores = []
    for option in options:
        other = table.clone(table.rng.getrandbits(32))
        option(other)
        scores.append(standing(other.plan, other.values, seat) + sum(other.values[seat]) / 10_000)
    best = max(scores)
    tied = [i for i, score in enumerate(scores) if score == best]
    return tied[int(table.rng.random() * len(tied))] if len(tied) > 1 else tied[0]


def run(table: Table, seat: int, steps: tuple[Step, ...]) -> None:
    for step in steps:
        base.ACTIONS[step.do](table, seat, step)
        if table.winner >= 0:
            return


def act_choose(table: Table, seat: int, step: Step) -> None:
    """One of the steps (or, optional, none of them), as the seat's policy decides."""
    options: list[Callable[[Table], None]] = [partial(run, seat=seat, steps=(s,)) for s in step.then]
    if step.optional:
        options.append(nothing)
    run_chosen = options[pick(table, seat, options)]
    run_chosen(table)


# --- counters ------------------------------------------------------------------------------

def add(table: Table, seat: int, index: int, amount: int) -> None:
    low, high = table.plan.vocabulary.bounds[index] if table.plan.vocabulary else (None, None)
    result = table.values[seat][index] + amount
    result = result if low is None or result >= low else low
    table.values[seat][index] = result if high is None or result <= high else high


def bound(table: Table) -> None:
    """Every counter with a min or max brought back within it, for every seat: after a step that
    changes values without add() (a card's effects, change, take, an event)."""
    rules = table.plan.vocabulary
    if rules is None or not rules.bounded:
        return
    for values in table.values:
        for index, low, high in rules.bounded:
            if low is not None and values[index] < low:
                values[index] = low
            elif high is not None and values[index] > high:
                values[index] = high


def floor_of(table: Table, index: int) -> int:
    """How low paying or losing may take a counter: its min, else 0."""
    low = table.plan.vocabulary.bounds[index][0] if table.plan.vocabulary else None
    return 0 if low is None else low


def room_below(table: Table, index: int, floor: int | None) -> int:
    """How low taking may take a value: the step's floor (else 0), and never below the counter's min."""
    low = table.plan.vocabulary.bounds[index][0] if table.plan.vocabulary else None
    return max(floor or 0, low) if low is not None else floor or 0


def room_above(table: Table, seat: int, index: int) -> int:
    """How much more the value can hold: up to the counter's max (no max: any amount)."""
    high = table.plan.vocabulary.bounds[index][1] if table.plan.vocabulary else None
    return 10 ** 12 if high is None else max(0, high - table.values[seat][index])


def price_due(table: Table, seat: int, amount) -> int:
    """What a price asks of the seat: its whole number, or its expression worked out (at least 0)."""
    return amount if isinstance(amount, int) else max(0, value(amount, table, seat))


def can_pay(table: Table, seat: int, cost: Payment) -> bool:
    values = table.values[seat]
    if not all(values[index] - price_due(table, seat, amount) >= floor_of(table, index) for index, amount in cost.fixed):
        return False
    return not cost.any or sum(max(0, values[i] - floor_of(table, i)) for i in cost.of) >= cost.any


def pay(table: Table, seat: int, cost: Payment) -> None:
    """The fixed amounts, then the mix from the counter the player has most of to spare (a tie: the
    one listed first), then the next."""
    values = table.values[seat]
    for index, amount in [(index, price_due(table, seat, amount)) for index, amount in cost.fixed]:
        values[index] -= amount
    due = cost.any
    for index in sorted(cost.of, key=lambda i: -(values[i] - floor_of(table, i))):
        paid = min(due, max(0, values[index] - floor_of(table, index)))
        values[index] -= paid
        due -= paid


def act_gain(table: Table, seat: int, step: Step) -> None:
    for index, amount in step.more.gain:
        add(table, seat, index, value(amount, table, seat))


def act_pay(table: Table, seat: int, step: Step) -> None:
    """Pay the cost and take the steps `then`; a player who cannot pay does neither."""
    if can_pay(table, seat, step.more.cost):
        pay(table, seat, step.more.cost)
        run(table, seat, step.then)


def act_exchange(table: Table, seat: int, step: Step) -> None:
    """At the bank: give `cost` for `gain`, up to COUNT times, as long as the seat can and wants to."""
    for _ in range(step.count):
        if not can_pay(table, seat, step.more.cost):
            return
        once = Step("pay", 1, frozenset(), "", -2, "", 0, SELF, None, (0, 0), frozenset(), 1, None,
                    (Step("gain", 1, frozenset(), "", -2, "", 0, SELF, None, (0, 0), frozenset(), 1, None, (), False,
                          step.more),), False, step.more)
        if pick(table, seat, [partial(act_pay, seat=seat, step=once), nothing]) == 1:
            return
        act_pay(table, seat, once)


def act_flag(table: Table, seat: int, step: Step) -> None:
    flags = table.state.flags[seat]
    flags[step.more.flag] = max(flags.get(step.more.flag, 0), table.turn + max(step.more.turns, 1) - 1)


# --- zones ---------------------------------------------------------------------------------

def enter(table: Table, seat: int, card: int, zone: str) -> None:
    """A card comes into play in `zone` (or the hand, when no zone is named): in play it takes effect."""
    if zone in table.state.zones:
        table.state.zones[zone][seat].append(card)
        table.played[seat].append(card)
        table.resolve(seat, card)
        bound(table)
    else:
        table.hands[seat].append(card)


def room(table: Table, seat: int, zone: str) -> bool:
    plan = table.plan.vocabulary.zones.get(zone)
    return plan is None or not plan.limit or len(table.state.zones[zone][seat]) < plan.limit


def act_buy(table: Table, seat: int, step: Step) -> None:
    """Buy up to COUNT cards from the market, paying each card's cost; the market refills."""
    name, costs = step.more.zone, table.plan.vocabulary.costs
    for _ in range(step.count):
        row = table.state.market.get(name, [])
        if not room(table, seat, step.more.to):
            return
        legal = [c for c in dict.fromkeys(row) if can_pay(table, seat, costs[c])]
        options: list[Callable[[Table], None]] = [partial(buy, seat=seat, card=c, step=step) for c in legal]
        options.append(nothing)  # buying is always the player's choice
        chosen = pick(table, seat, options)
        if chosen == len(legal):
            return
        buy(table, seat, legal[chosen], step)


def buy(table: Table, seat: int, card: int, step: Step) -> None:
    row = table.state.market[step.more.zone]
    row.remove(card)
    pay(table, seat, table.plan.vocabulary.costs[card])
    refill(table, table.state, step.more.zone)
    enter(table, seat, card, step.more.to)


def play_to(table: Table, seat: int, step: Step) -> None:
    """play with `to:`: the card stays in that zone (while it has room) and takes effect."""
    type_of = base.card_types(table.plan)
    for _ in range(step.count):
        legal = [c for c in table.hands[seat] if type_of[c] in step.types]
        if not legal or not room(table, seat, step.more.to):
            return
        card = table.policies[seat].choose_card(table, seat, legal, True)
        if not step.more.to:
            table.play_card(seat, card)
            bound(table)
            continue
        table.hands[seat].remove(card)
        enter(table, seat, card, step.more.to)


def act_attach(table: Table, seat: int, step: Step) -> None:
    """Attach a card of `types` from the hand under a card in play that has room (the zone's limit)."""
    zone = table.plan.vocabulary.zones.get(step.more.zone)
    if zone is None:
        return
    hosts = table.state.zones.get(zone.on, [[]] * table.players)[seat]
    under = table.state.attached[step.more.zone][seat]
    free = [h for h in range(len(hosts)) if not zone.limit or sum(1 for host, _ in under if host == h) < zone.limit]
    type_of = base.card_types(table.plan)
    cards = [c for c in dict.fromkeys(table.hands[seat]) if type_of[c] in step.types]
    pairs = [(h, c) for h in free for c in cards]
    if not pairs:
        return
    options: list[Callable[[Table], None]] = [partial(attach, seat=seat, zone=step.more.zone, pair=p) for p in pairs]
    if step.optional:
        options.append(nothing)
    chosen = pick(table, seat, options)
    if chosen < len(pairs):
        attach(table, seat, step.more.zone, pairs[chosen])


def attach(table: Table, seat: int, zone: str, pair: tuple[int, int]) -> None:
    table.hands[seat].remove(pair[1])
    table.state.attached[zone][seat].append(pair)
    table.played[seat].append(pair[1])
    table.resolve(seat, pair[1])
    bound(table)


class Ordered:
    """The schedule seen through the order of play (turn_order) and who is out (eliminate)."""

    def __init__(self, table: Table, moments: tuple):
        self.table, self.moments = table, moments

    def __len__(self) -> int:
        return len(self.moments)

    def __getitem__(self, index: int) -> Moment:
        moment = self.moments[index]
        if moment.seat < 0:
            return moment
        table, state = self.table, self.table.state
        if table.plan.vocabulary.order and state.ranked != moment.turn:
            rank_order(table, moment.turn)
        seat = state.order[moment.seat]
        phase = SKIPPED if state.out[seat] and moment.phase is not None else moment.phase
        return type(moment)(moment.turn, seat, phase)


def rank_order(table: Table, turn: int) -> None:
    """The order of play for this turn: the highest first in each ranking value in turn, then by seat
    (or, with a turn order's roll, a tie left rolls off: high first, the tied roll again while tied)."""
    order, (dice, sides) = table.plan.vocabulary.order, table.plan.vocabulary.roll

    def key(p: int) -> tuple:
        return tuple(-value(node, table, p) for node in order)

    seats = sorted(range(table.players), key=lambda p: (*key(p), p))
    ranked: list[int] = []
    while dice and seats:
        group = [p for p in seats if key(p) == key(seats[0])]
        while len(group) > 1:
            rolls = {p: base.dice_total(table.rng, dice, sides) for p in group}
            group.sort(key=lambda p: -rolls[p])
            if len(set(rolls.values())) == len(group):
                break
        ranked += group
        seats = [p for p in seats if p not in group]
    table.state.order = ranked + seats
    table.state.ranked = turn


def target(table: Table, seat: int, harm: int) -> int:
    """The target player (a policy's choice among the players still in), or -1 with nobody else."""
    who = recipients(table, seat, TARGET_PLAYER, harm)
    return who[0] if who and who[0] != seat else -1


def recipients(table: Table, seat: int, whom: int, harm: int) -> list[int]:
    """Who a step reaches: engine.Table.recipients, which passes over the eliminated (living)."""
    return table.recipients(seat, whom, harm)


def living(table: Table, seat: int, whom: int, harm: int) -> list[int]:
    """Who an effect reaches among the players still in the game, once someone is out: an effect on
    everyone passes over the eliminated, and a target player is chosen among the living."""
    out = table.state.out
    if whom == TARGET_PLAYER:
        chosen = living_opponent(table, seat, harm)
        return [chosen] if chosen >= 0 else []
    return [p for p in range(table.players) if not out[p] and (whom != ALL_OTHERS or p != seat)]


def living_opponent(table: Table, seat: int, harm: int) -> int:
    """An opponent still in the game: `random` takes any, the other policies greedy's rule (hurt the
    nearest to a victory, help the last; policies.greedy_opponent); -1 when nobody else is left."""
    alive = [p for p in range(table.players) if p != seat and not table.state.out[p]]
    if not alive:
        return -1
    if table.policies[seat].name == "random":
        return alive[int(table.rng.random() * len(alive))]
    ranked = [(standing(table.plan, table.values, p), sum(table.values[p]), -p) for p in alive]
    return -(max(ranked) if harm > 0 else min(ranked))[2]
