"""kitgen's words in a language (kitgen/language.py, load/language.py): filling a message, CLDR's
plural forms, dates and numbers, English without Babel, the catalogue reader against Babel's."""
from __future__ import annotations

import dataclasses
import datetime
import gettext
import io

import pytest
from babel.core import Locale
from babel.dates import format_date
from babel.messages.pofile import read_po

from kitgen.language import ENGLISH, fill
from kitgen.layout.context import document_context
from kitgen.layout.fit import wrap
from kitgen.load import load_game
from kitgen.load.language import (CatalogueError, catalogue_path, known_languages, read_catalogue, read_language,
                                  unknown_language)
from tests.attacks.harness import REPO, TINY

LANGUAGES = ["de", "es", "fr", "it"]


def test_fill__names_are_replaced_and_nothing_else_is_read():
    assert fill("{deck}: {count} cards", {"deck": "Grimoire", "count": 9}) == "Grimoire: 9 cards"
    assert fill("{unknown} and {0.__class__} stay", {"x": 1}) == "{unknown} and {0.__class__} stay"  # never str.format


def test_english__needs_no_catalogue_and_says_one_for_one_only():
    assert ENGLISH("Play in: {phases}", phases="Draw") == "Play in: Draw"
    assert [ENGLISH.ngettext("{count} card", "{count} cards", n) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert [ENGLISH.choose(n, "Ship", "Ships") for n in (0, 1, 2)] == ["Ships", "Ship", "Ships"]
    assert ENGLISH.decimal(215.9) == "215.9" and ENGLISH.date(datetime.date(2025, 3, 5)) == "March 5, 2025"


def test_english__without_babel_says_what_cldr_says():
    """English is kitgen's own code (no Babel in an English build): it must agree with CLDR."""
    rule = Locale.parse("en").plural_form
    assert all(ENGLISH.form(n) == (0 if rule(n) == "one" else 1) for n in range(0, 1001))
    for day in (datetime.date(2025, 3, 5), datetime.date(1999, 12, 31), datetime.date(2024, 2, 29)):
        assert ENGLISH.date(day) == format_date(day, format="long", locale="en")


def test_plurals__each_catalogue_takes_the_form_its_own_header_names():
    """CLDR's category picks the form (never the catalogue's Plural-Forms, which is an expression):
    its place among the language's categories must be the form the header's expression gives."""
    for code in LANGUAGES:
        language = read_language(code)
        with catalogue_path(code).open("rb") as file:
            header = read_po(file).plural_expr
        expression = gettext.c2py(header)  # the test alone evaluates it, to compare
        for count in [*range(0, 2001), 10**6, 2 * 10**6, 10**6 + 1]:
            assert language.form(count) == expression(count), (code, count)


def test_plurals__french_zero_and_one_are_singular_german_zero_is_not():
    french, german = read_language("fr"), read_language("de")
    assert [french.ngettext("{count} card", "{count} cards", n) for n in (0, 1, 2, 10**6)] == [
        "0 carte", "1 carte", "2 cartes", "1000000 de cartes"]
    assert [german.ngettext("{count} card", "{count} cards", n) for n in (0, 1, 2)] == ["0 Karten", "1 Karte", "2 Karten"]
    assert (french.choose(0, "Sort", "Sorts"), german.choose(0, "Zauber", "Zaubersprüche")) == ("Sort", "Zaubersprüche")


def test_dates_and_numbers__as_the_language_writes_them():
    day = datetime.date(2025, 3, 5)
    assert [read_language(code).date(day) for code in LANGUAGES] == ["5. März 2025", "5 de marzo de 2025", "5 mars 2025",
                                                                     "5 marzo 2025"]
    assert read_language("fr").decimal(215.9) == "215,9" and read_language("de").decimal(63.5) == "63,5"


def test_language__its_key_is_its_code_and_its_catalogue():
    french = read_language("fr")
    assert repr(french) == f"Language(code='fr', catalogue='{french.catalogue}')" and len(french.catalogue) == 32
    assert french == read_language("fr") and french != dataclasses.replace(french, catalogue="edited")
    assert read_language("en") is ENGLISH


def test_unknown_language__one_line_with_the_known_ones_and_a_hint():
    assert known_languages() == ["de", "en", "es", "fr", "it"]
    assert unknown_language("fre") == ("language 'fre': kitgen has no catalogue of its words in it (did you mean 'fr'?); "
                                       "known: de, en, es, fr, it")
    assert "(did you mean 'de'?)" in unknown_language("Deutsch") and "(did you mean" not in unknown_language("xx")
    for code in ("xx", "../fr", "fr/LC_MESSAGES", "", "FR", "en_US", "locale"):
        assert read_language(code) is None


def test_read_catalogue__every_shipped_catalogue_reads_as_babel_reads_it():
    for code in LANGUAGES:
        text = catalogue_path(code).read_text("utf-8")
        babel = {(m.id[0] if isinstance(m.id, tuple) else m.id): tuple(m.string) if isinstance(m.string, tuple)
                 else (m.string,) for m in read_po(io.StringIO(text)) if m.id and not m.fuzzy}
        assert read_catalogue(text) == babel


def test_read_catalogue__leaves_out_what_is_not_a_translation():
    text = r'''# a comment
msgid ""
msgstr "Language: fr\n"

#, fuzzy
msgid "Free"
msgstr "Gratuit"

msgid "Cost"
msgstr ""

msgctxt "menu"
msgid "File"
msgstr "Fichier"

#~ msgid "Old"
#~ msgstr "Vieux"

msgid ""
"Say \"hi\"\n"
"twice"
msgstr "Dites \"salut\"\n"
"deux fois"

msgid "{count} card"
msgid_plural "{count} cards"
msgstr[0] "{count} carte"
msgstr[1] "{count} de cartes"
msgstr[2] "{count} cartes"
'''
    assert read_catalogue(text) == {"Say \"hi\"\ntwice": ("Dites \"salut\"\ndeux fois",),
                                    "{count} card": ("{count} carte", "{count} de cartes", "{count} cartes")}


@pytest.mark.parametrize("text, line", [('msgid "a"\nmsgstr "b"\nexec("x")\n', 3), ('"orphan"\n', 1),
                                        ('msgid "a"\nmsgstr b\n', 2), ('msgid "a\n', 1)])
def test_read_catalogue__a_line_of_another_shape_is_an_error_at_its_line(text, line):
    with pytest.raises(CatalogueError) as raised:
        read_catalogue(text)
    assert raised.value.line == line


def test_wrap__a_no_break_space_keeps_a_french_colon_on_its_line():
    def measure(text: str, font: str, size: float) -> float:
        return len(text) * size * 0.5

    text = "Jouer en\u00a0: Incantation"  # 'Jouer en' fits the width, 'Jouer en :' does not
    assert wrap(text, "body", 10, 5 * len("Jouer en :") - 5, measure) == ["Jouer", "en\u00a0:", "Incantation"]
    assert wrap(text.replace("\u00a0", " "), "body", 10, 5 * len("Jouer en :") - 5, measure)[:2] == ["Jouer en", ":"]


def test_deck_composition__one_of_a_type_is_singular_in_english_too():
    """Issue 35: counts were always plural ('1 Sorts')."""
    game = load_game(REPO / TINY)
    deck = game.decks[0]
    one = dataclasses.replace(game, decks=(dataclasses.replace(deck, cards=deck.cards[1:]),))
    assert document_context(one)["deck_composition"](one.decks[0]) == "**Main Deck:** 3 cards (1 Ship, 2 Builds)."
    single = dataclasses.replace(one, decks=(dataclasses.replace(deck, cards=deck.cards[:1]),))
    assert document_context(single)["deck_composition"](single.decks[0]) == "**Main Deck:** 1 card (1 Ship, 0 Builds)."


def test_when_words__counts_in_conditions_take_their_form_in_each_language():
    """The rules say a condition in words: 'at least 1 card in market', never '1 cards'."""
    from kitgen.check.conditions import when_words
    from kitgen.model import Amount, Amounts, Expr, When

    def held(count: str) -> When:
        return When(cards_in=Amounts([Amount("market", Expr(count))]), streak=Amounts([Amount("Crown", Expr(count))]))

    assert when_words(held("1")) == "at least 1 card in market, has held Crown 1 turn in a row"
    assert when_words(held("3")) == "at least 3 cards in market, has held Crown 3 turns in a row"
    assert when_words(held("1"), read_language("fr")) == "au moins 1 carte dans market, a tenu Crown 1 tour d’affilée"
    assert when_words(When(highest=("Mana",), by=Expr("2")), read_language("de")) == \
        "höchster Wert in Mana um mindestens 2 (Gleichstand: niemand)"


def test_templates__see_the_language_as_date_and_ngettext():
    """A designer's document template may write a date or a count in the game's language."""
    french = dataclasses.replace(load_game(REPO / TINY), language=read_language("fr"))
    context = document_context(french)
    assert context["date"]("2025-03-05") == "5 mars 2025" and document_context(load_game(REPO / TINY))["date"](
        "2025-03-05") == "March 5, 2025"
    assert context["ngettext"]("{count} card", "{count} cards", 1) == "1 carte" and context["_"]("Turn") == "Tour"
    with pytest.raises(ValueError):
        context["date"]("5 March")  # a template error at its line (layout/expressions.RENDER_ERRORS)
