"""Checks for what `kitgen simulate` reads: each phase's and card's actions, card types' resolve.
Every name they use (attribute, card type, deck, dice table, condition) must exist. Stdlib only."""
from __future__ import annotations


from kitgen.check.dice import die_range
from kitgen.check.formula import whole_number
from kitgen.errors import Problem, did_you_mean, error
from kitgen.model import Action, Cost, Game

NEEDS_TABLE_OR_ATTRIBUTE = ("change", "take")


def action_owners(game: Game) -> list[tuple[str, tuple[Action, ...]]]:
    """Every phase's and card's actions, each with its owner as messages name it."""
    owners = [(f"phase '{p.name}'", p.actions) for p in game.phases]
    owners += [(f"card '{c.name}'", c.actions) for d in game.decks for c in d.cards]
    owners += [(f"table '{t.id}' row '{r.roll}'", r.actions) for t in game.tables for r in t.rows if r.actions]
    if game.every_phase is not None:
        owners += [("every_phase start", game.every_phase.start), ("every_phase end", game.every_phase.end)]
    return owners


def cost_owners(game: Game) -> list[tuple[str, Cost | None]]:
    """Every cost the game writes: its cards', its card types' and their steps', with their owners."""
    costs = [(f"card '{c.name}'", c.cost) for d in game.decks for c in d.cards]
    costs += [(f"card type '{t.name}'", t.cost) for t in game.card_types]
    return costs + [(owner, step.cost) for owner, actions in action_owners(game) for step in steps_of(actions)]


def check_actions(game: Game) -> list[Problem]:
    problems = [p for owner, actions in action_owners(game) for action in steps_of(actions) for p in _action(game, action, owner)]
    for card_type in game.card_types:
        problems += _resolve(game, card_type)
    return problems


def steps_of(actions: tuple[Action, ...]) -> list[Action]:
    """Every action, and the steps each guards (`then:`), depth first."""
    return [step for action in actions for step in (action, *steps_of(action.then))]


def _action(game: Game, action: Action, owner: str) -> list[Problem]:
    problems = []

    def unknown(what: str, name: str, known: list[str]) -> None:
        hint = did_you_mean(name, known)
        problems.append(error(action.where, f"{owner}: action '{action.do}': unknown {what} '{name}'{hint}"))

    types = [t.name for t in game.card_types]
    for name in action.types:
        if name not in types:
            unknown("card type", name, types)
    decks = [d.id for d in game.decks]
    if action.deck and action.deck not in decks:
        unknown("deck", action.deck, decks)
    if action.attribute and game.attribute(action.attribute) is None and game.counter(action.attribute) is None:
        unknown("attribute", action.attribute, [a.name for a in game.attributes] + [c.name for c in game.counters])
    if (action.do == "when") != (action.when is not None) or (action.then and action.do not in THEN):
        problems.append(error(action.where, f"{owner}: 'when:' goes with 'do: when', which needs 'then:' too; "
                                            f"'then:' goes with {', '.join(THEN)}"))
    tables = [t.id for t in game.tables if t.die or action.do in (*LOOKUPS, "roll")]  # roll: "has no die" below
    if action.table and action.table not in tables:
        unknown("dice table" if action.do not in LOOKUPS else "table", action.table, tables)
    problems += _table_steps(game, action, owner)
    if action.do in NEEDS_TABLE_OR_ATTRIBUTE and not (action.attribute or action.table):
        problems.append(error(action.where, f"{owner}: action '{action.do}' needs an attribute or a table"))
    if action.do == "event" and (not action.deck or die_range(action.die) is None or not action.on):
        problems.append(error(action.where, f"{owner}: action 'event' needs a deck, a die like 1D10 and "
                                            "the results it happens on ('on')"))
    problems += _needs(action, owner)
    if action.group:
        fields = sorted({"type", *(f.name for f in game.fields), *(f.name for t in game.card_types for f in t.fields)})
        if action.do != "meld":
            problems.append(error(action.where, f"{owner}: 'group:' goes with 'do: meld'"))
        elif action.group not in fields:
            unknown("meld group (type or a card field)", action.group, fields)
    count = whole_number(action.count)
    if count is not None and not 0 <= count <= 1000:
        problems.append(error(action.where, f"{owner}: action '{action.do}': count {count} is not 0-1000"))
    return problems


