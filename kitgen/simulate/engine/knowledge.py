"""What each player knows of the cards it cannot see (a game of the card model): for each other
player, the cards it knows are in that player's hand (it passed them, looked, was shown, saw them
taken from a face-up pile). A seat's policy may read only its own zones, the zones everyone sees and
this; determinize() deals every card a seat cannot see anew, consistent with what it knows, for the
players that search. Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.compile.zones import DISCARD, DRAW, EVERYONE, HAND, OWN, OWNER, PLAYER, Place
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of


def fresh(players: int) -> list[list[list[int]]]:
    """Nothing known: for each player, for each other player, no card."""
    return [[[] for _ in range(players)] for _ in range(players)]


def sees(table: Table, seat: int, place: int, owner: int) -> bool:
    """Whether the seat may know the cards of `place` (its `owner`'s) without being shown them."""
    zone: Place = table.plan.places[place]
    return zone.sees == EVERYONE or (zone.sees == OWNER and zone.owner == PLAYER and owner == seat)


def follow_card(table: Table, card: int, origin: tuple[int, int], end: tuple[int, int]) -> None:
    """A card moved: a card leaving a hand is known there by nobody; a card entering a hand is known
    there by every player who could see it where it was (the one who passed it, a face-up pile)."""
    known = table.state.known
    assert known is not None
    (place, owner), (to, receiver) = origin, end
    if place == HAND:
        for mine in known:
            if card in mine[owner]:
                mine[owner].remove(card)
    if to == HAND and place >= 0:
        for seat, mine in enumerate(known):
            if seat != receiver and sees(table, seat, place, owner):
                mine[receiver].append(card)


def show(table: Table, seat: int, owner: int, cards: list[int]) -> None:
    """The seat now knows these cards are in `owner`'s hand (it looked, was shown: look, reveal)."""
    if seat == owner or table.state.known is None:
        return
    mine = table.state.known[seat][owner]
    mine.clear()
    mine.extend(cards)


def swap_known(table: Table, first: int, second: int) -> None:
    """Two hands changed places: what anyone knew of one is now of the other, and each of the two
    knows the hand it gave."""
    known = table.state.known
    if known is None:
        return
    for mine in known:
        mine[first], mine[second] = mine[second], mine[first]
    show(table, first, second, list(table.hands[second]))
    show(table, second, first, list(table.hands[first]))


def hidden_places(table: Table, seat: int) -> list[tuple[int, int]]:
    """(place, owner) of every zone the seat cannot see: the others' hands, draw piles, face-down piles."""
    found, seen = [], set()
    for index, zone in enumerate(table.plan.places):
        if zone.store not in (HAND, DRAW, DISCARD, OWN) or (zone.store, zone.key) in seen:
            continue  # a deck's pile is named twice when a declared pile is it (deck: main)
        seen.add((zone.store, zone.key))
        owners = range(table.players) if zone.owner == PLAYER else (0,)
        found += [(index, owner) for owner in owners if not sees(table, seat, index, owner)]
    return found


def determinize(table: Table, seat: int) -> None:
    """In place (on a copy): every card the seat cannot see dealt anew among the zones it cannot see,
    each zone keeping its size, the cards the seat knows to be in a hand kept there."""
    places = hidden_places(table, seat)
    state = table.state
    known = state.known[seat] if state is not None and state.known is not None else None
    pool: list[int] = []
    kept: dict[tuple[int, int], list[int]] = {}
    for place, owner in places:
        rest = list(cards_of(table, place, owner))
        sure = []
        for card in (known[owner] if known is not None and place == HAND else []):
            if card in rest:  # what the seat knows is there stays there
                rest.remove(card)
                sure.append(card)
        kept[place, owner] = sure
        pool += rest
    pool.sort()  # the deal depends on which cards are unseen, never on where they truly are: no peeking
    table.rng.shuffle(pool)
    for place, owner in places:
        cards = cards_of(table, place, owner)
        count = len(cards) - len(kept[place, owner])
        cards[:] = kept[place, owner] + pool[:count]
        del pool[:count]
