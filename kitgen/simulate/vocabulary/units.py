"""A battle of units (`battle` with `units:`): each side is a list of units (cards in play), each unit
rolls its own dice every round, and rounds are fought until only one side has units left. The rule
is Galactic Supremacy's combat, said generally so any game of unit-against-unit dice rolls uses it:

- "Roll dice separately for each unit involved": a unit's combat roll is the sum of its dice;
- "Each unit simultaneously destroys one opposing unit with an equal or lower combat roll": both
  sides' rolls are assigned at once, each roll to the weakest opposing unit it can destroy;
- "Units can combine their combat rolls to overcome the combat roll of an enemy unit": rolls too low
  alone are added up, the largest first, until they reach it;
- "Sectors win tied combat rolls": a unit that wins ties (`wins_ties:`) needs a higher roll;
- "All of the defenders Fleets must be destroyed before the Sector is destroyed": a unit that falls
  last (`last:`) is destroyed only once every other unit of its side is;
- "Repeat this process until only one side remains" (at most MAX_ROUNDS rounds: a battle always ends).

Stdlib only; the dice come from the game's one Random, in a fixed order (the attacker's units, then
the defender's, each in the order given), so the same seed fights the same battle.
"""
from __future__ import annotations

import random
from bisect import bisect_left
from functools import partial
from typing import NamedTuple

from kitgen.simulate.compile.plan import Step
from kitgen.simulate.compile.zones import ATTACHED, Place
from kitgen.simulate.engine.conditions import test, value
from kitgen.simulate.engine.expressions import passes
from kitgen.simulate.engine.options import Option, pick
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of
from kitgen.simulate.vocabulary.choices import run
from kitgen.simulate.vocabulary.tables import aiming

MAX_ROUNDS = 1000  # rounds in which nobody can fall (every roll 0 against units that win ties) end here
MAX_DICE = 100  # dice one unit rolls at most (a card field or a bonus of a billion is not a billion rolls)


class Unit(NamedTuple):
    dice: int  # combat dice this unit rolls (its card's field plus every bonus)
    wins_ties: bool = False  # destroyed only by a higher roll
    last: bool = False  # destroyed only when no other unit of its side stands


def roll(rng: random.Random, dice: int, sides: int) -> int:
    """The unit's combat roll: `dice` dice of `sides` sides, summed (0 dice roll 0)."""
    total = 0
    for _ in range(dice):
        total += rng.randrange(1, sides + 1)
    return total


def kills(pool: list[int], needs: list[tuple[int, int]]) -> list[int]:
    """One side's combat rolls (`pool`, ascending) against the opposing units in the order they must
    fall, each (the roll that destroys it, its place): each roll destroys one unit with an equal or
    lower need, the lowest roll that can; rolls too low alone combine, the largest first. Stops at the
    first unit no roll left can destroy (a unit that falls last is never reached before the others)."""
    pool = list(pool)
    dead = []
    for need, place in needs:
        at = bisect_left(pool, need)
        if at < len(pool):
            del pool[at]
            dead.append(place)
            continue
        total, used = 0, 0
        for rolled in reversed(pool):
            total, used = total + rolled, used + 1
            if total >= need:
                break
        if total < need or not used:
            break
        del pool[len(pool) - used:]
        dead.append(place)
    return dead


def needs(units: list[Unit], rolls: dict[int, int]) -> list[tuple[int, int]]:
    """The standing units in the order they fall (those that fall last at the end, the weakest first),
    each with the roll that destroys it: its own, or one more when it wins ties."""
    order = sorted(rolls, key=lambda k: (units[k].last, rolls[k] + units[k].wins_ties, k))
    return [(rolls[k] + units[k].wins_ties, k) for k in order]


def fight(rng: random.Random, sides: int, attack: list[Unit], defend: list[Unit],
          defending: random.Random | None = None) -> tuple[list[bool], list[bool]]:
    """Rounds of combat rolls until one side has no unit left (or MAX_ROUNDS): which units of each
    side still stand. The attacker rolls with `rng`, the defender with `defending` (its own dice), else `rng`."""
    chance = (rng, defending or rng)
    standing = [[True] * len(attack), [True] * len(defend)]
    sides_units = (attack, defend)
    for _ in range(MAX_ROUNDS):
        if True not in standing[0] or True not in standing[1]:
            break
        rolls = [{k: roll(chance[s], unit.dice, sides) for k, unit in enumerate(units) if standing[s][k]}
                 for s, units in enumerate(sides_units)]
        fallen = [kills(sorted(rolls[1 - s].values()), needs(sides_units[s], rolls[s])) for s in (0, 1)]
        for s in (0, 1):
            for k in fallen[s]:
                standing[s][k] = False
    return standing[0], standing[1]


def act_unit_battle(table: Table, seat: int, step: Step) -> None:
    """battle with `units:`: the player attacks a world of a rival's (its choice of both; an order's
    target: a world of that player's), or with no `world:` its target's units, with all its own units;
    the dice fight it out (`fight`); each unit destroyed goes to its deck's discard with the cards
    attached under it; when every defending unit fell, the player takes `then:`, aimed at the defender.
    A world is named by its place in the zone (copies of one card are told apart by where they lie)."""
    plan = step.more.units
    if plan.world < 0:
        defender = aiming(table, seat, step)
        options = [Option("battle", partial(battle, seat=seat, defender=defender, world=-1, step=step),
                          target=defender)] if 0 <= defender != seat else []
    else:
        rivals = [table.aim] if 0 <= table.aim != seat else table.rivals(seat)
        options = [Option("battle", partial(battle, seat=seat, defender=rival, world=at, step=step), card=card,
                          target=rival) for rival in rivals for at, card in enumerate(cards_of(table, plan.world, rival))]
    if options:
        options[pick(table, seat, options)].take(table)


