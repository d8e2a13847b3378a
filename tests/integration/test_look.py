"""How a kit looks, checked on real output: frames per card type, the card's own icon, the erratum
mark, rich card text, backs the same under a 180-degree turn, documents on the chosen paper with a
footer that says how they print."""
from __future__ import annotations

import re
import shutil
from dataclasses import replace

import pdfplumber
import pypdfium2 as pdfium
import pytest

from kitgen.kit.build import build_game
from kitgen.layout.effects import _label, erratum_note
from kitgen.layout.shapes import Circle, Icon, Line, Rect, Text
from kitgen.load import load_game
from kitgen.load.looks import read_look
from kitgen.load.templates import find_front, front_names
from kitgen.kit.prepare import check_kit
from tests.conftest import MM, ROOT, pdf_pages, pdf_text

GAMES = [p.parent.name for p in sorted((ROOT / "data").glob("*/game.yaml"))]


def test_frames__the_shipped_games_use_at_least_three_distinct_fronts(project):
    """As a build finds them: a game's look (a folder between its templates/ and kitgen's) is one
    layer with kitgen's, so kitgen's frames still come before the look's card-front.yaml."""
    used = set()
    for game in GAMES:
        folder = project.game_folder(game)
        loaded = load_game(folder)
        look, _ = read_look(loaded.look, folder, project.templates)
        dirs = project.template_dirs(folder, look=look)
        for card_type in loaded.card_types:
            used.add(find_front(front_names(card_type.name, card_type.deck, card_type.frame), dirs, 2 if look else 1))
    assert {"card-front.yaml", "card-front-text.yaml", "card-front-picture.yaml", "card-front-tech.yaml"} <= used


def test_frames__a_type_file_beats_the_frame_and_the_game_folder_beats_kitgen(tmp_path, project):
    ours = project.templates
    game = tmp_path / "templates"
    game.mkdir()
    names = front_names("Moral Dilemma", "events", "text")
    assert names == ["card-front-moral-dilemma.yaml", "card-front-text.yaml", "card-front-events.yaml",
                     "card-front.yaml"]
    assert find_front(names, [game, ours]) == "card-front-text.yaml"
    (game / "card-front.yaml").write_text((ours / "card-front.yaml").read_text())
    assert find_front(names, [game, ours]) == "card-front.yaml"  # a game's own front replaces every frame
    (game / "card-front-moral-dilemma.yaml").write_text((ours / "card-front.yaml").read_text())
    assert find_front(names, [game, ours]) == "card-front-moral-dilemma.yaml"


def test_art_window__shows_the_cards_own_icon_else_its_types(tmp_path, project):
    folder = tmp_path / "gc"
    shutil.copytree(project.game_folder("galactic-civ"), folder)
    deck = folder / "decks" / "common.yaml"
    lines = deck.read_text().splitlines()
    for number, line in enumerate(lines):  # Interceptors: another icon; Scout Ships: none of its own
        if "{name: Interceptors," in line:
            lines[number] = re.sub(r"icon: [a-z0-9-]+", "icon: rocket", line)
        if "{name: Scout Ships," in line:
            lines[number] = re.sub(r",\s*icon: [a-z0-9-]+", "", line)
    deck.write_text("\n".join(lines) + "\n")
    checked = check_kit(project, str(folder), lay_out=False)
    fronts = checked.faces[0].fronts
    names = [card.name for card in checked.faces[0].deck.cards]

    def big_icons(index):  # the art window's icon: far larger than the badge or an effect row's
        return [s.name for s in fronts[index].shapes if isinstance(s, Icon) and s.w > 25 * 72 / 25.4]
    assert big_icons(names.index("Interceptors")) == ["rocket"]
    assert big_icons(names.index("Scout Ships")) == ["spaceship"]  # Ship's icon


def test_erratum__bunker_prints_a_dagger_by_its_value_and_the_correction_in_players_words(tmp_path, project):
    """The card shows what the kit plays (MD+2, a dagger by it) and its erratum's card_note in fine print;
    an erratum without one quotes the source's short words for the card it marks."""
    build_game(project, "alpha-centauri", tmp_path / "ac")
    [page] = [page for page in pdf_pages(tmp_path / "ac" / "cards-common.pdf") if "Bunker" in page]
    card = " ".join(page.split()).split("Bunker", 1)[1]
    assert "+2\u2020" in card.split("AC ", 1)[0]  # the badge, before the card's footer code
    assert "\u2020 Corrected: the card list gives ED+2, a code no rule defines" in card
    game = load_game(ROOT / "data" / "alpha-centauri")
    bunker = next(e for e in game.errata if e.id == "bunker-ed")
    assert erratum_note(replace(bunker, card_note=""), "Bunker") == '\u2020 Corrected; the original reads "Bunker F ED+2"'
    assert erratum_note(replace(bunker, card_note=""), "Silo") == "\u2020 Corrected: see Errata in the rules summary"


