"""Card art, from images made in the test: colour modes, EXIF rotation, low resolution, damaged
files, fit in the box, and each picture embedded once per PDF."""
from __future__ import annotations

import io
import shutil

import pdfplumber
import pytest
from PIL import Image
from pypdf import PdfReader

from kitgen.kit.build import build_game
from kitgen.units import MM
from tests.conftest import run_kitgen

ART_BOX = (58.5, 44.0)  # mm, from templates/card-front-picture.yaml: Ships use the picture frame
ART_TOP_LEFT = (2.5, 13.0)


@pytest.fixture
def game(tmp_path, project):
    folder = tmp_path / "gc"
    shutil.copytree(project.game_folder("galactic-civ"), folder)
    (folder / "art").mkdir()
    return folder


def picture(size=(1200, 800), mode="RGB", color=(200, 60, 40)) -> Image.Image:
    image = Image.new("RGB", size, color)
    for x in range(0, size[0], 40):  # stripes, so a wrong crop or rotation would show
        image.paste((20, 20, 20), (x, 0, x + 10, size[1]))
    return image.convert(mode) if mode != "RGB" else image


def images_on_page(kit, name="cards-common.pdf", page=0):
    with pdfplumber.open(kit / name) as pdf:
        return [(i["x0"] / MM, i["top"] / MM, i["width"] / MM, i["height"] / MM) for i in pdf.pages[page].images]


def count_images(path) -> int:
    """Image objects in the file: a picture used on many cards must be there once."""
    reader = PdfReader(path)
    seen = set()
    for page in reader.pages:
        for form in page["/Resources"].get("/XObject", {}).values():
            form = form.get_object()
            for image in form.get("/Resources", {}).get("/XObject", {}).values():
                if image.get_object().get("/Subtype") == "/Image":
                    seen.add(image.idnum)
    return len(seen)


def test_art__cmyk_palette_with_transparency_and_exif_are_drawn_in_their_box(game, tmp_path, project):
    picture(mode="CMYK").save(game / "art" / "scout-ships.jpg")
    palette = picture((800, 800)).convert("P")
    palette.info["transparency"] = 0
    palette.save(game / "art" / "interceptors.png", transparency=0)
    rotated = picture((800, 1200))  # portrait pixels, tagged "rotate 90": upright it is landscape
    exif = rotated.getexif()
    exif[0x0112] = 6
    rotated.save(game / "art" / "rangers.jpg", exif=exif)
    report = build_game(project, str(game), tmp_path / "kit")
    placed = images_on_page(tmp_path / "kit")
    assert len(placed) == 3
    for x, _y, w, h in placed:  # cover: each fills the art box exactly, wherever its card is
        assert (w, h) == pytest.approx(ART_BOX, abs=0.1)
        offset = (x - 12.7 - ART_TOP_LEFT[0]) % 63.5
        assert min(offset, 63.5 - offset) == pytest.approx(0, abs=0.1)
    assert not [p for p in report.warnings if "art" in p.message]


def test_art__exif_rotation_is_applied_before_cropping(game, tmp_path, project):
    tall = Image.new("RGB", (400, 1000), (0, 0, 255))
    tall.paste((255, 0, 0), (0, 0, 400, 500))  # top half red, bottom half blue
    exif = tall.getexif()
    exif[0x0112] = 6  # viewers turn it 90 degrees clockwise: red ends on the right
    tall.save(game / "art" / "scout-ships.jpg", exif=exif, quality=95)
    build_game(project, str(game), tmp_path / "kit")
    run = run_kitgen("export", str(game), "--format", "png", "--dpi", "100", "--card", "scout-ships",
                     "-o", str(tmp_path / "png"))
    assert run.returncode == 0, run.stderr
    with Image.open(tmp_path / "png" / "common-scout-ships.png") as card:
        left = card.getpixel((int((ART_TOP_LEFT[0] + 5) / 25.4 * 100), int((ART_TOP_LEFT[1] + 16) / 25.4 * 100)))
        right = card.getpixel((int((ART_TOP_LEFT[0] + 53) / 25.4 * 100), int((ART_TOP_LEFT[1] + 16) / 25.4 * 100)))
    assert left[2] > 150 and left[0] < 100  # blue on the left
    assert right[0] > 150 and right[2] < 100  # red on the right


