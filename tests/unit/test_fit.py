"""Text fitted into a box (layout/fit.py): the largest size, in quarter points from the template's size
down to its minimum, at which the wrapped lines fit the box's height (1.2 of the size a line), each
line its width, and no more lines than the box allows; at the minimum it is reported as not fitting.
Widths: each character half the size wide."""
from __future__ import annotations

import pytest

from kitgen.layout.fit import LEADING, STEP, fit_text, text_shapes, wrap
from kitgen.model import Box


def half_em(text: str, font: str, size: float) -> float:
    return len(text) * size / 2


def fit(text: str, width: float, height: float, size: float = 10, min_size: float = 4, max_lines: int = 0):
    return fit_text(text, "body", width, height, size, min_size, half_em, max_lines)


def test_fit__at_its_size_when_it_fits_there():
    fitted = fit("abcd", width=20, height=12)  # 4 x 5 = 20 wide, 12 tall at 10 pt: exactly the box
    assert (fitted.lines, fitted.size, fitted.fits) == (("abcd",), 10, True)
    assert LEADING == 1.2 and STEP == 0.25


def test_fit__the_largest_quarter_point_at_which_it_fits():
    fitted = fit("abcdefgh", width=39, height=100)  # 8 characters: 4 pt a character at most, 9.75 is 39
    assert (fitted.lines, fitted.size, fitted.fits) == (("abcdefgh",), 9.75, True)
    fitted = fit("abcdefgh", width=38.9, height=100)
    assert fitted.size == 9.5  # 39 at 9.75 is over 38.9 + 0.01


def test_fit__a_box_too_low_for_one_line_is_skipped_down_to_where_a_line_fits():
    fitted = fit_text("ab", "body", width=1000, height=12, size=1e6, min_size=4, measure=half_em)
    assert (fitted.size, fitted.fits) == (10, True)  # 10 x 1.2 = 12
    fitted = fit("ab", width=1000, height=11.99)  # within 0.01 of 12: fits at 10 all the same
    assert fitted.size == 10
    fitted = fit("ab", width=1000, height=11.98)
    assert fitted.size == 9.75


def test_fit__wrapped_lines_must_fit_the_height_together():
    fitted = fit("aaaa bbbb", width=20, height=24)  # two lines of 4: 20 wide at 10 pt, 2 x 12 = 24 tall
    assert (fitted.lines, fitted.size, fitted.fits) == (("aaaa", "bbbb"), 10, True)
    # two words a line need 4.5 x the size: under 4.45 pt; three lines of one word: 3 x 1.2 x size <= 24, 6.5 pt
    fitted = fit("aaaa bbbb cccc", width=20, height=24)
    assert (fitted.lines, fitted.size, fitted.fits) == (("aaaa", "bbbb", "cccc"), 6.5, True)


def test_fit__no_more_lines_than_the_box_allows():
    free = fit("aa bb cc", width=10, height=100)
    assert free.lines == ("aa", "bb", "cc") and free.size == 10
    two = fit("aa bb cc", width=10, height=100, max_lines=2)  # "aa bb" is 2.5 x the size wide: 4 pt
    assert (two.lines, two.size, two.fits) == (("aa bb", "cc"), 4, True)
    one = fit("aa bb cc", width=10, height=100, max_lines=1, min_size=5)
    assert (one.lines, one.size, one.fits) == (("aa", "bb", "cc"), 5, False)


def test_fit__at_the_minimum_it_does_not_fit_and_says_so_with_the_lines_there():
    fitted = fit("word " * 20, width=20, height=10, size=10, min_size=6)
    assert (fitted.size, fitted.fits) == (6, False)
    assert fitted.lines == tuple(wrap("word " * 20, "body", 6, 20, half_em))
    assert fit("abcdefghij", width=10, height=100, size=5, min_size=5).fits is False  # one size, not wide enough
    assert fit("abcd", width=10, height=100, size=5, min_size=5) == fit("abcd", 10, 100, 5, 5)


