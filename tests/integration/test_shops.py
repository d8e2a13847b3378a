"""Print shops and Tabletop Simulator as their users meet them: DriveThruCards' CMYK files read back by
readers that did not write them (libmagic, poppler's pdfimages, pypdf), one file per printed copy for
the builders that want one, and TTS saves that name images as TTS's own saves do, at the card's size."""
from __future__ import annotations

import csv
import json
import re
import subprocess
from pathlib import Path

import pypdf
import pytest
from PIL import Image, ImageCms

from kitgen.exports.images import export_png, export_tts
from kitgen.exports.shops import TARGETS
from kitgen.exports.tts import card_scale
from kitgen.kit.build import Options
from kitgen.load import load_game
from kitgen.model import PrintSettings
from kitgen.render.cmyk import INK_LIMIT, limit_ink
from kitgen.units import Length
from kitgen import __version__
from tests.conftest import ROOT, run_kitgen
from tests.pdfshapes import pdf_shapes
from tests.pdfx_rules import cmyk_colors, text_colors, x1a_violations

TINY = ROOT / "tests" / "fixtures" / "tiny"
MM = 72 / 25.4
needs_ghostscript = pytest.mark.skipif(subprocess.run(["which", "gs"], capture_output=True).returncode != 0,
                                       reason="Ghostscript is not installed (.ci/run installs it)")


def highest_ink(image: Image.Image) -> float:
    """The highest C + M + Y + K of any pixel, in percent."""
    import numpy as np

    return float(np.asarray(image, dtype=np.int32).sum(axis=-1).max()) * 100 / 255


