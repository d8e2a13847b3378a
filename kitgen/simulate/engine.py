"""One game played from a Plan: setup, turns of phases, card plays, events and victory checks.

Stdlib only and deterministic: every random choice comes from the one random.Random the game is
seeded with. The rules vocabulary is the ACTIONS registry (actions.py, one function per `do:`
name); the choices the rules leave to a player go to the seat's policy (policies.py).
"""
from __future__ import annotations

import random
from bisect import bisect_right
from typing import NamedTuple

from kitgen.simulate.actions import ACTIONS, act_draw, dice_total
from kitgen.simulate.conditions import in_game, test
from kitgen.simulate.policies import OTHER_THREE
from kitgen.simulate.vocabulary import Ordered, State, bound, copy_state, living
from kitgen.simulate.vocabulary_turns import round_end, turn_over
from kitgen.simulate.compile.plan import (ALL_OTHERS, ANY_ATTRIBUTE, NO_CONDITION, SELF, TARGET_PLAYER, Change,
                                          PathPlan, PhasePlan, Plan, Step)


class Moment(NamedTuple):
    """One entry of a game's schedule: a seat's phase; phase None ends the seat's turn; seat -1
    ends the round (turn number), where end-of-turn victories are checked."""
    turn: int
    seat: int
    phase: PhasePlan | None


class GameResult(NamedTuple):
    winner: int  # seat, or -1: nobody won
    paths: tuple[int, ...]  # every victory path the winner met when it won (indices into Plan.paths)
    turn: int  # the turn the game ended in
    factions: tuple[int, ...]  # per seat
    played: tuple[tuple[int, ...], ...]  # card indices each seat played, in order


def schedule(plan: Plan, players: int) -> tuple[Moment, ...]:
    """Every moment of a game in playing order (kept on the plan: every game of a run shares it)."""
    key = f"schedule-{players}"
    if key not in plan.cache:
        seats, moments = range(players), []
        order: list[tuple[int, PhasePlan | None]]
        for turn in range(1, plan.turns + 1):
            if plan.turn_structure == "phase-by-phase":
                order = [(s, p) for p in plan.phases for s in seats] + [(s, None) for s in seats]
            else:
                order = [(s, p) for s in seats for p in (*plan.phases, None)]
            moments += [Moment(turn, s, p) for s, p in order] + [Moment(turn, -1, None)]
        plan.cache[key] = tuple(moments)
    return plan.cache[key]


