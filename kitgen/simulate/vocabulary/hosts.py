"""Cards on cards: `attach` puts a card under a card in play (a plot's Population and buildings, a
ship's crew). The card comes from the hand, or, with `deck:`, from that deck's pile (a bank of
Population cards); the host is the player's choice among its cards in the zone's `on` zone with room;
a `cost:` is worked out for each host (`this.population` reads what is under it: Civilization's
"6 + 2P where P is the number of populations currently on that plot") and paid. Stdlib only.
"""
from __future__ import annotations

from functools import partial

from kitgen.simulate.compile.plan import Step
from kitgen.simulate.compile.vocabulary import Payment, ZonePlan
from kitgen.simulate.engine.derived import card_types
from kitgen.simulate.engine.expressions import passes, value
from kitgen.simulate.engine.options import Option, pick
from kitgen.simulate.engine.table import Table, bound
from kitgen.simulate.vocabulary.entering import pay, take_effect, undo_effect
from kitgen.simulate.vocabulary.fought import HAND, carried, zone_place
from kitgen.simulate.vocabulary.legal import can_pay
from kitgen.simulate.vocabulary.picks import each_target
from kitgen.simulate.vocabulary.prices import discount_of, discounted, price_due, trade_rate


def for_host(table: Table, seat: int, cost: Payment, host: int) -> Payment:
    """The cost with each worked-out amount worked out for the host card (its `this.` reads)."""
    if all(isinstance(amount, int) for _, amount in cost.fixed):
        return cost
    fixed = tuple((index, amount if isinstance(amount, int) else max(0, value(amount, table, seat, host)))
                  for index, amount in cost.fixed)
    return cost._replace(fixed=fixed)


def sources(table: Table, seat: int, step: Step) -> list[int]:
    """The cards of `types` the step may attach: the hand's, or the top one of each record in the
    deck's pile (`deck:`), one of each kind."""
    type_of = card_types(table.plan)
    pile = table.piles[step.deck][0] if step.deck else table.hands[seat]
    found: dict[int, int] = {}
    record = table.plan.facts.record if table.plan.facts is not None else None
    for card in pile:
        if type_of[card] in step.types:
            found[record[card] if record is not None else card] = card  # the last of each kind: the top
    return list(found.values())


def has_room(table: Table, seat: int, zone: ZonePlan, host: int, held: int) -> bool:
    """Whether the host card, with `held` cards under it, takes one more: the zone's `room:` worked out
    for that card (Civilization's plot: two buildings with three Population), else its `limit`."""
    if zone.room is not None:
        return held < value(zone.room, table, seat, host)
    return not zone.limit or held < zone.limit


def pairs(table: Table, seat: int, step: Step, zone: ZonePlan) -> list[tuple[int, int]]:
    """(the host's place in its zone, the card) for each host with room and each card, affordable."""
    hosts = table.state.zones.get(zone.on, [[]] * table.players)[seat]
    under = table.state.attached[step.more.zone][seat]
    free = [h for h in range(len(hosts)) if has_room(table, seat, zone, hosts[h], sum(1 for host, _ in under if host == h))]
    cards = sources(table, seat, step)
    if not free or not cards:
        return []
    # worked out once for every pair: the discount and the bank's rate; the host's cost once a host
    cut = discount_of(table, seat, step) if step.more.at_cost and step.more.discount else None
    rate = trade_rate(table, seat, step.more.trade) if step.more.trade is not None else 0
    found = []
    for h in free:
        cost = for_host(table, seat, step.more.cost, hosts[h])
        found += [(h, c) for c in cards if can_pay(table, seat, with_own(table, seat, step, cost, c, cut),
                                                   step.more.trade, rate)]
    return found


def price(table: Table, seat: int, step: Step, host: int, card: int) -> Payment:
    """What attaching `card` under `host` costs: the step's `cost:` worked out for the host, and with
    `at_cost: true` the card's own cost less the step's `discount:` (Civilization's Buildings: "paying
    the cost in hammers, minus any modifiers"), added counter by counter."""
    return with_own(table, seat, step, for_host(table, seat, step.more.cost, host), card, None)


def with_own(table: Table, seat: int, step: Step, cost: Payment, card: int, cut: dict[int, int] | None) -> Payment:
    """The host's cost, and with `at_cost` the card's own less the discount (`cut`: worked out once)."""
    if not step.more.at_cost:
        return cost
    own = discounted(table, seat, table.plan.vocabulary.costs[card], step, cut)
    fixed: dict[int, int] = {}
    for index, amount in (*cost.fixed, *own.fixed):
        fixed[index] = fixed.get(index, 0) + price_due(table, seat, amount)
    return Payment(tuple(fixed.items()), cost.any + own.any, tuple(dict.fromkeys((*cost.of, *own.of))))


