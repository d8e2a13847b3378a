"""Counters and costs: every counter a cost (of a card, a card type or an action) names is
declared, limits hold the start value, and a counter's kit choice is listed. Stdlib only."""
from __future__ import annotations

import difflib

from kitgen.errors import Problem, Where, error
from kitgen.model import Cost, Game


def check_costs(game: Game) -> list[Problem]:
    problems = _counters(game)
    for card_type in game.card_types:
        problems += _cost(game, card_type.cost, f"card type '{card_type.name}'")
    for deck in game.decks:
        for card in deck.cards:
            problems += _cost(game, card.cost, f"card '{card.name}'")
            for action in card.actions:
                problems += _cost(game, action.cost, f"card '{card.name}'")
    for phase in game.phases:
        for action in phase.actions:
            problems += _cost(game, action.cost, f"phase '{phase.name}'")
    return problems


def _counters(game: Game) -> list[Problem]:
    problems, seen = [], set()
    choices = {k.id for k in game.kit_choices}
    for counter in game.counters:
        names = [counter.name.casefold(), *(a.casefold() for a in counter.aliases)]
        if any(n in seen for n in names):
            problems.append(error(counter.where or Where(""), f"counter '{counter.name}': a name or alias is given twice"))
        seen.update(names)
        low = counter.min if counter.min is not None else counter.start
        high = counter.max if counter.max is not None else counter.start
        if not low <= counter.start <= high:
            problems.append(error(counter.where or Where(""), f"counter '{counter.name}': start {counter.start} is outside "
                                  f"its limits ({counter.min} to {counter.max})"))
        if counter.kit_choice and counter.kit_choice not in choices:
            problems.append(error(counter.where or Where(""), f"counter '{counter.name}': kit choice '{counter.kit_choice}' "
                                  f"is not in kit_choices{_suggest(counter.kit_choice, sorted(choices))}"))
    return problems


def _cost(game: Game, cost: Cost | None, owner: str) -> list[Problem]:
    if not cost:
        return []
    known = [c.name for c in game.counters]
    problems = []
    for name, where in [(p.counter, p.where) for p in cost.pay] + [(n, cost.where) for n in cost.of]:
        if game.counter(name) is None:
            hint = _suggest(name, known) if known else " (the game declares no counters: add them under counters:)"
            problems.append(error(where or cost.where or Where(""), f"{owner}: cost: unknown counter '{name}'{hint}"))
    for price in cost.pay:
        if price.amount < 0:
            problems.append(error(price.where or Where(""), f"{owner}: cost: {price.amount} {price.counter} is below 0"))
    return problems


def _suggest(word: str, known: list[str]) -> str:
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.6)
    if close:
        return f" (did you mean '{close[0]}'?)"
    return f" (known: {', '.join(known)})" if known else ""
