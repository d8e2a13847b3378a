"""The zones of one game, as the table keeps them (compile/zones.Place says where): the cards of a
zone for a seat, a card taken from a pile (an empty one shuffled in from its `reshuffle:` zone), and
every card sent home to its deck at a round's start. Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.compile.zones import (ATTACHED, DISCARD, DRAW, HAND, IN_PLAY, MARKET, OWN, PLAYER, TABLE, Place)
from kitgen.simulate.engine.table import Table

# whose cards an expression's zone reads (compile/expressions): the seat's own, every other player's, every player's
OWN_ZONE, OTHERS, ALL, THIS = 0, 1, 2, 4  # compile/expressions' OWN, OTHERS, ALL, THIS


def cards_of(table: Table, place: int, seat: int) -> list[int]:
    """The cards of a zone for the seat: its own, or the table's (the list itself: a step that moves
    cards changes it; an attached zone's is a copy)."""
    zone: Place = table.plan.places[place]
    store = zone.store
    if store == HAND:
        return table.hands[seat]
    if store == DRAW:
        return table.piles[zone.key][0]
    if store == DISCARD:
        return table.piles[zone.key][1]
    if store == OWN:
        lists = table.state.places[zone.key]
        return lists[seat] if zone.owner == PLAYER else lists[0]
    if store == IN_PLAY:
        return table.state.zones[zone.key][seat]
    if store == MARKET:
        return table.state.market[zone.key]
    assert store == ATTACHED
    return [card for _, card in table.state.attached[zone.key][seat]]


def read_cards(table: Table, place: int, whose: int, seat: int) -> list[int]:
    """The cards an expression reads: the seat's zone (a table zone: the table's), every other
    player's in it, or every player's (a table zone: the table's once)."""
    if whose == OWN_ZONE or table.plan.places[place].owner == TABLE:
        return cards_of(table, place, seat)
    seats = [p for p in range(table.players) if whose == ALL or p != seat]
    return [card for p in seats for card in cards_of(table, place, p)]


def under(table: Table, place: int, card: int) -> list[int]:
    """The cards of the attached zone `place` under `card` (this.ZONE), whoever's card it is; none
    when the card is not in play in the zone they go on."""
    zone, state = table.plan.places[place], table.state
    on = table.plan.vocabulary.zones[zone.key].on if state is not None and card >= 0 else ""
    for seat, hosts in enumerate(state.zones.get(on, ()) if state is not None and on else ()):
        if card in hosts:
            host = hosts.index(card)
            return [c for h, c in state.attached[zone.key][seat] if h == host]
    return []


def take_top(table: Table, place: int, seat: int) -> int:
    """The top card of a pile, or -1 when it is empty and nothing can be shuffled in: a deck's draw
    pile shuffles in its discard (engine/table.draw), a declared pile its `reshuffle:` zone, all but
    that zone's top `keep` cards."""
    zone: Place = table.plan.places[place]
    if zone.store == DRAW:
        return table.draw(zone.key) if zone.reshuffle < 0 or table.piles[zone.key][0] else _refilled(table, place, seat)
    cards = cards_of(table, place, seat)
    if not cards and zone.reshuffle >= 0:
        return _refilled(table, place, seat)
    return cards.pop() if cards else -1


def _refilled(table: Table, place: int, seat: int) -> int:
    zone: Place = table.plan.places[place]
    pile, source = cards_of(table, place, seat), cards_of(table, zone.reshuffle, seat)
    keep = table.plan.places[zone.reshuffle].keep
    moved = source[:len(source) - keep] if keep else list(source)
    del source[:len(moved)]
    table.shuffler.shuffle(moved)
    pile.extend(moved)
    return pile.pop() if pile else -1


def move(table: Table, card: int, source: list[int], target: list[int], mark: str = "") -> None:
    """A card from one zone's list to another's (the top: the end), marked until the turn ends when
    `mark` names a mark. Each step that moves cards calls this (triggers and knowledge: vocabulary)."""
    source.remove(card)
    target.append(card)
    if mark:
        table.state.marks.setdefault(mark, set()).add(card)


def send_home(table: Table) -> None:
    """Every card back where its deck starts, at a round's start: each deck's draw pile shuffled
    (in deck order, as a game's first round), a supply's piles in order, the markets dealt again."""
    state, plan = table.state, table.plan
    staying = {p.key for p in plan.places if p.stays}  # piles whose cards stay from round to round
    stayed = {card for key in staying for cards in state.places[key] for card in cards}
    for cards in table.hands:
        cards.clear()
    for pile, discard in table.piles.values():
        pile.clear()
        discard.clear()
    for kept in (state.places, state.zones):
        for key, lists in kept.items():
            for cards in lists if key not in staying else ():
                cards.clear()
    for under in state.attached.values():
        for pairs in under:
            pairs.clear()
    for row in state.market.values():
        row.clear()
    for melds in state.melds.values():
        for laid in melds:
            laid.clear()
    state.trash.clear()
    state.played_by.clear()
    for deck, copies in plan.decks.items():
        pile = table.piles[deck][0]
        pile.extend(c for c in copies if c not in stayed)
        table.shuffler.shuffle(pile)
    table.deal_supplies(state)
