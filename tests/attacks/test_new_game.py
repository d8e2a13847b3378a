"""Attacks on `kitgen new NAME` and `kitgen new NAME --from SRC`: a NAME that is a path, and a
source folder (a forum download) holding links out of it, named pipes, devices, huge files, or
the destination itself. Each case: one located line, and nothing left behind; the copy itself
holds only the source's own regular files."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.attacks.harness import REPO, TINY, assert_no_crash, assert_one_line, kitgen, kitgen_in_process, tiny_copy


def listing(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def new(*args: str | Path):
    return kitgen("new", *args)


@pytest.mark.parametrize("name", ["../escaped", "/tmp/escaped", "a/b", "..", "My-Game", "con", "NUL", "lpt1",
                                  "x" * 101, "a.b", ""])
def test_new__a_name_that_is_not_a_plain_game_name_is_refused(name, tmp_path):
    before = listing(tmp_path)
    run = new(name, "--in", tmp_path)
    assert_one_line(run, re.compile(r".*: error: a game name is lower-case letters, digits and dashes, at most 100, "
                                    r"and not a name Windows reserves \(con, nul \.\.\.\), e\.g\. my-game"))
    assert listing(tmp_path) == before


def test_new__an_existing_folder_is_never_written_into(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep", encoding="utf-8")
    run = new("mine", "--in", tmp_path, "--from", TINY)
    assert_one_line(run, f"{tmp_path / 'mine'}: error: already exists; choose another name")
    assert listing(tmp_path / "mine") == {"notes.txt"}


def test_new__a_dangling_link_in_the_name_s_place_is_not_followed(tmp_path):
    (tmp_path / "mine").symlink_to(tmp_path / "elsewhere")
    run = new("mine", "--in", tmp_path)
    assert_one_line(run, f"{tmp_path / 'mine'}: error: already exists; choose another name")
    assert not (tmp_path / "elsewhere").exists()


def test_new__a_link_to_a_file_outside_the_source_is_refused_not_copied(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("password", encoding="utf-8")
    source = tiny_copy(tmp_path, "source")
    (source / "notes.txt").symlink_to(secret)
    run = new("copy", "--in", tmp_path / "out", "--from", source)
    assert_one_line(run, re.compile(r".*source/notes\.txt: error: links outside the game folder .*"))
    assert not (tmp_path / "out").exists() or listing(tmp_path / "out") == set()  # nothing left behind


def test_new__a_link_to_a_folder_outside_the_source_is_refused(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "private.txt").write_text("x", encoding="utf-8")
    source = tiny_copy(tmp_path, "source")
    (source / "art").symlink_to(outside)
    run = new("copy", "--in", tmp_path / "out", "--from", source)
    assert_one_line(run, re.compile(r".*source/art: error: links outside the game folder .*"))
    assert not list((tmp_path / "out").glob("*copy*")) if (tmp_path / "out").exists() else True


def test_new__a_link_to_the_source_s_parent_does_not_recurse(tmp_path):
    """shutil.copytree followed it and copied the parent into itself until RecursionError (exit 70)."""
    source = tiny_copy(tmp_path, "source")
    (source / "up").symlink_to("..")
    run = new("copy", "--in", tmp_path / "out", "--from", source)
    assert_one_line(run, re.compile(r".*source/up: error: links outside the game folder .*"), seconds=20)


def test_new__a_link_to_a_folder_inside_the_source_is_not_copied_twice(tmp_path):
    source = tiny_copy(tmp_path, "source")
    (source / "more-decks").symlink_to("decks")
    run = new("copy", "--in", tmp_path / "out", "--from", source)
    assert_one_line(run, re.compile(r".*source/more-decks: error: not a regular file"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_new__a_named_pipe_in_the_source_is_refused_without_blocking(tmp_path):
    source = tiny_copy(tmp_path, "source")
    os.mkfifo(source / "pipe")
    run = new("copy", "--in", tmp_path / "out", "--from", source)
    assert_one_line(run, re.compile(r".*source/pipe: error: not a regular file"), seconds=15)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_new__a_link_to_an_endless_device_is_refused_not_copied_until_the_disk_is_full(tmp_path):
    source = tiny_copy(tmp_path, "source")
    (source / "zero.png").symlink_to("/dev/zero")
    run = new("copy", "--in", tmp_path / "out", "--from", source)
    assert_one_line(run, re.compile(r".*source/zero\.png: error: links outside the game folder .*"), seconds=15)


def test_new__a_huge_file_in_the_source_is_refused_and_nothing_is_left(tmp_path):
    source = tiny_copy(tmp_path, "source")
    with open(source / "huge.png", "wb") as file:
        file.truncate(65 << 20)  # sparse: one byte over the 64 MiB limit costs no disk
    out = tmp_path / "out"
    run = new("copy", "--in", out, "--from", source)
    assert_one_line(run, re.compile(r".*source/huge\.png: error: file is 68,157,440 bytes; the limit is 67,108,864"))
    assert listing(out) == set() if out.exists() else True


@pytest.mark.parametrize("inside", [".", "decks", "decks/deeper"])
def test_new__a_copy_into_the_source_itself_is_refused(inside, tmp_path):
    source = tiny_copy(tmp_path, "source")
    before = listing(source)
    run = new("copy", "--in", source / inside, "--from", source)
    assert_one_line(run, re.compile(r".*copy: error: is inside .*source: a game cannot be copied into itself; "
                                    r"choose another folder \(--in\)"))
    assert listing(source) == before


def test_new__the_copy_holds_the_source_s_files_and_takes_its_new_id(tmp_path):
    source = tiny_copy(tmp_path, "source")
    run = new("copy", "--in", tmp_path / "out", "--from", source)
    assert_no_crash(run)
    assert run.run.returncode == 0, run.run.describe()
    copy = tmp_path / "out" / "copy"
    schemas = {"schema", "schema/game.schema.json", "schema/deck.schema.json"}  # the editor's schemas travel with it
    assert listing(copy) == listing(source) | {"art", "templates"} | schemas
    assert "id: copy" in (copy / "game.yaml").read_text(encoding="utf-8")
    assert not [p for p in (tmp_path / "out").iterdir() if p.name.startswith(".")]  # no scratch folder left
    assert kitgen("validate", copy).run.returncode == 0


def test_new__a_shipped_game_copies_out(tmp_path):
    run = new("mine", "--in", tmp_path, "--from", "galactic-civ")
    assert run.run.returncode == 0, run.run.describe()
    assert (tmp_path / "mine" / "decks" / "common.yaml").is_file()
    assert not list((tmp_path / "mine").rglob("__init__.py"))


def test_new__the_repository_checkout_is_not_a_game_to_copy(tmp_path):
    """`--from .` in kitgen's own checkout: no game.yaml, so nothing is copied."""
    run = kitgen("new", "copy", "--in", tmp_path, "--from", REPO)
    assert_one_line(run, re.compile(r".*game\.yaml: error: no game\.yaml: is this a game folder\?"))
    assert listing(tmp_path) == set()


