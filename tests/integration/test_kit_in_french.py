"""A kit in the game's language (issue 35): Duel de Sortilèges (tests/fixtures/sortileges), a small
card duel whose data is French, built with `language: fr` and, the line changed, `language: de`.
Every PDF is read back (pdfium, as the other kit tests read text): no word of kitgen's own English
(every msgid of kitgen/locale/kitgen.pot, not a list typed here) is left, counts take CLDR's singular
or plural, the designer's words stay as written, and every character lies on its page."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po
from pypdf import PdfReader

from kitgen.kit.build import build_game
from kitgen.load.language import LOCALE, catalogue_path
from kitgen.project import Project
from tests.conftest import ROOT, pdf_pages, pdf_text

FIXTURE = ROOT / "tests" / "fixtures" / "sortileges"
WORD = re.compile(r"[^\W\d_]{3,}")  # a word of three letters or more, in any script
FILE_NAME = re.compile(r"\S+\.(pdf|txt|yaml)\b")  # file names are names on disk, never translated
PLACEHOLDER = re.compile(r"\{\w+\}|\*\*")


def _plain(text: str) -> str:
    """A message's words: without its placeholders, markup and file names."""
    return PLACEHOLDER.sub(" ", FILE_NAME.sub(" ", text))


def _ids(message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple) else [message.id]


def _strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def english_messages() -> list:
    with (LOCALE / "kitgen.pot").open("rb") as file:
        return [message for message in read_po(file) if message.id]


KEYWORDS = {"do", "rule", "target", "kind", "tie", "shape", "language", "audience", "type"}  # values: kitgen's keywords


def _values(data) -> list[str]:
    """The text a YAML file gives as values (ids too: the rules' Sources print them): not its keys,
    its comments or a keyword (do: play, target: target-player)."""
    if isinstance(data, dict):
        return [text for key, value in data.items() if key not in KEYWORDS for text in _values(value)]
    if isinstance(data, list):
        return [text for value in data for text in _values(value)]
    return [data] if isinstance(data, str) else []


def own_words(code: str) -> set[str]:
    """The words of a language's translations (German 'Start', French 'Phase' are theirs too)."""
    with catalogue_path(code).open("rb") as file:
        return {word.casefold() for message in read_po(file) if message.id for text in _strings(message)
                for word in WORD.findall(_plain(text))}


def data_words() -> set[str]:
    return {word.casefold() for path in FIXTURE.rglob("*.yaml") for text in _values(yaml.safe_load(path.read_text("utf-8")))
            for word in WORD.findall(text)}


def shared_words(code: str) -> set[str]:
    """What an English kit may share with a kit in `code`: the game's data and the language's own words."""
    return own_words(code) | data_words()


def english_words(code: str) -> set[str]:
    """Every word of kitgen's English messages that is neither a word of the language's own
    translations nor a word of the game's data."""
    english = {word.casefold() for message in english_messages() for text in _ids(message)
               for word in WORD.findall(_plain(text))}
    return english - shared_words(code)


def build(tmp_path: Path, code: str) -> tuple[Path, object]:
    game = tmp_path / "sortileges"
    shutil.copytree(FIXTURE, game)
    yaml = game / "game.yaml"
    yaml.write_text(yaml.read_text("utf-8").replace("language: fr\n", f"language: {code}\n"), "utf-8")
    out = tmp_path / "kit"
    report = build_game(Project.default(), str(game), out, use_cache=False)
    return out, report


@pytest.fixture(scope="module", params=["fr", "de"])
def kit(request, tmp_path_factory) -> tuple[str, Path, object]:
    out, report = build(tmp_path_factory.mktemp(f"kit-{request.param}"), request.param)
    return request.param, out, report


def texts(out: Path) -> dict[str, str]:
    return {path.name: pdf_text(path) for path in sorted(out.glob("*.pdf"))}


def test_language__every_file_of_the_kit_is_built_without_a_warning(kit):
    code, out, report = kit
    assert sorted(p.name for p in out.glob("*.pdf")) == [
        "cards-grimoire.pdf", "cards-presages.pdf", "designer-notes.pdf", "manifest.pdf", "player-sheet.pdf",
        "reference.pdf", "rules.pdf", "tokens.pdf"]
    assert report.warnings == [] and report.errors == []  # every card's text fits at the legible size


