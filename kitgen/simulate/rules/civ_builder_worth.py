"""What a choice is worth to a Civ Builder seat, in Victory Points: the score `decide` gives the
greedy player (the random one ignores it). These are the default player's judgement, not rules:
the constants below are its rough prices, each with its reason. Stdlib only."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from kitgen.simulate.rules.civ_builder_table import CivTable, Meld

CARD = 0.8  # a card drawn is worth a little under the Victory Point it scores when melded
LATER = 0.25  # a point of lead now counts a quarter of every later round's scoring (leads get overtaken)
KEEP = 0.6  # a card kept over the End Phase may be stolen or discarded before it is melded
PRICES: dict[str, Callable[..., float]] = {  # a special action's clause, in Victory Points per its numbers
    "gain-vp": lambda n: n, "steal-vp": lambda n: 1.5 * n,  # a stolen VP also costs a rival one
    "draw": lambda n: n * CARD, "look-take": lambda n, m: 1.3 * m * CARD,  # chosen cards beat drawn ones
    "steal-cards": lambda n: 1.5 * n * CARD, "redraw": lambda n: n * CARD + 0.5,
    "target-discards": lambda n: 0.5 * n * CARD,  # hurts one rival of several
    "swap-cards": lambda n: 0.3 * n, "steal-points": lambda n: 0.7 * n,
}


class Worth:
    def __init__(self, table: CivTable):
        self.table = table
        rules = table.rules
        self.action = [sum(PRICES[kind](*numbers) for kind, numbers in clauses) for clauses in rules.specials]
        self.mean_action = sum(self.action) / len(self.action)
        self.may_be_wild = {card for _, card, _ in rules.wild_if_highest}
        schedule = rules.schedule
        self.lead_values = [0.0] + [schedule[now] + LATER * sum(schedule[now + 1:]) for now in range(len(schedule))]

    def point(self, seat: int, attribute: int, delta: int) -> float:
        """A change of `delta` to the seat's `attribute`: the Score Phase's VP it wins or loses."""
        values = self.table.values
        best = 0
        for other, row in enumerate(values):
            if other != seat and row[attribute] > best:
                best = row[attribute]
        lead = values[seat][attribute] - best
        return self.lead_values[self.table.round] * (share(lead + delta) - share(lead) + 0.02 * delta)

    def meld(self, seat: int, meld: Meld, after: int, wilds: list) -> float:
        """Its VP and points, its special action, and a further meld of `after` cards if the hand
        still holds one (the smallest meld that keeps the run going is often the better)."""
        table, (attribute, parts) = self.table, meld
        size = sum(copies for _, copies in parts) * table.rules.points
        worth = size + self.point(seat, attribute, size) + self.action[attribute]
        if after:
            hand = table.hands[seat]
            for card, copies in parts:
                hand[card] -= copies
            if table.largest_meld(seat, wilds) >= after:
                worth += after * table.rules.points + self.mean_action
            for card, copies in parts:
                hand[card] += copies
        return worth

    def card(self, seat: int, card: int, more: int = 0) -> float:
        """A card in the seat's hand (`more`=1: one it might take): melded as itself, as a wild, or not at all."""
        table = self.table
        role, hand = table.rules.role[card], table.hands[seat]
        if role >= 0:
            worth = 1.0 + 0.1 * self.action[role] + 0.3 * min(hand[card] - 1 + more, 2)
        else:
            worth = 1.5 if role == -1 else 0.0
        if card in self.may_be_wild and any(card == wild for wild, _ in table.wilds(seat)):
            worth += 0.3 if role >= 0 else 1.0
        return worth

    def hand(self, seat: int) -> float:
        hand = self.table.hands[seat]
        return KEEP * sum(copies * self.card(seat, card) for card, copies in enumerate(hand) if copies)


def share(lead: int) -> float:
    """A lead's share of an attribute's scoring: all of it, half when tied (ties each score, so
    neither gains on the other), none behind."""
    return 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
