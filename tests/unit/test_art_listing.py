"""Finding a card's picture by its id with the art folder listed once gives what asking the file
system for each card gives (the listing only rules out cards that have no file)."""
from __future__ import annotations

import unicodedata

from kitgen.kit.art import art_listing, find_art


def test_a_listed_art_folder_finds_what_the_file_system_finds(tmp_path):
    game = tmp_path / "game"
    (game / "art").mkdir(parents=True)
    for name in ("scout-ships.png", "Rangers.JPG", unicodedata.normalize("NFD", "café.webp"), "notes.txt"):
        (game / "art" / name).write_bytes(b"x")
    listed = art_listing(game, None)
    for card_id in ("scout-ships", "rangers", "Rangers", unicodedata.normalize("NFC", "café"), "notes", "missing", ""):
        assert find_art(game, None, card_id, listed) == find_art(game, None, card_id), card_id
    assert find_art(game, None, "scout-ships", listed) == game / "art" / "scout-ships.png"


def test_no_art_folder_lists_nothing_and_finds_nothing(tmp_path):
    assert art_listing(tmp_path, None) == set()
    assert find_art(tmp_path, None, "scout-ships", set()) is None
    (tmp_path / "pictures").mkdir()
    (tmp_path / "pictures" / "scout-ships.jpg").write_bytes(b"x")  # --art DIR
    listed = art_listing(tmp_path, tmp_path / "pictures")
    assert find_art(tmp_path, tmp_path / "pictures", "scout-ships", listed) == tmp_path / "pictures" / "scout-ships.jpg"
