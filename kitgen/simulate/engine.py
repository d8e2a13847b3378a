"""One game played from a Plan: setup, turns of phases, card plays, events and victory checks.

Stdlib only and deterministic: every random choice comes from the one random.Random the game is
seeded with. A policy per seat decides the choices the rules leave to a player: `random` takes any
legal play, `greedy` the one that most improves its best victory path (see value()).
"""
from __future__ import annotations

import random

from kitgen.simulate.plan import NO_CONDITION, Plan

RANDOM, GREEDY = 0, 1


class Table:
    """The state of one game. Seats play in order 0, 1, ...; seat 0 goes first."""

    def __init__(self, plan: Plan, seed: int, policies: tuple[int, ...]):
        self.plan = plan
        self.rng = random.Random(seed)
        self.players = len(policies)
        self.policies = policies
        self.deck_of = {}
        for deck, copies in plan.decks.items():
            for card in copies:
                self.deck_of[card] = deck
        factions = list(range(len(plan.factions)))
        if len(factions) >= self.players:
            self.factions = tuple(self.rng.sample(factions, self.players))
        else:
            self.factions = tuple(self.rng.choice(factions) if factions else -1 for _ in range(self.players))
        self.values = []
        for faction in self.factions:
            values = list(plan.start)
            for attribute, delta in (plan.factions[faction][1] if faction >= 0 else ()):
                values[attribute] += delta
            self.values.append(values)
        self.piles: dict[str, tuple[list[int], list[int]]] = {}  # deck -> (draw pile, discards)
        for deck, copies in plan.decks.items():
            pile = list(copies)
            self.rng.shuffle(pile)
            self.piles[deck] = (pile, [])
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.bonus = [0] * self.players
        self.played: list[list[int]] = [[] for _ in range(self.players)]
        self.winner = -1
        self.path = -1
        self.turn = 0
        self._mine: list[int] = []  # the seat weighing its choices (see _others)
        self._lead: list[int] = []
        self._total = 0

    # --- the game -------------------------------------------------------------------------

    def play(self) -> tuple:
        plan = self.plan
        by_phase = self.plan_order()
        for turn in range(1, plan.turns + 1):
            self.turn = turn
            for seat, phase in by_phase:
                if phase is None:  # a seat's turn is over
                    self.bonus[seat] = 0
                    continue
                name, trigger, actions = phase
                if trigger is not None and not self.extreme(seat, *trigger):
                    continue
                for action in actions:
                    self.act(seat, action)
                    if self.winner >= 0:
                        return self.result()
            self.end_of_turn()
            if self.winner >= 0:
                return self.result()
        return self.result()

    def plan_order(self) -> list:
        """(seat, phase) in playing order within a turn; (seat, None) ends a seat's turn."""
        seats = range(self.players)
        phases = self.plan.phases
        if self.plan.turn_structure == "phase-by-phase":
            return [(s, p) for p in phases for s in seats] + [(s, None) for s in seats]
        return [step for s in seats for step in [*((s, p) for p in phases), (s, None)]]

    def result(self) -> tuple:
        return (self.winner, self.path, self.turn, self.factions, tuple(tuple(p) for p in self.played))

    def extreme(self, seat: int, kind: str, attribute: int) -> bool:
        """A single highest (or lowest) score: ties reward (and punish) nobody."""
        mine = self.values[seat][attribute]
        others = [v[attribute] for i, v in enumerate(self.values) if i != seat]
        return all(mine > o for o in others) if kind == "highest" else all(mine < o for o in others)

    # --- actions --------------------------------------------------------------------------

    def act(self, seat: int, action: tuple) -> None:
        do, count, types, deck, attribute, table, delta, target, floor, die, on, from_turn = action
        if do == "draw":
            hand = self.hands[seat]
            for _ in range(count):
                card = self.draw(deck or self.plan.first_deck)
                if card < 0:
                    break
                hand.append(card)
        elif do == "play":
            for _ in range(count):
                if not self.play_one(seat, types):
                    break
        elif do == "discard":
            for _ in range(min(count, len(self.hands[seat]))):
                self.discard_one(seat)
        elif do == "discard-to-limit":
            while len(self.hands[seat]) > max(0, self.plan.hand_limit + self.bonus[seat]):  # a limit below 0: empty
                self.discard_one(seat)
        elif do == "change":
            for who in self.recipients(seat, target, -delta):
                self.change(seat, who, attribute if attribute >= 0 else self.roll_attribute(seat, who, table, delta),
                            delta, floor)
        elif do == "take":
            for who in self.recipients(seat, target, -count):
                a = attribute if attribute >= 0 else self.roll_attribute(seat, who, table, -count)
                taken = min(count, max(0, self.values[who][a] - (floor or 0)))
                self.values[who][a] -= taken
                self.values[seat][a] += taken
        elif do == "hand-size":
            self.bonus[seat] += delta
        elif do == "event":
            if self.turn >= from_turn:
                number, sides = die
                if sum(self.rng.randint(1, sides) for _ in range(number)) in on:
                    card = self.draw(deck)
                    if card >= 0:
                        self.resolve(seat, card)
                        self.piles[deck][1].append(card)
        elif do == "check-victory":
            self.check_victory(seat)

    def draw(self, deck: str) -> int:
        pile, discard = self.piles[deck]
        if not pile:
            if not discard:
                return -1
            pile.extend(discard)
            discard.clear()
            self.rng.shuffle(pile)
        return pile.pop()

    def play_one(self, seat: int, types: frozenset) -> bool:
        cards, kinds = self.plan.cards, self.plan.types
        hand = self.hands[seat]
        legal = [c for c in hand if kinds[cards[c][1]][0] in types]
        if not legal:
            return False
        card = self.choose_card(seat, legal, best=True)
        hand.remove(card)
        self.played[seat].append(card)
        self.resolve(seat, card)
        self.piles[self.deck_of[card]][1].append(card)
        return True

    def discard_one(self, seat: int) -> None:
        hand = self.hands[seat]
        card = self.choose_card(seat, hand, best=False)
        hand.remove(card)
        self.piles[self.deck_of[card]][1].append(card)

    def change(self, seat: int, who: int, attribute: int, delta: int, floor) -> None:
        if attribute < 0:
            return
        value = self.values[who][attribute] + delta
        self.values[who][attribute] = value if floor is None else max(floor, value)

    def recipients(self, seat: int, target: int, harm: int) -> list[int]:
        if target == 0:
            return [seat]
        if target == 1:
            return [self.choose_opponent(seat, harm)] if self.players > 1 else []
        if target == 2:
            return [p for p in range(self.players) if p != seat]
        return list(range(self.players))

    def roll_attribute(self, seat: int, who: int, table: str, delta: int) -> int:
        count, sides, entries = self.plan.tables[table]
        entry = entries[sum(self.rng.randint(1, sides) for _ in range(count))]
        if entry == -1:  # the roller picks
            return self.pick_attribute(seat, who, delta)
        return entry if isinstance(entry, int) else -1

    # --- cards ----------------------------------------------------------------------------

    def resolve(self, seat: int, card: int) -> None:
        name, kind_index, effects, actions = self.plan.cards[card]
        _, kind, options, votes = self.plan.types[kind_index]
        if kind == "vote":
            totals = [sum(v[a] for a in votes) for v in self.values]
            best = max(totals)
            if totals.count(best) != 1:
                return
            seat = totals.index(best)
            self.apply(seat, effects, NO_CONDITION)
        elif kind == "choice" and options:
            condition, table, rolls = self.choose_option(seat, effects, options)
            self.apply(seat, effects, self.plan.conditions.get(condition, NO_CONDITION))
            for _ in range(rolls):
                self.apply_row(seat, table)
        else:
            self.apply(seat, effects, NO_CONDITION)
        for action in actions:
            self.act(seat, action)

    def apply(self, seat: int, effects: tuple, condition: int) -> None:
        values = self.values
        for target, attribute, delta, needs in effects:
            if needs != NO_CONDITION and needs != condition:
                continue
            for who in self.recipients(seat, target, -delta):
                values[who][attribute] += delta

    def apply_row(self, seat: int, table: str) -> None:
        count, sides, entries = self.plan.tables[table]
        entry = entries[sum(self.rng.randint(1, sides) for _ in range(count))]
        if isinstance(entry, tuple):
            self.apply(seat, entry, NO_CONDITION)
        elif entry == -1:
            self.values[seat][self.pick_attribute(seat, seat, 1)] += 1
        elif entry >= 0:
            self.values[seat][entry] += 1

    # --- choices: what the policies decide ------------------------------------------------

    def choose_card(self, seat: int, cards: list[int], best: bool) -> int:
        if self.policies[seat] == RANDOM:
            return cards[int(self.rng.random() * len(cards))]
        self._others(seat)
        scored = [(self.gain(seat, self.plan.cards[c][2]), -i) for i, c in enumerate(cards)]
        pick = max(scored) if best else min(scored)
        return cards[-pick[1]]

    def choose_option(self, seat: int, effects: tuple, options: tuple) -> tuple:
        if self.policies[seat] == RANDOM:
            return options[int(self.rng.random() * len(options))]
        conditions = self.plan.conditions
        self._others(seat)
        scored = []
        for i, option in enumerate(options):
            wanted = conditions.get(option[0], NO_CONDITION)
            own = tuple(e for e in effects if e[3] in (NO_CONDITION, wanted))
            scored.append((self.gain(seat, own) + option[2] * 0.75, -i))  # a roll is worth about a point
        return options[-max(scored)[1]]

    def choose_opponent(self, seat: int, harm: int) -> int:
        others = [p for p in range(self.players) if p != seat]
        if self.policies[seat] == RANDOM:
            return others[int(self.rng.random() * len(others))]
        scores = [(standing(self.plan, self.values, p), -p) for p in others]
        return -(max(scores) if harm > 0 else min(scores))[1]  # hurt the leader, help the last

    def pick_attribute(self, seat: int, who: int, delta: int) -> int:
        count = len(self.plan.attributes)
        if self.policies[seat] == RANDOM:
            return int(self.rng.random() * count)
        best, pick = None, 0
        mine, others = list(self.values[who]), others_max(self.values, who)
        for attribute in range(count):
            mine[attribute] += delta
            score = value(self.plan, mine, others)
            mine[attribute] -= delta
            score = score if who == seat else -score
            if best is None or score > best:
                best, pick = score, attribute
        return pick

    def gain(self, seat: int, effects: tuple) -> float:
        """How good the seat's best victory path is after these effects (on itself)."""
        lead, mine, total = list(self._lead), self._mine, self._total
        changed = []
        for target, a, d, _ in effects:
            if target == 0 or target == 3:
                lead[a] += d
                total += d
                changed.append((a, d))
        if changed and self.plan.has_thresholds:
            mine = list(mine)
            for a, d in changed:
                mine[a] += d
        return weigh(self.plan.fast_paths, lead, mine) + total / 100

    def _others(self, seat: int) -> None:
        """Ready gain() for this seat: the others' scores do not change while it weighs its choices."""
        self._mine = self.values[seat]
        self._lead = list(map(int.__sub__, self._mine, others_max(self.values, seat)))
        self._total = sum(self._mine)

    # --- victory --------------------------------------------------------------------------

    def check_victory(self, seat: int) -> None:
        for index, path in enumerate(self.plan.paths):
            after, at_end = path[1], path[2]
            if at_end is not None or (after is not None and self.turn <= after):
                continue
            if meets(self.plan, self.values, seat, path):
                self.winner, self.path = seat, index
                return

    def end_of_turn(self) -> None:
        for index, path in enumerate(self.plan.paths):
            if path[2] == self.turn:
                winners = [p for p in range(self.players) if meets(self.plan, self.values, p, path)]
                if len(winners) == 1:
                    self.winner, self.path = winners[0], index
                    return


