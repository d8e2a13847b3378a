"""Tabletop Simulator saved objects: for every deck of every shipped game, a saved object that
validates against kitgen/exports/tts.schema.json, holds exactly the deck with its copies, names only
cells inside its sheets and files that exist, and shows each card in its cell."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from kitgen.kit.build import Options, build_game
from kitgen.errors import KitgenError
from kitgen.exports.data import rules_text
from kitgen.exports.images import export_tts
from kitgen.load import load_game
from kitgen.model import PrintSettings
from kitgen.render.pixels import render_page
from kitgen.exports.tts import (MAX_COLUMNS, MAX_PIXELS, MAX_ROWS, plan_sheets, saved_objects_folder,
                                saved_objects_folders)
from kitgen.units import Length
from tests.conftest import ROOT
from tests.integration.test_every_game import GAMES

SCHEMA = json.loads((ROOT / "kitgen" / "exports" / "tts.schema.json").read_text())
TINY = ROOT / "tests" / "fixtures" / "tiny"
SMALL = 600  # px: sheets this size keep the tests quick; the layout is the same as at 4096


def local(url: str) -> Path:
    """A local image is named by its plain absolute path, as TTS's own saves name them."""
    assert Path(url).is_absolute() and (Path(url).is_file() or "://" not in url), url
    return Path(url)


