"""The safe zone (check/safe_zone.py): how far a card's text comes to the trim, on every side, as
the distance `validate` holds to 3 mm. A line's box is as far as its glyphs reach from the pen (the
font's glyph bounds, in ems of the size), placed by its alignment's measured width. Here the glyphs
of a line reach from the pen to its advance (half an em a character, bold 0.6), 1.0 em above the
baseline and 0.25 below: boxes a test can work out by hand (tests/integration/test_safe_zone.py
checks the real fonts' bounds)."""
from __future__ import annotations

import pytest

from kitgen.check.safe_zone import SAFE_MARGIN, closest_to_trim, line_extent
from kitgen.layout.shapes import Text

WIDTH, HEIGHT = 180.0, 252.0  # a poker card, in points


def half_em(text: str, font: str, size: float) -> float:
    """Every character half the size wide (bold: 0.6 of it): a width a test can work out by hand."""
    return len(text) * size * (0.6 if font == "bold" else 0.5)


def ink(text: str, font: str) -> tuple[float, float, float, float] | None:
    """(left, up, right, down) of the glyphs, in ems: from the pen to the advance, 1.0 up, 0.25 down;
    None for a line of spaces (no glyph has an outline)."""
    return (0.0, 1.0, half_em(text, font, 1.0), 0.25) if text.strip() else None


def closest(*texts: Text) -> float | None:
    return closest_to_trim(texts, half_em, ink, WIDTH, HEIGHT)


def test_safe_margin__is_three_millimetres():
    assert SAFE_MARGIN == pytest.approx(3 / 25.4 * 72)


@pytest.mark.parametrize("align, left", [("left", 40.0), ("center", 30.0), ("right", 20.0)])
def test_line_extent__the_measured_width_placed_by_its_alignment_ascent_above_descent_below(align, left):
    # "abcd" at 10 pt: 20 pt wide; baseline 100: 10 pt above (ascent 1.0), 2.5 below (descent 0.25)
    assert line_extent(Text(40, 100, "abcd", "body", 10, align=align), half_em, ink) == (left, 90.0, left + 20, 102.5)


def test_line_extent__measured_in_the_lines_own_font():
    assert line_extent(Text(40, 100, "abcd", "bold", 10), half_em, ink) == (40.0, 90.0, 64.0, 102.5)
    # right-aligned and centred: placed by the width measured in bold (24 pt), not the body's 20
    assert line_extent(Text(40, 100, "abcd", "bold", 10, align="right"), half_em, ink) == (16.0, 90.0, 40.0, 102.5)
    assert line_extent(Text(40, 100, "abcd", "bold", 10, align="center"), half_em, ink) == (28.0, 90.0, 52.0, 102.5)


def test_line_extent__upside_down_the_box_turns_about_the_lines_start():
    # drawn turned 180 degrees about (40, 100): the 20 pt of text run leftwards, the ascent downwards
    assert line_extent(Text(40, 100, "abcd", "body", 10, rotate=180), half_em, ink) == (20.0, 97.5, 40.0, 110.0)
    assert line_extent(Text(40, 100, "abcd", "body", 10, rotate=-180), half_em, ink) == (20.0, 97.5, 40.0, 110.0)
    assert line_extent(Text(40, 100, "abcd", "body", 10, align="right", rotate=180), half_em, ink) == (40.0, 97.5, 60.0, 110.0)


@pytest.mark.parametrize("text, distance", [
    (Text(5, 120, "ab", "body", 8), 5.0),  # left edge: x
    (Text(60, 9, "ab", "body", 8), 1.0),  # top edge: baseline 9 - ascent 8
    (Text(170, 120, "ab", "body", 8), 2.0),  # right edge: 180 - (170 + 8)
    (Text(60, 247, "ab", "body", 8), 3.0),  # bottom edge: 252 - (247 + descent 2)
    (Text(90, 126, "ab", "body", 8, align="center"), 86.0),  # in the middle: the nearest side, left and right alike
])
def test_closest_to_trim__each_of_the_four_sides_counts(text, distance):
    assert closest(text) == pytest.approx(distance)


def test_closest_to_trim__the_nearest_of_all_lines_and_an_upside_down_one_by_its_turned_box():
    middle = Text(60, 120, "ab", "body", 8)
    low = Text(60, 240, "ab", "body", 8)  # bottom 242: 10 from the trim
    assert closest(middle, low) == pytest.approx(10.0)
    assert closest(low, middle) == pytest.approx(10.0)
    assert closest(Text(60, 235, "ab", "body", 8, rotate=180)) == pytest.approx(9.0)  # its ascent below: upright 15


def test_closest_to_trim__sideways_and_blank_lines_are_not_counted_and_none_is_none():
    sideways = Text(1, 1, "margin label", "body", 8, rotate=90)
    assert closest(sideways, Text(1, 120, "   ", "body", 8)) is None
    assert closest(sideways, Text(30, 120, "ab", "body", 8)) == pytest.approx(30.0)
    assert closest_to_trim([], half_em, ink, WIDTH, HEIGHT) is None


def test_line_extent__each_side_as_far_as_the_glyphs_reach_from_the_pen():
    # an accent 1.2 em up, a descender 0.3 down, ink from 0.1 em right of the pen to 0.1 short of the advance
    def accented(text: str, font: str) -> tuple[float, float, float, float]:
        return 0.1, 1.2, half_em(text, font, 1.0) - 0.1, 0.3

    assert line_extent(Text(40, 100, "abcd", "body", 10), half_em, accented) == pytest.approx((41.0, 88.0, 59.0, 103.0))
    # right-aligned: the pen starts a measured width (20) left of x
    assert line_extent(Text(40, 100, "abcd", "body", 10, align="right"), half_em, accented) == pytest.approx(
        (21.0, 88.0, 39.0, 103.0))
    # upside down about (40, 100): the ink from 41..59 runs to 21..39, the accent points down
    assert line_extent(Text(40, 100, "abcd", "body", 10, rotate=180), half_em, accented) == pytest.approx(
        (21.0, 97.0, 39.0, 112.0))
    assert closest_to_trim([Text(60, 11, "ab", "body", 10)], half_em, accented, WIDTH, HEIGHT) == pytest.approx(-1.0)


def test_line_extent__a_line_without_glyphs_has_no_box_and_is_not_counted():
    assert line_extent(Text(1, 1, "   ", "body", 8), half_em, ink) is None
    assert closest_to_trim([Text(1, 1, "x", "body", 8), Text(30, 120, "ab", "body", 8)], half_em,
                           lambda text, font: None if text == "x" else ink(text, font), WIDTH, HEIGHT) == 30.0
