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

A number the printed text states in words (a cost in a phase's text, a faction's ability) is read
from structure, never from the words: the data's vocabulary (phase actions, card costs and fields,
counters, tables, victory thresholds) or, for what that cannot say, the named `numbers:` of the
record it belongs to (the game's `simulate:`, a phase, a faction, a card use, a victory path, a
table row, a card), read
with `read_numbers` against the names the module declares, each with a one-line meaning.
"""
from __future__ import annotations

import importlib
import random
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Sequence, TypeVar

from kitgen.errors import KitgenError, Where, did_you_mean, error
from kitgen.model import Game, Numbers

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
    return module_named(name)


def module_named(name: str) -> ModuleType:
    """The registered rule module `name` (a compiled plan's `rules`, checked when it was compiled)."""
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


DICE = "roll: "  # a declared meaning that starts with this asks for a roll (1D10), not a whole number
SWITCH = "1: "  # a declared meaning that starts with this is a switch: 1 (it does it) or 0 (as if left out)


def read_numbers(module: str, record: str, numbers: Numbers, where: Where | None,
                 declared: dict[str, str], optional: bool = False) -> dict[str, Any]:
    """The named numbers of one record, typed as the module declares them (name -> one-line
    meaning; a roll's meaning starts with DICE: it reads as (dice, sides); a switch's with SWITCH:
    1, or 0 as if left out). An unknown name is an error at its line with a did-you-mean; a
    declared name the record lacks is an error at the record (`optional`: the record may leave any
    out, as a faction without that ability does)."""
    values: dict[str, Any] = {}  # int, or (dice, sides) for a roll
    for number in numbers:
        if number.name not in declared:
            known = ", ".join(sorted(declared)) or "none"
            if not module:
                raise KitgenError(error(number.where or where, f"{record}: numbers: only a rule module reads them "
                                        "(simulate: {rules: NAME}); this game plays from its data alone"))
            raise KitgenError(error(number.where or where, f"simulate.rules {module}: {record}: unknown number "
                                    f"'{number.name}'{did_you_mean(number.name, declared)}; it reads: {known}"))
        roll = declared[number.name].startswith(DICE)
        if roll != bool(number.sides):
            wanted = "a roll such as 1D10" if roll else "a whole number"
            raise KitgenError(error(number.where or where, f"simulate.rules {module}: {record}: "
                                    f"'{number.name}' is {wanted} ({declared[number.name]})"))
        if declared[number.name].startswith(SWITCH) and number.value not in (0, 1):
            raise KitgenError(error(number.where or where, f"simulate.rules {module}: {record}: '{number.name}' is a "
                                    f"switch, 1 or 0, not {number.value} ({declared[number.name]})"))
        if declared[number.name].startswith(SWITCH) and not number.value:
            continue  # a switch written 0 is as if left out
        values[number.name] = (number.value, number.sides) if roll else number.value
    missing = [name for name in declared if name not in values]
    if missing and not optional:
        needs = "; ".join(f"{name} ({declared[name]})" for name in missing)
        raise KitgenError(error(where, f"simulate.rules {module}: {record}: numbers: missing {needs}"))
    return values


def numbered(game: Game) -> list[tuple[str, str, Numbers, Where | None]]:
    """Every record of the game that may carry `numbers:`, as (kind, label, numbers, where), kind one
    of simulate, phase, faction, use, path, row, card: a module reads those it declares and refuses names on
    the rest (`refuse_numbers`), so no number in the data goes unread."""
    found: list[tuple[str, str, Numbers, Where | None]] = [
        ("simulate", "simulate", game.simulate.numbers, game.simulate.where or game.where)]
    found += [("phase", p.name, p.numbers, p.where) for p in game.phases]
    found += [("faction", f"faction '{f.name}'", f.numbers, f.where) for f in game.factions]
    found += [("use", f"{t.name} use '{u.name}'", u.numbers, u.where) for t in game.card_types for u in t.uses]
    found += [("path", f"victory path '{p.name}'", p.numbers, p.where) for p in game.victory_paths]
    found += [("row", f"table '{t.id}' row '{r.roll}'", r.numbers, r.where) for t in game.tables for r in t.rows]
    found += [("card", f"card '{c.name}'", c.numbers, c.where) for d in game.decks for c in d.cards if c.numbers]
    return found


NUMBERED = ("simulate", "phase", "faction", "use", "path", "row", "card")  # numbered()'s kinds


def refuse_numbers(module: str, game: Game, kinds: tuple[str, ...]) -> None:
    """A located error for a number on a record of these kinds: the module reads none there (module
    "": the game names no rule module, and only a rule module reads numbers)."""
    for kind, label, numbers, where in numbered(game):
        if kind in kinds:
            read_numbers(module, label, numbers, where, {})
