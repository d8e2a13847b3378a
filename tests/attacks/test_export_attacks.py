"""`kitgen export --format png` with sizes in range that still cannot be held (issue 34): every
image's pixels are bounded, with a clear line naming the bound and what would fit."""
from __future__ import annotations

import re

import pytest

from tests.attacks.harness import REPO, TINY, assert_one_line, kitgen

GAME = str(REPO / TINY)


@pytest.mark.parametrize("flags, line", [
    (["--card-size", "1000x1000mm", "--dpi", "1200"],
     r"--dpi: error: a 1000\.0 x 1000\.0 mm card at 1200 dpi is 47,244 x 47,244 px; an image may have at most "
     r"89,478,485 pixels \(Pillow's limit\): give --dpi 240 or less"),
], ids=["a-metre-at-1200-dpi"])
def test_export_png_an_image_too_large_to_hold__one_line_naming_the_bound(flags, line, tmp_path):
    run = kitgen("export", GAME, "--format", "png", "-o", tmp_path / "png", *flags)
    assert_one_line(run, re.compile(rf".*{line}"))
    assert not (tmp_path / "png").exists()


def test_export_png_the_largest_dpi_said__is_taken():
    """The bound's own arithmetic (exports/shops.checked_canvas, in this process): the dpi it names
    keeps within the bound, one more does not; the default 300 dpi on a metre card is refused too."""
    from kitgen.errors import KitgenError
    from kitgen.exports.shops import MAX_IMAGE_PIXELS, canvas_size, checked_canvas

    card = (1000 * 72 / 25.4, 1000 * 72 / 25.4)
    with pytest.raises(KitgenError) as raised:
        checked_canvas(card, 0.0, 300)
    best = int(re.search(r"give --dpi ([\d,]+) or less", str(raised.value.problems[0]))[1].replace(",", ""))
    width, height = checked_canvas(card, 0.0, best)
    assert width * height <= MAX_IMAGE_PIXELS < canvas_size(card, 0.0, best + 1)[0] ** 2
