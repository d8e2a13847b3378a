"""Attacks on `kitgen simulate` as a hostile game folder or command line would make them, beside
test_simulate_limits.py (counts, chains, turns) and test_vocabulary.py (conditions, expressions):
a roll-off that never breaks a tie, zones of absurd sizes, a game whose end never comes, flags
that are huge or nan or point -o at a folder, and Ctrl-C. Each ends in bounded time with one line
(or a report), never a traceback, an internal error or a hang. kitgen runs in this process where
nothing is interrupted (kitgen_in_process), as a real process for Ctrl-C."""
from __future__ import annotations

import json
import os
import re
import signal
import threading
import time
from pathlib import Path

import pytest

from tests.attacks.harness import assert_no_crash, assert_one_line, edit, kitgen_in_process, tiny_copy
from tests.integration.test_bad_input import start_kitgen

BOUND = 30  # seconds: a handful of the tiny game's games, or a refusal before any
BEFORE = "decks: [main]\n"  # game.yaml's line to put a turn order or zones before


def game_with(tmp_path: Path, game_yaml: str = "", rules: str = "") -> Path:
    """The tiny game with more lines in game.yaml (before its decks) and in rules.yaml (at the end)."""
    folder = tiny_copy(tmp_path)
    if game_yaml:
        edit(folder / "game.yaml", BEFORE, game_yaml + BEFORE)
    if rules:
        with open(folder / "rules.yaml", "a", encoding="utf-8") as file:
            file.write(rules)
    return folder


def simulate(folder: Path | str, *more: str):
    """A few games, in this process, in a thread this test gives up on after BOUND seconds: a game
    that never ends fails the test instead of hanging the suite."""
    answer: list = []
    thread = threading.Thread(daemon=True, target=lambda: answer.append(
        kitgen_in_process("simulate", folder, "--games", "5", "--workers", "1", "--partial", "-q", *more)))
    thread.start()
    thread.join(BOUND)
    assert answer, f"kitgen simulate {folder} {' '.join(more)}: still playing after {BOUND} s"
    return answer[0]


def test_turn_order__a_roll_off_die_of_one_side_is_refused_where_it_is_written(tmp_path):
    folder = game_with(tmp_path, "turn_order: {by: [Military], roll: 1D1}\n")
    for command in ("validate", "simulate"):
        run = kitgen_in_process(command, folder)
        assert_one_line(run, re.compile(r".*game\.yaml:\d+:\d+: error: turn_order: roll '1D1' always gives 1, so a tie "
                                        r"never breaks: give dice of two sides or more, such as 1D6"), seconds=BOUND)


def test_turn_order__seven_players_tied_on_a_d6_roll_off_and_the_games_end(tmp_path):
    """Seven equal players, six faces: the roll-off re-rolled until all seven differed, which
    never happens (simulate never ended)."""
    folder = game_with(tmp_path, "turn_order: {by: [Military], roll: 1D6}\n")
    edit(folder / "game.yaml", 'players: "2"', 'players: "2-7"')  # a table of seven is one the game declares
    run = simulate(folder, "--players", "7", "--json")
    assert_no_crash(run, seconds=BOUND)
    assert run.run.returncode == 0, run.run.describe()


@pytest.mark.parametrize("zone", [
    "{name: Row, kind: market, deck: main, size: 999999999999999999}",
    "{name: Fleet, kind: in-play, limit: 999999999999999999}",
    "{name: Row, kind: market, deck: main, size: 999999999999999999999}",
], ids=["market-of-10^18", "in-play-of-10^18", "market-of-10^21"])
def test_zones__of_absurd_sizes_play_or_are_one_located_line(tmp_path, zone):
    """A market larger than its deck shows the deck (and shrinks); a limit beyond any hand never binds;
    a number past the loader's 18 digits is one located line."""
    run = simulate(game_with(tmp_path, f"zones:\n  - {zone}\n"), "--json")
    if "999999999999999999999" in zone:
        assert_one_line(run, re.compile(r".*game\.yaml:\d+:\d+: error: zones\[0\]\.size: the number is 21 digits long; "
                                        r"at most 18"), seconds=BOUND)
    else:
        assert_no_crash(run, seconds=BOUND)
        assert run.run.returncode == 0 and json.loads(run.run.stdout)["games"] == 5, run.run.describe()


