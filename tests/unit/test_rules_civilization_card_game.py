"""Civilization: The Card Game's rule module in small scripted games: each builds a table by hand,
takes one step of the rules and checks the seed's outcome (costs from the data's formulas, the end
at the last Technology and its tiebreakers, the two statuses, combat), then whole games."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kitgen.check.formula import evaluate
from kitgen.load import load_game
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.report.summary import missing_rules
from kitgen.simulate.rules.civilization_card_game_combat import fight
from kitgen.simulate.rules.civilization_card_game_play import Civ, play, result
from kitgen.simulate.rules.civilization_card_game_turn import (buy, can_pay, collect, draw_and_discard, options, pay,
                                                               plot_price, population_price, price, set_up)

ROOT = Path(__file__).resolve().parents[2]
GREEDY = POLICIES["greedy"]


@pytest.fixture(scope="module")
def game():
    return load_game(ROOT / "data" / "civilization-card-game")


@pytest.fixture(scope="module")
def plan(game):
    return plan_game(game)


def card(plan, name: str) -> int:
    return next(i for i, rules in enumerate(plan.extra.cards) if rules.name == name)


def table(plan, players: int = 4) -> Civ:
    """A table with no cards dealt: each player has four Grassland plots and nothing else."""
    civ = Civ(plan, 7, (GREEDY,) * players)
    for seat in civ.seats:
        seat.plots = [[card(plan, "Grassland"), 0, []] for _ in range(4)]
        civ.refresh(seat)
    return civ


def formula(game, name: str, **values: int) -> int:
    return int(evaluate(next(f.expression for f in game.formulas if f.name == name), values))


def test_population__costs_6_plus_2p_food_on_its_plot_less_pottery(game, plan) -> None:
    civ = table(plan)
    seat = civ.seats[0]
    prices = []
    for pops in range(4):
        seat.plots[0][1] = pops
        prices.append(population_price(civ, seat, seat.plots[0]))
    assert prices == [6, 8, 10, 12] == [formula(game, "Population cost", P=p) for p in range(4)]
    seat.techs.append(card(plan, "Pottery"))
    civ.refresh(seat)
    assert population_price(civ, seat, seat.plots[0]) == 12 - 1


def test_plot__costs_15_plus_5_for_each_plot_beyond_four_in_any_mix(game, plan) -> None:
    civ = table(plan)
    seat = civ.seats[0]
    assert plot_price(civ, seat) == 15 == formula(game, "Plot cost", P=4)
    seat.plots.append([card(plan, "Hills"), 0, []])
    assert plot_price(civ, seat) == 20
    seat.res = [7, 7, 6]
    assert can_pay(civ, seat, 20, -1)
    pay(civ, seat, 20, -1)
    assert sum(seat.res) == 0


def test_bank__trades_three_for_one_when_a_payment_is_short(plan) -> None:
    civ = table(plan)
    seat = civ.seats[0]
    seat.res = [2, 6, 3]  # Commerce, Production, Food: 2 Commerce and 3 from 6 Hammers and 3 Food
    assert can_pay(civ, seat, 5, 0) and not can_pay(civ, seat, 6, 0)
    pay(civ, seat, 4, 0)
    assert seat.res == [0, 0, 3]
    seat.techs.append(card(plan, "Currency"))  # 2:1
    civ.refresh(seat)
    seat.res = [0, 4, 0]
    assert can_pay(civ, seat, 2, 0) and not can_pay(civ, seat, 3, 0)


def test_discounts__add_up_and_highest_happiness_spares_wonders(plan) -> None:
    civ = table(plan)
    seat = civ.seats[0]
    seat.plots[0][2].append(card(plan, "Library"))
    seat.techs.append(card(plan, "Alphabet"))
    civ.refresh(seat)
    philosophy, forge, pyramids = card(plan, "Philosophy"), card(plan, "Forge"), card(plan, "Pyramids")
    assert price(civ, 0, philosophy) == 12 - 2
    seat.plots[1][2].append(card(plan, "Colosseum"))  # Happiness 2: "minimum 2", nobody else has any
    civ.refresh(seat)
    assert civ.status(1) == 0
    assert (price(civ, 0, philosophy), price(civ, 0, forge), price(civ, 0, pyramids)) == (12 - 3, 5 - 1, 12)
    assert price(civ, 1, forge) == 5


def test_highest_culture__above_2_and_alone_and_it_passes_on(plan) -> None:
    civ = table(plan)
    monastery, temple = card(plan, "Monastery"), card(plan, "Temple")
    civ.seats[0].plots[0][2].append(monastery)  # Culture 2: not greater than 2
    civ.refresh(civ.seats[0])
    assert civ.status(0) == -1
    civ.seats[0].plots[1][2].append(temple)  # Culture 3
    civ.refresh(civ.seats[0])
    assert civ.status(0) == 0
    civ.seats[2].plots[0][2] += [monastery, temple]  # a tie: nobody
    civ.refresh(civ.seats[2])
    assert civ.status(0) == -1
    civ.seats[2].plots[1][2].append(temple)  # seat 3 ahead: the status passes to it
    civ.refresh(civ.seats[2])
    assert civ.status(0) == 2
    before = len(civ.seats[2].hand)
    draw_and_discard(civ, 2)  # draw 4 + 1, discard 2 + 1
    assert len(civ.seats[2].hand) == before + 2
    civ.seats[1].techs.append(card(plan, "Astronomy"))
    civ.refresh(civ.seats[1])
    draw_and_discard(civ, 1)  # draw 4 + 1, discard 2
    assert len(civ.seats[1].hand) == 3


def last_technology(plan, civ: Civ, name: str = "Engineering") -> tuple:
    civ.tech_pile, civ.tech_show = [], [card(plan, name)]
    civ.seats[0].res = [12, 0, 0]
    return next(option for option in options(civ, 0) if option[0] == "tech")


def test_end__buying_the_last_technology_ends_the_game_and_most_points_win(plan) -> None:
    civ = table(plan)
    civ.seats[2].plots[0][1] = 3  # 3 Victory Points
    civ.seats[0].plots[0][1] = 2
    buy(civ, 0, last_technology(plan, civ))  # 2 + 1 = 3: a tie on points, seat 1 has a Technology
    assert civ.over
    assert result(civ).winner == 0 and result(civ).paths == (0,)


def test_end__ties_go_to_technologies_then_population_then_nobody(plan) -> None:
    civ = table(plan)
    civ.over = True
    civ.seats[1].plots[0][1] = 2
    civ.seats[3].techs.append(card(plan, "Mining"))
    civ.seats[3].plots[0][1] = 1
    civ.refresh(civ.seats[3])
    assert result(civ).winner == 3  # 2 points each; seat 4 has a Technology
    civ.seats[1].techs.append(card(plan, "Pottery"))
    civ.seats[1].plots[0][1] = 1
    civ.seats[3].plots[0][1] = 0
    civ.seats[3].plots[1][1] = 1
    civ.refresh(civ.seats[1])
    assert result(civ).winner == -1  # the same points, Technologies and Population: shared (kit choice final-tie)
    civ.seats[1].plots[1][1] = 1
    civ.seats[1].techs.pop()
    civ.refresh(civ.seats[1])
    assert result(civ).winner == 3  # 2 points each, seat 4 has the Technology
    assert not Civ(plan, 1, (GREEDY,) * 2).over


def test_combat__an_unblocked_chariot_steals_a_population_a_spearman_blocks_it(plan) -> None:
    civ = table(plan, 2)
    chariot, spearmen = card(plan, "Chariot"), card(plan, "Spearmen")
    civ.seats[1].plots[2][1] = 2
    fight(civ, 0, 1, [chariot])
    assert sum(p[1] for p in civ.seats[0].plots) == 1 and sum(p[1] for p in civ.seats[1].plots) == 1
    assert civ.discards == [chariot]
    civ.seats[1].hand = [spearmen]
    fight(civ, 0, 1, [chariot])
    assert civ.seats[1].hand == [] and sum(p[1] for p in civ.seats[1].plots) == 1
    assert civ.discards == [chariot, chariot, spearmen]


def test_combat__walls_bounce_a_catapult_destroys_city_walls_and_wonders_stand(plan) -> None:
    civ = table(plan, 2)
    walls, great_wall, swordsmen, catapult = (card(plan, n) for n in ("City Walls", "Great Wall", "Swordsmen", "Catapult"))
    civ.seats[1].plots[0][2].append(walls)
    fight(civ, 0, 1, [swordsmen])  # bounced back to the attacker's hand
    assert civ.seats[0].hand == [swordsmen] and civ.seats[1].plots[0][2] == [walls]
    civ.seats[0].hand = []
    fight(civ, 0, 1, [catapult, swordsmen])  # the catapult takes the walls, the Swordsmen has no building left
    assert civ.seats[1].hand == [walls] and civ.discards == [catapult, swordsmen]
    civ.seats[1].plots[0][2] = [great_wall]
    fight(civ, 0, 1, [catapult, swordsmen])  # a catapult cannot destroy the Great Wall, which bounces one
    assert civ.seats[1].plots[0][2] == [great_wall] and len(civ.seats[0].hand) == 1


def test_combat__swordsmen_destroy_a_building_back_to_its_owners_hand(plan) -> None:
    civ = table(plan, 2)
    forge, swordsmen = card(plan, "Forge"), card(plan, "Swordsmen")
    civ.seats[1].plots[1][2].append(forge)
    fight(civ, 0, 1, [swordsmen])
    assert civ.seats[1].plots[1][2] == [] and civ.seats[1].hand == [forge]


def test_setup__four_plots_one_free_population_and_6_to_9_cards_less_2(plan) -> None:
    """Two plots dealt and two drafted, three Plots and three Technologies on display, one free
    Population, and "6 cards ... The next player draws 7, the third ... 8, and the fourth ... 9.
    All players ... then immediately discard 2"."""
    civ = Civ(plan, 5, (GREEDY,) * 4)
    set_up(civ)
    assert [len(seat.plots) for seat in civ.seats] == [4] * 4
    assert [sum(plot[1] for plot in seat.plots) for seat in civ.seats] == [1] * 4
    assert [len(seat.hand) for seat in civ.seats] == [4, 5, 6, 7] and len(civ.discards) == 8
    assert (len(civ.plot_show), len(civ.tech_show)) == (3, 3)


