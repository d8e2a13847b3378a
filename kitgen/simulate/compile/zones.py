"""Every place a card can be, as the engine finds it (engine/zones.cards_of): the hand, each deck's
draw pile (named as the deck) and the zones a game declares, each with its owner, who sees it and
where the table keeps its cards. Today's places keep their lists (a deck's pile and discard in
table.piles, the hands, the in-play, market and attached zones in the vocabulary's State), so the
older steps read the same lists; a declared pile or supply is kept in State.places. Reads the model.
"""
from __future__ import annotations

from typing import NamedTuple

from kitgen.errors import KitgenError, did_you_mean, error
from kitgen.model import Game

PLAYER, TABLE = 0, 1  # owner
NOBODY, OWNER, EVERYONE = 0, 1, 2  # sees
HAND, DRAW, DISCARD, OWN, IN_PLAY, MARKET, ATTACHED = range(7)  # where the table keeps a zone's cards
SEES = {"nobody": NOBODY, "owner": OWNER, "everyone": EVERYONE}
WHO = ("others", "all", "this")  # every other player's zone, every player's, the cards under this card: never a zone's name


class Place(NamedTuple):
    name: str
    kind: str  # hand, pile, in-play, market, attached, supply
    owner: int  # PLAYER or TABLE
    sees: int  # NOBODY, OWNER or EVERYONE
    store: int  # HAND, DRAW, DISCARD, OWN, IN_PLAY, MARKET or ATTACHED
    key: str  # the deck's id (DRAW, DISCARD), else the zone's name
    deck: str  # the deck whose copies start here (a market: the deck it is dealt from)
    reshuffle: int  # the place shuffled in when this pile is drawn from empty (-1: none)
    keep: int  # cards this pile keeps on top when it is shuffled into another
    limit: int
    size: int
    stays: bool = False  # a pile whose cards stay from round to round (never sent home)


def fold_zone(name: str) -> str:
    """How an expression names a zone: any case, a space or dash written _ (`main_deck`)."""
    return name.strip().casefold().replace(" ", "_").replace("-", "_")


def compile_places(game: Game, decks: list) -> tuple[Place, ...]:
    """The hand, each deck's draw pile and every declared zone, in that order (a declared pile with a
    `deck:` is that deck's draw pile; the zone its pile reshuffles from is that deck's discard)."""
    declared = {z.name: z for z in game.zones}
    drawn = {z.deck: z for z in game.zones if z.kind == "pile" and z.deck}
    discard_of = {z.reshuffle: z.deck for z in game.zones if z.kind == "pile" and z.deck and z.reshuffle}
    places = [Place("hand", "hand", PLAYER, _sees(declared.get("hand"), OWNER), HAND, "hand", "", -1, 0, 0, 0)]
    for deck in decks:
        if deck.id in declared and deck.id not in drawn:
            raise KitgenError(error(declared[deck.id].where, f"zone '{deck.id}': a deck of that name has its "
                                    "draw pile there; give the zone another name, or `deck: " + deck.id + "`"))
        sees = _sees(drawn[deck.id], NOBODY) if deck.id in drawn else NOBODY  # a declared pile says who sees it
        places.append(Place(deck.id, "pile", TABLE, sees, DRAW, deck.id, deck.id, -1, 0, 0, 0))
    for zone in game.zones:
        if zone.name == "hand":
            continue
        owner = {"player": PLAYER, "table": TABLE}.get(zone.owner, PLAYER if zone.kind in ("in-play", "attached")
                                                       else TABLE)
        drawn_from = zone.kind == "pile" and (zone.deck or zone.reshuffle)
        store, key = _store(zone, drawn, discard_of)
        places.append(Place(zone.name, zone.kind, owner, _sees(zone, NOBODY if drawn_from else EVERYONE), store, key,
                            zone.deck, -1, zone.keep, zone.limit, zone.size, zone.stays and store == OWN))
    return _linked(tuple(places), game)


def _sees(zone, default: int) -> int:
    return SEES.get(zone.sees, default) if zone is not None else default


def _store(zone, drawn: dict, discard_of: dict) -> tuple[int, str]:
    if zone.kind == "pile" and zone.deck:
        return DRAW, zone.deck
    if zone.name in discard_of:
        return DISCARD, discard_of[zone.name]
    return {"in-play": IN_PLAY, "market": MARKET, "attached": ATTACHED}.get(zone.kind, OWN), zone.name


def _linked(places: tuple[Place, ...], game: Game) -> tuple[Place, ...]:
    """Each pile's `reshuffle` as a place index; an unknown zone, or a zone of another owner, is an
    error at the zone's line."""
    index = {p.name: i for i, p in enumerate(places)}
    out = list(places)
    for zone in game.zones:
        if zone.name in WHO:
            raise KitgenError(error(zone.where, f"zone '{zone.name}': '{zone.name}' is a word of expressions "
                                    "(others.hand, all.won, this.crew); give the zone another name"))
        if not zone.reshuffle:
            continue
        if zone.reshuffle not in index:
            raise KitgenError(error(zone.where, f"zone '{zone.name}': reshuffle: unknown zone '{zone.reshuffle}'"
                                    + did_you_mean(zone.reshuffle, list(index))))
        pile, source = places[index[zone.name]], places[index[zone.reshuffle]]
        if pile.kind != "pile" or source.kind != "pile" or source.name == pile.name or source.owner != pile.owner:
            raise KitgenError(error(zone.where, f"zone '{zone.name}': reshuffle names a pile of the same owner "
                                    f"('{zone.reshuffle}' is a {source.kind} of the {_owner(source)})"))
        out[index[zone.name]] = pile._replace(reshuffle=index[zone.reshuffle])
    return tuple(out)


def _owner(place: Place) -> str:
    return "table" if place.owner == TABLE else "players"


def place_index(places: tuple[Place, ...]) -> dict[str, int]:
    """Folded zone name -> its place (expressions, steps and conditions name zones this way)."""
    return {fold_zone(p.name): i for i, p in enumerate(places)}
