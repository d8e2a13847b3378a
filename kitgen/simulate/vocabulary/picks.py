"""What the card model's steps share: the zone a step takes cards from and the zone it puts them,
the cards it may pick (its filter, the top N), the options a pick offers (one for each kind of card:
copies are alike), who a step reaches, and the one way a card moves (carry): marks, who played it,
what each player knows and the triggers it fires all follow from there.
"""
from __future__ import annotations

from functools import partial

from kitgen.simulate.compile.moves import CardStep
from kitgen.simulate.compile.plan import ALL_OTHERS, ALL_PLAYERS, NEXT_PLAYER, SELF, TARGET_PLAYER, Step
from kitgen.simulate.compile.zones import fold_zone
from kitgen.simulate.engine.conditions import test
from kitgen.simulate.engine.expressions import passes
from kitgen.simulate.engine.options import Option, pick
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of
from kitgen.simulate.vocabulary.events import fire, learn

HAND = 0  # compile/zones: the hand is always the first place


def deck_place(table: Table, deck: str) -> int:
    """The place of a deck's draw pile (the game's first deck when none is named)."""
    index = table.plan.cache.get("place-by-name")
    if index is None:
        index = table.plan.cache["place-by-name"] = {fold_zone(p.name): i for i, p in enumerate(table.plan.places)}
    return index[fold_zone(deck or table.plan.first_deck)]


def source(table: Table, seat: int, step: Step, default: int = HAND) -> int:
    """The place a step takes cards from: its `zone`, a `deck:`'s pile, else `default`."""
    cards: CardStep = step.more.cards
    if cards.zone >= 0:
        return cards.zone
    return deck_place(table, step.deck) if step.deck else default


def pickable(table: Table, seat: int, step: Step, place: int) -> list[int]:
    """The cards of the seat's `place` the step may pick: its top N, those that pass its filter."""
    cards: CardStep = step.more.cards
    found = cards_of(table, place, seat)
    if cards.top:
        found = found[-cards.top:]
    if cards.filter is not None:
        found = [c for c in found if passes(cards.filter, table, seat, c)]
    return found


def kinds(table: Table, cards: list[int]) -> list[int]:
    """One card of each record among `cards` (copies are alike: one option for all), the first seen."""
    record = table.plan.facts.record
    seen: dict[int, int] = {}
    for card in cards:
        seen.setdefault(record[card], card)
    return list(seen.values())


def destination(table: Table, seat: int, step: Step, card: int) -> list[int]:
    """Where a step puts a card of the seat: its `to` zone (the seat's, or the table's), else the
    card's deck's discard."""
    cards: CardStep = step.more.cards
    if cards.to >= 0:
        return cards_of(table, cards.to, seat)
    return table.piles[table.deck_of[card]][1]


def carry(table: Table, seat: int, card: int, moves: tuple[int, int, int, int], event: str, mark: str = "") -> None:
    """A card from (place, seat) to (place, seat): `event` (play, discard, draw, gain, trash, move)
    fires the triggers that wait for it and for the zones it leaves and enters; what each player
    knows follows it. A place of -1 is the trash (out of the game)."""
    place, owner, to, receiver = moves
    try:
        cards_of(table, place, owner).remove(card)
    except ValueError:  # a step's cards are chosen first, then moved: a trigger of one moved before took this one
        return
    (cards_of(table, to, receiver) if to >= 0 else table.state.trash).append(card)
    if mark:
        table.state.marks.setdefault(mark, set()).add(card)
    learn(table, card, (place, owner), (to, receiver))
    if table.trace is not None:
        table.trace.append(("move", seat, event, card, place, owner, to, receiver))
    fire(table, seat, card, event, place, to)


def each_target(table: Table, seat: int, step: Step, act) -> None:
    """`act(table, target=p)` for each player a card-model step reaches: the seat, the next player,
    all (other) players still in, or a target player its policy chooses among those it may (not
    `protected`; itself too with `yourself`), each choice weighed by what acting on it does; nobody
    to choose: nothing happens."""
    target = step.target
    if target == SELF:
        act(table, target=seat)
    elif target == TARGET_PLAYER and table.aim >= 0:  # the target a step in progress chose (a claim)
        act(table, target=table.aim)
    elif target == NEXT_PLAYER:
        if table.players > 1:
            act(table, target=table.next_player(seat))
    elif target in (ALL_OTHERS, ALL_PLAYERS):
        for p in range(table.players):
            if not table.out(p) and (target == ALL_PLAYERS or p != seat):
                act(table, target=p)
    else:
        candidates = choosable(table, seat, step)
        if candidates:
            options = [Option("target", partial(act, target=p), target=p) for p in candidates]
            options[pick(table, seat, options)].take(table)


def choosable(table: Table, seat: int, step: Step) -> list[int]:
    """The players a target-player step may choose: those still in, not `protected` (a protected
    one's flag read for it), the seat itself only with `yourself`."""
    cards: CardStep | None = step.more.cards if step.more is not None else None
    found = [p for p in range(table.players) if not table.out(p) and (p != seat or (cards is not None and cards.yourself))]
    if cards is not None and cards.protected is not None:
        found = [p for p in found if p == seat or not test(cards.protected, table, p)]
    return found
