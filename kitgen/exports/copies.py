"""The files a shop's builder takes, named and counted: each distinct card face and each deck's back
(`card_faces`, named by the target's patterns), one file per card or, per copy, a pair per printed copy
(its front and its back), and cards.csv listing every file and how many to print. Draws nothing."""
from __future__ import annotations

import csv
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from kitgen.errors import KitgenError, Where, error
from kitgen.exports.shops import Target
from kitgen.kit.build import Prepared
from kitgen.layout.cards import BACK, DeckFaces
from kitgen.load.sheet import csv_cell


@dataclass(frozen=True)
class Face:
    deck: DeckFaces
    index: int  # the card's place in its deck, or BACK
    name: str  # the image's file name


def card_faces(checked: Prepared, target: Target) -> list[Face]:
    """Each card's front once, then the deck's back, named by the target's patterns; two cards
    that would get one name (a repeated id) keep their place in the deck in it."""
    faces, seen = [], set()
    for deck_faces in checked.faces:
        deck = deck_faces.deck
        for index, card in enumerate(deck.cards):
            name = target.front.format(deck=deck.id, number=index + 1, card=card.id or f"card-{index + 1}")
            if name in seen:
                name = f"{name.removesuffix('.png')}-{index + 1}.png"
            seen.add(name)
            faces.append(Face(deck_faces, index, name))
        faces.append(Face(deck_faces, BACK, target.back.format(deck=deck.id)))
    return faces


def print_pages(faces: list[Face]) -> list[tuple[DeckFaces, int]]:
    """The PDF/X's pages: every printed copy of each front in `faces`, each followed by its deck's back."""
    return [(face.deck, index) for face in faces if face.index != BACK
            for _ in range(face.deck.deck.cards[face.index].copies) for index in (face.index, BACK)]


class Written(NamedTuple):
    file: str  # the image's file name in the export folder
    card: str  # what it shows
    copies: int  # how many to print from it
    deck: str = ""  # the deck's id
    back: bool = False  # the deck's back


CSV_COLUMNS = ("file", "card", "copies")


def copy_names(faces: list[Face]) -> dict[str, list[str]]:
    """One file name per printed copy of each card face, numbered in upload order across its deck
    (MakePlayingCards' and DriveThruCards' builders take an image per copy, in file-name order):
    front-deck-001-scout.png, front-deck-002-scout.png, front-deck-003-frigate.png ...; each copy's
    back is the same name with back- (_write_copies)."""
    names: dict[str, list[str]] = {}
    number: dict[int, int] = {}
    for face in faces:
        if face.index == BACK:
            continue
        card = face.deck.deck.cards[face.index]
        first = number.get(id(face.deck), 0)
        number[id(face.deck)] = first + card.copies
        suffix = Path(face.name).suffix
        names[face.name] = [f"{FRONT}{face.deck.deck.id}-{first + n + 1:03d}-{card.id or f'card-{face.index + 1}'}{suffix}"
                            for n in range(card.copies)]
    return names


FRONT, BACK_OF = "front-", "back-"  # per copy: each front's file, and its back's (the same name after these)


def write_copies(folder: Path, faces: list[Face], copies: dict[str, list[str]]) -> list[Written]:
    """What was written, as cards.csv lists it: a face once with its copies (a back once per card
    the export holds from its deck), or, per copy, each copy's front and its back, one file each:
    the shops' builders take as many backs as fronts ("The number of files in the front folder
    should equal the number of files in the back folder": seastan/lotr-lcg-set-generator,
    Docs/MakePlayingCards.pdf; DriveThruCards' builder takes a back image and a front image per
    card, Docs/DriveThruCards.pdf)."""
    written = []
    backs = {id(face.deck): face.name for face in faces if face.index == BACK}
    for face in faces:
        deck = face.deck.deck
        if face.index == BACK:
            if not copies:
                held = sum(deck.cards[other.index].copies for other in faces
                           if other.deck is face.deck and other.index != BACK)
                written.append(Written(face.name, f"{deck.name} (back)", held, deck.id, True))
            continue
        if not copies:
            written.append(Written(face.name, deck.cards[face.index].name, deck.cards[face.index].copies, deck.id))
            continue
        for name in copies[face.name]:
            shutil.copyfile(folder / face.name, folder / name)
            written.append(Written(name, deck.cards[face.index].name, 1, deck.id))
            back = BACK_OF + name.removeprefix(FRONT)
            shutil.copyfile(folder / backs[id(face.deck)], folder / back)
            written.append(Written(back, f"{deck.name} (back)", 1, deck.id, True))
        (folder / face.name).unlink()
    if copies:
        for name in backs.values():
            (folder / name).unlink()
    return written


def write_quantities(path: Path, written: list[Written]) -> None:
    """cards.csv: each image, what it is and how many to print."""
    with open(path, "w", encoding="utf-8", newline="") as file:
        writer = csv.writer(file, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for row in written:  # names are the game's text: never a formula to the shop's spreadsheet
            writer.writerow([csv_cell(value) for value in row[:len(CSV_COLUMNS)]])


def chosen_faces(faces: list[Face], cards: tuple[str, ...]) -> list[Face]:
    """Only the named cards (by name or id, any case), each with its deck's back; all without names."""
    if not cards:
        return faces
    wanted = {name.casefold() for name in cards}
    picked = [face for face in faces if face.index != BACK and wanted & {face.deck.deck.cards[face.index].name.casefold(),
                                                                          face.deck.deck.cards[face.index].id.casefold()}]
    if not picked:
        raise KitgenError(error(Where("--card"), f"no card named {', '.join(cards)}"))
    decks = {id(face.deck) for face in picked}
    return picked + [face for face in faces if face.index == BACK and id(face.deck) in decks]
