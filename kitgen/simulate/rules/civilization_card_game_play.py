"""One game of Civilization: The Card Game from what civilization_card_game compiled: setup (plots
dealt and drafted, the free Population, the starting hands), then each player's turn of four steps
(Collect, Purchasing, Combat, Draw and Discard) until the last Technology is bought, when the most
Victory Points win (tiebreakers: Technologies, then Populations). Every random choice comes from
one random.Random; every choice a player makes goes through `decide`. Stdlib only.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.rules import decide

if TYPE_CHECKING:
    from kitgen.simulate.compile.plan import Plan

# Indices into CardRules.fields (civilization_card_game.CARD_FIELDS).
TECH_OFF, BUILD_OFF, WONDER_OFF, POP_OFF, PLOT_OFF, TRADE, EXTRA_DRAW, PER_PLOT, FOOD_TIMES, BOUNCES, \
    FREE_POP, HAMMERS_PER_PLOT, STEAL_CARDS, STEAL_RESOURCES = range(14)


class Seat:
    """One player's empire: resources by index, plots as [plot card, Population, [buildings]],
    Technologies bought, the hand, the once-only Technologies used, and the cards played."""
    __slots__ = ("res", "plots", "techs", "hand", "used", "played", "sums")

    def __init__(self, resources: int) -> None:
        self.res = [0] * resources
        self.plots: list[list[Any]] = []
        self.techs: list[int] = []
        self.hand: list[int] = []
        self.used: set[int] = set()
        self.played: list[int] = []
        self.sums: tuple[int, ...] = ()  # Culture, Happiness, points, then each card field: see Civ.refresh

    def in_play(self):
        yield from self.techs
        for plot in self.plots:
            yield from plot[2]


class Civ:
    """The state of one game; seat 0 sits to the dealer's left and plays first."""

    def __init__(self, plan: Plan, seed: int, policies: tuple) -> None:
        self.plan, self.rules = plan, plan.extra
        self.cards = self.rules.cards
        self.rng = random.Random(seed)
        self.policies = policies
        self.n = len(policies)
        self.seats = [Seat(len(self.rules.resources)) for _ in range(self.n)]
        self.memo: dict[tuple, int] = {}
        plot_deck, tech_deck, play_deck = self.rules.decks
        self.plot_pile, self.tech_pile = self.shuffled(plot_deck), self.shuffled(tech_deck)
        self.play_pile = self.shuffled(play_deck)
        self.discards: list[int] = []
        self.plot_show: list[int] = []
        self.tech_show: list[int] = []
        self.over, self.turn, self.winner = False, 0, -1
        self.hammer = next(c.pays for c in self.cards if c.role == "building")
        self.lowest = self.rules.number("Lowest cost")

    def shuffled(self, deck: str) -> list[int]:
        pile = list(self.plan.decks.get(deck, ()))
        self.rng.shuffle(pile)
        return pile

    def number(self, name: str) -> int:
        return self.rules.number(name)

    def formula(self, name: str, **values: int) -> int:
        key = (name, *values.items())
        if key not in self.memo:
            self.memo[key] = self.rules.formula(name, **values)
        return self.memo[key]

    def refresh(self, seat: Seat) -> None:
        """Culture, Happiness, Victory Points of cards, and each card field, summed over what is in play."""
        culture = happiness = points = 0
        fields = [0] * 14
        for card in seat.in_play():
            rules = self.cards[card]
            culture += rules.culture
            happiness += rules.happiness
            points += rules.points
            fields = [a + b for a, b in zip(fields, rules.fields, strict=True)]
        seat.sums = (culture, happiness, points, *fields)

    def field(self, seat: Seat, index: int) -> int:
        return seat.sums[3 + index]

    def points(self, seat: Seat) -> int:
        return seat.sums[2] + sum(plot[1] for plot in seat.plots) * self.cards[self.rules.population].points

    def standing(self, seat: Seat) -> tuple[int, int, int]:
        """What decides the winner: Victory Points, then Technologies, then Populations."""
        return self.points(seat), len(seat.techs), sum(plot[1] for plot in seat.plots)

    def status(self, which: int) -> int:
        """The seat with Highest Culture (which 0) or Highest Happiness (1), or -1: the single highest
        score, above (Culture) or at least (Happiness) the rule's number; a tie gives it to nobody."""
        scores = [seat.sums[which] for seat in self.seats]
        best = max(scores)
        floor = self.number("Highest Culture above") + 1 if which == 0 else self.number("Highest Happiness from")
        return scores.index(best) if best >= floor and scores.count(best) == 1 else -1

    def draw(self) -> int:
        if not self.play_pile and self.discards:  # kit choice reshuffle
            self.play_pile, self.discards = self.discards, []
            self.rng.shuffle(self.play_pile)
        return self.play_pile.pop() if self.play_pile else -1

    def refill(self) -> None:
        on_display = self.number("On display")
        while len(self.plot_show) < on_display and self.plot_pile:
            self.plot_show.append(self.plot_pile.pop())
        while len(self.tech_show) < on_display and self.tech_pile:
            self.tech_show.append(self.tech_pile.pop())

    def worth(self, card: int) -> float:
        """What a card in play brings a player besides Victory Points (greedy's weight)."""
        values = self.plan.cache.get("civ-worth")
        if values is None:
            values = self.plan.cache["civ-worth"] = tuple(_worth(rules) for rules in self.cards)
        return values[card]

    def decide(self, seat: int, options: list, score) -> Any:
        return decide(self.policies[seat], self.rng, options, score)


def _worth(rules) -> float:
    """0.4 a resource of yield a turn, 0.2 a point of Culture or Happiness, 0.3 a discount, draw or bounce."""
    fields = rules.fields
    return (0.4 * sum(rules.yields) + 0.2 * (rules.culture + rules.happiness)
            + 0.3 * sum(fields[TECH_OFF:PLOT_OFF + 1]) + 0.3 * (fields[EXTRA_DRAW] + fields[BOUNCES])
            + 0.5 * (fields[PER_PLOT] > 0) + 0.4 * (fields[FOOD_TIMES] > 0) + 1.0 * fields[FREE_POP]
            + 0.3 * (fields[TRADE] > 0) + 0.2 * (fields[HAMMERS_PER_PLOT] + fields[STEAL_CARDS] + fields[STEAL_RESOURCES]))


def play(plan: Plan, seed: int, policies: tuple, budget: int) -> GameResult:
    """One game: setup, then turns until the last Technology is bought (or the lab's bound)."""
    from kitgen.simulate.rules.civilization_card_game_turn import set_up, take_turn

    game = Civ(plan, seed, policies)
    set_up(game)
    for turn in range(1, plan.turns + 1):
        game.turn = turn
        for seat in range(game.n):
            take_turn(game, seat)
            if game.over:
                return result(game)
    return result(game)


def result(game: Civ) -> GameResult:
    if game.over:
        standings = [game.standing(seat) for seat in game.seats]
        best = max(standings)
        game.winner = standings.index(best) if standings.count(best) == 1 else -1  # kit choice final-tie
    return GameResult(game.winner, (0,) if game.winner >= 0 else (), game.turn, (-1,) * game.n,
                      tuple(tuple(seat.played) for seat in game.seats))
