"""The rules vocabulary's conditions and numbers compiled for the simulator: a `when:` becomes a
tree of tuples that engine/conditions.test() reads, an expression a tree that value() reads, names
resolved to the seat's value indices once (plain tuples: a plan pickles to another process or a Dask
worker). Nothing is evaluated from text at play time, and nothing runs code from the game:
expressions are walked from their parsed tree (check/formula.parse_expression).

Where a condition says only what the engine's fast checks say (a single highest score; highest in
these attributes by a margin after turn N; ahead in the most attributes; above thresholds),
compile/game.py compiles it to those (a Trigger, a PathPlan's fields) and no closure runs: Galactic
Civ plays as fast in this vocabulary as it did before it.
"""
from __future__ import annotations

import operator
from typing import Any, NamedTuple

from kitgen.check.conditions import fold, value_names
from kitgen.check.conditions import when_words as words  # noqa: F401  (compile/game.py reads it from here)
from kitgen.check.dice import die_range
from kitgen.check.formula import NAME, capped, whole_number
from kitgen.errors import Where
from kitgen.model import Expr, Game, When
from kitgen.simulate.compile.expressions import Reader
from kitgen.simulate.compile.zones import fold_zone
from kitgen.simulate.compile.nodes import (ADD, AFTER, ALIVE, ALL, ANY, AT_END, ATTACKING, CARDS_IN, COMPARE,  # noqa: F401
                                           CONST, DEFENDING, DIV, EMPTY, FLAG, LAST, LOST, MOST, MUL, NEG, NONE,
                                           OF_TARGET, PLAYERS, RANK, ROLL_OFF, ROUND, SEAT, SLOT, STREAK, SUB, TEST, TURN, Node)


class Names:
    """Names -> what reads a seat's value: an index into the seat's values (attributes, then the
    counters that are not totals), or the compiled expression of a derived counter."""

    def __init__(self, game: Game, slots: tuple[str, ...]):
        self.folded = value_names(game)
        self.slot: dict[str, int] = {}
        for i, name in enumerate(slots):  # a counter named as an attribute is that attribute (compile/game's index)
            self.slot.setdefault(name, i)
        self.width = len(slots)
        self.each = 0  # > 0 while the steps of an `each:` are compiled: `this` is the card they are taken for
        self.totals = {c.name: c.total for c in game.counters if c.total is not None}
        self.compiled: dict[str, Node] = {}
        self.busy: set[str] = set()
        self.decks = {deck.id for deck in game.decks}
        self.attributes = {a.name for a in game.attributes}
        self.eliminates = game.eliminate is not None  # the engine's fast checks compare every seat: not then
        self.conditions = {c.id: i for i, c in enumerate(game.conditions)}  # card conditions, as plan.conditions
        # what the card functions read (compile/game.py sets them once the cards are known)
        self.facts: Any = None  # compile/cards.Facts (set before anything reads a card)
        self.places: dict[str, int] = {}  # folded zone name -> place index (compile/zones.place_index)
        self.place_list: tuple = ()  # compile/zones.Place records
        self.deck_cards: dict[str, tuple[int, ...]] = {}  # deck id -> its cards (plan.decks)
        self.card_game = False  # the game plays by the card model (compile/game.card_model)
        self.located: dict[str, int] = {}  # a step's place in the data -> its Step.at (plan.located)

    def locate(self, where) -> int:
        """The number of a step written at `where` (the same place: the same number), -1 for none."""
        if where is None or not where.line:
            return -1
        return self.located.setdefault(str(where), len(self.located))

    def index(self, name: str) -> int:
        """The value index of a plain counter or attribute, -1 for a total or an unknown name."""
        return self.slot.get(self.folded.get(fold(name), ""), -1)

    def reader(self, name: str) -> Node:
        special = {"turn": (TURN,), "players": (PLAYERS,), "round": (ROUND,), "alive": (ALIVE,),
                   "attacking": (ATTACKING,), "defending": (DEFENDING,), "lost": (LOST,), "seat": (SEAT,)}.get(fold(name))
        if special is not None:
            return special
        own = self.folded.get(fold(name), "")
        if own in self.slot:
            return (SLOT, self.slot[own])
        if own not in self.totals or own in self.busy:  # unknown, or a total of itself: validate said so
            return (CONST, 0)
        if own not in self.compiled:
            self.busy.add(own)
            self.compiled[own] = number(self.totals[own], self)
            self.busy.discard(own)
        return self.compiled[own]


def number(text: Expr, names: Names, where: Where | None = None) -> Node:
    """A number or an expression, compiled (compile/expressions.Reader): a name it does not know is a
    located error at `where`."""
    fixed = whole_number(text)
    if fixed is not None:
        return (CONST, capped(fixed))
    return Reader(names, where).read(text)


def ranked_value(text: str, names: Names, where: Where | None = None) -> Node:
    """What `highest:`, `lowest:` and `tie_break:` rank by: a counter's name, or an expression
    (`"max(hand.value)"`)."""
    if NAME.fullmatch(text.strip().replace(" ", "_")):
        return names.reader(text)
    return number(Expr(text), names, where)


# --- conditions ----------------------------------------------------------------------------

COMPARISONS = {"at_least": operator.ge, "more_than": operator.gt, "at_most": operator.le, "less_than": operator.lt}


