"""The greedy player: weighs the attributes once per decision (standing.weights) and takes the answer
that most brings its nearest victory path nearer; a tie goes to the state of the game (scores,
totals), never to the order of a list.
"""
from __future__ import annotations

from operator import neg
from kitgen.simulate.compile.plan import ALL_PLAYERS, NO_CONDITION, SELF, OptionPlan, Plan
from kitgen.simulate.engine.options import Option, nothing
from kitgen.simulate.engine.table import OTHER_THREE, Table
from kitgen.simulate.players.economy import Economy, economy, projected
from kitgen.simulate.players.policy import Policy
from kitgen.simulate.players.worth import weigh_options
from kitgen.simulate.players.standing import (MEMO, card_keys, leads, nearest_of, office_key, pulls, pulls_of,
                                              scorers, standing, weights_of, worth, worth_nodes)


def greedy_card(table: Table, seat: int, cards: list[int], best: bool) -> int:
    """The card worth most (to play) or least (to discard); a tie goes to the larger (smaller) total
    change, then to the card listed first in the data (never to the order of the hand)."""
    if len(cards) == 1:
        return cards[0]  # nothing to weigh (copies of one card are weighed: their keys are equal, so the card comes back)
    plan, values = table.plan, table.values
    keys = card_keys(plan, pulls_of(plan, leads(values, seat), values[seat]), best)
    return -max(map(keys.__getitem__, cards))[2]  # the best key's third part is -card


def greedy_discards(table: Table, seat: int, hand: list[int], count: int) -> list[int]:
    """greedy_card's `count` discards in a row: the card worth least, then the next... A discard
    changes no score, so the weights stay the same from one to the next: they are weighed once."""
    plan, values = table.plan, table.values
    keys = card_keys(plan, pulls_of(plan, leads(values, seat), values[seat]), False)
    return [-key[2] for key in sorted(map(keys.__getitem__, hand), reverse=True)[:count]]  # the least worth first


def option_worth(table: Table, weight: list[float], card: int, option: OptionPlan) -> float:
    """An option's own effects plus its rolls, each valued from the table: every total by its chance."""
    plan = table.plan
    condition = plan.conditions.get(option.condition, NO_CONDITION)
    worth = sum(weight[e.attribute] * e.delta for e in plan.cards[card].effects
                if e.target in (SELF, ALL_PLAYERS) and e.condition in (NO_CONDITION, condition))
    if option.table and option.rolls:
        rolled = plan.tables[option.table]
        per_roll = sum(w * x for w, x in zip(weight, rolled.expected, strict=False)) + rolled.pick_chance * max(weight)
        worth += option.rolls * per_roll
    return worth


def greedy_option(table: Table, seat: int, card: int, options: tuple[OptionPlan, ...]) -> OptionPlan:
    pull = pulls(table, seat)
    try:  # by (pulls, card): a few hundred a run
        worth = table.plan.cache["option-worth"][pull, card]
    except KeyError:
        weight = weights_of(table.plan, pull)
        worth = table.plan.cache.setdefault("option-worth", {})[pull, card] = \
            [option_worth(table, weight, card, option) for option in options]
    best = max(worth)
    if worth.count(best) == 1:
        return options[worth.index(best)]
    tied = [option for option, w in zip(options, worth, strict=True) if w == best]
    return tied[int(table.ties[seat].random() * len(tied))] if len(tied) > 1 else tied[0]


def greedy_opponent(table: Table, seat: int, harm: int) -> int:
    """Hurt the leader (the nearest to a victory, then the highest total); help the last. Only the
    players still in are chosen (-1: nobody else is)."""
    paths, values, state = scorers(table.plan), table.values, table.state
    ranked = []
    everyone = state is None or not any(state.out)
    others = OTHER_THREE[seat] if len(values) == 4 and everyone else table.rivals(seat)
    if not others:
        return -1
    for p in others:  # standing() inlined: this runs for each opponent of some 50 choices a game
        score, progress = nearest_of(paths, leads(values, p), values[p])[0]
        ranked.append((score + progress / 100, sum(values[p]), -p))
    return -(max(ranked) if harm > 0 else min(ranked))[2]


def greedy_attribute(table: Table, seat: int, who: int, delta: int, among: list[int] | None = None) -> int:
    """For itself: the attribute worth most, a tie to the one it leads least. For another player:
    the one worth most to them when it hurts, least when it helps, a tie by their lead. Only the
    attributes `among`, when given; never a counter."""
    lead = leads(table.values, who)
    weight = weights_of(table.plan, pulls_of(table.plan, lead, table.values[who]))
    if among is not None:
        return _best_among(weight, lead, among, who == seat, delta)
    count = table.plan.compared or len(weight)  # the attributes (a row holds counters after them)
    # keys as tuples made by zip, not by a lambda an attribute: the third part is -a (a for min), so a is found from it
    if who == seat:
        return -max(zip(weight, map(neg, lead), range(0, -count, -1), strict=False))[2]
    if delta < 0:
        return -max(zip(weight, lead, range(0, -count, -1), strict=False))[2]
    return min(zip(weight, lead, range(count), strict=False))[2]


