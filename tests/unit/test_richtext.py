"""Card text with markup (layout/richtext.py): read into pieces (a word in a font role, or an inline
icon), wrapped greedily, and placed as the Text runs and Icons the PDF draws. Widths here come from a
measure a test can work out by hand: each character half the size wide in the body font, 0.6 of it in
bold, 0.4 in italic; an icon takes 1.05 + 0.15 of the size."""
from __future__ import annotations

import pytest

from kitgen.layout.richtext import (ICON_GAP, ICON_SIDE, STYLED, Piece, line_width, one_run, parse, place_line,
                                    wrap_pieces)
from kitgen.layout.richtext import words as richtext_words
from kitgen.layout.shapes import Icon, Text

EM = {"body": 0.5, "bold": 0.6, "italic": 0.4}
OUTLINE = (("M", 0.0, 0.0), ("Z",))
ICONS = {"sword": (24, 24, OUTLINE, "sword"), "shield": (20, 30, OUTLINE, "shield")}


def measure(text: str, font: str, size: float) -> float:
    return len(text) * size * EM[font]


def attribute(name: str) -> tuple[str, str]:
    """{attr:Military}: shown as Military with the sword icon; {attr:Trade}: no icon."""
    return (name, "sword" if name == "Military" else "")


def words(paragraphs: list[list[Piece]]) -> list[list[tuple]]:
    return [[(p.text, p.font, p.icon, p.space) for p in pieces] for pieces in paragraphs]


def test_parse__words_in_their_fonts_icons_and_an_attribute_with_its_icon():
    assert words(parse("Gain 2 {attr:Military} _now_", "body", attribute)) == [[
        ("Gain", "body", False, True), ("2", "body", False, True), ("sword", "body", True, False),
        ("Military", "bold", False, True), ("now", "italic", False, False)]]
    assert words(parse("{icon:spaceship} **Fast** {attr:Trade}.", "italic", attribute)) == [[
        ("spaceship", "italic", True, True), ("Fast", "bold", False, True), ("Trade", "bold", False, False),
        (".", "italic", False, False)]]


def test_parse__without_an_attribute_reader_the_name_is_shown_bold_with_no_icon():
    assert words(parse("{attr:Military}", "body")) == [[("Military", "bold", False, False)]]


def test_parse__each_line_a_paragraph_and_spaces_belong_to_the_word_before():
    assert words(parse("a  b \nc**d**\n", "body")) == [
        [("a", "body", False, True), ("b", "body", False, True)],
        [("c", "body", False, False), ("d", "bold", False, False)],
        []]
    assert words(parse(" lead", "body")) == [[("lead", "body", False, False)]]  # nothing before to carry it


def test_parse__underscores_inside_a_word_are_not_italics_and_documents_read_bold_and_italic_only():
    assert words(parse("snake_case_name", "body")) == [[("snake_case_name", "body", False, False)]]
    assert words(parse("**b** {icon:sword} _i_", "body", markup=STYLED)) == [[
        ("b", "bold", False, True), ("{icon:sword}", "body", False, True), ("i", "italic", False, False)]]


BODY = [Piece("ab", "body", space=True), Piece("cd", "body")]  # 10 pt: 10 + space 5 + 10


def test_line_width__each_piece_and_the_space_after_all_but_the_last_in_its_own_font():
    assert line_width(BODY, 10, measure) == 25.0
    assert line_width([Piece("ab", "bold", space=True), Piece("x", "body", space=True)], 10, measure) == 12 + 6 + 5
    assert line_width([Piece("sword", "body", icon=True, space=True), Piece("x", "body")], 10, measure) == \
        pytest.approx(10 * (ICON_SIDE + ICON_GAP) + 5 + 5)
    assert line_width([], 10, measure) == 0


def test_wrap_pieces__a_line_takes_pieces_while_it_fits_a_wider_piece_stands_alone():
    pieces = [Piece(w, "body", space=True) for w in ("aa", "bb", "cc")] + [Piece("dddddddddd", "body")]
    lines = wrap_pieces([pieces], 10, 25, measure)  # aa bb = 25: fits exactly; cc would make 40
    assert [[p.text for p in line] for line in lines] == [["aa", "bb"], ["cc"], ["dddddddddd"]]
    assert [[p.text for p in line] for line in wrap_pieces([pieces], 10, 24.99, measure)] == [
        ["aa", "bb"], ["cc"], ["dddddddddd"]]  # within 0.01 pt
    joined = [Piece("ab", "body"), Piece("cd", "body")]  # no space between: 10 + 10, nothing for a gap
    assert wrap_pieces([joined], 10, 20, measure) == [joined]
    assert line_width(joined, 10, measure) == 20
    assert [[p.text for p in line] for line in wrap_pieces([pieces], 10, 24.9, measure)] == [
        ["aa"], ["bb"], ["cc"], ["dddddddddd"]]
    assert wrap_pieces([[], pieces[:1]], 10, 100, measure) == [[], pieces[:1]]  # an empty paragraph: an empty line