def test_collect__a_granary_doubles_its_plots_printed_food_not_the_population_bonus(plan) -> None:
    civ = table(plan, players=2)
    seat = civ.seats[0]
    seat.plots = [[card(plan, "Grassland"), 2, [card(plan, "Granary")]], [card(plan, "Hills"), 1, []]]
    civ.refresh(seat)
    collect(civ, 0)
    food, hammers = plan.extra.food, plan.extra.resources.index("Production")
    # Grassland: 2 Food printed, doubled, +2 Population; Hills: 2 Production printed, +1 Population.
    assert (seat.res[food], seat.res[hammers]) == (2 * 2 + 2, 2 + 1)


def test_coverage__nothing_that_decides_the_winner_is_skipped_or_approximated(plan) -> None:
    assert missing_rules(plan) == []
    assert {c.rule for c in plan.coverage if c.decides} >= {"end of the game", "victory 'Most Victory Points'"}


def test_games__the_same_seed_plays_the_same_game(plan) -> None:
    first = [play(plan, seed, (GREEDY, POLICIES["random"], GREEDY), 0) for seed in range(5)]
    again = [play(plan, seed, (GREEDY, POLICIES["random"], GREEDY), 0) for seed in range(5)]
    assert first == again
    assert len({r.played for r in first}) == 5



