"""One game of Alpha Centauri from its compiled Rules: the state (`Match`), the shared helpers every
phase uses (effects that keep each Factor the total of its Sub-factors, formulas, dice, victory) and
what a seat's choices are worth. The 16 phases are in alpha_centauri_phases. Stdlib only.
"""
from __future__ import annotations

import ast
import operator
import random
from functools import lru_cache
from typing import Callable

from kitgen.check.formula import FormulaError, parse_formula
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.rules.alpha_centauri_read import BASES, Rules

GROWTH = 0.05  # a point of an income Score is worth a twentieth: growth counts when no victory is in sight
CARD = 0.2  # what an Event or a Proposal in hand is worth to keep


OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv}


@lru_cache(maxsize=64)
def formula_function(expression: str) -> Callable[[dict[str, int]], int]:
    """A formula of the data (checked by kitgen.check.formula) as a function of its variables: parsed
    once, its tree turned into nested closures (no eval), because the rules read formulas every phase."""
    def build(node: ast.AST) -> Callable[[dict[str, int]], int]:
        if isinstance(node, ast.Expression):
            return build(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            value = node.value
            return lambda values: value
        if isinstance(node, ast.Name):
            name = node.id
            return lambda values: values[name]
        if isinstance(node, ast.UnaryOp):
            inner = build(node.operand)
            return lambda values: -inner(values)
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            left, right, apply = build(node.left), build(node.right), OPERATORS[type(node.op)]
            return lambda values: apply(left(values), right(values))
        raise FormulaError(f"'{type(node).__name__}' is not a whole-number formula")
    return build(parse_formula(expression))


class Match:
    """The state of one game: seats 0..n-1, every random choice from one random.Random."""

    def __init__(self, plan: Plan, seed: int, policies: tuple):
        self.plan, self.r = plan, plan.extra
        r: Rules = plan.extra
        self.rng = random.Random(seed)
        self.policies, self.n = policies, len(policies)
        self.lift = tuple(g if g >= 0 else a for a, g in enumerate(r.group))
        if "ac-worth" not in plan.cache:  # per card: its effects on the Major Factors, and what it adds to income
            plan.cache["ac-worth"] = tuple(
                (None, 0.0) if kind in "VX" else (tuple((self.lift[a], d) for a, d in effects),
                                                  GROWTH * sum(d for a, d in effects if a in r.income))
                for kind, effects in zip(r.kinds, r.effects, strict=True))
        self.worth = plan.cache["ac-worth"]
        self.event_cards = frozenset(c for c, kind in enumerate(r.kinds) if kind == "V")
        self.faction = tuple(self.rng.sample(range(len(r.factions)), self.n)) if len(r.factions) >= self.n \
            else tuple(self.rng.randrange(len(r.factions)) for _ in range(self.n))
        size = len(r.group)
        self.vals = [[0] * size for _ in range(self.n)]
        self.bases = [r.start["Bases"]] * self.n
        self.units = [r.start["Units"]] * self.n
        self.credits = [r.start["Credits"] + r.factions[f].credits for f in self.faction]
        self.captured, self.streak, self.progress = [0] * self.n, [0] * self.n, [0] * self.n
        self.atrocity = [-99] * self.n
        self.facilities, self.projects, self.fac_md = [0] * self.n, [0] * self.n, [0] * self.n
        self.techs: list[list[int]] = [[] for _ in range(self.n)]  # own Techs in play
        self.known: list[set[int]] = [set() for _ in range(self.n)]  # own and marked Techs
        self.z: list[dict[str, int]] = [{} for _ in range(self.n)]
        self.hands: list[list[int]] = [[] for _ in range(self.n)]
        self.played: list[list[int]] = [[] for _ in range(self.n)]
        self.pile = list(plan.decks.get(plan.first_deck, ()))
        self.rng.shuffle(self.pile)
        self.discards: list[int] = []
        self.pacts: list[set[int]] = [set() for _ in range(self.n)]
        self.governor, self.turn, self.first, self.winner = -1, 0, 0, -1
        self.paths: tuple[int, ...] = ()
        self.stamp = [0] * self.n  # bumped whenever what a seat's victories read changes (its weights' cache key)
        self.changed = True  # something a victory reads has changed since the last check
        self.cached: list[tuple[int, tuple[list[float], float, float, float] | None]] = [(-1, None)] * self.n
        self.skip_conflict, self.conflict_over, self.extra_bases = False, False, [0] * self.n
        for seat, f in enumerate(self.faction):
            self.apply(seat, r.factions[f].start)
            self.draw(seat, r.hand_start + (plan.seat_start_cards[seat] if seat < len(plan.seat_start_cards) else 0))
            if seat < len(plan.seat_start_bonus):
                self.credits[seat] += plan.seat_start_bonus[seat] * r.numbers["extra card"]

    # --- state changes the phases share --------------------------------------------------

    def apply(self, seat: int, effects, sign: int = 1) -> None:
        """Each change to a Sub-factor also changes its Major Factor's total (kit choice factor-totals)."""
        values, group = self.vals[seat], self.r.group
        for attribute, delta in effects:
            values[attribute] += sign * delta
            if group[attribute] >= 0:
                values[group[attribute]] += sign * delta
        self.stamp[seat] += 1
        self.changed = True

    def draw(self, seat: int, count: int) -> None:
        for _ in range(count):
            if not self.pile:  # kit choice reshuffle: the discards are shuffled into a new deck
                self.pile, self.discards = self.discards, []
                self.rng.shuffle(self.pile)
                if not self.pile:
                    return
            self.hands[seat].append(self.pile.pop())

    def put_in_play(self, seat: int, card: int) -> None:
        r = self.r
        self.hands[seat].remove(card)
        self.played[seat].append(card)
        kind = r.kinds[card]
        self.apply(seat, r.effects[card])
        if kind == "T":
            self.techs[seat].append(card)
            self.known[seat].add(card)
        elif kind == "F":
            self.facilities[seat] += 1
            self.fac_md[seat] += sum(d for a, d in r.effects[card] if a == self.md)
        elif kind == "S":
            self.projects[seat] += 1

    @property
    def md(self) -> int:
        return self.r.codes["MD"]

    def touch(self, seat: int) -> None:
        """Something a victory reads other than a Score changed (the Governor, a capture)."""
        self.stamp[seat] += 1
        self.changed = True

    def lose(self, seat: int, credits: int) -> None:
        self.credits[seat] = max(0, self.credits[seat] - credits)

    def gain_units(self, seat: int, count: int) -> None:
        """Erratum unit-cap-at-start: the cap limits adding Units, never takes them away."""
        room = self.formula("Unit limit", seat) - self.units[seat]
        self.units[seat] += max(0, min(count, room))

    def dice(self, count: int, sides: int) -> int:
        return sum(self.rng.randint(1, sides) for _ in range(count))

    def formula(self, name: str, seat: int) -> int:
        expression, variables = self.r.formulas[name]
        values = self.vals[seat]
        return formula_function(expression)({letter: self.bases[seat] if q == BASES else values[q]
                                             for letter, q in variables})

    def order(self) -> list[int]:
        return [(self.first + i) % self.n for i in range(self.n)]

    # --- victory -----------------------------------------------------------------------------

    def met(self, seat: int) -> tuple[int, ...]:
        values, found = self.vals[seat], []
        for index, path in enumerate(self.r.paths):
            if path.any_threshold:
                if not any(values[a] > more for a, more in path.thresholds):
                    continue
            elif not all(values[a] > more for a, more in path.thresholds):
                continue
            if path.governor_turns and not (self.governor == seat and self.streak[seat] >= path.governor_turns):
                continue
            if path.captures and self.captured[seat] < path.captures:
                continue
            found.append(index)
        return tuple(found)

    def check_victory(self) -> bool:
        """The first player to achieve a Victory wins; in one phase, the first in turn order (kit choice first-player)."""
        if not self.changed:
            return False
        self.changed = False
        for seat in self.order():
            paths = self.met(seat)
            if paths:
                self.winner, self.paths = seat, paths
                return True
        return False

    def result(self) -> GameResult:
        return GameResult(self.winner, self.paths, self.turn, self.faction, tuple(tuple(p) for p in self.played))

    # --- what a choice is worth to a seat ------------------------------------------------------

    def weights(self, seat: int) -> tuple[list[float], float, float, float]:
        """(per attribute, the Governorship, a capture, closeness): how much a point brings each
        victory nearer, 1 / (1 + what the path still needs), summed over the paths."""
        stamp, cached = self.cached[seat]
        key = self.stamp[seat]
        if stamp == key and cached is not None:
            return cached
        values, w = self.vals[seat], [0.0] * len(self.vals[seat])
        governor = capture = close = 0.0
        for path in self.r.paths:
            gaps = [(max(0, more + 1 - values[a]), a) for a, more in path.thresholds]
            extra = max(0, path.governor_turns - (self.streak[seat] if self.governor == seat else 0)) * 3 + \
                max(0, path.captures - self.captured[seat]) * 5
            for part in ([[g] for g in gaps] if path.any_threshold else [gaps]):
                weight = 1.0 / (1 + sum(g for g, _ in part) + extra)
                close = max(close, weight)
                for gap, attribute in part:
                    w[attribute] += weight if gap else 0.0
                governor += weight if path.governor_turns else 0.0
                capture += weight if path.captures and self.captured[seat] < path.captures else 0.0
        cached = (w, governor, capture, close)
        self.cached[seat] = (key, cached)
        return cached

    def value(self, seat: int, card: int) -> float:
        """What putting `card` into play brings `seat` nearer to winning."""
        lifted, growth = self.worth[card]
        if lifted is None:
            return CARD
        w = self.weights(seat)[0]
        return growth + sum(delta * w[a] for a, delta in lifted)

    def closeness(self, seat: int) -> float:
        return self.weights(seat)[3]

    def threatened(self, seat: int) -> bool:
        r = self.r
        return any(self.units[o] > self.units[seat] and r.factions[self.faction[o]].attacks for o in range(self.n) if o != seat)
