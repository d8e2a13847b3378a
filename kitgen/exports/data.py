"""Export a game's cards as plain data (JSON-ready dicts), attribute names resolved in full, and
each card's rules as one plain text (what a virtual tabletop shows). Standard library only."""
from __future__ import annotations

import dataclasses

from kitgen.language import ENGLISH, Language
from kitgen.model import TARGET_LABELS, Card, Cost, Effect, Game, cost_text, effect_value


def export_json(game: Game) -> dict:
    """Every field of every card (issue 16: nothing the data says is lost on the way out)."""
    return {
        "game": game.id,
        "title": game.title,
        "counters": [_plain(counter) for counter in game.counters],
        "decks": [{
            "id": deck.id,
            "name": deck.name,
            "code": deck.code,
            "optional": deck.optional,
            "description": deck.description,
            "back": _plain(deck.back),
            "cards": [_card(game, card) for card in deck.cards],
        } for deck in game.decks],
    }


def _card(game: Game, card: Card) -> dict:
    out = {field.name: _plain(getattr(card, field.name)) for field in dataclasses.fields(card) if field.name != "where"}
    out["effects"] = [_effect(game, e) for e in card.effects]
    card_type = game.card_type(card.type)
    out["fields"] = card.fields.as_dict()
    out["cost"] = cost_dict(card.cost or (card_type.cost if card_type else None), game.language)
    out["played_in"] = list(game.played_in(card.type))
    out["not_played"] = card_type.not_played if card_type else ""
    return out


def cost_dict(cost: Cost | None, _: Language = ENGLISH) -> dict | None:
    """{"pay": {"Credits": 10}, "any": 0, "of": [], "text": "", "printed": "10 Credits"}: the card's
    own cost, else its type's (printed in the game's language, `_`); None when it costs nothing to play."""
    if cost is None:
        return None
    return {"pay": {p.counter: p.expression or p.amount for p in cost.pay}, "any": cost.any, "of": list(cost.of), "text": cost.text,
            "printed": cost_text(cost, _)}


def _plain(value):
    if dataclasses.is_dataclass(value):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value) if f.name != "where"}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _effect(game: Game, effect: Effect) -> dict:
    attribute = game.attribute(effect.attribute)
    out: dict = {"attribute": attribute.name if attribute else effect.attribute, "delta": effect.delta}
    if effect.target != "self":
        out["target"] = effect.target
    if effect.condition:
        out["condition"] = effect.condition
    if effect.dice:
        out["dice"] = effect.dice
    if effect.erratum:
        out["erratum"] = effect.erratum
    return out


def rules_text(game: Game, card: Card) -> str:
    """The card's effects, one a line ("Exploration +2", "Military -1D6 (target player, if IB)"),
    then its text: what Tabletop Simulator shows as the card's Description."""
    lines, _ = [], game.language
    codes = {c.id: c.code or c.id for c in game.conditions}
    for effect in card.effects:
        attribute = game.attribute(effect.attribute)
        name = attribute.name if attribute else effect.attribute
        notes = [_(TARGET_LABELS[effect.target]).lower()] if TARGET_LABELS[effect.target] else []
        if effect.condition:
            notes.append(_("if {condition}", condition=codes.get(effect.condition, effect.condition)))
        lines.append(f"{name} {effect_value(effect)}" + (f" ({', '.join(notes)})" if notes else ""))
    if card.text:
        lines.append(card.text)
    return "\n".join(lines)
