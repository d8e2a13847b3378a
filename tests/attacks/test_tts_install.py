"""Attacks on `kitgen export --format tts --install` and `--base-url`: a hostile game folder names
files with its ids, the Saved Objects folder may hold the user's own objects or links planted
there, and the base URL is written into every saved object that others load.

Each case: refused in one line before anything is written, or written only where it belongs."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.attacks.harness import TINY, assert_no_crash, assert_one_line, edit, kitgen, tiny_copy

SMALL = "200"  # px: the smallest sheets the CLI takes keep each case quick


@pytest.fixture
def saved_objects(tmp_path, monkeypatch) -> Path:
    """A home of our own with TTS's Saved Objects folder in it (the Linux place; the CLI runs here)."""
    home = tmp_path / "home"
    folder = home / ".local" / "share" / "Tabletop Simulator" / "Saves" / "Saved Objects"
    folder.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    return folder


def tts(game: Path | str, out: Path, *more: str):
    return kitgen("export", game, "--format", "tts", "--sheet-size", SMALL, "-o", out, *more)


def everything_under(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


@pytest.mark.parametrize("game_id", ["../../../escaped", "/tmp/escaped", "a/b", "..", "Tiny", "x" * 101,
                                     "con\\..\\..\\escaped"])
def test_tts__a_game_id_that_is_not_a_file_name_is_refused_at_its_line(game_id, tmp_path, saved_objects):
    game = tiny_copy(tmp_path)
    edit(game / "game.yaml", "id: tiny", f"id: {json.dumps(game_id)}")
    before = everything_under(tmp_path)
    run = tts(game, tmp_path / "out", "--install")
    assert_one_line(run, re.compile(r".*game\.yaml:3:5: error: id: '.*' is not a game id: lower-case letters, "
                                    r"digits and dashes, at most 100 \(it names the kit's files\), e.g. my-game"))
    assert everything_under(tmp_path) == before  # nothing written, here or in Saved Objects


def test_tts__a_deck_id_that_is_too_long_for_a_file_name_is_refused(tmp_path):
    game = tiny_copy(tmp_path)
    long_id = "d" * 120
    edit(game / "game.yaml", "decks: [main]", f"decks: [{long_id}]")
    run = kitgen("validate", game)
    assert_one_line(run, re.compile(r".*game\.yaml:\d+:\d+: error: decks\[0\]: 'd{100}' is not a "
                                                  r"deck id .*at most 100.*"))


def test_tts__install_writes_only_its_two_files_into_saved_objects(tmp_path, saved_objects):
    run = tts(TINY, tmp_path / "out", "--install")
    assert_no_crash(run)
    assert run.run.returncode == 0, run.run.describe()
    assert everything_under(saved_objects) == {"tiny-main.json", "tiny-main.png"}
    assert (saved_objects / "tiny-main.json").stat().st_mode & 0o777 != 0o600  # an ordinary file, not a temp's mode


def test_tts__install_again_replaces_its_own_copy_without_asking(tmp_path, saved_objects):
    out = tmp_path / "out"
    assert tts(TINY, out, "--install").run.returncode == 0
    again = tts(TINY, out, "--install")
    assert again.run.returncode == 0, again.run.describe()


def test_tts__install_does_not_overwrite_the_users_own_object_of_that_name(tmp_path, saved_objects):
    mine = saved_objects / "tiny-main.json"
    mine.write_text('{"SaveName": "my own deck"}', encoding="utf-8")
    out = tmp_path / "out"
    run = tts(TINY, out, "--install")
    assert_one_line(run, f"{mine}: error: is already there and is not the copy the last export installed (your own "
                         "object?); move it away, or add --force to replace it")
    assert mine.read_text(encoding="utf-8") == '{"SaveName": "my own deck"}'
    assert not out.exists()  # refused before any work
    forced = tts(TINY, out, "--install", "--force")
    assert forced.run.returncode == 0, forced.run.describe()
    assert json.loads(mine.read_text(encoding="utf-8"))["ObjectStates"]


def test_tts__install_does_not_overwrite_a_user_edited_copy(tmp_path, saved_objects):
    """The object kitgen installed, then changed in TTS (saved over): the user's work now."""
    out = tmp_path / "out"
    assert tts(TINY, out, "--install").run.returncode == 0
    installed = saved_objects / "tiny-main.json"
    installed.write_text(installed.read_text(encoding="utf-8").replace('"LuaScript": ""', '"LuaScript": "x()"'),
                         encoding="utf-8")
    run = tts(TINY, out, "--install")
    assert_one_line(run, re.compile(r".*tiny-main\.json: error: is already there and is not the copy .*"))
    assert '"LuaScript": "x()"' in installed.read_text(encoding="utf-8")


def test_tts__install_never_writes_through_a_link_planted_in_saved_objects(tmp_path, saved_objects):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    (saved_objects / "tiny-main.json").symlink_to(victim)
    out = tmp_path / "out"
    run = tts(TINY, out, "--install")
    assert_one_line(run, f"{saved_objects / 'tiny-main.json'}: error: is a link: kitgen does not write through it; "
                         "move it away, or add --force to replace it")
    assert victim.read_text(encoding="utf-8") == "keep me"
    forced = tts(TINY, out, "--install", "--force")  # replaces the link itself, never its target
    assert forced.run.returncode == 0, forced.run.describe()
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert not (saved_objects / "tiny-main.json").is_symlink()


def test_tts__install_refuses_a_folder_in_place_of_the_saved_object(tmp_path, saved_objects):
    (saved_objects / "tiny-main.png").mkdir()
    run = tts(TINY, tmp_path / "out", "--install", "--force")
    assert_one_line(run, f"{saved_objects / 'tiny-main.png'}: error: is there and is not a file; move it away")


def test_tts__install_without_a_saved_objects_folder_changes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "nohome"))
    out = tmp_path / "out"
    run = tts(TINY, out, "--install")
    assert_one_line(run, re.compile(r"--install: error: Tabletop Simulator's Saved Objects folder is not in any of "
                                    r"its usual places \(.*\); name it with --tts-dir DIR"))
    assert not out.exists() and not (tmp_path / "nohome").exists()


