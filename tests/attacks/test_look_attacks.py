"""A game's look is data: its name is never a path, its fonts are kitgen's own files, its files
stay inside the game folder. Each refusal is one located line; nothing outside is read."""
from __future__ import annotations

import os

from tests.attacks.harness import assert_refused, edit, timed, tiny_copy


def test_look_name_that_is_a_path__refused_at_its_line(tmp_path):
    game = tiny_copy(tmp_path)
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "look: ../../../etc\n")
    assert_refused(timed("validate", game), game / "game.yaml", r"look: '\.\./\.\./\.\./etc' is not a look's name")


def test_look_font_that_is_a_path__refused_at_the_look(tmp_path):
    game = tiny_copy(tmp_path)
    look = game / "templates" / "looks" / "evil"
    look.mkdir(parents=True)
    (look / "look.yaml").write_text("name: Evil\nfonts: {title: ../../../../etc/passwd}\n")
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "look: evil\n")
    assert_refused(timed("validate", game), look / "look.yaml", r"fonts\.title: no font '\.\./.*' in kitgen's fonts")


def test_look_file_linked_outside_the_game__refused(tmp_path):
    game = tiny_copy(tmp_path)
    outside = tmp_path / "outside.yaml"
    outside.write_text("name: Outside\n")
    look = game / "templates" / "looks" / "linked"
    look.mkdir(parents=True)
    os.symlink(outside, look / "look.yaml")
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "look: linked\n")
    assert_refused(timed("validate", game), look / "look.yaml", r"outside the game folder")


def test_look_with_an_unknown_key__refused_with_a_suggestion(tmp_path):
    game = tiny_copy(tmp_path)
    look = game / "templates" / "looks" / "typo"
    look.mkdir(parents=True)
    (look / "look.yaml").write_text("name: Typo\nfont: {title: Play-Bold.ttf}\n")
    edit(game / "game.yaml", "players:", "look: typo\nplayers:")
    assert_refused(timed("validate", game), look / "look.yaml", r"unknown key 'font' \(did you mean 'fonts'\?\)")
