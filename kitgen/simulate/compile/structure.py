"""The shape of a game of the card model compiled for the engine: its setup steps, its rounds (how
a round ends, what it scores, what it carries, who starts it, when the game ends) and the counters
reset each turn; with their coverage rows. Reads the model only.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from kitgen.check.conditions import when_words
from kitgen.errors import KitgenError, error
from kitgen.model import Action, Game
from kitgen.simulate.compile.cards import MASK, all_of
from kitgen.simulate.compile.conditions import Names, condition, number
from kitgen.simulate.compile.moves import card_filter
from kitgen.simulate.compile.nodes import Node
from kitgen.simulate.compile.plan import Coverage, Step
from kitgen.simulate.compile.zones import fold_zone

MAX_ROUNDS = 1000  # a game of rounds ends after this many whatever `until` says (a round that never comes)
MAX_TURNS = 10_000  # a round's `turns` at most
MAX_GAME_TURNS = MAX_TURNS  # turns in all rounds: 1,000 rounds of 10,000 turns that never end were 10^7 turns a game


class RoundsPlan(NamedTuple):
    rounds: int  # the rounds a game plays (0: until `until` holds, at most MAX_ROUNDS)
    until: Node | None
    end: Node | None
    first: str  # next, same, winner, highest or lowest
    by: Node | None
    carry: frozenset[int]  # the value indices kept from round to round
    again: bool  # the setup steps play again each round
    scoring: tuple[Step, ...]
    turns: int  # the most turns a round takes


def compile_rounds(game: Game, names: Names, compile_step: Callable[[Action], Step],
                   coverage: list[Coverage]) -> RoundsPlan | None:
    spec = game.rounds
    if spec is None:
        return None
    if not 1 <= spec.turns <= MAX_TURNS or not 0 <= spec.count <= MAX_ROUNDS:
        raise KitgenError(error(spec.where, f"rounds: turns from 1 to {MAX_TURNS:,}, count from 0 to {MAX_ROUNDS:,}"))
    if spec.first in ("highest", "lowest") and spec.by is None:
        raise KitgenError(error(spec.where, f"rounds: first: {spec.first} needs by: (what the first player has most or least of)"))
    carry = []
    for name in spec.carry:
        if names.index(name) < 0:
            raise KitgenError(error(spec.where, f"rounds: carry: '{name}' is not a counter or attribute the game keeps"))
        carry.append(names.index(name))
    until = condition(spec.until, names, names.decks) if spec.until is not None else None
    end = condition(spec.end, names, names.decks) if spec.end is not None else None
    plan = RoundsPlan(spec.count or (0 if until is not None else 1), until, end, spec.first,
                      number(spec.by, names, spec.where) if spec.by is not None else None, frozenset(carry),
                      spec.setup == "again", tuple(compile_step(a) for a in spec.scoring), spec.turns)
    coverage += rounds_coverage(game)
    return plan


def rounds_coverage(game: Game) -> list[Coverage]:
    spec = game.rounds
    assert spec is not None
    rows = [Coverage("rounds", "exact", _rounds_words(spec), decides=True)]
    if spec.end is not None:
        rows.append(Coverage("round end", "exact", when_words(spec.end), decides=True))
    rows += [Coverage("round scoring", "exact", a.text or a.do, decides=True, steps=(str(a.where),)) for a in spec.scoring]
    return rows


def _rounds_words(spec) -> str:
    games = f"{spec.count} rounds" if spec.count else f"rounds until {when_words(spec.until)}" if spec.until else "one round"
    kept = f"; {', '.join(spec.carry)} carried" if spec.carry else ""
    return f"{games}; the first player: {spec.first}{kept}"


def compile_setup(game: Game, compile_step: Callable[[Action], Step], coverage: list[Coverage]) -> tuple[Step, ...]:
    """The setup steps (each printed as its text); in a game that gives setup steps, a line without a
    step is a row "not simulated" (an older game's setup is its start values and decks: one row)."""
    if not game.setup_steps:
        return ()
    for text in game.setup:
        if not any(step.text == text for step in game.setup_steps):
            coverage.append(Coverage("setup", "skipped", f"not simulated: {text!r}"))
    coverage += [Coverage("setup", "exact", step.text, steps=(str(step.where),)) for step in game.setup_steps]
    return tuple(compile_step(step) for step in game.setup_steps)


def turn_resets(game: Game, names: Names) -> tuple[tuple[int, int], ...]:
    """(value index, start) of each counter that goes back to its start at each turn's start."""
    return tuple((names.index(c.name), c.start) for c in game.counters if c.reset == "turn" and names.index(c.name) >= 0)


def compile_triggers(game: Game, names: Names, compile_step: Callable[[Action], Step],
                     cards: tuple) -> tuple[tuple, ...]:
    """(on, place or -1, card test, steps) of every trigger: the game's, each card type's (its cards)
    and each card's (its copies); a zone a trigger names is a located error when unknown."""
    found = []
    owned: list[tuple[Any, tuple[bool, ...] | None]] = [(t, None) for t in game.triggers]
    owned += [(t, tuple(c.type == kind.name for c in cards)) for kind in game.card_types for t in kind.triggers]
    owned += [(t, tuple(c is card for c in cards)) for deck in game.decks for card in deck.cards for t in card.triggers]
    for trigger, mask in owned:
        place = -1
        if trigger.on in ("enter", "leave"):
            place = names.places.get(fold_zone(trigger.zone), -2)
            if place == -2:
                raise KitgenError(error(trigger.where, f"trigger on {trigger.on}: unknown zone '{trigger.zone}'"))
        parts = [(MASK, mask)] if mask is not None else []
        spec = card_filter(trigger.filter, names)
        parts += [spec] if spec is not None else []
        found.append((trigger.on, place, all_of(parts, len(cards)), tuple(compile_step(a) for a in trigger.then)))
    return tuple(found)


def compile_worth(game: Game, compile_step: Callable[[Action], Step]) -> tuple[Step, ...]:
    """The score steps the greedy player values a position by (`worth:`): their points, added to no counter."""
    for step in game.worth:
        if step.do != "score":
            raise KitgenError(error(step.where, f"worth: '{step.do}' is not a score step; worth lists score steps "
                                    "whose points the greedy player weighs"))
    return tuple(compile_step(step) for step in game.worth)
