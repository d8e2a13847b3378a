"""A battle of cards against cards (`battle` with `cards:`): Civilization: The Card Game's Combat said
generally, so any game whose units are cards played from the hand against cards in play uses it:

1. the attacker sends units (cards of its hand that pass `units`), each at one defender of its choice
   (`against: adjacent`, the players next to it, or `others`), or keeps it;
2. at each defender the units that pass `breaks` destroy one of its cards in the `walls` zones that
   passes `broken` each, the defender's choice (back to its hand; the unit is discarded), then its
   cards in `walls` send back to the attacker's hand as many units as their `bounces` field says,
   units the defender chooses;
3. each defender, from the attacker's left, blocks units one for one with cards of its hand whose list
   field `blocks` names them, or lets them through; a blocked unit and its blocker are discarded;
4. each unit left takes the row of the step's lookup `table:` its field `damage` names, aimed at the
   defender; then every unit that fought is discarded.

Every choice goes to the chooser's policy as Options (engine/options.py). An Option's `take` makes
the choice and plays the rest of the battle out on the table it is given, so a player who weighs it
on a copy sees the battle's end; the real table takes the chosen one step by step (no recursion).
"""
from __future__ import annotations

from functools import partial
from typing import Callable, NamedTuple

from kitgen.simulate.compile.combat import CombatPlan
from kitgen.simulate.compile.plan import Step
from kitgen.simulate.engine.expressions import passes
from kitgen.simulate.engine.options import Option, pick
from kitgen.simulate.engine.table import Table, bound
from kitgen.simulate.vocabulary.choices import run
from kitgen.simulate.vocabulary.entering import undo_effect
from kitgen.simulate.vocabulary.fought import FIGHTING, HAND, discard_place, moved, said, zone_place
from kitgen.simulate.vocabulary.picks import kinds

MAX_UNITS = 100  # units one battle sends at most (a hand of a thousand is not a thousand choices)
DECLARE, WALLS, BLOCKS, DAMAGE = range(4)


class Side(NamedTuple):
    defender: int
    units: tuple[int, ...] = ()  # the attacking units still fighting it, in the order sent
    bounced: int = 0  # units its walls sent back so far
    asked: int = 0  # units it has been asked to block so far


class Fight(NamedTuple):
    attacker: int
    step: Step
    stage: int
    waiting: tuple[int, ...]  # DECLARE: the units the attacker has yet to send or keep
    sides: tuple[Side, ...]
    at: int = 0  # WALLS, BLOCKS: the side being resolved


class Move(NamedTuple):
    do: str
    change: Callable[[Table], None]
    after: Fight
    card: int = -1
    target: int = -1


def act_card_battle(table: Table, seat: int, step: Step) -> None:
    """battle with `cards:` (see the module's docstring)."""
    plan: CombatPlan = step.more.combat
    defenders = defending(table, seat, plan.adjacent)
    units = [card for card in table.hands[seat] if passes(plan.units, table, seat, card)][:MAX_UNITS]
    if defenders and units:
        play_out(table, Fight(seat, step, DECLARE, tuple(units), tuple(Side(d) for d in defenders)))


def defending(table: Table, seat: int, adjacent: bool) -> list[int]:
    """The players the attacker may attack, the first to its left first."""
    if not adjacent:
        return [(seat + k) % table.players for k in range(1, table.players)
                if not table.out((seat + k) % table.players)]
    left = table.next_player(seat)
    right = next((p for p in table.rivals(seat) if table.next_player(p) == seat), left)
    return [p for p in dict.fromkeys((left, right)) if p != seat]


def play_out(table: Table, fight: Fight | None) -> None:
    kept = table.aim, table.sides
    try:
        while fight is not None:
            fight = advance(table, fight)
    finally:
        table.aim, table.sides = kept


def resume(table: Table, change: Callable[[Table], None], fight: Fight) -> None:
    """A choice made on a table (a copy a player weighs it on): the rest of the battle played out."""
    change(table)
    play_out(table, fight)


def choose(table: Table, seat: int, moves: list[Move]) -> Fight:
    options = [Option(m.do, partial(resume, change=m.change, fight=m.after), card=m.card, target=m.target)
               for m in moves]
    move = moves[pick(table, seat, options)]
    move.change(table)
    return move.after