@pytest.fixture(scope="module")
def dtc(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dtc") / "tiny-dtc"
    done = run_kitgen("export", str(TINY), "--target", "dtc", "-o", str(out))
    assert done.returncode == 0, done.stderr
    return out


@needs_ghostscript
def test_dtc__cmyk_jpg_per_copy_and_a_back_for_each_front_at_300_dpi_within_the_ink_limit(dtc):
    """DriveThruCards' and MakePlayingCards' builders take as many backs as fronts: one back file per copy."""
    deck = load_game(TINY).decks[0]
    rows = list(csv.DictReader((dtc / "cards.csv").open(encoding="utf-8")))
    copies = [card for card in deck.cards for _ in range(card.copies)]
    expected = [f"{side}-main-{n:03d}-{card.id}.jpg" for n, card in enumerate(copies, 1) for side in ("front", "back")]
    assert [row["file"] for row in rows] == expected
    assert [row["card"] for row in rows[1::2]] == ["Main Deck (back)"] * len(copies)
    assert all(row["copies"] == "1" for row in rows)
    for row in rows:
        path = dtc / row["file"]
        magic = subprocess.run(["file", "-b", str(path)], capture_output=True, text=True).stdout
        assert "JPEG" in magic and "components 4" in magic and "825x1125" in magic, magic  # libmagic, not Pillow
        with Image.open(path) as image:
            assert image.mode == "CMYK" and image.info["dpi"] == pytest.approx((300, 300))
            profile = ImageCms.ImageCmsProfile(__import__("io").BytesIO(image.info["icc_profile"]))
            assert "CMYK" in ImageCms.getProfileDescription(profile)
            ink = highest_ink(image)
        assert ink <= INK_LIMIT, f"{row['file']}: {ink:.0f} % ink"
    assert not list(dtc.glob("*.png"))


@needs_ghostscript
def test_dtc__pdfx_is_pdfx_1a_2003_rule_by_rule_and_to_poppler(dtc):
    """pikepdf goes through the X-1a rules (tests/pdfx_rules.py); poppler's pdfinfo names the standard."""
    pdf = dtc / "cards-pdfx.pdf"
    assert x1a_violations(pdf) == []
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
    assert re.search(r"PDF subtype:\s+PDF/X-1:2003", info) and re.search(r"Standard:\s+ISO 15930-4", info), info
    reader = pypdf.PdfReader(pdf)
    assert reader.metadata["/Title"] == "Tiny Empire: cards for print"
    assert reader.metadata["/Creator"] == reader.metadata["/Producer"] == f"kitgen {__version__}"
    copies = sum(card.copies for card in load_game(TINY).decks[0].cards)
    assert len(reader.pages) == 2 * copies
    bleed = TARGETS["dtc"].bleed
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (width, height) == pytest.approx(((2.5 + 0.25) * 72, (3.5 + 0.25) * 72), abs=0.1 * MM)
        assert [float(v) for v in page.trimbox] == pytest.approx([bleed, bleed, width - bleed, height - bleed],
                                                                  abs=0.1 * MM)
    assert all(sum(color) <= INK_LIMIT / 100 + 1e-6 for color in cmyk_colors(pdf))  # every colour within the limit


def test_x1a_rules__a_kit_pdf_in_rgb_breaks_them(kit):
    """The rules can fail: the home kit's card sheets (RGB, no output intent) break them."""
    found = " ".join(x1a_violations(kit / "cards-common.pdf"))
    assert "an RGB colour" in found and "GTS_PDFXVersion" in found and "0 GTS_PDFX output intents" in found


@needs_ghostscript
def test_dtc__black_type_is_drawn_0_0_0_1_k_where_the_kit_draws_it_black(dtc, tmp_path):
    """Read from the content streams: every piece of text the home kit (RGB, --layout single, the same
    faces in the same order) draws in a dark grey or black is 0 0 0 1 k in the PDF/X, and no text is
    rich black (the issue: C46 M42 Y40 K100 body text)."""
    assert run_kitgen("build", str(TINY), "--layout", "single", "--bleed", "3.175mm", "-o",
                      str(tmp_path / "rgb")).returncode == 0
    rgb, cmyk = text_colors(tmp_path / "rgb" / "cards-main.pdf"), text_colors(dtc / "cards-pdfx.pdf")
    assert len(rgb) == len(cmyk) > 0
    black = 0
    for before, after in zip(rgb, cmyk, strict=True):
        assert after[0] == "k", after
        c, m, y, k = after[1:]
        assert not (k >= 0.9 and c + m + y > 0), f"rich black text {after}"
        if before[0] == "rg" and max(before[1:]) <= 0.3 and max(before[1:]) - min(before[1:]) < 0.01:
            assert after == ("k", 0, 0, 0, 1), f"{before} became {after}"
            black += 1
    assert black >= 4  # each card's effect line at least


@needs_ghostscript
def test_dtc__jpg_black_type_is_on_the_black_plate_alone(dtc, tmp_path):
    """Pixels: where the RGB image of the same card (the pnp target, the same bleed) shows black type,
    the CMYK JPG has black ink only (JPEG noise aside) and it is dark."""
    import numpy as np

    done = run_kitgen("export", str(TINY), "--target", "pnp", "--bleed", "3.175mm", "--card", "Scout",
                      "-o", str(tmp_path / "rgb"))
    assert done.returncode == 0, done.stderr
    with Image.open(tmp_path / "rgb" / "main-scout.png") as image:
        rgb = np.asarray(image.convert("RGB"), dtype=np.int16)
    with Image.open(dtc / "front-main-001-scout.jpg") as image:
        cmyk = np.asarray(image, dtype=np.int16)
    assert rgb.shape[:2] == cmyk.shape[:2]
    dark = (rgb.max(axis=-1) <= 60) & (rgb.max(axis=-1) - rgb.min(axis=-1) <= 6)
    inner = dark.copy()  # the strokes' inside: dark with all eight neighbours (two renderers' edges differ)
    for dy, dx in ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)):
        inner[1:-1, 1:-1] &= dark[1 + dy:dark.shape[0] - 1 + dy, 1 + dx:dark.shape[1] - 1 + dx]
    assert inner.sum() >= 100, "the card shows too little black type to test"
    assert cmyk[dark][:, :3].max() <= 8, "cyan, magenta or yellow under black type"
    assert cmyk[inner][:, 3].min() >= 200, "black type not dark on the black plate"


