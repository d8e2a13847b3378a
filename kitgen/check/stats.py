"""Deck composition: cards per type and attribute points per type, for validate's summary.

Stdlib only. Points count every copy and every effect on the card's holder or a target, signed.
"""
from __future__ import annotations

from dataclasses import dataclass

from kitgen.model import Deck, Game


@dataclass(frozen=True)
class TypeStats:
    type: str
    cards: int
    points: dict[str, int]  # attribute name -> signed sum of deltas


def deck_stats(game: Game, deck: Deck) -> list[TypeStats]:
    names = [t.name for t in game.card_types if t.deck == deck.id]
    names += sorted({card.type for card in deck.cards} - set(names))
    stats = []
    for type_name in names:
        cards = [card for card in deck.cards if card.type == type_name]
        points: dict[str, int] = {a.name: 0 for a in game.attributes}
        for card in cards:
            for effect in card.effects:
                attribute = game.attribute(effect.attribute)
                if attribute is not None:
                    points[attribute.name] += effect.delta * card.copies
        stats.append(TypeStats(type_name, sum(card.copies for card in cards), points))
    return stats