def others_max(values: list, seat: int) -> list[int]:
    """The best score any other player has, per attribute."""
    others = [v for i, v in enumerate(values) if i != seat]
    return list(map(max, *others)) if len(others) > 1 else list(others[0]) if others else [0] * len(values[0])


def meets(plan: Plan, values: list, seat: int, path: tuple) -> bool:
    _, _, _, highest, highest_any, margin, most, thresholds, any_threshold = path
    mine, best = values[seat], others_max(values, seat)
    need = max(margin, 1)  # "highest" is strictly ahead; a margin asks for that many points
    if highest and min(mine[a] - best[a] for a in highest) < need:
        return False
    if highest_any and max(mine[a] - best[a] for a in highest_any) < need:
        return False
    if most:
        ahead = [sum(map(int.__gt__, v, others_max(values, p))) for p, v in enumerate(values)]
        if ahead[seat] == 0 or any(c >= ahead[seat] for i, c in enumerate(ahead) if i != seat):
            return False
    if thresholds:
        met = [mine[a] > more for a, more in thresholds]
        if not (any(met) if any_threshold else all(met)):
            return False
    return bool(highest or highest_any or most or thresholds)


def value(plan: Plan, mine: list, best: list) -> float:
    """A seat's best victory path as a number, from its scores and the best of the others': the
    smallest lead it still needs there (greedy's guide), plus a hundredth of its total so that
    growth counts when no path is in sight."""
    return weigh(plan.fast_paths, list(map(int.__sub__, mine, best)), mine) + sum(mine) / 100


def weigh(paths: tuple, lead: list, mine: list) -> float:
    """The best path's smallest lead still needed, from each attribute's lead over the others."""
    top = None
    for highest, highest_any, margin, ahead, thresholds, any_threshold in paths:
        worst = min(highest(lead)) - margin if highest else None
        if worst is not None and top is not None and worst <= top:
            continue  # the other parts can only lower this path: it cannot beat the best one
        if highest_any:
            part = max(highest_any(lead)) - margin
            worst = part if worst is None or part < worst else worst
        if thresholds:
            gaps = [mine[a] - more for a, more in thresholds]
            part = max(gaps) if any_threshold else min(gaps)
            worst = part if worst is None or part < worst else worst
        if ahead:
            part = len([x for x in lead if x > 0]) - ahead
            worst = part if worst is None or part < worst else worst
        if worst is not None and (top is None or worst > top):
            top = worst
    return top or 0


def standing(plan: Plan, values: list, seat: int) -> float:
    return value(plan, values[seat], others_max(values, seat))


def play_game(plan: Plan, seed: int, policies: tuple[int, ...]) -> tuple:
    """(winner seat or -1, victory path index or -1, turns played, faction per seat, cards played per seat)."""
    return Table(plan, seed, policies).play()
