"""One game of Civ Builder from the rules civ_builder.py compiled: 12 rounds of Initiative, Draw,
Trade, Action, Score and End Phases. Hands are counts per card (the cards of a kind are alike);
every random thing comes from one random.Random, every choice goes through `decide` (the seat's
policy), scored in Victory Points it is worth to the seat (civ_builder_worth.py). Stdlib only."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.rules import decide
from kitgen.simulate.rules.civ_builder_specials import SPECIALS
from kitgen.simulate.rules.civ_builder_worth import Worth

if TYPE_CHECKING:
    from kitgen.simulate.compile.plan import Plan
    from kitgen.simulate.rules.civ_builder import CivRules

STOP = -1  # the option that ends a run of choices (no more melds, no more cards discarded)
T = TypeVar("T")
Meld = tuple[int, tuple[tuple[int, int], ...]]  # (attribute, ((card, copies), ...))


class CivTable:
    def __init__(self, plan: Plan, seed: int, policies: tuple):
        self.rules: CivRules = plan.extra
        self.rng = random.Random(seed)
        self.policies = policies
        self.players = players = len(policies)
        rules, rng = self.rules, self.rng
        count = len(rules.faction_dice)
        self.factions = tuple(rng.sample(range(count), players)) if count >= players else \
            tuple(rng.randrange(count) if count else -1 for _ in range(players))
        self.values = [[roll(rng, *die) for die in rules.start_dice] for _ in range(players)]
        for seat, faction in enumerate(self.factions):
            for attribute, dice, sides in rules.faction_dice[faction] if faction >= 0 else ():
                self.values[seat][attribute] += roll(rng, dice, sides)
        for seat, bonus in enumerate(plan.seat_start_bonus[:players]):
            self.values[seat] = [v + bonus for v in self.values[seat]]
        self.vp = [0] * players
        self.pile = [card for copies in plan.decks.values() for card in copies]
        rng.shuffle(self.pile)
        self.discard: list[int] = []
        self.hands = [[0] * len(rules.role) for _ in range(players)]
        self.attribute_cards = tuple(card for card, role in enumerate(rules.role) if role >= 0)
        self.always_wild = tuple(card for card, role in enumerate(rules.role) if role == -1)
        self.played: list[list[int]] = [[] for _ in range(players)]
        self.round = 0
        self.worth = Worth(self)
        extra = tuple(plan.seat_start_cards[:players]) + (0,) * players
        for seat in range(players):
            self.draw(seat, rules.deal + extra[seat])

    # --- the deck and hands -----------------------------------------------------------------

    def refill(self, need: int) -> None:
        """'If the deck ever runs out, shuffle the discard and draw from it': the shuffled discard goes
        under what is left, so looking at the next cards sees the same cards drawing would."""
        if len(self.pile) < need and self.discard:
            under = self.discard
            self.discard = []
            self.rng.shuffle(under)
            self.pile[:0] = under

    def draw(self, seat: int, count: int) -> None:
        self.refill(count)
        hand, pile = self.hands[seat], self.pile
        for _ in range(min(count, len(pile))):
            hand[pile.pop()] += 1

    def random_card(self, seat: int) -> int:
        """A card of the seat's hand at random, every card alike likely; -1 for an empty hand."""
        hand = self.hands[seat]
        if not any(hand):
            return -1
        left = self.rng.randrange(sum(hand))
        for card, copies in enumerate(hand):
            if left < copies:
                return card
            left -= copies
        return -1

    def choose(self, seat: int, options: Sequence[T], score: Callable[[T], float]) -> T:
        return decide(self.policies[seat], self.rng, options, score)

    def opponent(self, seat: int, score: Callable[[int], float]) -> int:
        """The target opponent the seat picks; -1 when it plays alone (a solo test game)."""
        others = [p for p in range(self.players) if p != seat]
        return self.choose(seat, others, score) if others else -1

    def highest(self, attribute: int) -> list[int]:
        """Every player with the highest score in `attribute` (kit choice highest-ties: ties share)."""
        column = [v[attribute] for v in self.values]
        best = max(column)
        return [seat for seat, value in enumerate(column) if value == best]

    # --- the round --------------------------------------------------------------------------

    def play(self) -> GameResult:
        for round_ in range(1, self.rules.rounds + 1):
            self.round = round_
            order = self.initiative()
            self.draw_phase(order)
            for seat in order:  # the Trade Phase trades nothing (coverage); the Action Phase
                self.action_turn(seat)
            self.score_phase(order)
            self.end_phase(order)
        winner = self.ranking(lambda seat: (self.vp[seat],))[0]
        return GameResult(winner, (0,), self.rules.rounds, self.factions, tuple(map(tuple, self.played)))

    def ranking(self, first: Callable[[int], tuple]) -> list[int]:
        """Seats by `first`, then Government, Religion and Culture; a tie still left rolls high on
        the die, and rolls again while it stays tied."""
        ranks = self.rules.initiative
        return self.roll_off(sorted(range(self.players), reverse=True,
                                    key=lambda s: (*first(s), *(self.values[s][a] for a in ranks))),
                             lambda s: (*first(s), *(self.values[s][a] for a in ranks)))

    def roll_off(self, seats: list[int], key: Callable[[int], tuple]) -> list[int]:
        result, index = [], 0
        while index < len(seats):
            group = [s for s in seats[index:] if key(s) == key(seats[index])]
            while len(group) > 1:
                rolls = {s: roll(self.rng, *self.rules.initiative_die) for s in group}
                group.sort(key=lambda s: -rolls[s])
                if len(set(rolls.values())) == len(group):
                    break
            result += group
            index += len(group)
        return result

    def initiative(self) -> list[int]:
        return self.ranking(lambda seat: ())

    def draw_phase(self, order: list[int]) -> None:
        attribute, more = self.rules.draw_bonus
        top = self.highest(attribute)
        for seat in order:
            self.draw(seat, self.rules.draw + (more if seat in top else 0))

    def score_phase(self, order: list[int]) -> None:
        rules = self.rules
        attribute, points = rules.science
        top = self.highest(attribute)  # who has the highest at the beginning of the phase
        for seat in order:
            if seat in top:
                self.gain_points(seat, points)
        for each in range(len(rules.attributes)):
            for seat in self.highest(each):
                self.vp[seat] += rules.schedule[self.round - 1]
        attribute, points = rules.culture
        for seat in self.highest(attribute):
            self.vp[seat] += points

    def gain_points(self, seat: int, points: int) -> None:
        """'gain 1 point in any attribute of his choice', a point at a time."""
        for _ in range(points):
            pick = self.choose(seat, range(len(self.rules.attributes)), lambda a: self.worth.point(seat, a, 1))
            self.values[seat][pick] += 1

    def end_phase(self, order: list[int]) -> None:
        rules = self.rules
        big = self.highest(rules.big_hand[0])
        for seat in order:
            self.discard_to(seat, rules.big_hand[1] if seat in big else rules.hand_limit)
        attribute, points = rules.equestrian
        top = self.highest(attribute)
        for seat in order:
            if seat in top and any(self.hands[seat]):
                self.discard_for_vp(seat, points)

    def discard_to(self, seat: int, limit: int) -> None:
        while sum(self.hands[seat]) > limit:
            self.discard_one(seat, self.choose(seat, self.cards(seat), lambda c: -self.worth.card(seat, c)))

    def discard_for_vp(self, seat: int, points: int) -> None:
        """The seat may discard its whole hand to gain `points` VP."""
        if self.choose(seat, [False, True], lambda empty: points - self.worth.hand(seat) if empty else 0.0):
            hand = self.hands[seat]
            for card, copies in enumerate(hand):
                self.discard += [card] * copies
                hand[card] = 0
            self.vp[seat] += points

    def cards(self, seat: int) -> list[int]:
        return [card for card, copies in enumerate(self.hands[seat]) if copies]

    def discard_one(self, seat: int, card: int) -> None:
        self.hands[seat][card] -= 1
        self.discard.append(card)

    # --- the Action Phase: melds and special actions ----------------------------------------

    def action_turn(self, seat: int) -> None:
        """Melds while the seat can and will: the k-th holds at least ladder[k-1] cards."""
        ladder = self.rules.ladder
        for k, need in enumerate(ladder):
            meld = self.next_meld(seat, need, ladder[k + 1] if k + 1 < len(ladder) else 0)
            if meld is None:
                return
            self.make_meld(seat, meld)

    def next_meld(self, seat: int, need: int, after: int) -> Meld | None:
        """The seat's choice of a meld of at least `need` cards, or none (STOP)."""
        wilds = self.wilds(seat)  # the same for every option: melds do not change who is highest
        options: list[Meld | int] = [*self.melds(seat, need, wilds), STOP]
        meld = self.choose(seat, options,
                           lambda m: self.worth.meld(seat, m, after, wilds) if isinstance(m, tuple) else 0.0)
        return meld if isinstance(meld, tuple) else None

    def wilds(self, seat: int) -> list[tuple[int, frozenset[int]]]:
        """The cards the seat may meld as wild because it has a highest score, and in which melds
        (empty: any), besides the always-wild ones."""
        hand = self.hands[seat]
        return [(card, melds) for holder, card, melds in self.rules.wild_if_highest
                if hand[card] and seat in self.highest(holder)]

    def melds(self, seat: int, need: int, wilds: list[tuple[int, frozenset[int]]]) -> list[Meld]:
        """The legal melds of at least `need` cards: per attribute, the smallest (its own cards first,
        then the wild ones) and the largest (every card it may hold); at least one card of its own
        (kit choice meld-needs-its-card)."""
        hand, role, found = self.hands[seat], self.rules.role, []
        always = [c for c in self.always_wild if hand[c]]
        for card in self.attribute_cards:
            if not hand[card]:
                continue
            attribute = role[card]
            parts = [(card, hand[card])] + [(c, hand[c]) for c, melds in wilds
                                            if (not melds or attribute in melds) and role[c] != attribute]
            room = self.rules.wild_limit
            for wild in always:
                parts.append((wild, min(room, hand[wild])))
                room -= parts[-1][1]
            largest = tuple(p for p in parts if p[1])
            size = sum(n for _, n in largest)
            if size < need:
                continue
            found.append((attribute, largest))
            smallest = take(largest, max(need, 1))
            if smallest != largest:
                found.append((attribute, smallest))
        return found

    def largest_meld(self, seat: int, wilds: list[tuple[int, frozenset[int]]]) -> int:
        """The most cards one meld of the seat's hand could hold now (`wilds`: self.wilds(seat)).
        Asked of every option of every meld: written for speed."""
        hand, role = self.hands[seat], self.rules.role
        always = 0
        for card in self.always_wild:
            always += hand[card]
        always = min(always, self.rules.wild_limit)
        best = 0
        for card in self.attribute_cards:
            size = hand[card]
            if size:
                attribute = role[card]
                for wild, melds in wilds:
                    if (not melds or attribute in melds) and role[wild] != attribute:
                        size += hand[wild]
                best = max(best, size + always)
        return best

    def make_meld(self, seat: int, meld: Meld) -> None:
        attribute, parts = meld
        hand, played = self.hands[seat], self.played[seat]
        size = 0
        for card, copies in parts:
            hand[card] -= copies
            self.discard += [card] * copies
            played += [card] * copies
            size += copies
        self.values[seat][attribute] += size * self.rules.points
        self.vp[seat] += size * self.rules.points
        for kind, numbers in self.rules.specials[attribute]:
            SPECIALS[kind](self, seat, *numbers)


def take(parts: tuple[tuple[int, int], ...], size: int) -> tuple[tuple[int, int], ...]:
    """The first `size` cards of a meld, in the order its parts are listed."""
    kept = []
    for card, copies in parts:
        if size <= 0:
            break
        kept.append((card, min(copies, size)))
        size -= kept[-1][1]
    return tuple(kept)


def roll(rng: random.Random, dice: int, sides: int) -> int:
    return sum(rng.randint(1, sides) for _ in range(dice))
