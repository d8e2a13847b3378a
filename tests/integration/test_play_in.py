"""Every card of the five games says when it is played, as its seed says (issue 23): read from the
printed card (pdfium, one card a page), the reference and the JSON export. The expected lines
are written here from the seeds, not from the data, so a wrong `played_in` fails."""
from __future__ import annotations

import json
import re

import pdfplumber
import pytest

from kitgen.kit.build import build_game
from kitgen.kit.prepare import Options
from kitgen.load import load_game
from kitgen.model import PrintSettings
from tests.conftest import pdf_pages, run_kitgen
from tests.pdfshapes import pdf_shapes

NOT = "Not played:"
# type -> the line its cards print; NOT: never played from the hand (the card says what it is for)
SEEDS = {
    "galactic-supremacy": {  # BUILD PHASE (l.70-75): Sector, Fleet, Leader; COMMAND PHASE; RESEARCH PHASE
        "Research": "Play in: Research", "Fleet": "Play in: Build", "Sector": "Play in: Build",
        "Command": "Play in: Command", "Leader": "Play in: Build", "Homeworld": NOT},
    "alpha-centauri": {  # 11. BUILD PHASE; 10. RESEARCH (Breakthrough) and 12. DISCOVERY (free Tech cards) ...
        "Facility": "Play in: Build", "Secret Project": "Play in: Build",
        "Technology": "Play in: Research · Discovery", "Landmark": "Play in: Exploration",
        "Event": "Play in: any phase", "Proposal": "Play in: Council", "Social Engineering": "Play in: Social Engineering"},
    "civ-builder": {  # ACTION PHASE: melds of Attribute cards and up to 1 Leader; Disasters only take up space
        **{name: "Play in: Action" for name in ("Conquest", "Trade", "Culture", "Science", "Agriculture", "Religion",
                                                "Seafaring", "Government", "Equestrian", "Engineering", "Leader")},
        "Disaster": NOT},
    "civilization-card-game": {  # Purchasing: buildings or wonders from the hand; Combat: military cards
        "Building": "Play in: Purchasing", "Wonder": "Play in: Purchasing", "Military": "Play in: Combat",
        "Plot": NOT, "Technology": NOT, "Bonus Resource": NOT, "Commerce Resource": NOT, "Hammer Resource": NOT,
        "Food Resource": NOT, "Population": NOT},
    "galactic-civ": {  # 2. CONSTRUCTION, 3. DISCOVERY, 6. EXPLORATION, 7. EXPLOITATION, 9. RESEARCH
        "Ship": "Play in: Construction · Exploitation", "Build": "Play in: Construction · Exploitation",
        "Find": "Play in: Discovery · Exploration", "Tech": "Play in: Discovery · Research",
        "Galactic Event": NOT, "Moral Dilemma": NOT, "United Planets Issue": NOT},
}


def _faces(path, cards) -> list[str]:
    """The text of each card's first front. One card a page, front then back (duplex), copies in
    a row: card k's first copy is page 2 x (copies before it). A front carries its sorting number.
    Read by pdfium (the same words as pdfplumber's extract_text, whitespace folded, many times faster)."""
    texts, page = [], 0
    pages = pdf_pages(path)
    for card in cards:
        text = " ".join(pages[page].split())
        assert re.search(r"\d{3}/\d{3}", text) and card.name.split()[0] in text, (page, card.name, text)
        texts.append(text)
        page += 2 * card.copies
    assert page == len(pages)
    return texts


