"""Checks for what `kitgen simulate` reads: each phase's and card's actions, card types' resolve.
Every name they use (attribute, card type, deck, dice table, condition) must exist. Stdlib only."""
from __future__ import annotations



from kitgen.check.dice import die_range
from kitgen.check.formula import whole_number
from kitgen.check.combat import battles
from kitgen.check.repeats import check_repeats
from kitgen.errors import Problem, did_you_mean, error
from kitgen.check.seating import check_seating
from kitgen.model import ANY, Action, Cost, Game

NEEDS_TABLE_OR_ATTRIBUTE = ("change", "take")


def action_owners(game: Game) -> list[tuple[str, tuple[Action, ...]]]:
    """Every phase's and card's actions, the setup's, the rounds' scoring and the triggers' steps,
    each with its owner as messages name it."""
    owners = [(f"phase '{p.name}'", p.actions) for p in game.phases]
    owners += [(f"table '{t.id}' row '{r.roll}'", r.actions) for t in game.tables for r in t.rows if r.actions]
    owners += [(f"card '{c.name}'", c.actions) for d in game.decks for c in d.cards]
    owners += [("setup", game.setup_steps)] if game.setup_steps else []
    owners += [("rounds scoring", game.rounds.scoring)] if game.rounds is not None else []
    owners += [(f"trigger on {t.on}", t.then) for t in game.triggers]
    if game.every_phase is not None:
        owners += [("every_phase start", game.every_phase.start), ("every_phase end", game.every_phase.end)]
    owners += [(f"card type '{k.name}' trigger on {t.on}", t.then) for k in game.card_types for t in k.triggers]
    return owners + [(f"card '{c.name}' trigger on {t.on}", t.then) for d in game.decks for c in d.cards
                     for t in c.triggers]


def cost_owners(game: Game) -> list[tuple[str, Cost | None]]:
    """Every cost the game writes: its cards', its card types' and their steps', with their owners."""
    costs = [(f"card '{c.name}'", c.cost) for d in game.decks for c in d.cards]
    costs += [(f"card type '{t.name}'", t.cost) for t in game.card_types]
    return costs + [(owner, step.cost) for owner, actions in action_owners(game) for step in steps_of(actions)]


# the steps that only the card model has; draw, play and discard are the card model's too in a game
# that plays by it, or when they use one of its keys (compile/moves.py compiles them)
CARD_STEPS = frozenset({"deal", "move", "shuffle", "set", "trash", "reveal", "pass", "draft", "declare", "lead",
                        "reverse", "skip", "take-trick", "score", "look", "guess", "compare", "swap-hands", "out"})
CARD_KEYS = ("filter", "top", "follow", "match", "must", "only", "mark", "value", "direction", "otherwise", "loser",
             "protected", "yourself", "rank", "trump", "lead", "field", "sets", "by_count", "majority")


def card_game(game: Game) -> bool:
    """Whether the game plays its cards by the card model: piles and supplies as zones, rounds, setup steps."""
    return any(z.kind in ("pile", "supply") for z in game.zones) or game.rounds is not None or bool(game.setup_steps)


def uses_card_model(action: Action, card_model: bool) -> bool:
    """Whether the step is the card model's: one only it has, a draw, play or discard in a game that
    plays by it, or any step that uses one of its keys (discard's `to:` is honoured)."""
    if action.do in CARD_STEPS:
        return True
    if card_model and action.do in ("draw", "play", "discard"):
        return True
    written = any(getattr(action, key) not in (None, "", 0, False, ()) for key in CARD_KEYS
                  if not (key == "top" and action.do == "look-and-take"))  # its own top: the top of a deck
    return written or (action.do == "discard" and bool(action.to)) or (action.do == "draw" and bool(action.zone))


def check_actions(game: Game) -> list[Problem]:
    problems = [p for owner, actions in action_owners(game) for action in steps_of(actions) for p in _action(game, action, owner)]
    for card_type in game.card_types:
        problems += _resolve(game, card_type)
    choices = [k.id for k in game.kit_choices]
    problems += [error(p.where, f"phase '{p.name}': unknown kit choice '{p.kit_choice}'" + did_you_mean(p.kit_choice, choices))
                 for p in game.phases if p.kit_choice and p.kit_choice not in choices]
    return problems + _needs_rounds(game) + check_seating(game, action_owners(game), steps_of(game.setup_steps)) \
        + check_repeats(action_owners(game))


