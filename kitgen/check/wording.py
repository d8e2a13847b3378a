"""Slips in the words a game prints for players: text that would print a backslash, a code given
twice, a seed's alias where the attribute's name belongs. Warnings only: the data still builds.

Stdlib only. Returns problems; never raises for bad data.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from functools import lru_cache

from kitgen.errors import Problem, Where, warning
from kitgen.model import Game

ESCAPED_QUOTE = '\\"'  # a backslash and a quote: YAML reads escapes only between double quotes


def check_wording(game: Game) -> list[Problem]:
    return _escaped_quotes(game) + _codes_twice(game) + _aliases_in_print(game)


def _escaped_quotes(game: Game) -> list[Problem]:
    """Block text (> or |) keeps a backslash as it stands, so \\" prints as \\" (Civilization's
    rules printed it on four lines)."""
    found: list[tuple[str, Where | None]] = []
    _escaped(game, [], game.where, found)
    return [warning(where, f"{path}: prints \\\" as it stands, backslash and all: in block text (> or |) "
                           "write \" alone (escapes work only between double quotes)")
            for path, where in found]


def _escaped(value, path: list, where: Where | None, found: list) -> None:
    """Every text in the game that holds an escaped quote, with its path (rules[2].text[0]) and the
    nearest record's place, into `found`. Every build and validate visits each value of the game
    (~34,000 for Galactic Civ), so the path is a stack of names and indexes, made into text only
    for a text found: 3.6 -> 1.6 ms for Galactic Civ, where a generator naming each value took twice that."""
    if isinstance(value, str):
        if ESCAPED_QUOTE in value:
            found.append(("".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path).lstrip("."),
                          where))
    elif isinstance(value, (tuple, list)):
        for index, item in enumerate(value):
            path.append(index)
            _escaped(item, path, where, found)
            path.pop()
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        where = getattr(value, "where", None) or where
        for name in _fields(type(value)):
            path.append(name)
            _escaped(getattr(value, name), path, where, found)
            path.pop()


@lru_cache(maxsize=None)
def _fields(kind: type) -> tuple[str, ...]:
    """A record type's fields but `where`, in order."""
    return tuple(field.name for field in dataclasses.fields(kind) if field.name != "where")


def _codes_twice(game: Game) -> list[Problem]:
    """An abbreviation listed again among the aliases, or an alias twice: the reference would print
    'EC, EC'."""
    problems = []
    for attribute in game.attributes:
        codes = [c for c in (attribute.abbreviation, *attribute.aliases) if c]
        twice = sorted({c for c in codes if codes.count(c) > 1})
        if twice:
            problems.append(warning(attribute.where, f"attribute '{attribute.name}': "
                                    f"{', '.join(repr(c) for c in twice)} given twice (abbreviation and aliases "
                                    "are each one code; the reference lists them all): drop the repeat"))
    return problems


def _aliases_in_print(game: Game) -> list[Problem]:
    """A word alias that is another form of the name (the seed's 'Expand' for Expansion, 'Ecology'
    for Planetary Ecology) in text printed for players, where the attribute's own name belongs.
    Codes (EC) are how cards abbreviate, and a word of its own (Hammers, the symbol Production is
    counted in) is the game's vocabulary: neither is reported."""
    words = {alias: attribute.name for attribute in game.attributes for alias in attribute.aliases
             if not alias.isupper() and alias.casefold() != attribute.name.casefold()
             and _variant(alias, attribute.name)}
    if not words:
        return []
    names = sorted((a.name for a in game.attributes), key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")\b")
    problems = []
    for owner, text, where in _printed(game):
        for name in names:  # 'Commerce' inside 'Economy Commerce' is the name, not an alias
            text = text.replace(name, " ")
        for alias in dict.fromkeys(pattern.findall(text)):
            problems.append(warning(where, f"{owner}: prints '{alias}', an alias of {words[alias]}: players read the "
                                    f"attribute's name, so print '{words[alias]}' (or say why in an erratum)"))
    return problems


def _variant(alias: str, name: str) -> bool:
    """'Expand' of Expansion, 'Ecology' of Planetary Ecology: the alias starts as a word of the name
    does (4 letters: 'Econ', 'Expa'), so a reader takes it for the same word, shortened or respelled."""
    stems = {word[:4].casefold() for word in name.split() if len(word) >= 4}
    return any(word[:4].casefold() in stems for word in alias.split() if len(word) >= 4)


def _printed(game: Game) -> Iterator[tuple[str, str, Where | None]]:
    """The texts printed on cards and the reference for players: card text, type reminders, phase
    summaries (the rules' own sections quote the seed and keep its words)."""
    for deck in game.decks:
        for card in deck.cards:
            yield f"card '{card.name}'", card.text, card.where
    for card_type in game.card_types:
        yield f"card type '{card_type.name}': description", card_type.description, card_type.where
    for phase in game.phases:
        yield f"phase '{phase.name}': summary", phase.summary, phase.where
