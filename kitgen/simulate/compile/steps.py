"""A game's actions, effects and dice tables compiled for the engine: names become value indices, a
die (count, sides), a `when:` its compiled condition (compile/conditions.py). Reads the model only.
"""
from __future__ import annotations

from dataclasses import replace

from kitgen.check.dice import die_range, roll_values
from kitgen.check.formula import whole_number
from kitgen.errors import KitgenError, did_you_mean, error
from kitgen.model import ANY, Action, Effect, Expr
from kitgen.simulate.compile.conditions import Names, condition, number
from kitgen.simulate.compile.plan import (ANY_ATTRIBUTE, NO_ATTRIBUTE, NO_CONDITION, SELF, TARGETS, Change, Step,
                                          TablePlan)
from kitgen.check.actions import uses_card_model
from kitgen.simulate.compile.answers import compile_answers
from kitgen.simulate.compile.moves import card_step
from kitgen.simulate.compile.vocabulary import vocab
from kitgen.simulate.compile.zones import fold_zone


def compile_effects(effects: tuple[Effect, ...], index: dict, conditions: dict,
                    groups: dict[int, int] | None = None) -> tuple[Change, ...]:
    """Effects as Changes; with `groups` (an attribute's index -> its group_total's), a change to an
    attribute of a group changes the group's total too (model.Attribute.group_total)."""
    changes = tuple(Change(TARGETS[e.target], index[e.attribute], e.delta,
                           conditions.get(e.condition, NO_CONDITION) if e.condition else NO_CONDITION)
                    for e in effects if e.attribute in index and not e.dice)
    return lift(changes, groups) if groups else changes


def lift(changes: tuple[Change, ...], groups: dict[int, int]) -> tuple[Change, ...]:
    """Each change, followed by the same change to its attribute's group total when it has one."""
    return tuple(part for change in changes for part in
                 ((change, change._replace(attribute=groups[change.attribute])) if change.attribute in groups
                  else (change,)))


def group_totals(attributes: tuple, index: dict) -> dict[int, int]:
    """An attribute's index -> the index of its group, for the groups that are totals (group_total)."""
    totals = {a.name for a in attributes if a.group_total}
    return {i: index[a.group] for i, a in enumerate(attributes) if a.group in totals and a.group in index}


