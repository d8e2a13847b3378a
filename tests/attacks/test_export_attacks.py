"""`kitgen export --format png` with sizes in range that still cannot be held (issue 34): every
image's pixels are bounded, with a clear line naming the bound and what would fit. The bound and its
arithmetic (exports/shops.check_canvas, the dpi named fits and one more does not) are tested with the
shops' targets in test_export_sizes.py; here the plain PNG export, with no bleed."""
from __future__ import annotations

import re

import pytest

from tests.attacks.harness import REPO, TINY, assert_one_line, kitgen

GAME = str(REPO / TINY)


@pytest.mark.parametrize("flags, line", [
    (["--card-size", "1000x1000mm", "--dpi", "1200"],
     r"--dpi: error: a 1000\.0 x 1000\.0 mm card image at 1200 dpi is 47244 x 47244 px \(2,232 megapixels\); an "
     r"image export makes at most 40 megapixels a card: use --dpi 160 or less"),
], ids=["a-metre-at-1200-dpi"])
def test_export_png_an_image_too_large_to_hold__one_line_naming_the_bound(flags, line, tmp_path):
    run = kitgen("export", GAME, "--format", "png", "-o", tmp_path / "png", *flags)
    assert_one_line(run, re.compile(rf".*{line}"))
    assert not (tmp_path / "png").exists()
