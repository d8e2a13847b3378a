"""What follows a card that moves: the triggers that wait for it (a card's, its type's, the game's:
`on: play | discard | draw | gain | trash | enter | leave`, with a filter), taken by the card's owner;
and what each player knows of the others' hands (engine/knowledge.py keeps it). A chain of triggers
is bounded: MAX_DEPTH deep (a trigger that triggers itself), MAX_TRIGGERS in all, MAX_GAME_TRIGGERS a
game; past any it stops, and the game goes on (the trace says so).
"""
from __future__ import annotations

from kitgen.simulate.engine.expressions import passes
from kitgen.simulate.engine.knowledge import follow_card
from kitgen.simulate.engine.table import Table

MAX_DEPTH = 20  # triggers within triggers
MAX_TRIGGERS = 1000  # triggers in one chain (a step's moves and all they trigger)
# triggers in one game: a trigger on entering the hand that passes a card set off a chain of 1,000 for
# each card dealt, every round (minutes a game); Sushi Go's or Love Letter's fire some dozens a game
MAX_GAME_TRIGGERS = 20_000


def learn(table: Table, card: int, origin: tuple[int, int], end: tuple[int, int]) -> None:
    """What each player knows follows the card (nothing to do in a game that keeps no knowledge)."""
    if table.state.known is not None:
        follow_card(table, card, origin, end)


def fire(table: Table, seat: int, card: int, event: str, left: int, entered: int) -> None:
    """The triggers for `event` on `card`, and for the zones it left and entered, taken by `seat`."""
    hooks = table.plan.vocabulary.triggers
    if not hooks:
        return
    state = table.state
    if state.depth == 0:
        state.fired = 0  # a new chain
    for on, place, test, steps in hooks:
        if not ((on == event and place < 0) or (on == "leave" and place == left) or (on == "enter" and place == entered)):
            continue
        if not passes(test, table, seat, card):
            continue
        if state.depth >= MAX_DEPTH or state.fired >= MAX_TRIGGERS or state.triggered >= MAX_GAME_TRIGGERS:
            state.why = f"triggers stopped: {MAX_DEPTH} deep, {MAX_TRIGGERS} in one chain or {MAX_GAME_TRIGGERS:,} a game"
            return
        state.fired += 1
        state.triggered += 1
        state.depth += 1
        try:
            for step in steps:
                table.actions[step.do](table, seat, step)
        finally:
            state.depth -= 1
