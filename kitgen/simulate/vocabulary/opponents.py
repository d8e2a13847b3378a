"""The rules vocabulary between players: steal, look-and-take, swap (cards from a target player's
hand) and contest (dice combat: each rolls and adds its strength; the higher gains, the lower loses).
The target is the seat's policy's choice among the players still in (table.recipients).
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import TARGET_PLAYER, Step
from kitgen.simulate.engine.conditions import value
from kitgen.simulate.engine.counters import add
from kitgen.simulate.engine.table import Table, dice_total, floor_of
from kitgen.simulate.vocabulary.hands import give_back, look_at_top


def target(table: Table, seat: int, harm: int) -> int:
    """The target player (a policy's choice among the players still in), or -1 with nobody else."""
    who = table.recipients(seat, TARGET_PLAYER, harm)
    return who[0] if who and who[0] != seat else -1


def act_steal(table: Table, seat: int, step: Step) -> None:
    """Take COUNT cards at random from a target player's hand."""
    victim = target(table, seat, step.count)
    for _ in range(step.count if victim >= 0 else 0):
        theirs = table.hands[victim]
        if not theirs:
            return
        card = theirs.pop(int(table.dice[seat].random() * len(theirs)))
        table.hands[seat].append(card)


def act_look_and_take(table: Table, seat: int, step: Step) -> None:
    """Look at a target player's hand and take the COUNT cards the seat's policy likes best (with
    `give_back:`, then give back as many); with `top:`, look at the top cards of a deck instead."""
    if step.more is not None and step.more.top:
        return look_at_top(table, seat, step)
    victim, taken = target(table, seat, step.count), 0
    for _ in range(step.count if victim >= 0 else 0):
        theirs = table.hands[victim]
        if not theirs:
            break
        card = table.policies[seat].choose_card(table, seat, list(theirs), True)
        theirs.remove(card)
        table.hands[seat].append(card)
        taken += 1
    if step.more is not None and step.more.give_back:
        give_back(table, seat, victim, taken)


def act_swap(table: Table, seat: int, step: Step) -> None:
    """Give the card of the hand the seat's policy likes least for a random card of a target's hand."""
    victim = target(table, seat, 1)
    if victim < 0 or not table.hands[victim] or not table.hands[seat]:
        return
    mine, theirs = table.hands[seat], table.hands[victim]
    given = table.policies[seat].choose_card(table, seat, list(mine), False)
    taken = theirs.pop(int(table.dice[seat].random() * len(theirs)))
    mine.remove(given)
    mine.append(taken)
    theirs.append(given)


def act_contest(table: Table, seat: int, step: Step) -> None:
    """Dice combat: the seat and a target each roll `die` and add `strength`; the higher total wins
    `gain`, the lower loses `lose` (never below 0, or the counter's min); equal totals: nothing happens."""
    defender = target(table, seat, 1)
    if defender < 0:
        return
    count, sides = step.die
    totals = [dice_total(table.dice[side], count, sides) if count else 0 for side in (seat, defender)]
    attack = totals[0] + value(step.more.strength, table, seat)
    defend = totals[1] + value(step.more.strength, table, defender)
    if attack == defend:
        return
    winner, loser = (seat, defender) if attack > defend else (defender, seat)
    for index, amount in step.more.gain:
        add(table, winner, index, value(amount, table, winner))
    for index, amount in step.more.lose:
        lost = min(value(amount, table, loser), table.values[loser][index] - floor_of(table, index))
        table.values[loser][index] -= max(0, lost)
