"""A face's cache key is derived from everything it is laid out from (kit/keys.py, STYLE.md 13): each
compared field of the call and each name of its context changes the key, nothing else does, and a
miss can say which part changed. A field dropped from the key would reuse a stale face."""
from __future__ import annotations

import dataclasses
import hashlib

import pytest

from kitgen.colors import Color
from kitgen.kit import keys
from kitgen.kit.keys import Digests, canonical, digest
from kitgen.layout.cards import FaceCall
from kitgen.load.icons import IconSet
from kitgen.model import Box, Card, CardTemplate, Where
from kitgen.units import Length

TEMPLATE = CardTemplate(63.5, 88.9, (Box("text", 0, 0, 10, 10, content="{{ card.name }}"),))
CARD = Card("Scout", "Ship", text="Fast.")


def call(**changes) -> FaceCall:
    context = {"card": CARD, "number": 1, "total": 4, "art": None}
    return dataclasses.replace(FaceCall(TEMPLATE, context, "card 'Scout'", 9.0, False, Where("a.yaml", 3, 1)),
                               **changes)


# One other value for each compared field of a FaceCall, and for each name of its context.
OTHER_FIELDS = {"template": dataclasses.replace(TEMPLATE, width=70.0), "owner": "card 'Frigate'", "bleed": 0.0,
                "ink_saver": True}
OTHER_CONTEXT = {"card": dataclasses.replace(CARD, text="Faster."), "number": 2, "total": 5, "art": "scout.png"}


def test_fields__every_field_of_the_call_that_compares_is_named_in_the_key():
    names = [f.name for f in dataclasses.fields(FaceCall) if f.compare]
    assert sorted([*OTHER_FIELDS, "context"]) == sorted(names)


@pytest.mark.parametrize("name", sorted(OTHER_FIELDS))
def test_key__each_compared_field_changes_the_key_and_its_part(name):
    before, after = Digests(), Digests()
    edited = call(**{name: OTHER_FIELDS[name]})
    assert before.key(call()) != after.key(edited)
    old, new = before.parts(call()), after.parts(edited)
    assert [part for part in old if old[part] != new[part]] == [name]


@pytest.mark.parametrize("name", sorted(OTHER_CONTEXT))
def test_key__each_name_the_context_holds_changes_the_key_and_its_part(name):
    edited = call(context={**call().context, name: OTHER_CONTEXT[name]})
    assert Digests().key(call()) != Digests().key(edited)
    old, new = Digests().parts(call()), Digests().parts(edited)
    assert [part for part in old if old[part] != new[part]] == [f"context.{name}"]


def test_key__a_name_added_to_the_context_or_renamed_changes_the_key():
    plain = Digests().key(call())
    assert Digests().key(call(context={**call().context, "icon": "spy"})) != plain
    renamed = {("place" if name == "number" else name): value for name, value in call().context.items()}
    assert Digests().key(call(context=renamed)) != plain


def test_key__what_does_not_compare_is_not_in_it_and_equal_calls_key_alike():
    digests = Digests()
    assert digests.key(call()) == digests.key(call(where=Where("b.yaml", 90, 4))) == Digests().key(call())
    assert digests.parts(call()) == Digests().parts(call(where=None))


def test_key__more_parts_the_version_and_the_code_are_in_it(monkeypatch):
    plain = Digests().key(call())
    assert Digests().key(call(), "fonts-a") != Digests().key(call(), "fonts-b") != plain
    monkeypatch.setattr(keys, "__version__", "0.0.0-other")
    assert Digests().key(call()) != plain
    monkeypatch.undo()
    monkeypatch.setattr(keys, "code_stamp", lambda: "another-checkout")
    assert Digests().key(call()) != plain


def test_parts__names_each_field_each_context_name_and_what_more_is_given():
    parts = Digests().parts(call(), measure="fonts")
    assert sorted(parts) == ["bleed", "context.art", "context.card", "context.number", "context.total", "ink_saver",
                             "measure", "owner", "template"]
    assert parts["measure"] == "'fonts'" and parts["bleed"] == "9.0" and parts["context.number"] == "1"
    assert parts["template"] == digest(canonical(TEMPLATE))


def test_digests__a_value_is_hashed_once_and_kept_by_identity():
    digests = Digests()
    assert digests.of("text") == "'text'" and digests.of(3) == "3" and digests.of(None) == "None"
    assert digests.of(CARD) == digest(canonical(CARD)) == digests.of(CARD)
    assert digests.of(dataclasses.replace(CARD, text="Other.")) != digests.of(CARD)


def test_digest__the_first_32_hex_digits_of_sha256():
    assert digest("abc") == hashlib.sha256(b"abc").hexdigest()[:32]
    assert digest("\udcff") == hashlib.sha256("\udcff".encode("utf-8", "surrogatepass")).hexdigest()[:32]


