"""Untrusted sizes for the image exports: a card size and --dpi in range whose product is an image no
memory holds (a 1,000 mm card at 1,200 dpi is 2,260 megapixels: it ended in MemoryError) are refused in
one line before anything is drawn or allocated, naming the dpi that fits; the folder is left as it was."""
from __future__ import annotations

import pytest

from kitgen.errors import KitgenError
from kitgen.exports.shops import MAX_IMAGE_PIXELS, canvas_size, check_canvas
from kitgen.units import MM
from tests.attacks.harness import REPO, TINY, assert_one_line, kitgen

GAME = str(REPO / TINY)


@pytest.mark.parametrize("target", ["dtc", "tgc"])
def test_a_metre_card_at_1200_dpi__refused_in_one_line_before_drawing(target, tmp_path):
    out = tmp_path / "export"
    out.mkdir()
    (out / "mine.txt").write_text("mine\n", encoding="utf-8")
    timed = kitgen("export", GAME, "--target", target, "--card-size", "1000x1000mm", "--dpi", "1200", "-o", out)
    # both targets add 1/8 in of bleed either side: 1006.35 mm
    assert_one_line(timed, "--dpi: error: a 1006.4 x 1006.4 mm card image at 1200 dpi is 47544 x 47544 px "
                           "(2,260 megapixels); an image export makes at most 40 megapixels a card: use --dpi 159 or "
                           "less")
    assert sorted(path.name for path in out.iterdir()) == ["mine.txt"]


def test_the_dpi_named_fits_and_one_more_does_not():
    """The refusal names the highest dpi whose image is within the bound, for cards up to the largest."""
    for side in (300, 500, 1000):
        card = (side * MM, side * 1.4 * MM)
        with pytest.raises(KitgenError) as refused:
            check_canvas(card, 3 * MM, 1200)
        fits = int(str(refused.value.problems[0]).rsplit("--dpi ", 1)[1].split()[0])
        width, height = check_canvas(card, 3 * MM, fits)
        assert width * height <= MAX_IMAGE_PIXELS
        over = canvas_size(card, 3 * MM, fits + 1)
        assert over[0] * over[1] > MAX_IMAGE_PIXELS


def test_the_largest_shop_card_at_1200_dpi_is_allowed():
    """A tarot card with 1/8 in bleed at 1,200 dpi (3,600 x 6,000 px) is what the bound was sized for."""
    assert check_canvas((69.85 * MM, 120.65 * MM), 3.175 * MM, 1200) == (3600, 6000)
