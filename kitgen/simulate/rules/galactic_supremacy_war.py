"""Galactic Supremacy's Command Phase (the 14 Command uses, Counter Espionage answering any of
them) and Attack Phase: who defends, combat dice, rounds of combat rolls until one side remains,
the colony card, and a player's elimination when his Homeworld Sector is destroyed."""
from __future__ import annotations

import random
from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from kitgen.simulate.rules import decide
from kitgen.simulate.rules.galactic_supremacy import COMMAND, FLEET, HOME, LEADER, SECTOR

if TYPE_CHECKING:
    from kitgen.simulate.rules.galactic_supremacy_play import Empire

REACTIONS = ("Peace Talks", "Ambush", "Counter Espionage")  # answers to an opponent (kit choice command-timing)
AIMED = ("Misinformation", "Steal Secrets", "Military Sabotage", "Industrial Sabotage", "Assassination")
RESERVE = 0.25
HOME_ODDS, SECTOR_ODDS = 1.1, 4.0  # greedy: what keeping a Command card for an answer is worth


def roll(rng: random.Random, dice: int, sides: int) -> int:
    total = 0
    for _ in range(dice):
        total += int(rng.random() * sides) + 1
    return total


def kills(pool: list[int], needs: list[tuple[int, int]]) -> list[int]:
    """One side's combat rolls (`pool`, ascending) against the opposing units in the order they
    must fall, each (the roll that destroys it, its id): each unit's roll destroys one unit with an
    equal or lower need; rolls too low alone combine, the largest first. Stops at the first unit no
    roll left can destroy (the defender's Fleets fall before their Sector)."""
    pool = list(pool)
    dead = []
    for need, ident in needs:
        at = bisect_left(pool, need)
        if at < len(pool):
            del pool[at]
            dead.append(ident)
            continue
        total, used = 0, 0
        for value in reversed(pool):
            total, used = total + value, used + 1
            if total >= need:
                break
        if total < need:
            break
        del pool[len(pool) - used:]
        dead.append(ident)
    return dead


def fight(rng: random.Random, sides: int, attackers: list[int], fleets: list[int], sector: int
          ) -> tuple[list[bool], list[bool], bool]:
    """Rounds of combat rolls (each unit's dice summed) until one side remains: attacking Fleets
    against defending Fleets and their Sector, which wins tied rolls. The dice of each unit are
    given; which of each side's units survive comes back."""
    attacking, defending, standing = [True] * len(attackers), [True] * len(fleets), True
    while standing and True in attacking:
        ours = sorted((roll(rng, n, sides), k) for k, n in enumerate(attackers) if attacking[k])
        theirs = sorted((roll(rng, n, sides), k) for k, n in enumerate(fleets) if defending[k])
        home = roll(rng, sector, sides)
        fallen = kills([r for r, _ in ours], [*theirs, (home + 1, -1)])  # a Sector wins a tie
        lost = kills(sorted([home, *(r for r, _ in theirs)]), ours)
        for k in fallen:
            if k < 0:
                standing = False
            else:
                defending[k] = False
        for k in lost:
            attacking[k] = False
    return attacking, defending, standing


