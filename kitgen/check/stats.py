"""Deck composition: cards per type and attribute points per type, for validate's summary.

Stdlib only. Points count every copy and every effect on the card's holder, signed; effects aimed at
other players (a target player, all other players) are counted apart, never in the holder's totals;
effects under conditions that exclude each other (a `choice`) are counted per answer, never summed.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field

from kitgen.model import Card, Deck, Effect, Game


@dataclass(frozen=True)
class TypeStats:
    type: str
    cards: int
    points: dict[str, int]  # attribute name -> signed sum of the deltas that apply whatever is chosen
    choices: dict[str, dict[str, int]] = field(default_factory=dict)  # "If Benevolent" -> points if so chosen
    aimed: dict[str, int] = field(default_factory=dict)  # attribute -> points the cards give other players


AIMED = ("target-player", "all-other-players")  # an effect on someone else (all-players includes the holder)


def card_options(game: Game, card: Card) -> list[tuple[str, tuple[Effect, ...]]]:
    """The card's effects under each answer of the choices it offers: conditions that share a
    `choice` exclude each other (a Moral Dilemma is Malevolent or Benevolent, never both).
    [("", all effects)] for a card that offers none."""
    choice_of = {c.id: c.choice for c in game.conditions if c.choice}
    groups = sorted({choice_of[e.condition] for e in card.effects if e.condition in choice_of})
    if not groups:
        return [("", card.effects)]
    answers = [[c for c in game.conditions if c.choice == group] for group in groups]
    options = []
    for picked in itertools.product(*answers):
        chosen = {c.id for c in picked}
        effects = tuple(e for e in card.effects if e.condition not in choice_of or e.condition in chosen)
        options.append((", ".join(c.name for c in picked), effects))
    return options


def deck_stats(game: Game, deck: Deck) -> list[TypeStats]:
    names = [t.name for t in game.card_types if t.deck == deck.id]
    names += sorted({card.type for card in deck.cards} - set(names))
    choice_ids = {c.id for c in game.conditions if c.choice}
    stats = []
    for type_name in names:
        cards = [card for card in deck.cards if card.type == type_name]
        options = [dict(card_options(game, card)) for card in cards]  # once a card: each label is looked up
        always = [tuple(e for e in card.effects if e.condition not in choice_ids) for card in cards]
        rows = list(zip(cards, options, always, strict=True))
        points = _points(game, _effects_if(rows, ""))  # what always applies
        labels = list(dict.fromkeys(label for own in options for label in own if label))
        choices = {label: _points(game, _effects_if(rows, label)) for label in labels}
        aimed = _points(game, [(card, card.effects) for card in cards], aimed=True)
        stats.append(TypeStats(type_name, sum(card.copies for card in cards), points, choices,
                               aimed if any(aimed.values()) else {}))
    return stats


def _effects_if(rows: list[tuple[Card, dict[str, tuple[Effect, ...]], tuple[Effect, ...]]],
                label: str) -> list[tuple[Card, tuple[Effect, ...]]]:
    """Each card's effects when `label` is what was chosen; a card without that answer (or
    "", no answer at all): the effects that apply whatever is chosen."""
    return [(card, own.get(label, base)) for card, own, base in rows]


def _points(game: Game, cards: list[tuple[Card, tuple[Effect, ...]]], aimed: bool = False) -> dict[str, int]:
    """The holder's points (`aimed`: those the cards give other players instead)."""
    points: dict[str, int] = {a.name: 0 for a in game.attributes}
    for card, effects in cards:
        for effect in effects:
            attribute = game.attribute(effect.attribute)
            if attribute is not None and (effect.target in AIMED) == aimed:
                points[attribute.name] += effect.delta * card.copies
    return points


