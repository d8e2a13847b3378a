"""Which plays a game: the engine, from the game's data and the rules vocabulary, or the rule module
the game names (`simulate: {rules: NAME}`, simulate/rules/). The one place outside simulate/rules/
that imports it: every other part of the balance lab asks here, so that the rule modules, which
later work replaces by general vocabulary, stand on top of everything and can go without a trace.
"""
from __future__ import annotations

from kitgen.model import Game
from kitgen.simulate.compile.game import compile_game
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.rules import rule_module, whole_counts


def plan_game(game: Game, without: tuple[str, ...] = ()) -> Plan:
    """The plan of `game`, leaving out the optional rules (decks) named in `without`: compiled by the
    rule module the game names (simulate.rules), else by the engine's compile_game."""
    module = rule_module(game)
    if module is None:
        return compile_game(game, without)
    whole_counts(game)
    plan: Plan = module.compile(game, without)
    plan.rules = game.simulate.rules
    return plan
