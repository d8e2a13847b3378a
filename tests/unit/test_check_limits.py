"""Limits a game declares ('U <= N(5 + S)'), checked against every faction's starting position
(check/limits.py): a start that breaks one is a warning unless an erratum settles it, and a limit's
formula, variables and erratum are checked where it is declared."""
from __future__ import annotations

import pytest

from kitgen.check.limits import Clash, check_limits, describe_breaches, limit_clashes
from kitgen.errors import Where
from kitgen.model import Attribute, Effect, Erratum, Faction, Game, Limit, Variable

AT = Where("rules.yaml", 40, 3)
VAR_AT = Where("rules.yaml", 42, 7)
ATTRIBUTES = (Attribute("Military", start="2"), Attribute("Support", start="1"),
              Attribute("Army", start="1", group="Military"), Attribute("Luck", start="1D6"))
FACTIONS = (Faction("Spartans", effects=(Effect("Military", 2), Effect("Army", 1))),
            Faction("Gaians", effects=(Effect("Military", -1), Effect("Support", 1, target="target-player"))),
            Faction("Believers", effects=(Effect("Military", -1),)))
UNITS = (Variable("U", "units", start=10), Variable("S", "support", attribute="Support"),
         Variable("M", "military", attribute="Military"))


def game(*limits: Limit, factions=FACTIONS, errata=()) -> Game:
    return Game("g", "G", "G", "2", ATTRIBUTES, (), (), (), factions=factions, limits=limits, errata=errata)


def limit(check: str, variables=UNITS[2:], erratum: str | None = None) -> Limit:
    return Limit("Units", check, variables, erratum=erratum, where=AT)


def found(g: Game) -> list[tuple[str, int, str]]:
    return [(p.level, p.where.line, p.message) for p in check_limits(g)]


def test_clashes__each_factions_start_its_effects_on_itself_added():
    # Military starts at 2: Spartans 4, Gaians and Believers 1 (the Gaians' Support +1 is aimed at others)
    assert limit_clashes(game(), limit("M >= 2")) == [Clash("Gaians", 1, 2), Clash("Believers", 1, 2)]
    assert limit_clashes(game(), limit("M > 1")) == [Clash("Gaians", 1, 1), Clash("Believers", 1, 1)]
    assert limit_clashes(game(), limit("M < 4")) == [Clash("Spartans", 4, 4)]
    assert limit_clashes(game(), limit("M <= 3")) == [Clash("Spartans", 4, 3)]
    assert limit_clashes(game(), limit("U <= S(5 + M)", UNITS)) == [  # 1 x (5 + 4), 1 x (5 + 1)
        Clash("Spartans", 10, 9), Clash("Gaians", 10, 6), Clash("Believers", 10, 6)]
    assert limit_clashes(game(factions=()), limit("U <= 2M + 5", UNITS)) == [Clash("every player", 10, 9)]


def test_clashes__a_group_total_adds_its_members_and_their_effects():
    total = (Variable("T", "military in all", attribute="Military", group_total=True),)
    assert limit_clashes(game(), limit("T <= 4", total)) == [Clash("Spartans", 2 + 2 + 1 + 1, 4)]
    alone = (Variable("T", "military", attribute="Military"),)
    assert limit_clashes(game(), limit("T <= 4", alone)) == []


def test_clashes__none_when_a_start_is_rolled_unknown_or_the_formula_cannot_be_worked_out():
    luck = (Variable("L", "luck", attribute="Luck"),)
    assert limit_clashes(game(), limit("L > 9", luck)) == []  # 1D6: no whole number to check
    assert limit_clashes(game(), limit("X > 9", (Variable("X", "x", attribute="Nope"),))) == []
    assert limit_clashes(game(), limit("U <= U / (M - M)", UNITS)) == []  # by zero
    assert limit_clashes(game(), limit("U <= Q", UNITS)) == []  # an undeclared name
    assert limit_clashes(game(), limit("U = 3")) == []  # no comparison it knows


