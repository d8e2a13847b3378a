"""A game's data compiled for the simulator: attributes become indices, cards named records of ints,
so a game plays without a dictionary look-up in its inner loop. Stdlib only; reads the model, never text.

Every rule is listed in `coverage` as simulated exactly, approximated or skipped, with why, and
whether it decides who wins: the report prints it first, so nothing the simulator leaves out is hidden.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from kitgen.check.dice import die_range, roll_values
from kitgen.errors import KitgenError, error
from kitgen.model import Action, Effect, Expr, Game, Threshold, When
from kitgen.check.formula import whole_number
from kitgen.simulate.conditions import Names, condition, number, shape, words
from kitgen.simulate.vocabulary_plan import compile_rules, prices, vocab, vocabulary_coverage

TARGETS = {"self": 0, "target-player": 1, "all-other-players": 2, "all-players": 3}
SELF, TARGET_PLAYER, ALL_OTHERS, ALL_PLAYERS = 0, 1, 2, 3
NO_CONDITION = -1
ANY_ATTRIBUTE = -1  # a table entry: the roller picks the attribute ("9+ Pick One")
NO_ATTRIBUTE = -2  # an action that names no attribute rolls one on its table


class Change(NamedTuple):
    """One effect: `delta` to `attribute` of `target` (SELF ...), when `condition` holds."""
    target: int
    attribute: int
    delta: int
    condition: int


@dataclass(frozen=True, slots=True)
class Step:
    """One action as the engine reads it (kitgen.model.Action with names as indices)."""
    do: str
    count: int
    types: frozenset[str]
    deck: str
    attribute: int
    table: str
    delta: int
    target: int
    floor: int | None
    die: tuple[int, int]
    on: frozenset[int]
    from_turn: int
    when: tuple | None = None  # do "when": the compiled condition (simulate/conditions.py) ...
    then: tuple["Step", ...] = ()  # ... and the steps taken when it holds (pay, choose: its steps)
    optional: bool = False  # choose: taking none of `then` is a choice too
    more: Any = None  # the vocabulary's fields (vocabulary_plan.Vocab), None for the older steps


class CardPlan(NamedTuple):
    name: str
    kind: int  # index into Plan.types
    effects: tuple[Change, ...]
    actions: tuple[Step, ...]
    self_effects: tuple[tuple[int, int], ...]  # (attribute, delta) on the player: what greedy weighs


class OptionPlan(NamedTuple):
    condition: str  # the condition's id
    table: str
    rolls: int


class CardKind(NamedTuple):
    name: str
    type_name: str  # the card type's name, as `play` actions name it
    resolve: str  # effects, choice or vote
    options: tuple[OptionPlan, ...]
    votes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TablePlan:
    count: int  # dice rolled
    sides: int
    entries: tuple  # by total: an attribute index, ANY_ATTRIBUTE, or a tuple of Change
    expected: tuple[float, ...]  # a roll's expected change per attribute (fixed entries only)
    pick_chance: float  # the chance a roll is "pick any attribute"


class Trigger(NamedTuple):
    kind: str  # highest or lowest
    attribute: int


class PhasePlan(NamedTuple):
    name: str
    trigger: Trigger | None
    actions: tuple[Step, ...]


class PathPlan(NamedTuple):
    name: str
    after_turn: int | None
    at_end_of_turn: int | None
    highest: tuple[int, ...]
    highest_any: tuple[int, ...]
    margin: int
    most: bool
    thresholds: tuple[tuple[int, int], ...]  # (attribute, more than)
    any_threshold: bool
    when: tuple | None = None  # the compiled condition when the fields above do not say all of it
    at_game_end: bool = False  # checked for every player when the game ends (game_end)


class FactionPlan(NamedTuple):
    name: str
    start: tuple[tuple[int, int], ...]  # (attribute, delta)


class Coverage(NamedTuple):
    rule: str
    status: str  # exact, approximated or skipped
    note: str
    decides: bool = False  # the rule decides who wins: a skipped one leaves win rates unearned


@dataclass
class Plan:
    attributes: tuple[str, ...]
    start: tuple[int, ...]
    hand_limit: int
    turns: int
    first_deck: str
    factions: tuple[FactionPlan, ...] = ()
    cards: tuple[CardPlan, ...] = ()
    types: tuple[CardKind, ...] = ()
    decks: dict[str, tuple[int, ...]] = field(default_factory=dict)  # deck id -> card indices, one per copy
    phases: tuple[PhasePlan, ...] = ()
    tables: dict[str, TablePlan] = field(default_factory=dict)
    paths: tuple[PathPlan, ...] = ()
    conditions: dict[str, int] = field(default_factory=dict)
    turn_structure: str = "player-turns"
    optional_rules: tuple[str, ...] = ()  # what `--without` may name: the optional decks
    without: tuple[str, ...] = ()  # the optional rules left out of this plan
    coverage: list[Coverage] = field(default_factory=list)
    seat_start_cards: tuple[int, ...] = ()  # extra cards each seat draws at setup (a candidate seat fix)
    seat_start_bonus: tuple[int, ...] = ()  # points each seat adds to every attribute at setup (a seat fix)
    victory_at_round_end: bool = False  # victories checked once a round, for every player (a seat fix)
    cache: dict = field(default_factory=dict)  # what every game of a run derives alike (engine.schedule)
    rules: str = ""  # the rule module that plays this plan (simulate/rules/), empty: the engine's data actions
    extra: Any = None  # what that module compiled for itself from the game's data
    vocabulary: Any = None  # the game-wide rules vocabulary (vocabulary_plan.Rules), None: none used
    compared: int = 0  # the values that are attributes (compared: "most attributes"); counters follow
    game_end: tuple | None = None  # the compiled condition that ends the game early (game.game_end)


def _whole_counts(game: Game) -> None:
    """A rule module reads a step's count and delta, and prices, as numbers: an expression there is refused."""
    from kitgen.check.actions import action_owners, cost_owners, steps_of

    problems = [error(step.where, f"{owner}: action '{step.do}': the rule module '{game.simulate.rules}' reads a "
                                  f"whole number as {key}, not '{text}'")
                for owner, actions in action_owners(game) for step in steps_of(actions)
                for key, text in (("count", step.count), ("delta", step.delta)) if whole_number(text) is None]
    problems += [error(price.where, f"{owner}: cost: the rule module '{game.simulate.rules}' reads a whole number "
                                    f"of {price.counter}, not '{price.expression}'")
                 for owner, cost in cost_owners(game) if cost is not None for price in cost.pay if price.expression]
    if problems:
        raise KitgenError(problems)


