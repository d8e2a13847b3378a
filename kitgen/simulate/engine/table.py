"""The state of one game and its primitives: values, piles, hands and the vocabulary's State; drawing,
rolling, who an effect reaches, what a card does, a counter held to its min and max.

Stdlib only and deterministic. Chance comes from streams seeded from the game's seed, one a purpose
(common random numbers): `shuffler` shuffles the decks and piles, `dice[seat]` rolls what a seat
rolls, `ties[seat]` breaks its player's ties and makes its random picks, and `rng`, the table's
own, what no one seat does (factions dealt, a random order of orders). A change to one card (card
impact: experiments/impact.py) then moves no other seat's dice and no deck's order: the two games
stay alike wherever the change allows. A table is given what it plays by as values, and imports neither: `actions`, the
registry a step's `do:` is looked up in (vocabulary.ACTIONS: a card's steps are taken through it),
and `policies`, a player per seat (players.POLICIES: every choice the rules leave open goes to it).
"""
from __future__ import annotations

import random
from typing import Callable

from kitgen.simulate.compile.plan import (ALL_OTHERS, ANY_ATTRIBUTE, NEXT_PLAYER, NO_CONDITION, SELF, TARGET_PLAYER,
                                          Change, Plan, Step)
from kitgen.simulate.engine.derived import deck_of, plain_effects
from kitgen.simulate.engine.record import TurnRecord
from kitgen.simulate.engine.state import State, copy_state

DECKS, DICE, TIES = 1, 2, 3  # the streams' purposes (stream())

OTHER_THREE = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))  # at a table of four, the seats other than each

Action = Callable[["Table", int, Step], None]  # a step of the vocabulary: (table, seat, step)