def advance(table: Table, fight: Fight) -> Fight | None:
    """One choice (or one side done), and the fight after it; None once the battle is over."""
    if fight.stage == DECLARE:
        return declare(table, fight)
    if fight.at >= len(fight.sides):
        if fight.stage == WALLS:
            return fight._replace(stage=BLOCKS, at=0)
        damage(table, fight)
        return None
    side = fight.sides[fight.at]
    moves = walls(table, fight, side) if fight.stage == WALLS else blocks(table, fight, side)
    if not moves:
        return fight._replace(at=fight.at + 1)
    return choose(table, side.defender, moves)


def with_side(fight: Fight, side: Side, **changes) -> Fight:
    sides = list(fight.sides)
    sides[fight.at] = side
    return fight._replace(sides=tuple(sides), **changes)


def declare(table: Table, fight: Fight) -> Fight:
    """Step 1: the next unit is sent at a defender, or kept."""
    if not fight.waiting:
        return fight._replace(stage=WALLS, at=0)
    unit, rest = fight.waiting[0], fight.waiting[1:]
    moves = []
    for k, side in enumerate(fight.sides):
        sides = list(fight.sides)
        sides[k] = side._replace(units=side.units + (unit,))
        moves.append(Move("battle", partial(send, seat=fight.attacker, unit=unit, target=side.defender),
                          fight._replace(waiting=rest, sides=tuple(sides)), card=unit, target=side.defender))
    moves.append(Move("nothing", partial(keep, seat=fight.attacker, unit=unit), fight._replace(waiting=rest),
                      card=unit))  # kept in hand
    return choose(table, fight.attacker, moves)


def keep(table: Table, seat: int, unit: int) -> None:
    """A unit kept in hand: nothing happens but the trace's line."""
    said(table, seat, "keeps", unit)


def send(table: Table, seat: int, unit: int, target: int) -> None:
    """A unit played from the hand at a defender (its `on: play` triggers, as any card played)."""
    table.hands[seat].remove(unit)
    table.played[seat].append(unit)
    forget(table, seat, unit)
    said(table, seat, "sends", unit, target)
    moved(table, seat, unit, "play", HAND, FIGHTING)


def walls(table: Table, fight: Fight, side: Side) -> list[Move]:
    """Step 2 at one defender: a unit that breaks destroys a wall (the defender's choice which), else
    the walls bounce units (the defender's choice which) while they have bounces left."""
    plan: CombatPlan = fight.step.more.combat
    standing = wall_cards(table, plan, side.defender)
    breakers = [u for u in side.units if plan.breaks is not None and passes(plan.breaks, table, fight.attacker, u)]
    if breakers and plan.broken is not None:
        broken = [w for w in standing if passes(plan.broken, table, side.defender, w[3])]
        unit = breakers[0]
        after = with_side(fight, side._replace(units=tuple(u for u in side.units if u != unit)))
        if broken:
            return [Move("battle", partial(break_wall, seat=side.defender, wall=wall, unit=unit, attacker=fight.attacker), after, card=wall[3],
                         target=fight.attacker) for wall in broken]
    if side.bounced >= sum(plan.bounces[w[3]] for w in standing):
        return []
    return [Move("battle", partial(bounce, seat=fight.attacker, unit=unit, defender=side.defender),
                 with_side(fight, side._replace(units=tuple(u for u in side.units if u != unit), bounced=side.bounced + 1)),
                 card=unit, target=fight.attacker) for unit in side.units]


Wall = tuple[str, bool, "int | tuple[int, int]", int]  # (zone, attached?, where it lies, the card)


def wall_cards(table: Table, plan: CombatPlan, seat: int) -> list[Wall]:
    found: list[Wall] = []
    for zone, attached in plan.walls:
        if attached:
            found += [(zone, True, pair, pair[1]) for pair in table.state.attached[zone][seat]]
        else:
            found += [(zone, False, at, card) for at, card in enumerate(table.state.zones[zone][seat])]
    return found


def break_wall(table: Table, seat: int, wall: Wall, unit: int, attacker: int) -> None:
    """The wall goes back to its owner's hand (its effects undone); the unit that broke it is discarded."""
    zone, _, where, card = wall
    if isinstance(where, tuple):  # attached: its (host, card) pair
        table.state.attached[zone][seat].remove(where)
    else:
        lift(table, seat, zone, table.state.zones[zone][seat].index(card))
    undo_effect(table, seat, card, zone)
    table.hands[seat].append(card)
    shown(table, seat, card)
    said(table, seat, "loses", card, attacker, also=unit)
    moved(table, seat, card, "move", zone_place(table, zone), HAND)
    discard(table, unit, attacker)
    bound(table)


