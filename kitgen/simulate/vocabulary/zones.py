"""The rules vocabulary's zones in play: a card that enters one takes effect there (play with
`to:`), buy from a market (each card's cost paid, the market refilled), attach a card under one in
play. The zones themselves are the table's state (engine/state.State).
"""
from __future__ import annotations

from functools import partial
from kitgen.simulate.compile.plan import NO_CONDITION, SELF, Step
from kitgen.simulate.engine.table import Table, bound, refill
from kitgen.simulate.vocabulary.choices import NOTHING, Option, pick
from kitgen.simulate.vocabulary.entering import enter, pay
from kitgen.simulate.vocabulary.legal import can_pay, room
from kitgen.simulate.vocabulary.picks import kinds


def _row(table: Table, name: str) -> list[int]:
    """The cards one may buy: a market's face-up row, or a supply's piles (Dominion's)."""
    if name in table.state.market:
        return table.state.market[name]
    return table.state.places[name][0] if name in table.state.places else []
from kitgen.simulate.vocabulary.hosts import attach, pairs
from kitgen.simulate.vocabulary.prices import discounted


def act_buy(table: Table, seat: int, step: Step) -> None:
    """Buy up to COUNT cards from the market (or the supply), paying each card's cost; a market
    refills. Copies alike are one option."""
    name, costs = step.more.zone, table.plan.vocabulary.costs
    for _ in range(step.count):
        row = _row(table, name)
        if not room(table, seat, step.more.to):
            return
        legal = [c for c in kinds(table, row) if can_pay(table, seat, discounted(table, seat, costs[c], step), step.more.trade)]
        options = [Option("buy", partial(buy, seat=seat, card=c, step=step), card=c) for c in legal]
        options.append(NOTHING)  # buying is always the player's choice
        chosen = pick(table, seat, options)
        if chosen == len(legal):
            return
        buy(table, seat, legal[chosen], step)


def buy(table: Table, seat: int, card: int, step: Step) -> None:
    _row(table, step.more.zone).remove(card)
    pay(table, seat, discounted(table, seat, table.plan.vocabulary.costs[card], step), step.more.trade)
    if step.more.zone in table.state.market:
        refill(table, table.state, step.more.zone)
    enter(table, seat, card, step.more.to)


def act_mark(table: Table, seat: int, step: Step) -> None:
    """Put a marker on a card in another player's `zone` (the target's, or any other player's): the
    marker's player gets its effects too, and counts it in its own zone `to`."""
    owners = table.recipients(seat, step.target, 1) if step.target != SELF else []
    mine = table.state.zones[step.more.to][seat]
    theirs = table.state.zones[step.more.zone]
    options = [c for owner in owners if owner != seat for c in theirs[owner] if c not in mine]
    if not options:
        return
    card = table.policies[seat].choose_card(table, seat, options, True)
    mine.append(card)
    table.apply(seat, tuple(e for e in table.plan.cards[card].effects if e.target == SELF), NO_CONDITION)
    bound(table)


def act_attach(table: Table, seat: int, step: Step) -> None:
    """Attach a card of `types` (from the hand, or `deck:`'s pile) under a card in play that has room
    (the zone's limit), paying `cost:` worked out for that card (vocabulary/hosts.py)."""
    zone = table.plan.vocabulary.zones.get(step.more.zone)
    if zone is None:
        return
    found = pairs(table, seat, step, zone)
    if not found:
        return
    options = [Option("attach", partial(attach, seat=seat, step=step, pair=p), card=p[1]) for p in found]
    if step.optional:
        options.append(NOTHING)
    chosen = pick(table, seat, options)
    if chosen < len(found):
        attach(table, seat, step, found[chosen])
