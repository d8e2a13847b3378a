"""A look per game (issue 35): `look:` in game.yaml names a look (templates/looks/<name>/: look.yaml
with its fonts, and card templates that extend kitgen's), the game's own or kitgen's. The shipped
games use four looks and kitgen's own, no two alike; a look's title font is embedded; a game
defines its own look with no code; an unknown look is one located line with a did-you-mean."""
from __future__ import annotations

import shutil
from pathlib import Path

import pdfplumber
import pytest
import pypdf

from kitgen.kit.prepare import check_kit
from kitgen.layout.shapes import Rect, Text
from kitgen.load import load_game
from kitgen.units import MM
from tests.attacks.harness import kitgen_in_process
from tests.conftest import ROOT

SHIPPED = ["alpha-centauri", "civ-builder", "civilization-card-game", "galactic-civ", "galactic-supremacy"]


def _fonts(pdf_path: Path) -> set[str]:
    """The base font names a PDF embeds (a subset's 'ABCDEF+' prefix left off)."""
    names = set()
    for page in pypdf.PdfReader(pdf_path).pages[:2]:
        for font in page["/Resources"].get("/Font", {}).values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
        for form in page["/Resources"].get("/XObject", {}).values():  # card faces are forms
            for font in form.get_object().get("/Resources", {}).get("/Font", {}).values():
                names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


def test_shipped_games__no_two_share_a_look_and_each_look_is_shipped_data():
    looks = {game: load_game(ROOT / "data" / game).look for game in SHIPPED}
    assert len(set(looks.values())) == len(SHIPPED), looks  # kitgen's own ("") counts as one
    for look in filter(None, looks.values()):
        folder = ROOT / "templates" / "looks" / look
        assert (folder / "look.yaml").is_file() and (folder / "card-front.yaml").is_file()


def test_look__keeps_kitgen_frames_under_its_own_front(project):
    """Galactic Civ's look (starship) replaces card-front.yaml's frame and name; its Ships keep
    kitgen's picture frame (the type line under a 44 mm art window) and its Moral Dilemmas the text
    frame (the type line under a 19 mm strip), each drawn in the look's dark hull. A look's
    card-front.yaml found before kitgen's frames would put every type line at 46.8 mm."""
    checked = check_kit(project, "galactic-civ", lay_out=False)
    for faces, kind, top in ((checked.faces[0], "SHIP", 57.6), (checked.faces[1], "MORAL DILEMMA", 32.8)):
        shapes = faces.fronts[0].shapes
        line = next(s for s in shapes if isinstance(s, Text) and s.text.startswith(kind))
        assert top < line.y / MM < top + 4.2, (kind, line.y / MM)  # its baseline inside the frame's type line
        hull = shapes[0]
        assert isinstance(hull, Rect) and hull.fill == "#151a22" and hull.w / MM == pytest.approx(63.5)


def test_look__its_title_font_is_embedded_in_the_cards(kit):
    """Galactic Civ's look, starship, names Play Bold for titles: the card sheets embed it."""
    assert any(name.startswith("Play-Bold") for name in _fonts(kit / "cards-common.pdf")), _fonts(kit / "cards-common.pdf")


def test_look__a_game_defines_its_own_with_no_code(tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", game)
    mine = game / "templates" / "looks" / "night"
    mine.mkdir(parents=True)
    (mine / "look.yaml").write_text("name: Night\nfonts: {title: EBGaramond12-Regular.ttf}\n")
    (mine / "card-front.yaml").write_text(
        "extends: card-front.yaml\nboxes:\n  - {name: frame, kind: rect, x: 0mm, y: 0mm, w: 63.5mm, h: 88.9mm, "
        "fill: \"#101010\"}\n  - {name: motto, kind: text, x: 6mm, y: 78mm, w: 50mm, h: 3.5mm, size: 7pt, "
        "content: \"By night\"}\n")
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "look: night\n")
    built = kitgen_in_process("build", str(game), "-o", str(tmp_path / "kit"), "--layout", "single").run
    assert built.returncode == 0, built.stderr
    with pdfplumber.open(tmp_path / "kit" / "cards-main.pdf") as pdf:
        front = pdf.pages[0]
        assert "By night" in front.extract_text() and "Scout" in front.extract_text()
        frame = max(front.rects, key=lambda r: r["width"] * r["height"])
        assert all(abs(c - 0x10 / 255) < 0.004 for c in frame["non_stroking_color"])  # the look's frame
    assert any(name.startswith("EBGaramond") for name in _fonts(tmp_path / "kit" / "cards-main.pdf"))


def test_look__an_unknown_name_is_one_located_line_with_a_suggestion(tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", game)
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "look: starshp\n")
    checked = kitgen_in_process("validate", str(game)).run
    assert checked.returncode == 1 and "Traceback" not in checked.stderr
    errors = [line for line in checked.stderr.splitlines() if ": error: " in line]
    line = len((game / "game.yaml").read_text().splitlines())
    assert len(errors) == 1 and f"game.yaml:{line}:7: error: look: no look named 'starshp' (did you mean " \
        "'starship'?) (looks: ledger, parchment, poster, starship;" in errors[0], checked.stderr