# --- `--starter KIND`: a kind is a name in kitgen's list, never a path --------------------------
# In this process (the same click group): a subprocess a case only repeats what the ones above prove.

def starter(*args: str | Path):
    return kitgen_in_process("new", *args)


@pytest.mark.parametrize("kind", ["..", "../civ", "civ/../tcg", "/etc", "starters", "CIV", "", "x" * 5000])
def test_new__a_starter_kind_not_in_the_list_is_one_usage_line_and_nothing_is_made(kind, tmp_path):
    run = starter("my-game", "--in", tmp_path, "--starter", kind)
    assert_one_line(run, re.compile(r"Error: --starter: unknown kind '.{0,100}'; the kinds are civ, classic, tcg"
                                    r"( \(did you mean '(civ|classic|tcg)'\?\))?"), exit=2)
    assert listing(tmp_path) == set()


def test_new__a_mistyped_starter_gets_a_did_you_mean(tmp_path):
    run = starter("my-game", "--in", tmp_path, "--starter", "tgc")
    assert_one_line(run, "Error: --starter: unknown kind 'tgc'; the kinds are civ, classic, tcg (did you mean 'tcg'?)",
                    exit=2)


def test_new__control_characters_in_a_starter_kind_are_shown_escaped(tmp_path):
    run = starter("my-game", "--in", tmp_path, "--starter", "tcg\x1b[2J\u202e")
    assert_one_line(run, "Error: --starter: unknown kind 'tcg\\x1b[2J\\u202e'; the kinds are civ, classic, tcg", exit=2)


def test_new__a_starter_never_writes_into_an_existing_folder(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "game.yaml").write_text("keep", encoding="utf-8")
    run = starter("mine", "--in", tmp_path, "--starter", "tcg")
    assert_one_line(run, f"{tmp_path / 'mine'}: error: already exists; choose another name")
    assert listing(tmp_path / "mine") == {"game.yaml"} and (tmp_path / "mine" / "game.yaml").read_text() == "keep"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine"]  # no scratch folder left beside it


@pytest.mark.parametrize("name", ["../escaped", "..", "a/../b"])
def test_new__a_starter_s_game_name_that_is_a_path_is_refused(name, tmp_path):
    run = starter(name, "--in", tmp_path / "in", "--starter", "tcg")
    assert_one_line(run, re.compile(r".*: error: a game name is lower-case letters, digits and dashes, .*"))
    assert not (tmp_path / "escaped").exists() and listing(tmp_path) <= {"in"}


def test_new__from_and_starter_together_is_a_usage_line(tmp_path):
    run = starter("mine", "--in", tmp_path, "--starter", "tcg", "--from", TINY)
    assert_one_line(run, "Error: --from and --starter: give one (a copy of a game, or a starter)", exit=2)
    assert listing(tmp_path) == set()
