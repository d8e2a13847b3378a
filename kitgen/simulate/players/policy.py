"""A player of the balance lab, and the simplest one: what a seat does where the rules leave it a
choice. Each Policy answers five questions the engine and the vocabulary ask (which card, which
option of a dilemma, which opponent, which attribute, which of a step's moves), and may answer a
sixth at once (the next few discards: choose_discards, where one weighing serves them all).
`random` takes any legal answer, by the game's dice. The registry is players.POLICIES.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from kitgen.simulate.compile.plan import OptionPlan
from kitgen.simulate.engine.options import Option
from kitgen.simulate.engine.table import Table


class Policy(NamedTuple):
    name: str
    choose_card: Callable[[Table, int, list[int], bool], int]  # best=True: to play; False: to discard
    choose_option: Callable[[Table, int, int, tuple[OptionPlan, ...]], OptionPlan]
    choose_opponent: Callable[[Table, int, int], int]  # harm > 0: the effect hurts the one chosen; -1: none left
    # (seat, for whom, delta, among): one of the attributes `among` (None: any attribute, never a counter)
    pick_attribute: Callable[..., int]
    # which of a step's options (engine/options.Option: buy this card, play that one, target this
    # player, nothing ...), as an index into them: the one general question (engine/options.pick)
    choose_move: Callable[[Table, int, list[Option]], int]
    strength: int  # the order of the skill ladder: a higher number thinks more
    # the next `count` discards from a hand, in order, as choose_card(best=False) would pick them one
    # after another (nothing changes between discards); None: the engine asks choose_card for each
    choose_discards: Callable[[Table, int, list[int], int], list[int]] | None = None


def random_card(table: Table, seat: int, cards: list[int], best: bool) -> int:
    return cards[int(table.ties[seat].random() * len(cards))]


def random_option(table: Table, seat: int, card: int, options: tuple[OptionPlan, ...]) -> OptionPlan:
    return options[int(table.ties[seat].random() * len(options))]


def random_opponent(table: Table, seat: int, harm: int) -> int:
    others = table.rivals(seat)  # the players still in
    return others[int(table.ties[seat].random() * len(others))] if others else -1


def random_attribute(table: Table, seat: int, who: int, delta: int, among: list[int] | None = None) -> int:
    if among is not None:
        return among[int(table.ties[seat].random() * len(among))]
    return int(table.ties[seat].random() * (table.plan.compared or len(table.plan.attributes)))  # the counters follow them


def random_move(table: Table, seat: int, moves: list[Option]) -> int:
    return int(table.ties[seat].random() * len(moves))


RANDOM = Policy("random", random_card, random_option, random_opponent, random_attribute, random_move, 0)
