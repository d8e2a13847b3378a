"""The strongest player: information-set Monte Carlo tree search (ISMCTS, single observer, open loop).

Each iteration deals what the seat cannot see anew (determinize: the others' hands, the order of the
piles, by the engine's knowledge: what the seat knows stays where it knows it is), then plays the game
on from the decision in that world. The seat's own choices down the way walk a tree: a node is a
sequence of the seat's choices (the card played, or the move's kind, card, target and value), its
children chosen by UCB1 over the times each was available (ISMCTS: a card not in hand in this deal is
not a choice here), one new node added per iteration, then the rollout policy (greedy, every seat)
plays to the horizon, where the position is scored (search.position) and backed up the path. The
other seats play greedy throughout: a model of them, not a tree of their choices. The n-th try of
every choice of the decision plays in the same world (common random numbers: the same deal, the same
dice to start with), so that the choices are compared on equal luck. A seat's tree is kept for its
next decisions of the same turn (KEPT), one level down.

The world goes on from where the decision fell (engine/loop.play_on, as lookahead's copies): the
steps after the one in progress, the rest of the phase and of the turn, as the game would, and what
is left of the step that asked (table.after, engine/options.leaving: a repeated step's later turns
after a yes, a meld ladder's later rungs, a draft's later picks, the later steps of a step list). The
other seats' hidden choices are not searched. Rollouts end with the next turn (HORIZON; in a game of
rounds, or with the round's end, scored, if it comes first), or once they have spent their REACH
(steps taken, options weighed), scored by search.position where they stand.

The rollout policy's choice at a node (at the root: on the table itself) is favoured by a progressive
bias (BIAS / (1 + its visits)): with a small budget the search keeps to greedy's weighing unless its
rollouts find another choice clearly better, rather than to the best of a few noisy tries.

What it searches: which card to play from the hand, and which of a step's moves (buy, attack, pass
...); the rest (discards, a dilemma's option, a target) it answers as greedy does.

The budget (table.budget): iterations a decision (at least one a choice), each rollout at most REACH
units, deterministic (same seed, same games): a decision costs at most iterations x REACH units in
any game; or seconds a decision (table.seconds > 0), which depends on the machine and its load, so
never the same twice.
"""
from __future__ import annotations

import math
import time
from functools import partial
from operator import mod
from typing import Callable, Hashable
from weakref import WeakKeyDictionary

from kitgen.simulate.engine.knowledge import determinize as deal_unseen
from kitgen.simulate.engine.loop import answer, play_on
from kitgen.simulate.engine.options import Option
from kitgen.simulate.engine.table import Table
from kitgen.simulate.players.greedy import GREEDY, greedy_card
from kitgen.simulate.players.policy import Policy
from kitgen.simulate.players.search import playing, position

HORIZON = 1  # turns a rollout plays past the current one: the tree sees this turn's choices and the next's
DEPTH = 8  # levels of the tree at most (1: a search of this decision only, with rollouts after it)
EXPLORE = 0.7  # UCB1's exploration constant: rewards lie in [0, 1], so about 1/sqrt(2)
ROLLOUT = GREEDY  # the rollout policy, and the model of the other seats
# progressive bias: the rollout policy's choice at a node (greedy's weighing of it, in the first deal it
# was asked in) is taken as if BIAS / (1 + its visits) better: with few iterations the search keeps to
# it unless another choice does clearly better in the rollouts, rather than to the best of a few noisy tries
BIAS = 0.35
MOVES = 3  # a step's moves are searched from this many on; fewer (take a step or not): the rollout policy's answer
# what a rollout may do: a unit a step of the vocabulary taken on the world, and a unit an option its
# players weigh at a choice (greedy weighs each on a copy: what a choice costs); then it is cut where it
# stands and scored by the position. It bounds a decision's cost in every game (iterations x REACH),
# however many choices its turns hold; deterministic (counted, not timed)
REACH = 100


class Cut(Exception):
    """A rollout that spent its REACH: scored where it stands."""


def spend(left: list[int], units: int) -> None:
    left[0] -= units
    if left[0] < 0:
        raise Cut


def capped(actions: dict, left: list[int]) -> dict:
    """The registry of steps, each spending a unit of `left` (one counter for the whole rollout)."""
    def counted(action):
        def step(table, seat, plan_step):
            spend(left, 1)
            action(table, seat, plan_step)
        return step
    return {name: counted(action) for name, action in actions.items()}