def test_art__contain_keeps_the_aspect_inside_the_box(game, tmp_path, project):
    templates = tmp_path / "templates"
    templates.mkdir()
    front = (project.templates / "card-front-picture.yaml").read_text()
    (templates / "card-front-picture.yaml").write_text(front.replace("kind: art, x: 2.5mm", "kind: art, fit: contain, x: 2.5mm"))
    picture((500, 1000)).save(game / "art" / "scout-ships.png")  # tall: 1:2
    from kitgen.kit.build import Options
    build_game(project, str(game), tmp_path / "kit", Options(templates=templates))
    [(x, y, w, h)] = images_on_page(tmp_path / "kit")
    assert h == pytest.approx(ART_BOX[1], abs=0.1) and w == pytest.approx(ART_BOX[1] / 2, abs=0.1)
    assert x - 12.7 == pytest.approx(ART_TOP_LEFT[0] + (ART_BOX[0] - w) / 2, abs=0.1)


def test_art__one_picture_on_many_cards_is_embedded_once(game, tmp_path, project):
    picture().save(game / "shared.png")
    deck = game / "decks" / "common.yaml"
    text = deck.read_text()
    for name in ("Scout Ships", "Interceptors", "Rangers", "Guardians"):
        text = text.replace(f"{{name: {name}, type: Ship,", f"{{name: {name}, art: shared.png, type: Ship,")
    deck.write_text(text)
    build_game(project, str(game), tmp_path / "kit")
    assert len(images_on_page(tmp_path / "kit")) == 4
    assert count_images(tmp_path / "kit" / "cards-common.pdf") == 1


def test_art__low_resolution_is_a_warning_naming_the_card(game, tmp_path, project):
    picture((120, 70)).save(game / "art" / "scout-ships.png")
    report = build_game(project, str(game), tmp_path / "kit")
    [problem] = [p for p in report.warnings if "dpi" in p.message]
    # 70 px tall over the picture frame's 44 mm window: 40 dpi (the crop keeps 93 of its 120 px across)
    assert problem.message.startswith("card 'Scout Ships': art ") and "is 40 dpi at its printed size" in problem.message


def test_art__a_truncated_file_gives_a_placeholder_and_a_warning(game, tmp_path, project):
    data = io.BytesIO()
    picture().save(data, "JPEG")
    (game / "art" / "scout-ships.jpg").write_bytes(data.getvalue()[:2000])
    result = run_kitgen("build", str(game), "-o", str(tmp_path / "kit"))
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "warning: card 'Scout Ships': art" in result.stderr and "truncated or damaged" in result.stderr
    assert images_on_page(tmp_path / "kit") == []  # the placeholder, not half a picture


def test_art__a_named_file_that_is_missing_or_outside_the_game(game, tmp_path):
    deck = game / "decks" / "common.yaml"
    deck.write_text(deck.read_text().replace("{name: Scout Ships, type: Ship,", "{name: Scout Ships, art: art/nope.png, type: Ship,")
                    .replace("{name: Rangers, type: Ship,", "{name: Rangers, art: ../../etc/passwd, type: Ship,"))
    result = run_kitgen("validate", str(game))
    assert result.returncode == 1
    assert "warning: card 'Scout Ships': art file" in result.stderr and "not found; the card shows its placeholder" in result.stderr
    assert "error: card 'Rangers': art '../../etc/passwd' is outside the game folder" in result.stderr


def test_art__kitgen_art_lists_cards_files_and_the_box(game):
    picture().save(game / "art" / "scout-ships.png")
    result = run_kitgen("art", str(game))
    assert result.returncode == 0
    assert "Art box: 58.5 x 33.0 mm (cover); at 300 dpi 691 x 390 px" in result.stdout
    lines = result.stdout.splitlines()
    assert any(l.startswith("common    Scout Ships") and " yes " in l and l.endswith("art/scout-ships.png") for l in lines)
    assert any(l.startswith("common    Interceptors") and " no " in l and l.endswith("art/interceptors.png") for l in lines)
    assert "1 of 197 cards have art." in result.stdout


def test_art__a_deck_back_takes_an_image(game, tmp_path, project):
    picture((750, 1050), color=(30, 90, 30)).save(game / "back.png")
    deck = game / "decks" / "events.yaml"
    deck.write_text(deck.read_text().replace('accent: "#e0b0d5"}', 'accent: "#e0b0d5", image: back.png}'))
    build_game(project, str(game), tmp_path / "kit")
    backs = images_on_page(tmp_path / "kit", "cards-events.pdf", page=1)
    assert len(backs) == 9 and all((w, h) == pytest.approx((63.5, 88.9), abs=0.1) for _, _, w, h in backs)
    assert count_images(tmp_path / "kit" / "cards-events.pdf") == 1


