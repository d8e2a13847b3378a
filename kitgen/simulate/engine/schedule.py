"""A game's schedule: every moment in playing order (a seat's phase, the end of its turn, the end of
a round), kept on the plan; and that order as the vocabulary's turn order (ranked each turn, a tie
rolled off) and its eliminations (an eliminated seat's phases skipped) change it. Stdlib only.
"""
from __future__ import annotations

from typing import NamedTuple

from kitgen.simulate.compile.plan import PhasePlan, Plan
from kitgen.simulate.engine.conditions import value
from kitgen.simulate.engine.table import Table, dice_total


class Moment(NamedTuple):
    """One entry of a game's schedule: a seat's phase; phase None ends the seat's turn; seat -1
    ends the round (turn number), where end-of-turn victories are checked."""
    turn: int
    seat: int
    phase: PhasePlan | None


def schedule(plan: Plan, players: int) -> tuple[Moment, ...]:
    """Every moment of a game in playing order (kept on the plan: every game of a run shares it)."""
    key = f"schedule-{players}"
    if key not in plan.cache:
        seats, moments = range(players), []
        order: list[tuple[int, PhasePlan | None]]
        for turn in range(1, plan.turns + 1):  # a phase played `once` a turn: by its first seat only
            if plan.turn_structure == "phase-by-phase":
                order = [(s, p) for p in plan.phases for s in (seats[:1] if p.once else seats)] + [(s, None) for s in seats]
            else:
                order = [(s, p) for s in seats for p in (*plan.phases, None) if not (p and p.once and s)]
            moments += [Moment(turn, s, p) for s, p in order] + [Moment(turn, -1, None)]
        plan.cache[key] = tuple(moments)
    return plan.cache[key]


SKIPPED = PhasePlan("(out of the game)", None, ())  # an eliminated player's phases


class Ordered:
    """The schedule seen through the order of play (turn_order) and who is out (eliminate)."""

    def __init__(self, table: Table, moments: tuple):
        self.table, self.moments = table, moments

    def __len__(self) -> int:
        return len(self.moments)

    def __getitem__(self, index: int) -> Moment:
        moment = self.moments[index]
        if moment.seat < 0:
            return moment
        table, state = self.table, self.table.state
        if (table.plan.vocabulary.order or table.plan.vocabulary.rotate) and state.ranked != moment.turn:
            rank_order(table, moment.turn)
        seat = state.order[moment.seat]
        phase = SKIPPED if state.out[seat] and moment.phase is not None else moment.phase
        return type(moment)(moment.turn, seat, phase)


ROLL_OFFS = 100  # rounds of a roll-off still tied after which seat order decides: on two results, 2**-100


def rank_order(table: Table, turn: int) -> None:
    """The order of play for this turn: the highest first in each ranking value in turn, then by seat
    (or, with a turn order's roll, a tie left rolls off: see roll_off)."""
    order, (dice, sides) = table.plan.vocabulary.order, table.plan.vocabulary.roll
    if table.plan.vocabulary.rotate:  # the first player passes left each turn: seat 0 first in turn 1
        first = (turn - 1) % table.players
        table.state.order = [(first + i) % table.players for i in range(table.players)]
        table.state.ranked = turn
        return

    def key(p: int) -> tuple:
        return tuple(-value(node, table, p) for node in order)

    seats = sorted(range(table.players), key=lambda p: (*key(p), p))
    ranked: list[int] = []
    while dice and seats:
        group = [p for p in seats if key(p) == key(seats[0])]
        ranked += roll_off(table, group, dice, sides, ROLL_OFFS)
        seats = [p for p in seats if p not in group]
    table.state.order = ranked + seats
    table.state.ranked = turn


def seats_in_order(table: Table) -> list[int]:
    """The players still in, in this turn's order of play (a step every player takes in turn)."""
    state = table.state
    order = state.order if state is not None else range(table.players)
    return [p for p in order if state is None or not state.out[p]]


def roll_off(table: Table, tied: list[int], dice: int, sides: int, rounds: int) -> list[int]:
    """The tied seats (in seat order) by a roll-off: each rolls, high first, and the seats that roll
    the same roll off again among themselves. The check refuses a die of one result (1D1 ties for
    ever: check/conditions.py); after `rounds` rounds still tied, seat order decides, so a roll-off
    always ends (two players on two results tie 100 times in a row once in 2**100 roll-offs)."""
    if len(tied) < 2 or rounds <= 0:
        return tied
    rolls = {p: dice_total(table.dice[p], dice, sides) for p in tied}
    ordered: list[int] = []
    for roll in sorted(set(rolls.values()), reverse=True):
        ordered += roll_off(table, [p for p in tied if rolls[p] == roll], dice, sides, rounds - 1)
    return ordered
