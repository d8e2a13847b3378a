"""Sheet marks a home printer prints, checked as geometry on every paper, card size and layout kitgen
ships: the 50 mm bar (its ticks and label measured in the font they print in) and every crop mark lie
inside the printable area (the margin), clear of the cards; the sides left without marks are named."""
from __future__ import annotations

import itertools

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from kitgen.layout.impose import Spec, plan_grid
from kitgen.layout.marks import (BAR_LABEL, bar_fits, crop_marks, cutting_without, marks_left_out, scale_bar,
                                 sheet_note)
from kitgen.layout.shapes import Line, Text
from kitgen.units import CARD_SIZES, MM, PAPER_SIZES
from tests.conftest import ROOT

LATO = TTFont("lato-regular-test", str(ROOT / "fonts" / "Lato-Regular.ttf"))
ASCENT, DESCENT = LATO.face.ascent / 1000, -LATO.face.descent / 1000
COMBINATIONS = list(itertools.product(PAPER_SIZES, CARD_SIZES, ("grid", "gutterfold"), (0.0, 3 * MM)))


def box_of(shape) -> tuple[float, float, float, float]:
    """x0, y0, x1, y1 (y down) of a line (its width counted) or a label (as the font prints it)."""
    if isinstance(shape, Line):
        half = shape.width / 2
        return (min(shape.x1, shape.x2) - half, min(shape.y1, shape.y2) - half,
                max(shape.x1, shape.x2) + half, max(shape.y1, shape.y2) + half)
    assert isinstance(shape, Text) and shape.align == "center"
    length = LATO.stringWidth(shape.text, shape.size)
    up, down = ASCENT * shape.size, DESCENT * shape.size
    if shape.rotate == 90:  # reads upwards: the ascent lies to the left of x
        return shape.x - up, shape.y - length / 2, shape.x + down, shape.y + length / 2
    assert not shape.rotate
    return shape.x - length / 2, shape.y - up, shape.x + length / 2, shape.y + down


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def sheet(paper: str, card: str, layout: str, bleed: float, margin: float = 6.35 * MM):
    spec = Spec(PAPER_SIZES[paper], CARD_SIZES[card], margin=margin, bleed=bleed, layout=layout, paper_name=paper)
    grid = plan_grid(spec.paper, spec.card, spec=spec)
    slots = [grid.front_slot(i) for i in range(grid.per_page)]
    if layout == "gutterfold":
        slots += [grid.back_slot(i) for i in range(grid.per_page)]
    cards = [(x - bleed, y - bleed, x + grid.card_w + bleed, y + grid.card_h + bleed) for x, y in slots]
    return grid, cards, crop_marks(grid, slots)


@pytest.mark.parametrize("paper, card, layout, bleed", COMBINATIONS)
def test_scale_bar__inside_the_printable_area_clear_of_cards_and_marks_or_said(paper, card, layout, bleed):
    """Where a sheet has no room for the bar inside the margin (mini cards on A5: columns narrower
    than the bar, margins narrower than its ticks), the build says so."""
    grid, cards, marks = sheet(paper, card, layout, bleed)
    edge = 6.35 * MM
    bar = scale_bar(grid)
    assert abs(abs(bar[0].x2 - bar[0].x1) + abs(bar[0].y2 - bar[0].y1) - 50 * MM) < 1e-6
    if not bar_fits(grid):
        assert "the 50 mm scale bar has no room inside the 6.35 mm margin" in sheet_note(grid)
        return
    assert "scale bar" not in sheet_note(grid)
    for shape in bar:
        x0, y0, x1, y1 = box = box_of(shape)
        assert x0 >= edge - 1e-6 and y0 >= edge - 1e-6, f"{shape} reaches {min(x0, y0) / MM:.2f} mm from the edge"
        assert x1 <= grid.page_w - edge + 1e-6 and y1 <= grid.page_h - edge + 1e-6, shape
        assert not any(overlaps(box, card_box) for card_box in cards), f"{shape} lies on a card"
        assert not any(overlaps(box, box_of(mark)) for mark in marks), f"{shape} crosses a crop mark"


@pytest.mark.parametrize("paper, card, layout, bleed", COMBINATIONS)
def test_crop_marks__inside_the_printable_area_and_never_on_a_card(paper, card, layout, bleed):
    grid, cards, marks = sheet(paper, card, layout, bleed)
    edge = 6.35 * MM
    for mark in marks:
        x0, y0, x1, y1 = box = box_of(mark)
        assert min(mark.x1, mark.x2) >= edge - 1e-6 and min(mark.y1, mark.y2) >= edge - 1e-6, mark
        assert max(mark.x1, mark.x2) <= grid.page_w - edge + 1e-6 and max(mark.y1, mark.y2) <= grid.page_h - edge + 1e-6
        assert not any(overlaps(box, card_box) for card_box in cards), f"{mark} lies on a card"


def test_letter_poker__the_marks_above_and_below_are_left_out_and_the_manifest_says_how_to_cut():
    grid, _, marks = sheet("letter", "poker", "grid", 0.0)
    assert marks_left_out(grid) == ("top", "bottom")
    vertical = [mark for mark in marks if mark.x1 == mark.x2]
    assert vertical == []  # 3 x 88.9 mm on 279.4 mm paper: 6.35 mm above and below, all of it margin
    assert len(marks) == 8  # the four row cut lines, at both sides
    said = cutting_without(grid, marks_left_out(grid))
    assert "no crop marks above and below the cards" in said
    assert "63.5 mm wide" in said and "12.7 mm from the paper's left edge" in said


def test_letter_poker_with_a_5_mm_margin__the_marks_come_back():
    grid, _, marks = sheet("letter", "poker", "grid", 0.0, margin=5 * MM)
    assert marks_left_out(grid) == ()
    vertical = [mark for mark in marks if mark.x1 == mark.x2]
    assert len(vertical) == 8 and all(min(mark.y1, mark.y2) >= 5 * MM - 1e-6 for mark in vertical)


@pytest.mark.parametrize("paper", ["a4", "a5"])
def test_a4_and_a5_poker__every_side_has_its_marks(paper):
    grid, _, _ = sheet(paper, "poker", "grid", 0.0)
    assert marks_left_out(grid) == () and cutting_without(grid, ()) == ""


@pytest.mark.parametrize("paper, layout", list(itertools.product(["letter", "a4", "a5"], ["grid", "gutterfold"])))
def test_poker_on_letter_a4_and_a5__the_bar_and_its_label_fit_inside_the_margin(paper, layout):
    grid, _, _ = sheet(paper, "poker", layout, 0.0)
    assert bar_fits(grid) and BAR_LABEL in [shape.text for shape in scale_bar(grid) if isinstance(shape, Text)]


def test_sheet_note__said_on_letter_not_on_a4_nor_for_one_card_a_page():
    assert sheet_note(sheet("letter", "poker", "grid", 0.0)[0]).startswith("crop marks above and below the cards")
    assert sheet_note(sheet("a4", "poker", "grid", 0.0)[0]) == ""
    spec = Spec(PAPER_SIZES["letter"], CARD_SIZES["poker"], layout="single")
    assert sheet_note(plan_grid(spec.paper, spec.card, spec=spec)) == ""
