"""Galactic Supremacy's table and its seven phases (Draw, Production, Command, Build, Attack, Move,
Research) for one game; combat and the Command uses are in galactic_supremacy_war.py. Every
choice goes through `decide` with the seat's policy; every die through the game's one Random."""
from __future__ import annotations

import random

from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.compile.plan import ANY_ATTRIBUTE, Plan
from kitgen.simulate.rules import decide
from kitgen.simulate.rules.galactic_supremacy import EXCHANGES, FLEET, HOME, LEADER, RESEARCH, SECTOR
from kitgen.simulate.rules.galactic_supremacy_war import War

KEEP = (2.0, 3.0, 2.5, 2.2, 1.5, 0.0)  # greedy: what a card in hand is worth, by kind (to discard the least)


class Sector:
    """A Sector in play (the Homeworld too), with the Fleets attached to it (True: the Fleet has a
    Leader attached) and whether a Leader is attached to the Sector itself."""
    __slots__ = ("card", "home", "leader", "fleets")

    def __init__(self, card: int, home: bool, leader: bool = False, fleets: list[bool] | None = None):
        self.card, self.home, self.leader, self.fleets = card, home, leader, fleets if fleets is not None else []


class Empire:
    __slots__ = ("credits", "tech", "hand", "sectors", "alive", "played")

    def __init__(self, tech: list[int], credits: int, home: int):
        self.credits, self.tech, self.hand = credits, tech, list[int]()
        self.sectors, self.alive, self.played = [Sector(home, True)], True, list[int]()


