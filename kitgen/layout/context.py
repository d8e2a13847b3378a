"""What document templates see: the game, plus small lookups so templates never hold rule text."""
from __future__ import annotations

from kitgen.check.stats import deck_stats
from kitgen.check.formula import FormulaError, evaluate
from kitgen.layout.expressions import effect_value
from kitgen.model import TARGET_LABELS, Deck, Effect, Formula, Game, Track


def document_context(game: Game) -> dict:
    def attribute_name(name: str) -> str:
        attribute = game.attribute(name)
        return attribute.name if attribute else name

    def effect_text(effect: Effect) -> str:
        target = TARGET_LABELS[effect.target]
        text = f"{attribute_name(effect.attribute)} {effect_value(effect)}"
        return f"{target}: {text}" if target else text

    def formula_examples(formula: Formula) -> list[tuple[str, str]]:
        """(values, result) pairs for the reference, varying the first variable over its examples."""
        if not formula.variables:
            return []
        first, rest = formula.variables[0], {v.name: (v.examples or (0,))[0] for v in formula.variables[1:]}
        out = []
        for value in first.examples:
            try:
                result = evaluate(formula.expression, {**rest, first.name: value})
            except (FormulaError, KeyError, ZeroDivisionError):
                return []
            out.append((f"{first.name} = {value}", f"{result:g}"))
        return out

    def track_rows(track: Track) -> list[str]:
        names = [attribute_name(row) for row in track.rows] or [a.name for a in game.attributes]
        return names + list(track.extra_rows)

    def cards_with_kit_choices() -> list[tuple[str, list[str]]]:
        """(choice, card names) with cards that share the same note listed together."""
        grouped: dict[str, list[str]] = {}
        for card in (c for deck in game.decks for c in deck.cards if c.kit_choice):
            grouped.setdefault(card.kit_choice, []).append(card.name)
        return list(grouped.items())

    def table_effect(row) -> str:
        """A row's third column: its attribute (unless the result already says it), effects, text."""
        parts = []
        if row.attribute and attribute_name(row.attribute) != row.result:
            parts.append(attribute_name(row.attribute))
        parts += [effect_text(effect) for effect in row.effects]
        return ". ".join(p for p in (", ".join(parts), row.text) if p)

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
        "formula_examples": formula_examples,
        "tracks": game.tracks or (Track(name="Attributes", column_label=game.turn_label),),
        "track_rows": track_rows,
        "track_columns": lambda track: track.columns or game.turns,
        "cards_with_kit_choices": cards_with_kit_choices,
        "table_effect": table_effect,
        "start_of": lambda name: (game.attribute(name).start if game.attribute(name) else ""),
        "deck_name": deck_name,
        "deck_composition": deck_composition,
        "sections_without_deck": [s for s in game.rules if s.deck is None and s.phase is None],
        "sections_for_deck": lambda deck_id: [s for s in game.rules if s.deck == deck_id and s.phase is None],
        "sections_for_phase": lambda name: [s for s in game.rules if s.phase == name],
    }


def _plural(game: Game, type_name: str) -> str:
    card_type = game.card_type(type_name)
    return card_type.plural if card_type and card_type.plural else type_name
