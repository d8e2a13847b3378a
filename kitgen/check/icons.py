"""Every icon the game names is in the icon set (by name: an outline is read when it is drawn)."""
from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Collection, Mapping

from kitgen.errors import Problem, error
from kitgen.model import Game


def check_icons(game: Game, names: Collection[str], keywords: Mapping[str, list[str]] | None = None) -> list[Problem]:
    """`names`: the icons of the set; `keywords`: word -> icon words or names it stands for (the
    set's keywords, icons/synonyms.yaml), for the did-you-mean. Each card type, attribute, card,
    back, counter, token and icon field naming another is an error."""
    named = [(f"card type '{t.name}'", t.icon, t.where) for t in game.card_types if t.icon]
    named += [(f"attribute '{a.name}'", a.icon, a.where) for a in game.attributes if a.icon]
    named += [(f"card '{c.name}'", c.icon, c.where) for d in game.decks for c in d.cards if c.icon]
    named += [(f"back of deck '{d.id}'", d.back.icon, d.back.where or d.where) for d in game.decks if d.back.icon]
    named += [(f"counter '{c.name}'", c.icon, c.where) for c in game.counters if c.icon]
    named += [(f"token '{t.name}'", t.icon, t.where) for t in game.tokens if t.icon]
    named += [(f"field '{f.name}'", f.icon, f.where) for f in (*game.fields, *(f for t in game.card_types
                                                                            for f in t.fields)) if f.icon]
    icon_fields = {f.name for t in game.card_types for f in t.fields if f.kind == "icon"}
    icon_fields |= {f.name for f in game.fields if f.kind == "icon"}
    named += [(f"card '{c.name}': field '{v.name}'", v.value, v.where or c.where) for d in game.decks for c in d.cards
              for v in c.fields if v.name in icon_fields and isinstance(v.value, str) and v.value]
    problems = []
    for owner, icon, where in named:
        if icon not in names:
            close = icon_did_you_mean(icon, names, keywords or {})
            problems.append(error(where, f"{owner}: no icon named '{icon}'" + (f" (did you mean '{close}'?)" if close else "")))
    return problems


def unknown_icons(game: Game, names: Collection[str]) -> bool:
    """Whether the game names an icon the set lacks (only then are the keywords worth reading)."""
    return bool(check_icons(game, names))


MAX_WORD = 100  # characters: no icon name is longer than about 30


def icon_did_you_mean(word: str, names: Collection[str], keywords: Mapping[str, list[str]]) -> str:
    """The icon a mistyped or described `word` most likely means, or "": a name at most one edit
    away (two from 11 characters: a typo, never 'pincers' for 'princess', two edits apart), else
    the shortest name having the word (or a word the keywords give for it) as one of its words."""
    word = word.strip().lower()[:MAX_WORD]
    allowed = 1 if len(word) <= 10 else 2
    close = [n for n in difflib.get_close_matches(word, list(names), n=10, cutoff=0.5) if _edits(word, n) <= allowed]
    if close:
        return close[0]
    found = icons_with_word(word, names, keywords)
    return found[0] if found else ""


def icons_with_word(word: str, names: Collection[str], keywords: Mapping[str, list[str]]) -> list[str]:
    """The icons whose kebab-case name has `word` as one of its words, then those its keywords name
    (a keyword's target is an icon's name or a word of names), each list shortest first."""
    parts = [w for w in re.split(r"[^a-z0-9]+", _plain(word)) if w]
    if not parts:
        return []
    keywords = {_plain(key): value for key, value in keywords.items()}  # written with accents or not: épée, epee
    targets = [t for p in parts for t in keywords.get(p, keywords.get(_singular(p), []))]
    words = {n: {_singular(w) for w in n.split("-")} for n in names}  # crossed-swords: crossed, sword
    direct = [n for n in names if all(_singular(p) in words[n] for p in parts)]
    named = [t for t in targets if t in names]
    by_word = [n for n in names for t in targets if t not in names and _singular(t) in words[n]]
    ordered = sorted(direct, key=lambda n: (len(n), n)) + named + sorted(by_word, key=lambda n: (len(n), n))
    return list(dict.fromkeys(ordered))


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")) else word


def _plain(text: str) -> str:
    """Lower case, accents dropped: keywords are written without them (épée: epee)."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def _edits(a: str, b: str) -> int:
    """Levenshtein distance (insert, delete, replace), counting a swap of neighbours as one."""
    previous, current = list(range(len(b) + 1)), [0] * (len(b) + 1)
    before: list[int] = []
    for i, x in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, start=1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                current[j] = min(current[j], before[j - 2] + 1)
        before, previous = previous, current
    return previous[len(b)]


def uses_icons(game: Game) -> bool:
    """Whether any card type, attribute or card shows an icon (the set's attribution is then printed)."""
    return any(t.icon for t in game.card_types) or any(a.icon for a in game.attributes) \
        or any(c.icon for d in game.decks for c in d.cards)