def test_language__no_english_word_of_kitgen_is_left_in_any_pdf(kit):
    code, out, _ = kit
    english = english_words(code)
    assert {"play", "print", "actual", "sheet", "summary", "reference", "cards", "turn", "player"} <= english
    for name, text in texts(out).items():
        left = {word for word in WORD.findall(FILE_NAME.sub(" ", text)) if word.casefold() in english}
        assert not left, f"{code}: {name} still says {sorted(left)}"


def test_language__every_pdf_title_is_in_the_language(kit):
    """A PDF's title (what a viewer's title bar and a print queue show) names what the file holds in
    the kit's language, the card sheets' too."""
    code, out, _ = kit
    english = english_words(code)
    for path in sorted(out.glob("*.pdf")):
        title = PdfReader(path).metadata.title
        left = {word for word in WORD.findall(title) if word.casefold() in english}
        assert title.startswith("Duel de Sortilèges") and not left, f"{code}: {path.name}'s title is '{title}'"


def test_language__no_english_phrase_of_kitgen_is_left_in_any_pdf(kit):
    """Each English message, between its placeholders, where its translation says something else."""
    code, out, _ = kit
    with catalogue_path(code).open("rb") as file:
        translated = {_ids(m)[0]: " ".join(_strings(m)) for m in read_po(file) if m.id}
    every = " ".join(texts(out).values())
    for message in english_messages():
        for text in _ids(message):
            for phrase in (p.strip(" :;,.()") for p in PLACEHOLDER.split(text)):
                if len(WORD.findall(phrase)) >= 2 and phrase not in translated[_ids(message)[0]]:
                    assert phrase not in every, f"{code}: '{phrase}' (from '{text}') is still printed"


@pytest.fixture(scope="module")
def english_kit(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("kit-en"), "en")[0]


def test_language__no_word_the_english_kit_adds_to_the_data_is_left(kit, english_kit):
    """Against the same game built in English, not against the catalogue: a word kitgen prints that
    no one wrapped for translation (so no catalogue lists it) is caught here."""
    code, out, _ = kit
    added = {word.casefold() for text in texts(english_kit).values()
             for word in WORD.findall(FILE_NAME.sub(" ", text))} - shared_words(code)
    assert {"play", "print", "fronts", "sheet", "cards"} <= added
    for name, text in texts(out).items():
        left = {word for word in WORD.findall(FILE_NAME.sub(" ", text)) if word.casefold() in added}
        assert not left, f"{code}: {name} still says {sorted(left)} as the English kit does"


