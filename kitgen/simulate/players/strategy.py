"""A strategy written as data (`strategies:` in game.yaml, compile/strategies.py) as a player: its
preferences in order, the first that matches an option offered taken (its step, its card, its
condition holding for the seat), else the greedy player's answer. Every other question greedy's.
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.conditions import test
from kitgen.simulate.engine.options import Option
from kitgen.simulate.engine.table import Table
from kitgen.simulate.players.greedy import GREEDY, greedy_card
from kitgen.simulate.players.policy import Policy


def strategy_policy(plan: Plan, name: str) -> Policy:
    """The player of the plan's strategy `name` (KeyError: the game has none of that name)."""
    preferences = plan.strategies[name]

    def holding(table: Table, seat: int):
        return [p for p in preferences if p.when is None or test(p.when, table, seat)]

    def choose_move(table: Table, seat: int, moves: list[Option]) -> int:
        for preference in holding(table, seat):
            for index, move in enumerate(moves):
                if move.do == preference.do and (preference.cards is None or move.card in preference.cards):
                    return index
        return GREEDY.choose_move(table, seat, moves)

    def choose_card(table: Table, seat: int, cards: list[int], best: bool) -> int:
        if best:  # a card to play: the first preference for playing one of them
            for preference in holding(table, seat):
                if preference.do == "play":
                    found = [c for c in cards if preference.cards is None or c in preference.cards]
                    if found:
                        return found[0]
        return greedy_card(table, seat, cards, best)

    return GREEDY._replace(name=name, choose_move=choose_move, choose_card=choose_card, choose_discards=None)