def test_game_end__that_never_comes_ends_at_the_turn_cap_and_the_report_says_no_game_had_a_winner(tmp_path):
    folder = tiny_copy(tmp_path)
    edit(folder / "rules.yaml", "    at_end_of_turn: 10\n    most_attributes: true", "    when: {at_least: {Military: 9999}}")
    run = simulate(folder, "--json")
    assert_no_crash(run, seconds=BOUND)
    report = json.loads(run.run.stdout)
    assert report["no_winner"] == 5 and "no winner in 100.0% of games (5 of 5; " in report["missing"][-1], report["missing"]


HUGE = "9" * 100_000
@pytest.mark.parametrize("flags, line", [
    (("--players", HUGE), r"Error: Invalid value for '?--players'?: '9{60}\.\.\.': give a player count, or several .*"),
    (("--policy", "x" * 100_000), r"Error: Invalid value for '?--policy'?: unknown policy 'x{60}\.\.\.'; known: .*"),
    (("--without", "x" * 100_000), r"Error: Invalid value for '?--without'?: --without x{60}\.\.\.: tiny has no .*"),
    (("--scheduler-timeout", "nan"), r"Error: Invalid value for '?--scheduler-timeout'?: 'nan': give 0\.5 to 3600 seconds"),
    (("--scheduler-timeout", "1e999"), r"Error: Invalid value for '?--scheduler-timeout'?: '1e999': give 0\.5 to .*"),
    (("-o", "."), r"Error: Invalid value for '?-o'?: '\.' is a folder: give the PDF's file name, e\.g\. balance\.pdf"),
    (("-o", "README.md/balance.pdf"), r"Error: Invalid value for '?-o'?: '.*README\.md' is not a folder"),
    (("--ladder", "2", "--players", "1"), r"Error: Invalid value for '?--players'?: 1: Tiny Empire plays 2 players "
                                         r"\(its game\.yaml, players:\)"),  # a game of one: test_simulate_bounds
    (("--ladder", "10000000"), r"Error: Invalid value for '?--ladder'?: 10000000 is not in the range 0<=x<=1000000\."),
    (("--impact-games", "-1"), r"Error: Invalid value for '?--impact-games'?: -1 is not in the range 0<=x<=1000000\."),
], ids=["players", "policy", "without", "timeout-nan", "timeout-inf", "output-folder", "output-under-a-file",
        "players-undeclared", "ladder-huge", "impact-negative"])
def test_flags__absurd_values_are_one_short_usage_line_before_any_game(flags, line):
    run = kitgen_in_process("simulate", "tests/fixtures/tiny", "--partial", *flags)
    assert_one_line(run, re.compile(line), exit=2, seconds=BOUND)
    assert len(run.run.stderr) < 2000, "the message repeats the whole value"


@pytest.mark.skipif(os.name != "posix", reason="POSIX signals")
def test_simulate__ctrl_c_exits_130_saying_what_was_played_and_writes_nothing(tmp_path):
    """Two processes play: each leaves Ctrl-C to kitgen, which stops them and says how far it got."""
    pdf = tmp_path / "balance.pdf"
    process = start_kitgen("simulate", "galactic-civ", "--games", "100000", "--workers", "2", "-o", pdf)
    try:
        assert process.stderr is not None and "reading" in process.stderr.readline()
        time.sleep(1.5)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=BOUND)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 130 and "Traceback" not in stderr, (process.returncode, stderr)
    # on a loaded machine the game may still be read and checked 1.5 s after "reading"
    assert re.fullmatch(r"galactic-civ: error: interrupted (after [\d,]+ of 100,000 games|before any game was played); "
                        r"no report was written\n", stderr), stderr
    assert not pdf.exists()