def test_rich_text__bold_italic_and_inline_icons_reach_the_pdf(tmp_path, project):
    folder = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", folder)
    deck = folder / "decks" / "main.yaml"
    text = deck.read_text()
    first = next(line for line in text.splitlines() if "name:" in line and "type:" in line)
    name = first.split("name:", 1)[1].split(",", 1)[0].strip()
    deck.write_text(text.replace(first, first.replace(f"name: {name},", f"name: {name}, text: \"Gain **Boldly** "
                                                                           f"{{icon:spaceship}} _softly_ now\",", 1)))
    build_game(project, str(folder), tmp_path / "kit")
    with pdfplumber.open(tmp_path / "kit" / "cards-main.pdf") as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["fontname"])
    fonts = {w["text"]: w["fontname"] for w in words}
    assert "Bold" in fonts["Boldly"] and "Italic" in fonts["softly"] and "Regular" in fonts["Gain"]
    assert "**" not in pdf_text(tmp_path / "kit" / "cards-main.pdf") and "{icon" not in pdf_text(tmp_path / "kit" / "cards-main.pdf")


def test_labels__a_label_shrinks_on_its_own_then_takes_the_abbreviation():
    measure = lambda text, font, size: len(text) * size * 0.5  # noqa: E731
    forms = ("All other players: Expansion", "All other players: EXP")
    assert _label(forms, 140.0, 10.0, 6.5, measure) == (forms[0], 10.0)  # 28 chars x 5 pt = 140: fits
    assert _label(forms, 110.0, 10.0, 6.5, measure) == (forms[0], 7.75)  # shrunk alone, still >= 6.5
    assert _label(forms, 80.0, 10.0, 6.5, measure) == (forms[1], 7.25)  # the abbreviation, shrunk a little


def _mirrored(shape, width, height):
    """The shape as it shows after the card is turned 180 degrees, rounded to 0.01 pt."""
    r = lambda *values: tuple(round(v, 2) for v in values)  # noqa: E731
    if isinstance(shape, Text):
        return ("text", shape.text, *r(width - shape.x, height - shape.y), (shape.rotate + 180) % 360, shape.align)
    if isinstance(shape, Icon):
        return ("icon", shape.name, *r(width - shape.x - shape.w, height - shape.y - shape.h, shape.w),
                (shape.rotate + 180) % 360)
    if isinstance(shape, Circle):
        return ("circle", *r(width - shape.x, height - shape.y, shape.r), shape.fill, shape.stroke)
    if isinstance(shape, Rect):
        return ("rect", *r(width - shape.x - shape.w, height - shape.y - shape.h, shape.w, shape.h), shape.fill)
    if isinstance(shape, Line):
        ends = sorted([r(width - shape.x1, height - shape.y1), r(width - shape.x2, height - shape.y2)])
        return ("line", *ends, shape.color)


def _as_is(shape):
    r = lambda *values: tuple(round(v, 2) for v in values)  # noqa: E731
    if isinstance(shape, Text):
        return ("text", shape.text, *r(shape.x, shape.y), shape.rotate % 360, shape.align)
    if isinstance(shape, Icon):
        return ("icon", shape.name, *r(shape.x, shape.y, shape.w), shape.rotate % 360)
    if isinstance(shape, Circle):
        return ("circle", *r(shape.x, shape.y, shape.r), shape.fill, shape.stroke)
    if isinstance(shape, Rect):
        return ("rect", *r(shape.x, shape.y, shape.w, shape.h), shape.fill)
    if isinstance(shape, Line):
        return ("line", *sorted([r(shape.x1, shape.y1), r(shape.x2, shape.y2)]), shape.color)


@pytest.mark.parametrize("game", GAMES)
def test_backs__each_deck_has_a_patterned_back_the_same_after_a_half_turn(game, project):
    checked = check_kit(project, game, lay_out=False)
    width, height = checked.spec.card
    for faces in checked.faces:
        shapes = faces.back.shapes
        drawn = sorted(map(repr, map(_as_is, shapes)))
        assert drawn == sorted(map(repr, (_mirrored(s, width, height) for s in shapes))), faces.deck.id
        assert sum(isinstance(s, Icon) for s in shapes) >= 12, faces.deck.id  # the deck's icon as a pattern
        words = {word.casefold() for s in shapes if isinstance(s, Text) and not s.rotate for word in s.text.split()}
        title = faces.deck.back.title or checked.game.title
        assert set(title.casefold().split()) <= words, faces.deck.id  # the title (in the look's case), upright


