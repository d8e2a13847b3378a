"""The Galactic Civ kit, read back from the PDFs it writes: text, geometry in mm, fonts, bytes."""
from __future__ import annotations

import json
import os
import re
import shutil

import pdfplumber
import pytest
from pypdf import PdfReader

from kitgen.kit.build import build_game
from kitgen.load import load_game
from tests.conftest import MM, ROOT, pdf_text, run_kitgen

CARD_W, CARD_H = 63.5, 88.9
KIT_FILES = ["cards-common.pdf", "cards-events.pdf", "designer-notes.pdf", "manifest.pdf", "player-sheet.pdf",
             "reference.pdf", "rules.pdf"]


def text_of(path) -> str:
    """All text in drawing order, whitespace folded (a name wrapped over two lines reads as one)."""
    return pdf_text(path)


def card_frames(page) -> list[tuple[float, float]]:
    """Top-left corners (mm) of every card-sized rectangle on a page: one per card, front or back."""
    return sorted((round(r["x0"] / MM, 2), round(r["top"] / MM, 2)) for r in page.rects
                  if abs(r["width"] / MM - CARD_W) < 0.1 and abs(r["height"] / MM - CARD_H) < 0.1)


def flat(pairs) -> list[float]:
    """[(x, y), ...] -> [x, y, ...]: pytest.approx compares flat lists only."""
    return [value for pair in pairs for value in pair]


def test_build__writes_every_part_of_the_kit(kit):
    assert sorted(p.name for p in kit.glob("*.pdf")) == KIT_FILES


@pytest.mark.parametrize("deck_file, deck_id", [("cards-common.pdf", "common"), ("cards-events.pdf", "events")])
def test_cards__every_card_name_is_in_the_card_pdf(kit, project, deck_file, deck_id):
    game = load_game(project.game_folder("galactic-civ"))
    deck = next(d for d in game.decks if d.id == deck_id)
    text = text_of(kit / deck_file)
    missing = [card.name for card in deck.cards if card.name not in text]
    assert missing == []
    assert len(deck.cards) == {"common": 120, "events": 77}[deck_id]


def test_cards__letter_pages_with_a_back_after_each_front(kit):
    reader = PdfReader(kit / "cards-common.pdf")
    assert len(reader.pages) == 2 * 14  # 120 cards at 9 a sheet: 14 sheets, front and back
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((612, 792), abs=0.01)


def test_cards__a4_pages_when_asked(kit_a4):
    page = PdfReader(kit_a4 / "cards-events.pdf").pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((595.276, 841.89), abs=0.01)


def test_cards__nine_poker_cards_centred_on_letter(kit):
    with pdfplumber.open(kit / "cards-common.pdf") as pdf:
        frames = card_frames(pdf.pages[0])
    # Letter is 215.9 x 279.4 mm; 3 x 63.5 = 190.5 and 3 x 88.9 = 266.7 leave 12.7 and 6.35 mm margins.
    expected = sorted((12.7 + c * CARD_W, 6.35 + r * CARD_H) for r in range(3) for c in range(3))
    assert flat(frames) == pytest.approx(flat(expected), abs=0.1)


def test_cards__crop_marks_at_every_cut_line_the_margin_has_room_for(kit):
    """Letter's 6.35 mm above and below three rows of poker cards is all margin a printer may not
    print: the marks there are left out (the manifest says how to cut); the sides have 12.7 mm."""
    with pdfplumber.open(kit / "cards-common.pdf") as pdf:
        lines = [l for l in pdf.pages[0].lines  # thin and short: the scale bar's ends are thicker
                 if (l["x1"] - l["x0"]) + (l["bottom"] - l["top"]) <= 5.01 * MM and l["linewidth"] <= 0.3]
    vertical = [l for l in lines if abs(l["x0"] - l["x1"]) < 0.01]
    horizontal = [l for l in lines if abs(l["top"] - l["bottom"]) < 0.01]
    cut_y = [6.35 + r * CARD_H for r in range(4)]
    assert vertical == []
    assert sorted({round(l["top"] / MM, 2) for l in horizontal}) == pytest.approx(cut_y, abs=0.1)
    for mark in horizontal:  # beside the cards, never on one, and inside the 6.35 mm margin
        assert mark["x1"] / MM <= 12.7 - 0.9 or mark["x0"] / MM >= 12.7 + 3 * CARD_W + 0.9
        assert mark["x0"] / MM >= 6.35 - 0.01 and mark["x1"] / MM <= 215.9 - 6.35 + 0.01
    assert len(horizontal) == 8
    manifest = " ".join(pdf_text(kit / "manifest.pdf").split())
    assert "no crop marks above and below the cards" in manifest and "63.5 mm wide" in manifest


