"""Tabletop Simulator saved objects: a deck as the JSON TTS loads from its Saved Objects folder.
Pure data, standard library only; kitgen/exports/images.py renders the sheets these name.

The format, from public descriptions (kitgen/exports/tts.schema.json cites them field by field):
- TTS Knowledge Base, "Save File Format" (ObjectState: Name, Transform, Nickname, Description,
  CardID, DeckIDs, CustomDeck "key matches the hundreth place of the id (ex. id = 354, index = 3)",
  ContainedObjects): https://github.com/Berserk-Games/Tabletop-Simulator-Knowledge-Base
  docs/custom-content/save-file-format.md (https://kb.tabletopsimulator.com/custom-content/save-file-format/)
- TTS Knowledge Base, "Custom Deck": sheets, "Card sheets use the last image on a card sheet for a
  'hidden' image", and "Back is Hidden: instead of using the last card from the card sheet as the
  'hidden' card, this option can use the back of the card instead": same repository,
  docs/custom-content/custom-deck.md; "Custom Deck (Rectangle): 4096 x (whatever height fits)",
  "keep the dimensions of your images under 4096x4096": docs/custom-content/asset-creation.md.
- Working exporters that TTS loads: typed-tabletop-simulator's deck.js (CustomDeck with Type,
  FaceURL, BackURL, NumWidth, NumHeight, BackIsHidden, UniqueBack; Card objects with CardID and
  their own CustomDeck): https://app.unpkg.com/@typed-tabletop-simulator/lib@0.5.0/files/dist/forge/deck.js ;
  a DeckCustom with ContainedObjects and DeckIDs: https://gist.github.com/mDuo13/c259b5720dceaac397e0ba600dbf86f3
"""
from __future__ import annotations

import hashlib
import math
import os
import platform
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

MAX_COLUMNS, MAX_ROWS, MAX_PIXELS = 10, 7, 4096  # the Custom Deck dialog's 10 x 7 grid; 4096 px (asset-creation.md)
MIN_GRID = 2  # a kit choice: sheets at least 2 x 2, as kitgen's earlier sheets were (no source promises a 1-wide grid loads)
CELLS = MAX_COLUMNS * MAX_ROWS - 1  # card faces a sheet holds: its last slot is the hidden-card image


@dataclass(frozen=True)
class Sheet:
    number: int  # the CustomDeck key: 1, 2, ...
    columns: int
    rows: int
    cards: tuple[int, ...]  # card positions in the deck, in slot order

    @property
    def hidden_slot(self) -> int:
        """The last slot of the grid: TTS shows its image for a card in someone else's hand."""
        return self.columns * self.rows - 1


def plan_sheets(cards: int) -> list[Sheet]:
    """Sheets of at most 10 x 7 slots, the last slot of each left for the hidden-card image."""
    sheets = []
    for number, start in enumerate(range(0, cards, CELLS), start=1):
        count = min(CELLS, cards - start)
        columns = max(MIN_GRID, min(MAX_COLUMNS, count + 1))
        rows = max(MIN_GRID, math.ceil((count + 1) / columns))
        sheets.append(Sheet(number, columns, rows, tuple(range(start, start + count))))
    return sheets