def steps_of(actions: tuple[Action, ...]) -> list[Action]:
    """Every action, and the steps each holds (`then:`, `otherwise:`, `loser:`, its answers' `then:`), depth first."""
    return [step for action in actions for step in (action, *steps_of(action.then + action.otherwise + action.loser
                                                                       + tuple(s for a in action.answers for s in a.then)))]


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
    if (action.when is not None and action.do != "when") or (action.do == "when" and not action.then):
        # a `do: when` without `when:` always takes its steps: one optional choice of several steps
        problems.append(error(action.where, f"{owner}: action '{action.do}': 'when:' goes with 'do: when', which "
                              "needs 'then:'"))
    for key, steps in (("then", THEN), ("otherwise", ("when", "play")), ("loser", ("compare", "claim"))):
        if getattr(action, key) and action.do not in steps:
            problems.append(error(action.where, f"{owner}: action '{action.do}': '{key}:' goes with do: "
                                  f"{' or '.join(steps)}{PLAYED_STEPS if key == 'then' and action.do == 'play' else ''}"))
    # a meld reads a lookup table's rows; the steps between players any table's (roll: "has no die" below)
    tables = [t.id for t in game.tables if bool(t.die) != (action.do == "meld") or action.do in (*LOOKUPS, "roll")]
    if action.table and action.table not in tables:
        unknown("lookup table" if action.do == "meld" else "table" if action.do in LOOKUPS else "dice table",
                action.table, tables)
    problems += _table_steps(game, action, owner)
    if action.do in NEEDS_TABLE_OR_ATTRIBUTE and not (action.attribute or action.table):
        problems.append(error(action.where, f"{owner}: action '{action.do}' needs an attribute or a table"))
    if action.do == "event" and (not action.deck or die_range(action.die) is None or not action.on):
        problems.append(error(action.where, f"{owner}: action 'event' needs a deck, a die like 1D10 and "
                                            "the results it happens on ('on')"))
    problems += _needs(action, owner) + _own_fields(game, action, owner) + battles(game, action, owner) + _draft_row(game, action, owner)
    if action.group:
        fields = sorted({"type", *(f.name for f in game.fields), *(f.name for t in game.card_types for f in t.fields)})
        if action.do not in ("meld", "score", "draw"):
            problems.append(error(action.where, f"{owner}: 'group:' goes with do: meld, score or draw"))
        elif action.group not in fields:
            unknown("group (type or a card field)", action.group, fields)
    return problems + _written_counts(action, owner)


def _written_counts(action: Action, owner: str) -> list[Problem]:
    """A count or times written as a number is 0-1000 (play holds a worked-out one there: MAX_TIMES)."""
    written = {"count": whole_number(action.count),
               "times": whole_number(action.times) if action.times is not None else None}
    return [error(action.where, f"{owner}: action '{action.do}': {key} {number} is not 0-1000")
            for key, number in written.items() if number is not None and not 0 <= number <= 1000]


NEEDS = {  # what each step of the rules vocabulary cannot do without (README: "The rules vocabulary")
    "gain": ("gain",), "pay": ("cost",), "exchange": ("cost", "gain"), "buy": ("zone",), "attach": ("zone", "types"),
    "choose": ("then",), "flag": ("flag",), "contest": ("die",),
    # the steps between players (README, "Steps between players")
    "roll": ("table",), "lookup": ("table",), "elect": ("table", "flag"), "agree": ("gain",),
    "mark": ("zone", "to"), "orders": ("then",),
    # the card model's (README, "The card model")
    "move": ("to",), "declare": ("field", "zone"), "take-trick": ("zone", "to"), "score": ("attribute",),
    "set": ("attribute", "value"), "guess": ("field", "then"), "compare": ("value", "loser"), "draft": ("to",), "claim": ("then", "loser"),
    # steps between players
    "reattach": ("zone",), "detach": ("zone",),
}
# what a missing key of a card step is, so the line says how to fix it (README, "The card model")
NEEDS_HINT = {("declare", "zone"): " (zone: the pile whose top card the named value is for, e.g. zone: pile)",
              ("declare", "field"): " (field: the card field named, e.g. field: suit)",
              ("move", "to"): " (to: the zone the cards go to; zone: where they come from, the top first)"}
PLAYED_STEPS = "; what a card does when played is its trigger: triggers: [{on: play, then: [...]}] on the card"
THEN = ("when", "pay", "choose", "guess", "elect", "battle", "orders", "draft", "claim")  # the steps whose `then:` are steps
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
        problems.append(error(action.where, f"{owner}: action 'battle': die '{action.die[:20]}' is not dice notation "
                                            "like 1D6"))
    for row in table.rows if table is not None and action.do in ("elect", "battle") and not action.cards else ():
        if whole_number(row.result) is None and die_range(row.result) is None:  # the simulator counted it 0
            problems.append(error(row.where, f"table '{action.table}' row '{row.roll[:40]}': result "
                                             f"'{row.result[:20]}' is not a whole number or dice like 1D6: "
                                             f"the {'votes' if action.do == 'elect' else 'force'} it adds"))
    if action.do == "mark" and action.target not in ("target-player", "all-other-players"):
        problems.append(error(action.where, f"{owner}: action 'mark' needs target: target-player or all-other-players"))
    return problems