def _tie_break(name: str, names: Names, where: Where | None = None) -> Node:
    """A counter (or expression) compared among those tied, or dice they roll off on (`1D6`: the
    highest roll stays)."""
    rolled = die_range(name)
    return (ROLL_OFF, rolled[0], rolled[1] // rolled[0]) if rolled else ranked_value(name, names, where)


class Rank(NamedTuple):
    """highest / lowest of one counter, with a margin and a tie rule."""
    value: Node
    sign: int  # 1: highest; -1: lowest
    by: Node
    breaks: tuple[Node, ...]
    share: bool


def condition(when: When, names: Names, decks: set[str]) -> Node:
    """The whole condition: every part must hold (one part is itself)."""
    parts: list[Node] = []
    parts += [(AFTER, when.turn_after)] if when.turn_after is not None else []
    parts += [(AT_END, when.end_of_turn)] if when.end_of_turn is not None else []
    at = when.where
    by, share = number(when.by, names, at), when.tie == "share"
    breaks = tuple(_tie_break(n, names, at) for n in when.tie_break)
    parts += [(RANK, Rank(ranked_value(n, names, at), 1, by, breaks, share)) for n in when.highest]
    parts += [(RANK, Rank(ranked_value(n, names, at), -1, by, breaks, share)) for n in when.lowest]
    parts += [(MOST, breaks, share)] if when.most_highest else []
    for key, compare in COMPARISONS.items():
        parts += [(COMPARE, compare, names.reader(a.counter), number(a.value, names, a.where or at))
                  for a in getattr(when, key)]
    parts += [empty(name, names) for name in when.empty if name in decks or fold_zone(name) in names.places]
    parts += [(CARDS_IN, a.counter, number(a.value, names, a.where or at), names.places.get(fold_zone(a.counter), -1))
              for a in when.cards_in]
    parts += [(FLAG, flag) for flag in when.flag]
    parts += [(STREAK, a.counter, number(a.value, names, at)) for a in when.streak]
    parts += [(LAST,)] if when.last_standing else []
    parts += [(TEST, number(when.test, names, at))] if when.test is not None else []
    parts += [(OF_TARGET, condition(when.target, names, decks))] if when.target is not None else []
    for kind, group in ((ALL, when.all), (ANY, when.any), (NONE, when.none)):
        if group:
            parts.append((kind, tuple(condition(w, names, decks) for w in group)))
    return parts[0] if len(parts) == 1 else (ALL, tuple(parts))



def empty(name: str, names: Names) -> Node:
    """`empty: [NAME]`: no card left to take. A deck: its draw pile, its discard and every market dealt
    from it (a market's face-up row is still there to take); a zone: its cards (the seat's own)."""
    if name in names.decks:
        markets = tuple(i for i, p in enumerate(names.place_list) if p.kind == "market" and p.deck == name)
        return (EMPTY, name, markets)
    return (EMPTY, "", (names.places[fold_zone(name)],))


class Shape(NamedTuple):
    """A victory path's condition in the engine's fast fields (compile/plan.PathPlan's); `exact` when these
    say all of it (else the compiled condition decides and these only guide the greedy player)."""
    after_turn: int | None
    at_end_of_turn: int | None
    highest: tuple[str, ...]
    highest_any: tuple[str, ...]
    margin: int
    most: bool
    thresholds: tuple[tuple[str, int], ...]  # (counter, more than)
    any_threshold: bool
    exact: bool


def _single_highest(when: When) -> str | None:
    if len(when.highest) == 1 and whole_number(when.by) is not None and when == When(highest=when.highest, by=when.by):
        return when.highest[0]
    return None


def _single_threshold(when: When) -> tuple[str, int] | None:
    amounts = (*when.more_than, *when.at_least)
    if len(amounts) != 1 or when != When(more_than=when.more_than, at_least=when.at_least):
        return None
    fixed = whole_number(amounts[0].value)
    if fixed is None:
        return None
    return amounts[0].counter, fixed - (1 if when.at_least else 0)


def shape(when: When, names: Names) -> Shape:
    """What of `when` the fast fields can say, and whether that is all of it."""
    exact = not (when.lowest or when.at_most or when.less_than or when.empty or when.all or when.none
                 or when.tie != "nobody" or when.tie_break or whole_number(when.by) is None
                 or when.cards_in or when.flag or when.streak or when.last_standing or when.target is not None
                 or when.test is not None
                 or any("(" in name for name in when.highest))  # what the fast fields cannot say
    margins = {whole_number(when.by) or 0} if when.highest else set()
    thresholds = []
    for amount, less in [(a, 0) for a in when.more_than] + [(a, 1) for a in when.at_least]:
        fixed = whole_number(amount.value)
        exact = exact and fixed is not None
        thresholds.append((amount.counter, (fixed or 0) - less))
    highest_any: list[str] = []
    any_threshold = False
    if when.any:
        singles = [_single_highest(w) for w in when.any]
        levels = [_single_threshold(w) for w in when.any]
        if all(singles):
            highest_any = [s for s in singles if s]
            margins |= {whole_number(w.by) or 0 for w in when.any}
        elif all(levels) and not thresholds:
            thresholds, any_threshold = [t for t in levels if t], True
        else:
            exact = False
    used = (*when.highest, *highest_any, *(name for name, _ in thresholds))
    exact = exact and len(margins) <= 1 and all(names.index(n) >= 0 for n in used) and \
        bool(when.highest or highest_any or when.most_highest or thresholds)
    return Shape(when.turn_after, when.end_of_turn, when.highest, tuple(highest_any), max(margins, default=0),
                 when.most_highest, tuple(thresholds), any_threshold, exact)