def _best_among(weight: list[float], lead: list[int], among: list[int], own: bool, delta: int) -> int:
    """greedy_attribute's answer among some attributes, by the same keys."""
    if own:
        return max(among, key=lambda a: (weight[a], -lead[a], -a))
    if delta < 0:
        return max(among, key=lambda a: (weight[a], lead[a], -a))
    return min(among, key=lambda a: (weight[a], lead[a], a))


def first_move(table: Table, seat: int, moves: list[Option]) -> int:
    """A choice inside a move being weighed (greedy_move): the first the rules list (a step the player
    may take is taken, the first card or kind offered), so that a move is weighed on one copy of the
    table, not on one for every combination of the choices it holds (a meld's special action, the
    attribute of each point it steals: thousands of copies a game)."""
    return 0


def weigh(table: Table, seat: int) -> float:
    """What a table after a move is worth to the seat: how near its nearest victory (its economy
    counted as the points it will buy: players/economy.py) and its counters' `worth:` (as points of
    the nearest path), against the best of the other players still in (what a battle wins: a rival
    nearer no victory, fewer of its units; a move that leaves the others as they are is weighed as
    on its own); then its points, then the cards in its hand (a move that changes no score is better
    for the cards it leaves to play)."""
    rivals = table.rivals(seat)
    near = nearness(table, [seat, *rivals])
    best = max(near[1:]) if rivals else 0.0
    return near[0] - best + sum(table.values[seat]) / 10_000 + len(table.hands[seat]) / 10**7


def nearness(table: Table, players: list[int]) -> list[float]:
    """Each player's standing (its economy projected) and worth. Where both read nothing but the
    player's own values (own_rows), kept by those values and the turn (the turns left to spend in):
    a move changes one or two players' values, and greedy weighs every player after each move."""
    plan = table.plan
    found = economy(plan)
    kept = own_rows(plan)
    if kept is None:
        every = weighed_rows(table, found)
        return [standing(plan, every, p, table) + worth(table, p) for p in players]
    near: list[float] = []
    values: list = []  # every player's, projected: made at the first value not kept
    for p in players:
        key = (table.turn, *table.values[p], *office_key(table, p))  # an office's streak: standing() reads it
        value = kept.get(key)
        if value is None:
            if not values:
                values = weighed_rows(table, found)
            value = standing(plan, values, p, table) + worth(table, p)
            if len(kept) >= MEMO:
                kept.clear()  # a bound: what a long run met early is seldom met again
            kept[key] = value
        near.append(value)
    return near


def weighed_rows(table: Table, found: Economy | None) -> list:
    """Every player's values as weighed: its economy projected (floats compare as the ints do)."""
    return table.values if found is None else projected(table, found)


def own_rows(plan: Plan) -> dict | None:
    """The standings and worths kept by the values they read, when every victory path reads only the
    player's own values (thresholds: Alpha Centauri's) and every `worth:` only its row; else None."""
    try:
        return plan.cache["own-rows"]
    except KeyError:
        alone = not scorers(plan).lead and all(slots is not None for _, slots, _ in
                                                 (worth_nodes(plan) if plan.vocabulary is not None else []))
        made = plan.cache["own-rows"] = {} if alone else None
        return made


def greedy_move(table: Table, seat: int, moves: list[Option]) -> int:
    """Each move tried on a copy of the table (its own dice): the one that leaves the seat nearest a
    victory (standing), then with the most points, then cards in hand (weigh); a tie broken by the
    game's dice. The choices the move itself holds are taken on the copy as first_move takes them.
    A game of the card model: its positions valued as players/worth.py says (nothing unseen read)."""
    if table.plan.instances:
        return weigh_options(table, seat, moves)
    scores = []
    weighing = (WEIGHING,) * table.players
    for move in moves:
        seed = table.ties[seat].getrandbits(32)
        if move.take is nothing:  # doing nothing leaves the table as it is: no copy to weigh it on
            scores.append(weigh(table, seat))
            continue
        other = table.clone(seed)
        other.policies = weighing
        move.take(other)
        scores.append(weigh(other, seat))
    best = max(scores)
    tied = [i for i, score in enumerate(scores) if score == best]
    return tied[int(table.ties[seat].random() * len(tied))] if len(tied) > 1 else tied[0]


GREEDY = Policy("greedy", greedy_card, greedy_option, greedy_opponent, greedy_attribute, greedy_move, 1,
                greedy_discards)
WEIGHING = GREEDY._replace(name="greedy (weighing a move)", choose_move=first_move)  # the players on greedy_move's copies
