"""The output folder attacked (issue 34): a link loop given as -o, the working folder holding the
user's own files, a folder of kits and notes, and a game folder that ships kitgen's kit marker.

kitgen replaces or deletes only files it made itself (its marker in a kit folder lists them), never
a file of the user's, never the game's own data. Each case runs the real CLI
in a subprocess and checks what is on disk after.
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from tests.attacks.harness import (REPO, TINY, assert_no_crash, assert_one_line, kit_hashes, kitgen, kitgen_in,
                                   tiny_copy)

GAME = str(REPO / TINY)
KIT = ["build-manifest.json", "cards-main.pdf", "designer-notes.pdf", "manifest.pdf", "player-sheet.pdf", "reference.pdf",
       "rules.pdf"]


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith("."))


def loop(tmp_path: Path) -> Path:
    link = tmp_path / "loop"
    try:
        link.symlink_to(link)
    except OSError as exc:
        pytest.skip(f"cannot make a symbolic link here: {exc}")
    return link


# --- -o on a link loop: one line, for every command that writes a folder ------------------------

@pytest.mark.parametrize("command", [["build", GAME], ["export", GAME, "--format", "tts", "--sheet-size", "200"],
                                     ["watch", GAME, "--max-builds", "1"]], ids=["build", "export-tts", "watch"])
def test_output_a_link_loop__one_line_not_an_internal_error(command, tmp_path):
    link = loop(tmp_path)
    run = kitgen(*command, "-o", link)
    assert_one_line(run, re.compile(rf"{re.escape(str(link))}: error: a loop of symbolic links: .*"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop"]  # nothing written beside it


# --- the working folder: the user's files are never replaced -------------------------------------

def test_build_dot_dot__the_kit_goes_to_output_and_the_users_rules_pdf_is_kept(tmp_path):
    """`kitgen build ..` named its kit output/.. (Path('..').name is empty): the working folder,
    whose rules.pdf of the user's it replaced."""
    game = tiny_copy(tmp_path)
    work = game / "work"
    work.mkdir()
    (work / "rules.pdf").write_bytes(b"my own rules")
    run = kitgen_in(work, "build", "..")
    assert_no_crash(run)
    assert run.run.returncode == 0, run.run.describe()
    assert (work / "rules.pdf").read_bytes() == b"my own rules"
    assert files(work) == ["output", "rules.pdf"] and files(work / "output" / "game") == KIT


def test_build_into_a_folder_holding_a_file_of_the_users_of_a_kit_files_name__refused_and_kept(tmp_path):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "rules.pdf").write_bytes(b"my own rules")
    (mine / "notes.txt").write_text("notes")
    run = kitgen("build", GAME, "-o", mine)
    assert_one_line(run, f"{mine / 'rules.pdf'}: error: a file kitgen did not make (or changed since it made it) "
                         "is in the way; move it away, or build into another folder (-o)")
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt", "rules.pdf"]
    assert (mine / "rules.pdf").read_bytes() == b"my own rules"


# --- a folder of kits and notes: a rebuild deletes only what kitgen made ------------------------

def test_second_build_dot__keeps_other_kits_and_the_users_notes_in_output(tmp_path):
    """`kitgen build .` wrote the kit into output/ itself; a second build swapped output/ whole,
    with the other games' kits and the user's notes in it."""
    game = tiny_copy(tmp_path)
    first = kitgen_in(game, "build", ".")
    assert first.run.returncode == 0, first.run.describe()
    other = kitgen("build", GAME, "-o", game / "output" / "other")
    assert other.run.returncode == 0, other.run.describe()
    (game / "output" / "notes.txt").write_text("keep me")
    before = kit_hashes(game / "output" / "other")
    second = kitgen_in(game, "build", ".", "--paper", "a4")
    assert_no_crash(second)
    assert second.run.returncode == 0, second.run.describe()
    assert files(game / "output") == ["game", "notes.txt", "other"]
    assert kit_hashes(game / "output" / "other") == before and (game / "output" / "notes.txt").read_text() == "keep me"
    assert files(game / "output" / "game") == KIT