def test_describe_breaches__factions_with_the_same_numbers_together_the_sign_turned():
    assert describe_breaches(game(), limit("M >= 2")) == "Gaians, Believers: M = 1 < 2 = 2"
    assert describe_breaches(game(), limit("M > 1")) == "Gaians, Believers: M = 1 <= 1 = 1"
    assert describe_breaches(game(), limit("M < 4")) == "Spartans: M = 4 >= 4 = 4"
    assert describe_breaches(game(), limit("M <= 2.5")) == "Spartans: M = 4 > 2.5 = 2.5"
    assert describe_breaches(game(), limit("M <= 1 + M / 2")) == "Spartans: M = 4 > 1 + M / 2 = 3"
    assert describe_breaches(game(), limit("M <= 9")) == ""
    assert describe_breaches(game(), limit("U <= S(5 + M)", UNITS)) == \
        "Spartans: U = 10 > S(5 + M) = 9; Gaians, Believers: U = 10 > S(5 + M) = 6"


def test_check_limits__a_broken_start_is_a_warning_unless_an_erratum_settles_it():
    broken = "limit 'Units' (M <= 3) is broken by the starting position: Spartans: M = 4 > 3 = 3; record an " \
             "erratum that settles it and name it in the limit's erratum:"
    assert found(game(limit("M <= 3"))) == [("warning", 40, broken)]
    settled = (Erratum("E1", "seed", "kit", "why"),)
    assert found(game(limit("M <= 3", erratum="E1"), errata=settled)) == []
    assert found(game(limit("M <= 9", erratum="E1"), errata=settled)) == [
        ("warning", 40, "limit 'Units' names erratum 'E1' but no starting position breaks it")]
    assert found(game(limit("M <= 3", erratum="E2"), errata=settled)) == [
        ("error", 40, "limit 'Units': unknown erratum 'E2'")]
    assert found(game(limit("M <= 9"))) == []


def test_check_limits__each_limit_checked_after_one_with_a_problem():
    limits = (limit("M + <= 3"), Limit("Ships", "M <= 3", UNITS[2:], erratum="E9", where=Where("rules.yaml", 44, 3)),
              Limit("Fleet", "M <= 3", UNITS[2:], where=Where("rules.yaml", 46, 3)))
    assert [(level, line) for level, line, _ in found(game(*limits))] == [("error", 40), ("error", 44), ("warning", 46)]


def test_check_limits__a_bad_formula_is_an_error_and_nothing_more_is_said():
    assert found(game(limit("M + <= 3"))) == [("error", 40, "limit 'Units': 'M + <= 3' is not a formula")]
    assert [m for _, _, m in found(game(limit("M <> 3")))] == [
        "limit 'Units': 'M <> 3' needs exactly one comparison: <=, <, >= or >"]


@pytest.mark.parametrize("variables, message", [
    (UNITS[:2], "limit 'Units': variable M is not declared"),
    (UNITS[:2] + (Variable("M", "m", where=VAR_AT),),
     "limit 'Units': variable M needs either attribute: (a score) or start: (a count every player starts with)"),
    (UNITS[:2] + (Variable("M", "m", attribute="Military", start=3, where=VAR_AT),),
     "limit 'Units': variable M needs either attribute: (a score) or start: (a count every player starts with)"),
    (UNITS[:2] + (Variable("M", "m", attribute="Militery", where=VAR_AT),),
     "limit 'Units': variable M: unknown attribute 'Militery'"),
])
def test_check_limits__each_variable_declared_once_with_a_start_or_a_known_attribute(variables, message):
    problems = found(game(limit("U <= S(5 + M)", variables)))
    assert [(level, m) for level, _, m in problems] == [("error", message)]
    assert problems[0][1] == (42 if variables[-1].where == VAR_AT and "declared" not in message else 40)


def test_check_limits__a_variable_declared_but_not_used_is_a_warning_at_its_line():
    extra = UNITS + (Variable("Z", "zeal", start=1, where=VAR_AT),)
    assert found(game(limit("U <= S(5 + M)", extra))) == [
        ("warning", 42, "limit 'Units': variable Z is not used")]