def cell_size(card: tuple[float, float], sheet_size: int = MAX_PIXELS) -> tuple[int, int]:
    """One card's pixels on a sheet: the widest cell for which 10 columns and 7 rows both stay
    within `sheet_size` px, in the card's proportions."""
    width, height = card
    cell_w = min(sheet_size // MAX_COLUMNS, math.floor(sheet_size // MAX_ROWS * width / height))
    cell_h = min(sheet_size // MAX_ROWS, round(cell_w * height / width))
    return cell_w, cell_h


def card_id(sheet: Sheet, slot: int) -> int:
    """TTS names a card by its sheet's CustomDeck key and its slot: key * 100 + slot."""
    return sheet.number * 100 + slot


# TTS's standard card, at scale 1, is about 56 x 80 mm, so a poker card (63.5 x 88.9 mm) comes in about
# 10 % small unless scaled: tts-deckconverter scales by 63.5/56 and 88.9/80 (standardScaleX/Z in
# https://github.com/jeandeaual/tts-deckconverter/blob/049077c8324b985f8b110d3c263b72e8a53b5cdc/tts/builder.go).
STANDARD_CARD_MM = (56.0, 80.0)
_MM = 72 / 25.4  # points per millimetre


@dataclass(frozen=True)
class CardScale:
    x: float  # Transform.scaleX: the card's short side over TTS's 56 mm
    z: float  # Transform.scaleZ: the long side over TTS's 80 mm
    sideways: bool  # a landscape card: SidewaysCard (the Custom Deck dialog's "Sideways", custom-deck.md)


def card_scale(card: tuple[float, float]) -> CardScale:
    """The Transform that shows a card of `card` points (width, height) at its real size. A TTS card
    is a portrait mesh; a landscape card lies on it sideways, so its short side is still X."""
    width, height = (side / _MM for side in card)
    short, long = sorted((width, height))
    return CardScale(round(short / STANDARD_CARD_MM[0], 4), round(long / STANDARD_CARD_MM[1], 4), width > height)


def _transform_down(scale: CardScale) -> dict:
    """Face down, as a deck lies on the table, at the card's real size."""
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": scale.x, "scaleY": 1.0, "scaleZ": scale.z}


def saved_object(game_id: str, deck, sheets: list[Sheet], urls: dict[int, str], back_url: str,
                 describe, scale: CardScale = CardScale(1.0, 1.0, False)) -> dict:
    """The saved object for one deck: a DeckCustom holding one Card per copy (DeckIDs repeated
    per copy), or a single Card when the deck is one card. `urls`: sheet number -> FaceURL;
    `describe(card)`: the rules text shown as the card's Description; `scale`: card_scale()."""
    custom = {str(sheet.number): {
        "FaceURL": urls[sheet.number], "BackURL": back_url, "NumWidth": sheet.columns, "NumHeight": sheet.rows,
        # Hidden cards show the deck's back, as a card held in someone's hand does at the table;
        # the back is also drawn into each sheet's last slot, so turning this off changes nothing.
        "BackIsHidden": True,
        "UniqueBack": False,  # one back image for the whole deck, not a sheet of backs
        "Type": 0,  # 0 = rectangle with rounded corners (typed-tabletop-simulator CardType.RectangleRounded)
    } for sheet in sheets}
    cards = []
    for sheet in sheets:
        for slot, index in enumerate(sheet.cards):
            card = deck.cards[index]
            for copy in range(card.copies):
                cards.append(_card(game_id, deck.id, card, card_id(sheet, slot), custom[str(sheet.number)],
                                   sheet.number, f"{index}:{copy}", describe, scale))
    if len(cards) == 1:
        objects = [cards[0]]
    else:
        objects = [{
            "GUID": _guid(game_id, deck.id), "Name": "DeckCustom", "Transform": _transform_down(scale),
            "Nickname": deck.name, "Description": deck.description, "Locked": False, "Grid": True,
            "SidewaysCard": scale.sideways, "Hands": False, "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom,
            "ContainedObjects": cards,
        }]
    return {"SaveName": "", "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects, "TabStates": {},
            "VersionNumber": ""}


def _card(game_id: str, deck_id: str, card, number: int, custom: dict, key: int, which: str, describe,
          scale: CardScale) -> dict:
    return {"GUID": _guid(game_id, deck_id, which), "Name": "Card", "Transform": _transform_down(scale),
            "Nickname": card.name, "Description": describe(card), "Locked": False, "Grid": True,
            "SidewaysCard": scale.sideways, "Hands": True, "CardID": number, "CustomDeck": {str(key): custom}}


def _guid(*parts: str) -> str:
    """Six hex digits, as TTS writes GUIDs; derived from the names, so the same deck gives the
    same file (TTS gives an object a new GUID if one is already on the table)."""
    return hashlib.sha1("/".join(parts).encode()).hexdigest()[:6]


def saved_objects_folders(home: Path | None = None, system: str | None = None,
                          environ: Mapping[str, str] | None = None) -> list[Path]:
    """Where TTS may keep saved objects, most likely first: its data folder + Saves/Saved Objects.
    - TTS Knowledge Base, docs/getting-started/technical-info.md: Windows %USERPROFILE%\\Documents\\
      My Games\\Tabletop Simulator, macOS ~/Library/Tabletop Simulator, Linux ~/.local/share/Tabletop
      Simulator; "Using the in-game menu, you can choose to change the directory" (so: --tts-dir).
    - Windows with OneDrive backing up Documents: the same under %OneDrive%\\Documents
      (tts-deckconverter strips \\OneDrive from that path to find the real folder: PRINTING.md).
    - Linux with Steam from Snap: ~/snap/steam/common/.local/share/Tabletop Simulator (markomijic/
      TTS-Mod-Vault lib/src/state/directories/directories.dart, _getDefaultTtsDirectory)."""
    home = home or Path.home()
    system = system or platform.system()
    env: Mapping[str, str] = os.environ if environ is None else environ
    if system == "Windows":
        documents = [home / "Documents"]
        one_drive = env.get("OneDrive") or env.get("OneDriveConsumer")
        documents += [Path(one_drive) / "Documents"] if one_drive else []
        documents += [home / "OneDrive" / "Documents"]
        data = [folder / "My Games" / "Tabletop Simulator" for folder in documents]
    elif system == "Darwin":
        data = [home / "Library" / "Tabletop Simulator"]
    else:
        data = [home / ".local" / "share" / "Tabletop Simulator",
                home / "snap" / "steam" / "common" / ".local" / "share" / "Tabletop Simulator"]
    return list(dict.fromkeys(folder / "Saves" / "Saved Objects" for folder in data))


def saved_objects_folder(home: Path | None = None, system: str | None = None,
                         environ: Mapping[str, str] | None = None) -> Path | None:
    """The first of saved_objects_folders() that exists, or None."""
    return next((folder for folder in saved_objects_folders(home, system, environ) if folder.is_dir()), None)
