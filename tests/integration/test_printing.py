"""Print options measured from the output itself: page and card sizes, back positions for each
duplex mode and offset, crop marks at the trim with bleed, the fold line, the 50 mm scale bar,
trim and bleed boxes (image exports: test_export_png.py, test_export_tts.py)."""
from __future__ import annotations

import shutil

import pdfplumber
import pytest
from pypdf import PdfReader

from kitgen.kit.build import Options, build_game
from kitgen.model import PrintSettings
from kitgen.units import MM
from tests.conftest import pdf_pages, run_kitgen
from tests.pdfshapes import pdf_shapes

LETTER = (215.9, 279.4)


def build(project, tmp_path, **settings):
    out = tmp_path / "kit"
    build_game(project, "galactic-civ", out, Options(PrintSettings(**settings)))
    return out


def frames(page, width_mm, height_mm, tolerance=0.1):
    """Top-left corners (mm) of rectangles of the given size: one per card (or card with bleed)."""
    return sorted((round(r["x0"] / MM, 2), round(r["top"] / MM, 2)) for r in page.rects
                  if abs(r["width"] / MM - width_mm) < tolerance and abs(r["height"] / MM - height_mm) < tolerance)


def test_card_size__mini_cards_fit_sixteen_on_letter(project, tmp_path):
    kit = build(project, tmp_path, card_size="mini")
    with pdfplumber.open(kit / "cards-common.pdf") as pdf:
        cards = frames(pdf.pages[0], 44.45, 63.5)
    assert len(cards) == 16
    assert cards[0] == pytest.approx((round((215.9 - 4 * 44.45) / 2, 2), round((279.4 - 4 * 63.5) / 2, 2)), abs=0.1)


def test_paper__custom_size_in_inches(project, tmp_path):
    kit = build(project, tmp_path, paper="11x17in")
    page = PdfReader(kit / "cards-common.pdf").pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((792, 1224), abs=0.01)


def test_paper__a5_by_name_takes_four_poker_cards_a_sheet_and_every_document(project, tmp_path):
    """A5 (148 x 210 mm), named: cards two by two, and the documents on the same paper (the player
    sheet turned, its side-by-side reminders one after another)."""
    kit = build(project, tmp_path, paper="a5")
    with pdfplumber.open(kit / "cards-common.pdf") as pdf:
        assert (round(pdf.pages[0].width / MM, 1), round(pdf.pages[0].height / MM, 1)) == (148.0, 210.0)
        assert len(frames(pdf.pages[0], 63.5, 88.9)) == 4
    for name in ("rules.pdf", "reference.pdf", "player-sheet.pdf", "manifest.pdf"):
        box = PdfReader(kit / name).pages[0].mediabox
        assert sorted((round(float(box.width) / MM), round(float(box.height) / MM))) == [148, 210], name


def test_paper__a_card_that_cannot_fit_is_a_clear_error():
    result = run_kitgen("build", "galactic-civ", "--card-size", "250x300mm", "-o", "/tmp/kitgen-never-written")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert ("letter: error: a 250.0 x 300.0 mm card does not fit on 215.9 x 279.4 mm paper with 6.35 mm margins; "
            "the largest card that fits is 203.2 x 266.7 mm") in result.stderr


def test_duplex__short_edge_backs_mirror_rows(project, tmp_path):
    kit = build(project, tmp_path, duplex="short-edge")
    with pdfplumber.open(kit / "cards-events.pdf") as pdf:  # last sheet: 5 cards, rows 1 and 2
        fronts, backs = frames(pdf.pages[-2], 63.5, 88.9), frames(pdf.pages[-1], 63.5, 88.9)
    mirrored = sorted((x, round(LETTER[1] - y - 88.9, 2)) for x, y in fronts)
    assert backs == [pytest.approx(p, abs=0.1) for p in mirrored]
    assert PdfReader(kit / "cards-events.pdf").trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"


