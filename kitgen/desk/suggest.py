"""Proposes an icon for each card from its name and text (`kitgen art GAME --suggest`): pure, but
for write_suggestions, which puts the proposals into the game's art folder and nowhere else.

Words of the card (its name counts three times as much as its text) are matched against the words
of the icons' kebab-case names, after a synonym table (data: icons/synonyms.yaml) adds the icon
words a card word stands for. A card whose name is an icon's name gets that icon. Within a deck
the cards are served best score first, and an icon already proposed for another card is passed
over, so the proposals are as distinct as the names allow. The designer reviews them.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from kitgen.errors import KitgenError, Where, error
from kitgen.load.files import display_path, outside

NAME_WEIGHT, TEXT_WEIGHT = 3.0, 1.0
HEADER = "# Icon proposals for "  # the first line of every file kitgen writes: one without it is the user's
STOP_WORDS = frozenset(
    "a an and any are as at be by can each for from has have if in into is it its of on one or per that the "
    "their them then this to two up with you your all other player players card cards may not no".split())


@dataclass(frozen=True)
class Suggestion:
    deck: str
    card_id: str
    name: str
    icon: str  # "" when no icon shares a word with the card
    alternatives: tuple[str, ...]
    score: float  # 0..1: how much of the card's name and of the icon's name the match covers
    current: str = ""  # the icon the card names now


def words(text: str) -> list[str]:
    """Lower-case word stems: accents dropped, plurals made singular ("ships" -> "ship")."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return [_stem(w) for w in re.findall(r"[a-z]+", plain.replace("'s ", " "))]


def _stem(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def index_icons(names: list[str]) -> dict[str, tuple[str, ...]]:
    """Word -> the icons whose name has it."""
    index: dict[str, list[str]] = {}
    for name in names:
        for word in dict.fromkeys(words(name.replace("-", " "))):
            index.setdefault(word, []).append(name)
    return {word: tuple(found) for word, found in index.items()}


def rank(name: str, text: str, names: set[str], index: dict, synonyms: dict[str, list[str]]) -> list[tuple[str, float]]:
    """Every icon sharing a word with the card, best first, with its score."""
    exact = re.sub(r"[^a-z0-9]+", "-", unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower())
    weighted = [(w, NAME_WEIGHT) for w in words(name)] + [(w, TEXT_WEIGHT) for w in words(text)]
    weighted = [(w, weight) for w, weight in weighted if w not in STOP_WORDS and len(w) > 2]
    total = sum(weight for w, weight in weighted if weight == NAME_WEIGHT) or 1.0
    hits: dict[str, tuple[dict, set]] = {}  # icon -> (card word -> its weight, the icon words matched)
    for word, weight in weighted:
        for target in [word] + synonyms.get(word, []):
            whole = [target] if target in names else []  # a synonym naming a whole icon
            for icon in whole + list(index.get(_stem(target), ())):
                found, matched = hits.setdefault(icon, ({}, set()))
                found[word] = max(found.get(word, 0.0), weight)
                matched.update(words(target.replace("-", " ")))
    scored = {icon: _score(icon, found, matched, total) for icon, (found, matched) in hits.items()}
    if exact.strip("-") in names:
        scored[exact.strip("-")] = 1.0
    return sorted(scored.items(), key=lambda item: (-item[1], len(item[0]), item[0]))


def _score(icon: str, found: dict[str, float], matched: set, total: float) -> float:
    """The share of the card's name matched times the share of the icon's words matched."""
    icon_words = words(icon.replace("-", " "))
    covered = sum(1 for w in icon_words if w in matched) / len(icon_words)
    return round(min(1.0, sum(found.values()) / total) * covered * 0.99, 2)


def suggest(decks: list[tuple[str, list]], icon_names: list[str], synonyms: dict[str, list[str]],
            alternatives: int = 2) -> list[Suggestion]:
    """`decks`: (deck id, cards). One suggestion per card, in deck order."""
    names, index = set(icon_names), index_icons(icon_names)
    synonyms = {_stem(word): [str(t).lower() for t in targets] for word, targets in synonyms.items()}
    result = []
    for deck_id, cards in decks:
        ranked = [rank(card.name, card.text, names, index, synonyms) for card in cards]
        taken: set[str] = set()
        chosen: dict[int, list[tuple[str, float]]] = {}
        for i in sorted(range(len(cards)), key=lambda i: -(ranked[i][0][1] if ranked[i] else 0)):
            free = [item for item in ranked[i] if item[0] not in taken] or ranked[i]
            chosen[i] = free[:alternatives + 1]
            if free:
                taken.add(free[0][0])
        for i, card in enumerate(cards):
            best = chosen[i]
            result.append(Suggestion(deck_id, card.id, card.name, best[0][0] if best else "",
                                     tuple(icon for icon, _ in best[1:]), best[0][1] if best else 0.0, card.icon))
    return result


def suggestions_yaml(game_title: str, game_ref: str, suggestions: list[Suggestion]) -> str:
    """The proposals as YAML a designer reads (strings JSON-quoted, which YAML reads back as is)."""
    lines = [f"{HEADER}{game_title}, by `kitgen art {game_ref} --suggest`. Nothing here is read",
             "# by kitgen: copy the icon you want onto the card as `icon: NAME` in decks/*.yaml.",
             "# score: 0..1, how much of the card's name and of the icon's name match (1: same name)."]
    deck = None
    for s in suggestions:
        if s.deck != deck:
            deck = s.deck
            lines.append(f"{json.dumps(deck)}:")
        fields = {"id": s.card_id, "name": s.name, "icon": s.icon, "alternatives": list(s.alternatives),
                  "score": s.score} | ({"current": s.current} if s.current else {})
        lines.append("  - {" + ", ".join(f"{key}: {json.dumps(value)}" for key, value in fields.items()) + "}")
    return "\n".join(lines) + "\n"


def write_suggestions(path: Path, game_folder: Path, text: str) -> None:
    """`text` into `path` (art/icon-suggestions.yaml): only inside the game folder (neither the
    file nor its folder a link out), never over a file kitgen did not write (the designer's own
    notes of that name), never through a link, and whole (written beside it, then renamed)."""
    where = Where(display_path(path))
    if outside(path.parent, game_folder):
        raise KitgenError(error(where, f"its folder leads outside the game folder (to {os.path.realpath(path.parent)}); "
                                       "kitgen writes its proposals only inside the game folder"))
    if path.is_symlink():
        raise KitgenError(error(where, "is a link; kitgen does not write through it: move it away and ask again"))
    if path.parent.exists() and not path.parent.is_dir():
        raise KitgenError(error(Where(display_path(path.parent)), "is a file, not the game's art folder"))
    if path.exists() and not path.is_file():
        raise KitgenError(error(where, "is there and is not a file; move it away and ask again"))
    if path.exists() and not _ours(path):
        raise KitgenError(error(where, "is there and was not written by kitgen (it has no '# Icon proposals' "
                                       "first line); move it away and ask again"))
    path.parent.mkdir(exist_ok=True)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _ours(path: Path) -> bool:
    with open(path, "rb") as file:
        return file.read(len(HEADER)).decode("utf-8", "replace") == HEADER