def metered(policy: Policy, left: list[int]) -> Policy:
    """The policy, each of its choices spending a unit of `left` an option it weighs."""
    def card(table, seat, cards, best):
        spend(left, len(cards))
        return policy.choose_card(table, seat, cards, best)

    def move(table, seat, moves):
        spend(left, len(moves))
        return policy.choose_move(table, seat, moves)

    def option(table, seat, card_, options):
        spend(left, len(options))
        return policy.choose_option(table, seat, card_, options)

    def discards(table, seat, cards, count):
        spend(left, len(cards))
        return policy.choose_discards(table, seat, cards, count)  # type: ignore[misc]

    return policy._replace(choose_card=card, choose_move=move, choose_option=option,
                           choose_discards=discards if policy.choose_discards else None)


class Node:
    """A sequence of the seat's choices: how often it was taken, what it scored, how often it was on offer."""

    __slots__ = ("children", "visits", "total", "offered", "prior")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits, self.total, self.offered = 0, 0.0, 0
        self.prior: Hashable = None  # the rollout policy's choice here (BIAS); None: not asked yet


def ucb(child: Node, prior: bool = False) -> float:
    bias = BIAS / (1 + child.visits) if prior else 0.0
    return child.total / child.visits + EXPLORE * math.sqrt(math.log(child.offered) / child.visits) + bias


class Walk:
    """One iteration's way down the tree: the node reached (None once a node was added: the rollout
    plays on) and the nodes taken, to back the result up."""

    def __init__(self, root: Node, depth: int):
        self.node: Node | None = root
        self.path: list[Node] = []
        self.depth = depth

    def choose(self, keys: list[Hashable], first: Callable[[], int]) -> int:
        """The index of the choice among `keys` (duplicates: the first of them is it); `first`: the
        rollout policy's index, asked when the walk is over or a new node is added."""
        node = self.node
        if node is None:
            return first()
        firsts: dict[Hashable, int] = {}
        for index, key in enumerate(keys):
            firsts.setdefault(key, index)
        untried = [index for key, index in firsts.items() if key not in node.children]
        for key in firsts:
            if key in node.children:
                node.children[key].offered += 1
        if untried:  # a node added: the rollout policy's choice if not tried yet, else the first not tried
            pick = firsts[keys[first()]]  # the first of its duplicates
            if node.prior is None:
                node.prior = keys[pick]
            index = pick if pick in untried else untried[0]
            child = node.children[keys[index]] = Node()
            child.offered = 1
            self.path.append(child)
            self.node = None
            return index
        index = max(firsts.values(), key=lambda i: (ucb(node.children[keys[i]], keys[i] == node.prior), -i))
        child = node.children[keys[index]]
        self.path.append(child)
        self.node = child if len(self.path) < self.depth else None  # the deepest level: the rollout goes on
        return index

    def back_up(self, reward: float) -> None:
        for node in self.path:
            node.visits += 1
            node.total += reward


def move_key(move: Option) -> Hashable:
    """What identifies a move across deals: its kind and what it names (never how it is taken)."""
    return move.do, move.card, move.target, move.value


def walker(walk: Walk) -> Policy:
    """The searching seat's player in one iteration's world: its choices of a card to play and of a
    move go down the tree; the rest, and everything once the tree is left, is the rollout policy's."""
    def choose_card(table: Table, seat: int, cards: list[int], best: bool) -> int:
        candidates = sorted(set(cards))
        if walk.node is None or not playing(table, seat, candidates, best):
            return ROLLOUT.choose_card(table, seat, cards, best)
        return candidates[walk.choose(list(candidates), lambda: candidates.index(
            ROLLOUT.choose_card(table, seat, candidates, True)))]

    def choose_move(table: Table, seat: int, moves: list[Option]) -> int:
        if walk.node is None or len(moves) < MOVES:
            return ROLLOUT.choose_move(table, seat, moves)
        return walk.choose([move_key(m) for m in moves], lambda: ROLLOUT.choose_move(table, seat, moves))

    return ROLLOUT._replace(name="mcts (in its tree)", choose_card=choose_card, choose_move=choose_move)