def test_cards__backs_mirror_columns_for_long_edge_duplex(kit):
    # 77 event cards: the last sheet holds 5, in row 1 columns 1-3 and row 2 columns 1-2.
    with pdfplumber.open(kit / "cards-events.pdf") as pdf:
        assert len(pdf.pages) == 18
        fronts, backs = card_frames(pdf.pages[-2]), card_frames(pdf.pages[-1])
    page_w = 215.9
    assert len(fronts) == len(backs) == 5
    mirrored = sorted((round(page_w - x - CARD_W, 2), y) for x, y in fronts)
    assert flat(backs) == pytest.approx(flat(mirrored), abs=0.1)
    second_row = sorted(x for x, y in backs if y > 50)
    assert second_row == pytest.approx([76.2, 139.7], abs=0.1)  # columns 2 and 3 from the left


def test_cards__pdf_asks_for_long_edge_duplex_at_actual_size(kit):
    preferences = PdfReader(kit / "cards-common.pdf").trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == "/DuplexFlipLongEdge"
    assert preferences["/PrintScaling"] == "/None"


@pytest.mark.parametrize("name", KIT_FILES)
def test_kit__every_font_is_embedded(kit, name):
    fonts = {}
    for page in PdfReader(kit / name).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts[font["/BaseFont"]] = font
    assert fonts
    for base, font in fonts.items():
        descriptor = font.get("/FontDescriptor")
        if descriptor is None and "/DescendantFonts" in font:
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert descriptor is not None and "/FontFile2" in descriptor.get_object(), f"{base} is not embedded"


def test_rules__every_phase_in_order(kit, project):
    game = load_game(project.game_folder("galactic-civ"))
    text = text_of(kit / "rules.pdf")
    start = text.find("Turn Sequence")  # the first-game page before it lists the phases too
    positions = [text.find(f"{phase.name}.", start) for phase in game.phases]
    assert -1 not in positions
    assert positions == sorted(positions)
    assert len(game.phases) == 12


def test_rules__setup_victory_ties_hand_limit_events_and_errata(kit):
    text = text_of(kit / "rules.pdf")
    for expected in ["Setup", "Each player starts with 5 points in each of the 8 Attributes.",
                     "Conquest Victory", "General Victory", "Ties", "Hand Limit", "Max hand size is 5 cards",
                     "Council Vote", "If it is Odd, draw the top card of the Event deck.",
                     "Errata this kit applies", "The Trade Phase rewards the highest Trade Score."]:
        assert expected in text
    notes = text_of(kit / "designer-notes.pdf")  # the source's own words are the designer's, not the players'
    assert "trade-phase-trigger: The source says:" in notes and "highest Culture Score" in notes
    assert "The source says:" not in text and "trade-phase-trigger" not in text


def test_rules__follow_the_data_when_a_phase_changes(tmp_path, project):
    game_dir = tmp_path / "galactic-civ"
    shutil.copytree(project.game_folder("galactic-civ"), game_dir)
    rules = game_dir / "rules.yaml"
    rules.write_text(rules.read_text().replace("name: Discovery Phase", "name: Wonder Phase"))
    build_game(project, str(game_dir), tmp_path / "out")
    text = text_of(tmp_path / "out" / "rules.pdf")
    assert "Wonder Phase." in text and "Discovery Phase" not in text


def test_reference__dice_tables_notation_and_phases(kit):
    text = text_of(kit / "reference.pdf")
    for expected in ["Random Attribute Table (1D10)", "Benevolence Table (1D10)", "9-0", "Enlightenment",
                     "Research +1", "GE", "Galactic Event", "UPI", "United Planets Issue", "IB", "If Benevolent",
                     "Turn at a glance", "Approval Phase", "Lowest Morale"]:
        assert expected in text


def test_player_sheet__attributes_across_twenty_turns(kit):
    with pdfplumber.open(kit / "player-sheet.pdf") as pdf:
        assert len(pdf.pages) == 1  # one page a player
        page = pdf.pages[0]
        words = page.extract_words()
        assert page.width > page.height  # landscape, for 20 columns of boxes (9 rows: not more than 24)
    names = [w["text"] for w in words]
    for attribute in ["Morale", "Research", "Exploration", "Exploitation", "Expansion", "Influence", "Trade",
                      "Military"]:
        assert attribute in names
    header = next(w for w in words if w["text"] == "Attributes")
    turns = [w for w in words if abs(w["top"] - header["top"]) < 1 and w["text"].isdigit()]
    assert [w["text"] for w in sorted(turns, key=lambda w: w["x0"])] == [str(n) for n in range(1, 21)]
    column = (turns[1]["x0"] - turns[0]["x0"]) / MM
    row = (next(w for w in words if w["text"] == "Research")["top"] - next(w for w in words if w["text"] == "Morale")["top"]) / MM
    assert column >= 6 and abs(row - 6) < 0.1  # a box a pencil can write a number in; 6 mm rows fit one page
    text = " ".join(names)
    assert "Turn order Attributes Start 1 2 3" in text  # no heading over the grid: its first cell names it
    assert "Setup" not in text  # the rules summary has it
    assert "Terran Alliance:" in text and "Conquest Victory:" in text and "Player" in names

    def left(word: str) -> float:
        return next(w for w in words if w["text"] == word and w["top"] > header["top"] + 40 * MM)["x0"]
    # columns: Victory | the first half of the factions | the rest, in the data's order
    assert left("Paths") < left("Conquest") < left("Terran") < left("Krynn")
    assert {left(name) for name in ["Terran", "Dregin", "Iconian", "Yor", "Altarian", "Iridium"]} == {left("Terran")}
    assert {left(name) for name in ["Krynn", "Thalan", "Snathi", "Torian", "Arcean"]} == {left("Krynn")}