BAD_URLS = {
    "javascript:alert(1)": "is not a web address",
    "file:///etc/passwd": "is not a web address",
    "data:image/png;base64,AAAA": "is not a web address",
    "ftp://example.org/kit": "is not a web address",
    "https://": "is not a web address",
    "https://example.org:99999/kit": "is not a web address",
    'https://example.org/kit", "LuaScript": "x': "holds spaces, quotes or control characters",
    "https://example.org/kit\nLuaScript": "holds spaces, quotes or control characters",
    "https://example.org/my kit": "holds spaces, quotes or control characters",
    "https://example.org/kit\\..\\x": "holds spaces, quotes or control characters",
    "https://me:secret@example.org/kit": "carries a user name or password",
    "https://token@example.org/kit": "carries a user name or password",
    "https://example.org/kit?x=1": "has a query",
    "https://example.org/kit#top": "has a query",
}


@pytest.mark.parametrize("url", list(BAD_URLS))
def test_tts__a_base_url_that_is_not_a_plain_web_folder_is_refused(url, tmp_path):
    out = tmp_path / "out"
    run = tts(TINY, out, "--base-url", url)
    assert_one_line(run, re.compile(r"--base-url: error: '.*' " + re.escape(BAD_URLS[url]) + ".*"))
    assert not out.exists()


def test_tts__a_base_url_in_capitals_is_a_web_address_and_file_names_are_quoted(tmp_path):
    out = tmp_path / "out"
    run = tts(TINY, out, "--base-url", "HTTPS://Example.org/kits/")
    assert run.run.returncode == 0, run.run.describe()
    saved = json.loads((out / "tiny-main.json").read_text(encoding="utf-8"))
    deck = saved["ObjectStates"][0]["CustomDeck"]["1"]
    assert deck["FaceURL"] == "HTTPS://Example.org/kits/tiny-main-sheet-1.png"
    assert deck["BackURL"] == "HTTPS://Example.org/kits/tiny-main-back.png"


@pytest.mark.parametrize("flags", [("--base-url", "https://example.org/"), ("--install",),
                                   ("--format", "png", "--install")])
def test_tts__a_tts_flag_with_another_format_is_a_usage_error_not_ignored(flags, tmp_path):
    run = kitgen("export", TINY, "-o", tmp_path / "out", *flags)
    assert_one_line(run, re.compile(r"Error: (--base-url|--install) is for --format tts"), exit=2)


def test_tts__force_without_install_is_a_usage_error(tmp_path):
    run = tts(TINY, tmp_path / "out", "--force")
    assert_one_line(run, "Error: --force is for --install (or --tts-dir)", exit=2)


@pytest.mark.parametrize("card", ["id: " + "a" * 121, "name: " + "Very Long Name " * 9])
def test_export__a_card_id_too_long_for_a_file_name_is_refused_at_its_line(card, tmp_path):
    """export --format png named the image '<deck>-<card id>.png': a 250-character id failed as
    'File name too long; build into another folder (-o)', a hint that could not help."""
    game = tiny_copy(tmp_path)
    edit(game / "decks" / "main.yaml", "{name: Scout, type: Ship,",
         f"{{{card}, type: Ship," if card.startswith("name") else f"{{name: Scout, {card}, type: Ship,")
    run = kitgen("export", game, "--format", "png", "--dpi", "50", "-o", tmp_path / "png")
    assert_one_line(run, re.compile(r".*decks/main\.yaml:11:5: error: card '.*': its id( \(made from its name\))? is "
                                    r"\d+ characters; at most 120 \(ids name files\): give it a shorter id:"))
    assert not (tmp_path / "png").exists()


def test_tts__quotes_and_markup_in_card_names_stay_text_in_the_saved_object(tmp_path):
    game = tiny_copy(tmp_path)
    name = 'Scout", "LuaScript": "evil()'
    edit(game / "decks" / "main.yaml", "{name: Scout, type: Ship,", f"{{name: {json.dumps(name)}, id: scout, type: Ship,")
    out = tmp_path / "out"
    run = tts(game, out)
    assert run.run.returncode == 0, run.run.describe()
    saved = json.loads((out / "tiny-main.json").read_text(encoding="utf-8"))
    assert saved["LuaScript"] == ""
    assert [c["Nickname"] for c in saved["ObjectStates"][0]["ContainedObjects"]][0] == name


def test_tts__tts_dir_with_force_replaces_the_link_it_was_told_to(tmp_path):
    """--tts-dir implies --install, yet '--force is for --install' refused it, though the error on
    the link says to add --force (issue 34)."""
    folder = tmp_path / "Saved Objects"
    folder.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    (folder / "tiny-main.json").symlink_to(victim)
    out = tmp_path / "out"  # (without --force the link is refused: test_tts__install_never_writes_through_a_link...)
    forced = tts(TINY, out, "--tts-dir", folder, "--force")
    assert forced.run.returncode == 0, forced.run.describe()
    assert victim.read_text(encoding="utf-8") == "keep me" and not (folder / "tiny-main.json").is_symlink()
