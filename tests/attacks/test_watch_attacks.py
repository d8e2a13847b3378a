"""`kitgen watch` and `kitgen serve` on a hostile game folder (issue 34): a file name that is not
UTF-8, a folder removed and unpacked again, a deck renamed with markup, a kit marker the game
ships. Each keeps watching (serving) and builds the next save: no traceback, no exit.

The real commands run in subprocesses; a save is made once the first build is done.
"""
from __future__ import annotations

import json
import os
import hashlib
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.attacks.harness import REPO, TINY

ODD = os.fsdecode(b"caf\xe9")  # Latin-1 bytes: not UTF-8, as an old zip or a Windows share names things
posix_names = pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="names that are not UTF-8: POSIX "
                                                                              "file systems only")


def copy_game(where: Path) -> Path:
    shutil.copytree(REPO / TINY, where)
    return where


def rename_card(game: Path, old: str, new: str) -> None:
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text(encoding="utf-8").replace(f"{{name: {old},", f"{{name: {new},"), encoding="utf-8")


class Running:
    """A kitgen command in the background, its stderr gathered line by line."""

    def __init__(self, *args: str | Path):
        self.process = subprocess.Popen([sys.executable, "-m", "kitgen", *map(str, args)], cwd=REPO,
                                        env={**os.environ, "PYTHONPATH": str(REPO)}, stderr=subprocess.PIPE,
                                        stdout=subprocess.DEVNULL, text=True, errors="replace")
        self.lines: list[str] = []
        self.reader = threading.Thread(target=lambda: self.lines.extend(self.process.stderr), daemon=True)
        self.reader.start()

    @property
    def err(self) -> str:
        return "".join(self.lines)

    def wait_for(self, text: str, count: int = 1, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while self.err.count(text) < count:
            assert time.monotonic() < deadline, f"no {text!r} x{count} within {seconds} s:\n{self.err}"
            assert self.process.poll() is None or self.err.count(text) >= count, f"exited:\n{self.err}"
            time.sleep(0.05)

    def stop(self) -> str:
        self.process.terminate()
        self.process.wait(10)
        self.reader.join(5)
        return self.err


# --- watch ---------------------------------------------------------------------------------------

@posix_names
@pytest.mark.parametrize("odd", ["a-folder-in-the-game", "the-game-folder"])
def test_watch_a_name_that_is_not_utf8__no_traceback_and_the_next_save_is_built(odd, tmp_path):
    """watchfiles takes only UTF-8 paths: its thread died with a traceback and no later save was built."""
    game = copy_game(tmp_path / (ODD if odd == "the-game-folder" else "game"))
    (game / "art" / ODD).mkdir(parents=True)
    out = tmp_path / "kit"
    watch = Running("watch", game, "-o", out, "--max-builds", "2")
    try:
        watch.wait_for("OK: valid and built")
        time.sleep(0.3)
        rename_card(game, "Frigate", "Corvette")
        assert watch.process.wait(30) == 0, watch.err
    finally:
        err = watch.stop()
    assert "Traceback" not in err and err.count("OK: valid and built") == 2, err
    assert "decks/main.yaml changed" in err, err


@pytest.mark.parametrize("marker", ["old", "forged"])
def test_watch_a_game_that_ships_a_kit_marker__its_saves_are_still_built(marker, tmp_path):
    """A `.kitgen-kit` in a folder made a watch take every file under it for a kit's: no save was built."""
    game = copy_game(tmp_path / "game")
    for folder in (game, game / "decks"):
        lines = ["kitgen kit of tiny"]
        if marker == "forged":  # the game's own files listed as the kit's, with their true hashes
            lines += [f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.name}" for p in folder.iterdir() if p.is_file()]
        (folder / ".kitgen-kit").write_text("\n".join(lines) + "\n")
    watch = Running("watch", game, "-o", tmp_path / "kit", "--max-builds", "2")
    try:
        watch.wait_for("OK: valid and built")
        time.sleep(0.3)
        rename_card(game, "Frigate", "Corvette")
        assert watch.process.wait(30) == 0, watch.err
    finally:
        err = watch.stop()
    assert "decks/main.yaml changed" in err, err


# --- serve ---------------------------------------------------------------------------------------

def served(running: Running) -> str:
    running.wait_for("Serving")
    return re.search(r"(http://127\.0\.0\.1:\d+/)", running.err).group(1)


def state(url: str) -> dict | None:
    """/api/state as the page reads it, or None when there is no answer."""
    try:
        with urllib.request.urlopen(url + "api/state", timeout=5) as response:
            return json.loads(response.read())
    except (OSError, ValueError, urllib.error.URLError):
        return None


def wait_for(url: str, test, seconds: float = 30) -> dict:
    deadline = time.monotonic() + seconds
    now = None
    while time.monotonic() < deadline:
        now = state(url)
        if now is not None and test(now):
            return now
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s: {now}")


def names(now: dict) -> set[str]:
    return {card["name"] for card in now["cards"]}


@posix_names
def test_serve_a_game_folder_named_not_in_utf8__answers_with_its_errors_and_follows_saves(tmp_path):
    """The problems named the folder, which JSON could not encode as UTF-8: /api/state never answered."""
    game = copy_game(tmp_path / ODD)
    (game / "decks" / ODD).mkdir()
    serve = Running("serve", game, "--port", "0", "--max-seconds", "60")
    try:
        url = served(serve)
        wait_for(url, lambda s: len(s["cards"]) == 4)
        deck = game / "decks" / "main.yaml"
        deck.write_text(deck.read_text(encoding="utf-8").replace("count: 4}", "count: 5}"), encoding="utf-8")
        broken = wait_for(url, lambda s: not s["ok"])
        assert "has 4 cards; it declares 5" in broken["problems"][0]["text"]
        rename_card(game, "Frigate", "Corvette")
        deck.write_text(deck.read_text(encoding="utf-8").replace("count: 5}", "count: 4}"), encoding="utf-8")
        wait_for(url, lambda s: s["ok"] and "Corvette" in names(s))
    finally:
        err = serve.stop()
    assert "Traceback" not in err, err


def test_serve_the_game_folder_removed_and_unpacked_again__the_new_cards_are_shown(tmp_path):
    """The watch stopped at the removed folder: the page showed the old cards for ever."""
    game = copy_game(tmp_path / "game")
    serve = Running("serve", game, "--port", "0", "--max-seconds", "60")
    try:
        url = served(serve)
        wait_for(url, lambda s: len(s["cards"]) == 4)
        shutil.rmtree(game)
        wait_for(url, lambda s: not s["ok"])
        unpacked = copy_game(tmp_path / "unpacked")
        rename_card(unpacked, "Frigate", "Corvette")
        unpacked.rename(game)  # as an unzip into the same place, all at once
        wait_for(url, lambda s: s["ok"] and "Corvette" in names(s))
        rename_card(game, "Scout", "Spy")  # and it is watched again
        wait_for(url, lambda s: "Spy" in names(s))
    finally:
        err = serve.stop()
    assert "Traceback" not in err, err


def test_serve_a_deck_renamed_with_markup__keeps_serving_and_shows_the_name_as_written(tmp_path):
    """The charts drew the deck's name as reportlab markup: '<b>' ended `kitgen serve` (exit 70)."""
    game = copy_game(tmp_path / "game")
    serve = Running("serve", game, "--port", "0", "--max-seconds", "60")
    try:
        url = served(serve)
        wait_for(url, lambda s: len(s["cards"]) == 4)
        name = 'Main <b>Deck <img src="/etc/passwd"/> & <font size=900>'
        deck = game / "decks" / "main.yaml"
        deck.write_text(deck.read_text(encoding="utf-8").replace("name: Main Deck", f"name: '{name}'"),
                        encoding="utf-8")
        now = wait_for(url, lambda s: s["decks"] and s["decks"][0]["name"] == name)
        assert now["ok"] and now["charts"], now
        rename_card(game, "Frigate", "Corvette")
        wait_for(url, lambda s: "Corvette" in names(s))
        assert serve.process.poll() is None
    finally:
        err = serve.stop()
    assert "Traceback" not in err and "internal error" not in err, err