@needs_ghostscript
def test_dtc__galactic_civ_pdfx_is_small_with_live_text(project, tmp_path):
    """Every printed card and its back (394 pages), each face a form drawn once: under 30 MB (the
    rasterised PDF/X-3 was 114 MB), X-1a throughout, its text read back, accents and all."""
    from kitgen.exports.copies import card_faces, print_pages
    from kitgen.exports.images import checked_game
    from kitgen.exports.pdfx import write_pdfx

    checked = checked_game(project, "galactic-civ", Options(PrintSettings(bleed=Length(TARGETS["dtc"].bleed))))
    pages = print_pages(card_faces(checked, TARGETS["dtc"]))
    assert len(pages) == 2 * sum(card.copies for deck in checked.game.decks for card in deck.cards)
    pdf = tmp_path / "cards-pdfx.pdf"
    write_pdfx(checked, pages, pdf)
    assert pdf.stat().st_size < 30_000_000
    assert x1a_violations(pdf) == []
    text = subprocess.run(["pdftotext", "-l", "3", str(pdf), "-"], capture_output=True, text=True).stdout
    assert "Scout Ships" in text and "Construction · Exploitation" in text, text


@needs_ghostscript
def test_dtc__same_cards_give_the_same_bytes(dtc, tmp_path):
    again = tmp_path / "again"
    assert run_kitgen("export", str(TINY), "--target", "dtc", "-o", str(again)).returncode == 0
    assert {p.name: p.read_bytes() for p in dtc.iterdir()} == {p.name: p.read_bytes() for p in again.iterdir()}


def test_limit_ink__rich_black_goes_to_black_ink_and_light_colors_are_untouched():
    import numpy as np

    pixels = np.array([[[190, 173, 167, 230], [60, 20, 0, 0], [255, 255, 255, 255]]], dtype=np.uint8)
    limited = limit_ink(pixels)
    assert (limited.astype(int).sum(axis=-1) <= INK_LIMIT * 255 / 100).all()
    assert limited[0, 1].tolist() == [60, 20, 0, 0]  # 31 %: nothing to do
    assert limited[0, 0, 3] > 230  # the grey part moved into black


def test_mpc__one_file_per_printed_copy_and_its_back_in_upload_order(project, tmp_path):
    game = load_game(ROOT / "data" / "civ-builder")
    deck = game.decks[0]
    first = deck.cards[0]
    assert first.copies > 1, "the test needs a card printed more than once"
    result = export_png(project, "civ-builder", tmp_path / "mpc", Options(PrintSettings(bleed=Length(0.12 * 72))),
                        TARGETS["mpc"], dpi=30, cards=(first.name,))
    rows = list(csv.DictReader((tmp_path / "mpc" / "cards.csv").open(encoding="utf-8")))
    names = [f"{deck.id}-{n:03d}-{first.id}.png" for n in range(1, first.copies + 1)]
    assert [row["file"] for row in rows] == [f"{side}-{name}" for name in names for side in ("front", "back")]
    assert [row["copies"] for row in rows] == ["1"] * 2 * first.copies  # as many backs as fronts
    assert sorted(p.name for p in result.files) == sorted([row["file"] for row in rows] + ["cards.csv"])
    assert sorted(p.name for p in (tmp_path / "mpc").iterdir() if not p.name.startswith(".")) == \
        sorted(p.name for p in result.files)
    back = (tmp_path / "mpc" / f"back-{names[0]}").read_bytes()
    assert all((tmp_path / "mpc" / f"back-{name}").read_bytes() == back for name in names)


def test_card_filter__the_back_is_counted_for_the_cards_exported_only(project, tmp_path):
    deck = load_game(ROOT / "data" / "galactic-civ").decks[0]
    export_png(project, "galactic-civ", tmp_path / "one", Options(), TARGETS["tgc"], dpi=30, cards=("Scout Ships",))
    rows = list(csv.DictReader((tmp_path / "one" / "cards.csv").open(encoding="utf-8")))
    scout = next(card for card in deck.cards if card.name == "Scout Ships")
    assert [(row["card"], row["copies"]) for row in rows] == [("Scout Ships", str(scout.copies)),
                                                              (f"{deck.name} (back)", str(scout.copies))]