def optional_rules(game: Game) -> tuple[str, ...]:
    return tuple(deck.id for deck in game.decks if deck.optional)


def unknown_optional_rule(game: Game, name: str) -> str:
    """The message for a `--without` that names no optional rule, with a did-you-mean."""
    known = optional_rules(game)
    close = difflib.get_close_matches(name, known, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"--without {name}: {game.id} has no optional rule '{name}'{hint}; optional rules: " + \
        (", ".join(known) if known else "none")


def refuse_module_rules(game: Game) -> None:
    """Wild cards are played by a rule module's melds only (the vocabulary's `meld` has none): in a
    game that plays from its data they would go unplayed, so they are an error at their line."""
    wild = next((c for d in game.decks for c in d.cards if c.wild is not None), None)
    if wild is not None and wild.wild is not None:
        raise KitgenError(error(wild.wild.where or game.where, f"card '{wild.name}': wild: only a rule module plays it "
                                "(simulate: {rules: NAME}); this game plays from its data alone"))


def compile_game(game: Game, without: tuple[str, ...] = ()) -> Plan:
    """The plan of `game`, leaving out the optional rules (decks) named in `without`; a game that
    names a rule module (simulate.rules) is compiled by that module."""
    from kitgen.simulate.rules import NUMBERED, refuse_numbers, rule_module

    module = rule_module(game)
    if module is not None:
        _whole_counts(game)
        plan: Plan = module.compile(game, without)
        plan.rules = game.simulate.rules
        return plan
    refuse_numbers("", game, NUMBERED)  # only a rule module reads `numbers:`: here they would go unread
    refuse_module_rules(game)
    index = {}
    for i, attribute in enumerate(game.attributes):
        for name in (attribute.name, attribute.abbreviation, *attribute.aliases):
            if name:
                index[name] = i
    coverage: list[Coverage] = []
    decks = [d for d in game.decks if d.id not in without]
    plain = tuple(c for c in game.counters if c.total is None)  # a derived total has no value of its own
    for i, counter in enumerate(plain):
        for name in (counter.name, *counter.aliases):
            index.setdefault(name, len(game.attributes) + i)
    plan = Plan(tuple(a.name for a in game.attributes) + tuple(c.name for c in plain),
                _start(game, coverage) + tuple(c.start for c in plain),
                game.hand_limit.base if game.hand_limit else 0, game.turns,
                next((d.id for d in decks if not d.optional), decks[0].id if decks else ""),
                conditions={c.id: i for i, c in enumerate(game.conditions)}, turn_structure=game.turn_structure,
                optional_rules=optional_rules(game), without=tuple(sorted(without)), coverage=coverage)
    plan.tables = {t.id: _table(t, index, plan.conditions) for t in game.tables if t.die}
    plan.factions = tuple(_faction(f, index, coverage) for f in game.factions)
    plan.types = tuple(_card_type(t, index) for t in game.card_types)
    names = Names(game, plan.attributes)
    _compile_decks(plan, decks, (index, names), coverage, {t.name: i for i, t in enumerate(game.card_types)})
    plan.compared = len(game.attributes)
    plan.phases = tuple(_phase(p, index, coverage, set(without), names) for p in game.phases)
    plan.paths = tuple(_path(v, index, coverage, names) for v in game.victory_paths)
    cards = tuple(card for d in decks for card in d.cards)
    costs = tuple(prices(card.cost or _type_cost(game, card.type), names) for card in cards)
    plan.vocabulary = compile_rules(game, names, costs, cards)
    if game.game_end is not None:
        plan.game_end = condition(game.game_end.when, names, set(plan.decks))
        coverage.append(Coverage("game end", "exact", words(game.game_end.when), decides=True))
    coverage += vocabulary_coverage(game)
    _coverage_of_game(game, plan, coverage)
    return plan


def _type_cost(game: Game, name: str):
    card_type = game.card_type(name)
    return card_type.cost if card_type else None


def _compile_decks(plan: Plan, decks: list, known: tuple[dict, Names], coverage: list[Coverage],
                   type_index: dict) -> None:
    index, names = known
    cards: list[CardPlan] = []
    for deck in decks:
        copies: list[int] = []
        for card in deck.cards:
            copies += [len(cards)] * card.copies
            effects = _effects(card.effects, index, plan.conditions)
            cards.append(CardPlan(card.name, type_index.get(card.type, 0), effects,
                                  tuple(_action(a, index, names) for a in card.actions),
                                  tuple((e.attribute, e.delta) for e in effects
                                        if e.target in (SELF, ALL_PLAYERS) and e.condition == NO_CONDITION)))
            if card.text and not card.actions:
                coverage.append(Coverage(f"card '{card.name}'", "skipped", f"its text is not structured: {card.text!r}"))
        plan.decks[deck.id] = tuple(copies)
    plan.cards = tuple(cards)


def _start(game: Game, coverage: list[Coverage]) -> tuple[int, ...]:
    values = []
    for attribute in game.attributes:
        if re.fullmatch(r"[+-]?\d+", attribute.start.strip()):
            values.append(int(attribute.start))
        else:
            values.append(0)
            coverage.append(Coverage(f"start of {attribute.name}", "approximated",
                                     f"start {attribute.start!r} is not a number: 0 is used", decides=True))
    return tuple(values)


def _faction(faction, index: dict, coverage: list[Coverage]) -> FactionPlan:
    own = []
    for effect in faction.effects:
        if effect.target == "self" and effect.attribute in index and not effect.dice:
            own.append((index[effect.attribute], effect.delta))
        else:
            coverage.append(Coverage(f"faction '{faction.name}'", "skipped",
                                     f"effect on {effect.attribute} is not a fixed change"))
    for text in (*faction.rules, *faction.traits):
        coverage.append(Coverage(f"faction '{faction.name}'", "skipped", f"rule text only: {text!r}"))
    return FactionPlan(faction.name, tuple(own))


def _effects(effects: tuple[Effect, ...], index: dict, conditions: dict) -> tuple[Change, ...]:
    return tuple(Change(TARGETS[e.target], index[e.attribute], e.delta,
                        conditions.get(e.condition, NO_CONDITION) if e.condition else NO_CONDITION)
                 for e in effects if e.attribute in index and not e.dice)


def _card_type(card_type, index: dict) -> CardKind:
    resolve = card_type.resolve
    if resolve is None or resolve.kind == "effects":
        return CardKind(card_type.name, card_type.name, "effects", (), ())
    options = tuple(OptionPlan(o.condition, o.table, o.rolls) for o in resolve.options)
    votes = tuple(index[v] for v in resolve.votes if v in index)
    return CardKind(card_type.name, card_type.name, resolve.kind, options, votes)


def dice(die: str) -> tuple[int, int]:
    """'2D6' -> (2, 6): how many dice of how many sides; (0, 0) when it is not dice notation."""
    bounds = die_range(die)
    return (bounds[0], bounds[1] // bounds[0]) if bounds else (0, 0)


def _table(table, index: dict, conditions: dict) -> TablePlan:
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
                entries[total] = _effects(row.effects, index, conditions)
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


def _action(action: Action, index: dict, names: Names | None = None) -> Step:
    """An action as the engine reads it: names as indices, the die as (count, sides), a `when:`
    compiled (simulate/conditions.py) and the steps it guards."""
    attribute = index.get(action.attribute, NO_ATTRIBUTE) if action.attribute else NO_ATTRIBUTE
    if attribute == NO_ATTRIBUTE and action.attribute and names is not None and names.index(action.attribute) >= 0:
        attribute = names.index(action.attribute)  # a counter's name in another case
    when = condition(action.when, names, names.decks) if action.when is not None and names is not None else None
    more = vocab(action, names) if names is not None else None
    count, delta = whole_number(action.count), whole_number(action.delta)
    step = Step(action.do, 0 if count is None else count, frozenset(action.types), action.deck, attribute, action.table,
                0 if delta is None else delta, TARGETS[action.target], action.floor, dice(action.die),
                frozenset(action.on), action.from_turn, when, tuple(_action(a, index, names) for a in action.then),
                False, more)
    if (count is None or delta is None) and names is not None:  # worked out when the step is taken (act_evaluate)
        parts = tuple(None if fixed is not None else number(Expr(str(text)), names)
                      for fixed, text in ((count, action.count), (delta, action.delta)))
        step = Step("evaluate", 1, frozenset(), "", NO_ATTRIBUTE, "", 0, SELF, None, (0, 0), frozenset(), 1,
                    None, (step,), False, parts)
    if action.optional:  # the player's policy decides: one step to choose, or none
        return Step("choose", 1, frozenset(), "", NO_ATTRIBUTE, "", 0, SELF, None, (0, 0), frozenset(), 1,
                    None, (step,), True)
    return step


def _phase(phase, index: dict, coverage: list[Coverage], without: set[str], names: Names) -> PhasePlan:
    rewards = phase.rewards  # a single highest or lowest: the engine's own fast check (every seat, so not
    # in a game that eliminates players: its compiled condition compares those still in)
    trigger = Trigger(rewards.kind, index[rewards.attribute]) \
        if rewards and rewards.attribute in index and not names.eliminates else None
    ranks = ((rewards.attribute,), ()) if rewards and rewards.kind == "highest" else ((), (rewards.attribute,)) \
        if rewards else ((), ())
    said = phase.when if phase.when is not None else When(highest=ranks[0], lowest=ranks[1]) if rewards else None
    when = condition(said, names, names.decks) if said is not None and not trigger else None
    actions = tuple(a for a in phase.actions if not (a.do == "event" and a.deck in without))
    for left_out in sorted({a.deck for a in phase.actions} & without):
        coverage.append(Coverage(f"phase '{phase.name}'", "exact", f"without the optional rule '{left_out}'"))
    if actions:
        coverage.append(Coverage(f"phase '{phase.name}'", "exact", "; ".join(a.do for a in actions)))
    elif not phase.actions:
        coverage.append(Coverage(f"phase '{phase.name}'", "skipped", "no structured actions: its rule is text only",
                                 decides=True))  # a whole phase left out plays another game
    for also in phase.also:
        coverage.append(Coverage(f"phase '{phase.name}'", "skipped", f"the extra bonus for the {also.kind} {also.attribute}"))
    steps = tuple(_action(a, index, names) for a in actions)
    if when is not None:  # one step that tests the condition, then takes the phase's steps
        steps = (Step("when", 1, frozenset(), "", NO_ATTRIBUTE, "", 0, SELF, None, (0, 0), frozenset(), 1, when, steps),)
    return PhasePlan(phase.name, trigger, steps)


def path_words(path) -> str:
    """A victory path's structured condition, as the simulation checks it (engine.meets)."""
    when = (f"after turn {path.after_turn}: " if path.after_turn else "") + \
        (f"at the end of turn {path.at_end_of_turn}: " if path.at_end_of_turn else "")
    ahead = f"at least {path.margin} points ahead of" if path.margin > 1 else "strictly ahead of"
    ahead += " every other player"
    parts = ([f"highest {' and '.join(path.highest)}"] if path.highest else []) + \
        ([f"highest {' or '.join(path.highest_any)}"] if path.highest_any else [])
    words = [f"{', and '.join(parts)}, each {ahead}"] if parts else []
    words += ["ahead in more attributes than any other player"] if path.most_attributes else []
    if path.thresholds:
        words.append((" or " if path.any_threshold else " and ").join(
            f"{t.attribute} above {t.more_than}" for t in path.thresholds))
    return when + "; ".join(words)


def _path(path, index: dict, coverage: list[Coverage], names: Names) -> PathPlan:
    if path.when is not None:
        return _when_path(path, coverage, names)
    thresholds = tuple((index[t.attribute], t.more_than) for t in path.thresholds if t.attribute in index)
    known = path.highest or path.highest_any or path.most_attributes or thresholds
    coverage.append(Coverage(f"victory '{path.name}'", "exact" if known else "skipped",
                             path_words(path) if known else "no structured condition: its rule is text only",
                             decides=True))
    return PathPlan(path.name, path.after_turn, path.at_end_of_turn, tuple(index[a] for a in path.highest if a in index),
                    tuple(index[a] for a in path.highest_any if a in index), path.margin, path.most_attributes,
                    thresholds, path.any_threshold)


def _when_path(path, coverage: list[Coverage], names: Names) -> PathPlan:
    """A path written as `when:`: the engine's fast fields where they say it all (as the older keys
    compile), else its compiled condition, the fields then only guiding the greedy player."""
    fit = shape(path.when, names)
    node = None if fit.exact and not names.eliminates else condition(path.when, names, names.decks)
    said = replace(path, after_turn=fit.after_turn, at_end_of_turn=fit.at_end_of_turn, highest=fit.highest,
                   highest_any=fit.highest_any, margin=fit.margin, most_attributes=fit.most,
                   thresholds=tuple(Threshold(name, more) for name, more in fit.thresholds),
                   any_threshold=fit.any_threshold)
    coverage.append(Coverage(f"victory '{path.name}'", "exact",
                             path_words(said) if fit.exact else words(path.when), decides=True))
    known = names.index
    return PathPlan(path.name, fit.after_turn, fit.at_end_of_turn, tuple(known(a) for a in fit.highest if known(a) >= 0),
                    tuple(known(a) for a in fit.highest_any if known(a) >= 0), fit.margin, fit.most,
                    tuple((known(a), more) for a, more in fit.thresholds if known(a) >= 0), fit.any_threshold,
                    node, path.when.game_over)


def _coverage_of_game(game: Game, plan: Plan, coverage: list[Coverage]) -> None:
    coverage.append(Coverage("setup", "exact", "start values, one faction per player (drawn at random), shuffled decks"))
    if game.hand_limit:
        coverage.append(Coverage("hand limit", "exact", f"{game.hand_limit.base} cards, changed by hand-size actions"))
    coverage.append(Coverage("ties", "exact", "a highest or lowest trigger, a vote or a victory needs a single player"))
    for table in game.tables:
        if not table.die:
            coverage.append(Coverage(f"table '{table.name}'", "skipped", "a lookup table: no die to roll"))