NEEDS = {  # what each step of the rules vocabulary cannot do without (README: "The rules vocabulary")
    "gain": ("gain",), "pay": ("cost",), "exchange": ("cost", "gain"), "buy": ("zone",), "attach": ("zone", "types"),
    "choose": ("then",), "flag": ("flag",), "meld": ("zone",), "contest": ("die",),
    "roll": ("table",), "lookup": ("table",), "elect": ("table", "flag"), "agree": ("gain",),
    "mark": ("zone", "to"), "orders": ("then",),
}
THEN = ("when", "pay", "choose", "elect", "battle", "orders")  # the steps that take other steps (`then:`)
LOOKUPS = ("lookup", "elect", "battle")  # steps that read a table's rows, with or without a die


def _table_steps(game: Game, action: Action, owner: str) -> list[Problem]:
    """A roll needs a dice table; a bid row names a counter; the battle's die is dice notation; a mark
    aims at other players."""
    problems = []
    table = next((t for t in game.tables if t.id == action.table), None)
    if action.do == "roll" and table is not None and not table.die:
        problems.append(error(action.where, f"{owner}: action 'roll': table '{table.id}' has no die to roll"))
    for row in table.rows if table is not None and action.do == "elect" else ():
        if row.bid and game.counter(row.bid) is None:
            problems.append(error(row.where, f"table '{action.table}' row '{row.roll}': bid: unknown counter '{row.bid}'"
                                  + did_you_mean(row.bid, [c.name for c in game.counters])))
    if action.do == "battle" and action.die and die_range(action.die) is None:
        problems.append(error(action.where, f"{owner}: action 'battle': die '{action.die}' is not dice notation like 1D6"))
    if action.do == "mark" and action.target not in ("target-player", "all-other-players"):
        problems.append(error(action.where, f"{owner}: action 'mark' needs target: target-player or all-other-players"))
    return problems


def _needs(action: Action, owner: str) -> list[Problem]:
    missing = [key for key in NEEDS.get(action.do, ()) if not getattr(action, key)]
    problems = [error(action.where, f"{owner}: action '{action.do}' needs {' and '.join(missing)}")] if missing else []
    if action.do == "contest" and action.die and die_range(action.die) is None:
        problems.append(error(action.where, f"{owner}: action 'contest': die '{action.die}' is not dice notation like 1D6"))
    if action.do in ("steal", "look-and-take", "swap", "contest") and action.target != "target-player":
        problems.append(error(action.where, f"{owner}: action '{action.do}' needs target: target-player"))
    return problems


def _resolve(game: Game, card_type) -> list[Problem]:
    resolve = card_type.resolve
    if resolve is None:
        return []
    problems = []
    conditions = {c.id for c in game.conditions}
    tables = {t.id for t in game.tables if t.die}
    for option in resolve.options:
        if option.condition not in conditions:
            problems.append(error(option.where, f"card type '{card_type.name}': unknown condition '{option.condition}'"))
        if option.table and option.table not in tables:
            problems.append(error(option.where, f"card type '{card_type.name}': unknown dice table '{option.table}'"))
    for name in resolve.votes:
        if game.attribute(name) is None:
            problems.append(error(resolve.where, f"card type '{card_type.name}': unknown attribute '{name}'"))
    if resolve.kind == "choice" and not resolve.options:
        problems.append(error(resolve.where, f"card type '{card_type.name}': a choice needs options"))
    if resolve.kind == "vote" and not resolve.votes:
        problems.append(error(resolve.where, f"card type '{card_type.name}': a vote needs the attributes it sums"))
    return problems