def test_pnp_at_another_dpi__the_warning_gives_the_size_written(tmp_path):
    done = run_kitgen("export", str(TINY), "--target", "pnp", "--dpi", "100", "-o", str(tmp_path / "pnp"))
    assert done.returncode == 0, done.stderr
    # (2.5 in x 100 dpi, 3.5 in x 100 dpi) = 250 x 350 px written, and said so
    assert "--dpi 100 gives 250 x 350 px" in done.stderr, done.stderr
    with Image.open(tmp_path / "pnp" / "main-scout.png") as image:
        assert image.size == (250, 350)


@pytest.mark.parametrize("size, scale_x, scale_z, sideways", [
    ((63.5, 88.9), 63.5 / 56, 88.9 / 80, False),  # poker: tts-deckconverter's standardScaleX/Z
    ((44.45, 63.5), 44.45 / 56, 63.5 / 80, False),  # mini
    ((88.9, 63.5), 63.5 / 56, 88.9 / 80, True),  # a landscape poker card lies sideways on the portrait mesh
])
def test_tts_card_scale__real_size_from_the_standard_56_by_80_card(size, scale_x, scale_z, sideways):
    scale = card_scale((size[0] * MM, size[1] * MM))
    assert (scale.x, scale.z, scale.sideways) == (pytest.approx(scale_x, abs=1e-4), pytest.approx(scale_z, abs=1e-4),
                                                  sideways)


def test_tts__under_a_folder_with_a_space_and_an_accent_images_are_plain_absolute_paths(project, tmp_path):
    out = tmp_path / "Jöhn Smith" / "my kits" / "tts"
    export_tts(project, str(TINY), out, Options(PrintSettings(bleed=Length(0.0))), sheet_size=600)
    saved = json.loads((out / "tiny-main.json").read_text(encoding="utf-8"))
    deck = saved["ObjectStates"][0]
    for grid in deck["CustomDeck"].values():
        for url in (grid["FaceURL"], grid["BackURL"]):
            assert "%" not in url and "file:" not in url and url.startswith(str(out)), url
            assert Path(url).is_file(), url
    assert deck["Transform"]["scaleX"] == pytest.approx(63.5 / 56, abs=1e-4)  # the tiny game is poker
    assert deck["Transform"]["scaleZ"] == pytest.approx(88.9 / 80, abs=1e-4)
    assert all(card["Transform"]["scaleX"] > 1 and card["SidewaysCard"] is False for card in deck["ContainedObjects"])


def test_tts__install_into_the_folder_named_by_tts_dir(tmp_path):
    saved_objects = tmp_path / "My TTS" / "Saved Objects"
    saved_objects.mkdir(parents=True)
    done = run_kitgen("export", str(TINY), "--format", "tts", "--sheet-size", "600", "--install",
                      "--tts-dir", str(saved_objects), "-o", str(tmp_path / "tts"))
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in saved_objects.iterdir()) == ["tiny-main.json", "tiny-main.png"]
    assert f"installed {saved_objects / 'tiny-main.json'}" in done.stdout


def test_tts__a_tts_dir_that_is_not_there_is_one_line_and_nothing_is_written(tmp_path):
    done = run_kitgen("export", str(TINY), "--format", "tts", "--tts-dir", str(tmp_path / "nowhere"),
                      "-o", str(tmp_path / "tts"))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{tmp_path / 'nowhere'}: error: --tts-dir: no such folder" in done.stderr
    assert not (tmp_path / "tts").exists()


def test_tts__install_with_no_folder_found_lists_where_it_looked(tmp_path):
    import os

    done = subprocess.run([__import__("sys").executable, "-m", "kitgen", "export", str(TINY), "--format", "tts",
                           "--install", "-o", str(tmp_path / "tts")], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path / "home")})
    assert done.returncode == 1
    assert "--install: error: Tabletop Simulator's Saved Objects folder is not in any of its usual places" in done.stderr
    assert str(tmp_path / "home" / "snap" / "steam") in done.stderr and "--tts-dir DIR" in done.stderr


