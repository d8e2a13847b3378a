"""A game's strategies (`strategies:`) compiled for the players: each preference's step, the cards it
names (by card index: a name or a type; None: any card) and its condition. Plain tuples (a plan
pickles). Reads the model only.
"""
from __future__ import annotations

from typing import NamedTuple

from kitgen.model import Game
from kitgen.simulate.compile.conditions import Names, condition
from kitgen.simulate.compile.nodes import Node
from kitgen.simulate.compile.plan import Plan


class PreferencePlan(NamedTuple):
    do: str  # the option's step (buy, play ...), or "nothing"
    cards: frozenset[int] | None  # the card indices it takes (None: any card, or none)
    when: Node | None  # while this holds for the player (None: always)


def compile_strategies(game: Game, plan: Plan, names: Names) -> dict[str, tuple[PreferencePlan, ...]]:
    kinds = [plan.types[card.kind].name if plan.types else "" for card in plan.cards]
    compiled = {}
    for strategy in game.strategies:
        preferences = []
        for preference in strategy.prefer:
            cards = None
            if preference.name or preference.type:
                cards = frozenset(i for i, card in enumerate(plan.cards)
                                  if (not preference.name or card.name == preference.name)
                                  and (not preference.type or kinds[i] == preference.type))
            when = condition(preference.when, names, names.decks) if preference.when is not None else None
            preferences.append(PreferencePlan(preference.do, cards, when))
        compiled[strategy.name] = tuple(preferences)
    return compiled