def test_duplex__back_offset_moves_every_back(project, tmp_path):
    plain = build(project, tmp_path / "a")
    moved = build(project, tmp_path / "b", back_offset="1.5,-0.5")
    with pdfplumber.open(plain / "cards-common.pdf") as a, pdfplumber.open(moved / "cards-common.pdf") as b:
        before, after = frames(a.pages[1], 63.5, 88.9), frames(b.pages[1], 63.5, 88.9)
        fronts_before, fronts_after = frames(a.pages[0], 63.5, 88.9), frames(b.pages[0], 63.5, 88.9)
    assert [(x + 1.5, y - 0.5) for x, y in before] == [pytest.approx(p, abs=0.1) for p in after]
    assert fronts_before == fronts_after


def test_duplex__off_writes_backs_to_their_own_pdf(project, tmp_path):
    kit = build(project, tmp_path, duplex="off")
    assert len(PdfReader(kit / "cards-common.pdf").pages) == 14
    assert len(PdfReader(kit / "cards-common-backs.pdf").pages) == 14
    preferences = PdfReader(kit / "cards-common.pdf").trailer["/Root"].get("/ViewerPreferences", {})
    assert "/Duplex" not in preferences  # one-sided: the print dialog must not default to duplex


def test_layout__gutterfold_puts_backs_beyond_the_fold(project, tmp_path):
    kit = build(project, tmp_path, layout="gutterfold")
    with pdfplumber.open(kit / "cards-common.pdf") as pdf:
        page = pdf.pages[0]
        width = page.width / MM
        cards = frames(page, 63.5, 88.9)
        fold = [l for l in page.lines if abs(l["x0"] - l["x1"]) < 0.01 and abs(l["x0"] / MM - width / 2) < 0.05]
    assert width == pytest.approx(279.4, abs=0.1)  # landscape letter
    fronts = [c for c in cards if c[0] < width / 2]
    backs = [c for c in cards if c[0] > width / 2]
    assert len(fronts) == len(backs) == 4
    assert sorted(backs) == [pytest.approx(p, abs=0.1) for p in sorted((round(width - x - 63.5, 2), y) for x, y in fronts)]
    assert max(x + 63.5 for x, _ in fronts) <= width / 2 - 4 + 0.1  # clear of the fold
    assert fold, "no fold line at the middle of the page"


def test_bleed__backgrounds_run_past_the_trim_and_marks_stay_at_it(project, tmp_path):
    bleed = 3.175
    kit = build(project, tmp_path, bleed=bleed * MM)
    with pdfplumber.open(kit / "cards-common.pdf") as pdf:
        page = pdf.pages[0]
        with_bleed = frames(page, 63.5 + 2 * bleed, 88.9 + 2 * bleed)
        marks = [l for l in page.lines if l["linewidth"] <= 0.3]
    assert len(with_bleed) == 6  # 3 x 2 on Letter once each card has its own bleed
    trims_x = sorted({round(x + bleed, 2) for x, _ in with_bleed} | {round(x + bleed + 63.5, 2) for x, _ in with_bleed})
    vertical_marks = sorted({round(l["x0"] / MM, 2) for l in marks if abs(l["x0"] - l["x1"]) < 0.01})
    assert vertical_marks == [pytest.approx(x, abs=0.1) for x in trims_x]
    for x, y in with_bleed:  # no mark reaches into any card's bleed
        for mark in marks:
            inside_x = x - 0.01 < mark["x0"] / MM < x + 63.5 + 2 * bleed + 0.01
            inside_y = y - 0.01 < (mark["top"] + mark["bottom"]) / 2 / MM < y + 88.9 + 2 * bleed + 0.01
            assert not (inside_x and inside_y)


def test_gap__cards_are_spaced_by_the_gap(project, tmp_path):
    kit = build(project, tmp_path, gap=2 * MM, paper="a4")
    with pdfplumber.open(kit / "cards-common.pdf") as pdf:
        cards = frames(pdf.pages[0], 63.5, 88.9)
    xs = sorted({x for x, _ in cards})
    assert [round(b - a, 2) for a, b in zip(xs, xs[1:], strict=False)] == [pytest.approx(65.5, abs=0.1)] * 2


def test_scale_bar__is_exactly_fifty_millimetres_on_every_card_sheet(kit):
    texts = pdf_pages(kit / "cards-common.pdf")
    pages = pdf_shapes(kit / "cards-common.pdf")  # pdfplumber's lines, read by pdfium (tests/pdfshapes.py)
    assert len(pages) == len(texts) == 28
    for number in range(0, len(pages), 2):  # the front of every sheet
        bars = [l for l in pages[number].lines if abs(max(l.x1 - l.x0, l.bottom - l.top) / MM - 50) < 0.1]
        assert len(bars) == 1
        assert "50 mm: measure it" in texts[number]


