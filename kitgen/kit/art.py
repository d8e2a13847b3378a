"""Which picture each card (and each deck's back) uses, checked and prepared before layout.

A card's `art:` key names a file inside the game folder; otherwise art/<card id>.png|jpg|jpeg|webp
in the game's art folder (or --art DIR) is used when present, and the template's placeholder when
not. A named file that is missing or unreadable prints a visible placeholder and a warning.
"""
from __future__ import annotations

import errno
import os
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kitgen.check.art import art_file, art_name, art_not_contained
from kitgen.check.templates import checked_template
from kitgen.errors import KitgenError, Problem, Where, error
from kitgen.load.files import contained, display_path, outside
from kitgen.model import Box, CardTemplate, Deck, Game, front_key
from kitgen.project import Project, Resolved
from kitgen.units import parse_focus

if TYPE_CHECKING:
    from kitgen.render.images import Art

EXTENSIONS = (".png", ".jpg", ".jpeg", ".webp")


@dataclass
class ArtSet:
    by_deck: dict[str, dict[str, dict]] = field(default_factory=dict)  # deck -> card id ("" = back) -> info
    images: dict[str, Art] = field(default_factory=dict)  # key -> prepared picture, embedded once
    problems: list[Problem] = field(default_factory=list)
    prepared: dict = field(default_factory=dict)  # (file, box, fit, focus) -> Art


def art_box(template: CardTemplate) -> Box | None:
    return next((box for box in template.boxes if box.kind == "art"), None)


def find_art(game_folder: Path, art_dir: Path | None, card_id: str, listed: set[str] | None = None) -> Path | None:
    """`listed` (art_listing() of the folder) rules out at once a card with no file by its name:
    asking the file system for each card was most of collecting a large deck's art."""
    folder = art_dir or game_folder / "art"
    if not card_id or len(card_id) > 200:  # the validator reports such ids; no file can be named so
        return None
    names = [f"{card_id}{ext}" for ext in EXTENSIONS]
    if listed is not None and not any(_folded(name) in listed for name in names):
        return None
    return next((folder / name for name in names if (folder / name).exists() or (folder / name).is_symlink()), None)


def art_listing(game_folder: Path, art_dir: Path | None) -> set[str]:
    """The art folder's file names as a file system that ignores case or Unicode form may match
    them (the file system still has the last word). A game's own art/ may be missing (most games
    have none); --art DIR, which the user asked for, must be a folder that can be read."""
    try:
        return {_folded(name) for name in os.listdir(art_dir or game_folder / "art")}
    except OSError as exc:  # no art folder, or not a folder: no card has a picture by its id
        if art_dir is not None:
            raise KitgenError(error(Where(str(art_dir)), f"--art: {_unreadable(exc)}; give the folder of card "
                                                         "art, files named by card id")) from None
        return set()


def _unreadable(exc: OSError) -> str:
    return {errno.ENOENT: "no such folder", errno.ELOOP: "a loop of symbolic links: it leads to no folder",
            errno.ENOTDIR: "not a folder"}.get(exc.errno or 0, f"cannot be read ({exc.strerror})")