class War:
    x: Any
    rng: random.Random
    policies: tuple
    players: int
    empires: list[Empire]
    discard: list[int]
    winner: int
    peace: set[int]
    surprise: bool
    tactical: int
    extra_attacks: int

    def take(self, empire: Empire, kind: int) -> int:
        """A card of `kind` out of the hand, played: it counts for the card's impact."""
        card = next(c for c in empire.hand if self.x.kind_of[c] == kind)
        empire.hand.remove(card)
        empire.played.append(card)
        return card

    def holds(self, empire: Empire, kind: int) -> bool:
        kind_of = self.x.kind_of
        return any(kind_of[c] == kind for c in empire.hand)

    def attach_leader(self, empire: Empire, sectors_first: bool = True) -> bool:
        """A Leader onto a unit without one (a Sector, else a Fleet); False when every unit has one."""
        for want in ((True, False) if sectors_first else (False, True)):
            for sector in empire.sectors:
                if want and not sector.leader:
                    sector.leader = True
                    return True
                if not want and False in sector.fleets:
                    sector.fleets[sector.fleets.index(False)] = True
                    return True
        return False


    def can_use(self, seat: int, use: str) -> bool:
        return use in self.x.uses and self.holds(self.empires[seat], COMMAND)

    def spend(self, seat: int) -> None:
        self.discard.append(self.take(self.empires[seat], COMMAND))  # Command cards are discarded when used

    def hit(self, use: str) -> bool:
        low, high = self.x.chance[use]
        return low <= roll(self.rng, 1, self.x.sides) <= high

    def amount(self, use: str) -> int:
        dice, sides, minus = self.x.amount[use]
        return roll(self.rng, dice, sides) - minus

    # --- Counter Espionage ----------------------------------------------------------------------

    def negated(self, user: int, use: str, target: int, stake: float) -> bool:
        """The use's target (every other player in turn, for a use aimed at nobody) may answer it
        with Counter Espionage."""
        answer = [target] if target >= 0 else [(user + i) % self.players for i in range(1, self.players)]
        return any(self.empires[o].alive and self.counter(o, user, stake if o == target else 0.0) for o in answer)

    def counter(self, seat: int, against: int, stake: float) -> bool:
        """`seat` may play Counter Espionage on `against`'s use; True when it negates it (the
        counter may itself be countered)."""
        if not self.can_use(seat, "Counter Espionage"):
            return False
        if not decide(self.policies[seat], self.rng, (False, True), lambda p: stake - RESERVE if p else 0.0):
            return False
        self.spend(seat)
        if self.counter(against, seat, stake):
            return False
        return self.hit("Counter Espionage")

    # --- 3. Command Phase -----------------------------------------------------------------------

    def command_phase(self, seat: int) -> None:
        while self.holds(self.empires[seat], COMMAND):
            options: list = [None]
            for use in self.x.uses:
                if use in REACTIONS:
                    continue
                targets = [o for o in range(self.players) if o != seat and self.empires[o].alive] if use in AIMED else [-1]
                options += [(use, t) for t in targets]
            choice = decide(self.policies[seat], self.rng, options, lambda o: self.use_worth(seat, o))
            if choice is None:
                return
            use, target = choice
            self.spend(seat)
            if not self.negated(seat, use, target, self.use_worth(seat, choice) + RESERVE):
                self.enact(seat, use, target)

    def use_worth(self, seat: int, option: tuple | None) -> float:
        """Greedy: what a use brings against keeping the card (RESERVE)."""
        if option is None:
            return RESERVE
        use, target = option
        me = self.empires[seat]
        them = self.empires[target] if target >= 0 else me
        if use == "Exceed Quotas":
            return 0.35
        if use in ("Misinformation", "Steal Secrets"):
            return (0.3 if use == "Misinformation" else 0.45) if them.hand else 0.0
        if use == "Industrial Sabotage":
            return min(them.credits, 4) / 10
        if use in ("Military Sabotage", "Assassination"):
            fleets, leaders = self.fleets(them)
            return 0.3 if (fleets if use == "Military Sabotage" else leaders + sum(s.leader for s in them.sectors)) else 0.0
        fleets = self.fleets(me)[0]
        if use in ("Strategic Initiative", "Tactical Superiority"):
            return (0.8 if fleets >= 4 else 0.0) if use == "Strategic Initiative" else (0.2 if fleets else 0.0)
        if use == "Surprise":
            jump = me.tech[self.x.jump]
            return 0.3 if fleets and any(o.alive and o.tech[self.x.jump] > jump for o in self.empires) else 0.0
        return -0.01  # Spy and Strategic Planning: information the lab's players do not use

    @staticmethod
    def fleets(empire: Empire) -> tuple[int, int]:
        """How many Fleets the player has in play, and how many of them have a Leader."""
        count = leaders = 0
        for sector in empire.sectors:
            count += len(sector.fleets)
            leaders += sector.fleets.count(True)
        return count, leaders

    def enact(self, seat: int, use: str, target: int) -> None:
        me, rng = self.empires[seat], self.rng
        them = self.empires[target] if target >= 0 else me
        if use == "Misinformation" and them.hand:
            self.discard.append(them.hand.pop(int(rng.random() * len(them.hand))))
        elif use == "Steal Secrets" and self.hit(use) and them.hand:
            me.hand.append(them.hand.pop(int(rng.random() * len(them.hand))))
        elif use == "Exceed Quotas":
            me.credits = max(self.x.credits_floor, me.credits + self.amount(use))
        elif use == "Industrial Sabotage":
            them.credits = max(self.x.credits_floor, them.credits - self.amount(use))
        elif use == "Military Sabotage" and self.hit(use):
            self.sabotage(seat, them)
        elif use == "Assassination" and self.hit(use):
            self.assassinate(seat, them)
        elif use == "Tactical Superiority":
            self.tactical += 1
        elif use == "Surprise":
            self.surprise = True
        elif use == "Strategic Initiative":
            self.extra_attacks += 1

    def sabotage(self, seat: int, them: Empire) -> None:
        """The target Fleet goes back to its player's hand; a Leader on it stays in play, attached to
        another unit of his (kit choice command-timing), or is discarded when none is free."""
        fleets = [(s, j) for s in them.sectors for j in range(len(s.fleets))]
        if not fleets:
            return
        sector, j = decide(self.policies[seat], self.rng, fleets, lambda f: float(f[0].fleets[f[1]]))
        leader = sector.fleets.pop(j)
        them.hand.append(self.x.card_of[FLEET])
        if leader and not self.attach_leader(them):
            self.discard.append(self.x.card_of[LEADER])

    def assassinate(self, seat: int, them: Empire) -> None:
        leaders = [(s, j) for s in them.sectors for j in range(-1, len(s.fleets))
                   if (s.leader if j < 0 else s.fleets[j])]
        if not leaders:
            return
        sector, j = decide(self.policies[seat], self.rng, leaders, lambda u: 1.0 if u[1] < 0 else 0.0)
        if j < 0:
            sector.leader = False
        else:
            sector.fleets[j] = False
        self.discard.append(self.x.card_of[LEADER])

    # --- 5. Attack Phase ------------------------------------------------------------------------

    def attack_phase(self, seat: int) -> None:
        for phase in range(1 + self.extra_attacks):  # Strategic Initiative: a second Attack Phase
            if self.winner >= 0 or not any(s.fleets for s in self.empires[seat].sectors):
                return
            if phase:
                self.tactical = 0  # Tactical Superiority's die is for "this combat phase" only
            self.attack_once(seat)

    def attack_once(self, seat: int) -> None:
        """One attack on one opponent's world with every Fleet the attacker has; the defender may
        answer with Peace Talks (that opponent may not be attacked this turn)."""
        while True:
            options: list = [None, *((o, i) for o in range(self.players) if o != seat and self.empires[o].alive
                                     and o not in self.peace for i in range(len(self.empires[o].sectors)))]
            target = decide(self.policies[seat], self.rng, options, lambda t: self.attack_worth(seat, t))
            if target is None:
                return
            defender, world = target
            stake = 1.0 if self.empires[defender].sectors[world].home else 0.4
            if self.answers(defender, "Peace Talks", stake):
                if not self.negated(defender, "Peace Talks", seat, stake):
                    self.peace.add(defender)
                    continue
            self.battle(seat, defender, world)
            return

    def answers(self, seat: int, use: str, stake: float) -> bool:
        """A defender plays `use` (Peace Talks, Ambush) against an attack when he holds a Command card."""
        if not self.can_use(seat, use) or not decide(self.policies[seat], self.rng, (False, True),
                                                     lambda p: stake - RESERVE if p else 0.0):
            return False
        self.spend(seat)
        return True

    def advantages(self, mine: Empire, theirs: Empire) -> int:
        """Technological advantages: the combat technologies in which `mine` is higher."""
        count = 0
        for tech in self.x.combat:
            if mine.tech[tech] > theirs.tech[tech]:
                count += 1
        return count

    def strength(self, seat: int, target: tuple[int, int], all_fleets: bool) -> tuple[float, float]:
        """Expected total combat rolls of the attack and of the defence (greedy's estimate)."""
        me, them, x = self.empires[seat], self.empires[target[0]], self.x
        sector = them.sectors[target[1]]
        ahead, behind = self.advantages(me, them), self.advantages(them, me)
        fleets, leaders = self.fleets(me)
        attack = fleets * (x.dice[FLEET] + ahead) + leaders * x.dice[LEADER]
        guards, guarded = self.fleets(them) if all_fleets else (len(sector.fleets), sector.fleets.count(True))
        defence = guards * (x.dice[FLEET] + behind) + guarded * x.dice[LEADER]
        defence += x.dice[HOME if sector.home else SECTOR] + behind + (x.dice[LEADER] if sector.leader else 0)
        mean = (x.sides + 1) / 2
        return attack * mean, defence * mean

    def attack_worth(self, seat: int, target: tuple[int, int] | None) -> float:
        if target is None:
            return 0.0
        them = self.empires[target[0]]
        jump = them.tech[self.x.jump] > self.empires[seat].tech[self.x.jump] and not self.surprise
        attack, defence = self.strength(seat, target, jump)
        if them.sectors[target[1]].home:  # a Homeworld destroyed puts a player out: worth the risk
            return 3.0 * (attack / defence - HOME_ODDS)
        return attack / defence - SECTOR_ODDS

    def battle(self, seat: int, defender: int, world: int) -> None:
        me, them, x = self.empires[seat], self.empires[defender], self.x
        sector = them.sectors[world]
        jump = them.tech[x.jump] > me.tech[x.jump] and not self.surprise
        others = sum(len(s.fleets) for s in them.sectors) > len(sector.fleets)
        if not jump and others and self.answers(defender, "Ambush", 0.5):
            jump = not self.negated(defender, "Ambush", seat, 0.5)
        options = ["stand", *(["all"] if jump and others else []),
                   *(["withdraw"] if sector.fleets and len(them.sectors) > 1 else [])]
        how = decide(self.policies[defender], self.rng, options, lambda o: self.defence_worth(seat, defender, world, o))
        if how == "withdraw":  # the Fleets there move to another friendly Sector
            them.sectors[0 if world else 1].fleets += sector.fleets
            sector.fleets = []
        guards = them.sectors if how == "all" else [sector]
        ahead, behind = self.advantages(me, them), self.advantages(them, me)
        attackers = [x.dice[FLEET] + ahead + (x.dice[LEADER] if f else 0) for s in me.sectors for f in s.fleets]
        for k in range(min(self.tactical, len(attackers))):  # Tactical Superiority: one more die for a unit
            attackers[k] += 1
        fleets = [x.dice[FLEET] + behind + (x.dice[LEADER] if f else 0) for s in guards for f in s.fleets]
        dice = x.dice[HOME if sector.home else SECTOR] + behind + (x.dice[LEADER] if sector.leader else 0)
        attacking, defending, standing = fight(self.rng, x.sides, attackers, fleets, dice)
        self.bury(me.sectors, attacking)
        self.bury(guards, defending)
        if not standing:
            self.fall(seat, defender, world)

    def defence_worth(self, seat: int, defender: int, world: int, how: str) -> float:
        if how == "withdraw":  # the Fleets live on; a Homeworld left alone is all but lost
            return -10.0 if self.empires[defender].sectors[world].home else 0.0
        attack, defence = self.strength(seat, (defender, world), how == "all")
        return defence / max(attack, 1.0) - 0.8 + (how == "all") * 0.01

    def bury(self, sectors: list, alive: list[bool]) -> None:
        """Destroyed Fleets, and Leaders attached to them, are discarded."""
        k = 0
        for sector in sectors:
            kept = []
            for leader in sector.fleets:
                if alive[k]:
                    kept.append(leader)
                else:
                    self.discard.append(self.x.card_of[FLEET])
                    if leader:
                        self.discard.append(self.x.card_of[LEADER])
                k += 1
            sector.fleets = kept

    def fall(self, seat: int, defender: int, world: int) -> None:
        """The Sector is destroyed: its Leader is discarded; a Homeworld goes out of play and its
        player loses; another Sector's card may go to the attacker's hand (the colony card)."""
        them = self.empires[defender]
        sector = them.sectors.pop(world)
        if sector.leader:
            self.discard.append(self.x.card_of[LEADER])
        if sector.home:
            self.eliminate(defender)
            alive = [s for s, e in enumerate(self.empires) if e.alive]
            if len(alive) == 1:
                self.winner = alive[0]
        elif decide(self.policies[seat], self.rng, (True, False), lambda keep: 1.0 if keep else 0.0):
            self.empires[seat].hand.append(sector.card)
        else:
            self.discard.append(sector.card)

    def eliminate(self, seat: int) -> None:
        """A player who lost leaves the game: his hand and units go to the discard (kit choice
        eliminated-player); the Homeworld is out of play."""
        empire, x = self.empires[seat], self.x
        empire.alive = False
        self.discard += empire.hand
        empire.hand = []
        for sector in empire.sectors:
            self.discard += [x.card_of[FLEET]] * len(sector.fleets)
            self.discard += [x.card_of[LEADER]] * (sector.leader + sector.fleets.count(True))
            if not sector.home:
                self.discard.append(sector.card)
        empire.sectors = []
