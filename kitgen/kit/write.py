"""The write stage: every file of a laid-out kit drawn (render/) or, when made before from the same
content, copied from the build cache, into the staging folder (kit/staging.py swaps it in)."""
from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from kitgen.layout.cards import Page
from kitgen.layout.document import Document
from kitgen.model import Game

Progress = Callable[[str, int, int], None]  # file, done, total


@dataclass(frozen=True)
class LaidOutKit:
    """Every file of a kit, laid out: card sheets (pages made as they are drawn) and documents."""

    game: Game
    sheets: dict[str, list[Page]]
    documents: dict[str, Document | None]  # None: not laid out, as its file is reused (`reuse`)
    instruction: str  # how the card sheets are printed (their footers)
    duplex: str | None  # the print dialog's default: DuplexFlipLongEdge, DuplexFlipShortEdge, or none
    images: dict  # art key -> what reportlab reads the picture from
    reuse: dict[str, Path]  # file name -> the same file made before (the build cache)
    drawn: dict[str, bytes] = field(default_factory=dict)  # documents drawn already (to count their pages)


class Written(NamedTuple):
    files: tuple[str, ...]  # every file of the kit, by name
    rendered: tuple[str, ...]  # those drawn anew (the others were copied from the cache)


def write_kit(folder: Path, kit: LaidOutKit, progress: Progress | None = None) -> Written:
    """Write every file into `folder`, then the manifest. `progress(file, done, total)` hears of
    each page drawn (documents: 0 then 1 of 1)."""
    from kitgen.kit.changes import MANIFEST, manifest_chunks  # here, not at the top: validate never writes a kit
    rendered = []
    accent = kit.game.decks[0].back.color if kit.game.decks else "#333333"  # as build.accent_of
    for name in [*kit.sheets, *kit.documents]:
        if name in kit.reuse:
            shutil.copyfile(kit.reuse[name], folder / name)
            continue
        rendered.append(name)
        if name in kit.drawn:
            (folder / name).write_bytes(kit.drawn[name])
            if progress:
                progress(name, 1, 1)
        elif name in kit.sheets:
            from kitgen.render.sheets import write_sheets  # reportlab: only when a file is drawn, not for a kit all reused

            write_sheets(folder / name, kit.sheets[name], sheets_title(kit.game, name), kit.duplex, kit.images,
                         (lambda done, total, name=name: progress(name, done, total)) if progress else None)
        else:
            from kitgen.render.document import render_document  # reportlab: only when a document is drawn

            if progress:
                progress(name, 0, 1)
            document = kit.documents[name]
            assert document is not None  # laid out: lay_out_kit lays out every document it does not reuse
            render_document(document, folder / name, kit.game.title, accent, kit.instruction)
            if progress:
                progress(name, 1, 1)
    with open(folder / MANIFEST, "w", encoding="utf-8", newline="\n") as file:  # written as it is made
        file.writelines(manifest_chunks(kit.game))
    return Written(tuple(sorted([*kit.sheets, *kit.documents])), tuple(rendered))


def sheets_title(game: Game, name: str) -> str:
    """A card or token sheets file's PDF title: the game's and what the file holds, in words."""
    _ = game.language
    for deck in game.decks:
        if name == f"cards-{deck.id}.pdf":
            return _("{game}: {deck} cards", game=game.title, deck=deck.name)
        if name == f"cards-{deck.id}-backs.pdf":
            return _("{game}: {deck} backs", game=game.title, deck=deck.name)
    if name == "tokens.pdf":
        return _("{game}: tokens", game=game.title)
    if name == "cards-changed.pdf":
        return _("{game}: changed cards", game=game.title)
    return f"{game.title}: {name.removesuffix('.pdf')}"