def _folded(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


def collect_art(game: Game, folder: Path, art_dir: Path | None, front: dict[str, CardTemplate],
                back: CardTemplate) -> ArtSet:
    """`front`: each card type's front template (its art box is the picture's size)."""
    found = ArtSet()
    back_box = art_box(back)
    listed = art_listing(folder, art_dir)
    for deck in game.decks:
        found.by_deck[deck.id] = {}
        for card in deck.cards:
            path = _named(folder, card.art, card.where, f"card '{card.name}'", found) if card.art else \
                _by_id(folder, art_dir, card.id, listed, card.where, found)
            front_box = art_box(front[front_key(card)]) if front_key(card) in front else None
            if path and front_box:
                _add(found, deck, card.id, path, front_box, _focus(card.art_focus), f"card '{card.name}'", card.where)
        if deck.back.image and back_box:
            path = _named(folder, deck.back.image, deck.back.where or deck.where, f"back of deck '{deck.id}'", found)
            if path:
                _add(found, deck, "", path, back_box, (0.5, 0.5), f"back of deck '{deck.id}'", deck.back.where)
    return found


def _named(folder: Path, name: str, where: Where | None, owner: str, found: ArtSet) -> Path | None:
    """A file the data names: it must stay inside the game folder; a missing one is a warning."""
    where = where or Where(str(folder))
    path = folder / name
    problems = art_name(name, where, owner)
    if not problems:  # a file outside the folder is not even looked for
        refused = outside(path, folder)
        exists = not refused and (path.exists() or path.is_symlink())
        problems = art_file(name, display_path(path), refused, exists, where, owner)
    if problems:
        found.problems += problems
        return None
    return _contained(path, folder, None, where, owner, found)


def _by_id(folder: Path, art_dir: Path | None, card_id: str, listed, where, found: ArtSet) -> Path | None:
    path = find_art(folder, art_dir, card_id, listed)
    return _contained(path, folder, art_dir, where, f"art {display_path(path)}", found) if path else None


def _contained(path: Path, folder: Path, art_dir: Path | None, where, owner: str, found: ArtSet) -> Path | None:
    """The picture, resolved, when load/files.contained allows it (--art DIR is the user's own)."""
    try:
        return contained(path, folder, shipped=(art_dir,) if art_dir else ())
    except KitgenError as exc:
        found.problems.append(art_not_contained(where or Where(display_path(path)), owner, exc.problems[0].message))
        return None


def _add(found: ArtSet, deck: Deck, card_id: str, path: Path, box: Box, focus, owner: str, where) -> None:
    request = (path, box.w, box.h, box.fit, focus)
    if request in found.prepared:  # one picture named by many cards is read and prepared once
        art = found.prepared[request]
        found.by_deck[deck.id][card_id] = {"key": art.key, "aspect": art.aspect}
        return
    from kitgen.render.images import prepare_art  # here: a game without pictures never imports Pillow

    art, problems = prepare_art(path, box.w, box.h, box.fit, focus, display_path(path), owner,
                                where or Where(display_path(path)))
    if art is not None:
        found.prepared[request] = art
    found.problems += problems
    if art is not None:
        found.images[art.key] = art
        found.by_deck[deck.id][card_id] = {"key": art.key, "aspect": art.aspect}


def _focus(text: str) -> tuple[float, float]:
    return parse_focus(text)  # checked where the card was read (load/schema.py): a bad one never gets here


def art_table(project: Project, game_ref: str | Resolved, art_dir: Path | None) -> tuple[list[dict], dict | None]:
    """For `kitgen art`: every card, whether it has art and which file it uses or would use."""
    from kitgen.load import load_game
    from kitgen.load.looks import read_look

    folder = project.game_folder(game_ref)
    game = load_game(folder)
    look_folder = read_look(game.look, folder, project.templates)[0]
    box = art_box(checked_template("card-front.yaml", project.template_dirs(folder, look=look_folder)))
    rows = []
    listed = art_listing(folder, art_dir)
    for deck in game.decks:
        for card in deck.cards:
            # as the build decides (collect_art): a file the build refuses (a path or link out of
            # the game, not a regular file) is no art, and says why
            refusals = ArtSet()
            found = _named(folder, card.art, card.where, f"card '{card.name}'", refusals) if card.art else \
                _by_id(folder, art_dir, card.id, listed, card.where, refusals)
            default = (art_dir or folder / "art") / f"{card.id}.png"
            named = display_path(folder / card.art) if card.art and "://" not in card.art and \
                not Path(card.art).is_absolute() else card.art
            rows.append({"deck": deck.id, "card": card.name, "has_art": found is not None,
                         "file": display_path(found) if found else (named if card.art else display_path(default)),
                         "problems": [p for p in refusals.problems if p.is_error]})
    info = None
    if box:
        info = {"w_mm": box.w / 72 * 25.4, "h_mm": box.h / 72 * 25.4, "fit": box.fit,
                "w_px": round(box.w / 72 * 300), "h_px": round(box.h / 72 * 300)}
    return rows, info
