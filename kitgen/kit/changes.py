"""Reprint only what changed: compare the cards with an earlier version of the game (a git
revision, or a previous build's build-manifest.json) and say which cards are new or different.
"""
from __future__ import annotations

import io
import itertools
import json
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from kitgen.kit.cache import content_key
from kitgen.errors import KitgenError, Where, error
from kitgen.layout.document import escape_markup
from kitgen.load import load_game
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
    return {(deck.id, card.id): {"name": card.name, "key": content_key(card, game.card_type(card.type)),
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
    cards = ({"deck": deck.id, "id": card.id, "name": card.name, "key": content_key(card, game.card_type(card.type)),
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
        return card_entries(load_game(_git_checkout(ref, game_folder, Path(scratch))))


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


def _git_checkout(ref: str, game_folder: Path, scratch: Path) -> Path:
    """The game folder as it was at a git revision, unpacked into scratch. The revision is the
    user's text: it is refused if it could be read as an option, resolved to a commit with
    --end-of-options, and only the commit id it names reaches `git archive`."""
    refused = KitgenError(error(Where(ref), "--changed-since: not a git revision of this game, nor a previous "
                                "build's folder or build-manifest.json"))
    if not ref or ref.startswith("-") or any(ord(c) < 32 for c in ref):
        raise refused
    folder = game_folder.resolve()
    try:
        top = _git(folder, "rev-parse", "--show-toplevel").decode().strip()
        commit = _git(folder, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}").decode().strip()
        relative = folder.relative_to(Path(top).resolve())
        archive = _git(Path(top), "archive", "--format=tar", commit, "--", str(relative))
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, FileNotFoundError, ValueError, UnicodeDecodeError):
        raise refused from None
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(scratch, filter="data")
    return scratch / relative


def _git(folder: Path, *args: str) -> bytes:
    return subprocess.run(["git", "-C", str(folder), *args], capture_output=True, check=True,
                          stdin=subprocess.DEVNULL, timeout=60).stdout


def changes_markup(game: Game, ref: str, changes: list[Change]) -> str:
    """The errata list as document markup (kitgen/layout/document.py); data text escaped, as the
    templates' values are, so a card's text can never become markup."""
    text = escape_markup
    lines = [f"# {text(game.title)}: Changes since {text(ref)}",
             f"{len(changes)} card(s) changed. Reprint them from cards-changed.pdf and swap them into your deck."]
    decks = {deck.id: deck.name for deck in game.decks}
    for change in changes:
        name = f"**{text(change.card)}** ({text(decks.get(change.deck, change.deck))})"
        if not change.before:
            lines.append(f"- {name}: new card. {text(change.after)}")
        elif not change.after:
            lines.append(f"- {name}: removed. Take it out of the deck.")
        else:
            lines.append(f"- {name}: was {text(change.before)}; now {text(change.after)}")
    return "\n".join(lines) + "\n"
