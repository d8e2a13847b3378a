"""Deck-composition rules: a plain dict from the name a deck declares to the function that checks it.

Each function takes (deck, rule, game) and returns a list of problems. Add a rule here, with a
test and a line in the README's YAML reference; any game can then declare it.
"""
from __future__ import annotations

from collections import Counter

from kitgen.errors import Problem, error, warning
from kitgen.model import Deck, DeckRule, Game


def deck_size(deck: Deck, rule: DeckRule, game: Game) -> list[Problem]:
    total = sum(card.copies for card in deck.cards)
    if total == rule.count:
        return []
    return [error(rule.where, f"deck '{deck.id}' has {total} cards; it declares {rule.count}")]


def count_per_type(deck: Deck, rule: DeckRule, game: Game) -> list[Problem]:
    if rule.type is None or game.card_type(rule.type) is None:
        return [error(rule.where, f"rule count-per-type names unknown card type '{rule.type}'")]
    total = sum(card.copies for card in deck.cards if card.type == rule.type)
    if total == rule.count:
        return []
    return [error(rule.where, f"deck '{deck.id}' has {total} {rule.type} cards; it declares {rule.count}")]


def copies(deck: Deck, rule: DeckRule, game: Game) -> list[Problem]:
    """Every card of the deck (or of one type) comes in exactly `count` copies."""
    return [error(card.where, f"card '{card.name}' has {card.copies} copies; the deck declares {rule.count}")
            for card in deck.cards
            if (rule.type is None or card.type == rule.type) and card.copies != rule.count]


def unique_names(deck: Deck, rule: DeckRule, game: Game) -> list[Problem]:
    counts = Counter(card.name.casefold() for card in deck.cards)
    seen = set()
    problems = []
    for card in deck.cards:
        key = card.name.casefold()
        if counts[key] > 1 and key in seen:
            problems.append(error(card.where, f"card name '{card.name}' appears more than once in deck '{deck.id}'"))
        seen.add(key)
    return problems


RULES = {
    "deck-size": (deck_size, ("count",)),
    "count-per-type": (count_per_type, ("type", "count")),
    "copies": (copies, ("count",)),
    "unique-names": (unique_names, ()),
}


def check_rules(deck: Deck, game: Game) -> list[Problem]:
    problems: list[Problem] = []
    for rule in deck.rules:
        if rule.rule not in RULES:
            known = ", ".join(sorted(RULES))
            problems.append(error(rule.where, f"unknown deck rule '{rule.rule}' (known rules: {known})"))
            continue
        check, needs = RULES[rule.rule]
        missing = [key for key in needs if getattr(rule, key) is None]
        if missing:
            problems.append(error(rule.where, f"rule {rule.rule} needs '{missing[0]}'"))
            continue
        problems.extend(check(deck, rule, game))
    if not deck.rules:
        problems.append(warning(deck.where, f"deck '{deck.id}' declares no composition rules"))
    return problems