def dice(die: str) -> tuple[int, int]:
    """'2D6' -> (2, 6): how many dice of how many sides; (0, 0) when it is not dice notation."""
    bounds = die_range(die)
    return (bounds[0], bounds[1] // bounds[0]) if bounds else (0, 0)


def compile_table(table, index: dict, conditions: dict, groups: dict[int, int] | None = None) -> TablePlan:
    """Entries by total: an attribute index, ANY_ATTRIBUTE for one the roller picks, or effects;
    and what a roll brings on average (each total weighed by its chance)."""
    count, sides = dice(table.die)
    entries: list = [()] * (count * sides + 1)
    for row in table.rows:
        for total in roll_values(row.roll, table.die) or ():
            if row.any_attribute:
                entries[total] = ANY_ATTRIBUTE
            elif row.attribute and row.attribute in index:
                entries[total] = index[row.attribute]
            else:
                entries[total] = compile_effects(row.effects, index, conditions, groups)
    chances = _total_chances(count, sides)
    expected = [0.0] * (max(index.values(), default=-1) + 1)
    pick = 0.0
    for total, chance in chances.items():
        entry = entries[total]
        if entry == ANY_ATTRIBUTE:
            pick += chance
        elif isinstance(entry, int):
            expected[entry] += chance
        else:
            for change in entry:
                if change.target == SELF:
                    expected[change.attribute] += chance * change.delta
    return TablePlan(count, sides, tuple(entries), tuple(expected), pick)


def _total_chances(count: int, sides: int) -> dict[int, float]:
    """The chance of each total of `count` dice with `sides` sides (convolution, exact)."""
    chances = {0: 1.0}
    for _ in range(count):
        after: dict[int, float] = {}
        for total, chance in chances.items():
            for face in range(1, sides + 1):
                after[total + face] = after.get(total + face, 0.0) + chance / sides
        chances = after
    return chances


def compile_step(action: Action, index: dict, names: Names | None = None) -> Step:
    """An action as the engine reads it: names as indices, the die as (count, sides), a `when:`
    compiled (compile/conditions.py) and the steps it guards."""
    if action.each and names is not None:  # once for each card of a zone (vocabulary/choices.act_each_card)
        return each_card(action, index, names)
    attribute = index.get(action.attribute, NO_ATTRIBUTE) if action.attribute else NO_ATTRIBUTE
    if action.attribute == ANY:
        attribute = ANY_ATTRIBUTE  # the player picks the attribute (vocabulary/points)
    if attribute == NO_ATTRIBUTE and action.attribute and names is not None and names.index(action.attribute) >= 0:
        attribute = names.index(action.attribute)  # a counter's name in another case
    when = condition(action.when, names, names.decks) if action.when is not None and names is not None else None
    card_model = names is not None and uses_card_model(action, names.card_game)
    more = vocab(action, names, card_model) if names is not None else None
    if card_model and more is not None and names is not None:
        more = more._replace(cards=card_step(action, names, lambda inner: compile_step(inner, index, names)))
    count, delta = whole_number(action.count), whole_number(action.delta)
    if action.do == "orders":  # worked out for each player who gives orders (Vocab.each), not the step's taker
        count = 0
    step = Step(action.do, 0 if count is None else count, frozenset(action.types), action.deck, attribute, action.table,
                0 if delta is None else delta, TARGETS[action.target], action.floor, dice(action.die),
                frozenset(action.on), action.from_turn, when, tuple(compile_step(a, index, names) for a in action.then),
                False, more, names.locate(action.where) if names is not None else -1)
    if (count is None or delta is None) and names is not None:  # worked out when the step is taken (act_evaluate)
        parts = tuple(None if fixed is not None else number(Expr(str(text)), names)
                      for fixed, text in ((count, action.count), (delta, action.delta)))
        step = Step("evaluate", 1, frozenset(), "", NO_ATTRIBUTE, "", 0, SELF, None, (0, 0), frozenset(), 1,
                    None, (step,), False, parts)
    if action.answers and names is not None:  # answered before it is taken (vocabulary/answers.act_answered)
        step = Step("answered", 1, frozenset(), "", NO_ATTRIBUTE, "", 0, SELF, None, (0, 0), frozenset(), 1,
                    None, (step,), False, compile_answers(action, names, lambda a: compile_step(a, index, names)))
    if action.optional:  # the player's policy decides: one step to choose, or none
        step = Step("choose", 1, frozenset(), "", NO_ATTRIBUTE, "", 0, SELF, None, (0, 0), frozenset(), 1,
                    None, (step,), True)
    if action.times is not None and names is not None:  # taken that many times (vocabulary/choices.act_repeat)
        step = Step("repeat", 1, frozenset(), "", NO_ATTRIBUTE, "", 0, SELF, None, (0, 0), frozenset(), 1,
                    None, (step,), False, number(Expr(str(action.times)), names))
    return step


def each_card(action: Action, index: dict, names: Names) -> Step:
    """`each: ZONE`: the step taken once for each card of the player's zone, `this` that card (its
    expressions read this.FIELD and this.ZONE: compile/expressions, while names.each is set)."""
    place = names.places.get(fold_zone(action.each), -1)
    if place < 0 or names.place_list[place].kind != "in-play":
        raise KitgenError(error(action.where, f"each: '{action.each}' is not an in-play zone of the player's"
                                + did_you_mean(action.each, [p.name for p in names.place_list if p.kind == "in-play"])))
    names.each += 1
    try:
        inner = compile_step(replace(action, each=""), index, names)
    finally:
        names.each -= 1
    return Step("each-card", 1, frozenset(), "", NO_ATTRIBUTE, "", 0, SELF, None, (0, 0), frozenset(), 1,
                None, (inner,), False, place)
