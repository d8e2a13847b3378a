"""Checks for what `kitgen simulate` reads: each phase's and card's actions, card types' resolve.
Every name they use (attribute, card type, deck, dice table, condition) must exist. Stdlib only."""
from __future__ import annotations


from kitgen.check.dice import die_range
from kitgen.check.formula import whole_number
from kitgen.errors import Problem, did_you_mean, error
from kitgen.model import ANY, Action, Cost, Game

NEEDS_TABLE_OR_ATTRIBUTE = ("change", "take")


def action_owners(game: Game) -> list[tuple[str, tuple[Action, ...]]]:
    """Every phase's and card's actions, each with its owner as messages name it."""
    owners = [(f"phase '{p.name}'", p.actions) for p in game.phases]
    owners += [(f"table '{t.id}' row '{r.roll}'", r.actions) for t in game.tables for r in t.rows if r.actions]
    return owners + [(f"card '{c.name}'", c.actions) for d in game.decks for c in d.cards]


def cost_owners(game: Game) -> list[tuple[str, Cost | None]]:
    """Every cost the game writes: its cards', its card types' and their steps', with their owners."""
    costs = [(f"card '{c.name}'", c.cost) for d in game.decks for c in d.cards]
    costs += [(f"card type '{t.name}'", t.cost) for t in game.card_types]
    return costs + [(owner, step.cost) for owner, actions in action_owners(game) for step in steps_of(actions)]


def check_actions(game: Game) -> list[Problem]:
    problems = [p for owner, actions in action_owners(game) for action in steps_of(actions) for p in _action(game, action, owner)]
    for card_type in game.card_types:
        problems += _resolve(game, card_type)
    choices = [k.id for k in game.kit_choices]
    problems += [error(p.where, f"phase '{p.name}': unknown kit choice '{p.kit_choice}'" + did_you_mean(p.kit_choice, choices))
                 for p in game.phases if p.kit_choice and p.kit_choice not in choices]
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
    if action.attribute == ANY and action.do not in NEEDS_TABLE_OR_ATTRIBUTE:
        problems.append(error(action.where, f"{owner}: action '{action.do}': 'attribute: any' goes with "
                                            f"{' or '.join(NEEDS_TABLE_OR_ATTRIBUTE)}"))
    elif action.attribute and action.attribute != ANY and game.attribute(action.attribute) is None \
            and game.counter(action.attribute) is None:
        unknown("attribute", action.attribute, [a.name for a in game.attributes] + [c.name for c in game.counters])
    if (action.when is not None and action.do != "when") or (action.then and action.do != "when") or \
            (action.do == "when" and not action.then):
        problems.append(error(action.where, f"{owner}: 'when:' and 'then:' go with 'do: when', and it needs 'then:'"))
    tables = [t.id for t in game.tables if bool(t.die) != (action.do == "meld")]  # a meld reads a lookup table's rows
    if action.table and action.table not in tables:
        unknown("lookup table" if action.do == "meld" else "dice table", action.table, tables)
    if action.do in NEEDS_TABLE_OR_ATTRIBUTE and not (action.attribute or action.table):
        problems.append(error(action.where, f"{owner}: action '{action.do}' needs an attribute or a table"))
    if action.do == "event" and (not action.deck or die_range(action.die) is None or not action.on):
        problems.append(error(action.where, f"{owner}: action 'event' needs a deck, a die like 1D10 and "
                                            "the results it happens on ('on')"))
    problems += _needs(action, owner) + _own_fields(game, action, owner)
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
    "choose": ("then",), "flag": ("flag",), "contest": ("die",),
}


def _needs(action: Action, owner: str) -> list[Problem]:
    missing = [key for key in NEEDS.get(action.do, ()) if not getattr(action, key)]
    problems = [error(action.where, f"{owner}: action '{action.do}' needs {' and '.join(missing)}")] if missing else []
    if action.do == "contest" and action.die and die_range(action.die) is None:
        problems.append(error(action.where, f"{owner}: action 'contest': die '{action.die}' is not dice notation like 1D6"))
    from_deck = action.do == "look-and-take" and action.top > 0  # the top of a deck, not a target's hand
    if action.do in ("steal", "look-and-take", "swap", "contest") and action.target != "target-player" and not from_deck:
        alone = " (or top: N, the cards on top of a deck)" if action.do == "look-and-take" else ""
        problems.append(error(action.where, f"{owner}: action '{action.do}' needs target: target-player{alone}"))
    if from_deck and (action.target != "self" or action.give_back):
        problems.append(error(action.where, f"{owner}: action 'look-and-take' with top: looks at a deck: no target, "
                                            "nothing given back"))
    return problems


OWN_FIELDS = {"ladder": "meld", "condition": "meld", "top": "look-and-take", "give_back": "look-and-take",
              "at_random": "discard"}  # a key only one step reads: on another it would be ignored
MAX_RUNGS = 100  # a meld ladder: one meld a rung, each needing 1-1000 cards


def _own_fields(game: Game, action: Action, owner: str) -> list[Problem]:
    """The keys only one kind of step reads are on that step, and hold what it can play."""
    problems = [error(action.where, f"{owner}: '{key}:' goes with 'do: {do}'")
                for key, do in OWN_FIELDS.items() if getattr(action, key) and action.do != do]
    if action.ladder and (len(action.ladder) > MAX_RUNGS or not all(1 <= n <= 1000 for n in action.ladder)):
        problems.append(error(action.where, f"{owner}: ladder: at most {MAX_RUNGS} melds, each of 1-1000 cards"))
    conditions = [c.id for c in game.conditions]
    if action.condition and action.condition not in conditions:
        problems.append(error(action.where, f"{owner}: action '{action.do}': unknown condition '{action.condition}'"
                              + did_you_mean(action.condition, conditions)))
    if not 0 <= action.top <= 1000:
        problems.append(error(action.where, f"{owner}: action '{action.do}': top {action.top} is not 0-1000"))
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
