"""How far a seat is from each of its victory paths, and what a point in each attribute is worth to
it now: the valuation the greedy player decides by (and the stronger ones score positions by).
Tuned for speed (it runs at every decision): the usual path shapes are scored without a call, and
what recurs all game (scorers, weights, card keys) is kept on the plan. Stdlib only.
"""
from __future__ import annotations

from typing import NamedTuple

from kitgen.simulate.compile.nodes import ADD, ALL, CONST, DIV, FLAG, LEAST, MOST_OF, MUL, NEG, SLOT, STREAK, SUB, Node
from kitgen.simulate.compile.plan import PathPlan, Plan
from kitgen.simulate.engine.conditions import value
from kitgen.simulate.engine.table import OTHER_THREE, Table

GROWTH = 0.01  # a point anywhere is worth a hundredth: growth counts when no victory path is in sight


def path_pull(path: PathPlan, lead: list[int], mine: list[int]) -> tuple[tuple[int, int], tuple[int, ...]]:
    """((score, progress), bottleneck): the smallest lead the path still needs (>= 0: met), the sum
    of its parts (a path half done is nearer than one not begun), and the attributes whose next
    point would raise its smallest part."""
    parts: list[tuple[int, list[int]]] = []
    need = max(path.margin, 1)  # "highest" is strictly ahead; a margin asks for that many points
    if path.highest:
        low = min(lead[a] for a in path.highest)
        parts.append((low - need, [a for a in path.highest if lead[a] == low]))
    if path.highest_any:
        high = max(lead[a] for a in path.highest_any)
        parts.append((high - need, [a for a in path.highest_any if lead[a] == high]))
    if path.thresholds:
        gaps = [(mine[a] - more - 1, a) for a, more in path.thresholds]
        edge = max(g for g, _ in gaps) if path.any_threshold else min(g for g, _ in gaps)
        parts.append((edge, [a for g, a in gaps if g == edge]))
    if path.most:
        behind = [x for x in lead if x <= 0]
        near = max(behind) if behind else 1
        parts.append((sum(1 for x in lead if x > 0) - len(lead) // 2, [a for a, x in enumerate(lead) if x == near]))
    if not parts:
        return (-(10**6), 0), ()
    score = min(score for score, _ in parts)
    return (score, sum(score for score, _ in parts)), \
        tuple(a for part, attributes in parts if part == score for a in attributes)


def leads(values: list[list[int]], seat: int) -> list[int]:
    """Each attribute's lead over the best of the other players (pairwise maxima: a comparison costs
    less than a call to max() with several arguments, and this runs for every decision)."""
    if len(values) == 4:  # four players, the usual table: one comprehension over the others' rows by index
        i, j, k = OTHER_THREE[seat]
        # zip without strict=: the rows are one game's, all as long; the check cost 15% of this function
        return [m - (a if a > b and a > c else b if b > c else c)
                for m, a, b, c in zip(values[seat], values[i], values[j], values[k])]  # noqa: B905
    others = list(values)
    mine = others.pop(seat)
    if not others:
        return list(mine)
    best = others[0]
    for other in others[1:]:
        best = [a if a > b else b for a, b in zip(best, other, strict=True)]
    return [m - b for m, b in zip(mine, best, strict=True)]


def worth(table: Table, seat: int) -> float:
    """What the seat's counters are worth to it besides its victory paths: their `worth:`, given in
    hundredths of a point (none: 0)."""
    rules = table.plan.vocabulary
    if rules is None or not (rules.worths or rules.linear_worths):
        return 0.0
    row = table.values[seat]
    total = sum(row[index] * factor for index, factor in rules.linear_worths)
    for node, slots, known in worth_nodes(table.plan):
        if slots is None:
            total += value(node, table, seat)
            continue
        key = tuple([row[slot] for slot in slots])  # a worth of the row alone (50 * min(Units, 10)): kept by
        found = known.get(key)  # the values it reads, as greedy weighs every player for each move it tries
        if found is None:
            found = value(node, table, seat)
            if len(known) < MEMO:
                known[key] = found
        total += found
    return total / 100


MEMO = 10_000  # values of one worth expression kept (a bound: a row of huge counters is worked out anew)
_ROW_KINDS = {CONST, SLOT, NEG, ADD, SUB, MUL, DIV, LEAST, MOST_OF}  # numbers that read only the seat's values


def worth_nodes(plan: Plan) -> list[tuple[Node, tuple[int, ...] | None, dict]]:
    """Each `worth:` expression of the plan, the values it reads when it reads nothing but the seat's
    values (None: it reads more, and is worked out each time), and its values kept so far."""
    try:
        return plan.cache["worth-nodes"]
    except KeyError:
        made = plan.cache["worth-nodes"] = [(node, row_slots(node), {}) for node in plan.vocabulary.worths]
        return made


def row_slots(node: Node) -> tuple[int, ...] | None:
    """The value indices a number reads, when it is made of the seat's values, constants and
    arithmetic only (None: it reads the table, the turn, cards or dice)."""
    if node[0] not in _ROW_KINDS:
        return None
    if node[0] == SLOT:
        return (node[1],)
    if node[0] == CONST:
        return ()
    parts = [row_slots(part) for part in node[1:]]
    if any(part is None for part in parts):
        return None
    return tuple(sorted({slot for part in parts for slot in part}))  # type: ignore[union-attr]


def standing(plan: Plan, values: list[list[int]], seat: int, table: Table | None = None) -> float:
    """How near the seat is to its nearest victory path (0 or more: it is met), its progress on
    that path's other parts counting a hundredth. Given the table, a path's offices count too (offices)."""
    paths = scorers(plan)
    if not paths.lead and paths.gaps:
        # a game whose paths are all thresholds (Alpha Centauri's) reads only the seat's own values, and
        # a path's key is its gap twice (threshold_key): the nearest path's gap, without nearest_of's
        # keys and lists (greedy weighs every player's standing for each move it tries)
        mine = values[seat]
        if table is not None and paths.offices:
            return offices_standing(table, seat, mine, paths)
        near = max([max([mine[a] - need for a, need in gaps]) if anyone else min([mine[a] - need for a, need in gaps])
                    for gaps, anyone in paths.gaps])
        return near + near / 100
    lead = leads(values, seat) if paths.lead else []
    score, progress = nearest_of(paths, lead, values[seat])[0]
    return score + progress / 100


class Scorer(NamedTuple):
    """A path as nearest() scores it at every decision, its attribute lists read without a call
    where they are short: `one`, or `pair` of `highest_any` (else -1), `lows` and `highs` otherwise."""
    path: PathPlan
    kind: int  # SIMPLE (highest and highest_any only), MOST (most attributes only), THRESHOLDS (thresholds
    # only: the seat's own values) or EXACT (path_pull)
    one: int  # the attribute of a one-attribute `highest`, else -1
    lows: tuple[int, ...]  # `highest`, when it names more than one attribute
    pair: tuple[int, int]  # the two attributes of a two-attribute `highest_any`, else (-1, -1)
    highs: tuple[int, ...]  # `highest_any`, when it names one or more than two attributes
    need: int
    most: int  # most attributes: how many a player must lead in, less one (half of them); else 0


SIMPLE, MOST, EXACT, THRESHOLDS = 0, 1, 2, 3
FAR = 10**6  # the part of a path that has no such part: never the smallest
BELOW = -2 * FAR  # below every key (a path with no part at all scores -FAR)


def scorer(path: PathPlan, attributes: int) -> Scorer:
    # a most-attributes path's own condition (a tie-break) only settles a level count: most_pull guides as well
    # a path written as `when:` whose fields are only highest parts is scored as the older keys are (the
    # same parts); one with no field at all has nothing to guide by (path_pull: far off)
    fields = path.highest or path.highest_any
    exact = path.thresholds or (path.most and fields) or (path.when is not None and not path.most and not fields)
    kind = THRESHOLDS if path.thresholds and not (fields or path.most) else EXACT if exact else \
        MOST if path.most else SIMPLE
    two = len(path.highest_any) == 2
    return Scorer(path, kind, path.highest[0] if len(path.highest) == 1 else -1,
                  path.highest if len(path.highest) > 1 else (), (path.highest_any[0], path.highest_any[1]) if two
                  else (-1, -1), () if two else path.highest_any, max(path.margin, 1), attributes // 2)


class Scorers(NamedTuple):
    """A plan's paths as nearest() reads them, each kind in a loop of its own: `pairs`, the usual
    shape (the highest in one attribute and in one of two others: Galactic Civ's race victories), as
    bare (index, one, x, y, need); `mosts`, most-attributes paths as (index, half); `rest`, every
    other path as (index, Scorer); `every`, each path's Scorer, in data order; `lead`, whether a path
    reads the seat's leads over the others (not when every path is of thresholds)."""
    every: list[Scorer]
    pairs: list[tuple[int, int, int, int, int]]
    mosts: list[tuple[int, int]]
    rest: list[tuple[int, Scorer]]
    lead: bool = True
    # when every path is of thresholds: each path's (attribute, the value that meets it) and whether
    # any one threshold meets it (else all)
    gaps: tuple[tuple[tuple[tuple[int, int], ...], bool], ...] = ()
    # with gaps: each path's offices (office_parts), none at all: (); and the offices' names, once each
    offices: tuple[tuple[tuple[int, str, int], ...], ...] = ()
    office_names: tuple[str, ...] = ()


def scorers(plan: Plan) -> Scorers:
    try:  # one look-up: every decision asks
        return plan.cache["scorers"]
    except KeyError:
        every = [scorer(path, len(plan.attributes)) for path in plan.paths]
        pairs = [(i, s.one, *s.pair, s.need) for i, s in enumerate(every) if _is_pair(s)]
        mosts = [(i, s.most) for i, s in enumerate(every) if s.kind == MOST]
        rest = [(i, s) for i, s in enumerate(every) if not _is_pair(s) and s.kind != MOST]
        lead = any(s.kind != THRESHOLDS for s in every)
        gaps = () if lead else tuple((tuple((a, more + 1) for a, more in s.path.thresholds), s.path.any_threshold)
                                     for s in every)
        offices = tuple(office_parts(s.path) for s in every) if gaps else ()
        names = tuple(dict.fromkeys(office for parts in offices for _, office, _ in parts))
        made = plan.cache["scorers"] = Scorers(every, pairs, mosts, rest, lead, gaps,
                                               offices if any(offices) else (), names)
        return made


def office_parts(path: PathPlan) -> tuple[tuple[int, str, int], ...]:
    """The parts of a thresholds path's `when:` that are offices, each (FLAG, office, 1) or (STREAK,
    office, elections in a row): Alpha Centauri's Diplomatic Victory, Population > 30 and Governor 3
    turns in a row. Its thresholds alone left the office out of the path's distance, so a bid that
    won the Council moved nothing greedy weighs and it never bid (0 bids in 5,065 Councils)."""
    when = path.when
    if when is None or not path.thresholds or path.any_threshold:
        return ()
    parts = when[1] if when[0] == ALL else (when,)
    return tuple((part[0], part[1], 1 if part[0] == FLAG else part[2][1]) for part in parts
                 if part[0] == FLAG or (part[0] == STREAK and part[2][0] == CONST))


def offices_standing(table: Table, seat: int, mine: list[int], paths: Scorers) -> float:
    """standing() of thresholds paths some of which have offices: each such path's gap is the smaller
    of its thresholds' and its offices' (elections in a row are counted as points are). An office only
    lowers its path's gap, so it is read only for a path whose thresholds make it the nearest."""
    gaps = [max([mine[a] - need for a, need in gap]) if anyone else min([mine[a] - need for a, need in gap])
            for gap, anyone in paths.gaps]
    near, read = max(gaps), set()
    while True:  # at most once a path with offices: each read lowers the nearest until none is left
        i = next((i for i, parts in enumerate(paths.offices) if parts and i not in read and gaps[i] == near), -1)
        if i < 0:
            return near + near / 100
        read.add(i)
        gaps[i] = min(near, office_gap(table, seat, paths.offices[i]))
        near = max(gaps)


def office_gap(table: Table, seat: int, parts: tuple[tuple[int, str, int], ...]) -> int:
    """How far the seat is from holding each office part (0 or more: held): a streak in elections."""
    state = table.state
    if state is None:
        return -FAR
    return min([(1 if state.flags[seat].get(office, 0) >= table.turn else 0) - need if kind == FLAG
                else state.streaks[seat].get(office, 0) - need for kind, office, need in parts])


def office_key(table: Table, seat: int) -> tuple[int, ...]:
    """What office_gap reads for the seat, in a key (greedy.nearness keeps standings by it)."""
    names = scorers(table.plan).office_names
    if not names or table.state is None:
        return ()
    streaks, flags, turn = table.state.streaks[seat], table.state.flags[seat], table.turn
    return tuple([streaks.get(office, 0) * 2 + (flags.get(office, 0) >= turn) for office in names])


def _is_pair(score: Scorer) -> bool:
    return score.kind == SIMPLE and score.one >= 0 and score.pair[0] >= 0


def simple_parts(score: Scorer, lead: list[int]) -> tuple[int, int]:
    """The two parts of a path of highest and highest_any parts, as path_pull has them (FAR: none)."""
    if score.one >= 0:
        low = lead[score.one] - score.need
    else:
        low = min([lead[a] for a in score.lows]) - score.need if score.lows else FAR
    x, y = score.pair
    if x >= 0:
        a, b = lead[x], lead[y]
        high = (a if a > b else b) - score.need
    else:
        high = max([lead[a] for a in score.highs]) - score.need if score.highs else FAR
    return low, high


def simple_pull(score: Scorer, lead: list[int]) -> tuple[int, ...]:
    """path_pull's bottleneck of a path of highest and highest_any parts."""
    one, (x, y) = score.one, score.pair
    if one >= 0 and x >= 0:  # the usual shape (Scorers.pairs): the parts compared without their margin
        low, a, b = lead[one], lead[x], lead[y]
        high = a if a > b else b
        edge = low if low < high else high
        return ((one,) if low == edge else ()) + (() if high != edge else (x, y) if a == b else (x,) if a > b else (y,))
    low, high = simple_parts(score, lead)
    edge = low if low < high else high
    lows = () if low != edge else (score.one,) if score.one >= 0 else \
        tuple(a for a in score.lows if lead[a] - score.need == low)
    highs = () if high != edge else tuple(a for a in (score.pair if score.pair[0] >= 0 else score.highs)
                                          if lead[a] - score.need == high)
    return lows + highs


def nearest(plan: Plan, lead: list[int], mine: list[int]) -> tuple[tuple[int, int], list[int]]:
    """How near the seat is, and the paths it is nearest to (their indices, ties kept, in data order):
    by smallest part, then by progress (the sum of the parts). The same keys as path_pull's."""
    key, best, _ = nearest_of(scorers(plan), lead, mine)
    return key, best


def nearest_of(paths: Scorers, lead: list[int], mine: list[int]) -> tuple[tuple[int, int], list[int], int]:
    """nearest() of a plan's Scorers, and the highest lead of 0 or less (1 if every lead is above 0;
    only when the plan has a most-attributes path: its bottleneck, most_pull, is made from it).
    Most-attributes paths first: in Galactic Civ the General Victory is the nearest in 96% of
    decisions, and a pair path whose single part is already further off is then passed over."""
    _, pairs, mosts, rest, _, _, _, _ = paths
    top = progress = near = BELOW
    best: list[int] = []
    for index, half in mosts:  # the attributes the seat leads in, less half of them, counted without a list
        ahead, near = -half, BELOW
        for a in lead:
            if a > 0:
                ahead += 1
            elif a > near:
                near = a
        if near == BELOW:
            near = 1
        if ahead > top:
            top, progress, best = ahead, ahead, [index]
        elif ahead == top:
            best.append(index)
    for index, one, x, y, need in pairs:  # simple_parts inlined: this runs for every decision of every game
        low = lead[one] - need
        if low < top:
            continue  # its smallest part is at most `low`: further off than the best so far
        a, b = lead[x], lead[y]
        high = (a if a > b else b) - need
        edge = low if low < high else high
        if edge > top or (edge == top and low + high > progress):
            top, progress, best = edge, low + high, [index]
        elif edge == top and low + high == progress:
            best.append(index)
    for index, score in rest:
        key = rest_key(score, lead, mine)
        if key > (top, progress):
            (top, progress), best = key, [index]
        elif key == (top, progress):
            best.append(index)
    if len(best) > 1:
        best.sort()
    return ((top, progress), best, near) if best else ((0, 0), [], near)


def rest_key(score: Scorer, lead: list[int], mine: list[int]) -> tuple[int, int]:
    """nearest()'s key of a path of another shape than `pairs` and `mosts`."""
    if score.kind == THRESHOLDS:  # path_pull's key of its one part, without its lists: every gap, the
        return threshold_key(score.path, mine)  # smallest (any_threshold: the largest) the key
    if score.kind == SIMPLE:
        low, high = simple_parts(score, lead)
        return low if low < high else high, (low if low != FAR else 0) + (high if high != FAR else 0)
    return path_pull(score.path, lead, mine)[0]


def threshold_key(path: PathPlan, mine: list[int]) -> tuple[int, int]:
    edge = None
    for attribute, more in path.thresholds:
        gap = mine[attribute] - more - 1
        if edge is None or (gap > edge if path.any_threshold else gap < edge):
            edge = gap
    return edge, edge  # type: ignore[return-value]  # a THRESHOLDS path has at least one


def pulls(table: Table, seat: int) -> tuple[tuple[int, ...], ...]:
    """The bottleneck attributes of each victory path the seat is nearest to: what weights() and
    the card keys are made from (a few of them recur all game, so both are kept per pulls)."""
    return pulls_of(table.plan, leads(table.values, seat), table.values[seat])


def pulls_of(plan: Plan, lead: list[int], mine: list[int]) -> tuple[tuple[int, ...], ...]:
    paths = scorers(plan)
    _, nearest_paths, near = nearest_of(paths, lead, mine)
    if len(nearest_paths) == 1:  # nearly always: one nearest path
        score = paths.every[nearest_paths[0]]
        if score.kind == MOST:  # Galactic Civ's General Victory, in 96% of greedy's decisions
            if lead.count(near) == 1:  # led_at's usual case, without its call
                return ((lead.index(near),),)
            return (led_at(lead, near),)
        return (simple_pull(score, lead) if score.kind == SIMPLE else path_pull(score.path, lead, mine)[1],)
    return tuple([bottleneck(paths.every[index], lead, mine) for index in nearest_paths])


def bottleneck(score: Scorer, lead: list[int], mine: list[int]) -> tuple[int, ...]:
    """path_pull's bottleneck of one path, without path_pull where the path's shape allows."""
    if score.kind == SIMPLE:
        return simple_pull(score, lead)
    return most_pull(lead) if score.kind == MOST else path_pull(score.path, lead, mine)[1]


def most_pull(lead: list[int]) -> tuple[int, ...]:
    """path_pull's bottleneck of a most-attributes path: the attributes nearest to being led."""
    behind = [x for x in lead if x <= 0]
    return led_at(lead, max(behind) if behind else 1)


def led_at(lead: list[int], near: int) -> tuple[int, ...]:
    """The attributes whose lead is `near` (most_pull's, found by nearest_of on the way)."""
    if lead.count(near) == 1:  # most often one attribute: found by C, not a loop
        return (lead.index(near),)
    return tuple([a for a, x in enumerate(lead) if x == near])


def weights_of(plan: Plan, pull: tuple[tuple[int, ...], ...]) -> list[float]:
    """A point in each attribute: its nearest paths' bottleneck attributes share a point, every
    attribute a hundredth (made once per distinct pulls: the plan keeps them)."""
    known = plan.cache.setdefault("weights", {})
    if pull not in known:
        result = [GROWTH] * len(plan.attributes)
        for bottleneck in pull:
            for attribute in bottleneck:
                result[attribute] += 1 / len(pull) / len(bottleneck)
        known[pull] = result
    return known[pull]


def weights(table: Table, seat: int) -> list[float]:
    """What one more point in each attribute is worth to the seat now. Weighed once per decision."""
    return weights_of(table.plan, pulls(table, seat))


class CardKeys(dict):
    """Each card's key for greedy_card under one set of weights: (worth, total change, -index) to
    play, the worth and total negated to discard. A card's key is made the first time a hand holds
    it (__missing__) and kept: the plan keeps one of these per distinct pulls (772 in 2,000 games of
    Galactic Civ), so a key is made once a run, and a large deck holds only the cards it dealt."""

    def __init__(self, plan: Plan, weight: list[float], best: bool):
        super().__init__()
        self.cards, self.weight, self.sign = plan.cards, weight, 1 if best else -1

    def __missing__(self, index: int) -> tuple[float, float, int]:
        worth = total = 0.0
        for attribute, delta in self.cards[index].self_effects:
            worth += self.weight[attribute] * delta
            total += delta
        key = self[index] = (self.sign * worth, self.sign * total, -index)
        return key


def card_keys(plan: Plan, pull: tuple[tuple[int, ...], ...], best: bool) -> CardKeys:
    try:  # two look-ups in the usual case: this runs for every card decision
        return plan.cache["card-keys"][pull, best]
    except KeyError:
        keys = plan.cache.setdefault("card-keys", {})[pull, best] = CardKeys(plan, weights_of(plan, pull), best)
        return keys