def alike(table: Table, pile: list[int], card: int) -> int:
    """A copy of `card` in the pile: a player weighing a move on a copy of the table, whose unseen
    piles are dealt anew (players/worth), finds another copy of the same card there."""
    record = table.plan.facts.record if table.plan.facts is not None else None
    return next((c for c in reversed(pile) if record is not None and record[c] == record[card]), card)


def attach(table: Table, seat: int, step: Step, pair: tuple[int, int]) -> None:
    """The card leaves its hand or pile for its place under the host, the cost paid; it takes effect."""
    host, card = pair
    cost = price(table, seat, step, table.state.zones[table.plan.vocabulary.zones[step.more.zone].on][seat][host], card)
    if cost.fixed or cost.any:
        pay(table, seat, cost, step.more.trade)
    pile = table.piles[step.deck][0] if step.deck else table.hands[seat]
    card = card if card in pile else alike(table, pile, card)
    pile.remove(card)
    table.state.attached[step.more.zone][seat].append(pair)
    table.played[seat].append(card)
    take_effect(table, seat, card, step.more.zone)
    bound(table)


def act_detach(table: Table, seat: int, step: Step) -> None:
    """A card of the target's attached `zone` (one that passes `filter`), its owner's choice, leaves its
    host, its effects undone: with `to:` (an attached zone) it goes under a card of the player's with
    room, the player's choice (Civilization's stolen Population: "they choose which population is
    stolen ... The attacker determines on which plot the new populations are placed"), else back to its
    owner's hand, seen by everyone (a destroyed Building). Nothing happens when no card can go."""
    each_target(table, seat, step, partial(detach_from, seat=seat, step=step))


def detach_from(table: Table, target: int, seat: int, step: Step) -> None:
    test = step.more.cards.filter if step.more.cards is not None else None
    record = table.plan.facts.record if table.plan.facts is not None else None
    found: dict[tuple[int, int], tuple[int, int]] = {}  # alike cards under one host are one choice
    for pair in table.state.attached[step.more.zone][target]:
        if test is None or passes(test, table, target, pair[1]):
            found.setdefault((pair[0], record[pair[1]] if record is not None else pair[1]), pair)
    pairs = list(found.values())
    if not pairs or (step.more.to and not free_hosts(table, seat, step.more.to)):
        return
    options = [Option("detach", partial(give, owner=target, seat=seat, step=step, pair=pair), card=pair[1], target=seat)
               for pair in pairs]
    options[pick(table, target, options)].take(table)


def free_hosts(table: Table, seat: int, zone: str) -> list[int]:
    """The places of the seat's cards the attached `zone` may put one more card under."""
    plan = table.plan.vocabulary.zones[zone]
    hosts = table.state.zones.get(plan.on, [[]] * table.players)[seat]
    under = table.state.attached[zone][seat]
    return [h for h in range(len(hosts)) if has_room(table, seat, plan, hosts[h], sum(1 for at, _ in under if at == h))]


def give(table: Table, owner: int, seat: int, step: Step, pair: tuple[int, int]) -> None:
    """The detached card back to its owner's hand (`on: move`), or under a card of the player's
    (`on: gain`: a stolen Population); the trace says where it went."""
    table.state.attached[step.more.zone][owner].remove(pair)
    undo_effect(table, owner, pair[1], step.more.zone)
    origin = (zone_place(table, step.more.zone), owner)
    if not step.more.to:
        table.hands[owner].append(pair[1])
        for other, mine in enumerate(table.state.known or ()):  # everyone saw it leave play
            if other != owner:
                mine[owner].append(pair[1])
        bound(table)
        carried(table, owner, pair[1], "move", origin, (HAND, owner))
        return
    hosts = free_hosts(table, seat, step.more.to)
    options = [Option("attach", partial(settle, seat=seat, zone=step.more.to, pair=(host, pair[1])), card=pair[1])
               for host in hosts]
    options[pick(table, seat, options)].take(table)
    carried(table, seat, pair[1], "gain", origin, (zone_place(table, step.more.to), seat))


def settle(table: Table, seat: int, zone: str, pair: tuple[int, int]) -> None:
    table.state.attached[zone][seat].append(pair)
    take_effect(table, seat, pair[1], zone)
    bound(table)
