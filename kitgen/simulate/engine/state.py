"""What the rules vocabulary keeps of one game besides the table's values, hands and piles: the card
model's piles and supplies, cards in play by zone, the markets, attached cards, melds, flags and their
streaks, who is out, the order of play. Plain lists and dicts (a table is copied to think ahead in). Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.compile.vocabulary import Rules
from kitgen.simulate.compile.zones import OWN, PLAYER


class State:
    """The vocabulary's state of one game, empty: the table deals the markets (engine/table.refill)."""

    def __init__(self, rules: Rules, players: int, places: tuple = (), knowing: bool = False):
        seats = range(players)
        # the card model's own piles and supplies (compile/zones.OWN): a list per player, or one for the table
        self.places: dict[str, list[list[int]]] = {
            p.key: [[] for _ in (seats if p.owner == PLAYER else range(1))] for p in places if p.store == OWN}
        self.zones: dict[str, list[list[int]]] = {
            n: [[] for _ in seats] for n, z in rules.zones.items() if z.kind == "in-play"}
        self.market: dict[str, list[int]] = {n: [] for n, z in rules.zones.items() if z.kind == "market"}
        self.attached: dict[str, list[list[tuple[int, int]]]] = {  # (the host's place in its zone, the card)
            n: [[] for _ in seats] for n, z in rules.zones.items() if z.kind == "attached"}
        # each in-play zone's melds per player (kind -> cards laid), in a game that melds (Rules.melds): a
        # player copies the table for each option it weighs, and an empty dict a zone and seat was a quarter
        # of a copy of Alpha Centauri's state
        self.melds: dict[str, list[dict[str, int]]] = {n: [{} for _ in seats] for n in self.zones} if rules.melds else {}
        self.flags: list[dict[str, int]] = [{} for _ in seats]  # flag -> the last turn it holds
        self.streaks: list[dict[str, int]] = [{} for _ in seats]  # flag -> turn ends held in a row
        self.out = [False] * players
        self.order = list(seats)
        self.ranked = 0  # the turn the order was ranked for
        # a game of rounds (engine/cycle.py): who plays, in which direction, who is out of the game
        self.gone = [False] * players  # out of the game (eliminate:); `out` may be out of the round only
        self.leader = 0  # the turn's first player
        self.current = 0  # whose turn it is (player-turns)
        self.next = -1  # who starts the next turn, when a step said so (lead, take-trick)
        self.direction = 1  # 1: seat order; -1: reversed
        self.skip = 0  # players the next turn passes over
        self.first = 0  # who started this round
        self.phase = 0  # the phase of the turn being played (its index)
        self.seats: list[int] = []  # who plays that phase, in order (a list replaced, never changed: copies share it)
        self.place = 0  # which of them plays it now (its index in seats)
        self.scored = False  # the round is over and scored, the next not begun
        self.round_winner = -1  # who gained most in the last round (rounds: {first: winner})
        self.gained: list[list[int]] = []  # the values at the round's start (who gains most wins the round)
        self.over = False  # the game ended (game_end, until, its rounds played)
        self.why = ""  # why the game or the round ended, in words (the trace says it)
        self.marks: dict[str, set[int]] = {}  # mark -> the cards carrying it, until the turn ends
        self.named: dict[int, tuple[int, str, int]] = {}  # place -> (card, field, code): a value declared for its top card
        self.played_by: dict[int, int] = {}  # card -> the seat that played it last (a trick's cards)
        self.trash: list[int] = []  # cards out of the game (trash), home again at a round's start
        self.fired = 0  # triggers fired in the current chain (bounded: vocabulary/events.MAX_TRIGGERS)
        self.triggered = 0  # triggers fired in the game (bounded: vocabulary/events.MAX_GAME_TRIGGERS)
        self.depth = 0  # triggers within triggers now (bounded: vocabulary/events.MAX_DEPTH)
        # per player, per other player: the cards it knows are in that player's hand (engine/knowledge.py)
        self.known: list[list[list[int]]] | None = [[[] for _ in seats] for _ in seats] if knowing else None


def copy_state(state: State | None) -> State | None:
    """A copy to think ahead in: every list, dict and set its own (copy.deepcopy did this, at ten
    times the cost: a greedy player copies the table for each option it weighs)."""
    if state is None:
        return None
    other = object.__new__(State)
    other.__dict__.update(state.__dict__)
    # map(list, ...) copies each seat's list without a Python loop: this runs for every copy of the table
    other.places = {key: list(map(list, lists)) for key, lists in state.places.items()}
    other.zones = {key: list(map(list, lists)) for key, lists in state.zones.items()}
    other.attached = {key: list(map(list, lists)) for key, lists in state.attached.items()}
    other.market = {key: list(row) for key, row in state.market.items()}
    other.melds = {key: list(map(dict, melds)) for key, melds in state.melds.items()}
    other.flags, other.streaks = list(map(dict, state.flags)), list(map(dict, state.streaks))
    other.out, other.order, other.gone, other.trash = list(state.out), list(state.order), list(state.gone), list(state.trash)
    other.marks = {key: set(cards) for key, cards in state.marks.items()}
    other.named, other.played_by = dict(state.named), dict(state.played_by)
    other.gained = list(map(list, state.gained))
    other.known = [list(map(list, row)) for row in state.known] if state.known is not None else None
    return other
