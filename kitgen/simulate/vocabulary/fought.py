"""What a battle of cards (vocabulary/combat.py) tells the rest of the game: each thing that happens in
it, as a `battle` event of the trace (play/trace.py words it: units sent or kept, walls broken, units
bounced, blocked or let through, damage, discards), and the triggers of the cards it moves, as `carry`
fires them for any other step (`on: play` for a unit sent or a blocker played, `discard`, and `leave` /
`enter` for the hand, a wall's zone and the deck's discard pile). Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.compile.zones import DISCARD
from kitgen.simulate.engine.table import Table
from kitgen.simulate.vocabulary.events import fire

HAND = 0  # the hand is always the plan's first place (compile/zones.compile_places)
FIGHTING = -2  # a card sent into the battle is in no zone until it is discarded or bounced


def said(table: Table, seat: int, what: str, card: int, other: int = -1, word: str = "", also: int = -1) -> None:
    """One thing the battle did, for the trace: `seat` did `what` with `card` (to or against `other`; a
    damage row's `word`; `also`, a second card: the blocker, the unit that broke a wall)."""
    if table.trace is not None:
        table.trace.append(("battle", seat, what, card, other, word, also))


def moved(table: Table, seat: int, card: int, event: str, left: int, entered: int) -> None:
    """The triggers a card moved by the battle sets off, taken by `seat` (its owner)."""
    fire(table, seat, card, event, left, entered)


def carried(table: Table, seat: int, card: int, event: str, origin: tuple[int, int], end: tuple[int, int]) -> None:
    """A card a battle's damage moved from (place, owner) to (place, receiver) (`detach`): a `move` of
    the trace, as `carry` writes one, and the triggers for `event`, taken by `seat`."""
    if table.trace is not None:
        table.trace.append(("move", seat, "detach", card, *origin, *end))
    fire(table, seat, card, event, origin[0], end[0])


def discard_place(table: Table, card: int) -> int:
    """The place of the card's deck's discard pile where the game declares one, else none (-2)."""
    deck = table.deck_of[card]
    return next((i for i, place in enumerate(table.plan.places) if place.store == DISCARD and place.key == deck), FIGHTING)


def zone_place(table: Table, zone: str) -> int:
    return next((i for i, place in enumerate(table.plan.places) if place.name == zone), FIGHTING)
