"""Branches of check/ that no test reached (issue 34's mutation runs left a mutant alive in each): a players'
rule section read for the audience check, and not a designers' one; one strategy past the bound; what a check
says is at its line."""
from __future__ import annotations

from kitgen.check.audience import check_audience
from kitgen.check.strategies import MAX_STRATEGIES, check_strategies
from kitgen.errors import Where
from kitgen.model import DiceTable, Game, Preference, RuleSection, Strategy, TableRow

AT = Where("rules.yaml", 9, 5)


def _game(**more) -> Game:
    loot = DiceTable("loot", "Loot Table", (TableRow("1-6", "x"),), die="1D6", audience="simulator")
    return Game("g", "G", "G", "2", (), (), (), (), tables=(loot,), **more)


def test_audience__a_players_rule_section_naming_a_simulator_table_is_warned_and_a_designers_one_is_not():
    players = RuleSection("setup", "Setup", ("Roll on the Loot Table.",), where=AT)
    designers = RuleSection("notes", "Notes", ("The Loot Table is tuned.",), audience="designers", where=Where("r", 1, 1))
    found = check_audience(_game(rules=(players, designers)))
    assert [(p.where, p.message) for p in found] == [
        (AT, "rule section 'setup' names the table 'Loot Table', which is marked audience: simulator and is not "
             "printed for players; mark it players or reword")]


def test_strategies__one_more_than_the_bound_is_one_error_at_the_first_past_it():
    many = tuple(Strategy(f"s{n}", (Preference("buy"),), where=Where("game.yaml", 10 + n, 3))
                 for n in range(MAX_STRATEGIES + 1))
    found = check_strategies(_game(strategies=many))
    assert [(p.where, p.message) for p in found] == [(Where("game.yaml", 10 + MAX_STRATEGIES, 3),
                                                     f"strategies: at most {MAX_STRATEGIES}")]
    assert check_strategies(_game(strategies=many[:MAX_STRATEGIES])) == []
