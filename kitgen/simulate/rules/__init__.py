"""Trusted rule modules: the rules of a game that its data cannot say without the rules vocabulary
turning into a programming language, written as small, tested Python shipped inside kitgen. A game
names one in its data (`simulate: {rules: civilization-card-game}` in game.yaml); nothing in a game
folder ever runs, and an unknown name is a located error. Stdlib only.

A rule module is a module of this package with:
- `compile(game: Game, without: tuple[str, ...]) -> Plan`: the game as the module plays it. Every
  number (costs, counts, thresholds, turns) is read from the game's data, never written in the
  module; `plan.factions`, `plan.paths` (the victory paths, by the data's names), `plan.cards` and
  `plan.decks` (one card index per copy: card impact removes and doubles copies there) are filled,
  and `plan.coverage` lists every rule of the seed as exact, a kit choice or approximated.
- `play(plan: Plan, seed: int, policies: tuple[Policy, ...], budget: int) -> GameResult`: one
  game, every random choice from one `random.Random(seed)`, every choice the rules leave to a
  player through `decide` (so the seat's policy makes it).
- `POLICIES`: the policy names it plays; `kitgen simulate` refuses another with one line.

A number the printed text states in words (a cost in a phase's text, a faction's ability) is read
from structure, never from the words: the data's vocabulary (phase actions, card costs and fields,
counters, tables, victory thresholds) or, for what that cannot say, the named `numbers:` of the
record it belongs to (the game's `simulate:`, a phase, a faction, a card use, a victory path, a
table row, a card), read with compile/numbers.read_numbers against the names the module declares,
each with a one-line meaning.

Only simulate/games.py, which picks the rule module or the engine for a game, imports this package
from the rest of simulate/: the rule modules stand on top of the engine they will be replaced by.
"""
from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import Callable, Protocol, Sequence, TypeVar

from kitgen.check.formula import whole_number
from kitgen.errors import KitgenError, did_you_mean, error
from kitgen.model import Game

# The registry: a game's `simulate.rules` name -> the module of this package that plays it.
RULE_MODULES: dict[str, str] = {
}

# Rule modules that are gone: their games play from their data through the one engine (issue 33).
RETIRED = ("alpha-centauri", "civ-builder", "civilization-card-game", "galactic-supremacy")

T = TypeVar("T")


class Named(Protocol):
    """What decide reads of a seat's policy (players.policy.Policy): its name."""
    name: str


def rule_module(game: Game) -> ModuleType | None:
    """The rule module the game names, or None when it plays from its data alone."""
    name = game.simulate.rules
    if not name:
        return None
    if name in RETIRED:
        raise KitgenError(error(game.simulate.where or game.where,
                                f"simulate.rules: the rule module '{name}' is gone: the game plays from its data "
                                "through the one engine (remove simulate.rules)"))
    if name not in RULE_MODULES:
        known = ", ".join(sorted(RULE_MODULES)) or "none"
        raise KitgenError(error(game.simulate.where or game.where,
                                f"simulate.rules: unknown rule module '{name}'{did_you_mean(name, RULE_MODULES)}; "
                                f"kitgen ships: {known}"))
    return module_named(name)


def module_named(name: str) -> ModuleType:
    """The registered rule module `name` (a compiled plan's `rules`, checked when it was compiled)."""
    return importlib.import_module(f"{__name__}.{RULE_MODULES[name]}")


def decide(policy: Named, rng: random.Random, options: Sequence[T], score: Callable[[T], float]) -> T:
    """A seat's choice among the legal `options`: `random` takes any of them; every other policy the
    module plays takes the best `score` (how much nearer it brings the seat to winning), ties broken
    by the game's own dice, never by the order of the list."""
    if not options:
        raise ValueError("decide: no legal option")
    if policy.name == "random" or len(options) == 1:
        return options[rng.randrange(len(options))] if len(options) > 1 else options[0]
    scores = [score(option) for option in options]
    best = max(scores)
    ties = [option for option, s in zip(options, scores, strict=True) if s == best]
    return ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]


def whole_counts(game: Game) -> None:
    """A rule module reads a step's count and delta, and prices, as numbers: an expression there is refused."""
    from kitgen.check.actions import action_owners, cost_owners, steps_of

    problems = [error(step.where, f"{owner}: action '{step.do}': the rule module '{game.simulate.rules}' reads a "
                                  f"whole number as {key}, not '{text}'")
                for owner, actions in action_owners(game) for step in steps_of(actions)
                for key, text in (("count", step.count), ("delta", step.delta)) if whole_number(text) is None]
    problems += [error(price.where, f"{owner}: cost: the rule module '{game.simulate.rules}' reads a whole number "
                                    f"of {price.counter}, not '{price.expression}'")
                 for owner, cost in cost_owners(game) if cost is not None for price in cost.pay if price.expression]
    if problems:
        raise KitgenError(problems)
