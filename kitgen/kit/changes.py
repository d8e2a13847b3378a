"""Reprint only what changed: compare the cards with an earlier version of the game (a git
revision, or a previous build's build-manifest.json) and say which cards are new or different.
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from kitgen.kit.cache import data_key
from kitgen.errors import KitgenError, Problem, Where, error
from kitgen.layout.document import escape_markup
from kitgen.load import load_game
from kitgen.load.files import display_path
from kitgen.model import Card, Game, effect_value

MANIFEST = "build-manifest.json"


@dataclass(frozen=True)
class Change:
    deck: str
    card: str
    before: str  # "" for a new card
    after: str  # "" for a removed card


def card_entries(game: Game) -> dict[tuple[str, str], dict]:
    """(deck id, card id) -> the card's content key and a one-line summary of what it says."""
    return {(deck.id, card.id): {"name": card.name, "key": data_key(card, game.card_type(card.type)),
                                 "summary": summarise(game, card)}
            for deck in game.decks for card in deck.cards}


def summarise(game: Game, card: Card) -> str:
    parts = [f"{card.type}"]
    for effect in card.effects:
        attribute = game.attribute(effect.attribute)
        name = attribute.name if attribute else effect.attribute
        parts.append(f"{name} {effect_value(effect)}" + (f" ({effect.condition})" if effect.condition else ""))
    if card.text:
        parts.append(card.text)
    if card.copies != 1:
        parts.append(f"x{card.copies}")
    return "; ".join(parts)


def manifest_chunks(game: Game) -> Iterator[str]:
    """build-manifest.json piece by piece, card by card (the same text as json.dumps with indent=1):
    a 10,000-card deck's manifest is never one string in memory."""
    cards = ({"deck": deck.id, "id": card.id, "name": card.name, "key": data_key(card, game.card_type(card.type)),
              "summary": summarise(game, card)} for deck in game.decks for card in deck.cards)
    first = next(cards, None)
    if first is None:
        yield json.dumps({"game": game.id, "cards": []}, indent=1, ensure_ascii=False) + "\n"
        return
    yield "{\n \"game\": " + json.dumps(game.id, ensure_ascii=False) + ",\n \"cards\": [\n"
    for index, card in enumerate(itertools.chain([first], cards)):
        # json.dumps(card, indent=1), each line indented two more: written out here because with
        # an indent json encodes in pure Python, a tenth of a millisecond a card
        yield (",\n  {\n" if index else "  {\n") + ",\n".join(
            f"   {json.dumps(name)}: {json.dumps(value, ensure_ascii=False)}" for name, value in card.items()) + "\n  }"
    yield "\n ]\n}\n"


def changes_since(game: Game, game_folder: Path, ref: str) -> list[Change]:
    before = _entries_at(ref, game_folder, game.id)
    after = card_entries(game)
    changes = [Change(deck, entry["name"], before[(deck, card)]["summary"] if (deck, card) in before else "",
                      entry["summary"])
               for (deck, card), entry in after.items()
               if (deck, card) not in before or before[(deck, card)]["key"] != entry["key"]]
    changes += [Change(deck, entry["name"], entry["summary"], "") for (deck, card), entry in before.items()
                if (deck, card) not in after]
    return changes


def _entries_at(ref: str, game_folder: Path, game_id: str) -> dict[tuple[str, str], dict]:
    path = Path(ref)
    manifest = path / MANIFEST if path.is_dir() else path
    if path.is_dir() and not manifest.is_file():
        raise KitgenError(error(Where(str(path)), f"--changed-since: this folder holds no {MANIFEST}; "
                                "name a previous build's folder"))
    if manifest.is_file():
        return _manifest_entries(manifest, game_id)
    with tempfile.TemporaryDirectory() as scratch:
        from kitgen.kit.revision import checkout  # here: git (subprocess) only for --changed-since

        folder = checkout(ref, game_folder, Path(scratch))
        try:
            return card_entries(load_game(folder))
        except KitgenError as exc:  # name the user's files, not the scratch copy that is gone after
            raise KitgenError([_at_revision(p, Path(scratch), game_folder, ref) for p in exc.problems]) from None


def _at_revision(problem: Problem, scratch: Path, game_folder: Path, ref: str) -> Problem:
    """A problem of the game as it was at `ref`: at the same file of the user's game folder (the
    line is the line at `ref`), and saying which revision it is."""
    file = problem.where.file
    for root in {str(scratch), os.path.realpath(scratch), display_path(scratch)}:
        if file == root or file.startswith(root + os.sep):
            file = display_path(game_folder / os.path.relpath(file, root))
            break
    return dataclasses.replace(problem, where=dataclasses.replace(problem.where, file=file),
                               message=f"at {ref}: {problem.message}")


def _manifest_entries(manifest: Path, game_id: str) -> dict[tuple[str, str], dict]:
    """A previous build's cards, from its manifest: refused unless every entry has the shape
    manifest_chunks writes and the manifest is of this game."""
    where = Where(str(manifest))
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else "not JSON"
        raise KitgenError(error(where, f"--changed-since: cannot read this build manifest ({why})")) from None
    fields = ("deck", "id", "name", "key", "summary")
    cards = data.get("cards") if isinstance(data, dict) else None
    if not (isinstance(data, dict) and isinstance(data.get("game"), str) and isinstance(cards, list)
            and all(isinstance(c, dict) and all(isinstance(c.get(f), str) for f in fields) for c in cards)):
        raise KitgenError(error(where, "--changed-since: not a kitgen build manifest (it needs \"game\" and "
                                       "\"cards\", each card with deck, id, name, key and summary)"))
    if data["game"] != game_id:
        raise KitgenError(error(where, f"--changed-since: this manifest is of game '{data['game']}', not "
                                       f"'{game_id}'; name a previous build of this game"))
    return {(c["deck"], c["id"]): c for c in cards}


def changes_markup(game: Game, ref: str, changes: list[Change]) -> str:
    """The errata list as document markup (kitgen/layout/document.py), in the game's language; data
    text escaped, as the templates' values are, so a card's text can never become markup."""
    text, _ = escape_markup, game.language
    lines = ["# " + _("{game}: Changes since {ref}", game=text(game.title), ref=text(ref)),
             _.ngettext("{count} card changed. Reprint them from cards-changed.pdf and swap them into your deck.",
                        "{count} cards changed. Reprint them from cards-changed.pdf and swap them into your deck.",
                        len(changes))]
    decks = {deck.id: deck.name for deck in game.decks}
    for change in changes:
        name = f"**{text(change.card)}** ({text(decks.get(change.deck, change.deck))})"
        if not change.before:
            lines.append(f"- {name}: " + _("new card. {card}", card=text(change.after)))
        elif not change.after:
            lines.append(f"- {name}: " + _("removed. Take it out of the deck."))
        else:
            lines.append(f"- {name}: " + _("was {before}; now {after}", before=text(change.before), after=text(change.after)))
    return "\n".join(lines) + "\n"