WORDS = {  # what the catalogue says, read back: the kit's words, a heading, and counts in CLDR's forms
    "fr": {"rules.pdf": ["Duel de Sortilèges : résumé des règles", "Votre première partie",
                         "Grimoire : 9 cartes (2 Sorts, 2 Rituels, 3 Créatures, 2 Artefacts).",
                         "Présages : 1 carte (1 Présage).", "Main limitée à 7 cartes.", "page 1 sur 2"],
           "cards-grimoire.pdf": ["Jouer en : Incantation", "planche 1 sur 1 · RECTOS", "Gratuit", "3 au choix",
                                  "Joueur ciblé : Vie"],
           "cards-presages.pdf": ["PRÉSAGE · FACULTATIF", "Ne se joue pas : pioché et résolu lors de la Pioche",
                                  "† Corrigé ; l’original dit « Éclipse »"],
           "manifest.pdf": ["Papier : lettre US (215,9 x 279,4 mm)", "4 pour 4 joueurs", "dé à six faces (d6) : 1",
                            "crayon : 1 par joueur", "Duel de Sortilèges : Grimoire"],
           "player-sheet.pdf": ["Attributs Départ 1 2 3"], "tokens.pdf": ["J1", "pions pour 4 joueurs"],
           "designer-notes.pdf": ["Duel de Sortilèges : notes pour l’auteur", "Document source : duel-de-sortileges.txt",
                                  "Non imprimé pour les joueurs", "Champ de carte (Sort) Portée simulateur",
                                  "(pour le simulateur seulement : absent du résumé des règles)",
                                  "Pour l’auteur du jeu : ne fait pas partie de ce que les joueurs impriment"]},
    "de": {"rules.pdf": ["Duel de Sortilèges: Regelübersicht", "Deine erste Partie",
                         "Grimoire: 9 Karten (2 Sorts, 2 Rituels, 3 Créatures, 2 Artefacts).",
                         "Présages: 1 Karte (1 Présage).", "Höchstens 7 Karten auf der Hand.", "Seite 1 von 2"],
           "cards-grimoire.pdf": ["Spielen in: Incantation", "Bogen 1 von 1 · VORDERSEITEN", "Kostenlos", "3 beliebig"],
           "cards-presages.pdf": ["PRÉSAGE · OPTIONAL", "Wird nicht gespielt: pioché et résolu lors de la Pioche",
                                  "† Korrigiert; im Original steht „Éclipse“"],
           "manifest.pdf": ["Papier: US-Letter (215,9 x 279,4 mm)", "4 für 4 Spieler", "sechsseitiger Würfel (W6): 1",
                            "Duel de Sortilèges: Grimoire"],
           "player-sheet.pdf": ["Eigenschaften Start 1 2 3"], "tokens.pdf": ["S1", "Marker für 4 Spieler"],
           "designer-notes.pdf": ["Duel de Sortilèges: Notizen für den Autor", "Quelldokument: duel-de-sortileges.txt",
                                  "Nicht für die Spieler gedruckt", "Kartenfeld (Sort) Portée Simulator",
                                  "(nur für den Simulator: nicht in der Regelübersicht)"]},
}


def test_language__the_kit_words_and_counts_read_back_in_the_language(kit):
    code, out, _ = kit
    read = texts(out)
    for name, phrases in WORDS[code].items():
        for phrase in phrases:
            assert phrase.replace("\u00a0", " ") in read[name].replace("\u00a0", " "), f"{code}: {name}: {phrase!r}"
    assert not re.search(r"\b1 (Présages|cartes|Karten)\b", read["rules.pdf"] + read["manifest.pdf"])


def test_language__the_designers_words_stay_as_written(kit):
    code, out, _ = kit
    read = texts(out)
    for phrase in ("Boule de feu", "Inflige 2 dégâts à un mage.", "Il chasse quand la lune se lève."):
        assert phrase in read["cards-grimoire.pdf"]
    for phrase in ("Chaque mage commence avec 3 Mana, 10 Vie et 2 Savoir.", "Pyromanciens", "Victoire du savoir"):
        assert phrase in read["rules.pdf"] + read["player-sheet.pdf"]


def test_language__no_line_of_a_french_pdf_starts_with_its_colon(kit):
    """French puts a space before ':' and ';' and in '100 %': a no-break one in the catalogue, so the
    sign never starts a line (reportlab writes U+00A0 as a space: it is read back as one)."""
    code, out, _ = kit
    for path in sorted(out.glob("*.pdf")):
        for number, page in enumerate(pdf_pages(path), start=1):
            starts = [line for line in page.splitlines() if line.strip()[:1] in (":", ";", "%")]
            assert not starts, f"{code}: {path.name} page {number}: {starts[:3]}"


def test_language__every_character_of_every_page_is_on_its_page(kit):
    """Long German words and the longer French phrases fit: nothing is drawn off the paper (each
    character's box as pdfium reads it, in points)."""
    import pypdfium2 as pdfium

    code, out, _ = kit
    for path in sorted(out.glob("*.pdf")):
        document = pdfium.PdfDocument(str(path))
        try:
            for number, page in enumerate(document, start=1):
                width, height = page.get_size()
                text = page.get_textpage()
                boxes = [text.get_charbox(i) for i in range(text.count_chars())]
                outside = [box for box in boxes if box[0] < -0.1 or box[2] > width + 0.1 or box[1] < -0.1
                           or box[3] > height + 0.1]
                assert boxes and not outside, f"{code}: {path.name} page {number}: {len(outside)} characters off the page"
                text.close()
                page.close()
        finally:
            document.close()