class Table:
    """The state of one game. Seats play in order 0, 1, ...; seat 0 goes first."""

    def __init__(self, plan: Plan, seed: int, policies: tuple, budget: int = 64):
        self.plan = plan
        self.budget = budget  # what a searching policy may spend on a decision (mcts: rollouts)
        self.rng = random.Random(seed)
        self.players = len(policies)
        self.policies = policies  # a Policy per seat (kitgen.simulate.policies)
        self.factions = self._deal_factions()
        self.values = [self._start_values(f) for f in self.factions]
        self.piles: dict[str, tuple[list[int], list[int]]] = {}
        for deck, copies in plan.decks.items():
            pile = list(copies)
            self.rng.shuffle(pile)
            self.piles[deck] = (pile, [])
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.bonus = [0] * self.players
        self.played: list[list[int]] = [[] for _ in range(self.players)]
        self.winner, self.turn, self.moment = -1, 0, 0
        self.ending = False  # the end of a round: what `end_of_turn:` conditions wait for
        self.paths: tuple[int, ...] = ()
        self.deck_of = deck_of(plan)
        self.plain = plain_effects(plan)
        # zones, flags ... of a game that uses the vocabulary; None (typed as State: only its steps read it)
        self.state: State = State(self) if plan.vocabulary is not None else None  # type: ignore[assignment]
        self._seat_handicaps()

    def _deal_factions(self) -> tuple[int, ...]:
        factions = list(range(len(self.plan.factions)))
        if len(factions) >= self.players:
            return tuple(self.rng.sample(factions, self.players))
        return tuple(self.rng.choice(factions) if factions else -1 for _ in range(self.players))

    def _start_values(self, faction: int) -> list[int]:
        values = list(self.plan.start)
        for attribute, delta in (self.plan.factions[faction].start if faction >= 0 else ()):
            values[attribute] += delta
        return values

    def _seat_handicaps(self) -> None:
        """The candidate seat fixes: extra start cards or points by seat (none in a printed game)."""
        for seat, bonus in enumerate(self.plan.seat_start_bonus[:self.players]):
            compared = self.plan.compared or len(self.values[seat])  # attributes, not the counters after them
            self.values[seat] = [v + bonus if i < compared else v for i, v in enumerate(self.values[seat])]
        for seat, cards in enumerate(self.plan.seat_start_cards[:self.players]):
            act_draw(self, seat, Step("draw", cards, frozenset(), "", -2, "", 0, 0, None, (0, 0), frozenset(), 1))

    def clone(self, seed: int) -> Table:
        """A copy to think ahead in, with its own dice: a player who looks ahead cannot see the rolls."""
        other = object.__new__(Table)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random(seed)
        other.values = [list(v) for v in self.values]
        other.piles = {deck: (list(pile), list(discard)) for deck, (pile, discard) in self.piles.items()}
        other.hands = [list(h) for h in self.hands]
        other.bonus = list(self.bonus)
        other.played = [list(p) for p in self.played]
        other.state = copy_state(self.state)
        return other

    # --- the game -------------------------------------------------------------------------

    def play(self, start: int = 0, until_turn: int = 0) -> GameResult:
        """Play the schedule from moment `start` to the end (or to the end of turn `until_turn`).
        A phase is played here, not in a method of its own: this loop runs some 750 times a game,
        and most of its phases are a trigger that fails (a single highest or lowest score): such a
        moment changes nothing, not even the turn and moment kept on the table."""
        moments = schedule(self.plan, self.players)
        stop = len(moments)
        if until_turn:  # the moments are in turn order: the first of a later turn ends the loop
            stop = bisect_right(moments, until_turn, start, stop, key=lambda moment: moment.turn)
        vocabulary = self.state is not None  # the vocabulary's zones, flags, order of play, the end
        values = self.values  # its rows change in place; the list is never replaced during play
        if vocabulary and (self.plan.vocabulary.order or self.plan.vocabulary.eliminate is not None):
            moments = Ordered(self, moments)  # type: ignore[assignment]
        for index in range(start, stop):
            turn, seat, phase = moments[index]
            if phase is None:
                self.turn, self.moment = turn, index
                if seat >= 0:
                    self.bonus[seat] = 0  # a seat's turn is over
                else:
                    if vocabulary:
                        round_end(self)  # scoring schedules, flag streaks
                    self.end_of_turn()
                if vocabulary and turn_over(self, seat):
                    break
            elif phase.trigger is None or extreme(values, seat, phase.trigger):
                self.turn, self.moment = turn, index
                for step in phase.actions:
                    ACTIONS[step.do](self, seat, step)
                    if self.winner >= 0:
                        break
            else:
                continue
            if self.winner >= 0:
                break
        return self.result()

    def result(self) -> GameResult:
        return GameResult(self.winner, self.paths, self.turn, self.factions, tuple(tuple(p) for p in self.played))

    def extreme(self, seat: int, kind: str, attribute: int) -> bool:
        """A single highest (or lowest) score (the module's extreme(), which play() calls directly)."""
        return extreme(self.values, seat, (kind, attribute))

    # --- what actions use -----------------------------------------------------------------

    def draw(self, deck: str) -> int:
        pile, discard = self.piles[deck]
        if not pile:
            if not discard:
                return -1
            pile.extend(discard)
            discard.clear()
            self.rng.shuffle(pile)
        return pile.pop()

    def play_card(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.played[seat].append(card)
        self.resolve(seat, card)
        self.piles[self.deck_of[card]][1].append(card)

    def recipients(self, seat: int, target: int, harm: int) -> list[int]:
        """Who an effect reaches; `harm` > 0 when it hurts them (a policy picks a target player)."""
        if target == SELF:
            return [seat]
        if self.state is not None and any(self.state.out):  # eliminate: the players out are no one's target
            return living(self, seat, target, harm)
        if target == TARGET_PLAYER:
            return [self.policies[seat].choose_opponent(self, seat, harm)] if self.players > 1 else []
        if target == ALL_OTHERS:
            return [p for p in range(self.players) if p != seat]
        return list(range(self.players))

    def roll(self, table: str) -> object:
        plan_table = self.plan.tables[table]
        return plan_table.entries[dice_total(self.rng, plan_table.count, plan_table.sides)]

    def roll_attribute(self, seat: int, who: int, table: str, delta: int) -> int:
        entry = self.roll(table)
        if entry == ANY_ATTRIBUTE:  # the roller picks
            return self.policies[seat].pick_attribute(self, seat, who, delta)
        return entry if isinstance(entry, int) else -1

    # --- cards ----------------------------------------------------------------------------

    def resolve(self, seat: int, card: int) -> None:
        plain = self.plain[card]
        if plain is not None:  # most cards: their own points, nothing to vote, choose or do
            row = self.values[seat]
            for attribute, delta in plain:
                row[attribute] += delta
            return
        plan_card = self.plan.cards[card]
        kind = self.plan.types[plan_card.kind]
        if kind.resolve == "vote":
            totals = [sum(v[a] for a in kind.votes) for v in self.values]
            best = max(totals)
            if totals.count(best) != 1:
                return
            self.apply(totals.index(best), plan_card.effects, NO_CONDITION)
        elif kind.resolve == "choice" and kind.options:
            option = self.policies[seat].choose_option(self, seat, card, kind.options)
            self.apply(seat, plan_card.effects, self.plan.conditions.get(option.condition, NO_CONDITION))
            for _ in range(option.rolls):
                self.apply_row(seat, option.table)
        else:
            self.apply(seat, plan_card.effects, NO_CONDITION)
        if plan_card.actions and self.state is not None:
            bound(self)  # the card's effects held to each counter's min and max before its steps see them
        for step in plan_card.actions:
            ACTIONS[step.do](self, seat, step)

    def apply(self, seat: int, effects: tuple[Change, ...], condition: int) -> None:
        values = self.values
        for target, attribute, delta, needs in effects:
            if needs != NO_CONDITION and needs != condition:
                continue
            if target == SELF:  # most effects: no list of recipients to make
                values[seat][attribute] += delta
                continue
            for who in self.recipients(seat, target, -delta):
                values[who][attribute] += delta

    def apply_row(self, seat: int, table: str) -> None:
        entry = self.roll(table)
        if isinstance(entry, tuple):
            self.apply(seat, entry, NO_CONDITION)
        elif entry == ANY_ATTRIBUTE:
            self.values[seat][self.policies[seat].pick_attribute(self, seat, seat, 1)] += 1
        elif isinstance(entry, int) and entry >= 0:
            self.values[seat][entry] += 1

    # --- victory --------------------------------------------------------------------------

    def out(self, seat: int) -> bool:
        """The seat is out of the game (eliminate:)."""
        return self.state is not None and self.state.out[seat]

    def ends(self, seat: int) -> bool:
        """The game_end condition holds after the seat's turn (for that seat), or at the end of a round
        (for any seat: `end_of_turn` holds only then)."""
        if seat >= 0:
            return test(self.plan.game_end, self, seat)  # type: ignore[arg-type]
        self.ending = True
        over = any(test(self.plan.game_end, self, p) for p in in_game(self))  # type: ignore[arg-type]
        self.ending = False
        return over

    def met(self, seat: int, path: PathPlan) -> bool:
        """The seat meets the path now: the engine's fast fields, or the path's compiled condition."""
        return meets(self.values, seat, path) if path.when is None else test(path.when, self, seat)

    def check_victory(self, seat: int) -> None:
        live = live_paths(self.plan, self.turn)
        if not live:
            return  # before the first turn a path counts (Galactic Civ: turns 1-10), nothing to check
        values, best = self.values, others_max(self.values, seat)
        mine, met = values[seat], []
        for index, path, first, need in live:
            if first >= 0 and mine[first] - best[first] < need:
                continue  # not far enough ahead in its first `highest` attribute: meets() would stop there
            if meets(values, seat, path, best) if path.when is None else test(path.when, self, seat):
                met.append(index)
        if met:
            self.winner, self.paths = seat, tuple(met)

    def end_of_turn(self) -> None:
        self.ending = True  # `end_of_turn:` conditions hold now
        try:
            self._end_of_turn()
        finally:
            self.ending = False

    def _end_of_turn(self) -> None:
        if self.plan.victory_at_round_end:
            self.round_victory()
            if self.winner >= 0:
                return
        for path in self.plan.paths:
            if path.at_end_of_turn == self.turn and not path.at_game_end:
                winners = [p for p in range(self.players) if self.met(p, path) and not self.out(p)]
                if len(winners) == 1:
                    self.winner = winners[0]
                    self.paths = tuple(i for i, other in enumerate(self.plan.paths)
                                       if other.at_end_of_turn == self.turn and not other.at_game_end
                                       and self.met(self.winner, other))
                    return

    def game_over(self) -> None:
        """The game ends early (game_end): the single player who meets a `game_over` path wins it;
        two or more, or none: nobody wins."""
        met = [tuple(i for i, path in enumerate(self.plan.paths) if path.at_game_end and self.met(p, path))
               if not self.out(p) else () for p in range(self.players)]
        winners = [p for p in range(self.players) if met[p]]
        if len(winners) == 1:
            self.winner, self.paths = winners[0], met[winners[0]]


    def round_victory(self) -> None:
        """Victory checked at the end of a round for every player: one who meets a path wins; two
        or more tie, and a tie wins nothing (the seed's rule for ties)."""
        met = [tuple(i for i, path in enumerate(self.plan.paths) if path.at_end_of_turn is None
                     and (path.after_turn is None or self.turn > path.after_turn) and not path.at_game_end
                     and self.met(p, path))
               for p in range(self.players)]
        winners = [p for p in range(self.players) if met[p]]
        if len(winners) == 1:
            self.winner, self.paths = winners[0], met[winners[0]]


def extreme(values: list[list[int]], seat: int, trigger: tuple[str, int]) -> bool:
    """A single highest (or lowest) score: ties reward (and punish) nobody. Counted without a list,
    and given up at the second player as high (low): most triggers fail, at the first or second."""
    kind, attribute = trigger
    mine, level = values[seat][attribute], 0
    if len(values) == 4:  # the usual table: the three others compared directly, the first that fails ends it
        i, j, k = OTHER_THREE[seat]
        if kind == "highest":
            return mine > values[i][attribute] and mine > values[j][attribute] and mine > values[k][attribute]
        return mine < values[i][attribute] and mine < values[j][attribute] and mine < values[k][attribute]
    if kind == "highest":
        for row in values:
            if row[attribute] >= mine:
                level += 1
                if level > 1:
                    return False
        return True
    for row in values:
        if row[attribute] <= mine:
            level += 1
            if level > 1:
                return False
    return True


def deck_of(plan: Plan) -> dict[int, str]:
    if "deck-of" not in plan.cache:
        plan.cache["deck-of"] = {card: deck for deck, copies in plan.decks.items() for card in copies}
    return plan.cache["deck-of"]


def plain_effects(plan: Plan) -> list[tuple[tuple[int, int], ...] | None]:
    """Per card, the (attribute, delta) pairs that are all resolve() does with it when that is only
    to add points to its player (resolved as `effects`, each on SELF, no actions; an effect with a
    condition is left out, as apply() leaves it out with none); None for any other card."""
    if "plain-effects" not in plan.cache:
        plain: list[tuple[tuple[int, int], ...] | None] = []
        for card in plan.cards:
            kind = plan.types[card.kind]
            other = kind.resolve == "vote" or (kind.resolve == "choice" and kind.options) or card.actions
            plain.append(None if other or any(effect.target != SELF for effect in card.effects) else
                         tuple((e.attribute, e.delta) for e in card.effects if e.condition == NO_CONDITION))
        plan.cache["plain-effects"] = plain
    return plan.cache["plain-effects"]


def live_paths(plan: Plan, turn: int) -> tuple[tuple[int, PathPlan, int, int], ...]:
    """The paths a player can meet at the end of its own turn in `turn`: (index, path, the first of
    its `highest` attributes or -1, the lead that attribute needs), kept on the plan per turn:
    check_victory runs at every End Phase and passes over most paths by that one attribute."""
    try:  # one look-up, no empty dict made for setdefault
        return plan.cache["live-paths"][turn]
    except KeyError:
        known = plan.cache.setdefault("live-paths", {})[turn] = tuple(
            (i, path, path.highest[0] if path.highest and path.when is None else -1, max(path.margin, 1))
            for i, path in enumerate(plan.paths) if path.at_end_of_turn is None and not path.at_game_end
            and (path.after_turn is None or turn > path.after_turn))
        return known


def others_max(values: list[list[int]], seat: int) -> list[int]:
    """The best score any other player has, per attribute."""
    if len(values) == 4:  # the usual table
        i, j, k = OTHER_THREE[seat]
        return list(map(max, values[i], values[j], values[k]))
    others = [v for i, v in enumerate(values) if i != seat]
    if len(others) > 1:
        return list(map(max, *others))
    return list(others[0]) if others else [0] * len(values[0])


def meets(values: list[list[int]], seat: int, path: PathPlan, best: list[int] | None = None) -> bool:
    """Whether the seat meets the path (`best`: others_max of the seat, when the caller has it)."""
    mine = values[seat]
    if best is None:
        best = others_max(values, seat)
    need = max(path.margin, 1)  # "highest" is strictly ahead; a margin asks for that many points
    for attribute in path.highest:  # a loop, not min() over a generator: most checks fail at the first
        if mine[attribute] - best[attribute] < need:
            return False
    if path.highest_any and all(mine[a] - best[a] < need for a in path.highest_any):
        return False
    if path.most:
        ahead = [sum(map(int.__gt__, v, others_max(values, p))) for p, v in enumerate(values)]
        if ahead[seat] == 0 or any(c >= ahead[seat] for i, c in enumerate(ahead) if i != seat):
            return False
    if path.thresholds:
        met = [mine[a] > more for a, more in path.thresholds]
        if not (any(met) if path.any_threshold else all(met)):
            return False
    return bool(path.highest or path.highest_any or path.most or path.thresholds)


def play_game(plan: Plan, seed: int, policies: tuple, budget: int = 64) -> GameResult:
    return Table(plan, seed, policies, budget).play()
