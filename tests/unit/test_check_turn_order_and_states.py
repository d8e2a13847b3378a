"""Two checks of the rules vocabulary (check/conditions.py): a condition's zones and flags are the
game's (a flag no step sets never holds), and a turn order rolls dice and is printed by a phase that
rewards the highest of its first counter, each said at its line."""
from __future__ import annotations

import pytest

from kitgen.check.conditions import check_conditions
from kitgen.errors import Where
from kitgen.model import (Action, Amount, Amounts, Attribute, Card, CardType, Deck, Expr, Game, Phase, Trigger,
                          TurnOrder, VictoryPath, When, Zone)

WHEN_AT, ORDER_AT = Where("rules.yaml", 30, 5), Where("rules.yaml", 50, 3)
ZONES = (Zone("tableau", "in-play"), Zone("market", "market", deck="main", size=3))


def game(paths=(), phases=(), turn_order=None) -> Game:
    flagging = Phase("Plot", "", actions=(Action("flag", flag="plotting"), Action("flag", flag="at-war")),
                     where=Where("rules.yaml", 9, 3))
    return Game("g", "G", "G", "2", (Attribute("Military"), Attribute("Trade")), (CardType("Ship", "main"),),
                (Deck("main", "Main", "M", (Card("Scout", "Ship", copies=4),)),), (flagging, *phases),
                victory_paths=paths, zones=ZONES, turn_order=turn_order)


def amounts(**values: int) -> Amounts:
    return Amounts(Amount(name, Expr(str(value)), where=Where("rules.yaml", 31, 9)) for name, value in values.items())


def problems(g: Game) -> list[tuple[int, str]]:
    return [(p.where.line, p.message) for p in check_conditions(g) if p.level == "error"]


def path(when: When) -> VictoryPath:
    return VictoryPath("Empire", "", when=when)


def test_states__zones_and_flags_the_game_has_pass():
    assert problems(game((path(When(cards_in=amounts(tableau=3), flag=("plotting",), streak=amounts(**{"at-war": 2}),
                                    where=WHEN_AT)),))) == []


def test_states__an_unknown_zone_is_named_at_its_amount_with_a_did_you_mean():
    assert problems(game((path(When(cards_in=amounts(tablaeu=3, market=1), where=WHEN_AT)),))) == [
        (31, "victory path 'Empire': unknown zone 'tablaeu' (did you mean 'tableau'?)")]


def test_states__a_flag_or_streak_no_step_sets_is_named_at_the_condition():
    found = problems(game((path(When(flag=("ploting", "plotting"), streak=amounts(peace=2), where=WHEN_AT)),)))
    assert found == [(30, "victory path 'Empire': no step sets the flag 'ploting' (did you mean 'plotting'?)"),
                     (30, "victory path 'Empire': no step sets the flag 'peace'")]


def rewarding(kind: str = "highest", attribute: str = "Military") -> Phase:
    return Phase("Order", "", trigger=Trigger(kind, attribute))


@pytest.mark.parametrize("order", [TurnOrder(("Military",), roll="1D6", phase="Order"), TurnOrder(("Military",)),
                                   TurnOrder((), phase="Order"), TurnOrder(("Military", "Trade"), roll="2d10")])
def test_turn_order__dice_and_a_phase_rewarding_the_highest_of_its_first_counter_pass(order):
    assert problems(game(phases=(rewarding(),), turn_order=order)) == []


@pytest.mark.parametrize("roll", ["D", "1D", "six", "1D6+1", "0D6"])
def test_turn_order__a_roll_that_is_not_dice_notation(roll):
    assert problems(game(turn_order=TurnOrder(("Military",), roll=roll, where=ORDER_AT))) == [
        (50, f"turn_order: roll '{roll}' is not dice notation like 1D6")]


def test_turn_order__an_unknown_phase_with_a_did_you_mean_and_the_roll_said_too():
    order = TurnOrder(("Military",), roll="x", phase="Ordr", where=ORDER_AT)
    assert problems(game(phases=(rewarding(),), turn_order=order)) == [
        (50, "turn_order: roll 'x' is not dice notation like 1D6"),
        (50, "turn_order: unknown phase 'Ordr' (did you mean 'Order'?)")]


@pytest.mark.parametrize("phase", [Phase("Order", ""), rewarding("lowest"), rewarding(attribute="Trade")])
def test_turn_order__its_phase_must_reward_the_highest_of_its_first_counter(phase):
    order = TurnOrder(("Military", "Trade"), phase="Order", where=ORDER_AT)
    assert problems(game(phases=(phase,), turn_order=order)) == [
        (50, "turn_order: phase 'Order' must reward the highest Military (its trigger), as the order it prints")]
