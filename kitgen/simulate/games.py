"""Which plays a game: the engine, from the game's data and the rules vocabulary, or the rule module
the game names (`simulate: {rules: NAME}`, simulate/rules/). The one place outside simulate/rules/
that imports it: every other part of the balance lab asks here, so that the rule modules, which
later work replaces by general vocabulary, stand on top of everything and can go without a trace.
"""
from __future__ import annotations

from kitgen.model import Game
from kitgen.simulate.compile.game import compile_game
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import GameResult, play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.rules import module_named, rule_module, whole_counts
from kitgen.simulate.vocabulary import ACTIONS


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


def play_game(plan: Plan, seed: int, policies: tuple, budget: int = 64) -> GameResult:
    """One game of the plan, seeded with `seed`, a policy per seat (`budget`: a searching policy's
    rollouts per decision): played by the plan's rule module, else by the engine with the rules
    vocabulary."""
    if plan.rules:
        return module_named(plan.rules).play(plan, seed, policies, budget)
    return play(Table(plan, seed, policies, ACTIONS, budget))
