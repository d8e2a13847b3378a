"""Small pure pieces: lengths, dice ranges, text fitting and the sheet grid."""
from __future__ import annotations

import pytest

from kitgen.check.dice import die_range, roll_values
from kitgen.layout.fit import fit_text, wrap
from kitgen.layout.impose import plan_grid
from kitgen.layout.richtext import line_width, one_run, parse, place_line, wrap_pieces
from kitgen.layout.shapes import Text
from kitgen.units import CARD_SIZES, MM, PAPER_SIZES, parse_length


def fixed_width(text: str, font: str, size: float) -> float:
    """A measurer where every character is half the font size wide: easy to reason about."""
    return len(text) * size / 2


def test_parse_length__mm_and_inches_become_points():
    assert parse_length("63.5mm") == pytest.approx(180.0)
    assert parse_length("0.25in") == pytest.approx(18.0)
    assert parse_length("9pt") == 9.0


def test_parse_length__a_bare_number_is_refused_with_a_hint():
    with pytest.raises(ValueError, match="write a number with a unit"):
        parse_length("63.5")


@pytest.mark.parametrize("roll, expected", [("1", {1}), ("1-2", {1, 2}), ("9+", {9, 10}), ("9-0", {9, 10}),
                                            ("3 - 5", {3, 4, 5})])
def test_roll_values__ranges_on_a_d10(roll, expected):
    assert roll_values(roll, "1D10") == expected


def test_die_range__two_dice_run_from_two_to_twelve():
    assert die_range("2D6") == (2, 12)
    assert roll_values("7+", "2D6") == {7, 8, 9, 10, 11, 12}
    assert die_range("d20") == (1, 20)
    assert die_range("coin") is None


def test_wrap__breaks_between_words_only():
    assert wrap("aa bb cc", "body", 10, 25, fixed_width) == ["aa bb", "cc"]


SPACES = {"body": 0.3, "bold": 0.25, "italic": 0.2}  # a space's width per font, in font sizes


def spaced(text: str, font: str, size: float) -> float:
    """Letters half the size wide; a space as wide as its font says (as in Lato, each differs)."""
    return sum(size * SPACES[font] if char == " " else size / 2 for char in text)


def test_wrap__plain_text_is_rich_text_of_one_font():
    text = "aa bb cc dd ee ff gg"
    for font in SPACES:  # 14 pt fits "aa bb cc" in italic (12 + 2 x 2 pt), not in body (12 + 2 x 3 pt)
        rich = [" ".join(p.text for p in line) for line in wrap_pieces(parse(text, font), 4, 14, spaced)]
        assert wrap(text, font, 4, 14, spaced) == rich
    assert wrap(text, "italic", 4, 14, spaced)[0] == "aa bb cc"
    assert wrap(text, "body", 4, 14, spaced)[0] == "aa bb"


def test_wrap_pieces__a_line_is_as_wide_as_place_line_draws_it():
    line, = wrap_pieces(parse("go **two big** _far away_ now", "body"), 10, 1000, spaced)
    shapes = place_line(line, 0.0, 0.0, 10, "#000000", "left", spaced, None, "#000000")
    texts = [s for s in shapes if isinstance(s, Text)]
    assert [t.text for t in texts] == ["go ", "two big ", "far away ", "now"]
    for text, after in zip(texts, texts[1:], strict=False):  # each run starts where the one before it ends
        assert after.x == pytest.approx(text.x + spaced(text.text, text.font, 10))
    assert texts[-1].x + spaced("now", "body", 10) == pytest.approx(line_width(line, 10, spaced))


@pytest.mark.parametrize("text", ["Play in: Construction  ·  Exploitation", "one", "_all of it in italics_",
                                  "go **two big** now", "an {icon:star} inside", "**bold** after"])
def test_one_run__is_the_one_text_place_line_draws_or_none(text):
    for line in wrap_pieces(parse(text, "body"), 10, 60, spaced):
        drawn = place_line(line, 50.0, 7.0, 10, "#000000", "center", spaced, {}, "#000000")
        run = one_run(line)
        if len(drawn) == 1 and isinstance(drawn[0], Text):
            assert run == drawn[0].text
            assert place_line(line, 50.0, 7.0, 10, "#000000", "center", spaced, {}, "#000000", run=run) == drawn
        else:
            assert run is None


def test_fit_text__shrinks_until_it_fits():
    fitted = fit_text("aaaa bbbb", "body", width=20, height=12, size=10, min_size=4, measure=fixed_width)
    assert fitted.fits and fitted.size == 5.0 and fitted.lines == ("aaaa", "bbbb")  # 2 lines x 6 pt = 12 pt


def test_fit_text__reports_text_that_cannot_fit_at_the_minimum():
    fitted = fit_text("word " * 100, "body", width=20, height=10, size=10, min_size=6, measure=fixed_width)
    assert not fitted.fits and fitted.size == 6


def test_plan_grid__letter_poker_fits_nine():
    grid = plan_grid(PAPER_SIZES["letter"], CARD_SIZES["poker"])
    assert (grid.cols, grid.rows) == (3, 3)
    assert grid.left / MM == pytest.approx(12.7) and grid.top / MM == pytest.approx(6.35)


def test_plan_grid__back_slots_mirror_columns():
    grid = plan_grid(PAPER_SIZES["a4"], CARD_SIZES["poker"])
    front_x, front_y = grid.front_slot(3)  # row 2, column 1
    back_x, back_y = grid.back_slot(3)
    assert back_y == front_y
    assert back_x == pytest.approx(grid.page_w - front_x - grid.card_w)


def test_out_of_range__names_the_setting_in_mm_or_quotes_what_was_typed():
    from kitgen.units import out_of_range

    assert out_of_range("bleed", 3 * MM) is None
    assert out_of_range("margin", -500 * MM) == "margin -500 mm is out of range: give 0 to 100 mm"
    assert out_of_range("back_offset", float("nan")) == "back-offset nan is out of range: give -20 to 20 mm"
    assert out_of_range("gap", float("inf"), typed="1" * 50) == \
        f"'{'1' * 37}...' is out of range: give 0 to 100 mm"  # a flag's text, cut as every message cuts it


def test_effects_lines__kept_by_measure_so_other_fonts_wrap_anew():
    """An effects box keeps a type's wrapped lines across cards (effects._lines): by its fonts too."""
    from kitgen.layout.effects import _lines

    def doubled(text: str, font: str, size: float) -> float:
        return 2 * fixed_width(text, font, size)

    narrow = _lines("aa bb cc", "body", 4, 20, fixed_width)
    assert [[p.text for p in line] for line, _, _ in narrow] == [["aa", "bb", "cc"]]
    assert [(width, run) for _, width, run in narrow] == [(16.0, "aa bb cc")]
    assert [[p.text for p in line] for line, _, _ in _lines("aa bb cc", "body", 4, 20, doubled)] == [["aa", "bb"], ["cc"]]
