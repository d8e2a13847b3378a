"""Cache keys are derived (kit/keys.py): canonical text is equal exactly when records are, a value
of an unknown type is refused, and faces see (and are keyed by) the game without other cards."""
from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

import pytest

from kitgen import model
from kitgen.kit import keys
from kitgen.kit.keys import Digests, canonical
from kitgen.layout.cards import back_call, deck_scope, faces_view, front_call
from kitgen.load import load_game
from kitgen.model import Box, CardTemplate
from tests.attacks.harness import REPO, TINY

RECORDS = [kind for _, kind in inspect.getmembers(model, inspect.isclass)
           if dataclasses.is_dataclass(kind) and kind.__module__ == model.__name__]


@pytest.mark.parametrize("kind", RECORDS, ids=lambda kind: kind.__name__)
def test_canonical__a_model_record_shows_exactly_the_fields_it_compares(kind):
    """repr is the records' canonical text (fast): it must show every compared field, and only those."""
    assert [f.name for f in dataclasses.fields(kind) if f.repr] == [f.name for f in dataclasses.fields(kind) if f.compare]


def _records(value):
    if isinstance(value, model.Record):
        yield value
        for field in dataclasses.fields(value):
            yield from _records(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _records(item)


def _generated(record, twins: dict[type, type] = {}):  # noqa: B006  (the twin classes made so far)
    """The record as plain @dataclass(frozen=True) writes its class: ==, hash and repr compiled."""
    fields = dataclasses.fields(record)
    if type(record) not in twins:
        twins[type(record)] = dataclasses.make_dataclass(type(record).__qualname__, [
            (f.name, f.type, dataclasses.field(compare=f.compare, repr=f.repr)) for f in fields], frozen=True)
    return twins[type(record)](**{f.name: getattr(record, f.name) for f in fields})


def test_records__eq_hash_and_repr_are_those_dataclasses_would_write():
    """model.Record writes ==, hash and repr once for every record class instead of each class
    compiling its own: each gives what @dataclass(frozen=True) would, over every record of a game.
    The repr is the records' canonical text (the fast path of kit/keys)."""
    records = list(_records(load_game(REPO / "data" / "galactic-civ")))
    assert {type(record) for record in records} >= {model.Card, model.Effect, model.Phase, model.When, model.Deck}
    last = {}
    for record in records:
        twin = _generated(record)
        assert (repr(record), hash(record)) == (repr(twin), hash(twin))
        assert record == dataclasses.replace(record, where=None) and record != twin
        previous = last.get(type(record))
        if previous is not None:
            assert (record == previous[0]) == (twin == previous[1]) and (record != previous[0]) == (twin != previous[1])
        last[type(record)] = (record, twin)
    assert all(keys._repr_is_canonical(kind) for kind in RECORDS)


def _leaves(value):
    """What a value's repr shows: the compared fields of each record (language.Language keeps its
    catalogue's messages and rules in fields that neither compare nor show: its hash stands for them)."""
    if dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            if field.compare:
                yield from _leaves(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


@pytest.mark.parametrize("game", sorted(p.name for p in (REPO / "data").iterdir() if (p / "game.yaml").is_file()))
def test_canonical__every_shipped_game_holds_only_strings_numbers_tuples_and_records(game):
    """What makes a record's repr canonical: no dict (ordered as written), set (ordered by hash) or object."""
    loaded = load_game(REPO / "data" / game)
    kinds = {type(leaf) for leaf in _leaves(loaded)}
    assert all(issubclass(kind, (str, int, float, type(None))) for kind in kinds), kinds


def test_canonical__equal_values_equal_text_whatever_their_line_or_order():
    one = Box("rect", 1.0, 2.0, 3.0, 4.0, where=model.Where("a.yaml", 1, 1))
    other = Box("rect", 1.0, 2.0, 3.0, 4.0, where=model.Where("b.yaml", 9, 9))
    assert canonical(one) == canonical(other)
    assert canonical(one) != canonical(dataclasses.replace(one, fill="#ff0000"))
    assert canonical({"a": 1, "b": (one,)}) == canonical({"b": (other,), "a": 1})
    assert canonical(frozenset({"x", "y"})) == canonical(frozenset({"y", "x"}))


def test_canonical__a_value_it_does_not_know_is_refused_not_guessed():
    with pytest.raises(TypeError, match="no canonical form for a object"):
        canonical({"context": object()})


def test_faces_view__decks_without_their_cards_unless_a_template_names_them():
    game = load_game(REPO / TINY)
    plain = CardTemplate(63.5, 88.9, (Box("text", 0, 0, 10, 10, content="{{ card.name }}"),))
    view = faces_view(game, [plain])
    assert [d.cards for d in view.decks] == [()] and view.phases == game.phases
    listing = CardTemplate(63.5, 88.9, (Box("text", 0, 0, 10, 10, content="{{ deck.cards | length }}"),))
    assert faces_view(game, [plain, listing]) is game


def test_face_keys__one_card_edited_changes_its_key_only_and_the_game_changes_them_all():
    game = load_game(REPO / TINY)
    template = CardTemplate(63.5, 88.9, (Box("text", 0, 0, 10, 10, content="{{ card.name }}"),))

    def keys(game):
        digests = Digests()
        deck = game.decks[0]
        scope = deck_scope(game, faces_view(game, [template]), deck, {t.name: template for t in game.card_types},
                           template)
        return [digests.key(front_call(scope, i)) for i in range(len(deck.cards))] + [digests.key(back_call(scope))]

    before = keys(game)
    cards = list(game.decks[0].cards)
    cards[1] = dataclasses.replace(cards[1], text="New text")
    edited = dataclasses.replace(game, decks=(dataclasses.replace(game.decks[0], cards=tuple(cards)),))
    after = keys(edited)
    assert [b == a for b, a in zip(before, after, strict=True)] == [True, False, True, True, True]
    phases = dataclasses.replace(game, phases=(dataclasses.replace(game.phases[0], summary="Draw 2 cards."),))
    assert all(b != a for b, a in zip(before, keys(phases), strict=True))


def _face_keys(game) -> list[str]:
    """Every face key of the first deck of `game` (its fronts, then its back), as a build makes them."""
    template = CardTemplate(63.5, 88.9, (Box("text", 0, 0, 10, 10, content="{{ card.name }}"),))
    digests, deck = Digests(), game.decks[0]
    scope = deck_scope(game, faces_view(game, [template]), deck, {t.name: template for t in game.card_types}, template)
    return [digests.key(front_call(scope, i)) for i in range(len(deck.cards))] + [digests.key(back_call(scope))]


def test_face_keys__the_language_and_its_catalogue_are_in_every_key():
    """A kit rebuilt in another language is not the old kit: its faces (and documents, and files) say
    other words. The language is the game's (Game.language), hashed by its code and its catalogue's
    text, so an edited catalogue is a new key too, while English is the same key build after build."""
    from kitgen.kit.documents import DocumentInputs
    from kitgen.load.language import read_language

    game = load_game(REPO / TINY)
    french = dataclasses.replace(game, language=read_language("fr"))
    german = dataclasses.replace(game, language=read_language("de"))
    edited = dataclasses.replace(french, language=dataclasses.replace(french.language, catalogue="an edit"))
    english, keyed = _face_keys(game), [_face_keys(other) for other in (french, german, edited)]
    assert english == _face_keys(load_game(REPO / TINY))
    for other in keyed:
        assert all(before != after for before, after in zip(english, other, strict=True))
    assert len({tuple(keys) for keys in keyed}) == 3
    documents = [DocumentInputs(each, (), None, None, "").key for each in (game, french, german, edited)]
    assert len(set(documents)) == 4


def test_code_stamp__a_changed_kitgen_module_keys_the_cache_anew_but_not_the_build_manifest():
    """kitgen changed without a new version (a checkout moved on) must not reuse faces drawn by the old
    code: the cache keys carry the modules' sizes and times; the build manifest's card keys do not."""
    import os

    from kitgen.kit import cache

    module = Path(cache.__file__)
    before = os.stat(module)
    cache.code_stamp.cache_clear()
    stamp, key, data = cache.code_stamp(), cache.content_key("card"), cache.data_key("card")
    try:
        os.utime(module, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000_000))
        cache.code_stamp.cache_clear()
        assert cache.code_stamp() != stamp
        assert cache.content_key("card") != key
        assert cache.data_key("card") == data
    finally:
        os.utime(module, ns=(before.st_atime_ns, before.st_mtime_ns))
        cache.code_stamp.cache_clear()
    assert cache.code_stamp() == stamp


def test_document_keys__the_designers_notes_footer_in_the_games_language_is_keyed(tmp_path):
    """designer-notes.pdf's footer says it is not printed for play, in the game's language: words set
    when it is printed (kit/build._footer), not in its blocks. A catalogue whose only change is that
    sentence keys the file anew (else the cache would hand back the notes with the old footer), and
    no other document's key moves."""
    from kitgen.kit.build import check_kit, file_keys
    from kitgen.kit.cache import BuildCache
    from kitgen.kit.documents import NOT_PRINTED
    from kitgen.project import Project

    checked = check_kit(Project.default(), str(REPO / "tests" / "fixtures" / "sortileges"), lay_out=False)
    french = checked.game.language
    footer = NOT_PRINTED["designer-notes.pdf"]
    reworded = dataclasses.replace(french, messages={**french.messages, footer: ("Notes pour l'auteur, pas pour la table",)})
    assert french(footer) != footer and reworded == french  # the same catalogue hash: only the sentence differs
    blocks, printed, cache = {"designer-notes.pdf": "b1", "rules.pdf": "b2"}, {"instruction": "", "page_label": ""}, \
        BuildCache(tmp_path / "cache")
    before = file_keys(checked, {}, blocks, printed, None, "", cache)
    after = file_keys(dataclasses.replace(checked, game=dataclasses.replace(checked.game, language=reworded)), {}, blocks,
                      printed, None, "", cache)
    assert before["designer-notes.pdf"] != after["designer-notes.pdf"]
    assert before["rules.pdf"] == after["rules.pdf"]
