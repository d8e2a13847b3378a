"""Which plays a game: the engine, from the game's data with the rules vocabulary and the players,
or the rule module the game names (`simulate: {rules: NAME}`, simulate/rules/): its plan, one game,
the policies that can play it. The one place outside simulate/rules/ that imports it: every other
part of the balance lab asks here, so that the rule modules, which later work replaces by general
vocabulary, stand on top of the engine and can go without a trace.
"""
from __future__ import annotations

from typing import Sequence

from kitgen.model import Game
from kitgen.simulate.compile.game import compile_game
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import GameResult, play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.players import POLICIES
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


def rule_policies(game: Game) -> tuple[str, ...]:
    """The policies the game's rule module plays (none named: the game has no rule module)."""
    module = rule_module(game)
    return tuple(module.POLICIES) if module else ()


def unsupported_policies(game: Game, names: Sequence[str]) -> list[str]:
    """The policies asked for that the game's rule module does not play (none for a data-only game)."""
    module = rule_module(game)
    if module is None:
        return []
    return [name for name in dict.fromkeys(names) if name not in module.POLICIES]


def playable_policies(plan: Plan) -> tuple[str, ...]:
    """The policies that can play this plan: every one, or those its rule module plays."""
    if not plan.rules:
        return tuple(POLICIES)
    return tuple(module_named(plan.rules).POLICIES)