# a unit: its place, its card, and where it lies (in play: its place in the zone; attached: its (host, card) pair)
Piece = tuple[int, int, "int | tuple[int, int]"]


def battle(table: Table, seat: int, defender: int, world: int, step: Step) -> None:
    """While it is fought each side's `bonus` is worked out with the other side as its target
    (`target(...)`) and `attacking` / `defending` say which side it is, as in any battle; `all_guards`
    for the defender against the attacker. `world`: the attacked card's place in its zone (-1: none)."""
    plan = step.more.units
    attack = pieces(table, plan.zones, seat)
    if not attack:
        return
    kept = table.aim, table.sides
    table.sides = (seat, defender)
    try:
        if world >= 0:
            table.aim = seat
            everyone = plan.all_guards is not None and test(plan.all_guards, table, defender)
            defend: list[Piece] = [(plan.guards, pair[1], pair)
                                   for pair in guards(table, plan.guards, defender, world, everyone)]
            defend.append((plan.world, cards_of(table, plan.world, defender)[world], world))
        else:
            defend = pieces(table, plan.zones, defender)
        standing = fight(table.dice[seat], step.die[1], units(table, plan, (seat, defender), attack, False),
                         units(table, plan, (defender, seat), defend, world >= 0), table.dice[defender])
        for owner, side, alive in ((seat, attack, standing[0]), (defender, defend, standing[1])):
            # attached cards first, then those in play, the last first: no card's place moves before it goes
            for piece in sorted((p for p, stands in zip(side, alive, strict=True) if not stands), key=order):
                destroy(table, owner, piece)
        if True not in standing[1]:
            table.aim = defender
            run(table, seat, step.then)
    finally:
        table.aim, table.sides = kept


def order(piece: Piece) -> tuple[int, int]:
    where = piece[2]
    return (1, -where) if isinstance(where, int) else (0, 0)


def pieces(table: Table, places: tuple[int, ...], seat: int) -> list[Piece]:
    found: list[Piece] = []
    for place in places:
        zone: Place = table.plan.places[place]
        if zone.store == ATTACHED:
            found += [(place, pair[1], pair) for pair in table.state.attached[zone.key][seat]]
        else:
            found += [(place, card, at) for at, card in enumerate(cards_of(table, place, seat))]
    return found


def units(table: Table, plan, side: tuple[int, int], cards: list[Piece], world: bool) -> list[Unit]:
    """Each card of a side (its player, the other side's) as a unit: its dice field plus the side's bonus
    (0 to MAX_DICE), worked out against the other side; whether it wins ties; the world attacked (the
    last of the side, `world`) falls last."""
    seat, table.aim = side
    bonus = value(plan.bonus, table, seat)
    ties = plan.wins_ties
    return [Unit(min(MAX_DICE, max(0, plan.dice[card] + bonus)), ties is not None and passes(ties, table, seat, card),
                 world and k == len(cards) - 1) for k, (_, card, _) in enumerate(cards)]


def guards(table: Table, place: int, seat: int, world: int, everyone: bool) -> list[tuple[int, int]]:
    """The (host, card) pairs of the attached place under the world attacked (every one of the seat's,
    `everyone`)."""
    zone: Place = table.plan.places[place]
    pairs = table.state.attached[zone.key][seat]
    return list(pairs) if everyone else [pair for pair in pairs if pair[0] == world]


def destroy(table: Table, seat: int, piece: Piece) -> None:
    """A destroyed unit goes to its deck's discard; a card in play takes the cards attached under it
    along, each to its own deck's discard (the places of the cards after it move down one)."""
    place, card, where = piece
    zone: Place = table.plan.places[place]
    table.piles[table.deck_of[card]][1].append(card)
    if not isinstance(where, int):
        table.state.attached[zone.key][seat].remove(where)
        return
    cards_of(table, place, seat).pop(where)
    for name, attached in table.plan.vocabulary.zones.items():
        if attached.kind == "attached" and attached.on == zone.key:
            pairs = table.state.attached[name][seat]
            for h, c in pairs:
                if h == where:
                    table.piles[table.deck_of[c]][1].append(c)
            pairs[:] = [(h - (h > where), c) for h, c in pairs if h != where]


def act_reattach(table: Table, seat: int, step: Step) -> None:
    """Each card the player has in the attached `zone`, in turn, goes under any of its cards in the zone's
    `on` zone that has room (where it is, too): the player's choice ("Attach your Fleets in play to any of
    your Sectors in play")."""
    zone = table.plan.vocabulary.zones.get(step.more.zone)
    if zone is None:
        return
    hosts = table.state.zones[zone.on][seat]
    pairs = table.state.attached[step.more.zone][seat]
    for card in [c for _, c in pairs]:
        at = next(h for h, c in pairs if c == card)
        free = [h for h in range(len(hosts)) if h == at or not zone.limit or [h2 for h2, _ in pairs].count(h) < zone.limit]
        options = [Option("reattach", partial(reattach, seat=seat, zone=step.more.zone, card=card, host=h), card=card)
                   for h in free]
        if len(options) > 1:
            options[pick(table, seat, options)].take(table)


def reattach(table: Table, seat: int, zone: str, card: int, host: int) -> None:
    pairs = table.state.attached[zone][seat]
    pairs[:] = [(host if c == card else h, c) for h, c in pairs]
