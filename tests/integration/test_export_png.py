"""PNG export: each card is its print-PDF page rendered by pdfium, at the shop's exact pixel size,
8-bit RGB with its dpi and an sRGB profile, named and counted for the shop (cards.csv); and the
JSON export carries every field of every card."""
from __future__ import annotations

import csv
import dataclasses
import hashlib
import json

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageCms

from kitgen.kit.build import Options, build_game
from kitgen.errors import KitgenError
from kitgen.exports.data import export_json, rules_text
from kitgen.exports.images import export_png
from kitgen.load import load_game
from kitgen.model import Card, PrintSettings
from kitgen.render.pixels import _PAGES_PER_TASK
from kitgen.exports.shops import TARGETS, custom_target
from kitgen.units import MM, Length
from tests.conftest import ROOT, run_kitgen

TINY = ROOT / "tests" / "fixtures" / "tiny"
VISIBLE = 32  # a channel differing by more than this (of 255) is a difference the eye sees


def visibly_different(a: Image.Image, b: Image.Image) -> float:
    """The share of pixels whose largest channel difference is visible."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    largest = ImageChops.lighter(ImageChops.lighter(*diff.split()[:2]), diff.split()[2])
    histogram = largest.histogram()
    return sum(histogram[VISIBLE + 1:]) / (a.width * a.height)


def test_png__scout_ships_is_its_print_pdf_page_rendered_at_300_dpi(project, tmp_path):
    """The one full-resolution test: poker with 1/8 in bleed at 300 dpi is 825 x 1125 exactly
    (pdfium's own sizing gives 826), and matches the page of the print shop PDF
    (`build --layout single`) as pdfium renders it."""
    options = Options(PrintSettings(bleed=Length(3.175 * MM), layout="single"))
    build_game(project, "galactic-civ", tmp_path / "kit", options)
    document = pdfium.PdfDocument(str(tmp_path / "kit" / "cards-common.pdf"))
    page = document[0]  # page 1: Scout Ships' front, 198 x 270 pt
    # pypdfium2 sizes the bitmap ceil(198 * 300/72) = 826 and stretches the page onto it (why the
    # export makes its own bitmap); a scale a hair under 300/72 gives pdfium's 825 x 1125 rendering.
    assert page.render(scale=300 / 72).to_pil().size == (826, 1125)
    reference = page.render(scale=(825 - 1e-6) / 198).to_pil().convert("RGB")
    document.close()
    assert reference.size == (825, 1125)

    result = export_png(project, "galactic-civ", tmp_path / "png", Options(PrintSettings(bleed=Length(3.175 * MM))),
                        TARGETS["tgc"], cards=("Scout Ships",))
    with Image.open(tmp_path / "png" / "common-scout-ships.png") as image:
        assert image.size == (825, 1125) and image.mode == "RGB"
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        profile = ImageCms.ImageCmsProfile(__import__("io").BytesIO(image.info["icc_profile"]))
        assert "sRGB" in ImageCms.getProfileDescription(profile)
        png = image.convert("RGB")
    assert visibly_different(png, reference) <= 0.002
    # Anti-aliased: the circle badge's edge has in-between colours, not two (the Pillow renderer's).
    badge = png.crop((630, 100, 740, 175))
    assert len(badge.getcolors(maxcolors=100000)) > 20
    # No white seam: the bleed runs to every edge in the card's background.
    for x, y in ((0, 500), (824, 500), (400, 0), (400, 1124)):
        assert png.getpixel((x, y)) == png.getpixel((5, 500)) != (255, 255, 255)
    assert [p.name for p in result.files] == ["common-back.png", "common-scout-ships.png", "cards.csv"]


def test_png__mpc_preset_sizes_names_and_counts_every_card(project, tmp_path):
    """MakePlayingCards: 0.12 in bleed (822 x 1122 at 300 dpi; here at 60 dpi to stay quick),
    files in deck order, a back for each front, cards.csv saying how many of each to print."""
    export_png(project, str(TINY), tmp_path / "mpc", Options(PrintSettings(bleed=Length(TARGETS["mpc"].bleed))),
               TARGETS["mpc"], dpi=60)
    game = load_game(TINY)
    deck = game.decks[0]
    assert all(card.copies == 1 for card in deck.cards)  # so a copy's number is its card's place
    rows = list(csv.DictReader((tmp_path / "mpc" / "cards.csv").open(encoding="utf-8")))
    assert [r["file"] for r in rows] == [f"{side}-main-{n:03d}-{c.id}.png" for n, c in enumerate(deck.cards, 1)
                                         for side in ("front", "back")]
    assert [(r["card"], int(r["copies"])) for r in rows[::2]] == [(c.name, c.copies) for c in deck.cards]
    assert [(r["card"], int(r["copies"])) for r in rows[1::2]] == [("Main Deck (back)", 1)] * len(deck.cards)
    for row in rows:
        with Image.open(tmp_path / "mpc" / row["file"]) as image:
            # (2.5 + 2 x 0.12) in x 60 dpi = 164.4 -> 164; (3.5 + 0.24) x 60 = 224.4 -> 224
            assert image.size == (164, 224) and image.mode == "RGB"


def test_png__presets_cite_a_source_and_give_their_canvas(project):
    for target in TARGETS.values():
        assert target.source.startswith("http"), target.name
    # 825 x 1125 for TGC poker, 822 x 1122 for MPC: the shops' own figures, from the preset's numbers
    from kitgen.exports.shops import canvas_size
    from kitgen.units import CARD_SIZES

    for target in TARGETS.values():
        for size_name, canvas in target.canvases.items():
            assert canvas_size(CARD_SIZES[size_name], target.bleed, target.dpi) == canvas, (target.name, size_name)


def test_png__same_bytes_on_one_core_or_two(project, tmp_path, monkeypatch):
    """Workers share the pages out; what each file holds depends only on its page."""
    options = Options(PrintSettings(bleed=Length(3 * MM)))
    export_png(project, "civ-builder", tmp_path / "pool", options, custom_target(40), dpi=40)
    monkeypatch.setattr("kitgen.render.pixels.os.cpu_count", lambda: 1)
    export_png(project, "civ-builder", tmp_path / "one", options, custom_target(40), dpi=40)

    def digests(folder):
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.glob("*.png"))}

    assert len(digests(tmp_path / "pool")) > _PAGES_PER_TASK  # two batches at least: the pool shares them out
    assert digests(tmp_path / "pool") == digests(tmp_path / "one")


def test_png__unknown_card_is_an_error_and_the_folder_stays(project, tmp_path):
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "mine.txt").write_text("keep")
    with pytest.raises(KitgenError, match="no card named Nobody"):
        export_png(project, str(TINY), tmp_path / "out", Options(), custom_target(50), cards=("Nobody",))
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["mine.txt"]


def test_cli__export_png_for_a_shop_writes_images_and_quantities(tmp_path):
    result = run_kitgen("export", str(TINY), "--target", "tgc", "--dpi", "50",  # a target means png
                        "-o", str(tmp_path / "tgc"))
    assert result.returncode == 0, result.stderr
    assert "Exported 6 files" in result.stdout  # 4 cards, the back, cards.csv
    with Image.open(tmp_path / "tgc" / "main-scout.png") as image:
        assert image.size == (round(2.75 * 50), round(3.75 * 50))  # 1/8 in bleed from the preset


def test_json__every_card_carries_every_field(project):
    fields = {f.name for f in dataclasses.fields(Card)} - {"where"}
    for game_id in ("galactic-civ", "civilization-card-game"):
        game = load_game(project.game_folder(game_id))
        data = json.loads(json.dumps(export_json(game)))
        assert [c["name"] for c in data["counters"]] == [c.name for c in game.counters]
        timed = 0
        for deck, exported in zip(game.decks, data["decks"], strict=True):
            for card, out in zip(deck.cards, exported["cards"], strict=True):
                # and what the card's type says of it: when it is played (the "Play in:" line), or why not
                assert set(out) == fields | {"played_in", "not_played"}, card.name
                card_type = game.card_type(card.type)
                assert out["played_in"] == list(game.played_in(card.type))
                timed += bool(out["played_in"])
                assert out["not_played"] == (card_type.not_played if card_type else "")
                assert out["keywords"] == list(card.keywords) and out["erratum"] == card.erratum
                assert (out["flavor"], out["icon"], out["art"], out["kit_choice"]) == (
                    card.flavor, card.icon, card.art, card.kit_choice)
        assert timed, f"{game_id}: no card says when it is played"


def test_rules_text__effects_then_text(project):
    game = load_game(project.game_folder("galactic-civ"))
    cards = {c.name: c for d in game.decks for c in d.cards}
    assert rules_text(game, cards["Scout Ships"]) == "Exploration +2"
    assert rules_text(game, cards["Ship Graveyard"]) == "Exploitation +1\nPlay 1 Ship Card"
