"""What `kitgen tune` may change (check/tunables.py), on a game made in code: a card named in any deck or in the one
given, a cost in the counter named among the card's others, a rule on or off held to 0 and 1."""
from __future__ import annotations

import pytest

from kitgen.check.tunables import check_tunables
from kitgen.errors import Where
from kitgen.model import (Card, CardType, Cost, Counter, Deck, Game, Price, SimulateSettings, Tunable, VictoryPath,
                          When)

AT = Where("game.yaml", 50, 7)
PRICED = Card("Scout", "Ship", copies=2, cost=Cost((Price("Gold", 3), Price("Ore", 2))))


def said(*tunables: Tunable, paths: tuple[VictoryPath, ...] = ()) -> list[str]:
    game = Game("g", "G", "G", "2", (), (CardType("Ship", "main"),),
                (Deck("main", "Main", "M", (PRICED, Card("Frigate", "Ship"))), Deck("spare", "Spare", "S", ())), (),
                counters=(Counter("Gold"), Counter("Ore"), Counter("Fame")), simulate=SimulateSettings(tune=tunables),
                victory_paths=paths)
    found = check_tunables(game)
    assert all(p.where == AT for p in found)
    return [p.message for p in found]


def test_tunables__a_card_named_in_any_deck_or_in_the_deck_given():
    assert said(Tunable(1, 3, copies="Scout", where=AT)) == []
    assert said(Tunable(1, 3, copies="Scout", deck="main", where=AT)) == []
    assert said(Tunable(1, 3, copies="Scot", where=AT)) == ["simulate.tune[0]: no card 'Scot' (did you mean 'Scout'?)"]
    assert said(Tunable(1, 3, copies="Scout", deck="spare", where=AT)) == [
        "simulate.tune[0]: no card 'Scout' in deck 'spare' (did you mean 'Scout'?)"]


@pytest.mark.parametrize("counter, message", [("Gold", ""), ("Ore", ""),
                                              ("Fame", "card 'Scout' has no cost of a whole number in 'Fame' to tune"),
                                              ("Gould", "card 'Scout' has no cost of a whole number in 'Gould' to tune")])
def test_tunables__a_cost_in_one_of_the_cards_counters(counter, message):
    assert said(Tunable(0, 5, cost="Scout", counter=counter, where=AT)) == ([f"simulate.tune[0]: {message}"] if message
                                                                           else [])
    assert said(Tunable(0, 5, cost="Scout", deck="spare", counter=counter, where=AT)) == [
        "simulate.tune[0]: no card 'Scout' in deck 'spare' (did you mean 'Scout'?)"]


@pytest.mark.parametrize("low, high, ok", [(0, 1, True), (0, 0, True), (1, 1, False), (0, 2, False), (-1, 0, False)])
def test_tunables__a_rule_on_or_off_from_0_to_1(low, high, ok):
    """The rule is off now (0): 1..1 is outside its value; 0..0 holds it off, allowed."""
    found = said(Tunable(low, high, turn_order="rotate", text="The first player passes left.", where=AT))
    assert found == [] if ok else len(found) == 1 and found[0].startswith("simulate.tune[0]: ")
    if (low, high) in ((0, 2), (-1, 0)):
        assert found == ["simulate.tune[0]: turn_order: a rule off (0) or on (1): min and max from 0 to 1"]


def test_tunables__a_victory_paths_turn_after_read_from_its_when():
    """turn_after is read at the top of the path's when (not a `by`, which is read in the conditions inside it)."""
    late = (VictoryPath("Late", "", when=When(turn_after=8)),)
    assert said(Tunable(6, 10, victory="Late", number="turn_after", where=AT), paths=late) == []
    assert said(Tunable(1, 5, victory="Late", number="turn_after", where=AT), paths=late) == [
        "simulate.tune[0]: its value now, 8, is outside min 1 and max 5"]
    assert said(Tunable(1, 5, victory="Late", number="end_of_turn", where=AT), paths=late) == [
        "simulate.tune[0]: victory path 'Late': its when: has none for 'end_of_turn'; tune one whole number"]