def test_fit__reaches_the_minimum_itself_not_a_step_short_of_it():
    # 4 x the size wide: fits from 4.1275 pt down; 4.25 is too wide and 4 is under the minimum 4.1
    fitted = fit("abcdefgh", width=16.5, height=100, size=5, min_size=4.1)
    assert (fitted.size, fitted.fits) == (4.25, False)
    exact = fit("abcdefgh", width=16, height=100, size=5, min_size=4)  # 8 x 2 = 16 at exactly 4 pt
    assert (exact.size, exact.fits) == (4, True)


def test_wrap__words_of_each_paragraph_joined_by_one_space():
    assert wrap("one  two\nthree", "body", 10, 1000, half_em) == ["one two", "three"]
    assert wrap("aa bb cc", "body", 10, 25, half_em) == ["aa bb", "cc"]
    assert wrap("", "body", 10, 25, half_em) == [""]


def bold_wider(text: str, font: str, size: float) -> float:
    """Half the size a character, 0.6 of it in bold: a measure in which the font matters."""
    return len(text) * size * (0.6 if font == "bold" else 0.5)


def test_fit__measured_in_the_boxs_own_font():
    # "abcd efg" in bold at 10 pt: 48 wide, over the 40 of the box (in the body font it would be 40: one line)
    two = fit_text("abcd efg", "bold", 40, 100, 10, 4, bold_wider)
    assert (two.lines, two.size, two.fits) == (("abcd", "efg"), 10, True)
    # one word: 48 in bold at 10 pt, over 44: the largest quarter point that fits is 9 (43.2); body would fit at 10
    one = fit_text("abcdefgh", "bold", 44, 100, 10, 4, bold_wider)
    assert (one.lines, one.size, one.fits) == (("abcdefgh",), 9, True)


def test_fit__a_box_lower_than_a_line_at_the_minimum_stays_at_the_minimum_and_does_not_fit():
    fitted = fit("ab", width=1000, height=5, size=10, min_size=8)  # one line needs 9.6 at 8 pt: never below 8
    assert (fitted.lines, fitted.size, fitted.fits) == (("ab",), 8, False)


def test_fit__a_line_as_wide_as_the_box_and_its_tolerance_fits():
    assert fit("abcd", width=19.99, height=12).size == 10  # 20 wide at 10 pt: within the 0.01 of 19.99


@pytest.mark.parametrize("valign, top", [("top", 20.0), ("middle", 38.0), ("bottom", 56.0)])
@pytest.mark.parametrize("align, x", [("left", 10.0), ("center", 30.0), ("right", 50.0)])
def test_text_shapes__each_line_placed_by_the_boxs_align_and_valign(align, x, valign, top):
    # two lines of 10 pt in a 40 x 60 box at (10, 20): 24 tall; the baseline at 0.8 of each 12 pt line
    box = Box("text", 10, 20, 40, 60, font="bold", size=10, min_size=4, align=align, valign=valign)
    shapes, size, fits = text_shapes(box, "abcd efg", "#123456", bold_wider)
    assert (size, fits) == (10, True)
    assert [(s.x, s.y, s.text, s.font, s.size, s.color, s.align) for s in shapes] == [
        (x, pytest.approx(top + 9.6), "abcd", "bold", 10, "#123456", align),
        (x, pytest.approx(top + 21.6), "efg", "bold", 10, "#123456", align)]


def test_text_shapes__no_text_no_lines_and_text_that_cannot_fit_says_so_at_the_minimum():
    box = Box("text", 0, 0, 10, 100, size=8, min_size=5)
    assert text_shapes(box, "", "#000000", half_em) == ([], 0.0, True)
    shapes, size, fits = text_shapes(box, "abcdefghij", "#000000", half_em)  # 25 wide at 5 pt: over 10
    assert ([s.text for s in shapes], size, fits) == (["abcdefghij"], 5, False)


def test_text_shapes__no_more_lines_than_the_box_allows():
    box = Box("text", 0, 0, 10, 100, size=8, min_size=4, max_lines=1)  # "aa" and "bb" would fit at 8 on two lines
    shapes, size, fits = text_shapes(box, "aa bb", "#000000", half_em)
    assert ([s.text for s in shapes], size, fits) == (["aa bb"], 4, True)