@pytest.fixture(scope="module")
def single_kit(tmp_path_factory, project):
    """Each game built once for this file, one card a page with no bleed (the page is the trim):
    the Play in lines and the safe zone are read from the same PDFs."""
    built: dict[str, tuple] = {}

    def kit(game: str):
        if game not in built:
            out = tmp_path_factory.mktemp(game)
            report = build_game(project, game, out, Options(settings=PrintSettings(layout="single")), use_cache=False)
            built[game] = out, report
        return built[game]
    return kit


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_play_in__every_card_prints_its_seeds_timing(game, project, single_kit):
    loaded = load_game(project.game_folder(game))
    assert {t.name for t in loaded.card_types} == set(SEEDS[game])  # a new type needs its line here
    folder, _ = single_kit(game)
    wrong = []
    for deck in loaded.decks:
        for card, text in zip(deck.cards, _faces(folder / f"cards-{deck.id}.pdf", deck.cards), strict=True):
            expected = SEEDS[game][card.type]
            if expected == NOT:
                ok = NOT in text and "Play in:" not in text
            else:
                ok = re.search(re.escape(expected) + r"(?! ·)", text) is not None and text.count("Play in:") == 1
            if not ok:
                wrong.append(f"{card.name} ({card.type}): expected {expected!r} in {text!r}")
    assert wrong == []


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_play_in__json_export_gives_every_card_fields_cost_and_played_in(game):
    result = run_kitgen("export", game, "--format", "json")
    assert result.returncode == 0, result.stderr
    for deck in json.loads(result.stdout)["decks"]:
        for card in deck["cards"]:
            assert {"fields", "cost", "played_in", "not_played"} <= set(card), card["name"]
            expected = SEEDS[game][card["type"]]
            if expected == NOT:
                assert card["played_in"] == [] and card["not_played"], card["name"]
            else:
                phases = expected.removeprefix("Play in: ").split(" · ")
                assert [p.removesuffix(" Phase") for p in card["played_in"]] == phases, card["name"]


def test_costs__galactic_supremacy_sectors_and_fleets_print_10_credits_inside_the_safe_zone(single_kit):
    folder, _ = single_kit("galactic-supremacy")  # the same one-card-a-page build the tests above read
    mm = 72 / 25.4
    seen = set()
    for page in pdf_shapes(folder / "cards-common.pdf"):
        words = sorted(page.words, key=lambda w: (round(w.top), w.x0))  # reading order, as pdfplumber's
        text = " ".join(w.text for w in words)
        kind = next((t for t in ("FLEET", "SECTOR") if t in text.split()), None)
        if kind is None:
            continue
        badge = [w for w in words if w.text in ("10", "Credits") and w.top < 25 * mm]
        assert [w.text for w in badge] == ["10", "Credits"], text
        for word in badge:  # the 3 mm safe zone: nothing important touches the cut
            assert word.x0 >= 3 * mm and word.top >= 3 * mm and word.x1 <= page.width - 3 * mm
        seen.add(kind)
    assert seen == {"FLEET", "SECTOR"}
    export = json.loads(run_kitgen("export", "galactic-supremacy", "--format", "json").stdout)
    costs = {c["type"]: c["cost"]["pay"] for d in export["decks"] for c in d["cards"] if c["cost"]}
    assert costs == {"Research": {"Credits": 10}, "Fleet": {"Credits": 10}, "Sector": {"Credits": 10},
                     "Leader": {"Credits": 5}}


def test_reference__lists_each_types_timing_and_cost(project, tmp_path):
    build_game(project, "galactic-supremacy", tmp_path, use_cache=False)
    with pdfplumber.open(tmp_path / "reference.pdf") as pdf:
        text = " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)
    assert "Fleet Play in: Build 10 Credits" in text and "Leader Play in: Build 5 Credits" in text
    assert "Homeworld Not played: in play from the start, one per player" in text


MM = 72 / 25.4


@pytest.mark.parametrize("game", sorted(SEEDS))
def test_safe_zone__every_word_on_every_face_is_3_mm_inside_the_trim(game, single_kit):
    """Each card and back a page (--layout single, no bleed): every word, by the box pdfplumber gives
    it (tests/pdfshapes.py reads the same boxes with pdfium, to 0.01 mm, so every page of every copy
    is still read), stands at least 3 mm inside the page, which is the trim (within the 0.1 mm we measure to)."""
    folder, report = single_kit(game)
    assert not [p for p in report.warnings if "safe zone" in p.message]
    margin = 3 * MM - 0.1 * MM
    pdfs = sorted(folder.glob("cards-*.pdf"))
    assert pdfs
    for pdf in pdfs:
        for number, page in enumerate(pdf_shapes(pdf), 1):
            assert page.words or number % 2 == 0, f"{pdf.name} page {number}: a front with no words"
            for word in page.words:
                inside = word.inside(page.width, page.height)
                assert inside >= margin, (f"{pdf.name} page {number}: '{word.text}' is "
                                          f"{inside / MM:.2f} mm from the trim")