def test_build__same_input_gives_byte_identical_pdfs(tmp_path, project):
    build_game(project, "galactic-civ", tmp_path / "a")
    build_game(project, "galactic-civ", tmp_path / "b")
    for name in KIT_FILES:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_build__byte_identical_in_a_process_of_another_hash_seed(kit, tmp_path, monkeypatch):
    """Nothing hash()-ordered or named by id() reaches a PDF: the session's kit (this process's
    seed) against a fresh build (another seed, no cache). Names of forms hash shapes' repr, so a
    repr showing an address or a hash() would fail this."""
    monkeypatch.setenv("PYTHONHASHSEED", str(int(os.environ.get("PYTHONHASHSEED") or 0) + 1))
    result = run_kitgen("build", "galactic-civ", "-o", str(tmp_path / "kit"), "--no-cache")
    assert result.returncode == 0, result.stderr
    built = sorted(path.name for path in kit.iterdir() if path.is_file())
    assert sorted(path.name for path in (tmp_path / "kit").iterdir() if path.is_file()) == built
    assert set(KIT_FILES) <= set(built)
    for name in built:
        assert (kit / name).read_bytes() == (tmp_path / "kit" / name).read_bytes(), name


def test_cli__validate_prints_composition_and_exits_zero():
    result = run_kitgen("validate", "galactic-civ")
    assert result.returncode == 0, result.stdout + result.stderr
    for type_name in ["Ship", "Build", "Tech", "Find"]:
        assert re.search(rf"^  {type_name}\s+30\s", result.stdout, re.M)
    assert re.search(r"^  Moral Dilemma\s+39\s", result.stdout, re.M)
    assert re.search(r"^  Galactic Event\s+14\s", result.stdout, re.M)
    assert re.search(r"^  United Planets Issue\s+24\s", result.stdout, re.M)
    assert "trade-phase-trigger" in result.stdout
    assert result.stdout.strip().endswith("Galactic Civ: 0 errors, 0 warnings, 3 errata applied")


def test_cli__export_json_lists_all_197_cards_in_shape():
    result = run_kitgen("export", "galactic-civ", "--format", "json")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data["game"] == "galactic-civ" and data["title"] == "Galactic Civ"
    cards = [card for deck in data["decks"] for card in deck["cards"]]
    assert len(cards) == 197
    scout = data["decks"][0]["cards"][0]
    assert {k: scout[k] for k in ("name", "type", "copies", "effects", "text")} == {
        "name": "Scout Ships", "type": "Ship", "copies": 1,
        "effects": [{"attribute": "Exploration", "delta": 2}], "text": ""}
    graveyard = next(c for c in cards if c["name"] == "Ship Graveyard")
    assert graveyard["text"] == "Play 1 Ship Card"
    assert graveyard["effects"] == [{"attribute": "Exploitation", "delta": 1}]


def test_cli__list_names_each_game_with_players_and_cards():
    result = run_kitgen("list")
    assert result.returncode == 0
    assert "galactic-civ" in result.stdout and "2-4+ players" in result.stdout
    assert "Common Deck 120" in result.stdout and "Event Deck 77" in result.stdout


def test_cli__build_from_another_folder_writes_output_there(tmp_path):
    result = run_kitgen("build", "galactic-civ", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "output" / "galactic-civ").glob("*.pdf")) == KIT_FILES
    assert not (ROOT / "output" / "tmp").exists()


def test_build__into_a_folder_of_ones_own_keeps_the_other_files(tmp_path, project):
    folder = tmp_path / "print-me"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine\n")
    build_game(project, "galactic-civ", folder)
    assert (folder / "notes.txt").read_text() == "mine\n"
    assert sorted(p.name for p in folder.glob("*.pdf")) == KIT_FILES
    # no staging folder left beside it (the lock file .print-me.kitgen-lock stays: kitgen/kit/lock.py)
    assert [p.name for p in tmp_path.glob(".print-me.*")] in ([], [".print-me.kitgen-lock"])


