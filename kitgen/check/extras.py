"""Checks for the optional parts of a game: victory thresholds, formulas, player-sheet tracks,
card costs and errata references. Stdlib only."""
from __future__ import annotations

import difflib

from kitgen.check.formula import FormulaError, evaluate, variables_of
from kitgen.errors import Problem, error, warning
from kitgen.model import Game


def check_extras(game: Game) -> list[Problem]:
    return _thresholds(game) + _formulas(game) + _tracks(game) + _card_errata(game) + _errata_used(game)


def _thresholds(game: Game) -> list[Problem]:
    return [error(t.where, f"victory path '{path.name}': unknown attribute '{t.attribute}'" + _suggest(game, t.attribute))
            for path in game.victory_paths for t in path.thresholds if game.attribute(t.attribute) is None]


def _formulas(game: Game) -> list[Problem]:
    problems = []
    for formula in game.formulas:
        try:
            used = variables_of(formula.expression)
        except FormulaError as exc:
            problems.append(error(formula.where, f"formula '{formula.name}': '{formula.expression}' {exc}"))
            continue
        declared = {v.name for v in formula.variables}
        for name in sorted(used - declared):
            problems.append(error(formula.where, f"formula '{formula.name}': variable {name} is not declared"))
        for name in sorted(declared - used):
            problems.append(warning(formula.where, f"formula '{formula.name}': variable {name} is not used"))
        if used <= declared and formula.variables:
            try:
                evaluate(formula.expression, {v.name: v.examples[0] if v.examples else 0 for v in formula.variables})
            except ZeroDivisionError:
                problems.append(error(formula.where, f"formula '{formula.name}': divides by zero"))
    return problems


def _tracks(game: Game) -> list[Problem]:
    return [error(track.where, f"track '{track.name}': unknown attribute '{row}'" + _suggest(game, row))
            for track in game.tracks for row in track.rows if game.attribute(row) is None]


def _card_errata(game: Game) -> list[Problem]:
    ids = {e.id for e in game.errata}
    return [error(card.where, f"card '{card.name}': unknown erratum '{card.erratum}'")
            for deck in game.decks for card in deck.cards if card.erratum and card.erratum not in ids]


def _errata_used(game: Game) -> list[Problem]:
    return [error(e.where, f"erratum '{e.id}' is declared twice") for i, e in enumerate(game.errata)
            if e.id in [x.id for x in game.errata[:i]]]


def _suggest(game: Game, word: str) -> str:
    names = [name for a in game.attributes for name in (a.name, *a.aliases, a.abbreviation) if name]
    close = difflib.get_close_matches(word, names, n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""