TARGETED = ("steal", "look-and-take", "swap", "contest", "look", "guess", "compare", "swap-hands")
ROUNDS_ONLY = ("reverse", "skip", "lead", "take-trick")  # who plays next: the loop of a game of rounds


def _needs_rounds(game: Game) -> list[Problem]:
    """Who plays next changes only in a game of rounds (its turn-by-turn loop); a one-round game says
    `rounds: {count: 1}`. A phase played `once` a turn needs neither (engine/schedule, engine/cycle)."""
    if game.rounds is not None:
        return []
    found = [(a.where, f"action '{a.do}'") for _, actions in action_owners(game) for a in steps_of(actions)
             if a.do in ROUNDS_ONLY]
    return [error(where, f"{what}: needs rounds: in game.yaml (a game of one round: rounds: {{count: 1}})")
            for where, what in found[:1]]


def _draft_row(game: Game, action: Action, owner: str) -> list[Problem]:
    """A draft's `zone:` is a face-up row on the table (its players take from it in turn); without
    one they keep cards of their hands and pass the rest (vocabulary/moves.act_draft)."""
    if action.do != "draft" or not action.zone:
        return []
    zone = next((z for z in game.zones if z.name == action.zone), None)
    if zone is None and action.zone not in {d.id for d in game.decks}:
        return []  # an unknown zone is compile's located line
    if zone is not None and (zone.owner or ("player" if zone.kind in ("in-play", "attached") else "table")) == "table" \
            and zone.kind in ("pile", "market") and (zone.sees or ("nobody" if zone.deck and zone.kind == "pile"
                                                                    or zone.reshuffle else "everyone")) == "everyone":
        return []
    return [error(action.where, f"{owner}: action 'draft': zone '{action.zone}' is not a face-up row on the table "
                                "(owner: table, sees: everyone); without zone: a draft takes from the hand")]


def _needs(action: Action, owner: str) -> list[Problem]:
    missing = [key for key in NEEDS.get(action.do, ()) if not getattr(action, key)]
    hints = "".join(NEEDS_HINT.get((action.do, key), "") for key in missing)
    problems = [error(action.where, f"{owner}: action '{action.do}' needs {' and '.join(missing)}{hints}")] \
        if missing else []
    if action.do == "contest" and action.die and die_range(action.die) is None:
        problems.append(error(action.where, f"{owner}: action 'contest': die '{action.die[:20]}' is not dice notation like 1D6"))
    if action.do == "score" and (action.value is None) == (action.sets is None and action.by_count is None
                                                           and action.majority is None):
        problems.append(error(action.where, f"{owner}: action 'score' needs one of value, sets, by_count, majority"))
    if action.sets is not None and action.sets.size < 1:  # the simulator took 1: a rule guessed
        problems.append(error(action.sets.where or action.where, f"{owner}: score: sets: size {action.sets.size}: "
                                                                 "the cards a set takes, 1 or more"))
    from_deck = action.do == "look-and-take" and action.top > 0  # the top of a deck, not a target's hand
    if action.do in TARGETED and action.target != "target-player" and not from_deck:
        alone = " (or top: N, the cards on top of a deck)" if action.do == "look-and-take" else ""
        problems.append(error(action.where, f"{owner}: action '{action.do}' needs target: target-player{alone}"))
    if from_deck and (action.target != "self" or action.give_back):
        problems.append(error(action.where, f"{owner}: action 'look-and-take' with top: looks at a deck: no target, "
                                            "nothing given back"))
    return problems


OWN_FIELDS = {"ladder": "meld", "condition": "meld", "give_back": "look-and-take",
              "at_random": "discard", "block": "claim"}  # a key only one step reads: on another it would be ignored
MAX_RUNGS = 100  # a meld ladder: one meld a rung, each needing 1-1000 cards


def _own_fields(game: Game, action: Action, owner: str) -> list[Problem]:
    """The keys only one kind of step reads are on that step, and hold what it can play (`top:` is
    look-and-take's, and the card model's on a step that picks cards)."""
    problems = [error(action.where, f"{owner}: '{key}:' goes with 'do: {do}'")
                for key, do in OWN_FIELDS.items() if getattr(action, key) and action.do != do]
    if action.discount and not (action.do == "buy" or action.do in ("play", "attach") and action.at_cost):
        problems.append(error(action.where, f"{owner}: 'discount:' goes with 'do: buy', or play or attach "
                                            "with at_cost: true"))
    if action.at_cost and action.do not in ("play", "attach"):
        problems.append(error(action.where, f"{owner}: 'at_cost:' goes with 'do: play' or 'do: attach'"))
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
