"""kitgen tune's surface: its flags (a target it does not know, budgets past minutes, an output folder
that exists, is the game or lies inside it) and the game's `simulate: tune:` (a tunable naming
nothing, bounds that cannot hold). One line each, non-zero exit, no traceback, and nothing played or
written first; a folder with a pipe in it is copied without hanging."""
from __future__ import annotations

import os
import re
import shutil

import pytest

from kitgen.errors import KitgenError, Where, error
from tests.attacks.harness import REPO, TINY, assert_one_line, assert_refused, kitgen_in_process, tiny_copy

GALACTIC = REPO / "data" / "galactic-civ"
ONE = "simulate:\n  tune:\n    - {victory: Conquest Victory, number: by, min: 4, max: 6}\n"
USAGE = r"Error: Invalid value for {flag}: {message}"


def galactic(tmp_path, tunables: str = ONE):
    folder = tmp_path / "galactic-civ"
    shutil.copytree(GALACTIC, folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text[:text.index("simulate:\n")] + tunables, encoding="utf-8")
    return folder


def tune(*args):
    return kitgen_in_process("tune", *args)


@pytest.mark.parametrize("args, flag, message", [
    (("--target", "even-seat"), "--target", r"unknown target 'even-seat'; known: even-seats, even-factions, length=N"),
    (("--target", "length=soon"), "--target", r"'length=soon': length=N takes a number of turns from 1 to 10,000.*"),
    (("--target", "x" * 5000), "--target", r"unknown target 'x{60}'; known: .*"),
    (("--target", "even-seats", "--evaluations", "1000", "--games", "10000"), "--evaluations",
     r"1,000 evaluations of 10,000 games, the check of each of 16 tunables and 2 reports of 2,000 are up to "
     r"10,344,000 games; at most 500,000 \(minutes, not hours\)"),
    (("--target", "even-seats", "--evaluations", "10000000"), "'--evaluations'", r".*not in the range 1<=x<=1000\."),
    (("--target", "even-seats", "--policy", "mcts"), "--evaluations",
     r"60 evaluations of 200 games, the check of each of 16 tunables and 2 reports of 2,000 are up to [\d,]+ games "
     r"of mcts, each costing about 160 of greedy's; at most 500,000 of greedy \(minutes, not hours\)"),
    (("--target", "even-seats", "--players", "2,3"), "--players", r"'2,3': one player count, from 1 to 12"),
    (("--target", "even-seats", "--players", "²"), "--players", r"'²': one player count, from 1 to 12"),
    (("--target", "even-seats", "--players", "9" * 5000), "--players", r"'9{60}\.\.\.': one player count, from 1 to 12"),
    (("--target", "even-seats", "--players", "1"), "--target", r"one player has no seats to even out: give --players 2 or more"),
])
def test_tune__a_flag_it_cannot_take_is_one_usage_line(tmp_path, args, flag, message):
    run = tune(GALACTIC, *args, "-o", tmp_path / "out")
    assert_one_line(run, re.compile(USAGE.format(flag=re.escape(flag), message=message)), exit=2)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("where", ["exists", "the game", "inside the game", "through a link into the game",
                                   "in no folder", "a dangling link", "a link to a folder outside",
                                   "the game by ..", "a file"])
def test_tune__an_output_folder_it_must_not_write_is_refused_before_any_game(tmp_path, where):
    folder = galactic(tmp_path)
    (tmp_path / "taken").mkdir()
    (tmp_path / "link").symlink_to(folder)
    (tmp_path / "dangling").symlink_to(tmp_path / "gone")
    (tmp_path / "elsewhere").symlink_to(tmp_path / "taken")
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    out = {"exists": tmp_path / "taken", "the game": folder, "inside the game": folder / "decks" / "new",
           "through a link into the game": tmp_path / "link" / "new", "in no folder": tmp_path / "no" / "new",
           "a dangling link": tmp_path / "dangling", "a link to a folder outside": tmp_path / "elsewhere",
           "the game by ..": tmp_path / "taken" / ".." / "galactic-civ", "a file": tmp_path / "notes.txt"}[where]
    before = sorted(p.name for p in tmp_path.iterdir())
    run = tune(folder, "--target", "even-seats", "--players", "2", "-o", out)
    message = {"exists": r".* exists: kitgen tune writes a new folder.*",
               "a dangling link": r".* exists: kitgen tune writes a new folder.*",
               "a link to a folder outside": r".* exists: kitgen tune writes a new folder.*",
               "a file": r".* exists: kitgen tune writes a new folder.*",
               "in no folder": r".* is not a folder"}.get(where, r".* is the game's own folder or inside it: .*")
    assert_one_line(run, re.compile(USAGE.format(flag="-o", message=message)), exit=2, seconds=5)
    assert sorted(p.name for p in tmp_path.iterdir()) == before and not (folder / "decks" / "new").exists()
    assert not (tmp_path / "gone").exists() and list((tmp_path / "taken").iterdir()) == []


