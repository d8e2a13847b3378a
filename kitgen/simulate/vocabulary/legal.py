"""What a step of the rules vocabulary may do now, asked before a player is asked to choose: whether a
price can be paid, whether a zone has room, which cards a `play` step may play. A step with nothing it
may do is not offered (a player is not asked whether to play a card it cannot play), so the policies
weigh only real choices. Imports no other step (choices.py asks it before offering one).
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import SELF, Plan, Step
from kitgen.simulate.compile.vocabulary import Payment
from kitgen.simulate.engine.conditions import test, value
from kitgen.simulate.engine.derived import barred, card_types
from kitgen.simulate.engine.table import Table, floor_of
from kitgen.simulate.vocabulary.picks import pickable, source
from kitgen.simulate.vocabulary.prices import discount_of, discounted, price_due, traded


def can_pay(table: Table, seat: int, cost: Payment, trade=None, rate: int = 0) -> bool:
    """Whether the seat can pay `cost` now (with a step's `trade:`, buying what it is short of at
    `rate`: 0, worked out now)."""
    values = table.values[seat]
    if trade is not None:
        row = traded(table, seat, cost, trade, rate)
        if row is None:
            return False
        values = row
    if not all(values[index] - price_due(table, seat, amount) >= floor_of(table, index)
               for index, amount in cost.fixed):
        return False
    return not cost.any or sum(max(0, values[i] - floor_of(table, i)) for i in cost.of) >= cost.any


def room(table: Table, seat: int, zone: str) -> bool:
    plan = table.plan.vocabulary.zones.get(zone)
    if plan is None:
        return True
    if plan.room is not None:  # a room worked out now ("no more Facilities than Technologies you know")
        return len(table.state.zones[zone][seat]) < value(plan.room, table, seat)
    return not plan.limit or len(table.state.zones[zone][seat]) < plan.limit


def raising(plan: Plan, attributes: frozenset[int]) -> list[bool] | None:
    """Per card, whether its effects raise one of the attributes (None: no such filter)."""
    if not attributes:
        return None
    known = plan.cache.setdefault("raising", {})
    if attributes not in known:
        known[attributes] = [any(e.delta > 0 and e.attribute in attributes and e.target == SELF for e in card.effects)
                             for card in plan.cards]
    return known[attributes]


def playable_cards(table: Table, seat: int, step: Step) -> list[int]:
    """The cards of the hand a `play` step with `to:` (or another vocabulary field) may play now: of its
    `types`, not barred to the player's faction, raising one of `raises` when given, affordable when
    played `at_cost`; none when its zone has no room."""
    if not room(table, seat, step.more.to):
        return []
    type_of, costs = card_types(table.plan), table.plan.vocabulary.costs
    never, lifts = barred(table.plan, table.factions[seat]), raising(table.plan, step.more.raises)
    cut = discount_of(table, seat, step) if step.more.at_cost and step.more.discount else None  # once for every card
    return [c for c in table.hands[seat] if type_of[c] in step.types and c not in never
            and (lifts is None or lifts[c])
            and (not step.more.at_cost or can_pay(table, seat, discounted(table, seat, costs[c], step, cut)))]


def hand_cards(table: Table, seat: int, step: Step) -> list[int]:
    """The cards of the hand a plain `play` step may play: of its types, not barred to the faction."""
    if step.more is not None:
        return playable_cards(table, seat, step)
    type_of, never = card_types(table.plan), barred(table.plan, table.factions[seat])
    return [c for c in table.hands[seat] if type_of[c] in step.types and c not in never]


def of_types_at_cost(table: Table, seat: int, step: Step, cards: list[int]) -> list[int]:
    """The cards of the step's `types` (all, without), those the player can pay for when it is played
    `at_cost` (Galactic Supremacy's Sectors, 10 credits): a card-model play's, as a plain play's."""
    if step.types:
        type_of = card_types(table.plan)
        cards = [c for c in cards if type_of[c] in step.types]
    if step.more.at_cost:
        costs = table.plan.vocabulary.costs
        cut = discount_of(table, seat, step) if cards and step.more.discount else None  # once for every card
        cards = [c for c in cards if can_pay(table, seat, discounted(table, seat, costs[c], step, cut))]
    return cards


def possible(table: Table, seat: int, step: Step) -> bool:
    """Whether the step can do anything now (False: not worth offering); True when it cannot be told cheaply."""
    do = step.do
    if do == "play":
        if step.more is not None and step.more.cards is not None:  # the card model's: its filter too
            return bool(of_types_at_cost(table, seat, step, pickable(table, seat, step, source(table, seat, step))))
        return bool(hand_cards(table, seat, step))
    if do in ("pay", "exchange"):
        return can_pay(table, seat, step.more.cost)
    if do == "when":
        return (step.when is None or test(step.when, table, seat)) and any(possible(table, seat, s) for s in step.then)
    return True
