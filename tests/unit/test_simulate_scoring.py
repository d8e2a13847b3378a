"""A `score` step's majority (issue 34: the mutation set of simulate/engine/scoring.py): the players
ranked by a value score the ladder's points by place; tied players split the points of the places they
fill (rounded down), share the first of them whole, or get none; a player with none places nowhere.
Each figure worked out by hand from the rule (kitgen/model.py Majority) on a ladder of 6, 3 and 1."""
from __future__ import annotations

import pytest

from kitgen.model import Action, Attribute, Card, CardType, Deck, Expr, Game, Majority, Phase
from kitgen.simulate.engine.scoring import score_of
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS

LADDER = (Expr("6"), Expr("3"), Expr("1"))


def majority_scores(tie: str, gold: list[int]) -> list[int]:
    """What each player's majority by Gold is worth, the players holding `gold`."""
    deck = Deck("main", "Main", "M", (Card("Blank", "Plain", (), copies=20),))
    step = Action("score", attribute="Score", majority=Majority(Expr("Gold"), LADDER, tie=tie))
    game = Game("majority", "Majority", "J", "2-5", (Attribute("Score", start="0"), Attribute("Gold", start="0")),
                (CardType("Plain", "main"),), (deck,), (Phase("Score", "", actions=(step,)),), turns=1)
    t = Table(plan_game(game), 1, (POLICIES["random"],) * len(gold), ACTIONS)
    for seat, amount in enumerate(gold):
        t.values[seat][1] = amount
    return [score_of(t, seat, t.plan.phases[0].actions[0]) for seat in range(len(gold))]


@pytest.mark.parametrize("tie, gold, points", [
    ("split", [5, 3, 3, 0], [6, 2, 2, 0]),  # second and third tied: (3 + 1) // 2 each; no Gold: nothing
    ("share", [5, 3, 3, 0], [6, 3, 3, 0]),  # tied for second: the second place's 3 each
    ("nobody", [5, 3, 3, 0], [6, 0, 0, 0]),
    ("split", [4, 4, 4, 4], [2, 2, 2, 2]),  # four tied for three places: (6 + 3 + 1) // 4
    ("share", [4, 4, 4, 4], [6, 6, 6, 6]),
    ("split", [1, 2, 3, -1], [1, 3, 6, 0]),  # ranked highest first; less than none places nowhere
    ("split", [2, 0, 2], [4, 0, 4]),  # tied first: (6 + 3) // 2
    ("split", [1, 2, 3, 4], [0, 1, 3, 6]),  # a fourth place earns nothing: the ladder has three
    ("split", [7, 7], [4, 4]),  # (6 + 3) // 2
    ("nobody", [7, 2], [6, 3]),
    # split-place (Sushi Go's maki): tied for the most split 6 and nobody is second; tied second split 3
    ("split-place", [7, 7, 2], [3, 3, 1]),  # the third place is third, not second
    ("split-place", [5, 5, 5, 1], [2, 2, 2, 0]),
    ("split-place", [7, 3, 3, 1], [6, 1, 1, 0]),
    ("split-place", [7, 3, 1], [6, 3, 1]),
])
def test_majority__places_by_value_ties_split_shared_or_lost(tie, gold, points):
    assert majority_scores(tie, gold) == points