def test_one_run__the_words_of_one_font_joined_else_none():
    assert one_run(BODY) == "ab cd"
    assert one_run([Piece("ab", "body", space=True)]) == "ab"
    assert one_run([Piece("ab", "body", space=True), Piece("cd", "bold")]) is None
    assert one_run([Piece("sword", "body", icon=True)]) is None
    assert one_run([Piece("ab", "body"), Piece("cd", "body", space=True), Piece("e", "body")]) == "abcd e"


def test_place_line__one_font_is_one_text_placed_by_its_alignment():
    assert place_line(BODY, 50, 100, 10, "#111111", "left", measure, ICONS, "#222222") == [
        Text(50, 100, "ab cd", "body", 10, "#111111")]
    assert place_line(BODY, 50, 100, 10, "#111111", "center", measure, ICONS, "#222222") == [
        Text(37.5, 100, "ab cd", "body", 10, "#111111")]
    assert place_line(BODY, 50, 100, 10, "#111111", "right", measure, ICONS, "#222222", dy=2) == [
        Text(25, 102, "ab cd", "body", 10, "#111111")]


def test_place_line__runs_change_with_the_font_and_each_starts_where_the_last_ended():
    line = [Piece("ab", "body", space=True), Piece("cd", "bold", space=True), Piece("ef", "bold", space=True),
            Piece("g", "italic")]
    assert place_line(line, 10, 100, 10, "#111111", "left", measure, ICONS, "", dy=1) == [
        Text(10, 101, "ab ", "body", 10, "#111111"),  # 10 + 5
        Text(25, 101, "cd ef ", "bold", 10, "#111111"),  # 12 + 6 + 12 + 6: the space in the run it follows
        Text(61, 101, "g", "italic", 10, "#111111")]


def test_place_line__an_icon_sits_on_the_baseline_between_runs_and_an_unknown_one_leaves_its_room():
    side = 10 * ICON_SIDE
    line = [Piece("a", "body", space=True), Piece("sword", "body", icon=True, space=True), Piece("b", "body"),
            Piece("spy", "body", icon=True), Piece("c", "body")]
    shapes = place_line(line, 0, 100, 10, "#111111", "left", measure, ICONS, "#222222", dy=3)
    icon_x = 5 + 5  # "a" and its space
    after = icon_x + 10 * (ICON_SIDE + ICON_GAP) + 5  # the icon, its gap and the space after it
    assert shapes == [
        Text(0, 103, "a ", "body", 10, "#111111"),
        Icon(icon_x, 100 - 10 * 0.82 + 3, side, side, (24, 24), OUTLINE, "#222222", "sword"),
        Text(after, 103, "b", "body", 10, "#111111"),
        Text(after + 5 + 10 * (ICON_SIDE + ICON_GAP), 103, "c", "body", 10, "#111111")]


def test_place_line__without_an_icon_table_icons_leave_their_room_only():
    line = [Piece("sword", "body", icon=True), Piece("b", "body")]
    assert place_line(line, 0, 50, 10, "#111111", "left", measure, None, "#222222") == [
        Text(10 * (ICON_SIDE + ICON_GAP), 50, "b", "body", 10, "#111111")]


def test_place_line__a_given_total_and_run_are_used_as_given():
    assert place_line(BODY, 50, 100, 10, "#111111", "center", measure, None, "", total=40) == [
        Text(30, 100, "ab cd", "body", 10, "#111111")]
    assert place_line(BODY, 50, 100, 10, "#111111", "left", measure, None, "", run="AB CD", dy=1) == [
        Text(50, 101, "AB CD", "body", 10, "#111111")]


@pytest.mark.parametrize("space", ["\u00a0", "\u202f", "\u2007"])
def test_words__a_no_break_space_joins_its_words_other_white_space_breaks(space):
    assert richtext_words(f"2{space}VP gain\t1\n{space}more ") == [f"2{space}VP", "gain", "1", f"{space}more"]
    assert richtext_words("plain  text\there") == ["plain", "text", "here"]
