"""`kitgen watch` run inside the game folder (issue 15, the designer's desk): the kit it writes
there, with its lock, staging and swap folders, never starts another build, nor do an editor's
scratch files; a save of a deck does, and the terminal says which file set it off. A failed build
leaves nothing in the way of the next one in the same process."""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import threading
import time

import pytest

from kitgen.kit.build import build_game
from kitgen.kit.cache import FACES, kit_cache_folder
from kitgen.errors import KitgenError
from kitgen.desk.watch import Changes, change_filter
from tests.conftest import ROOT, pdf_text

TINY = ROOT / "tests" / "fixtures" / "tiny"


def test_change_filter__ignores_what_builds_and_editors_write_and_keeps_the_games_files(tmp_path):
    game = tmp_path / "game"
    kept = change_filter([game / "output", tmp_path / "cache" / "kits" / "ab12"])
    ignored = ["output", "output/cards-main.pdf", ".output.kitgen-lock", ".output.building-x1/rules.pdf",
               ".output.old-x2", ".output.old-x2/rules.pdf", ".git/index", "decks/.main.yaml.swp",
               "decks/main.yaml~", "decks/.#main.yaml", "decks/4913", "decks/#main.yaml#", "decks/.~lock.main.csv#",
               "decks/~$main.xlsx", "decks/.goutputstream-A1B2C3"]
    for name in ignored:
        assert not kept(None, str(game / name)), name
    assert not kept(None, str(tmp_path / "cache" / "kits" / "ab12" / "faces.sqlite"))
    by_hand = game / "kit"  # `kitgen build . -o kit` in another terminal: any kit kitgen made
    by_hand.mkdir(parents=True)
    (by_hand / ".kitgen-kit").write_text("kitgen kit of tiny\n")
    for name in ("kit", "kit/rules.pdf", "kit/.kitgen-kit", ".kit.kitgen-lock", ".kit.building-a1b2/rules.pdf",
                 ".kit.old-c3d4"):
        assert not kept(None, str(game / name)), name
    for name in ("game.yaml", "decks/main.yaml", "decks/main.csv", "art/scout.png", "templates/card-back.yaml",
                 "output2/notes.yaml", "outputs.yaml", ".output-notes.yaml"):
        assert kept(None, str(game / name)), name


def test_changes__a_save_through_a_temporary_file_is_a_change_of_the_file_it_replaced(tmp_path):
    """sed -i, gedit and others write a temporary file and rename it over the one saved: the
    change reported (and named in the terminal) is the deck, never the temporary name."""
    deck = tmp_path / "decks" / "main.yaml"
    deck.parent.mkdir()
    deck.write_text("cards: []\n")
    (tmp_path / "art").mkdir()
    gone = tmp_path / "art" / "old.png"
    gone.write_bytes(b"png")
    changes = Changes([tmp_path], settle=0.2)
    try:
        temporary = deck.parent / "sedAb12Cd"
        temporary.write_text("cards: [{name: Scout}]\n")
        os.replace(temporary, deck)
        gone.unlink()  # a file removed for good is a change
        batch = next(iter(changes))
    finally:
        changes.stop()
    assert batch == {str(deck.resolve()), str(gone.resolve())}


def test_watch__dot_in_the_game_folder_builds_once_per_save_not_on_its_own_output(tmp_path):
    """The bug: the kit went to ./output inside the watched folder, and each build's writes were
    the next build's change, for ever. Now: one build, nothing while idle, one per save."""
    game = tmp_path / "mygame"
    shutil.copytree(TINY, game)
    process = subprocess.Popen([sys.executable, "-m", "kitgen", "watch", ".", "--interval", "0.05", "--max-builds", "2"],
                               cwd=game, env={**os.environ, "PYTHONPATH": str(ROOT)}, stderr=subprocess.PIPE,
                               stdout=subprocess.DEVNULL, text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(process.stderr), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 60
        while not any("OK: valid and built" in line for line in lines) and time.monotonic() < deadline:
            assert process.poll() is None, "".join(lines)
            time.sleep(0.05)
        time.sleep(1.5)  # the old watcher had started build 2 from its own output long before this
        (game / "decks" / ".main.yaml.swp").write_text("editor scratch")
        (game / "decks" / "4913").write_text("")
        time.sleep(0.5)
        assert not any("--- build 2" in line for line in lines), "".join(lines)
        deck = game / "decks" / "main.yaml"
        deck.write_text(deck.read_text().replace("{name: Frigate,", "{name: Corvette,"))
        assert process.wait(60) == 0
    finally:
        process.kill()
    reader.join(5)
    err = "".join(lines)
    assert err.count("OK: valid and built") == 2, err
    assert "--- build 2 (" in err and "): decks/main.yaml changed" in err, err
    kit = game / "output" / "mygame"  # the game folder's own name: `.` has none
    assert (kit / "rules.pdf").is_file() and "Corvette" in pdf_text(kit / "cards-main.pdf")


def test_a_failed_build__leaves_the_cache_unlocked_for_the_next_build_in_the_process(tmp_path, project):
    """watch and serve build again in the same process: a build that failed after laying faces
    out (text that does not fit) held the faces database's write lock until the garbage collector
    ran, and every later build waited SQLite's 5 s for it, then kept no face."""
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    kit = tmp_path / "kit"
    build_game(project, str(game), kit)
    deck = game / "decks" / "main.yaml"
    good = deck.read_text()
    deck.write_text(good.replace("{name: Scout,", "{name: Scout, text: \"" + "Far too long a text. " * 60 + "\","))
    with pytest.raises(KitgenError, match="does not fit"):
        build_game(project, str(game), kit)
    with sqlite3.connect(kit_cache_folder(kit) / FACES, timeout=0) as db:
        db.execute("BEGIN IMMEDIATE")  # "database is locked" while the failed build's transaction lives
        db.rollback()
    deck.write_text(good.replace("{name: Frigate,", "{name: Corvette,"))
    assert build_game(project, str(game), kit).laid_out == 1
