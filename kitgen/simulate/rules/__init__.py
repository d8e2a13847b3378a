"""Trusted rule modules: the rules of a game that its data cannot say without the rules vocabulary
turning into a programming language, written as small, tested Python shipped inside kitgen. A game
names one in its data (`simulate: {rules: galactic-supremacy}` in game.yaml); nothing in a game
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
"""
from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

from kitgen.errors import KitgenError, did_you_mean, error
from kitgen.model import Game

if TYPE_CHECKING:
    from kitgen.simulate.policies import Policy

# The registry: a game's `simulate.rules` name -> the module of this package that plays it.
RULE_MODULES: dict[str, str] = {
    "alpha-centauri": "alpha_centauri",
    "civ-builder": "civ_builder",
    "civilization-card-game": "civilization_card_game",
    "galactic-supremacy": "galactic_supremacy",
}

T = TypeVar("T")


def rule_module(game: Game) -> ModuleType | None:
    """The rule module the game names, or None when it plays from its data alone."""
    name = game.simulate.rules
    if not name:
        return None
    if name not in RULE_MODULES:
        known = ", ".join(sorted(RULE_MODULES)) or "none"
        raise KitgenError(error(game.simulate.where or game.where,
                                f"simulate.rules: unknown rule module '{name}'{did_you_mean(name, RULE_MODULES)}; "
                                f"kitgen ships: {known}"))
    return importlib.import_module(f"{__name__}.{RULE_MODULES[name]}")


def unsupported_policies(game: Game, names: Sequence[str]) -> list[str]:
    """The policies asked for that the game's rule module does not play (none for a data-only game)."""
    module = rule_module(game)
    if module is None:
        return []
    return [name for name in dict.fromkeys(names) if name not in module.POLICIES]


def decide(policy: Policy, rng: random.Random, options: Sequence[T], score: Callable[[T], float]) -> T:
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
