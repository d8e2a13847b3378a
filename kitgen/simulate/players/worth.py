"""How the greedy player weighs the options of a game of the card model: each taken on a copy of the
table in which every card it cannot see is dealt anew (consistent with what it knows: it never
peeks), the copy's players random (no decision within a decision), then the position valued:

- the turn settled: its later once phases played now (the trick taken as it stands);
- the game's `worth:` (score steps, its points against the best other player's), or else the round's
  scoring projected as if the round ended now;
- how near the player is to its nearest victory path (its standing: the lead it needs, by the path's
  own condition: highest, lowest, at least ..., a test).

Stdlib only; the same seed takes the same decisions.
"""
from __future__ import annotations

import operator

from kitgen.simulate.compile.inputs import inputs_of, may_roll
from kitgen.simulate.compile.nodes import (ALL, AFTER, ANY, AT_END, CMP, COMPARE, LAST, RANK, TEST, Node)
from kitgen.simulate.compile.plan import Plan, Step
from kitgen.simulate.engine.conditions import in_game, test
from kitgen.simulate.engine.cycle import settle_turn
from kitgen.simulate.engine.expressions import value
from kitgen.simulate.engine.knowledge import determinize
from kitgen.simulate.engine.options import Option, nothing
from kitgen.simulate.engine.table import Stream, Table
from kitgen.simulate.players.deck_economy import deck_economy, economies
from kitgen.simulate.players.policy import RANDOM
from kitgen.simulate.players.recall import kept_by, recall, worth
from kitgen.simulate.players.units import Damage, battles, damage_worth, fights, units_held
from kitgen.simulate.players.standing import leads, path_pull

FAR = -10**6  # the standing of a game without a victory path a player can near
SAMPLES = 4  # an option whose outcome the player cannot see (a card drawn unseen): the mean of this many deals


def weigh_options(table: Table, seat: int, options: list[Option]) -> int:
    """The option whose position the seat values most; a tie broken by the game's dice."""
    world = table.clone(table.ties[seat].getrandbits(32))
    world.policies = (RANDOM,) * table.players
    world.played = [[] for _ in world.played]  # what was played before is not weighed: not copied for each option
    hidden = world.state.known is not None
    if hidden:
        determinize(world, seat)
    copies = [SAMPLES if hidden and option.card < 0 and option.do == "draw" else 1 for option in options]
    seeds = [[world.rng.getrandbits(32) for _ in range(n)] for n in copies]  # in order: each copy's own dice
    # a battle of cards: what each damage row is worth, for the units the seat holds (players/units.py)
    # (only when an option moves such a card: else the units held are the same after every option)
    weighed = damage_worth(world, seat, world.rng.getrandbits(32)) if battles(table.plan) and \
        any(option.card >= 0 and fights(table.plan, option.card) for option in options) else []
    # doing nothing leaves the world as it is (weighed_still): weighed on it before any option is taken there
    still = [weighed_still(table.plan) and option.take is nothing for option in options]
    as_it_is = position(world, seat) + units_held(world, seat, weighed) if any(still) else 0.0
    scores = [as_it_is if stays else 0.0 for stays in still]
    last = max([i for i, stays in enumerate(still) if not stays], default=-1)
    for i, option in enumerate(options):
        if not still[i]:
            scores[i] = weigh_option(world, seat, option, seeds[i], i == last, weighed)
    best = max(scores)
    tied = [i for i, score in enumerate(scores) if score == best]
    return tied[int(table.ties[seat].random() * len(tied))] if len(tied) > 1 else tied[0]


def weigh_option(world: Table, seat: int, option: Option, seeds: list[int], last: bool,
                 weighed: list[tuple[Step, Damage, Damage]]) -> float:
    """The option's position, the mean over its copies of the world (one a seed, each dealt anew
    what the seat cannot see when there are several); the `last` option's last copy is the world
    itself, with the dice a copy would have: nothing weighs the world after it."""
    total = 0.0
    for k, seed in enumerate(seeds):
        if last and k == len(seeds) - 1:
            other = world
            other.chance(Stream(seed))
        else:
            other = world.clone(seed)
        if len(seeds) > 1:
            determinize(other, seat)  # another deal of what it cannot see
        option.take(other)
        total += position(other, seat) + units_held(other, seat, weighed)
    return total / len(seeds)