def test_ink_saver__no_filled_backgrounds(project, tmp_path):
    kit = build(project, tmp_path, ink_saver=True)
    with pdfplumber.open(kit / "cards-common.pdf") as pdf:
        for page in pdf.pages[:2]:
            big_fills = [r for r in page.rects if r["fill"] and r["width"] * r["height"] > (15 * MM) ** 2]
            assert big_fills == []


def test_manifest__says_what_to_print_and_how(kit):
    text = " ".join(PdfReader(kit / "manifest.pdf").pages[0].extract_text().split())
    assert "cards-common.pdf Common Deck: cards 28 14" in text
    assert "double-sided, flip on long edge" in text and "Common Deck: 120 cards" in text


def test_layout__single_sets_trim_and_bleed_boxes(project, tmp_path):
    kit = build(project, tmp_path, layout="single", bleed=3.175 * MM)
    page = PdfReader(kit / "cards-events.pdf").pages[0]
    assert "/TrimBox" in page and "/BleedBox" in page
    assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 189, 261], abs=0.01)  # 1/8 in bleed
    assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, 198, 270], abs=0.01)
    assert len(PdfReader(kit / "cards-events.pdf").pages) == 2 * 77


def test_calibrate__rulers_zero_under_the_front_cross(tmp_path):
    result = run_kitgen("calibrate", "-o", str(tmp_path / "calibrate.pdf"))
    assert result.returncode == 0, result.stderr
    with pdfplumber.open(tmp_path / "calibrate.pdf") as pdf:
        front, back = pdf.pages
        cross_x = [l["x0"] for l in front.lines if abs(l["x0"] - l["x1"]) < 0.01]
        zero_ticks = [l for l in back.lines if abs(l["x0"] - l["x1"]) < 0.01 and abs(l["bottom"] - l["top"] - 6 * MM) < 0.01]
    assert cross_x == [pytest.approx(front.width / 2)]
    # long-edge: the back's x mirrors, and the page centre mirrors onto itself
    assert any(abs(t["x0"] - back.width / 2) < 0.01 for t in zero_ticks)


def test_settings__config_file_then_game_data_then_defaults(project, tmp_path):
    game = tmp_path / "galactic-civ"
    shutil.copytree(project.game_folder("galactic-civ"), game)
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "\nprint: {paper: a4}\n")
    result = run_kitgen("build", str(game), "-o", str(tmp_path / "from-game"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert float(PdfReader(tmp_path / "from-game" / "cards-common.pdf").pages[0].mediabox.width) == pytest.approx(595.28, abs=0.01)
    (tmp_path / "kitgen.yaml").write_text("print:\n  paper: 11x17in\n")
    result = run_kitgen("build", str(game), "-o", str(tmp_path / "from-config"), cwd=tmp_path)
    assert float(PdfReader(tmp_path / "from-config" / "cards-common.pdf").pages[0].mediabox.width) == pytest.approx(792, abs=0.01)
    result = run_kitgen("build", str(game), "--paper", "letter", "-o", str(tmp_path / "from-cli"), cwd=tmp_path)
    assert float(PdfReader(tmp_path / "from-cli" / "cards-common.pdf").pages[0].mediabox.width) == pytest.approx(612, abs=0.01)


def test_build_on_letter__one_note_line_says_which_crop_marks_are_left_out(tmp_path):
    """Three rows of poker cards leave Letter 6.35 mm above and below: no room outside the margin."""
    from tests.conftest import ROOT

    done = run_kitgen("build", str(ROOT / "tests" / "fixtures" / "tiny"), "-o", str(tmp_path / "kit"))
    assert done.returncode == 0, done.stderr
    notes = [line for line in done.stderr.splitlines() if ": note: " in line]
    assert notes == ["letter: note: crop marks above and below the cards left out: the paper leaves no room for them "
                     "outside the 6.35 mm margin (manifest.pdf says how to cut without them); a smaller --margin, if "
                     "your printer prints nearer the edge, makes room"]