def test_rebuild_of_a_kit_holding_the_users_notes_and_folders__kitgen_files_replaced_theirs_kept(tmp_path):
    out = tmp_path / "kit"
    assert kitgen("build", GAME, "-o", out).run.returncode == 0
    letter = kit_hashes(out)
    (out / "notes.txt").write_text("keep me")
    (out / "photos").mkdir()
    (out / "photos" / "table.jpg").write_bytes(b"a photo")
    run = kitgen("build", GAME, "-o", out, "--paper", "a4")
    assert_no_crash(run)
    assert run.run.returncode == 0, run.run.describe()
    assert files(out) == sorted([*KIT, "notes.txt", "photos"])
    marker = (out / ".kitgen-kit").read_text(encoding="utf-8").splitlines()
    assert marker[0] == "kitgen kit of tiny"  # then every kit file (designer-notes.pdf too) by its sha256
    assert marker[1:] == [f"{digest}  {name}" for name, digest in kit_hashes(out).items() if name in KIT]
    assert (out / "notes.txt").read_text() == "keep me" and (out / "photos" / "table.jpg").read_bytes() == b"a photo"
    assert kit_hashes(out)["cards-main.pdf"] != letter["cards-main.pdf"], "the kit was not rebuilt"
    stale = kitgen("build", GAME, "-o", out)  # and again: the kit's files are still known as kitgen's
    assert stale.run.returncode == 0, stale.run.describe()
    assert kit_hashes(out)["cards-main.pdf"] == letter["cards-main.pdf"] and (out / "notes.txt").is_file()


def test_a_kit_file_the_user_changed__kept_and_the_build_refused(tmp_path):
    """rules.pdf annotated by hand, or replaced by the user's own: no longer what kitgen made."""
    out = tmp_path / "kit"
    assert kitgen("build", GAME, "-o", out).run.returncode == 0
    (out / "rules.pdf").write_bytes(b"annotated by hand")
    run = kitgen("build", GAME, "-o", out, "--paper", "a4")
    assert_one_line(run, f"{out / 'rules.pdf'}: error: a file kitgen did not make (or changed since it made it) "
                         "is in the way; move it away, or build into another folder (-o)")
    assert (out / "rules.pdf").read_bytes() == b"annotated by hand"


# --- a game folder that ships kitgen's kit marker -----------------------------------------------

def _forged_marker(game: Path) -> None:
    """The marker every kit folder holds, naming the game's own files as the kit's (their true
    hashes)."""
    lines = ["kitgen kit of tiny"] + [f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.name}"
                                      for p in sorted(game.iterdir()) if p.is_file()]
    (game / ".kitgen-kit").write_text("\n".join(lines) + "\n")


@pytest.mark.parametrize("marker", ["old", "forged"])
def test_build_into_the_game_folder_that_ships_a_kit_marker__refused_and_the_game_kept(marker, tmp_path):
    """The marker made the game folder a kit kitgen had made, and the build swapped it whole:
    game.yaml, decks/ and rules.yaml gone."""
    game = tiny_copy(tmp_path)
    if marker == "old":
        (game / ".kitgen-kit").write_text("kitgen kit of tiny\n")
    else:
        _forged_marker(game)
    before = kit_hashes(game)
    run = kitgen("build", game, "-o", game)
    assert_one_line(run, f"{game}: error: -o names the game folder itself: the kit would be mixed with the game's "
                         f"files; build into another folder (e.g. {game / 'output'})")
    assert kit_hashes(game) == before


def test_build_into_the_games_decks_folder__refused_and_the_decks_kept(tmp_path):
    """A kit in decks/ mixed with the decks; `kitgen watch` ignored every save there (the folder it writes)."""
    game = tiny_copy(tmp_path)
    before = kit_hashes(game)
    run = kitgen("watch", game, "-o", game / "decks", "--max-builds", "1")
    assert_one_line(run, f"{game / 'decks'}: error: -o names the game's own decks/ folder: the kit would be mixed "
                         f"with its files; build into another folder (e.g. {game.resolve() / 'output'})")
    assert kit_hashes(game) == before


def test_stats_into_a_link_that_leads_nowhere__says_so(tmp_path):
    """'loop: error: File exists': mkdir of the folder -o names met a loop of links."""
    link = loop(tmp_path)
    run = kitgen("stats", GAME, "-o", link / "stats.pdf")
    assert_one_line(run, f"{link}: error: a link that leads nowhere (a loop of links, or its target is gone) is in "
                         "the way")
