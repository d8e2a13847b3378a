"""A game's data compiled for the simulator: attributes become indices, cards tuples of ints, so a
game plays without a dictionary look-up in its inner loop. Stdlib only; reads the model, never text.

Every rule is listed in `coverage` as simulated exactly, approximated or skipped, with why: the
report prints it, so nothing the simulator leaves out is hidden.
"""
from __future__ import annotations

import re
from operator import itemgetter
from dataclasses import dataclass, field

from kitgen.check.dice import die_range, roll_values
from kitgen.model import Action, Effect, Game

TARGETS = {"self": 0, "target-player": 1, "all-other-players": 2, "all-players": 3}
NO_CONDITION = -1


@dataclass
class Plan:
    attributes: tuple[str, ...]
    start: tuple[int, ...]
    factions: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]  # (name, ((attribute, delta), ...))
    cards: tuple[tuple, ...]  # (name, type index, effects, actions); effects: (target, attribute, delta, condition)
    types: tuple[tuple, ...]  # (name, kind, options, votes); options: (condition, table, rolls)
    decks: dict[str, tuple[int, ...]]  # deck id -> card indices, one per copy
    phases: tuple[tuple, ...]  # (name, trigger (kind, attribute) or None, actions)
    tables: dict[str, tuple]  # table id -> one entry per die face: attribute index, -1 any, or effects
    paths: tuple[tuple, ...]  # (name, after_turn, at_end_of_turn, highest, highest_any, margin, most, thresholds, any)
    hand_limit: int
    turns: int
    first_deck: str
    conditions: dict[str, int] = field(default_factory=dict)
    turn_structure: str = "player-turns"
    fast_paths: tuple = ()  # the paths as the greedy policy weighs them (see engine.value)
    has_thresholds: bool = False
    coverage: list[tuple[str, str, str]] = field(default_factory=list)  # (rule, exact|approximated|skipped, why)


def compile_game(game: Game) -> Plan:
    attributes = tuple(a.name for a in game.attributes)
    index = {}
    for i, attribute in enumerate(game.attributes):
        for name in (attribute.name, attribute.abbreviation, *attribute.aliases):
            if name:
                index[name] = i
    coverage: list[tuple[str, str, str]] = []
    conditions = {c.id: i for i, c in enumerate(game.conditions)}
    plan = Plan(attributes, _start(game, coverage), (), (), (), {}, (), {}, (),
                game.hand_limit.base if game.hand_limit else 0, game.turns,
                next((d.id for d in game.decks if not d.optional), game.decks[0].id if game.decks else ""),
                conditions=conditions, turn_structure=game.turn_structure, coverage=coverage)
    plan.tables = {t.id: _table(t, index, conditions) for t in game.tables if t.die}
    plan.factions = tuple(_faction(f, index, coverage) for f in game.factions)
    plan.types = tuple(_card_type(t, index, coverage) for t in game.card_types)
    type_index = {t.name: i for i, t in enumerate(game.card_types)}
    cards: list[tuple] = []
    decks: dict[str, tuple] = {}
    for deck in game.decks:
        copies = []
        for card in deck.cards:
            copies += [len(cards)] * card.copies
            cards.append((card.name, type_index.get(card.type, 0), _effects(card.effects, index, conditions),
                          tuple(_action(a, index) for a in card.actions)))
            if card.text and not card.actions:
                coverage.append((f"card '{card.name}'", "skipped", f"its text is not structured: {card.text!r}"))
        decks[deck.id] = tuple(copies)
    plan.cards, plan.decks = tuple(cards), decks
    plan.phases = tuple(_phase(p, index, coverage) for p in game.phases)
    plan.paths = tuple(_path(v, index, coverage) for v in game.victory_paths)
    plan.fast_paths = tuple(_weighed(path, len(attributes)) for path in plan.paths)
    plan.has_thresholds = any(path[7] for path in plan.paths)
    _coverage_of_game(game, plan, coverage)
    return plan


def _start(game: Game, coverage) -> tuple[int, ...]:
    values = []
    for attribute in game.attributes:
        if re.fullmatch(r"[+-]?\d+", attribute.start.strip()):
            values.append(int(attribute.start))
        else:
            values.append(0)
            coverage.append((f"start of {attribute.name}", "approximated",
                             f"start {attribute.start!r} is not a number: 0 is used"))
    return tuple(values)


