"""Attacks on `kitgen simulate --replay REPORT.json` (cli/replay.py) and on the git checkout the
provenance reads (simulate/report/code.py): a report is untrusted input (wrong types, huge numbers,
deep nesting, a path for the game, another game's or other code's report, a named pipe), and so is
the .git folder (a ref that climbs out, a named pipe for HEAD, a huge file). Each ends in one line
and a non-zero exit, or no commit; none hangs or reads outside what it should."""
from __future__ import annotations

import copy
import json
import os
import re
from pathlib import Path

import pytest

from kitgen.simulate.report.code import git_commit
from kitgen.simulate.report.summary import command_line
from tests.attacks.harness import assert_no_crash, assert_one_line, edit, kitgen_in_process, tiny_copy

RUN = ("--games", "12", "--players", "2", "--workers", "1", "--partial")  # the tiny game skips rules: --partial
COMMIT = "0123456789abcdef0123456789abcdef01234567"


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[Path, str]:
    """A tiny game's folder and its report as kitgen simulate --json printed it."""
    folder = tiny_copy(tmp_path_factory.mktemp("replay"))
    run = kitgen_in_process("simulate", folder, *RUN, "--json").run
    assert run.returncode == 0, run.describe()
    return folder, run.stdout


def replay(tmp_path: Path, folder: Path | None, report, *more: str):
    path = tmp_path / "report.json"
    path.write_bytes(report if isinstance(report, bytes) else
                     (report if isinstance(report, str) else json.dumps(report)).encode("utf-8"))
    return kitgen_in_process("simulate", *([folder] if folder else []), "--replay", path, "--json", *more)


def test_replay__makes_the_report_again_byte_for_byte(made, tmp_path):
    folder, text = made
    run = replay(tmp_path, folder, text).run
    assert run.returncode == 0 and run.stdout == text, run.describe()
    source = json.loads(text)["provenance"]
    assert source["options"]["--games"] == 12 and source["options"]["--partial"] is True
    command = command_line(source["game"], source["options"])  # the command the text and the PDF print
    assert "--games 12 --players 2 " in command and "--mcts-iterations 16" in command


def edited(text: str, *path_and_value) -> dict:
    report = copy.deepcopy(json.loads(text))
    *keys, value = path_and_value
    target = report
    for key in keys[:-1]:
        target = target[key]
    target[keys[-1]] = value
    return report


@pytest.mark.parametrize("keys, value, line", [
    (("provenance", "options", "--games"), "12", r'.*report\.json: error: options: --games: "12" is not a value of --games'),
    (("provenance", "options", "--games"), True, r".*report\.json: error: options: --games: true is not a value of --games"),
    (("provenance", "options", "--games"), 10**12, r".*report\.json: error: options: --games: 1000000000000 is not in the range .*"),
    (("provenance", "options", "--policy"), "x" * 100_000, r'.*report\.json: error: options: --policy: "x{59}\.\.\. is not a value of --policy'),
    (("provenance", "options", "--without"), ["a"] * 1000, r".*report\.json: error: options: --without: list is not a value of --without"),
    (("provenance", "options"), {}, r".*report\.json: error: options: no --games: the report is of another version of kitgen simulate"),
    (("provenance", "code", "code_sha256"), "0" * 64, r".*report\.json: error: made by other code \(kitgen 0\.1\.0.*code sha256 000000000000.*\); "
                                                       r"this is kitgen .*: replay it with the code that made it"),
    (("provenance",), [], r".*report\.json: error: no provenance with its code and options: .*"),
    (("provenance", "options", "--players"), "2," * 400, r".*report\.json: error: options: --players: '2,2,2.*\.\.\.': give a .*"),
    (("provenance", "options", "--players"), "99", r".*report\.json: error: options: --players: '99': each count from 1 to 12"),
    (("provenance", "options", "--policy"), "greedy,random,random", r".*report\.json: error: options: --policy: give one .*"),
])
def test_replay__a_report_of_wrong_types_sizes_or_code_is_refused_in_one_line(made, tmp_path, keys, value, line):
    folder, text = made
    assert_one_line(replay(tmp_path, folder, edited(text, *keys, value)), re.compile(line))


@pytest.mark.parametrize("text, line", [
    ("{", r".*report\.json:1:2: error: not JSON: .*"),
    ("[" * 100_000 + "]" * 100_000, r".*report\.json: error: not a report: .*"),  # deeper than Python's recursion
    ('{"provenance": ' + "9" * 10_000 + "}", r".*report\.json: error: not a report: .*"),  # past int's digit limit
    (b"\xff\xfe", r".*report\.json: error: not a report: .*"),
])
def test_replay__a_file_that_is_no_report_is_refused_in_one_line(made, tmp_path, text, line):
    assert_one_line(replay(tmp_path, made[0], text), re.compile(line))


def test_replay__a_game_named_by_a_path_or_another_games_data_is_refused(made, tmp_path):
    folder, text = made
    assert_one_line(replay(tmp_path, None, edited(text, "provenance", "game", "../../etc")),
                    re.compile(r".*report\.json: error: the report's game \"\.\./\.\./etc\" is not a game's name: .*"))
    other = replay(tmp_path, Path("galactic-civ"), text)  # shipped, another game: its data is not the report's
    assert_one_line(other, re.compile(r".*report\.json: error: made from other game data \(sha256 [0-9a-f]{16}; "
                                      r"this game's is [0-9a-f]{16}\): replay it with the data it ran on"))
    changed = tiny_copy(tmp_path, "changed")
    edit(changed / "game.yaml", "Tiny Empire", "Tiny Empire II")
    assert_one_line(replay(tmp_path, changed, text), re.compile(r".*made from other game data .*"))


