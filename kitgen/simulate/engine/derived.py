"""What every game of a run derives alike from its plan, kept in plan.cache so that a run derives it
once: which deck each card is of, each card's type name, the cards whose resolving is only to add
points to their player. Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import NO_CONDITION, SELF, Plan


def deck_of(plan: Plan) -> dict[int, str]:
    if "deck-of" not in plan.cache:
        plan.cache["deck-of"] = {card: deck for deck, copies in plan.decks.items() for card in copies}
    return plan.cache["deck-of"]


def card_types(plan: Plan) -> list[str]:
    """Each card's type name, as `play` actions name the types they allow."""
    if "card-types" not in plan.cache:
        plan.cache["card-types"] = [plan.types[card.kind].type_name for card in plan.cards]
    return plan.cache["card-types"]


def plain_effects(plan: Plan) -> list[tuple[tuple[int, int], ...] | None]:
    """Per card, the (attribute, delta) pairs that are all resolve() does with it when that is only
    to add points to its player (resolved as `effects`, each on SELF, no actions; an effect with a
    condition is left out, as apply() leaves it out with none); None for any other card."""
    if "plain-effects" not in plan.cache:
        plain: list[tuple[tuple[int, int], ...] | None] = []
        for card in plan.cards:
            kind = plan.types[card.kind]
            other = kind.resolve == "vote" or (kind.resolve == "choice" and kind.options) or card.actions
            plain.append(None if other or any(effect.target != SELF for effect in card.effects) else
                         tuple((e.attribute, e.delta) for e in card.effects if e.condition == NO_CONDITION))
        plan.cache["plain-effects"] = plain
    return plan.cache["plain-effects"]


def effect_on(plan: Plan, card: int, attribute: int) -> int:
    """What the card's own effects (on its player, unconditional) give the attribute: sum(zone.Attribute)."""
    try:
        return plan.cache["effect-on"][card, attribute]
    except KeyError:
        known = plan.cache.setdefault("effect-on", {})
        given = known[card, attribute] = sum(e.delta for e in plan.cards[card].effects
                                             if e.attribute == attribute and e.target == SELF
                                             and e.condition == NO_CONDITION)
        return given


def barred(plan: Plan, faction: int) -> frozenset[int]:
    """The cards (by index) a faction may never play (may_not_play); empty for most."""
    try:
        return plan.cache["barred"][faction]
    except KeyError:
        names = plan.factions[faction].barred if faction >= 0 else frozenset()
        known = plan.cache.setdefault("barred", {})[faction] = frozenset(
            i for i, card in enumerate(plan.cards) if card.name in names)
        return known
