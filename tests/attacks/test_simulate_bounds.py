"""Attacks on what kitgen simulate and kitgen tune are asked to play (issue 34): a player count the game
does not declare (a 12-player table of a 2-4 player game printed win rates for a game that does not
exist), and a run past the bounds of CPU or memory (--games 1,000,000 --policy mcts was days of
play). Each is one usage line before any game, from each command and each way in: simulate, its
--ladder and --impact-games, --replay of a report that asks for it, and tune."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.attacks.harness import REPO, assert_one_line, edit, kitgen_in_process

DUEL = REPO / "tests" / "fixtures" / "vocab" / "duel"  # players: "2-4", every rule simulated
USAGE = r"Error: Invalid value for {flag}: {message}"
PLAYS = r"12: Duel plays 2-4 players \(its game\.yaml, players:\)"
RUN = ("--games", "20", "--workers", "1")


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> str:
    """Duel's report at 2 players, as kitgen simulate --json printed it."""
    run = kitgen_in_process("simulate", DUEL, *RUN, "--players", "2", "--json").run
    assert run.returncode == 0, run.describe()
    return run.stdout


def usage(flag: str, message: str) -> re.Pattern[str]:
    return re.compile(USAGE.format(flag=flag, message=message))


@pytest.mark.parametrize("more", [(), ("--ladder", "20"), ("--impact-games", "20"), ("--players", "2,3,12")])
def test_simulate__a_player_count_the_game_does_not_declare_is_one_usage_line(more):
    """Each way simulate plays: the report, the skill ladder, card impact, several counts."""
    args = ("--players", "12", *more) if "--players" not in more else more
    assert_one_line(kitgen_in_process("simulate", DUEL, *RUN, *args), usage("--players", PLAYS), exit=2)


def test_simulate__without_players_plays_the_count_nearest_4_that_the_game_declares(report, tmp_path):
    """A 2-player game is played at 2, not at a table of 4 it does not have; a 2-4 player game at 4."""
    two = tmp_path / "duel"
    shutil.copytree(DUEL, two)
    edit(two / "game.yaml", 'players: "2-4"', 'players: "2"')
    run = kitgen_in_process("simulate", two, *RUN, "--json").run
    assert run.returncode == 0, run.describe()
    assert json.loads(run.stdout)["provenance"]["options"]["--players"] == "2"
    assert_one_line(kitgen_in_process("simulate", two, *RUN, "--players", "4"),
                    usage("--players", r"4: Duel plays 2 players \(its game\.yaml, players:\)"), exit=2)


def test_simulate__a_ladder_in_a_game_of_one_player_is_one_usage_line(tmp_path):
    """A game that declares 1 player may be played alone, but a rung of the ladder has no rival there."""
    alone = tmp_path / "duel"
    shutil.copytree(DUEL, alone)
    edit(alone / "game.yaml", 'players: "2-4"', 'players: "1-4"')
    assert_one_line(kitgen_in_process("simulate", alone, *RUN, "--players", "1", "--ladder", "2"),
                    usage("--ladder", "a rung seats one stronger player among weaker ones: give --players 2 or more"),
                    exit=2)


def test_replay__a_report_asking_a_count_the_game_does_not_declare_is_one_line(report, tmp_path):
    edited = json.loads(report)
    edited["provenance"]["options"]["--players"] = "12"
    path = tmp_path / "report.json"
    path.write_text(json.dumps(edited), encoding="utf-8")
    assert_one_line(kitgen_in_process("simulate", DUEL, "--replay", path),
                    re.compile(r".*report\.json: error: options: --players: " + PLAYS))


def test_tune__a_player_count_the_game_does_not_declare_is_one_usage_line(tmp_path):
    folder = tmp_path / "galactic-civ"
    shutil.copytree(REPO / "data" / "galactic-civ", folder)
    edit(folder / "game.yaml", 'players: "2-4+"', 'players: "2-4"')
    run = kitgen_in_process("tune", folder, "--target", "even-seats", "--players", "5", "-o", tmp_path / "out")
    assert_one_line(run, usage("--players", r"5: Galactic Civ plays 2-4 players \(its game\.yaml, players:\)"),
                    exit=2)
    assert not (tmp_path / "out").exists()


