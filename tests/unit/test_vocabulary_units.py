"""A battle of units (vocabulary/units.py), rule by rule, with dice chosen by hand: the seed's words
(Galactic Supremacy, ATTACK PHASE) are what each test asserts."""
from __future__ import annotations

import random

from kitgen.simulate.vocabulary.units import MAX_ROUNDS, Unit, fight, kills, needs


class Dice(random.Random):
    """The faces listed, in order (each unit's dice in turn: the attacker's units, then the defender's)."""

    def __init__(self, faces: list[int]):
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, start, stop=None, step=1, **_):
        return self.faces.pop(0)


def test_the_seeds_example_six_fleets_combine_forty_against_the_homeworlds_thirty() -> None:
    # "6 Fleets attack a Homeworld Sector. The homeworld rolls a 30. The Fleets collectively roll a 40.
    # One of the six Fleets is destroyed, and the Homeworld is destroyed."
    fleets = [5, 6, 7, 7, 7, 8]
    assert sum(fleets) == 40
    homeworld = needs([Unit(5, wins_ties=True, last=True)], {0: 30})
    assert kills(sorted(fleets), homeworld) == [0]
    assert len(kills([30], needs([Unit(1)] * 6, dict(enumerate(fleets))))) == 1
    attack, defend = fight(Dice([*fleets, 6, 6, 6, 6, 6]), 10, [Unit(1)] * 6, [Unit(5, wins_ties=True, last=True)])
    assert defend == [False] and attack.count(True) == 5


def test_each_unit_destroys_one_with_an_equal_or_lower_roll_simultaneously() -> None:
    # two Fleets rolling 4 and 7 against two rolling 4 and 9: the 4s destroy each other, the 7 cannot
    # destroy the 9 alone (4 + 7 would, but the 4 has already destroyed a Fleet), the 9 destroys the 7
    assert kills([4, 7], needs([Unit(1), Unit(1)], {0: 4, 1: 9})) == [0]
    assert sorted(kills([4, 9], needs([Unit(1), Unit(1)], {0: 4, 1: 7}))) == [0, 1]
    attack, defend = fight(Dice([4, 7, 4, 9]), 10, [Unit(1), Unit(1)], [Unit(1), Unit(1)])
    assert attack == [False, False] and defend == [False, True]


def test_a_unit_that_wins_ties_stands_against_an_equal_roll() -> None:
    # "Sectors win tied combat rolls": a Fleet's 6 against a Sector's 6 destroys nothing; the Sector's 6
    # destroys the Fleet
    attack, defend = fight(Dice([6, 6]), 10, [Unit(1)], [Unit(1, wins_ties=True, last=True)])
    assert attack == [False] and defend == [True]
    # without the tie rule the two 6s destroy each other
    attack, defend = fight(Dice([6, 6]), 10, [Unit(1)], [Unit(1, last=True)])
    assert attack == [False] and defend == [False]


def test_the_sector_falls_only_after_every_defending_fleet() -> None:
    # "All of the defenders Fleets must be destroyed before the Sector is destroyed": a 10 and a 2
    # against a Fleet's 5 and a Sector's 1: the 10 must take the Fleet, the 2 alone takes the Sector
    # (1 + 1 for the tie); had the Sector been first the 2 could not have destroyed the Fleet
    order = needs([Unit(1), Unit(1, wins_ties=True, last=True)], {0: 5, 1: 1})
    assert order == [(5, 0), (2, 1)]
    assert kills([2, 10], order) == [0, 1]
    # one roll of 10 against a weak Sector behind a strong Fleet: the Fleet falls, the Sector stands
    assert kills([10], needs([Unit(1), Unit(5, wins_ties=True, last=True)], {0: 9, 1: 1})) == [0]


def test_rounds_repeat_until_one_side_remains() -> None:
    # round 1: the attacker's 3 and 4 against the defender's 9: the 9 destroys the 3 (the weakest it
    # can), 3 + 4 = 7 cannot destroy the 9; round 2: the 4's Fleet rolls 8 against 2: the defender falls
    attack, defend = fight(Dice([3, 4, 9, 8, 2]), 10, [Unit(1), Unit(1)], [Unit(1, last=True)])
    assert attack == [False, True] and defend == [False]


def test_a_battle_in_which_nobody_can_fall_ends() -> None:
    # no dice on either side and both win ties: nothing ever falls; the battle stops after MAX_ROUNDS
    rng = Dice([])
    attack, defend = fight(rng, 10, [Unit(0, wins_ties=True)], [Unit(0, wins_ties=True)])
    assert attack == [True] and defend == [True]
    assert MAX_ROUNDS <= 1000


def test_a_side_with_no_units_loses_at_once_and_no_dice_are_rolled() -> None:
    attack, defend = fight(Dice([]), 10, [], [Unit(5, wins_ties=True, last=True)])
    assert attack == [] and defend == [True]


def test_an_empty_pool_destroys_nothing_even_a_unit_that_rolled_zero() -> None:
    assert kills([], [(0, 0)]) == []
