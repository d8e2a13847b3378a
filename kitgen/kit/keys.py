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
import sys
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from kitgen import __version__
from kitgen.kit.cache import code_stamp
from kitgen.load.icons import IconSet
from kitgen.model import Record

PRIMITIVES = (str, int, float, bool, type(None))


_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(kind: type) -> tuple[str, ...]:
    """A record type's compared fields, in order (looked up for every face: kept)."""
    found = _FIELDS.get(kind)
    if found is None:
        found = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind) if f.compare)
    return found


def _repr_is_canonical(kind: type) -> bool:
    """A model record (or a shape layout draws) whose generated repr shows exactly its compared
    fields: repr is then its canonical text, and ten times faster than walking it (a 10,000-card
    deck is hashed card by card). Both hold only strings, numbers, tuples and records
    (tests/unit/test_cache_keys.py), and an icon shape the icon set's Outline, whose ==, hash and
    repr are all its path data (tests/unit/test_layer_keys.py)."""
    module = sys.modules.get(kind.__module__)
    if kind.__module__ not in REPR_MODULES or not dataclasses.is_dataclass(kind) or module is None:
        return False
    shared = kind.__repr__ is Record.__repr__  # the model's: what dataclasses would write (model.Record)
    generated = shared or kind.__repr__.__code__.co_filename != module.__file__  # dataclasses wrote it
    return generated and all(f.repr == f.compare for f in dataclasses.fields(kind))


REPR_MODULES = ("kitgen.model", "kitgen.layout.shapes")


def canonical(value: object) -> str:
    kind = type(value)
    fast = _FAST.get(kind)
    if fast is None:
        fast = _FAST[kind] = _repr_is_canonical(kind) or kind in PRIMITIVES
    if fast:
        return repr(value)
    if isinstance(value, PRIMITIVES):  # Length is a float, Colour a str: equal as such
        return repr(_plain(value))
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


_FAST: dict[type, bool] = {}  # type -> its repr is its canonical text


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
def _icon_set(icons: IconSet) -> str:
    return f"IconSet({icons.key!r})"


CANONICAL: dict[type, Callable[[Any], str]] = {IconSet: _icon_set}


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
            if type(value) is dict:  # as key() takes it
                out |= {_name(name, key): self.of(item) for key, item in value.items()}
            else:
                out[name] = self.of(value)
        return out

    def key(self, record: object, *more: str) -> str:
        """The key of a record: kitgen's version, `more`, and the digests parts() names, in the same
        order (made for every face of every build, so kept lean: the names are made only for -v)."""
        of, memo = self.of, self._memo
        out = [__version__, code_stamp(), *more]
        for name in _fields(type(record)):
            value = getattr(record, name)
            if type(value) is dict:
                for key, item in value.items():
                    found = memo.get(id(item))  # most are the deck's or the game's: hashed already
                    out.append(key)
                    out.append(found[1] if found is not None and found[0] is item else of(item))
            else:
                out.append(of(value))
        return digest("\0".join(out))


@lru_cache(maxsize=1024)
def _name(field: str, key: str) -> str:
    return f"{field}.{key}"
