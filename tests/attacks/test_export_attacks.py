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
    (["--card-size", "1000x1000mm"],  # the default 300 dpi
     r"--dpi: error: a 1000\.0 x 1000\.0 mm card at 300 dpi is 11,811 x 11,811 px; .*: give --dpi 240 or less"),
], ids=["a-metre-at-1200-dpi", "a-metre-at-300-dpi"])
def test_export_png_an_image_too_large_to_hold__one_line_naming_the_bound(flags, line, tmp_path):
    run = kitgen("export", GAME, "--format", "png", "-o", tmp_path / "png", *flags)
    assert_one_line(run, re.compile(rf".*{line}"))
    assert not (tmp_path / "png").exists()
