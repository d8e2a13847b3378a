"""Limits a game declares, such as 'U <= N(5 + S)' (Units at most Bases x (5 + Military Support)),
checked against every faction's starting position: each attribute's start plus the faction's
effects, and the counts every player starts with. A start that breaks a limit is a warning unless
the limit names the erratum that settles it. Stdlib only; no game is special-cased.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from kitgen.check.formula import COMPARISONS, FormulaError, evaluate, split_comparison, variables_of
from kitgen.errors import Problem, error, warning
from kitgen.model import Faction, Game, Limit, Variable


@dataclass(frozen=True)
class Clash:
    """Who starts in breach of a limit: the two sides' values at the start."""

    who: str  # a faction's name, or "every player" when the game has no factions
    left: float
    right: float


def check_limits(game: Game) -> list[Problem]:
    problems: list[Problem] = []
    errata = {e.id for e in game.errata}
    for limit in game.limits:
        found = _check_declaration(game, limit)
        problems += found
        if limit.erratum is not None and limit.erratum not in errata:
            problems.append(error(limit.where, f"limit '{limit.name}': unknown erratum '{limit.erratum}'"))
        if found or (limit.erratum is not None and limit.erratum not in errata):
            continue
        breaches = describe_breaches(game, limit)
        if breaches and limit.erratum is None:
            problems.append(warning(limit.where, f"limit '{limit.name}' ({limit.check}) is broken by the starting "
                                    f"position: {breaches}; record an erratum that settles it and name it in the "
                                    "limit's erratum:"))
        elif not breaches and limit.erratum is not None:
            problems.append(warning(limit.where, f"limit '{limit.name}' names erratum '{limit.erratum}' but no "
                                    "starting position breaks it"))
    return problems


def limit_clashes(game: Game, limit: Limit) -> list[Clash]:
    """Each faction (or every player, without factions) whose start breaks the limit. A limit over
    an attribute whose start is not a whole number (a die roll) cannot be checked: no clashes."""
    try:
        left, sign, right = split_comparison(limit.check)
    except FormulaError:
        return []
    clashes = []
    for faction in game.factions or (None,):
        starts = {v.name: _start_value(game, v, faction) for v in limit.variables}
        values = {name: value for name, value in starts.items() if value is not None}
        if len(values) < len(starts):
            return []
        try:
            low, high = evaluate(left, values), evaluate(right, values)
        except (ZeroDivisionError, KeyError, FormulaError):
            return []
        if not COMPARISONS[sign](low, high):
            clashes.append(Clash(faction.name if faction else game.language.gettext("every player"), low, high))
    return clashes


def describe_breaches(game: Game, limit: Limit) -> str:
    """Who starts in breach of the limit, as validate's warning, its composition report and the rules
    summary print it: 'Believers, Gaians: U = 10 > N(5 + S) = 5; Spartans: ... = 7' (factions with the
    same numbers together); '' when every start keeps the limit."""
    clashes = limit_clashes(game, limit)
    if not clashes:
        return ""
    left, sign, right = split_comparison(limit.check)
    opposite = {"<=": ">", "<": ">=", ">=": "<", ">": "<="}[sign]
    groups: dict[tuple[float, float], list[str]] = {}
    for clash in clashes:
        groups.setdefault((clash.left, clash.right), []).append(clash.who)
    return "; ".join(f"{', '.join(who)}: {left} = {low:g} {opposite} {right} = {high:g}"
                     for (low, high), who in groups.items())


def _start_value(game: Game, variable: Variable, faction: Faction | None) -> int | None:
    if variable.start is not None:
        return variable.start
    attribute = game.attribute(variable.attribute or "")
    if attribute is None:
        return None
    members = [a for a in game.attributes if a == attribute or
               (variable.group_total and a.group and game.attribute(a.group) == attribute)]
    total = 0
    for member in members:
        if not re.fullmatch(r"[+-]?\d+", member.start.strip()):
            return None
        total += int(member.start)
        total += sum(e.delta for e in (faction.effects if faction else ()) if e.target == "self"
                     and game.attribute(e.attribute) == member)
    return total


def _check_declaration(game: Game, limit: Limit) -> list[Problem]:
    try:
        left, _, right = split_comparison(limit.check)
        used = variables_of(left) | variables_of(right)
    except FormulaError as exc:
        return [error(limit.where, f"limit '{limit.name}': '{limit.check}' {exc}")]
    problems = []
    declared = {v.name for v in limit.variables}
    problems += [error(limit.where, f"limit '{limit.name}': variable {name} is not declared")
                 for name in sorted(used - declared)]
    for variable in limit.variables:
        where = variable.where or limit.where
        if (variable.attribute is None) == (variable.start is None):
            problems.append(error(where, f"limit '{limit.name}': variable {variable.name} needs either "
                                  "attribute: (a score) or start: (a count every player starts with)"))
        elif variable.attribute is not None and game.attribute(variable.attribute) is None:
            problems.append(error(where, f"limit '{limit.name}': variable {variable.name}: unknown attribute "
                                  f"'{variable.attribute}'"))
        elif variable.name not in used:
            problems.append(warning(where, f"limit '{limit.name}': variable {variable.name} is not used"))
    return problems
