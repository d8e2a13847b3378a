"""Checks for the optional parts of a game: victory thresholds, formulas, player-sheet tracks,
card costs, errata references and limits (check/limits.py). Stdlib only."""
from __future__ import annotations


from kitgen.check.conditions import fold, value_names
from kitgen.check.formula import FormulaError, evaluate, variables_of
from kitgen.check.limits import check_limits
from kitgen.errors import Problem, did_you_mean, error, warning
from kitgen.model import Attribute, Card, Faction, Game, TableRow


def check_extras(game: Game) -> list[Problem]:
    return (_thresholds(game) + _formulas(game) + _tracks(game) + _card_errata(game) + _errata_used(game)
            + check_limits(game))


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
        names = value_names(game)
        problems += [error(v.where or formula.where, f"formula '{formula.name}': variable {v.name}: unknown attribute "
                           f"or counter '{v.attribute}'" + did_you_mean(v.attribute, sorted(set(names.values()))))
                     for v in formula.variables if v.attribute is not None and fold(v.attribute) not in names]
        for name in sorted(used - declared):
            problems.append(error(formula.where, f"formula '{formula.name}': variable {name} is not declared"))
        for name in sorted(declared - used):
            problems.append(warning(formula.where, f"formula '{formula.name}': variable {name} is not used"))
        if used <= declared and formula.variables:
            first, rest = formula.variables[0], {v.name: (v.examples or (0,))[0] for v in formula.variables}
            try:  # as the reference works its examples (layout/context.py): the first variable's each value
                for value in first.examples or (0,):
                    evaluate(formula.expression, {**rest, first.name: value})
            except ZeroDivisionError:
                problems.append(error(formula.where, f"formula '{formula.name}': divides by zero"))
            except FormulaError as exc:  # a value too large for the reference to print
                problems.append(error(formula.where, f"formula '{formula.name}': {exc}"))
    return problems


def _tracks(game: Game) -> list[Problem]:
    return [error(track.where, f"track '{track.name}': unknown attribute '{row}'" + _suggest(game, row))
            for track in game.tracks for row in track.rows if game.attribute(row) is None]


def _card_errata(game: Game) -> list[Problem]:
    """Every `erratum:` reference (cards, attributes, factions, table rows) names a declared erratum."""
    ids = {e.id for e in game.errata}
    owners: list[tuple[str, Card | Attribute | Faction | TableRow]] = [
        (f"card '{c.name}'", c) for d in game.decks for c in d.cards]
    owners += [(f"attribute '{a.name}'", a) for a in game.attributes]
    owners += [(f"faction '{f.name}'", f) for f in game.factions]
    owners += [(f"table '{t.name}' roll '{r.roll}'", r) for t in game.tables for r in t.rows]
    problems = [error(item.where, f"{owner}: unknown erratum '{item.erratum}'")
                for owner, item in owners if item.erratum and item.erratum not in ids]
    # The card face marks the card's own erratum: one that changes an effect must be the card's too.
    return problems + [warning(card.where, f"card '{card.name}': its effect follows erratum '{effect.erratum}'; "
                               f"give the card erratum: {effect.erratum} too, so its face is marked")
                       for deck in game.decks for card in deck.cards for effect in card.effects
                       if effect.erratum and card.erratum != effect.erratum]


def _errata_used(game: Game) -> list[Problem]:
    return [error(e.where, f"erratum '{e.id}' is declared twice") for i, e in enumerate(game.errata)
            if e.id in [x.id for x in game.errata[:i]]]


def _suggest(game: Game, word: str) -> str:
    names = [name for a in game.attributes for name in (a.name, *a.aliases, a.abbreviation) if name]
    return did_you_mean(word, names)