def test_safe_zone__validate_names_the_card_and_the_box(tmp_path):
    import shutil

    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    (game / "templates").mkdir(exist_ok=True)
    front = (ROOT / "templates" / "card-front.yaml").read_text(encoding="utf-8")
    (game / "templates" / "card-front.yaml").write_text(front.replace("    x: 4mm\n    y: 3.2mm", "    x: 1mm\n    y: 3.2mm"),
                                                        encoding="utf-8")
    done = run_kitgen("validate", str(game))
    assert done.returncode == 0, done.stderr  # a warning: the card still prints
    lines = [line for line in done.stderr.splitlines() if "safe zone" in line]
    assert len(lines) == 4 and all(": warning: card '" in line for line in lines), done.stderr
    assert "text in box 'name' comes 1.1 mm from the trim" in lines[0]  # the 1 mm box, and the S's left bearing


def test_safe_zone__a_box_every_card_shares_is_warned_about_on_every_card(tmp_path):
    """The game's title in the footer is laid out once a deck (a shared layer): its warning is not."""
    import shutil

    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    (game / "templates").mkdir(exist_ok=True)
    front = (ROOT / "templates" / "card-front.yaml").read_text(encoding="utf-8")
    (game / "templates" / "card-front.yaml").write_text(front.replace("    x: 29mm\n    y: 82mm", "    x: 31mm\n    y: 82mm"),
                                                        encoding="utf-8")
    done = run_kitgen("validate", str(game))
    lines = [line for line in done.stderr.splitlines() if "safe zone" in line]
    # the box's right end 2.5 mm from the trim, the title's last glyph (the e of Empire) 0.1 mm short of it
    assert len(lines) == 4 and all("text in box 'footer-right' comes 2.6 mm from the trim" in line for line in lines)
    assert len({line.split(": warning: ")[1].split(":")[0] for line in lines}) == 4, done.stderr  # four cards


@pytest.fixture(scope="module")
def kit_a5(tmp_path_factory, project) -> Path:
    from kitgen.kit.build import build_game

    out = tmp_path_factory.mktemp("a5") / "galactic-civ"
    build_game(project, "galactic-civ", out, Options(PrintSettings(paper="a5")))
    return out


@pytest.mark.parametrize("paper", ["letter", "a4", "a5"])
def test_sheet_marks__crop_marks_scale_bar_and_labels_stay_inside_the_6_35_mm_margin(paper, request):
    """A printer that cannot print the outer 6.35 mm (kitgen's default margin) clips nothing: every
    line and word on every card sheet (Galactic Civ, both decks, fronts and backs) is at least that
    far from the paper's edge, and the scale bar is still exactly 50 mm. The session's Galactic Civ
    builds (conftest: `kit` is Letter, `kit_a4`), read by pdfium with pdfplumber's boxes
    (tests/pdfshapes.py): every page, quickly; and an A5 one, whose 100 pages repeat one sheet's
    marks: a full sheet and the last, part-full one of each deck."""
    out = request.getfixturevalue({"letter": "kit", "a4": "kit_a4", "a5": "kit_a5"}[paper])
    pdfs = sorted(out.glob("cards-*.pdf"))
    assert [pdf.name for pdf in pdfs] == ["cards-common.pdf", "cards-events.pdf"]
    for pdf in pdfs:
        count = len(pypdf.PdfReader(pdf).pages)
        read = [(n + 1, page) for n in (0, 1, count - 2, count - 1) for page in pdf_shapes(pdf, n)] \
            if paper == "a5" else enumerate(pdf_shapes(pdf), 1)
        for number, page in read:
            assert page.lines and page.words, f"{pdf.name} page {number}: nothing read"
            assert (round(page.width), round(page.height)) == {"letter": (612, 792), "a4": (595, 842),
                                                               "a5": (420, 595)}[paper]
            things = [(f"line {line.x0:.1f},{line.top:.1f}", line) for line in page.lines] + \
                     [(f"'{word.text}'", word) for word in page.words]
            for label, thing in things:
                inside = thing.inside(page.width, page.height)
                assert inside >= 6.35 * MM - 0.1 * MM, f"{pdf.name} page {number}: {label} is {inside / MM:.2f} mm in"
            if number % 2:  # a front (duplex: the backs follow each front and carry no bar)
                bars = [line for line in page.lines
                        if abs(max(line.x1 - line.x0, line.bottom - line.top) - 50 * MM) < 0.1 * MM]
                assert len(bars) == 1, f"{pdf.name} page {number}: no 50 mm scale bar"