@dataclasses.dataclass(frozen=True)
class Slot:
    """A record canonical() walks field by field (not a model record: its repr is not used)."""
    name: str
    size: float
    tags: tuple = ()
    line: int = dataclasses.field(default=0, compare=False)


def test_key__a_record_type_met_for_the_first_time_is_keyed_by_its_compared_fields():
    @dataclasses.dataclass(frozen=True)
    class Fresh:  # a new type each time the test runs: nothing is remembered of it yet
        name: str
        size: float
        line: int = dataclasses.field(default=0, compare=False)

    assert Digests().parts(Fresh("a", 1.0, 5)) == {"name": "'a'", "size": "1.0"}
    assert Digests().key(Fresh("a", 1.0, 5)) == Digests().key(Fresh("a", 1.0, 9)) != Digests().key(Fresh("a", 2.0))


def test_canonical__a_record_it_walks_shows_every_compared_field_and_only_those():
    slot = Slot("a", 1.0, ("x",), line=4)
    assert canonical(slot) == "Slot(name='a',size=1.0,tags=('x',))"
    assert canonical(slot) == canonical(Slot("a", 1.0, ("x",), line=9))
    for change in ({"name": "b"}, {"size": 2.0}, {"tags": ("y",)}):
        assert canonical(dataclasses.replace(slot, **change)) != canonical(slot)


class Count(int):
    """A subclass of int, as Length is of float: equal to its number, so canonical as it (whatever
    its own repr says)."""

    def __repr__(self) -> str:
        return f"Count({int(self)})"


class Points(float):
    def __repr__(self) -> str:
        return f"{float(self)} pt"


class Name(str):
    def __repr__(self) -> str:
        return f"Name({str(self)})"


def test_canonical__lengths_colours_and_counts_are_their_numbers_and_text():
    assert canonical(Length(2.5)) == canonical(2.5) == "2.5"
    assert canonical(Count(3)) == canonical(3) == "3"
    assert canonical(Points(2.5)) == canonical(2.5) and canonical(Name("x")) == canonical("x") == "'x'"
    assert canonical(Color("#ff0000")) == canonical("#ff0000") == "'#ff0000'"
    assert canonical((Length(1.0), Color("#000000"))) == canonical((1.0, "#000000"))


def test_canonical__mappings_lists_and_sets_by_content_in_a_fixed_order():
    assert canonical({"a": 1, "b": 2}) == canonical({"b": 2, "a": 1}) == "{'a':1,'b':2}"
    assert canonical({"a": 1}) != canonical({"a": 2}) and canonical({"a": 1}) != canonical({"b": 1})
    assert canonical([1, "x"]) == canonical((1, "x")) == "(1,'x',)"
    assert canonical({3, 1, 2}) == canonical(frozenset({2, 3, 1})) == "{1,2,3}"
    assert canonical(()) == "(,)" and canonical([()]) != canonical([])


def test_canonical__an_icon_set_by_the_hash_of_its_files():
    assert canonical(IconSet({}, key="abc")) == "IconSet('abc')"
    assert canonical(IconSet({}, key="abc")) != canonical(IconSet({}, key="abd"))


def test_canonical__a_model_value_that_is_no_record_is_its_primitive_or_refused(monkeypatch):
    from kitgen.model import Expr, FieldValues, Record

    monkeypatch.setattr(keys, "_FAST", {})  # each type met for the first time
    assert canonical(Expr("1 + 2")) == canonical("1 + 2") and canonical(FieldValues((1, 2))) == canonical((1, 2))
    with pytest.raises(TypeError, match="no canonical form for a Record"):
        canonical(Record())


def test_canonical__a_record_from_outside_kitgens_model_is_walked_whatever_its_repr():
    @dataclasses.dataclass(frozen=True)
    class Tagged:  # its repr shows its mapping in the order it was made: equal values, other text
        name: str
        tags: dict

    assert canonical(Tagged("a", {"x": 1, "y": 2})) == canonical(Tagged("a", {"y": 2, "x": 1}))
    assert canonical(Tagged("a", {"x": 1})) != canonical(Tagged("a", {"x": 2}))


def test_canonical__a_model_record_whose_repr_shows_a_field_it_does_not_compare_is_walked():
    marked = dataclasses.make_dataclass("Marked", [("name", str), ("line", int, dataclasses.field(
        default=0, compare=False))], frozen=True)
    marked.__module__ = "kitgen.model"  # as if declared there, with the repr dataclasses writes
    assert marked("a", 1) == marked("a", 2) and repr(marked("a", 1)) != repr(marked("a", 2))
    assert canonical(marked("a", 1)) == canonical(marked("a", 2)) != canonical(marked("b", 1))