def _faction(faction, index, coverage):
    own = []
    for effect in faction.effects:
        if effect.target == "self" and effect.attribute in index and not effect.dice:
            own.append((index[effect.attribute], effect.delta))
        else:
            coverage.append((f"faction '{faction.name}'", "skipped", f"effect on {effect.attribute} is not a fixed change"))
    for text in (*faction.rules, *faction.traits):
        coverage.append((f"faction '{faction.name}'", "skipped", f"rule text only: {text!r}"))
    return faction.name, tuple(own)


def _effects(effects: tuple[Effect, ...], index, conditions) -> tuple:
    return tuple((TARGETS[e.target], index[e.attribute], e.delta,
                  conditions.get(e.condition, NO_CONDITION) if e.condition else NO_CONDITION)
                 for e in effects if e.attribute in index and not e.dice)


def _card_type(card_type, index, coverage):
    resolve = card_type.resolve
    if resolve is None or resolve.kind == "effects":
        return card_type.name, "effects", (), ()
    options = tuple((o.condition, o.table, o.rolls) for o in resolve.options)
    votes = tuple(index[v] for v in resolve.votes if v in index)
    return card_type.name, resolve.kind, options, votes


def dice(die: str) -> tuple[int, int]:
    """'2D6' -> (2, 6): how many dice of how many sides; (0, 0) when it is not dice notation."""
    bounds = die_range(die)
    return (bounds[0], bounds[1] // bounds[0]) if bounds else (0, 0)


def _table(table, index, conditions) -> tuple:
    """(count, sides, entries by total): an entry is an attribute index, -1 for any attribute the
    roller picks, or effects."""
    count, sides = dice(table.die)
    entries: list = [()] * (count * sides + 1)
    for row in table.rows:
        for total in roll_values(row.roll, table.die) or ():
            if row.any_attribute:
                entries[total] = -1
            elif row.attribute and row.attribute in index:
                entries[total] = index[row.attribute]
            else:
                entries[total] = _effects(row.effects, index, conditions)
    return count, sides, tuple(entries)


def _action(action: Action, index) -> tuple:
    """An action as the engine reads it: names as indices, the die as (count, sides)."""
    attribute = index.get(action.attribute, -2) if action.attribute else -2
    return (action.do, action.count, frozenset(action.types), action.deck, attribute, action.table, action.delta,
            TARGETS[action.target], action.floor, dice(action.die), frozenset(action.on), action.from_turn)


def _phase(phase, index, coverage) -> tuple:
    trigger = (phase.trigger.kind, index[phase.trigger.attribute]) \
        if phase.trigger and phase.trigger.attribute in index else None
    if phase.actions:
        coverage.append((f"phase '{phase.name}'", "exact", "; ".join(a.do for a in phase.actions)))
    else:
        coverage.append((f"phase '{phase.name}'", "skipped", "no structured actions: its rule is text only"))
    for also in phase.also:
        coverage.append((f"phase '{phase.name}'", "skipped", f"the extra bonus for the {also.kind} {also.attribute}"))
    return phase.name, trigger, tuple(_action(a, index) for a in phase.actions)


def _path(path, index, coverage) -> tuple:
    thresholds = tuple((index[t.attribute], t.more_than) for t in path.thresholds if t.attribute in index)
    known = path.highest or path.highest_any or path.most_attributes or thresholds
    coverage.append((f"victory '{path.name}'", "exact" if known else "skipped",
                     "" if known else "no structured condition: its rule is text only"))
    return (path.name, path.after_turn, path.at_end_of_turn, tuple(index[a] for a in path.highest if a in index),
            tuple(index[a] for a in path.highest_any if a in index), path.margin, path.most_attributes,
            thresholds, path.any_threshold)


def _weighed(path: tuple, attributes: int) -> tuple:
    """A path with its attribute lists as item getters that always return a tuple (each index
    twice, so that one attribute is a tuple too): the greedy policy weighs paths a thousand
    times a game."""
    _, _, _, highest, highest_any, margin, most, thresholds, any_threshold = path
    getter = (lambda indices: itemgetter(*indices, *indices) if indices else None)
    return getter(highest), getter(highest_any), margin, attributes // 2 if most else 0, thresholds, any_threshold


def _coverage_of_game(game: Game, plan: Plan, coverage) -> None:
    coverage.append(("setup", "exact", "start values, one faction per player (drawn at random), shuffled decks"))
    if game.hand_limit:
        coverage.append(("hand limit", "exact", f"{game.hand_limit.base} cards, changed by hand-size actions"))
    coverage.append(("ties", "exact", "a highest or lowest trigger, a vote or a victory needs a single player"))
    for table in game.tables:
        if not table.die:
            coverage.append((f"table '{table.name}'", "skipped", "a lookup table: no die to roll"))
