"""A step's `answers:` (vocabulary/answers.py) in the spies fixture (tests/fixtures/vocab/spies), with
dice and choices fixed by hand: a Spy makes a player discard a card at random, unless he answers with
a Shield that works (3-6 on 1D6); a Shield may be answered by a Shield (Counter Espionage's rule)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.choices import run
from tests.conftest import ListedDice as Dice

SPIES = Path(__file__).resolve().parents[1] / "fixtures" / "vocab" / "spies"
SPY, SHIELD = 0, 1  # the fixture's cards (20 copies of the Spy, 10 of the Shield)
RANDOM = POLICIES["random"]
ALWAYS = RANDOM._replace(name="always", choose_move=lambda t, s, options: 0, choose_opponent=lambda t, s, h: 1 - s)
NEVER = RANDOM._replace(name="never", choose_move=lambda t, s, options: len(options) - 1,
                        choose_opponent=lambda t, s, h: 1 - s)



@pytest.fixture(scope="module")
def plan():
    return plan_game(load_game(SPIES))


def spy(plan, hands: list[list[int]], policies: tuple, faces: list[int]) -> Table:
    """P1 spies on P2 (the steps of the Spying phase's optional `when`), the hands and dice given."""
    table = Table(plan, 1, policies, ACTIONS)
    for seat, hand in enumerate(hands):
        table.hands[seat][:] = hand
    table.chance(Dice(faces))
    when = plan.phases[0].actions[1].then[0]
    assert when.do == "when" and when.then[-1].do == "answered"
    run(table, 0, when.then)
    assert table.rng.faces == []  # every die listed was rolled, and no other
    return table


def gold(table: Table) -> list[int]:
    return [table.values[seat][0] for seat in (0, 1)]


def test_not_answered_the_step_is_taken(plan) -> None:
    table = spy(plan, [[SPY], [SHIELD, SPY]], (NEVER, NEVER), [])
    assert len(table.hands[1]) == 1 and gold(table) == [1, 0]


def test_an_answer_that_works_negates_the_step_and_takes_its_own(plan) -> None:
    table = spy(plan, [[SPY], [SHIELD, SPY]], (ALWAYS, ALWAYS), [3])
    assert table.hands[1] == [SPY] and gold(table) == [1, 1]  # the Shield spent, the Spy kept, 1 Gold
    assert sorted(table.piles["agents"][1]) == [SPY, SHIELD]  # P1's Spy, P2's Shield


def test_an_answer_that_fails_is_spent_and_the_step_is_taken(plan) -> None:
    table = spy(plan, [[SPY], [SHIELD, SPY]], (ALWAYS, ALWAYS), [2])
    assert table.hands[1] == [] and gold(table) == [1, 0]  # the Shield spent, then the Spy discarded


def test_an_answer_answered_that_works_fails_without_a_roll_of_its_own(plan) -> None:
    # P2's Shield, P1's Shield back (4: it works): P2's Shield fails, never rolled; the Spy does its work
    table = spy(plan, [[SPY, SHIELD], [SHIELD, SPY]], (ALWAYS, ALWAYS), [4])
    assert table.hands[1] == [] and table.hands[0] == [] and gold(table) == [1, 0]


def test_an_answer_back_that_fails_leaves_the_answer_to_its_own_roll(plan) -> None:
    # P1's Shield back rolls 1 (fails); P2's Shield then rolls 5 (works): the Spy does nothing
    table = spy(plan, [[SPY, SHIELD], [SHIELD, SPY]], (ALWAYS, ALWAYS), [1, 5])
    assert table.hands[1] == [SPY] and table.hands[0] == [] and gold(table) == [1, 1]


def test_whole_games_keep_every_card(plan) -> None:
    for seed in range(10):
        table = Table(plan, seed, (POLICIES["greedy"], RANDOM, RANDOM), ACTIONS)
        play(table)
        kept = [c for hand in table.hands for c in hand]
        kept += [c for pile, discard in table.piles.values() for c in (*pile, *discard)]
        assert sorted(kept) == sorted(plan.decks["agents"]), seed


def test_answers_back_stop_at_their_bound(plan, monkeypatch) -> None:
    from kitgen.simulate.vocabulary import answers

    monkeypatch.setattr(answers, "MAX_AGAIN", 0)  # 20 in play: here none, so P1's Shield stays in hand
    table = spy(plan, [[SPY, SHIELD], [SHIELD, SPY]], (ALWAYS, ALWAYS), [4])
    assert table.hands[0] == [SHIELD] and table.hands[1] == [SPY] and gold(table) == [1, 1]


def test_each_answer_offered_is_the_card_against_the_player_or_nothing(plan) -> None:
    # P2 is offered its Shield against P1 (or nothing); P1 its Shield back against P2; both answer
    seen: list[tuple[int, list[tuple[str, int, int]]]] = []

    def first(table, seat, options):
        seen.append((seat, [(o.do, o.card, o.target) for o in options]))
        return 0
    noting = RANDOM._replace(name="noting", choose_move=first, choose_opponent=lambda t, s, h: 1 - s)
    spy(plan, [[SPY, SHIELD], [SHIELD, SPY]], (noting, noting), [4])
    assert seen == [(1, [("answer", SHIELD, 0), ("nothing", -1, -1)]), (0, [("answer", SHIELD, 1), ("nothing", -1, -1)])]