def lift(table: Table, seat: int, zone: str, at: int) -> None:
    """A card leaves its place in an in-play zone: the cards attached under it go to their deck's
    discard, and the places of the cards after it move down one."""
    table.state.zones[zone][seat].pop(at)
    for name, attached in table.plan.vocabulary.zones.items():
        if attached.kind == "attached" and attached.on == zone:
            pairs = table.state.attached[name][seat]
            for host, card in pairs:
                if host == at:
                    discard(table, card, seat)
            pairs[:] = [(h - (h > at), c) for h, c in pairs if h != at]


def bounce(table: Table, seat: int, unit: int, defender: int) -> None:
    """The unit goes back to the attacker's hand, seen by everyone."""
    table.hands[seat].append(unit)
    shown(table, seat, unit)
    said(table, seat, "bounced", unit, defender)
    moved(table, seat, unit, "move", FIGHTING, HAND)


def blocks(table: Table, fight: Fight, side: Side) -> list[Move]:
    """Step 3 at one defender: the next unit it has not been asked about, blocked by a card of its hand
    whose `blocks` names it (one of each kind offered), or let through."""
    plan: CombatPlan = fight.step.more.combat
    while side.asked < len(side.units):
        unit = side.units[side.asked]
        legal = [c for c in table.hands[side.defender] if plan.names[unit] in plan.blocks[c]]
        if legal:
            through = with_side(fight, side._replace(asked=side.asked + 1))
            blocked = with_side(fight, side._replace(units=tuple(u for u in side.units if u != unit)))
            return [Move("battle", partial(block, seat=side.defender, blocker=c, unit=unit, attacker=fight.attacker), blocked, card=c,
                         target=fight.attacker) for c in kinds(table, legal)] + \
                [Move("nothing", partial(let_through, seat=side.defender, unit=unit), through, card=unit,
                      target=fight.attacker)]
        side = side._replace(asked=side.asked + 1)
    return []


def let_through(table: Table, seat: int, unit: int) -> None:
    said(table, seat, "lets through", unit)


def block(table: Table, seat: int, blocker: int, unit: int, attacker: int) -> None:
    """Step 4: the blocker is played from its hand; it and the unit it blocked are discarded."""
    table.hands[seat].remove(blocker)
    table.played[seat].append(blocker)
    forget(table, seat, blocker)
    said(table, seat, "blocks", unit, also=blocker)
    moved(table, seat, blocker, "play", HAND, FIGHTING)
    discard(table, blocker, seat)
    discard(table, unit, attacker)


def damage(table: Table, fight: Fight) -> None:
    """Steps 5 and 6: each unit left takes its damage row, aimed at its defender; then every unit is discarded."""
    plan: CombatPlan = fight.step.more.combat
    rows = table.plan.vocabulary.rows.get(fight.step.table, {}) if table.plan.vocabulary.rows else {}
    for side in fight.sides:
        table.aim, table.sides = side.defender, (fight.attacker, side.defender)
        for unit in side.units:
            said(table, fight.attacker, "damage", unit, side.defender, plan.damage[unit])
            run(table, fight.attacker, rows.get(plan.damage[unit], ()))
    for side in fight.sides:
        for unit in side.units:
            discard(table, unit, fight.attacker)


def discard(table: Table, card: int, owner: int) -> None:
    """A card of the battle to its deck's discard pile (`on: discard`, taken by its owner)."""
    table.piles[table.deck_of[card]][1].append(card)
    said(table, owner, "discards", card)
    moved(table, owner, card, "discard", FIGHTING, discard_place(table, card))


def forget(table: Table, seat: int, card: int) -> None:
    """A card left the seat's hand: nobody knows it is there any more."""
    known = table.state.known if table.state is not None else None
    for mine in known or ():
        if card in mine[seat]:
            mine[seat].remove(card)


def shown(table: Table, seat: int, card: int) -> None:
    """A card everyone saw came into the seat's hand: every other player knows it is there."""
    known = table.state.known if table.state is not None else None
    for other, mine in enumerate(known or ()):
        if other != seat:
            mine[seat].append(card)
