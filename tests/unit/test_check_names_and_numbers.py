"""How the rules' names and numbers are read (check/conditions.py, check/formula.py, check/dice.py): a
name in any case with _ for a space, every condition of a game found with its owner, derived totals
that count themselves, expressions of whole numbers and names, counts as written, and dice notation."""
from __future__ import annotations

import dataclasses

import pytest

from kitgen.check.conditions import check_conditions, conditions_of, fold, value_names
from kitgen.check.dice import die_range, roll_values
from kitgen.check.formula import MAX_VALUE, FormulaError, capped, expression_names, parse_expression, whole_number
from kitgen.errors import Where
from kitgen.model import (Action, Attribute, Card, CardType, Counter, Deck, Elimination, Expr, Game, GameEnd, Phase,
                          VictoryPath, When, Wild)


def test_fold__any_case_a_space_as_an_underscore_ends_trimmed():
    assert fold("  Victory Points ") == "victory_points" == fold("VICTORY_POINTS")


def test_value_names__names_aliases_and_abbreviations_an_attribute_before_a_counter():
    game = Game("g", "G", "G", "2", (Attribute("Military", abbreviation="MIL", aliases=("Might",)),),
                (), (), (), counters=(Counter("Victory Points", aliases=("VP", "Mil")), Counter("Gold")))
    assert value_names(game) == {"victory_points": "Victory Points", "vp": "Victory Points", "mil": "Military",
                                 "gold": "Gold", "military": "Military", "might": "Military"}


def test_conditions_of__every_when_with_its_owner_nested_ones_too():
    w = {name: When(turn_after=i) for i, name in enumerate(("phase", "step", "inner", "path", "end", "out", "wild"))}
    game = Game("g", "G", "G", "2", (), (CardType("Ship", "main"),),
                (Deck("main", "Main", "M", (Card("Joker", "Ship", wild=Wild(when=w["wild"])), Card("Plain", "Ship",
                                                                                                 wild=Wild()))),),
                (Phase("War", "", when=When(any=(w["inner"],)), actions=(Action("when", when=w["step"]),)),),
                victory_paths=(VictoryPath("Win", "", when=w["path"]), VictoryPath("Old", "")),
                game_end=GameEnd(w["end"]), eliminate=Elimination(w["out"]))
    found = list(conditions_of(game))
    assert [(owner, when) for owner, when in found[1:]] == [
        ("phase 'War'", w["inner"]), ("phase 'War'", w["step"]), ("victory path 'Win'", w["path"]),
        ("game_end", w["end"]), ("eliminate", w["out"]), ("card 'Joker' wild", w["wild"])]
    assert found[0] == ("phase 'War'", When(any=(w["inner"],)))


def totals(*counters: Counter) -> list[str]:
    game = Game("g", "G", "G", "2", (Attribute("Military"),), (), (), (), counters=counters)
    return [p.message for p in check_conditions(game) if "counts itself" in p.message]


def test_cycles__a_total_that_counts_itself_directly_or_through_others():
    assert totals(Counter("Score", total=Expr("Gold + Military")), Counter("Gold")) == []
    assert totals(Counter("Fame", total=Expr("Fame + 1"), where=Where("g.yaml", 5, 1))) == [
        "counter 'Fame': its total counts itself (through Fame)"]
    assert totals(Counter("A", total=Expr("B * 2")), Counter("B", total=Expr("c_c + 1")),
                  Counter("C C", total=Expr("a + Military"))) == [
        "counter 'A': its total counts itself (through A, B, C C)",
        "counter 'B': its total counts itself (through A, B, C C)",
        "counter 'C C': its total counts itself (through A, B, C C)"]
    # a total that is no expression is said elsewhere ('is not an expression'): no cycle through it is claimed
    assert totals(Counter("A", total=Expr("B +")), Counter("B", total=Expr("A"))) == []