def test_paper__every_page_of_every_file_of_an_a4_kit_is_a4(kit_a4):
    for path in sorted(kit_a4.glob("*.pdf")):
        document = pdfium.PdfDocument(str(path))
        try:
            for number, page in enumerate(document, start=1):
                assert sorted(page.get_size()) == pytest.approx([595.28, 841.89], abs=1), (path.name, number)
        finally:
            document.close()


def test_documents__footers_say_they_print_one_sided_as_the_manifest_does(kit):
    for name in ("rules.pdf", "reference.pdf", "player-sheet.pdf", "manifest.pdf"):
        with pdfplumber.open(kit / name) as pdf:
            for page in pdf.pages:  # the footer: the last half inch of the page
                footer = page.crop((0, page.height - 36, page.width, page.height)).extract_text()
                assert "Print at 100% (actual size), one-sided" in footer and "double" not in footer, name
    assert "Print at 100% (actual size), one-sided" in pdf_text(kit / "manifest.pdf")


def test_player_sheet__column_text_stays_clear_of_the_next_columns_checkbox(tmp_path, project):
    """Alpha Centauri's 31 rows turn its one-page sheet upright, and its paths to victory share two columns."""
    from kitgen.kit.build import Options, layout_documents
    from kitgen.render.document import render_document
    from kitgen.render.fonts import font_files, register_fonts

    game = load_game(project.game_folder("alpha-centauri"))
    register_fonts(font_files(project.fonts, game.fonts, project.game_folder("alpha-centauri")))
    document = layout_documents(project, game, "alpha-centauri", Options())["player-sheet.pdf"]
    render_document(document, tmp_path / "sheet.pdf", game.title, "#333333", "one-sided")
    with pdfplumber.open(tmp_path / "sheet.pdf") as pdf:
        assert len(pdf.pages) == 1 and pdf.pages[0].height > pdf.pages[0].width
        page = pdf.pages[0]
        words = page.extract_words()
        heading = next(w for w in words if w["text"] == "Paths")  # the columns begin here
        for grid in ["Social", "Holdings"]:  # Social Factors, Factors & Holdings: each grid keeps "Start" whole
            first_cell = next(w for w in words if w["text"] == grid)
            assert "Start" in [w["text"] for w in words if abs(w["top"] - first_cell["top"]) < 1]
        boxes = [r for r in page.rects if abs(r["width"] - r["height"]) < 0.5 and r["width"] < 12]
        first = min(box["x0"] for box in boxes)
        second = [box for box in boxes if box["x0"] > first + 50 * MM]
        assert len(second) == 2 and len(boxes) == 4  # 4 paths, 2 a column
        for box in second:
            left = [c for c in page.chars if c["x0"] < box["x0"] and c["top"] >= heading["top"] and c["text"].strip()]
            assert left and max(c["x1"] for c in left) < box["x0"] - 3  # a clear gap, not text under the box


def test_rules__a_phases_own_rules_stay_inside_its_numbered_item(kit):
    text = pdf_text(kit / "rules.pdf")
    sequence = text.split("Turn Sequence", 1)[1].split("Common Deck", 1)[0]  # the section after it
    first = sequence.split("1. Opportunity Phase.", 1)[1].split("2. Construction Phase.", 1)[0]
    assert "Event roll (Event Deck): At the end of Opportunity Phase" in first and "•" not in sequence


def test_sheet_label__runs_between_the_crop_marks_never_across_them(project):
    from kitgen.kit.build import impose_sheets, instruction
    from kitgen.layout.impose import plan_grid
    from kitgen.render.fonts import measure

    checked = check_kit(project, "galactic-civ", lay_out=False)
    grid = plan_grid(checked.spec.paper, checked.spec.card, spec=checked.spec)
    pages = next(iter(impose_sheets(checked, grid, instruction(checked.spec)).values()))
    page = next(iter(pages))
    labels = [s for s in page.shapes if isinstance(s, Text) and s.rotate == 90 and s.x < grid.left]  # left margin
    marks = [s for s in page.shapes if isinstance(s, Line) and abs(s.y1 - s.y2) < 0.01]  # horizontal marks
    assert labels and marks
    for label in labels:  # turned text: it spans y +- half its length, x from x - size to x
        half = measure(label.text, label.font, label.size) / 2
        for mark in marks:
            crosses_x = min(mark.x1, mark.x2) < label.x + 1 and max(mark.x1, mark.x2) > label.x - label.size
            assert not (crosses_x and label.y - half < mark.y1 < label.y + half), label.text
