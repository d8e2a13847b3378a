"""What the rules vocabulary keeps of one game besides the table's values, hands and piles: the card
model's piles and supplies, cards in play by zone, the markets, attached cards, melds, flags and their
streaks, who is out, the order of play. Plain lists and dicts (a table is copied to think ahead in). Stdlib only.
"""
from __future__ import annotations

import copy

from kitgen.simulate.compile.vocabulary import Rules
from kitgen.simulate.compile.zones import OWN, PLAYER


class State:
    """The vocabulary's state of one game, empty: the table deals the markets (engine/table.refill)."""

    def __init__(self, rules: Rules, players: int, places: tuple = ()):
        seats = range(players)
        # the card model's own piles and supplies (compile/zones.OWN): a list per player, or one for the table
        self.places: dict[str, list[list[int]]] = {
            p.key: [[] for _ in (seats if p.owner == PLAYER else range(1))] for p in places if p.store == OWN}
        self.zones: dict[str, list[list[int]]] = {
            n: [[] for _ in seats] for n, z in rules.zones.items() if z.kind == "in-play"}
        self.market: dict[str, list[int]] = {n: [] for n, z in rules.zones.items() if z.kind == "market"}
        self.attached: dict[str, list[list[tuple[int, int]]]] = {  # (the host's place in its zone, the card)
            n: [[] for _ in seats] for n, z in rules.zones.items() if z.kind == "attached"}
        self.melds: dict[str, list[dict[str, int]]] = {n: [{} for _ in seats] for n in self.zones}
        self.flags: list[dict[str, int]] = [{} for _ in seats]  # flag -> the last turn it holds
        self.streaks: list[dict[str, int]] = [{} for _ in seats]  # flag -> turn ends held in a row
        self.out = [False] * players
        self.order = list(seats)
        self.ranked = 0  # the turn the order was ranked for


def copy_state(state: State | None) -> State | None:
    """A copy to think ahead in (Table.clone): every list and dict copied, their ints shared. Written
    out, as deepcopy's memo made it a greedy game's largest cost (a player that tries each of its
    moves on a copy of the table makes a few thousand copies a game)."""
    if state is None:  # a game without the vocabulary's state
        return None
    other = copy.copy(state)
    other.zones = {name: [list(cards) for cards in seats] for name, seats in state.zones.items()}
    other.market = {name: list(row) for name, row in state.market.items()}
    other.attached = {name: [list(pairs) for pairs in seats] for name, seats in state.attached.items()}
    other.melds = {name: [dict(kinds) for kinds in seats] for name, seats in state.melds.items()}
    other.flags = [dict(flags) for flags in state.flags]
    other.streaks = [dict(streaks) for streaks in state.streaks]
    other.out = list(state.out)
    other.order = list(state.order)
    return other
