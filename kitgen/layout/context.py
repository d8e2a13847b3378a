"""What document templates see: the game, plus small lookups so templates never hold rule text."""
from __future__ import annotations

from kitgen.check.stats import deck_stats
from kitgen.layout.expressions import signed
from kitgen.model import TARGET_LABELS, Deck, Effect, Game


def document_context(game: Game) -> dict:
    def attribute_name(name: str) -> str:
        attribute = game.attribute(name)
        return attribute.name if attribute else name

    def effect_text(effect: Effect) -> str:
        target = TARGET_LABELS[effect.target]
        text = f"{attribute_name(effect.attribute)} {signed(effect.delta)}"
        return f"{target}: {text}" if target else text

    def deck_name(deck_id: str | None) -> str:
        return next((d.name for d in game.decks if d.id == deck_id), deck_id or "")

    def deck_composition(deck: Deck) -> str:
        total = sum(card.copies for card in deck.cards)
        parts = [f"{s.cards} {_plural(game, s.type)}" for s in deck_stats(game, deck)]
        return f"**{deck.name}:** {total} cards ({', '.join(parts)})."

    return {
        "game": game,
        "attribute_name": attribute_name,
        "effect_text": effect_text,
        "deck_name": deck_name,
        "deck_composition": deck_composition,
        "sections_without_deck": [s for s in game.rules if s.deck is None and s.phase is None],
        "sections_for_deck": lambda deck_id: [s for s in game.rules if s.deck == deck_id and s.phase is None],
        "sections_for_phase": lambda name: [s for s in game.rules if s.phase == name],
    }


def _plural(game: Game, type_name: str) -> str:
    card_type = game.card_type(type_name)
    return card_type.plural if card_type and card_type.plural else type_name
