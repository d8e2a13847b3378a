"""Attacks on the steps Civ Builder's port added, in play: what only a game can do to them (an enormous
hand, a count far above what there is, a deck shorter than the look) stays bounded, never raises and
never hangs. Their keys' bad values are one located line from `kitgen validate`:
tests/attacks/test_rule_structure.py."""
from __future__ import annotations

import time

from kitgen.model import Action, Expr
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.melds import MAX_SIZES, legal_melds
from tests.unit.test_vocabulary_hands import BOOK, SWORD, game
from tests.unit.test_vocabulary_melds import JOKER, meld_game, seated

GREEDY, RANDOM = POLICIES["greedy"], POLICIES["random"]


def test_meld__an_enormous_hand_is_offered_a_bounded_number_of_melds_and_lays_one_quickly():
    t, step = seated(meld_game(), [SWORD] * 5000 + [JOKER] * 5000)
    offered = legal_melds(t, 0, step, 1)
    assert len(offered) == MAX_SIZES and max(size for _, _, size in offered) == 5001  # the largest is still offered
    start = time.monotonic()
    ACTIONS["meld"](t, 0, step)  # greedy weighs each on a copy of the table
    assert time.monotonic() - start < 20 and len(t.hands[0]) == 4999  # it lays the largest: 5000 Swords, 1 Joker


def test_steps__counts_far_above_what_there_is_take_what_there_is():
    steps = (Action("redraw", count=Expr("1000"), delta=Expr("1000")),
             Action("look-and-take", deck="main", top=1000, count=Expr("1000")),
             Action("discard", count=Expr("1000"), target="target-player", at_random=True),
             Action("take", count=Expr("1000"), attribute="any", target="target-player"))
    t = Table(plan_game(game(*steps)), 1, (RANDOM, RANDOM), ACTIONS)
    t.hands = [[SWORD, BOOK], [BOOK]]
    for step in t.plan.phases[0].actions:
        ACTIONS[step.do](t, 0, step)
    assert t.hands[1] == [] and sum(map(len, t.piles["main"])) + len(t.hands[0]) == 33  # no card made or lost (30 dealt in, 3 given)
    assert t.values[1][:2] == [0, 0]  # nothing left to take