def cell(sheet: Image.Image, deck: dict, card_id: int) -> Image.Image:
    grid = deck["CustomDeck"][str(card_id // 100)]
    w, h = sheet.width // grid["NumWidth"], sheet.height // grid["NumHeight"]
    row, col = divmod(card_id % 100, grid["NumWidth"])
    return sheet.crop((col * w, row * h, (col + 1) * w, (row + 1) * h))


@pytest.mark.parametrize("game_id", GAMES)
def test_tts__every_deck_is_a_saved_object_of_exactly_its_cards(game_id, project, tmp_path):
    out = tmp_path / "tts"
    result = export_tts(project, game_id, out, Options(PrintSettings(bleed=Length(0.0))), sheet_size=SMALL)
    game = load_game(project.game_folder(game_id))
    for deck in game.decks:
        saved = json.loads((out / f"{game.id}-{deck.id}.json").read_text(encoding="utf-8"))
        jsonschema.validate(saved, SCHEMA)
        assert (out / f"{game.id}-{deck.id}.png").is_file()  # the thumbnail TTS shows beside it
        obj = saved["ObjectStates"][0]
        cards = obj["ContainedObjects"] if obj["Name"] == "DeckCustom" else [obj]
        expected = [(c.name, rules_text(game, c)) for c in deck.cards for _ in range(c.copies)]
        assert [(c["Nickname"], c["Description"]) for c in cards] == expected
        if obj["Name"] == "DeckCustom":
            assert obj["DeckIDs"] == [c["CardID"] for c in cards]
        for card in cards:
            grid = card["CustomDeck"][str(card["CardID"] // 100)]
            # inside its sheet, and never the last slot (the hidden-card image)
            assert card["CardID"] % 100 < grid["NumWidth"] * grid["NumHeight"] - 1
            assert grid["NumWidth"] <= MAX_COLUMNS and grid["NumHeight"] <= MAX_ROWS
            for url in (grid["FaceURL"], grid["BackURL"]):
                assert local(url).is_file(), url
                with Image.open(local(url)) as image:
                    assert image.width <= MAX_PIXELS and image.height <= MAX_PIXELS and image.mode == "RGB"
    assert {p.name for p in result.files} >= {f"{game.id}-{d.id}.json" for d in game.decks}


def test_tts__each_deck_id_shows_its_card_and_the_last_slot_the_back(project, tmp_path):
    """Render each card alone (its page of the print shop PDF, at the cell's size) and compare it
    with the sheet cell its DeckID names; the last slot of every sheet is the back."""
    export_tts(project, "galactic-civ", tmp_path / "tts", Options(PrintSettings(bleed=Length(0.0))), sheet_size=1000)
    build_game(project, "galactic-civ", tmp_path / "kit", Options(PrintSettings(bleed=Length(0.0), layout="single")))
    game = load_game(project.game_folder("galactic-civ"))
    deck = game.decks[1]  # events: 77 cards over two sheets
    saved = json.loads((tmp_path / "tts" / f"galactic-civ-{deck.id}.json").read_text())["ObjectStates"][0]
    sheets = {key: Image.open(local(grid["FaceURL"])).convert("RGB") for key, grid in saved["CustomDeck"].items()}
    document = pdfium.PdfDocument(str(tmp_path / "kit" / f"cards-{deck.id}.pdf"))
    pages, first = 0, {}  # card -> its front's page: one card a page, front then back, each copy
    for card in deck.cards:
        first.setdefault(card.name, pages)
        pages += 2 * card.copies
    checked = 0
    for card_obj in saved["ContainedObjects"]:
        card_id = card_obj["CardID"]
        found = cell(sheets[str(card_id // 100)], saved, card_id)
        alone = render_page(document[first[card_obj["Nickname"]]], found.size)
        assert max(ImageStat.Stat(ImageChops.difference(found, alone)).mean) < 3, card_obj["Nickname"]
        checked += 1
    assert checked == sum(c.copies for c in deck.cards)
    # A different card in the same cell is far off: the comparison can tell cards apart.
    other = render_page(document[first[deck.cards[5].name]], found.size)
    assert max(ImageStat.Stat(ImageChops.difference(found, other)).mean) > 5
    with Image.open(tmp_path / "tts" / f"galactic-civ-{deck.id}-back.png") as back:
        back = back.convert("RGB")
    for key, sheet in sheets.items():
        grid = saved["CustomDeck"][key]
        hidden = cell(sheet, saved, int(key) * 100 + grid["NumWidth"] * grid["NumHeight"] - 1)
        assert max(ImageStat.Stat(ImageChops.difference(hidden, back)).mean) < 1
    document.close()


def test_tts__a_deck_of_one_card_is_a_card_and_base_url_names_the_host(project, tmp_path):
    game = tmp_path / "solo"
    shutil.copytree(TINY, game)
    (game / "decks" / "main.yaml").write_text(
        "id: main\nname: Main Deck\ncode: TE\ncards:\n"
        "  - {name: Scout, type: Ship, effects: [{attribute: Military, delta: +1}], text: Draw a card.}\n")
    export_tts(project, str(game), tmp_path / "tts", Options(PrintSettings(bleed=Length(0.0))),
               base_url="https://example.org/cards/", sheet_size=SMALL)
    saved = json.loads((tmp_path / "tts" / "tiny-main.json").read_text())
    jsonschema.validate(saved, SCHEMA)
    card = saved["ObjectStates"][0]
    assert card["Name"] == "Card" and card["CardID"] == 100 and card["Nickname"] == "Scout"
    assert card["Description"] == "Military +1\nDraw a card."
    assert card["CustomDeck"]["1"]["FaceURL"] == "https://example.org/cards/tiny-main-sheet-1.png"
    assert card["CustomDeck"]["1"]["BackURL"] == "https://example.org/cards/tiny-main-back.png"


def test_tts__base_url_must_be_a_web_address(project, tmp_path):
    with pytest.raises(KitgenError, match="--base-url: error: 'cards/' is not a web address"):
        export_tts(project, str(TINY), tmp_path / "tts", Options(), base_url="cards/")


def test_tts__install_copies_into_the_saved_objects_folder_or_says_where_it_looked(project, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    options = Options(PrintSettings(bleed=Length(0.0)))
    with pytest.raises(KitgenError, match="Saved Objects folder is not in any of its usual places"):
        export_tts(project, str(TINY), tmp_path / "tts", options, install=True, sheet_size=SMALL)
    assert not (tmp_path / "tts").exists()  # refused before anything was written
    folder = tmp_path / "home" / ".local" / "share" / "Tabletop Simulator" / "Saves" / "Saved Objects"
    assert saved_objects_folder() is None
    folder.mkdir(parents=True)
    assert saved_objects_folder() == folder
    result = export_tts(project, str(TINY), tmp_path / "tts", options, install=True, sheet_size=SMALL)
    assert sorted(p.name for p in result.installed) == ["tiny-main.json", "tiny-main.png"]
    assert (folder / "tiny-main.json").read_bytes() == (tmp_path / "tts" / "tiny-main.json").read_bytes()


def test_tts__saved_objects_folders_per_system_most_likely_first():
    home = Path("/home/u")
    objects = "Tabletop Simulator/Saves/Saved Objects"
    assert saved_objects_folders(home, "Windows", {"OneDrive": "/home/u/OneDrive - Work"}) == [
        home / "Documents/My Games" / objects, Path("/home/u/OneDrive - Work/Documents/My Games") / objects,
        home / "OneDrive/Documents/My Games" / objects]
    assert saved_objects_folders(home, "Darwin", {}) == [home / "Library" / objects]
    assert saved_objects_folders(home, "Linux", {}) == [home / ".local/share" / objects,
                                                        home / "snap/steam/common/.local/share" / objects]


def test_tts__install_finds_a_documents_folder_moved_to_onedrive(tmp_path):
    home = tmp_path / "home"
    moved = home / "OneDrive" / "Documents" / "My Games" / "Tabletop Simulator" / "Saves" / "Saved Objects"
    moved.mkdir(parents=True)
    assert saved_objects_folder(home, "Windows", {}) == moved
    snap = home / "snap/steam/common/.local/share/Tabletop Simulator/Saves/Saved Objects"
    snap.mkdir(parents=True)
    assert saved_objects_folder(home, "Linux", {}) == snap


@pytest.mark.parametrize("cards, grids", [(1, [(2, 2)]), (3, [(4, 2)]), (9, [(10, 2)]), (69, [(10, 7)]),
                                          (70, [(10, 7), (2, 2)]), (120, [(10, 7), (10, 6)])])
def test_plan_sheets__ten_by_seven_at_most_with_the_last_slot_free(cards, grids):
    sheets = plan_sheets(cards)
    assert [(s.columns, s.rows) for s in sheets] == grids
    assert [i for s in sheets for i in s.cards] == list(range(cards))
    assert all(len(s.cards) <= s.hidden_slot for s in sheets)
