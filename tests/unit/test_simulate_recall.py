"""What the greedy player of the card model remembers (players/recall.py) and the analysis it rests on
(compile/inputs.py): a number that reads only the seat's values and zones is kept by them; one that
reads the turn, dice, marks or a card a step is taken for is never kept; a remembered worth is the
worth worked out anew, on Galactic Supremacy's tables."""
from __future__ import annotations

from pathlib import Path

import pytest
from tests.conftest import TAKE_FIRST

from kitgen.load import load_game
from kitgen.simulate.compile.cards import MARKED, MASK
from kitgen.simulate.compile.expressions import OTHERS, OWN, THIS
from kitgen.simulate.compile.inputs import Inputs, inputs_of, may_roll, merged
from kitgen.simulate.compile.zones import HAND
from kitgen.simulate.compile.nodes import ADD, ALL, CONST, COUNT, RANK, ROLL, ROLL_OFF, SLOT, SUM, TEST, TOP, TURN
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.engine.scoring import score_of
from kitgen.simulate.players.recall import step_inputs, worth
from kitgen.simulate.vocabulary import ACTIONS

ROOT = Path(__file__).resolve().parents[2]


def test_inputs__the_seats_values_and_the_zones_a_number_reads():
    node = (ADD, (SLOT, 3), (SUM, (5, OTHERS), (0, 1, 2), (MASK, (True,)), False))
    assert inputs_of([node, (SLOT, 1)]) == Inputs((1, 3), ((5, OTHERS),), ())


def test_inputs__a_zone_only_counted_is_read_by_its_size_unless_read_whole_too():
    assert inputs_of([(COUNT, (2, OWN), None)]) == Inputs((), (), ((2, OWN),))
    assert inputs_of([(COUNT, (2, OWN), None), (COUNT, (2, OWN), (MASK, (True,)))]) == Inputs((), ((2, OWN),), ())
    assert inputs_of([(COUNT, (2, OWN), None)], zones=[2]) == Inputs((), ((2, OWN),), ())  # a score's own zone


def test_inputs__merged_a_zone_counted_by_one_and_read_whole_by_another_is_read_whole():
    counted, whole = Inputs((1,), (), ((2, OWN),)), Inputs((0,), ((2, OWN),), ((3, OWN),))
    assert merged([counted, whole]) == Inputs((0, 1), ((2, OWN),), ((3, OWN),))
    assert merged([counted, None]) is None


@pytest.mark.parametrize("node", [(TURN,), (ROLL, (CONST, 1), (CONST, 6)), (COUNT, (2, THIS), None),
                                  (COUNT, (2, OWN), (MARKED, ("attacked",))), (TOP, (2, OWN), (0,), True, "rank")],
                         ids=["turn", "dice", "this", "marked", "top"])
def test_inputs__a_number_that_reads_more_is_not_kept(node):
    assert inputs_of([(ADD, (SLOT, 0), node)]) is None


def test_may_roll__a_number_or_condition_that_rolls_says_so_wherever_the_roll_is():
    assert may_roll((ADD, (SLOT, 0), (ROLL, (CONST, 1), (CONST, 6))))
    assert may_roll((ALL, ((TEST, (ADD, (SLOT, 0), (CONST, 1))), (RANK, ((SLOT, 0), ((ROLL_OFF, 1, 6),))))))
    assert not may_roll((ADD, (SLOT, 0), (COUNT, (2, OWN), None)))
    assert not may_roll(None)


@pytest.fixture(scope="module")
def plan():
    return plan_game(load_game(ROOT / "data/galactic-supremacy"))


def test_recall__galactic_supremacys_worth_is_kept_by_values_and_zones(plan):
    inputs = step_inputs(plan.worth[1])  # Credits / 2 + 2 * count(hand) + ...
    assert inputs is not None and all(step_inputs(step) is not None for step in plan.worth)
    hand = next(i for i, place in enumerate(plan.places) if place.store == HAND)
    assert (hand, OWN) in inputs.counted and (hand, OWN) not in inputs.zones  # count(hand): its size only


def test_recall__a_remembered_worth_is_the_worth_worked_out_anew(plan):
    t = Table(plan, 1, (TAKE_FIRST,) * 2, ACTIONS)
    homes = [c for c in range(len(plan.cards)) if plan.cards[c].name.startswith("Homeworld")]
    fleet = next(c for c in t.piles["common"][0] if plan.cards[c].name == "Fleet")
    t.piles["common"][0].remove(fleet)
    seen = []
    for change in ("start", "homeworld", "fleet", "credits", "hand"):
        if change == "homeworld":
            t.state.zones["worlds"][0].append(homes[0])
        elif change == "fleet":
            t.state.attached["fleets"][0].append((0, fleet))
        elif change == "credits":
            t.values[0][plan.attributes.index("Credits")] += 10
        elif change == "hand":
            t.hands[0].append(t.piles["common"][0].pop())
        worked = float(sum(score_of(t, 0, step) for step in plan.worth))
        assert worth(t, 0) == worked
        assert worth(t, 0) == worked  # the second time from what was kept
        seen.append(worth(t, 0))
    assert len(set(seen)) == len(seen)  # each change read: none answered from a stale value