def card_strength(game: Game, card: Card) -> tuple[int, int]:
    """A card's strength to its holder, the signed sum of the effects on them (rolled effects and
    effects aimed at other players count as nothing), as the lowest and highest over the answers it
    offers: (n, n) for a card without alternatives."""
    sums = [sum(effect.delta for effect in effects if effect.target not in AIMED) for _, effects in card_options(game, card)]
    return min(sums), max(sums)


def strength_spread(game: Game, deck: Deck) -> dict[str, int]:
    """Strength -> number of cards (copies counted), in order; a card whose answers differ counts
    once, under its range ("-1..2")."""
    spread: dict[tuple[int, int], int] = {}
    for card in deck.cards:
        key = card_strength(game, card)
        spread[key] = spread.get(key, 0) + card.copies
    return {(str(low) if low == high else f"{low}..{high}"): count for (low, high), count in sorted(spread.items())}


def draw_odds(deck: Deck, type_name: str, draws: int) -> float:
    """The exact chance of at least one card of a type among the first `draws` cards of a shuffled
    deck: 1 - C(total - k, n) / C(total, n), k the cards of that type."""
    total = sum(card.copies for card in deck.cards)
    wanted = sum(card.copies for card in deck.cards if card.type == type_name)
    draws = min(draws, total)
    if total == 0 or draws <= 0:
        return 0.0
    return 1 - math.comb(total - wanted, draws) / math.comb(total, draws)


def field_stats(game: Game, deck: Deck) -> dict[str, dict]:
    """Each numeric field (whole number, number) the deck's cards carry: its total over every copy,
    per type, and how many cards (copies counted) have each value."""
    declared = {f.name: f for t in game.card_types for f in t.fields} | {f.name: f for f in game.fields}
    numeric = [name for name, spec in declared.items() if spec.kind in ("whole number", "number")]
    out: dict[str, dict] = {}
    for name in numeric:
        carried: list[tuple[Card, float]] = []
        for card in deck.cards:
            value = card.fields.get(name)
            if isinstance(value, (int, float)):
                carried.append((card, value))
        if not carried:
            continue
        per_type: dict[str, float] = {}
        spread: dict[float, int] = {}
        for card, value in carried:
            per_type[card.type] = per_type.get(card.type, 0) + value * card.copies
            spread[value] = spread.get(value, 0) + card.copies
        out[name] = {"total": sum(per_type.values()), "per_type": per_type,
                     "spread": {f"{value:g}": count for value, count in sorted(spread.items())}}
    return out


DRAWS = (1, 2, 3, 4, 5, 6, 8, 10)


def stats_report(game: Game, text_sizes: dict[str, dict[str, tuple[float, float]]]) -> dict:
    """Everything `kitgen stats` shows, as plain data (what --json prints).
    text_sizes: deck id -> card name -> (the size its text was fitted at, the smallest text on it).
    A card's `size` is the first: a card whose text had to shrink shows it (the second is 7 pt on
    nearly every card, its type line's designed size); below the minimum is the second's verdict,
    as validate's legibility warning."""
    decks = []
    for deck in game.decks:
        types = deck_stats(game, deck)
        decks.append({
            "id": deck.id, "name": deck.name, "cards": sum(card.copies for card in deck.cards),
            "types": [{"type": t.type, "cards": t.cards, "points": t.points,
                       **({"choices": t.choices} if t.choices else {}),
                       **({"aimed_at_others": t.aimed} if t.aimed else {})} for t in types],
            "strength": strength_spread(game, deck),
            "fields": field_stats(game, deck),
            "draw_odds": {"draws": list(DRAWS),
                          "types": {t.type: [round(draw_odds(deck, t.type, n), 4) for n in DRAWS] for t in types}},
            "legibility": [{"card": name, "size": round(fitted, 2), "smallest": round(size, 2),
                            "below_minimum": size < game.min_text_size - 1e-6}
                           for name, (fitted, size) in sorted(text_sizes.get(deck.id, {}).items(), key=lambda kv: kv[1])],
        })
    return {"game": game.id, "title": game.title, "min_text_size": game.min_text_size, "decks": decks}