def test_games__a_count_outside_2_to_4_still_plays_to_the_last_technology(plan) -> None:
    """One player has no opponent for Writing; five have no Technology to remove (3(4 - N) < 0)."""
    for players in (1, 5):
        results = [play(plan, seed, (GREEDY,) * players, 0) for seed in range(3)]
        assert all(r.winner in range(players) and len(r.played) == players for r in results)

def test_cli__200_games_have_a_winner_with_provenance() -> None:
    run = subprocess.run([sys.executable, "-m", "kitgen", "simulate", "civilization-card-game", "--games", "200",
                          "--seed", "1", "--workers", "1", "--json"], cwd=ROOT, capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, check=False)
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["decided"] >= 0.95 * report["games"] == 190
    assert report["provenance"]["command"].startswith("kitgen simulate civilization-card-game --games 200")
    assert report["provenance"]["data_sha256"] and not report["missing"]


def test_cli__data_the_rules_need_missing_is_one_located_line(tmp_path) -> None:
    import shutil

    folder = tmp_path / "civ"
    shutil.copytree(ROOT / "data" / "civilization-card-game", folder)
    tables = folder / "tables.yaml"
    tables.write_text(tables.read_text().replace("id: rule-numbers", "id: numbers-of-the-rules"))
    run = subprocess.run([sys.executable, "-m", "kitgen", "simulate", str(folder), "--games", "2"], cwd=ROOT,
                         capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                         check=False)
    lines = [line for line in run.stderr.splitlines() if "error" in line]
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert len(lines) == 1 and "game.yaml:" in lines[0] and "the rule-numbers table's row 'Plots dealt'" in lines[0]
