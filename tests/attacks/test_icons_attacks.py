"""Attacks on `kitgen icons WORD` (issue 35): an empty, huge or unprintable word, or one of only
punctuation, is one line and a quick exit, never a traceback or a terminal escape."""
from __future__ import annotations

import re

import pytest

from tests.attacks.harness import assert_one_line, kitgen_in_process

NONE = "kitgen: error: no icon's name or keywords have '{}'; kitgen icons WORD takes one word of an icon's name, e.g. sword"


@pytest.mark.parametrize("word", ["", "   ", "x" * 101, "é" * 1_000_000])
def test_icons__an_empty_or_huge_word_is_a_usage_line(word):
    assert_one_line(kitgen_in_process("icons", word), re.compile(r"Error: WORD: a word of 1 to 100 characters, "
                                                                 r"e\.g\. sword \(got [\d,]+\)"), exit=2, seconds=5)


@pytest.mark.parametrize("word", ["~~~", "'", "a\x1b[2J\x07", "\u202egnp", "*", ".."])
def test_icons__punctuation_and_control_characters_match_nothing_and_are_shown_escaped(word):
    shown = word.replace("\x1b", "\\x1b").replace("\x07", "\\x07").replace("\u202e", "\\u202e")
    assert_one_line(kitgen_in_process("icons", word), NONE.format(shown), seconds=5)
