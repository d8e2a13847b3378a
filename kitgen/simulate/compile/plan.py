"""The records of a game's plan for the simulator: attributes become indices, cards named records of
ints, so a game plays without a dictionary look-up in its inner loop. Plain records only (a plan
pickles to another process or a Dask worker); compile/game.py fills them from the model.

Every rule is listed in `coverage` as simulated exactly, approximated or skipped, with why, and
whether it decides who wins: the report prints it first, so nothing the simulator leaves out is hidden.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

TARGETS = {"self": 0, "target-player": 1, "all-other-players": 2, "all-players": 3, "next-player": 4}
SELF, TARGET_PLAYER, ALL_OTHERS, ALL_PLAYERS, NEXT_PLAYER = 0, 1, 2, 3, 4
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
    when: tuple | None = None  # do "when": the compiled condition (compile/conditions.py) ...
    then: tuple["Step", ...] = ()  # ... and the steps taken when it holds (pay, choose: its steps)
    optional: bool = False  # choose: taking none of `then` is a choice too
    more: Any = None  # the vocabulary's fields (compile/vocabulary.Vocab), None for the older steps
    at: int = -1  # its place in the data (Plan.located): the firings the coverage counts; -1: a step kitgen made


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
    once: bool = False  # played once a turn, by the turn's first player, for the whole table


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
    dice: tuple[tuple[int, int, int], ...] = ()  # (attribute, dice, sides): rolled and added at setup
    barred: frozenset[str] = frozenset()  # the names of the cards it may never play (may_not_play)


class Coverage(NamedTuple):
    rule: str
    status: str  # exact, approximated or skipped
    note: str
    decides: bool = False  # the rule decides who wins: a skipped one leaves win rates unearned
    steps: tuple[str, ...] = ()  # where its steps are written (Plan.located): exact only if each fired in play


EXACTNESS = {"skipped": 0, "approximated": 1, "exact": 2}  # a Coverage status's rank, least exact first


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
    cache: dict = field(default_factory=dict)  # what every game of a run derives alike (engine/schedule.schedule ...)
    extra: Any = None  # what that module compiled for itself from the game's data
    vocabulary: Any = None  # the game-wide rules vocabulary (compile/vocabulary.Rules), None: none used
    compared: int = 0  # the values that are attributes (compared: "most attributes"); counters follow
    game_end: tuple | None = None  # the compiled condition that ends the game early (game.game_end)
    start_dice: tuple[tuple[int, int, int], ...] = ()  # (value index, dice, sides): a start rolled for each player
    instances: bool = False  # a card index is one printed copy (the card model: compile/game.card_model)
    places: tuple = ()  # every zone as the engine finds it (compile/zones.Place): the hand, each deck's pile ...
    facts: Any = None  # each card's fields, name, type and keywords as codes (compile/cards.Facts)
    setup: tuple[Step, ...] = ()  # the setup steps (played at the game's start, and each round's with rounds)
    rounds: Any = None  # a game of rounds (compile/structure.RoundsPlan): the engine plays it turn by turn
    resets: tuple[tuple[int, int], ...] = ()  # (value index, start) of the counters reset each turn
    worth: tuple[Step, ...] = ()  # score steps the greedy player values a position by (game.worth)
    located: tuple[str, ...] = ()  # each step's place in the data (`file:line:col`), by Step.at
    strategies: dict[str, tuple] = field(default_factory=dict)  # name -> compile/strategies.PreferencePlan, in order
    # card impact (experiments/impact.py): (deck, cards): the holder (seat game % players) is dealt one of
    # `cards` from that deck before play, the copy nearest the top (empty: the top card); (): no one is
    held: tuple = ()
