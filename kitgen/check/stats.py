"""Deck composition: cards per type and attribute points per type, for validate's summary.

Stdlib only. Points count every copy and every effect on the card's holder or a target, signed.
"""
from __future__ import annotations

import math
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


def card_strength(card) -> int:
    """A card's strength: the signed sum of its effects (rolled effects count as nothing)."""
    return sum(effect.delta for effect in card.effects)


def strength_spread(deck: Deck) -> dict[int, int]:
    """Strength -> number of cards (copies counted), in order."""
    spread: dict[int, int] = {}
    for card in deck.cards:
        spread[card_strength(card)] = spread.get(card_strength(card), 0) + card.copies
    return dict(sorted(spread.items()))


def draw_odds(deck: Deck, type_name: str, draws: int) -> float:
    """The exact chance of at least one card of a type among the first `draws` cards of a shuffled
    deck: 1 - C(total - k, n) / C(total, n), k the cards of that type."""
    total = sum(card.copies for card in deck.cards)
    wanted = sum(card.copies for card in deck.cards if card.type == type_name)
    draws = min(draws, total)
    if total == 0 or draws <= 0:
        return 0.0
    return 1 - math.comb(total - wanted, draws) / math.comb(total, draws)


DRAWS = (1, 2, 3, 4, 5, 6, 8, 10)


def stats_report(game: Game, text_sizes: dict[str, dict[str, float]]) -> dict:
    """Everything `kitgen stats` shows, as plain data (what --json prints).
    text_sizes: deck id -> card name -> the size its text ended at after shrink-to-fit."""
    decks = []
    for deck in game.decks:
        types = deck_stats(game, deck)
        decks.append({
            "id": deck.id, "name": deck.name, "cards": sum(card.copies for card in deck.cards),
            "types": [{"type": t.type, "cards": t.cards, "points": t.points} for t in types],
            "strength": {str(value): count for value, count in strength_spread(deck).items()},
            "draw_odds": {"draws": list(DRAWS),
                          "types": {t.type: [round(draw_odds(deck, t.type, n), 4) for n in DRAWS] for t in types}},
            "legibility": [{"card": name, "size": round(size, 2), "below_minimum": size < game.min_text_size - 1e-6}
                           for name, size in sorted(text_sizes.get(deck.id, {}).items(), key=lambda kv: kv[1])],
        })
    return {"game": game.id, "title": game.title, "min_text_size": game.min_text_size, "decks": decks}