def test_replay__with_an_option_that_changes_the_result_is_a_usage_error(made, tmp_path):
    run = replay(tmp_path, made[0], made[1], "--seed", "3")
    assert_one_line(run, re.compile(r"Error: Invalid value for '?--seed'?: --replay runs the report's own options: .*"),
                    exit=2)


def test_replay__a_named_pipe_or_a_huge_report_never_hangs(made, tmp_path, monkeypatch):
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    assert_one_line(kitgen_in_process("simulate", made[0], "--replay", pipe),
                    re.compile(r".*pipe\.json: error: not a file: .*"), seconds=10)
    import kitgen.cli.replay

    monkeypatch.setattr(kitgen.cli.replay, "MOST_BYTES", 100)
    assert_one_line(replay(tmp_path, made[0], made[1]), re.compile(r".*report\.json: error: [\d,]+ bytes: a report is at most 100 .*"))


@pytest.mark.parametrize("ladder", ["a rung", [1, "x", None], {"rung": 1}])
def test_replay__a_skill_ladder_of_wrong_types_is_compared_never_a_crash(made, tmp_path, ladder):
    run = replay(tmp_path, made[0], edited(made[1], "skill_ladder", ladder))
    assert_one_line(run, re.compile(r'.*report\.json: error: the replay differs from the report, first at "skill_ladder"'))


def test_replay__a_report_that_differs_when_made_again_fails(made, tmp_path):
    """A report edited by hand (a win rate bumped) is not what its options make: exit 1, one line."""
    folder, text = made
    run = replay(tmp_path, folder, edited(text, "no_winner", 999)).run
    assert_no_crash(run)
    assert run.returncode == 1 and run.stderr.strip().splitlines()[-1].endswith(
        'error: the replay differs from the report, first at "no_winner"'), run.describe()


def git_folder(root: Path, head: str, **files: str) -> Path:
    git = root / ".git"
    git.mkdir(parents=True)
    (git / "HEAD").write_text(head + "\n", encoding="ascii")
    for name, text in files.items():
        (git / name).parent.mkdir(parents=True, exist_ok=True)
        (git / name).write_text(text, encoding="ascii")
    return git


def test_git_commit__read_from_a_branch_a_packed_ref_a_detached_head_and_a_worktree(tmp_path):
    assert git_commit(git_folder(tmp_path / "a", "ref: refs/heads/main", **{"refs/heads/main": COMMIT + "\n"}).parent) == COMMIT
    packed = f"# pack-refs with: peeled\n{'f' * 40} refs/heads/other\n{COMMIT} refs/heads/main\n"
    assert git_commit(git_folder(tmp_path / "b", "ref: refs/heads/main", **{"packed-refs": packed}).parent) == COMMIT
    assert git_commit(git_folder(tmp_path / "c", COMMIT).parent) == COMMIT
    main = git_folder(tmp_path / "d", "ref: refs/heads/main", **{"refs/heads/wt": COMMIT + "\n"})
    linked = main / "worktrees" / "wt"
    linked.mkdir(parents=True)
    (linked / "HEAD").write_text("ref: refs/heads/wt\n", encoding="ascii")
    (linked / "commondir").write_text("../..\n", encoding="ascii")
    (tmp_path / "e").mkdir()
    (tmp_path / "e" / ".git").write_text(f"gitdir: {linked}\n", encoding="ascii")
    assert git_commit(tmp_path / "e") == COMMIT


def test_git_commit__a_hostile_checkout_gives_no_commit_and_never_hangs(tmp_path):
    outside = tmp_path / "secret"
    outside.write_text(COMMIT, encoding="ascii")  # a "ref" that climbs out of .git must never be read
    assert git_commit(git_folder(tmp_path / "a", "ref: refs/../../../secret").parent) is None
    assert git_commit(git_folder(tmp_path / "b", "ref: /etc/passwd").parent) is None
    assert git_commit(git_folder(tmp_path / "c", "ref: refs/heads/main", **{"refs/heads/main": "not a commit"}).parent) is None
    assert git_commit(git_folder(tmp_path / "d", COMMIT + "\n" * 5000).parent) is None  # more than a line
    fifo = git_folder(tmp_path / "e", "ref: refs/heads/main")
    os.mkfifo(fifo / "refs-heads-main")
    (fifo / "refs" / "heads").mkdir(parents=True)
    os.replace(fifo / "refs-heads-main", fifo / "refs" / "heads" / "main")  # a named pipe for the branch: no wait
    assert git_commit(fifo.parent) is None
    linked = git_folder(tmp_path / "f", "ref: refs/heads/main")
    (linked / "refs" / "heads").mkdir(parents=True)
    (linked / "refs" / "heads" / "main").symlink_to(outside)  # a link is not followed
    assert git_commit(linked.parent) is None
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / ".git").write_text("gitdir: " + "x" * 10_000, encoding="ascii")
    assert git_commit(tmp_path / "g") is None


def test_data_hash__a_link_is_hashed_as_where_it_leads_never_read_through(tmp_path):
    """The report's data_sha256 (what --replay compares) read a .json linked from outside the game."""
    from kitgen.cli.flags import data_hash

    game = tiny_copy(tmp_path)
    secret = tmp_path / "secret.json"
    secret.write_text('{"password": 1}', encoding="utf-8")
    (game / "notes.json").symlink_to(secret)
    os.mkfifo(game / "pipe.yaml")  # never opened: it would block
    before = data_hash(game)
    secret.write_text('{"password": 2}', encoding="utf-8")
    assert data_hash(game) == before, "a file outside the game folder was read"
    (game / "notes.json").unlink()
    (game / "notes.json").symlink_to(tmp_path / "elsewhere.json")
    assert data_hash(game) != before, "where a link leads is part of the data"
