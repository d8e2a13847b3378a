"""Security: a game folder may not make kitgen read a file outside it (issue 12).

Every reader (document templates and their includes, card templates, icon files, art by card id
and by `art:` key, decks, game fonts) goes through load/files.contained(): a symbolic link or a
`..` path out of the game folder, a named pipe or a device is one `file: error:` line, exit 1.
Each case is the real CLI on a copy of tests/fixtures/tiny with one defect.
"""
from __future__ import annotations

import os
import shutil

import pytest

from tests.conftest import pdf_text
from tests.attacks.harness import (REPO, TINY, assert_refused, edit, kit_hashes, previous_kit,  # noqa: F401
                                   timed, tiny_copy)

OUTSIDE = "links outside the game folder"
FEW_SECONDS = 10  # a reader blocked on a named pipe would never answer


def secret(tmp_path):
    """A file outside the game folder that must never be read: its text must appear nowhere."""
    path = tmp_path / "outside" / "secret.txt"
    path.parent.mkdir(exist_ok=True)
    path.write_text("SECRET-OUTSIDE-THE-GAME\n")
    return path


def link(at, target):
    at.parent.mkdir(parents=True, exist_ok=True)
    try:
        at.symlink_to(target)
    except OSError as exc:  # Windows without the privilege
        pytest.skip(f"cannot make a symbolic link here: {exc}")


def fifo(at):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    at.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(at)


def png(path, size=(40, 40)):
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, "#884422").save(path)
    return path


# --- document templates ---------------------------------------------------------------------------

def test_symlinked_document_template__refused(tmp_path):
    game = tiny_copy(tmp_path)
    link(game / "templates" / "rules.md.j2", "/etc/passwd")
    run = timed("validate", game)
    assert_refused(run, game / "templates" / "rules.md.j2", rf"{OUTSIDE} \(to /etc/passwd\); kitgen reads only "
                   "files inside the game folder")
    assert "root:" not in run.output


def test_symlinked_document_template__build_refused_and_previous_kit_intact(tmp_path, built_kit):
    game = tiny_copy(tmp_path)
    link(game / "templates" / "reference.md.j2", secret(tmp_path))
    out, before = previous_kit(built_kit, tmp_path)
    run = timed("build", game, "-o", out)
    assert_refused(run, game / "templates" / "reference.md.j2", OUTSIDE)
    assert kit_hashes(out) == before


def test_include_of_parent_folders__refused_at_the_including_line(tmp_path):
    game = tiny_copy(tmp_path)
    (game / "templates").mkdir()
    (game / "templates" / "rules.md.j2").write_text("# Rules\n\n{% include '../../../../etc/passwd' %}\n")
    run = timed("validate", game)
    found = assert_refused(run, game / "templates" / "rules.md.j2", r"template '../../../../etc/passwd' not found")
    assert (found["line"], found["col"]) == ("3", None)  # Jinja gives the line only


def test_include_of_a_symlinked_part__refused_naming_the_part(tmp_path):
    game = tiny_copy(tmp_path)
    (game / "templates").mkdir()
    (game / "templates" / "rules.md.j2").write_text("# Rules\n{% include 'part.md.j2' %}\n")
    link(game / "templates" / "part.md.j2", secret(tmp_path))
    run = timed("validate", game)
    assert_refused(run, game / "templates" / "part.md.j2", OUTSIDE)
    assert "SECRET" not in run.output


def test_templates_folder_linked_outside__refused(tmp_path):
    game = tiny_copy(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "rules.md.j2").write_text("# Borrowed rules\n")
    link(game / "templates", elsewhere)
    run = timed("validate", game)
    assert_refused(run, game / "templates" / "rules.md.j2", OUTSIDE)


def test_document_template_as_named_pipe__refused_at_once(tmp_path):
    game = tiny_copy(tmp_path)
    fifo(game / "templates" / "rules.md.j2")
    run = timed("validate", game, timeout=FEW_SECONDS)
    assert_refused(run, game / "templates" / "rules.md.j2", "not a regular file")


def test_templates_option_outside_the_game__is_the_users_choice(tmp_path):
    """--templates DIR is named by the user on the command line: its files are trusted."""
    game = tiny_copy(tmp_path)
    mine = tmp_path / "my-templates"
    mine.mkdir()
    shutil.copyfile(REPO / "templates" / "rules.md.j2", mine / "rules.md.j2")
    (mine / "rules.md.j2").write_text((mine / "rules.md.j2").read_text() + "\nMY-OWN-TEMPLATE\n")
    run = timed("build", game, "--templates", mine, "-o", tmp_path / "kit")
    assert run.returncode == 0, run.describe()
    assert "MY-OWN-TEMPLATE" in pdf_text(tmp_path / "kit" / "rules.pdf")


