"""What the vocabulary's steps share when a card enters play, and a choice may offer one by one: paying a cost, a card
entering play (replacing the card of its kind where a zone holds one of each) or leaving it, and
playing one chosen card as a `play` step would. Imports no step (choices.py offers these as options).
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import NO_CONDITION, SELF, Step
from kitgen.simulate.compile.vocabulary import Payment
from kitgen.simulate.engine.table import Table, bound
from kitgen.simulate.engine.table import floor_of
from kitgen.simulate.vocabulary.legal import playable_cards
from kitgen.simulate.vocabulary.prices import discounted, price_due, traded


def pay(table: Table, seat: int, cost: Payment, trade=None) -> None:
    """The fixed amounts, then the mix from the counter the player has most of to spare (a tie: the
    one listed first), then the next; with a step's `trade:`, what it is short of bought at the bank first."""
    values = table.values[seat]
    row = traded(table, seat, cost, trade) if trade is not None else None
    if row is not None:
        values[:] = row
    for index, amount in [(index, price_due(table, seat, amount)) for index, amount in cost.fixed]:
        values[index] -= amount
    due = cost.any
    for index in sorted(cost.of, key=lambda i: -(values[i] - floor_of(table, i))):
        paid = min(due, max(0, values[index] - floor_of(table, index)))
        values[index] -= paid
        due -= paid


def enter(table: Table, seat: int, card: int, zone: str) -> None:
    """A card comes into play in `zone` (or the hand, when no zone is named): in play it takes effect,
    replacing the card of its kind there when the zone holds one of each (`replace`)."""
    if zone in table.state.zones:
        kind = table.plan.vocabulary.zones[zone].replace
        if kind:
            mine = table.plan.vocabulary.kinds[kind]
            for old in [c for c in table.state.zones[zone][seat] if mine[c] and mine[c] == mine[card]]:
                leave(table, seat, old, zone)
        table.state.zones[zone][seat].append(card)
        table.played[seat].append(card)
        take_effect(table, seat, card, zone)
        bound(table)
    else:
        table.hands[seat].append(card)


def take_effect(table: Table, seat: int, card: int, zone: str) -> None:
    """A card entering play in `zone` takes effect; in a zone with `yields:` its effects on those
    counters are left for the steps that collect them (Civilization's plots yield each Collect step)."""
    plan = table.plan.vocabulary.zones.get(zone)
    if plan is None or not plan.yields:
        table.resolve(seat, card)
        return
    table.apply(seat, tuple(c for c in table.plan.cards[card].effects if c.attribute not in plan.yields), NO_CONDITION)
    for step in table.plan.cards[card].actions:
        table.actions[step.do](table, seat, step)


def undo_effect(table: Table, seat: int, card: int, zone: str) -> None:
    """A card leaving play in `zone`: its effects on its player undone (a yield was never taken)."""
    plan = table.plan.vocabulary.zones.get(zone)
    kept = plan.yields if plan is not None else frozenset()
    table.apply(seat, tuple(change._replace(delta=-change.delta) for change in table.plan.cards[card].effects
                            if change.target == SELF and change.attribute not in kept), NO_CONDITION)


def leave(table: Table, seat: int, card: int, zone: str) -> None:
    """A card leaves play for its deck's discard: its effects on its player are undone."""
    table.state.zones[zone][seat].remove(card)
    undo_effect(table, seat, card, zone)
    table.piles[table.deck_of[card]][1].append(card)
    bound(table)


def play_to(table: Table, seat: int, step: Step) -> None:
    """play with `to:` (or another vocabulary field): the card stays in that zone (while it has room)
    and takes effect. Only the cards vocabulary/legal.playable_cards allows; `at_cost`: its cost paid."""
    for _ in range(step.count):
        legal = playable_cards(table, seat, step)
        if not legal:
            return
        play_one(table, seat, step, table.policies[seat].choose_card(table, seat, legal, True))


def play_one(table: Table, seat: int, step: Step, card: int) -> None:
    """A `play` step's move with its card chosen: its cost paid when `at_cost`, into its zone `to`
    (else played and discarded)."""
    if step.more.at_cost:
        pay(table, seat, discounted(table, seat, table.plan.vocabulary.costs[card], step))
    if not step.more.to:
        table.play_card(seat, card)
        bound(table)
        return
    table.hands[seat].remove(card)
    enter(table, seat, card, step.more.to)
