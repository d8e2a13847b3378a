"""Colours are read in one place (kitgen/colors.py); layout's tint and ink saver read them there."""
from __future__ import annotations

import pytest

from kitgen.colors import channels, parse_color
from kitgen.layout.ink import ink_save
from kitgen.layout.picture import tint
from kitgen.layout.shapes import Rect, Text


@pytest.mark.parametrize("text, expected", [("#ff8000", (255, 128, 0)), ("#F80", (255, 136, 0)),
                                            ("orange", (255, 165, 0)), (" Dark Blue ", (0, 0, 139))])
def test_channels__every_spelling_parse_color_takes(text, expected):
    assert channels(text) == expected
    assert parse_color(text) == "#%02x%02x%02x" % expected


@pytest.mark.parametrize("text", ["", "blurple", "#ff80", "#gggggg", "{{ type.color }}"])
def test_channels__none_for_what_is_not_a_color(text):
    assert channels(text) is None
    with pytest.raises(ValueError, match="is not a colour"):
        parse_color(text)


def test_tint__mixes_with_white_and_a_non_color_is_mid_grey():
    assert tint("#2f5d8c", 0) == "#2f5d8c"
    assert tint("#000000", 0.5) == "#808080"  # 127.5 rounds to even: 128
    assert tint("#f00", 1) == "#ffffff"
    assert tint("", 0) == "#888888"


def test_ink_save__light_backgrounds_go_and_light_text_turns_black():
    assert ink_save(Rect(0, 0, 200, 200, fill="#f0f0f0")) is None  # a light band behind something: no ink
    assert ink_save(Rect(0, 0, 200, 200, fill="#202020")) is None  # a dark background with no outline: none
    badge = ink_save(Rect(0, 0, 10, 10, fill="#000000"))
    assert badge.fill == "#cccccc" and badge.stroke == "#333333"  # a small fill is kept, lightened
    assert ink_save(Text(0, 0, "x", "body", 9, color="#eeeeee")).color == "#000000"
    assert ink_save(Text(0, 0, "x", "body", 9, color="#333333")).color == "#333333"
    assert ink_save(Text(0, 0, "x", "body", 9, color="")).color == ""  # no colour is not light
