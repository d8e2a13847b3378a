"""Check the rules vocabulary's conditions (`when:`, `game_end:`) and expressions: every name a
counter, attribute or deck the game has, every expression parsed, no derived total made of itself.
Stdlib only; the names are resolved here once for the validator and the simulator alike.
"""
from __future__ import annotations

from collections.abc import Iterator

from kitgen.check.formula import FormulaError, expression_names
from kitgen.errors import Problem, did_you_mean, error
from kitgen.model import Counter, Expr, Game, When

SPECIAL_NAMES = ("turn", "players")  # what every expression may read besides counters


def fold(name: str) -> str:
    """How a name is looked up: in any case, a space written as _ ("Victory_Points")."""
    return name.strip().casefold().replace(" ", "_")


def value_names(game: Game) -> dict[str, str]:
    """Every name a condition or expression may use -> the attribute's or counter's own name:
    names, aliases and abbreviations, folded (attributes first: a counter never hides one)."""
    names: dict[str, str] = {}
    for counter in game.counters:
        for name in (counter.name, *counter.aliases):
            names.setdefault(fold(name), counter.name)
    for attribute in game.attributes:
        for name in (attribute.name, attribute.abbreviation, *attribute.aliases):
            if name:
                names[fold(name)] = attribute.name
    return names


def conditions_of(game: Game) -> Iterator[tuple[str, When]]:
    """(owner, condition) of every `when:` in the game, nested ones too."""
    def walk(owner: str, when: When) -> Iterator[tuple[str, When]]:
        yield owner, when
        for part in (*when.all, *when.any, *when.none):
            yield from walk(owner, part)

    from kitgen.check.actions import steps_of

    for phase in game.phases:
        if phase.when is not None:
            yield from walk(f"phase '{phase.name}'", phase.when)
    owners = [(f"phase '{p.name}'", p.actions) for p in game.phases]
    owners += [(f"card '{c.name}'", c.actions) for d in game.decks for c in d.cards]
    for owner, actions in owners:
        for action in steps_of(actions):
            if action.when is not None:
                yield from walk(owner, action.when)
    for path in game.victory_paths:
        if path.when is not None:
            yield from walk(f"victory path '{path.name}'", path.when)
    if game.game_end is not None:
        yield from walk("game_end", game.game_end.when)


def check_conditions(game: Game) -> list[Problem]:
    names = value_names(game)
    shown = sorted({*names.values(), *SPECIAL_NAMES})
    problems: list[Problem] = []

    def name(owner: str, where, word: str) -> None:
        if fold(word) not in names:
            problems.append(error(where, f"{owner}: unknown counter or attribute '{word}'" + did_you_mean(word, shown)))

    def expression(owner: str, where, text: Expr) -> None:
        try:
            used = expression_names(text)
        except FormulaError as exc:
            problems.append(error(where, f"{owner}: '{text[:40]}' {exc}"))
            return
        for word in used:
            if word not in SPECIAL_NAMES:
                name(owner, where, word)

    for owner, when in conditions_of(game):
        for word in (*when.highest, *when.lowest, *when.tie_break):
            name(owner, when.where, word)
        expression(owner, when.where, when.by)
        for amount in (*when.at_least, *when.more_than, *when.at_most, *when.less_than):
            name(owner, amount.where, amount.counter)
            expression(owner, amount.where, amount.value)
        decks = [d.id for d in game.decks]
        problems += [error(when.where, f"{owner}: unknown deck '{deck}'" + did_you_mean(deck, decks))
                     for deck in when.empty if deck not in decks]
    for counter in game.counters:
        if counter.total is not None:
            expression(f"counter '{counter.name}'", counter.where, counter.total)
    return problems + _cycles(game, names)


def _cycles(game: Game, names: dict[str, str]) -> list[Problem]:
    """A derived total that counts itself, directly or through others, has no value."""
    totals = {c.name: c for c in game.counters if c.total is not None}
    problems = []
    for start in totals.values():
        seen, todo = set(), [start.name]
        while todo:
            current = totals.get(todo.pop())
            if current is None or current.name in seen or current.total is None:
                continue
            seen.add(current.name)
            try:
                used = [names.get(fold(w), "") for w in expression_names(current.total)]
            except FormulaError:
                break
            if start.name in used:
                problems.append(error(start.where, f"counter '{start.name}': its total counts itself "
                                      f"(through {', '.join(sorted(seen))})"))
                break
            todo += used
    return problems


def derived(game: Game) -> dict[str, Counter]:
    """The counters that are totals of others, by name."""
    return {c.name: c for c in game.counters if c.total is not None}
