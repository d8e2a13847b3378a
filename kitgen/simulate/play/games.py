"""Whether a game is played by the engine, from its data with the rules vocabulary, or by the rule
module it names (`simulate: {rules: NAME}`, simulate/rules/): its plan, who plays its games, the
policies that may. The one place outside simulate/rules/ that imports it: every other part of the
balance lab asks here, so that the rule modules, which later work replaces by general vocabulary,
stand on top of the engine and can go without a trace. Compiling asks nothing of the engine, so
`kitgen validate` (plan_game) imports none of it.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from kitgen.model import Game
from kitgen.simulate.compile.game import compile_game
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.rules import module_named, rule_module, whole_counts

Play = Callable[[Plan, int, tuple, int], Any]  # (plan, seed, a policy per seat, budget) -> engine/loop.GameResult


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


def rule_play(plan: Plan) -> Play | None:
    """What plays a game of the plan when its rule module does (its `play`); None: the engine plays
    it (play/blocks.play_block)."""
    return module_named(plan.rules).play if plan.rules else None


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


def plan_rule_policies(plan: Plan) -> tuple[str, ...] | None:
    """The policies the plan's rule module plays; None: the engine plays the plan, with any policy."""
    return tuple(module_named(plan.rules).POLICIES) if plan.rules else None
