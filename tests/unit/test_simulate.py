"""The balance lab on tiny games whose outcome is known, and on Galactic Civ's own data."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.model import (Action, Attribute, Card, CardType, Deck, DiceTable, Effect, Faction, Game, Phase,
                          TableRow, Threshold, VictoryPath)
from kitgen.simulate.run import Settings, simulate

ROOT = Path(__file__).resolve().parents[2]


def tiny_game(factions=(), paths=(), phases=None, turns=10) -> Game:
    """Two attributes, a deck of +1 cards, a phase that rolls 1D2 for an attribute to raise."""
    cards = (Card("Alpha", "Gain", (Effect("A", 1),), copies=10), Card("Beta", "Gain", (Effect("B", 1),), copies=10))
    if phases is None:
        phases = (Phase("Grow", "Roll, draw, play.", actions=(
            Action("change", delta=1, table="coin"), Action("draw", count=1), Action("play", types=("Gain",)))),)
    return Game("tiny", "Tiny", "T", "2", (Attribute("A", start="0"), Attribute("B", start="0")),
                (CardType("Gain", "main"),), (Deck("main", "Main", "T", cards),), phases,
                factions=factions, victory_paths=paths, turns=turns,
                tables=(DiceTable("coin", "Coin", (TableRow("1", "A", attribute="A"), TableRow("2", "B", attribute="B")),
                                  die="1D2"),))


def test_simulate__a_player_100_points_ahead_always_wins():
    game = tiny_game(factions=(Faction("Giant", effects=(Effect("A", 100),)), Faction("Normal")),
                     paths=(VictoryPath("Lead", "Highest A by 5.", after_turn=1, highest=("A",), margin=5),),
                     phases=(Phase("Grow", "Roll.", actions=(Action("change", delta=1, table="coin"),
                                                              Action("check-victory"))),))
    report = simulate(game, Settings(games=200, players=2, seed=3, policies=("random",), workers=1))
    assert report["factions"]["Giant"] == {"plays": 200, "wins": 200, "win_rate": 1.0, "ci95": [0.9812, 1.0]}
    assert report["factions"]["Normal"]["wins"] == 0
    assert report["victories"] == {"Lead": 200} and report["turns"]["max"] == 2  # decided on turn 2


def test_simulate__a_symmetric_game_gives_each_seat_an_even_share_within_its_interval():
    game = tiny_game(paths=(VictoryPath("Most A", "Highest A at the end of turn 10.", at_end_of_turn=10,
                                        highest=("A",)),))
    report = simulate(game, Settings(games=2000, players=2, seed=5, policies=("random",), workers=1))
    decided = report["games"] - report["no_winner"]
    assert decided > 1000
    for seat in report["seats"]:
        low, high = seat["ci95"]
        assert low <= decided / 2 / report["games"] <= high, seat


def test_simulate__a_path_that_can_never_be_met_is_never_reported():
    game = tiny_game(paths=(VictoryPath("Impossible", "A above 1000.", thresholds=(Threshold("A", 1000),)),
                            VictoryPath("Most A", "Highest A at the end.", at_end_of_turn=10, highest=("A",))),
                     phases=(Phase("Grow", "Roll.", actions=(Action("change", delta=1, table="coin"),
                                                              Action("check-victory"))),))
    report = simulate(game, Settings(games=300, players=3, seed=1, policies=("greedy",), workers=1))
    assert report["victories"]["Impossible"] == 0
    assert report["victories"]["Most A"] + report["no_winner"] == 300


def test_simulate__the_same_seed_gives_the_same_report_however_many_workers():
    game = load_game(ROOT / "data" / "galactic-civ")
    one = simulate(game, Settings(games=100, players=4, seed=7, policies=("greedy", "random", "random", "greedy"), workers=1))
    two = simulate(game, Settings(games=100, players=4, seed=7, policies=("greedy", "random", "random", "greedy"), workers=2))
    assert one == two
    other = simulate(game, Settings(games=100, players=4, seed=8, policies=("greedy", "random", "random", "greedy"), workers=1))
    assert other != one


def test_simulate__galactic_civ_is_fully_simulated_and_names_every_race_and_path():
    game = load_game(ROOT / "data" / "galactic-civ")
    report = simulate(game, Settings(games=300, players=4, seed=1, policies=("random",), workers=1))
    assert [c for c in report["coverage"] if c["status"] != "exact"] == []
    assert set(report["factions"]) == {f.name for f in game.factions}
    assert list(report["victories"]) == [v.name for v in game.victory_paths]
    assert sum(report["victories"].values()) + report["no_winner"] == 300
    assert sum(row["plays"] for row in report["cards"]) > 300 * 4 * 10  # cards are played every turn
    events = {c.name for c in game.decks[1].cards}
    assert not events & {row["name"] for row in report["cards"]}  # events are drawn, never played from hand


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_simulate__a_much_stronger_race_wins_much_more(policy):
    game = load_game(ROOT / "data" / "galactic-civ")
    settings = Settings(games=200 if policy == "greedy" else 400, players=4, seed=2, policies=(policy,), workers=1)
    before = simulate(game, settings)["factions"]["Thalan Contingency"]
    boosted = tuple(dataclasses.replace(f, effects=tuple(Effect(a.name, 4) for a in game.attributes))
                    if f.name == "Thalan Contingency" else f for f in game.factions)
    after = simulate(dataclasses.replace(game, factions=boosted), settings)["factions"]["Thalan Contingency"]
    assert after["ci95"][0] > before["ci95"][1], (before, after)  # the intervals do not even overlap
    assert after["win_rate"] > 2 * before["win_rate"]


def test_simulate__a_game_whose_rules_are_text_says_what_it_skipped():
    game = load_game(ROOT / "data" / "galactic-supremacy")
    report = simulate(game, Settings(games=20, players=2, seed=1, policies=("random",), workers=1))
    skipped = {c["rule"] for c in report["coverage"] if c["status"] == "skipped"}
    assert {f"phase '{p.name}'" for p in game.phases} <= skipped


def test_check__actions_name_only_what_the_game_has():
    from kitgen.check import check_game

    game = tiny_game(paths=(VictoryPath("Most A", "Highest A.", at_end_of_turn=10, highest=("A",)),),
                     phases=(Phase("Grow", "Roll.", actions=(Action("change", delta=1, table="coins"),
                                                              Action("play", types=("Gian",)),
                                                              Action("take"))),))
    messages = [p.message for p in check_game(game) if p.is_error]
    assert messages == ["phase 'Grow': action 'change': unknown dice table 'coins' (did you mean 'coin'?)",
                        "phase 'Grow': action 'play': unknown card type 'Gian' (did you mean 'Gain'?)",
                        "phase 'Grow': action 'take' needs an attribute or a table"]