def test_art__a_decompression_bomb_is_refused_before_decoding(game, tmp_path):
    # 20,000 x 10,000 px of one colour: a few KB on disk, 600 MB once decoded.
    Image.new("L", (20_000, 10_000), 0).save(game / "art" / "scout-ships.png", optimize=True)
    assert (game / "art" / "scout-ships.png").stat().st_size < 300_000
    result = run_kitgen("build", str(game), "-o", str(tmp_path / "kit"), timeout=60)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "warning: card 'Scout Ships': art" in result.stderr
    assert "scout-ships.png: image is too large (decompression bomb); the card shows its placeholder" in result.stderr
    strict = run_kitgen("build", str(game), "--strict", "-o", str(tmp_path / "strict"), timeout=60)
    assert strict.returncode == 1 and not (tmp_path / "strict").exists()


def test_art__same_input_gives_byte_identical_pdfs(game, tmp_path, project):
    picture().save(game / "art" / "scout-ships.jpg")
    picture(color=(30, 90, 200)).convert("RGBA").save(game / "art" / "rangers.png")
    build_game(project, str(game), tmp_path / "a", use_cache=False)
    build_game(project, str(game), tmp_path / "b", use_cache=False)
    assert (tmp_path / "a" / "cards-common.pdf").read_bytes() == (tmp_path / "b" / "cards-common.pdf").read_bytes()


@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript is not installed (.ci/run installs it)")
def test_art__in_the_pdfx_pictures_are_cmyk_and_see_through_parts_masked_without_transparency(game, tmp_path):
    """PDF/X-1a has no transparency: a picture with an alpha channel is drawn CMYK with a colour-key
    mask (PDF 1.3), never a soft mask; in the rendered JPG its clear half shows the white panel beneath
    (as the RGB export shows it; unmasked, the key colour would print black), its opaque half the
    picture. An opaque picture is a CMYK JPEG."""
    import numpy as np
    from tests.pdfx_rules import x1a_violations

    half = Image.new("RGBA", (1200, 800), (200, 60, 40, 255))
    half.paste((0, 0, 0, 0), (0, 0, 600, 800))  # the left half clear
    half.save(game / "art" / "scout-ships.png")
    picture().save(game / "art" / "interceptors.jpg")
    done = run_kitgen("export", str(game), "--target", "dtc", "--card", "scout-ships", "--card", "interceptors",
                      "-o", str(tmp_path / "dtc"))
    assert done.returncode == 0, done.stderr
    pdf = tmp_path / "dtc" / "cards-pdfx.pdf"
    assert x1a_violations(pdf) == []
    images = [image.get_object() for page in PdfReader(pdf).pages for form in page["/Resources"]["/XObject"].values()
              for image in form.get_object().get("/Resources", {}).get("/XObject", {}).values()
              if image.get_object()["/Subtype"] == "/Image"]
    assert sorted(str(image["/Filter"]) for image in images) == ["['/DCTDecode']", "['/FlateDecode']"]
    assert all(image["/ColorSpace"] == "/DeviceCMYK" and "/SMask" not in image for image in images)
    assert [list(image["/Mask"]) for image in images if "/Mask" in image] == [[255] * 8]
    with Image.open(tmp_path / "dtc" / "front-common-001-scout-ships.jpg") as jpg:
        pixels = np.asarray(jpg, dtype=np.int16)
    top, left, right = round(23 / 25.4 * 300), round(16 / 25.4 * 300), round(50 / 25.4 * 300)  # inside the art box
    clear, opaque = pixels[top, left], pixels[top, right]
    bleed = 3.175  # mm: the JPG is the card and DriveThruCards' 1/8 in bleed
    panel = pixels[round((bleed + 75) / 25.4 * 300), round((bleed + 3.5) / 25.4 * 300)]  # beside the effects: no art
    assert abs(clear - panel).max() <= 3 and panel.max() < 40, (clear, panel)  # the panel's own light ink
    assert opaque[1] > 150 and opaque[2] > 150 and opaque[0] < 60, opaque  # red: magenta and yellow