def test_link_inside_the_game_folder__allowed(tmp_path):
    game = tiny_copy(tmp_path)
    (game / "shared").mkdir()
    shutil.copyfile(REPO / "templates" / "rules.md.j2", game / "shared" / "rules.md.j2")
    link(game / "templates" / "rules.md.j2", game / "shared" / "rules.md.j2")
    run = timed("validate", game)
    assert run.returncode == 0, run.describe()


# --- card templates and icons ---------------------------------------------------------------------

def test_symlinked_card_template__refused(tmp_path):
    game = tiny_copy(tmp_path)
    outside = tmp_path / "outside" / "card-front.yaml"
    outside.parent.mkdir()
    shutil.copyfile(REPO / "templates" / "card-front.yaml", outside)
    link(game / "templates" / "card-front.yaml", outside)
    run = timed("validate", game)
    assert_refused(run, game / "templates" / "card-front.yaml", OUTSIDE)


def test_symlinked_icon_file__refused(tmp_path):
    game = tiny_copy(tmp_path)
    link(game / "templates" / "icons" / "icons.json", secret(tmp_path))
    run = timed("validate", game)
    assert_refused(run, game / "templates" / "icons" / "icons.json", OUTSIDE)


# --- art ------------------------------------------------------------------------------------------

def test_symlinked_art_by_card_id__refused(tmp_path):
    game = tiny_copy(tmp_path)
    link(game / "art" / "scout.png", png(tmp_path / "outside" / "picture.png"))
    run = timed("validate", game)
    found = assert_refused(run, game / "decks" / "main.yaml", rf"art/scout\.png: {OUTSIDE}")
    assert (found["line"], found["col"]) == ("11", "5")  # the Scout's `{`


def test_symlinked_art__build_refused_and_previous_kit_intact(tmp_path, built_kit):
    game = tiny_copy(tmp_path)
    link(game / "art" / "market.png", png(tmp_path / "outside" / "picture.png"))
    out, before = previous_kit(built_kit, tmp_path)
    run = timed("build", game, "-o", out)
    assert_refused(run, game / "decks" / "main.yaml", rf"art/market\.png: {OUTSIDE}")
    assert kit_hashes(out) == before


def test_art_folder_linked_outside__refused(tmp_path):
    game = tiny_copy(tmp_path)
    png(tmp_path / "outside" / "art" / "frigate.png")
    link(game / "art", tmp_path / "outside" / "art")
    run = timed("validate", game)
    assert_refused(run, game / "decks" / "main.yaml", rf"art/frigate\.png: {OUTSIDE}")


def test_art_key_with_parent_folders__refused(tmp_path):
    game = tiny_copy(tmp_path)
    png(tmp_path / "picture.png")
    edit(game / "decks" / "main.yaml", "{name: Scout,", "{name: Scout, art: ../picture.png,")
    run = timed("validate", game)
    found = assert_refused(run, game / "decks" / "main.yaml", r"card 'Scout': art '../picture.png' is outside "
                           "the game folder")
    assert (found["line"], found["col"]) == ("11", "5")  # the Scout's `{`


def test_art_as_named_pipe__refused_at_once(tmp_path):
    game = tiny_copy(tmp_path)
    fifo(game / "art" / "library.png")
    run = timed("validate", game, timeout=FEW_SECONDS)
    assert_refused(run, game / "decks" / "main.yaml", r"art/library\.png: not a regular file")


# --- decks, top-level files, fonts ------------------------------------------------------------------

def test_symlinked_top_level_yaml__refused(tmp_path):
    game = tiny_copy(tmp_path)
    outside = tmp_path / "outside" / "extra.yaml"
    outside.parent.mkdir()
    outside.write_text("turn_label: Round\n")
    link(game / "extra.yaml", outside)
    run = timed("validate", game)
    assert_refused(run, game / "extra.yaml", OUTSIDE)


def test_symlinked_game_font__refused(tmp_path):
    game = tiny_copy(tmp_path)
    link(game / "fonts" / "body.ttf", REPO / "fonts" / "Lato-Regular.ttf")
    with open(game / "game.yaml", "a", encoding="utf-8") as file:
        file.write("fonts: {body: fonts/body.ttf}\n")
    run = timed("validate", game)
    assert_refused(run, game / "game.yaml", rf"fonts\.body: .*body\.ttf: {OUTSIDE}")
