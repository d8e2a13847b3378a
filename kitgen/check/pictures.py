"""Each card its own picture: in a deck, two cards share an `icon:` only when the data marks one as a
variant of the other (`variant_of:`, naming a card of the same deck by name or id)."""
from __future__ import annotations

from kitgen.errors import Problem, error, warning
from kitgen.model import Card, Deck, Game, slug


def check_pictures(game: Game) -> list[Problem]:
    problems: list[Problem] = []
    for deck in game.decks:
        roots = variant_roots(deck)
        problems += [error(card.where, f"card '{card.name}': variant_of: no card '{card.variant_of}' in deck '{deck.id}'")
                     for card in deck.cards if card.variant_of and roots[card.name] is None]
        first: dict[str, Card] = {}  # icon -> the first card showing it
        for card in deck.cards:
            if not card.icon:
                continue
            other = first.setdefault(card.icon, card)
            if other is not card and other.name != card.name and roots[other.name] != roots[card.name]:
                problems.append(warning(card.where, f"card '{card.name}': its icon '{card.icon}' is already the picture "
                                        f"of '{other.name}'; choose another, or mark it variant_of: {other.name}"))
    return problems


def variant_roots(deck: Deck) -> dict[str, str | None]:
    """Card name -> the name of the card its variant chain starts from (None: names no card)."""
    by_key = {key: card for card in deck.cards for key in (card.name, card.id or slug(card.name))}
    roots: dict[str, str | None] = {}
    for card in deck.cards:
        seen: set[str] = set()
        current: Card | None = card
        while current is not None and current.variant_of and current.name not in seen:
            seen.add(current.name)
            current = by_key.get(current.variant_of)
        roots[card.name] = current.name if current is not None else None
    return roots

