"""Export a game's cards as plain data (JSON-ready dicts), attribute names resolved in full."""
from __future__ import annotations

from kitgen.model import Effect, Game


def export_json(game: Game) -> dict:
    return {
        "game": game.id,
        "title": game.title,
        "decks": [{
            "id": deck.id,
            "name": deck.name,
            "code": deck.code,
            "optional": deck.optional,
            "cards": [{
                "id": card.id,
                "name": card.name,
                "type": card.type,
                "copies": card.copies,
                "effects": [_effect(game, e) for e in card.effects],
                "text": card.text,
                **({"cost": card.cost} if card.cost else {}),
                **({"keywords": list(card.keywords)} if card.keywords else {}),
                **({"kit_choice": card.kit_choice} if card.kit_choice else {}),
            } for card in deck.cards],
        } for deck in game.decks],
    }


def _effect(game: Game, effect: Effect) -> dict:
    attribute = game.attribute(effect.attribute)
    out: dict = {"attribute": attribute.name if attribute else effect.attribute, "delta": effect.delta}
    if effect.target != "self":
        out["target"] = effect.target
    if effect.condition:
        out["condition"] = effect.condition
    if effect.dice:
        out["dice"] = effect.dice
    return out