class Table:
    """The state of one game. Seats play in order 0, 1, ...; seat 0 goes first."""

    def __init__(self, plan: Plan, seed: int, policies: tuple, actions: dict[str, Action], budget: int = 16,
                 holder: int = -1, seconds: float = 0.0):
        self.plan = plan
        self.budget = budget  # what a searching policy may spend on a decision (mcts: iterations)
        self.seconds = seconds  # > 0: mcts spends this many seconds a decision instead (not deterministic)
        self.players = len(policies)
        self.rng: random.Random = Stream(seed)
        self.shuffler: random.Random = Stream(stream(seed, DECKS))
        self.dice: list[random.Random] = [Unseeded(stream(seed, DICE, seat)) for seat in range(self.players)]
        self.ties: list[random.Random] = [Unseeded(stream(seed, TIES, seat)) for seat in range(self.players)]
        self.policies = policies  # a Policy per seat (kitgen.simulate.players)
        self.actions = actions  # `do:` name -> step (kitgen.simulate.vocabulary.ACTIONS)
        self.factions = self._deal_factions()
        self.values = [self._start_values(seat, f) for seat, f in enumerate(self.factions)]
        self.piles: dict[str, tuple[list[int], list[int]]] = {}
        for deck, copies in plan.decks.items():
            pile = list(copies)
            self.shuffler.shuffle(pile)
            self.piles[deck] = (pile, [])
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.holder = holder if plan.held else -1  # card impact's holder: given its card by hold() at play's start
        self.given = False  # hold() gave the holder a copy of its card (or its hand held one): the pair is measured
        self.bonus = [0] * self.players
        self.played: list[list[int]] = [[] for _ in range(self.players)]
        self.winner, self.turn, self.moment, self.round = -1, 0, 0, 1
        self.step = -1  # the step of the phase in progress (its index; -1: none yet): where a copy goes on (loop.play_on)
        # what is left of the step asking now if the answer is not `nothing` (a repeated step's later
        # turns: vocabulary/choices.repeat), (table) -> None: a copy made to weigh an answer takes it
        self.after: Callable[[Table], None] | None = None
        # a search player plays here (a policy of strength 2 or more: lookahead, mcts): the steps that
        # run other steps keep what is left of them in `after` while a question is asked (off for greedy: speed)
        self.resume = any(getattr(policy, "strength", 0) >= 2 for policy in policies)
        # who a step in progress aims at (its target player, a battle's other side: `target(...)` reads
        # it), a battle's (attacker, defender) and what its loser lost; -1 / 0 between steps
        self.aim, self.sides, self.lost = -1, (-1, -1), 0
        self.this = -1  # the card an `each:` step is being taken for (vocabulary/choices.act_each_card)
        self.ending = False  # the end of a round: what `end_of_turn:` conditions wait for
        self.paths: tuple[int, ...] = ()
        self.rolled: dict[tuple, int] = {}  # a roll-off's winner by moment and players (engine/conditions.roll_off)
        self.deck_of = deck_of(plan)
        self.plain = plain_effects(plan)
        # zones, flags ... of a game that uses the vocabulary; None (typed as State: only its steps read it)
        self.state: State = self._set_up_state() if plan.vocabulary is not None else None  # type: ignore[assignment]
        self._seat_handicaps()
        self.trace: list | None = None  # kitgen simulate --trace: the game's events (play/trace.py); None: off
        self.record: TurnRecord | None = None  # the per-turn standings the measures of feel read (play/blocks)
        self.fired: set[int] = set()  # the steps taken (Step.at), when the actions count them (play/blocks.COUNTED)

    def _deal_factions(self) -> tuple[int, ...]:
        factions = list(range(len(self.plan.factions)))
        if len(factions) >= self.players:
            return tuple(self.rng.sample(factions, self.players))
        return tuple(self.rng.choice(factions) if factions else -1 for _ in range(self.players))

    def start_values(self) -> list[list[int]]:
        """Each seat's values as the game started them (a game of rounds: what a round resets to)."""
        return [self._start_values(seat, f) for seat, f in enumerate(self.factions)]

    def _start_values(self, seat: int, faction: int) -> list[int]:
        values, rng = list(self.plan.start), self.dice[seat]
        for index, dice, sides in self.plan.start_dice:  # "1D6 points in each attribute (roll for each separately)"
            values[index] += dice_total(rng, dice, sides)
        own = self.plan.factions[faction] if faction >= 0 else None
        for attribute, delta in (own.start if own else ()):
            values[attribute] += delta
        for attribute, dice, sides in (own.dice if own else ()):
            values[attribute] += dice_total(rng, dice, sides)
        return values

    def _set_up_state(self) -> State:
        """The vocabulary's state: its zones empty, each market dealt, every counter within its bounds."""
        state = State(self.plan.vocabulary, self.players, self.plan.places, self.plan.instances)
        self.deal_supplies(state)
        bound(self)  # a faction's start bonus holds a counter to its min and max too
        return state

    def deal_supplies(self, state: State) -> None:
        """A supply's piles (its deck's copies, in order) and each market's row, dealt."""
        for place in self.plan.places:
            if place.kind == "supply" and place.deck in self.piles:
                pile = self.piles[place.deck][0]
                state.places[place.key][0].extend(sorted(pile))
                pile.clear()
        for name, zone in self.plan.vocabulary.zones.items():
            if zone.kind == "market":
                refill(self, state, name)

    def hold(self) -> None:
        """Card impact's holder, chosen before play (plan.held), given its card once the opening deal
        is done (engine/loop.play, engine/cycle.start_round), the same number of cards in both arms:
        in place of the last card of the deck its opening hand holds (that card, a card of its deck at
        random, is what the copy is measured against); when its opening hand holds no card of the
        deck, in place of the deck's top card, dealt to it before play. The copy is the one nearest the
        top of the deck, else of a pile, supply, market or zone of the game's, else of the deck's discard pile (a
        setup's discards: Civilization's Initial Hands), else of another player's hand, swapped with the card it
        replaces. Nothing else moves, wherever the card does not change the game. `given` says whether the holder
        now holds a copy (a copy attached under a card is nowhere to take it from: that game is not measured)."""
        if self.holder < 0:
            return
        deck, cards = self.plan.held
        pile, discard = self.piles[deck] if deck in self.piles else ([], [])
        hand, holder = self.hands[self.holder], self.holder
        self.holder = -1  # once a game (a copy a player thinks on plays on from here)
        state = self.state
        kept = [] if state is None else [*(cards for lists in state.places.values() for cards in lists),
                                         *state.market.values(), *(cards for lists in state.zones.values() for cards in lists)]
        places = [pile, *kept, discard] + [h for seat, h in enumerate(self.hands) if seat != holder]
        mine = [i for i, card in enumerate(hand) if self.deck_of.get(card) == deck]
        if mine:
            _swap_in(cards, places, hand, mine[-1])
        elif pile:  # the deck is drawn from in play only: its top card, before play, in both arms
            _swap_in(cards, places, pile, len(pile) - 1)
            hand.append(pile.pop())
        self.given = any(card in cards for card in hand)

    def _seat_handicaps(self) -> None:
        """The candidate seat fixes: extra start cards or points by seat (none in a printed game)."""
        for seat, bonus in enumerate(self.plan.seat_start_bonus[:self.players]):
            compared = self.plan.compared or len(self.values[seat])  # attributes, not the counters after them
            self.values[seat] = [v + bonus if i < compared else v for i, v in enumerate(self.values[seat])]
        for seat, cards in enumerate(self.plan.seat_start_cards[:self.players]):
            self.deal(seat, self.plan.first_deck, cards)

    def clone(self, seed: int) -> Table:
        """A copy to think ahead in, with its own dice: a player who looks ahead cannot see the rolls.
        Its chance is one stream for every purpose: a copy is thrown away, nothing is compared with it."""
        other = object.__new__(Table)
        other.__dict__.update(self.__dict__)
        other.chance(Unseeded(seed))
        other.values = [list(v) for v in self.values]
        other.piles = {deck: (list(pile), list(discard)) for deck, (pile, discard) in self.piles.items()}
        other.hands = [list(h) for h in self.hands]
        other.bonus = list(self.bonus)
        other.played = [list(p) for p in self.played]
        other.rolled = dict(self.rolled)
        other.state = copy_state(self.state)  # type: ignore[assignment]  # None in a game without the vocabulary
        other.trace = other.record = None  # what a player weighs on a copy is not the game's
        other.fired = set()  # nor are the steps it takes there
        other.resume = False  # no copy is made of a copy to go on from inside a step
        return other

    def chance(self, rng: random.Random) -> None:
        """Every stream this one Random: a copy's, or the dice a test lists."""
        self.rng = self.shuffler = rng
        self.dice = self.ties = [rng] * self.players

    # --- cards and dice ---------------------------------------------------------------------

    def draw(self, deck: str) -> int:
        pile, discard = self.piles[deck]
        if not pile:
            if not discard:
                return -1
            pile.extend(discard)
            discard.clear()
            self.shuffler.shuffle(pile)
        return pile.pop()

    def deal(self, seat: int, deck: str, count: int) -> None:
        """`count` cards from `deck` into the seat's hand (fewer when the deck and its discards run out)."""
        hand = self.hands[seat]
        pile = self.piles[deck][0]  # the same list all game: draw() reshuffles the discards into it
        for _ in range(count):
            if pile:  # draw()'s own first test: the usual draw, without a call
                hand.append(pile.pop())
                continue
            card = self.draw(deck)
            if card < 0:
                break
            hand.append(card)

    def play_card(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.played[seat].append(card)
        self.resolve(seat, card)
        self.piles[self.deck_of[card]][1].append(card)

    def roll(self, seat: int, table: str) -> object:
        """The seat rolls on `table`."""
        plan_table = self.plan.tables[table]
        return plan_table.entries[dice_total(self.dice[seat], plan_table.count, plan_table.sides)]

    def roll_attribute(self, seat: int, who: int, table: str, delta: int) -> int:
        entry = self.roll(seat, table)
        if entry == ANY_ATTRIBUTE:  # the roller picks
            return self.policies[seat].pick_attribute(self, seat, who, delta)
        return entry if isinstance(entry, int) else -1

    # --- who a card reaches -----------------------------------------------------------------

    def recipients(self, seat: int, target: int, harm: int) -> list[int]:
        """Who an effect reaches; `harm` > 0 when it hurts them (a policy picks a target player)."""
        if target == SELF:
            return [seat]
        if target == TARGET_PLAYER and self.aim >= 0:  # a step's steps share the target it chose
            return [self.aim]
        if target == NEXT_PLAYER:
            return [self.next_player(seat)] if self.players > 1 else []
        if self.state is not None and any(self.state.out):  # eliminate: the players out are no one's target
            return self._living(seat, target, harm)
        if target == TARGET_PLAYER:
            return [self.policies[seat].choose_opponent(self, seat, harm)] if self.players > 1 else []
        if target == ALL_OTHERS:
            return [p for p in range(self.players) if p != seat]
        return list(range(self.players))

    def _living(self, seat: int, target: int, harm: int) -> list[int]:
        """Who an effect reaches among the players still in the game, once someone is out: an effect on
        everyone passes over the eliminated, and a target player is chosen among the living (rivals)."""
        if target == TARGET_PLAYER:
            chosen = self.policies[seat].choose_opponent(self, seat, harm)
            return [chosen] if chosen >= 0 else []
        out = self.state.out
        return [p for p in range(self.players) if not out[p] and (target != ALL_OTHERS or p != seat)]

    def next_player(self, seat: int) -> int:
        """The next player still in after the seat, in the table's direction (a game of rounds may reverse it)."""
        out, direction = (self.state.out, self.state.direction) if self.state is not None else ((), 1)
        for step in range(1, self.players):
            other = (seat + direction * step) % self.players
            if not (out and out[other]):
                return other
        return seat

    def rivals(self, seat: int) -> list[int]:
        """The other seats still in the game: those a policy chooses an opponent among."""
        out = self.state.out if self.state is not None else ()
        return [p for p in range(self.players) if p != seat and not (out and out[p])]

    def out(self, seat: int) -> bool:
        """The seat is out of the game (eliminate:)."""
        return self.state is not None and self.state.out[seat]

    # --- what a card does -------------------------------------------------------------------

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
            self.actions[step.do](self, seat, step)

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
        entry = self.roll(seat, table)
        if isinstance(entry, tuple):
            self.apply(seat, entry, NO_CONDITION)
        elif entry == ANY_ATTRIBUTE:
            self.values[seat][self.policies[seat].pick_attribute(self, seat, seat, 1)] += 1
        elif isinstance(entry, int) and entry >= 0:
            self.values[seat][entry] += 1


class Stream(random.Random):
    """A game's stream of chance. Its die and shuffle take random() (a die: floor(random() * sides);
    a shuffle: Fisher-Yates, as random.shuffle did with its `random=` argument until Python 3.11), a
    bias of n / 2**53, none to see, at a third of random's randbelow a number: what pays for seeding a
    game's streams (some 7 us each)."""

    def randrange(self, start, stop=None, step=1):  # a die: randrange(1, sides + 1)
        if stop is None or step != 1:
            return super().randrange(start, stop, step)
        return start + int(self.random() * (stop - start))

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        draw = self.random
        for i in range(len(x) - 1, 0, -1):
            j = int(draw() * (i + 1))
            x[i], x[j] = x[j], x[i]


class Unseeded(Stream):
    """A Stream seeded when it is first drawn from (or asked its state), with the same seed and so the
    same draws as Stream(seed): seeding costs as much as some 50 draws, and most streams made are never
    drawn from (a copy of the table that greedy weighs a move on and throws away, a seat's ties). On
    its first use it becomes a Stream (its class changed), so that nothing stands between a later
    draw and the generator. Every draw of random.Random goes through random() or getrandbits(); a
    method bound before the change (Stream.shuffle's draw) still comes here, and draws as a Stream."""

    def __init__(self, seed: int = 0):  # random.Random.__init__ would seed now (0: pickle makes one so, then sets its state)
        self.pending = seed

    def random(self) -> float:
        _started(self)
        return random.Random.random(self)

    def getrandbits(self, k: int) -> int:
        _started(self)
        return random.Random.getrandbits(self, k)

    def getstate(self) -> tuple:
        _started(self)
        return random.Random.getstate(self)

    def setstate(self, state: tuple) -> None:
        _become_stream(self)
        random.Random.setstate(self, state)

    def seed(self, a=None, version: int = 2) -> None:
        _become_stream(self)
        random.Random.seed(self, a, version)


def _started(chance: random.Random) -> None:
    """An Unseeded stream seeded (once: it is a Stream from then on)."""
    if type(chance) is Unseeded:
        _become_stream(chance)
        random.Random.seed(chance, chance.pending)


def _become_stream(chance: random.Random) -> None:
    chance.__class__ = Stream


def stream(seed: int, purpose: int, seat: int = 0) -> int:
    """The seed of a game's stream for `purpose` (DECKS, DICE, TIES) and seat (at most 255 seats): each
    stream its own, however many games, seats and purposes."""
    return seed << 10 | purpose << 8 | seat


def dice_total(rng: random.Random, count: int, sides: int) -> int:
    """`count` dice of `sides` sides: randint(1, sides) is randrange(1, sides + 1) (the same draws),
    called directly, and one die without a generator (most rolls are one die)."""
    if count == 1:
        return rng.randrange(1, sides + 1)
    return sum(rng.randrange(1, sides + 1) for _ in range(count))


def refill(table: Table, state: State, name: str) -> None:
    """The market `name` dealt up to its size from its deck (the row shrinks when the deck runs out)."""
    zone = table.plan.vocabulary.zones[name]
    row = state.market[name]
    while len(row) < zone.size and zone.deck in table.piles:
        card = table.draw(zone.deck)
        if card < 0:
            return  # the deck and its discard are empty: the row shrinks
        row.append(card)


# --- counters ------------------------------------------------------------------------------

def bound(table: Table) -> None:
    """Every counter with a min or max brought back within it, for every seat: after a step that
    changes values without add() (a card's effects, change, take, an event)."""
    rules = table.plan.vocabulary
    if rules is None or not rules.bounded:
        return
    for values in table.values:
        for index, low, high in rules.bounded:
            if low is not None and values[index] < low:
                values[index] = low
            elif high is not None and values[index] > high:
                values[index] = high


def floor_of(table: Table, index: int) -> int:
    """How low paying or losing may take a counter: its min, else 0."""
    low = table.plan.vocabulary.bounds[index][0] if table.plan.vocabulary else None
    return 0 if low is None else low


def room_below(table: Table, index: int, floor: int | None) -> int:
    """How low taking may take a value: the step's floor (else 0), and never below the counter's min."""
    low = table.plan.vocabulary.bounds[index][0] if table.plan.vocabulary else None
    return max(floor or 0, low) if low is not None else floor or 0


def _swap_in(cards: frozenset[int], places: list[list[int]], target: list[int], index: int) -> None:
    """A copy of `cards` (the first place's nearest its top, else the next place's ...) swapped with
    target[index]; nothing when that card is a copy already, or no card is named."""
    if not cards or target[index] in cards:
        return
    for place in places:
        at = next((i for i in range(len(place) - 1, -1, -1) if place[i] in cards), -1)
        if at >= 0:
            place[at], target[index] = target[index], place[at]
            return