def test_parse_expression__whole_numbers_names_arithmetic_and_the_card_functions_only():
    assert expression_names("2 * Bases + Bases - turn / (players + -1) + +3") == ["Bases", "turn", "players"]
    # the card functions over zones (core M1) are called, their zone and filters read as no number
    assert expression_names("count(hand, suit=Hearts) + Gold % 2 - max(won.points)") == ["Gold"]
    assert expression_names("sum(won.points) >= 3 and not Gold") == ["Gold"]
    for bad, message in [("2 ** 3", "'Pow' is not allowed"), ("1.5 * Gold", "numbers are whole numbers"),
                         ("Gold +", "is not an expression"), ("Gold @ 2", "use numbers, counter names"),
                         ("x" * 201, r"\(at most 200 characters\)"), ("count(hand)[0]", "use numbers"),
                         ("Gold if 1 else 2", "'IfExp' is not allowed"),
                         ("(x for x in hand)", "'GeneratorExp' is not allowed"),
                         ("f(2)", "'f' is not a function an expression may call; it may call count, sum, max"),
                         ('__import__("os")', "'__import__' is not a function an expression may call"),
                         ("hand.pop(0)", "'Attribute' is not a function an expression may call"),
                         ("count(hand, deck)", r"count\(\) takes one zone and filters such as suit=Hearts"),
                         ("count(**hand)", r"count\(\) takes one zone"),
                         ("target(Gold, 2)", r"^target\(\) takes one expression, worked out for the player the step "
                                             r"targets \(target\(Units\)\)$"),
                         ("roll(1)", r"^roll\(\) takes two numbers: how many dice, and their sides \(roll\(1, 10\)\)$"),
                         ("min(1, 2, x=3)", r"^min\(\) takes a zone's field \(max\(hand.value\)\) or 2 to 10 numbers, "
                                            "no filters$"),
                         ("max(" + "1, " * 11 + "1)", r"^max\(\) takes a zone's field"),
                         ("1 < Gold < 3", "compare two values at a time")]:
        with pytest.raises(FormulaError, match=message):
            parse_expression(bad)
    assert parse_expression("  Gold  ") is not None and parse_expression("x" * 200)


def test_whole_number_and_capped__as_written_and_held_to_a_trillion():
    assert [whole_number(t) for t in ("5", " -3 ", "+7", "1" * 18, "1" * 19, "2 * P", "", 12)] == [
        5, -3, 7, int("1" * 18), None, None, None, 12]
    assert [capped(v) for v in (MAX_VALUE + 1, MAX_VALUE, -MAX_VALUE - 1, -5)] == [MAX_VALUE, MAX_VALUE, -MAX_VALUE, -5]


@pytest.mark.parametrize("die, bounds", [("1D6", (1, 6)), ("d10", (1, 10)), ("2D6", (2, 12)), (" 3d4 ", (3, 12)),
                                         ("D6", (1, 6)), ("10D100", (10, 1000)), ("11D100", None), ("0D6", None),
                                         ("1D0", None), ("2X6", None), ("1D6+1", None), ("", None)])
def test_die_range__the_lowest_and_highest_total_up_to_1000(die, bounds):
    assert die_range(die) == bounds


@pytest.mark.parametrize("roll, die, values", [
    ("3", "1D6", {3}), ("1-2", "1D6", {1, 2}), ("5 – 6", "1D6", {5, 6}), ("4+", "1D6", {4, 5, 6}),
    ("9-0", "1D10", {9, 10}), ("0", "1D10", {10}), ("0", "1D6", None), ("2-12", "2D6", set(range(2, 13))),
    ("1", "2D6", None), ("5-7", "1D6", None), ("x", "1D6", None), ("3", "D", None), ("0-1", "1D6", None),
])
def test_roll_values__the_results_a_row_covers_none_when_the_die_cannot_show_them(roll, die, values):
    assert roll_values(roll, die) == values


def test_roll_values__a_d10s_zero_is_ten_only_on_a_single_d10():
    assert roll_values("0", "1D10") == {10} and roll_values("10", "1D10") == {10}
    assert roll_values("0", "1D20") is None and roll_values("8+", "2D10") == set(range(8, 21))


def test_game_names__attribute_names_win_over_counters_of_the_same_name():
    game = Game("g", "G", "G", "2", (Attribute("Gold"),), (), (), (), counters=(Counter("gold"),))
    assert value_names(game) == {"gold": "Gold"}
    assert value_names(dataclasses.replace(game, attributes=())) == {"gold": "gold"}