def world(table: Table, seat: int, walk: Walk, seed: int, left: list[int]) -> Table:
    """A copy of the table as the seat may believe it: what it cannot see dealt anew (its own dice,
    seeded `seed`), the seat walking the tree, every other seat the rollout policy, their choices
    spending `left` (REACH)."""
    copy = table.clone(seed)
    deal_unseen(copy, seat)
    copy.policies = tuple(metered(walker(walk) if p == seat else ROLLOUT, left) for p in range(table.players))
    return copy


# The tree each game's searching seats keep between their decisions of one turn: table -> seat ->
# (the turn it was grown in, the turn its rollouts end, the node of the choices made since). The
# next decision of that turn goes on from the node (its iterations are already partly spent): the
# same tree, one level down. Weak keys: a game's trees go with its table.
KEPT: WeakKeyDictionary[Table, dict[int, tuple[int, int, Node]]] = WeakKeyDictionary()


def search(table: Table, seat: int, keys: list[Hashable], take: Callable[[Table, int], None], prior: int) -> int:
    """The index of the most tried choice among `keys` (grow's tree, the turn's own if this seat
    searched already this turn); a tie goes to the higher score, then to the first listed."""
    kept = KEPT.setdefault(table, {})
    turn, until, root = kept.get(seat, (-1, -1, None))
    if root is None or turn != table.turn:
        turn, until, root = table.turn, table.turn + HORIZON, Node()
    root.prior = keys[prior]  # the rollout policy's choice on the table itself (BIAS)
    grow(table, seat, keys, take, root, until)
    offered = set(keys)
    index = -max((child.visits, child.total, -keys.index(key)) for key, child in root.children.items()
                 if key in offered)[2]
    kept[seat] = (turn, until, root.children[keys[index]])
    return index


def grow(table: Table, seat: int, keys: list[Hashable], take: Callable[[Table, int], None],
         root: Node | None = None, until: int = 0) -> Node:
    """The tree `root` (a new one: None) grown by the table's budget of iterations (or seconds) from
    this decision, among `keys`, counting those it already holds; `take(world, index)` makes the
    choice in a world, whose rollout ends with turn `until` (0: HORIZON turns past this one)."""
    root = Node() if root is None else root
    until = until or table.turn + HORIZON
    offered = set(keys)
    spent = sum(child.visits for key, child in root.children.items() if key in offered)
    untried = len(offered) - sum(1 for key in root.children if key in offered)
    deadline = time.perf_counter() + table.seconds if table.seconds > 0 else math.inf
    iterations = untried if table.seconds > 0 else max(untried, table.budget - spent)
    done, seeds, left = 0, list[int](), [REACH]
    steps = capped(table.actions, left)
    while done < iterations or (deadline < math.inf and time.perf_counter() < deadline):
        walk = Walk(root, DEPTH)
        index = walk.choose(keys, partial(mod, done, len(keys)))  # the root's choices in turn
        # common random numbers: the n-th try of every choice here is played in the same world (the
        # same deal, the same dice to start with), so that choices are compared on equal luck
        tried = walk.path[0].visits
        while len(seeds) <= tried:
            seeds.append(table.ties[seat].getrandbits(64))  # the seat's own stream (engine/table.py)
        left[0] = REACH
        copy = world(table, seat, walk, seeds[tried], left)
        copy.actions = steps
        try:
            take(copy, index)
            if copy.winner < 0:
                play_on(copy, until_turn=until)
        except Cut:
            pass  # the rollout's steps spent: the position as it stands
        walk.back_up(position(copy, seat))
        done += 1
    return root


def mcts_card(table: Table, seat: int, cards: list[int], best: bool) -> int:
    """The card to play from the hand, searched; a discard or a card taken from elsewhere: greedy's."""
    candidates = sorted(set(cards))
    if not playing(table, seat, candidates, best):
        return greedy_card(table, seat, cards, best)
    prior = candidates.index(ROLLOUT.choose_card(table, seat, candidates, True))
    return candidates[search(table, seat, list(candidates), lambda w, i: w.play_card(seat, candidates[i]), prior)]


def mcts_move(table: Table, seat: int, moves: list[Option]) -> int:
    """Which of a step's moves, searched (the same move twice in the list: the first)."""
    if len(moves) < MOVES:
        return ROLLOUT.choose_move(table, seat, moves)
    keys = [move_key(m) for m in moves]
    return search(table, seat, keys, lambda w, i: answer(w, moves[i]), ROLLOUT.choose_move(table, seat, moves))


MCTS = GREEDY._replace(name="mcts", choose_card=mcts_card, choose_move=mcts_move, strength=3)