def weighed_still(plan: Plan) -> bool:
    """Whether position() leaves a table as it was: no turn to settle or round to score, and nothing it
    reads rolls dice (the copy's own dice, which the world's are not)."""
    try:
        return plan.cache["weighed-still"]
    except KeyError:
        rules = plan.vocabulary
        read = [step.more.cards for step in plan.worth] + [path.when for path in plan.paths] + \
            [rules.eliminate if rules is not None else None]
        made = plan.cache["weighed-still"] = plan.rounds is None and not any(may_roll(node) for node in read)
        return made


def position(table: Table, seat: int) -> float:
    """What the position is worth to the seat (on a copy: settling and projecting change it)."""
    if table.winner >= 0:
        return 10.0**9 if table.winner == seat else -10.0**9
    if table.plan.rounds is not None:
        settle_turn(table)
    plan = table.plan
    extra = 0.0
    if plan.worth:
        extra = worth(table, seat) - max((worth(table, p) for p in in_game(table) if p != seat), default=0.0)
    elif plan.rounds is not None:
        for player in in_game(table):  # the round's scoring, as if the round ended now
            for step in plan.rounds.scoring:
                table.actions[step.do](table, player, step)
    found = deck_economy(plan)
    if found is not None:  # a deck of one's own: the points it will buy (players/deck_economy.py)
        coming = economies(table, found)
        mine = coming.pop(seat, 0.0)
        extra += mine - max(coming.values(), default=0.0)
    return standing(table, seat) + extra


def standing(table: Table, seat: int) -> float:
    """How near the seat is to its nearest victory path: the smallest lead it still needs (0 or
    more: met), by the path's fast fields or its condition."""
    best = float(FAR)
    lead = leads(table.values, seat)
    for path in table.plan.paths:
        near = distance(path.when, table, seat) if path.when is not None else \
            float(path_pull(path, lead, table.values[seat])[0][0])
        best = max(best, near)
    return best


_BELOW = (operator.le, operator.lt)


def lasting(table: Table, seat: int) -> float:
    """The last one standing: how far the seat is from being put out (how far the elimination
    condition is from holding: Coup's two influence cards, count(hand) == 0) less the nearest that
    the best other player still in is: losing a card and taking one from a rival both count."""
    rivals = [-far_out(table, p) for p in in_game(table) if p != seat]
    return -far_out(table, seat) - max(rivals) if rivals else 0.0


def far_out(table: Table, seat: int) -> float:
    """How far the elimination condition is from holding for the seat (remembered: players/recall.py)."""
    plan = table.plan
    out = plan.vocabulary.eliminate
    try:
        kept = plan.cache["eliminate"]
    except KeyError:
        kept = plan.cache["eliminate"] = kept_by(inputs_of([], conditions=[out]))
    return recall(table, seat, kept, out_distance, out)


def out_distance(table: Table, seat: int, out: Node) -> float:
    return distance(out, table, seat)


def distance(node: Node, table: Table, seat: int) -> float:
    """How far a condition is from holding for the seat: 0 or more when it holds (a ranking or a
    comparison: by how much), less when not; a condition on time or on what the seat cannot change
    counts 0."""
    kind = node[0]
    if kind == ALL:
        return min((distance(part, table, seat) for part in node[1]), default=0.0)
    if kind == ANY:
        return max((distance(part, table, seat) for part in node[1]), default=0.0)
    if kind in (AFTER, AT_END):
        return 0.0
    if kind == LAST and table.plan.vocabulary.eliminate is not None:
        return lasting(table, seat)
    if kind == RANK:
        rank = node[1]
        mine = rank.sign * value(rank.value, table, seat)
        others = [rank.sign * value(rank.value, table, p) for p in in_game(table) if p != seat]
        return float(mine - max(others)) if others else 0.0
    if kind == COMPARE:
        left, right = value(node[2], table, seat), value(node[3], table, seat)
        return float(right - left if node[1] in _BELOW else left - right)
    if kind == TEST and node[1][0] == CMP:
        compare, left, right = node[1][1], value(node[1][2], table, seat), value(node[1][3], table, seat)
        if compare is operator.eq:
            return -float(abs(left - right))
        return float(right - left if compare in _BELOW else left - right)
    return 0.0 if test(node, table, seat) else -1.0
