"""Attacks on `kitgen art GAME` and `kitgen art GAME --suggest`: the one file --suggest writes
(art/icon-suggestions.yaml) must land inside the game folder, never through a link, never over
the designer's own file; the listing must say what the build will do with art paths and links
that lead out of the game (it said "yes" for ../secret.txt and /etc/passwd)."""
from __future__ import annotations

import re

import pytest

from tests.attacks.harness import assert_one_line, edit, kitgen, tiny_copy

PROPOSALS = "art/icon-suggestions.yaml"


def suggest(game):
    return kitgen("art", game, "--suggest")


def test_suggest__writes_its_file_and_replaces_its_own_next_time(tmp_path):
    game = tiny_copy(tmp_path)
    first = suggest(game)
    assert first.run.returncode == 0, first.run.describe()
    written = (game / PROPOSALS).read_text(encoding="utf-8")
    assert written.startswith("# Icon proposals for Tiny Empire")
    again = suggest(game)
    assert again.run.returncode == 0, again.run.describe()
    assert not [p.name for p in (game / "art").iterdir() if p.name.startswith(".")]  # no temporary left


def test_suggest__never_overwrites_the_designer_s_own_file_of_that_name(tmp_path):
    game = tiny_copy(tmp_path)
    (game / "art").mkdir()
    (game / PROPOSALS).write_text("my own notes: Scout -> rocket\n", encoding="utf-8")
    run = suggest(game)
    assert_one_line(run, re.compile(r".*art/icon-suggestions\.yaml: error: is there and was not written by kitgen "
                                    r"\(it has no '# Icon proposals' first line\); move it away and ask again"))
    assert (game / PROPOSALS).read_text(encoding="utf-8") == "my own notes: Scout -> rocket\n"


def test_suggest__never_writes_through_a_link_in_the_art_folder(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    game = tiny_copy(tmp_path)
    (game / "art").mkdir()
    (game / PROPOSALS).symlink_to(victim)
    run = suggest(game)
    assert_one_line(run, re.compile(r".*art/icon-suggestions\.yaml: error: is a link; kitgen does not write "
                                    r"through it: move it away and ask again"))
    assert victim.read_text(encoding="utf-8") == "keep me"


def test_suggest__never_writes_into_an_art_folder_that_links_out_of_the_game(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    game = tiny_copy(tmp_path)
    (game / "art").symlink_to(elsewhere)
    run = suggest(game)
    assert_one_line(run, re.compile(r".*art/icon-suggestions\.yaml: error: its folder leads outside the game folder "
                                    r"\(to .*elsewhere\); kitgen writes its proposals only inside the game folder"))
    assert list(elsewhere.iterdir()) == []


def test_suggest__an_art_file_in_place_of_the_folder_is_one_line(tmp_path):
    game = tiny_copy(tmp_path)
    (game / "art").write_text("not a folder", encoding="utf-8")
    run = suggest(game)
    assert_one_line(run, re.compile(r".*/art: error: is a file, not the game's art folder"))
    assert (game / "art").read_text(encoding="utf-8") == "not a folder"


def test_suggest__a_folder_in_place_of_the_file_is_one_line(tmp_path):
    game = tiny_copy(tmp_path)
    (game / PROPOSALS).mkdir(parents=True)
    run = suggest(game)
    assert_one_line(run, re.compile(r".*art/icon-suggestions\.yaml: error: is there and is not a file; move it away "
                                    r"and ask again"))


def test_suggest__a_deck_file_linked_out_of_the_game_is_refused_before_anything_is_written(tmp_path):
    game = tiny_copy(tmp_path)
    outside = tmp_path / "outside.yaml"
    (game / "decks" / "main.yaml").rename(outside)
    (game / "decks" / "main.yaml").symlink_to(outside)
    run = suggest(game)
    assert_one_line(run, re.compile(r".*decks/main\.yaml: error: links outside the game folder .*"))
    assert not (game / "art").exists()


@pytest.mark.parametrize("art, message", [
    ("../secret.png", r"card 'Scout': art '\.\./secret\.png' is outside the game folder .*"),
    ("/etc/hostname", r"card 'Scout': art '/etc/hostname' must be a file inside the game folder"),
    ("https://example.org/x.png", r"card 'Scout': art 'https://example\.org/x\.png' must be a file inside the game "
                                  r"folder"),
])
def test_art_listing__an_art_path_out_of_the_game_is_no_art_and_an_error(art, message, tmp_path):
    (tmp_path / "secret.png").write_bytes(b"\x89PNG")
    game = tiny_copy(tmp_path)
    edit(game / "decks" / "main.yaml", "{name: Scout, type: Ship,", f"{{name: Scout, type: Ship, art: '{art}',")
    run = kitgen("art", game)
    assert_one_line(run, re.compile(r".*decks/main\.yaml:\d+:\d+: error: " + message))
    row = next(line for line in run.run.stdout.splitlines() if line.startswith("main      Scout"))
    assert row.split()[2] == "no", run.run.stdout
    assert "0 of 4 cards have art." in run.run.stdout


def test_art_listing__an_art_file_by_id_that_links_out_is_no_art_and_an_error(tmp_path):
    (tmp_path / "secret.txt").write_text("password", encoding="utf-8")
    game = tiny_copy(tmp_path)
    (game / "art").mkdir()
    (game / "art" / "market.png").symlink_to(tmp_path / "secret.txt")
    run = kitgen("art", game)
    assert_one_line(run, re.compile(r".*decks/main\.yaml:\d+:\d+: error: art .*art/market\.png: links outside the game folder .*"))
    assert "0 of 4 cards have art." in run.run.stdout


def test_suggest__a_synonym_table_linked_out_of_the_game_is_refused_not_read(tmp_path):
    """templates/icons/synonyms.yaml -> a file outside the game folder: read and used (issue 34)."""
    outside = tmp_path / "outside.yaml"
    outside.write_text("scout: [skull]\n", encoding="utf-8")
    game = tiny_copy(tmp_path)
    (game / "templates" / "icons").mkdir(parents=True)
    (game / "templates" / "icons" / "synonyms.yaml").symlink_to(outside)
    run = suggest(game)
    assert_one_line(run, re.compile(r".*templates/icons/synonyms\.yaml: error: links outside the game folder "
                                    rf"\(to {re.escape(str(outside))}\); kitgen reads only files inside the game folder"))
    assert not (game / PROPOSALS).exists()