def form_streams(path) -> list[bytes]:
    """The decoded content of every form XObject in a PDF, each once."""
    seen, streams = set(), []

    def visit(resources) -> None:
        for ref in (resources or {}).get("/XObject", {}).values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form":
                streams.append(xobject.get_data())
                visit(xobject.get("/Resources"))

    for page in PdfReader(path).pages:
        visit(page.get("/Resources"))
    return streams


def test_cards__what_a_card_type_shares_is_stored_once_per_pdf(kit, project):
    """The frame in the type's colour, the header band and the placeholder art are the same on
    every card of a type: one form each, placed from every card's own form."""
    frame = re.compile(rb"(?<![\d.])0 0 180 252 re\b")  # the card-sized background: poker is 180 x 252 pt
    game = load_game(project.game_folder("galactic-civ"))
    for name, deck in (("cards-common.pdf", "common"), ("cards-events.pdf", "events")):
        types = {card.type for card in next(d for d in game.decks if d.id == deck).cards}
        streams = form_streams(kit / name)
        drawn = [s for s in streams if frame.search(s)]
        assert len(drawn) == len(types) + 1, (name, len(drawn))  # one per type, and the deck's back
        faces = [s for s in streams if b"Do" in s and b"Tj" in s]  # a card's own form: its text, forms placed
        assert len(faces) >= len(next(d for d in game.decks if d.id == deck).cards) // 2


@pytest.mark.parametrize("name, number", [("cards-common.pdf", 0), ("cards-events.pdf", 1)])
def test_pdfshapes__reads_pdfplumbers_lines_and_words_with_the_glyphs_fonttools_reads(kit, name, number):
    """tests/pdfshapes.py stands in for pdfplumber where a test measures every page: on a front and
    a back (card words in forms, turned sheet labels, crop marks, the scale bar) it finds pdfplumber's
    lines exactly and its words, each with the box its glyphs' outlines fill as fontTools reads them
    from the fonts at the places pdfplumber reads (tests/glyphs.py), to 0.1 pt (pdfium keeps a
    font's widths in whole thousandths of an em, so its pen falls up to 0.06 pt behind over a line
    of Lato, whose widths have halves). pdfplumber's own word boxes are not the glyphs': pdfminer
    makes each character one em tall from the font's descent (in Play, 0.78 em above the baseline,
    where its accented capitals reach 0.93; 0.805 em in Lato, whose reach 0.95)."""
    from tests.glyphs import fonts_by_name, word_glyph_boxes
    from tests.pdfshapes import pdf_shapes

    ours, = pdf_shapes(kit / name, only=number)
    with pdfplumber.open(kit / name) as pdf:
        page = pdf.pages[number]
        lines = sorted((round(l["x0"], 2), round(l["top"], 2), round(l["x1"], 2), round(l["bottom"], 2))
                       for l in page.lines)
        theirs = word_glyph_boxes(page, fonts_by_name(ROOT / "fonts"))
        em_boxes = page.extract_words()
        assert len(em_boxes) == len(theirs)  # every word has ink
    assert sorted((round(l.x0, 2), round(l.top, 2), round(l.x1, 2), round(l.bottom, 2)) for l in ours.lines) == lines
    assert (ours.width, ours.height) == pytest.approx((float(page.width), float(page.height)))
    assert len(ours.words) == len(theirs) > 50
    unmatched = list(theirs)
    for word in ours.words:
        same = next((w for w in unmatched if w[0] in (word.text, word.text[::-1]) and  # turned: read top down
                     max(abs(a - b) for a, b in zip(w[1:], (word.x0, word.top, word.x1, word.bottom), strict=True)) <= 0.1),
                    None)
        assert same is not None, (word, [w for w in unmatched if w[0] == word.text])
        unmatched.remove(same)


def test_every_pdf__its_title_names_the_game_once_and_kitgen_made_it(kit):
    """Info /Title, /Creator and /Producer of every PDF of the kit (a viewer's title bar, a print queue)."""
    from kitgen import __version__

    titles = {}
    for pdf in sorted(kit.glob("*.pdf")):
        info = PdfReader(pdf).metadata
        titles[pdf.name] = info["/Title"]
        assert info["/Title"].startswith("Galactic Civ: ") and info["/Title"].count("Galactic Civ") == 1, info["/Title"]
        assert info["/Creator"] == info["/Producer"] == f"kitgen {__version__}"
    assert titles["cards-common.pdf"] == "Galactic Civ: Common Deck cards"
    assert titles["rules.pdf"] == "Galactic Civ: Rules Summary"
