"""What a unit in hand is worth to the greedy player of the card model: the damage it deals in a
later battle, from the battle's declared fields (battle's `cards:`: the hand's cards its `units:`
filter picks, each dealing the row of the step's table its `damage` field names). Valuing only what
the `worth:` steps read, greedy held a unit worth nothing and discarded units first (Civilization:
The Card Game's Spearmen, Catapult, Archers: 5 of its first 10 discards).

A unit is worth what its damage row does, unblocked, to the rival it would hurt most: the row taken
on a copy of the table (the seat attacking the best other player), the seat's `worth:` against that
rival's after it less before. Measured once a decision, for each damage row; a unit blocked or
bounced deals nothing, so this is the most it adds. A card that blocks units (its `blocks` field)
is worth the most damage one of those units would deal the seat, taken by that rival. A unit that
only breaks walls (a Catapult's row does nothing of itself) is worth nothing here. Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import Plan, Step
from kitgen.simulate.engine.conditions import in_game
from kitgen.simulate.engine.expressions import passes
from kitgen.simulate.engine.table import Table
from kitgen.simulate.players.recall import worth

Damage = dict[str, float]  # a damage row's key -> what it is worth to the seat


def battles(plan: Plan) -> list[Step]:
    """The plan's battle steps of cards (`battle: cards:`) whose table has damage rows."""
    try:
        return plan.cache["unit-battles"]
    except KeyError:
        rows = plan.vocabulary.rows if plan.vocabulary is not None and plan.vocabulary.rows else {}
        found = [step for phase in plan.phases for step in phase.actions
                 if step.do == "battle" and step.more is not None and step.more.combat is not None and rows.get(step.table)]
        plan.cache["unit-battles"] = found
        return found


def damage_worth(world: Table, seat: int, seed: int) -> list[tuple[Step, Damage, Damage]]:
    """Each battle's damage rows, each worth to the seat what it does to the best other player
    (dealt), and what that player's unit would do to the seat (suffered: what a block saves)."""
    found = battles(world.plan)
    rivals = [p for p in in_game(world) if p != seat]
    if not found or not rivals or not world.plan.worth or not any(fights(world.plan, c) for c in world.hands[seat]):
        return []  # no battle card in hand: none to weigh (a card an option draws is not seen before it is drawn)
    rival = max(rivals, key=lambda p: (worth(world, p), -p))
    before = worth(world, seat) - worth(world, rival)
    weighed = []
    for step in found:
        dealt: Damage = {}
        suffered: Damage = {}
        for key, steps in world.plan.vocabulary.rows[step.table].items():
            if not steps:
                continue  # a row that does nothing of itself (a wall broken when walls are resolved)
            dealt[key] = max(0.0, _row_taken(world, seed, seat, rival, steps) - before)
            suffered[key] = max(0.0, before - _row_taken(world, seed, rival, seat, steps, seat, rival))
        weighed.append((step, dealt, suffered))
    return weighed


def _row_taken(world: Table, seed: int, attacker: int, defender: int, steps: tuple[Step, ...],
               mine: int = -1, theirs: int = -1) -> float:
    """The worth of `mine` against `theirs` (default: the attacker's against the defender's) after the
    damage row is taken by the attacker against the defender, on a copy."""
    copy = world.clone(seed)
    copy.aim, copy.sides = defender, (attacker, defender)
    for each in steps:
        copy.actions[each.do](copy, attacker, each)
    mine, theirs = (attacker, defender) if mine < 0 else (mine, theirs)
    return worth(copy, mine) - worth(copy, theirs)


def units_held(table: Table, seat: int, weighed: list[tuple[Step, Damage, Damage]]) -> float:
    """What the battle cards in the seat's hand are worth: a unit, the damage it deals (dealt); a card
    that blocks units, the most damage one of those units would deal the seat (suffered)."""
    total = 0.0
    for step, dealt, suffered in weighed:
        combat = step.more.combat
        for card in table.hands[seat]:
            key = combat.damage[card]
            if key and key in dealt and passes(combat.units, table, seat, card):
                total += dealt[key]
            if combat.blocks[card]:
                total += max((suffered.get(key, 0.0) for key in blocked_damage(table.plan, combat, card)), default=0.0)
    return total


def fights(plan: Plan, card: int) -> bool:
    """Whether the card has a damage row or blocks units in one of the plan's battles."""
    return any(step.more.combat.damage[card] or step.more.combat.blocks[card] for step in battles(plan))


def blocked_damage(plan: Plan, combat, card: int) -> list[str]:
    """The damage rows of the units `card` blocks (by their names)."""
    try:
        by_name = plan.cache["unit-damage-by-name"]
    except KeyError:
        by_name = plan.cache["unit-damage-by-name"] = {}
        for index, key in enumerate(combat.damage):
            if key:
                by_name.setdefault(combat.names[index], key)
    return [by_name[name] for name in combat.blocks[card] if name in by_name]
