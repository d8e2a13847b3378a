"""Cache keys, derived: a key hashes the values a stage reads, whole, never a list of their fields
written by hand (STYLE.md 13, Black's `Mode.get_cache_key`). A field added to a record, or a name
added to what a face's template sees, is in the key without anyone listing it.

canonical(value) is text that is equal exactly when the values compare equal as kitgen's frozen
records do: every field that takes part in `==`, nothing that does not (`where`, the line a value
was read from: see kit/prepare.DeckNotes for why a face's problems are said at its line now).
A value of a type it does not know is a TypeError, never a guess: such a value gets an entry in
CANONICAL (a plain dict, type -> its canonical text).
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from kitgen import __version__, model
from kitgen.load.icons import IconSet

PRIMITIVES = (str, int, float, bool, type(None))


@lru_cache(maxsize=None)
def _fields(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind) if f.compare)


@lru_cache(maxsize=None)
def _repr_is_canonical(kind: type) -> bool:
    """A model record whose generated repr shows exactly its compared fields: repr is then its
    canonical text, and ten times faster than walking it (a 10,000-card deck is hashed card by card).
    The model holds only strings, numbers, tuples and records (tests/unit/test_cache_keys.py)."""
    if kind.__module__ != model.__name__ or not dataclasses.is_dataclass(kind):
        return False
    generated = kind.__repr__.__code__.co_filename != model.__file__  # dataclasses wrote it, not model.py
    return generated and all(f.repr == f.compare for f in dataclasses.fields(kind))


def canonical(value: object) -> str:
    kind: type = type(value)  # `type`: mypy takes type[object] for unhashable (lru_cache's argument)
    if kind in PRIMITIVES or isinstance(value, PRIMITIVES):  # Length is a float, Colour a str: equal as such
        return repr(value) if kind in PRIMITIVES else repr(_plain(value))
    if _repr_is_canonical(kind):
        return repr(value)
    if kind in CANONICAL:
        return CANONICAL[kind](value)
    if dataclasses.is_dataclass(value):
        inner = ",".join(f"{name}={canonical(getattr(value, name))}" for name in _fields(kind))
        return f"{kind.__name__}({inner})"
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(canonical(item) for item in value) + ",)"
    if isinstance(value, Mapping):
        items = sorted((canonical(key), canonical(item)) for key, item in value.items())
        return "{" + ",".join(f"{key}:{item}" for key, item in items) + "}"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(canonical(item) for item in value)) + "}"
    raise TypeError(f"no canonical form for a {kind.__name__}: give it one in kit/keys.py CANONICAL")


def _plain(value: object) -> object:
    """A subclass of a primitive (Length of float, Colour of str) as that primitive: bool and None
    have no subclasses, so str, int and float are all there is to undo."""
    if isinstance(value, str):
        return str(value)
    if isinstance(value, int):
        return int(value)
    return float(value) if isinstance(value, float) else value


# Values whose content is not their fields: the icon set by the hash of its files (its outlines
# are parsed lazily and are many).
CANONICAL: dict[type, Callable[[Any], str]] = {  # each function takes values of its own type
    IconSet: lambda icons: f"IconSet({icons.key!r})",
}


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class Digests:
    """The digests one build makes: each value hashed once however many faces share it (the game,
    a deck, a template), by identity. The values are frozen and held here until the build ends,
    so an identity is never reused for another value while it is in the memo."""

    def __init__(self) -> None:
        self._memo: dict[int, tuple[object, str]] = {}

    def of(self, value: object) -> str:
        if type(value) in PRIMITIVES:
            return repr(value)
        found = self._memo.get(id(value))
        if found is None:
            found = self._memo[id(value)] = (value, digest(canonical(value)))
        return found[1]

    def parts(self, record: object, **more: object) -> dict[str, str]:
        """A record's fields (a mapping among them, such as a face's context: each of its names),
        and `more`, each as a digest: what the record's key hashes, by name, so a miss can say
        which part changed."""
        out = {name: self.of(value) for name, value in more.items()}
        kind: type = type(record)
        for name in _fields(kind):
            value = getattr(record, name)
            if isinstance(value, Mapping):
                out |= {f"{name}.{key}": self.of(item) for key, item in value.items()}
            else:
                out[name] = self.of(value)
        return out


def key_of(parts: Mapping[str, str]) -> str:
    """The key of a set of named parts (kitgen's version included)."""
    return digest(json.dumps([__version__, sorted(parts.items())], separators=(",", ":")))