@pytest.mark.skipif(os.name != "posix", reason="a file name of bytes")
def test_tune__an_output_name_that_is_not_utf8_is_one_usage_line_before_any_game(tmp_path):
    """TUNED.md names the new folder: after the whole search, writing it was an internal error."""
    folder = galactic(tmp_path)
    out = os.fsdecode(os.fsencode(tmp_path) + b"/out\xff")
    run = tune(folder, "--target", "even-seats", "--players", "2", "-o", out)
    assert_one_line(run, re.compile(USAGE.format(flag="-o", message=r".*out\\udcff' is not UTF-8 text: TUNED\.md .*")),
                    exit=2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["galactic-civ"]


def test_tune__a_folder_it_cannot_write_in_is_one_line_and_leaves_nothing(tmp_path, monkeypatch):
    """A read-only parent (the tests run as root, whom permissions do not bind: the refusal is injected)."""
    def refused(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(tmp_path))
    folder = galactic(tmp_path)
    monkeypatch.setattr("os.mkdir", refused)
    run = tune(folder, "--target", "even-seats", "--players", "2", "-o", tmp_path / "out")
    assert_one_line(run, re.compile(rf"{re.escape(str(tmp_path))}: error: Permission denied; check its permissions .*"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["galactic-civ"]


@pytest.mark.parametrize("tunable, message", [
    ("{phase: Nowhere Phase, step: 1, number: count, min: 1, max: 2}", r"simulate.tune\[0\]: no phase 'Nowhere Phase'"),
    ("{copies: No Such Card, min: 1, max: 2}", r"simulate.tune\[0\]: no card 'No Such Card'"),
    ("{victory: Conquest Victory, number: by, min: 9, max: 2}", r"simulate.tune\[0\]: min 9 is above max 2"),
    ("{victory: Conquest Victory, number: by, min: -5000000, max: 5000000}",
     r"simulate.tune\[0\]: 10,000,001 values from min to max: at most 101"),
    ("{victory: Conquest Victory, number: by, min: 1, max: 2, colour: red}", r".*unknown key 'colour'.*"),
    ("{victory: Conquest Victory, number: by, min: .nan, max: 6}", r"simulate.tune\[0\].min: expected a whole number, got '.nan'"),
    ("{victory: Conquest Victory, number: by, min: 1, max: 1e308}", r"simulate.tune\[0\].max: expected a whole number, got '1e308'"),
    ("{victory: [Conquest Victory], number: by, min: 4, max: 6}", r"simulate.tune\[0\].victory: expected text \(a list found\)"),
    ("{victory: Conquest Victory, number: by, min: 4, max: 6}\n    - {victory: Conquest Victory, number: by, min: 3, max: 6}",
     r"simulate.tune\[1\]: names the same number as simulate.tune\[0\]"),
])
def test_tune__a_tunable_naming_nothing_or_badly_bounded_is_one_located_line(tmp_path, tunable, message):
    folder = galactic(tmp_path, f"simulate:\n  tune:\n    - {tunable}\n")
    run = tune(folder, "--target", "even-seats", "--players", "2", "-o", tmp_path / "out")
    assert_refused(run.run, folder / "game.yaml", message, line=True)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("game", ["galactic-civ without its tunables", "the tiny game"])
def test_tune__a_game_declaring_nothing_tunable_is_one_line(tmp_path, game):
    folder = galactic(tmp_path, "") if game.startswith("galactic") else TINY
    run = tune(folder, "--target", "even-seats", "--players", "2", "-o", tmp_path / "out")
    assert_one_line(run, re.compile(r".*: error: the game declares nothing tunable: .*"))
    assert not (tmp_path / "out").exists()


def test_tune__even_factions_in_a_game_without_factions_is_one_usage_line(tmp_path):
    folder = galactic(tmp_path)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    start, end = text.index("factions_title:"), text.index("tracks:")
    (folder / "game.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    run = tune(folder, "--target", "even-factions", "--players", "2", "-o", tmp_path / "out")
    assert_one_line(run, re.compile(USAGE.format(flag="--target", message="Galactic Civ has no factions to even out")),
                    exit=2)


def test_tune__a_pipe_in_the_game_folder_is_left_out_not_read(tmp_path):
    folder = galactic(tmp_path)
    os.mkfifo(folder / "pipe")
    run = tune(folder, "--target", "length=11", "--players", "2", "--evaluations", "1", "--games", "10",
               "--report-games", "20", "--workers", "1", "-o", tmp_path / "out")
    assert run.run.returncode == 0, run.run.describe()
    assert not (tmp_path / "out" / "pipe").exists() and (tmp_path / "out" / "TUNED.md").is_file()


def _fake_run(behaviour):
    """kitgen tune's search and reports replaced by `behaviour(stage, new_id)` (no game played): what
    the CLI does around them (the copy, the new folder, TUNED.md) is what these attacks are about."""
    def run(folder, loaded, stage, new_id, *rest):
        behaviour(stage, new_id)
        return {}
    return run


@pytest.fixture
def no_games(monkeypatch):
    monkeypatch.setattr("kitgen.cli.tune.notes", lambda report, out: "# tuned\n")
    return lambda behaviour: monkeypatch.setattr("kitgen.simulate.experiments.tune.tune", _fake_run(behaviour))


def test_tune__links_in_the_game_folder_are_replaced_in_the_copy_never_written_through(tmp_path, no_games):
    from kitgen.simulate.experiments.tune import renamed

    folder = galactic(tmp_path)
    (folder / "src").mkdir()
    os.rename(folder / "game.yaml", folder / "src" / "game.yaml")
    (folder / "game.yaml").symlink_to(folder / "src" / "game.yaml")  # inside the game: read as its game.yaml
    victim = tmp_path / "victim.md"
    victim.write_text("the user's own notes\n", encoding="utf-8")
    (folder / "TUNED.md").symlink_to(victim)  # a link out, copied as a link
    original = (folder / "src" / "game.yaml").read_bytes()
    no_games(renamed)  # the proposal's game.yaml gets its own id, as a real run's does
    run = tune(folder, "--target", "even-seats", "--players", "2", "-o", tmp_path / "out").run
    assert run.returncode == 0, run.describe()
    assert victim.read_text(encoding="utf-8") == "the user's own notes\n", "TUNED.md was written outside the folder"
    assert (folder / "src" / "game.yaml").read_bytes() == original, "the original game was edited"
    out = tmp_path / "out"
    assert not (out / "TUNED.md").is_symlink() and (out / "TUNED.md").read_text(encoding="utf-8") == "# tuned\n"
    assert not (out / "game.yaml").is_symlink() and "\nid: out\n" in (out / "game.yaml").read_text(encoding="utf-8")


def test_tune__a_folder_named_as_its_copy_would_be_is_never_removed(tmp_path, no_games):
    folder = galactic(tmp_path)
    planted = tmp_path / f".out.kitgen-tune-{os.getpid()}"  # the name the copy under way once had
    planted.mkdir()
    (planted / "mine.txt").write_text("keep", encoding="utf-8")
    no_games(lambda stage, new_id: (_ for _ in ()).throw(KitgenError(error(Where("x"), "the search failed"))))
    run = tune(folder, "--target", "even-seats", "--players", "2", "-o", tmp_path / "out")
    assert_one_line(run, "x: error: the search failed")
    assert (planted / "mine.txt").read_text(encoding="utf-8") == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([".out.kitgen-tune-" + str(os.getpid()),
                                                                "galactic-civ"])


def test_tune__ctrl_c_says_so_in_one_line_exits_130_and_leaves_no_copy(tmp_path, no_games):
    folder = galactic(tmp_path)

    def interrupted(stage, new_id):
        (stage / "half.yaml").write_text("id: half", encoding="utf-8")
        raise KeyboardInterrupt
    no_games(interrupted)
    run = tune(folder, "--target", "even-seats", "--players", "2", "-o", tmp_path / "out")
    assert_one_line(run, re.compile(r".*galactic-civ: error: interrupted; no proposal was written"),
                    exit=130)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["galactic-civ"]


def test_tune__a_game_whose_deciding_rules_are_not_simulated_is_refused_without_a_flag_it_lacks(tmp_path):
    """simulate's refusal ends '(--partial prints them anyway)': tune has no --partial."""
    folder = tiny_copy(tmp_path)
    with open(folder / "game.yaml", "a", encoding="utf-8") as file:
        file.write('simulate:\n  tune:\n    - {turn_order: rotate, min: 0, max: 1, text: "The first player passes left."}\n')
    run = tune(folder, "--target", "even-seats", "--players", "2", "-o", tmp_path / "out")
    assert_one_line(run, re.compile(r".*game: error: no win rates: skipped: phase 'Draw Phase', .* \(kitgen tune "
                                    r"searches only a game whose rules that decide it are all simulated\)"))
    assert not (tmp_path / "out").exists()


def test_tune__its_scheduler_says_what_trusting_it_means_in_help_and_at_run_time(tmp_path, no_games):
    """As kitgen simulate's (issue 34): tune's help said only 'as kitgen simulate', and nothing at run time."""
    pytest.importorskip("distributed")
    text = " ".join(tune("--help").run.stdout.split())
    assert "run kitgen's code with this game's data and send the results back" in text, text
    no_games(lambda stage, new_id: None)
    run = tune(galactic(tmp_path), "--target", "even-seats", "--players", "2", "-o", tmp_path / "out",
               "--scheduler", "tcp://127.0.0.1:8786").run
    assert run.returncode == 0, run.describe()
    assert "kitgen: playing on the Dask cluster at tcp://127.0.0.1:8786: it and its workers run kitgen's code with " \
           "this game's data and send the results back" in run.stderr, run.describe()
