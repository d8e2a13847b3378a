"""Checks of a game's strategies (`strategies:`): a name of its own (not kitgen's players', not
another strategy's), each preference naming cards and types the game has. Their conditions are
checked with every other (check/conditions.conditions_of). Stdlib only."""
from __future__ import annotations

from kitgen.errors import Problem, did_you_mean, error
from kitgen.model import Game

PLAYERS = ("random", "greedy", "lookahead", "mcts")  # kitgen's own (simulate/players POLICIES; a test holds them equal)
MAX_PREFERENCES = 100
MAX_STRATEGIES = 50


def check_strategies(game: Game) -> list[Problem]:
    problems = []
    seen: set[str] = set()
    cards = sorted({c.name for d in game.decks for c in d.cards})
    types = [t.name for t in game.card_types]
    if len(game.strategies) > MAX_STRATEGIES:
        return [error(game.strategies[MAX_STRATEGIES].where, f"strategies: at most {MAX_STRATEGIES}")]
    for strategy in game.strategies:
        owner = f"strategy '{strategy.name}'"
        if strategy.name in PLAYERS or strategy.name in seen or not strategy.name.strip() or "," in strategy.name:
            problems.append(error(strategy.where, f"{owner}: a strategy needs a name of its own, without a comma "
                                  f"(not {', '.join(PLAYERS)}, nor another strategy's)"))
        seen.add(strategy.name)
        if not 1 <= len(strategy.prefer) <= MAX_PREFERENCES:
            problems.append(error(strategy.where, f"{owner}: prefer: 1 to {MAX_PREFERENCES} preferences"))
        for preference in strategy.prefer:
            if preference.name and preference.name not in cards:
                problems.append(error(preference.where, f"{owner}: unknown card '{preference.name}'"
                                      + did_you_mean(preference.name, cards)))
            if preference.type and preference.type not in types:
                problems.append(error(preference.where, f"{owner}: unknown card type '{preference.type}'"
                                      + did_you_mean(preference.type, types)))
    return problems