class Galaxy(War):
    def __init__(self, plan: Plan, seed: int, policies: tuple):
        x = self.x = plan.extra
        self.plan, self.policies, self.players = plan, policies, len(policies)
        self.rng = random.Random(seed)
        decks = list(plan.decks)
        self.pile, self.discard = list(plan.decks[decks[0]]), []
        self.rng.shuffle(self.pile)
        homes = plan.decks[decks[1]] if len(decks) > 1 else (x.card_of[HOME],)
        start = list(plan.start)
        self.empires = [Empire(start[:], start[x.credits], homes[s % len(homes)]) for s in range(self.players)]
        for seat, empire in enumerate(self.empires):
            bonus = plan.seat_start_bonus[seat] if seat < len(plan.seat_start_bonus) else 0
            empire.tech = [v + bonus for v in empire.tech]
            empire.credits += bonus
            extra = plan.seat_start_cards[seat] if seat < len(plan.seat_start_cards) else 0
            self.draw(empire, x.setup_draw + extra)
        self.turn, self.winner = 0, -1
        self.peace: set[int] = set()
        self.surprise, self.tactical, self.extra_attacks = False, 0, 0

    def play(self) -> GameResult:
        for turn in range(1, self.plan.turns + 1):
            self.turn = turn
            for seat in range(self.players):
                if self.empires[seat].alive:
                    self.take_turn(seat)
                    if self.winner >= 0:
                        return self.result()
        return self.result()

    def result(self) -> GameResult:
        return GameResult(self.winner, (0,) if self.winner >= 0 else (), self.turn, (-1,) * self.players,
                          tuple(tuple(e.played) for e in self.empires))

    def take_turn(self, seat: int) -> None:
        self.peace.clear()
        self.surprise, self.tactical, self.extra_attacks = False, 0, 0
        self.draw_phase(seat)
        self.production(self.empires[seat])
        self.command_phase(seat)
        self.build_phase(seat)
        self.attack_phase(seat)
        if self.winner < 0:
            self.move_phase(seat)
            self.research_phase(seat)

    # --- cards ------------------------------------------------------------------------------

    def draw_card(self) -> int:
        if not self.pile:
            self.pile, self.discard = self.discard, []  # the deck ran out: shuffle the discard
            self.rng.shuffle(self.pile)
        return self.pile.pop() if self.pile else -1

    def draw(self, empire: Empire, count: int) -> None:
        for _ in range(count):
            card = self.draw_card()
            if card >= 0:
                empire.hand.append(card)

    def economy(self, empire: Empire) -> int:
        """Levels above the first in all of Terraforming, Industry and Energy."""
        return min(empire.tech[t] for t in self.x.economy) - self.plan.start[self.x.economy[0]]

    def hand_limit(self, empire: Empire) -> int:
        return self.plan.hand_limit + self.economy(empire)

    # --- 1. Draw Phase ------------------------------------------------------------------------

    def draw_phase(self, seat: int) -> None:
        empire, x, policy = self.empires[seat], self.x, self.policies[seat]
        self.draw(empire, x.draw)
        if empire.credits >= x.extra_draw_cost:
            room = len(empire.hand) < self.hand_limit(empire) and empire.credits >= x.extra_draw_cost + x.cost[FLEET]
            if decide(policy, self.rng, (False, True), lambda buy: (1.0 if room else -1.0) if buy else 0.0):
                empire.credits -= x.extra_draw_cost
                self.draw(empire, x.extra_draw)
        self.exchange(seat)
        limit = self.hand_limit(empire)
        while len(empire.hand) > limit:
            card = decide(policy, self.rng, sorted(set(empire.hand)), lambda c: -KEEP[x.kind_of[c]])
            empire.hand.remove(card)
            self.discard.append(card)

    def exchange(self, seat: int) -> None:
        """Exploration, The Draft, Military Intelligence, Military R&D: discard one kind to draw;
        keep the card drawn only if it is the kind the exchange names."""
        empire, kind_of = self.empires[seat], self.x.kind_of
        while True:
            kinds = {kind_of[c] for c in empire.hand}
            options = [None, *(pair for pair in EXCHANGES if pair[0] in kinds)]
            pair = decide(self.policies[seat], self.rng, options, lambda p: 0.0 if p is None else -1.0)
            if pair is None:
                return
            card = next(c for c in empire.hand if kind_of[c] == pair[0])
            empire.hand.remove(card)
            self.discard.append(card)
            drawn = self.draw_card()
            if drawn < 0:
                return
            (empire.hand if kind_of[drawn] == pair[1] else self.discard).append(drawn)

    # --- 2. Production Phase --------------------------------------------------------------------

    def production(self, empire: Empire) -> None:
        made, bonus = self.x.production, self.economy(empire)
        for sector in empire.sectors:
            empire.credits += made[HOME if sector.home else SECTOR] + bonus + (made[LEADER] if sector.leader else 0)

    # --- 4. Build Phase -------------------------------------------------------------------------

    def build_phase(self, seat: int) -> None:
        empire, x = self.empires[seat], self.x
        while True:
            kinds = {x.kind_of[c] for c in empire.hand}
            options = [-1, *(k for k in (SECTOR, FLEET, LEADER) if k in kinds and empire.credits >= x.cost[k]
                             and (k != LEADER or self.free_units(empire)))]
            kind = decide(self.policies[seat], self.rng, options, lambda k: self.build_worth(empire, k))
            if kind < 0:
                return
            card = self.take(empire, kind)
            empire.credits -= x.cost[kind]
            if kind == SECTOR:
                empire.sectors.append(Sector(card, False))
            elif kind == FLEET:
                empire.sectors[0].fleets.append(False)  # attached to the Homeworld; the Move Phase places it
            else:
                self.attach_leader(empire)

    def build_worth(self, empire: Empire, kind: int) -> float:
        if kind < 0:
            return 0.0
        return {SECTOR: 2.5 - 0.2 * len(empire.sectors), FLEET: 3.0, LEADER: 1.5}[kind]

    def free_units(self, empire: Empire) -> int:
        return sum((not s.leader) + s.fleets.count(False) for s in empire.sectors)

    # --- 6. Move Phase --------------------------------------------------------------------------

    def move_phase(self, seat: int) -> None:
        empire, policy = self.empires[seat], self.policies[seat]
        fleets = sum(len(s.fleets) for s in empire.sectors)
        leaders = sum(s.leader + s.fleets.count(True) for s in empire.sectors)
        if not fleets and not leaders or len(empire.sectors) == 1 and not (fleets and leaders):
            return
        spread = decide(policy, self.rng, (False, True), lambda s: 0.0 if s else 1.0) if fleets else False
        for sector in empire.sectors:
            sector.leader, sector.fleets = False, []
        for i in range(fleets):
            others = len(empire.sectors) - 1
            empire.sectors[1 + i if spread and i < others else 0].fleets.append(False)
        first = decide(policy, self.rng, (True, False), lambda s: 1.0 if s else 0.0) if leaders and fleets else True
        for _ in range(leaders):
            self.attach_leader(empire, first)

    # --- 7. Research Phase ----------------------------------------------------------------------

    def research_phase(self, seat: int) -> None:
        empire, x = self.empires[seat], self.x
        while self.holds(empire, RESEARCH) and empire.credits >= x.cost[RESEARCH]:
            options: list = [None, ("roll", -1, x.cost[RESEARCH])]
            if empire.credits >= x.catchup_cost:
                options += [("catchup", t, x.catchup_cost) for t in x.technologies
                            if any(o.alive and o.tech[t] > empire.tech[t] for o in self.empires)]
            if empire.credits >= x.directed_cost:
                options += [("directed", t, x.directed_cost) for t in x.technologies]
            choice = decide(self.policies[seat], self.rng, options, lambda o: self.research_worth(seat, o))
            if choice is None:
                return
            self.discard.append(self.take(empire, RESEARCH))
            empire.credits -= choice[2]
            tech = choice[1] if choice[0] != "roll" else x.table[int(self.rng.random() * x.sides)]
            if tech == ANY_ATTRIBUTE:
                tech = decide(self.policies[seat], self.rng, x.technologies, lambda t: self.tech_worth(seat, t))
            empire.tech[tech] += 1

    def research_worth(self, seat: int, option: tuple | None) -> float:
        if option is None:
            return 0.0
        kind, tech, cost = option
        if kind == "roll":
            worths = [self.tech_worth(seat, t) for t in self.x.technologies]
            rolled = [worths[self.x.technologies.index(t)] if t != ANY_ATTRIBUTE else max(worths) for t in self.x.table]
            return sum(rolled) / len(rolled) - cost / 20
        return self.tech_worth(seat, tech) - cost / 20

    def tech_worth(self, seat: int, tech: int) -> float:
        """Greedy: a combat technology by the advantages it wins or takes away, Terraforming,
        Industry and Energy by the credits a raised lowest level brings, Jump Speed a little."""
        empire, x = self.empires[seat], self.x
        mine = empire.tech[tech]
        others = [o.tech[tech] for i, o in enumerate(self.empires) if o.alive and i != seat]
        if tech in x.combat:
            units = sum(1 + len(s.fleets) for s in empire.sectors)
            gained = sum(1 for t in others if t in (mine, mine + 1))
            return gained / max(1, len(others)) * (1 + units / 2)
        if tech in x.economy:
            levels = [empire.tech[t] for t in x.economy]
            return len(empire.sectors) / levels.count(min(levels)) if mine == min(levels) else 0.05
        return 0.5 if others and mine <= max(others) else 0.05