def test_tune__even_seats_at_one_player_of_a_game_that_declares_one_is_one_usage_line(tmp_path):
    """--players 1 of a 2-4 player game is refused by the game's range; a game that plays alone has no seats to even."""
    folder = tmp_path / "galactic-civ"
    shutil.copytree(REPO / "data" / "galactic-civ", folder)
    edit(folder / "game.yaml", 'players: "2-4+"', 'players: "1-4"')
    run = kitgen_in_process("tune", folder, "--target", "even-seats", "--players", "1", "-o", tmp_path / "out")
    assert_one_line(run, usage("--target", "one player has no seats to even out: give --players 2 or more"), exit=2)


GREEDY = r": at most 500,000 games of greedy's a run \(minutes, not hours\)"


@pytest.mark.parametrize("args, message", [
    # the players' prices are this game's (experiments/pricing.py: a greedy sample game's choices)
    (("--games", "1000000", "--policy", "mcts"), r"up to 2,000,000 games of mcts, each costing about 201 of greedy's"),
    (("--games", "1000", "--policy", "mcts", "--mcts-iterations", "100000"),
     r"up to 2,000 games of mcts, each costing about 1,250,001 of greedy's"),
    (("--games", "20", "--ladder", "10000"), r"up to 40 games and 2,030,000 more for the ladder"),
    (("--games", "20", "--impact-games", "1000000"), r"up to [\d,]+ games"),
    (("--games", "200000", "--fixes"), r"up to [\d,]+ games"),
])
def test_simulate__a_run_past_minutes_of_play_is_one_usage_line(args, message):
    run = kitgen_in_process("simulate", DUEL, "--players", "2,3", "--workers", "1", *args)
    assert_one_line(run, usage("--games", message + GREEDY), exit=2, seconds=10)


def test_simulate__a_run_holding_more_results_than_memory_allows_is_one_usage_line():
    run = kitgen_in_process("simulate", DUEL, "--games", "200000", "--players", "2,3", "--workers", "1")
    assert_one_line(run, usage("--games", r"400,000 games' results held at once, about 293 MB at 0\.75 KB each: "
                                          r"at most 250,000 \(about 183 MB\)"), exit=2, seconds=10)


def test_replay__a_report_asking_days_of_play_is_one_line(report, tmp_path):
    edited = json.loads(report)
    edited["provenance"]["options"] |= {"--games": 1_000_000, "--policy": "mcts"}
    path = tmp_path / "report.json"
    path.write_text(json.dumps(edited), encoding="utf-8")
    assert_one_line(kitgen_in_process("simulate", DUEL, "--replay", path),
                    re.compile(r".*report\.json: error: options: --games: up to 1,000,000 games of mcts, .*"))


def test_replay__a_report_past_its_size_is_refused_before_it_is_read(tmp_path: Path):
    """4 MiB and a byte: a sparse file, so the test writes nothing (a 60 MB report took 12 s and 385 MB)."""
    path = tmp_path / "report.json"
    with open(path, "wb") as file:
        file.truncate(4 * 2**20 + 1)
    assert_one_line(kitgen_in_process("simulate", DUEL, "--replay", path),
                    re.compile(r".*report\.json: error: 4,194,305 bytes: a report is at most 4,194,304 \(kitgen's are "
                               r"some 50 KB\); refused before reading it"), seconds=5)


def test_replay__a_report_nested_past_its_depth_is_refused(tmp_path: Path):
    path = tmp_path / "report.json"
    path.write_text('{"provenance": ' + "[" * 40 + "]" * 40 + "}", encoding="utf-8")
    assert_one_line(kitgen_in_process("simulate", DUEL, "--replay", path),
                    re.compile(r".*report\.json: error: nested more than 32 deep: a report is at most 32 "
                               r"\(kitgen's are 6\)"))
