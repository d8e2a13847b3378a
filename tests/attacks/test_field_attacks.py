"""Declared card fields given a value of the wrong shape (issue 34): a mapping, a list, nothing.
Each is one line at the value saying the type the field expects and what was given; never
'missing field' (the card gives it), never a second line about the same value."""
from __future__ import annotations

import re

import pytest

from tests.attacks.harness import assert_one_line, edit, kitgen, tiny_copy

FIELDS = ("fields: [{name: attack, type: whole number, required: true}, {name: tags, type: list of text}, "
          "{name: rarity, type: 'choice of [common, rare]'}]")


def with_fields(tmp_path, scout: str):
    game = tiny_copy(tmp_path)
    edit(game / "game.yaml", "{name: Ship, plural: Ships, deck: main,", f"{{name: Ship, plural: Ships, deck: main, {FIELDS},")
    edit(game / "decks" / "main.yaml", "{name: Frigate, type: Ship,", "{name: Frigate, type: Ship, attack: 2,")
    edit(game / "decks" / "main.yaml", "{name: Scout, type: Ship,", f"{{name: Scout, type: Ship, attack: 1, {scout},")
    return game


CASES = {
    "whole-number-a-mapping": ("attack: {x: 1}", r"field 'attack': expected a whole number, got a mapping \(\{x: 1\}\)"),
    "whole-number-nothing": ("attack: ~", r"field 'attack': expected a whole number, got nothing"),
    "whole-number-a-list": ("attack: [1, 2]", r"field 'attack': expected a whole number, got a list \(\[1, 2\]\)"),
    "choice-a-mapping": ("rarity: {common: rare}",
                         r"field 'rarity': expected one of the choices \(common, rare\), got a mapping "
                         r"\(\{common: rare\}\)"),
    "list-a-mapping": ("tags: {a: b}", r"field 'tags': expected a list of text, got a mapping \(\{a: b\}\)"),
    "list-holding-a-list": ("tags: [a, [b, c]]",
                            r"field 'tags': expected a list of text, got a list holding a list \(\[a, \[b, c\]\]\)"),
    "under-fields-a-mapping": ("fields: {rarity: {x: 1}}",
                               r"field 'rarity': expected one of the choices \(common, rare\), got a mapping "
                               r"\(\{x: 1\}\)"),
}


@pytest.mark.parametrize("case", ["whole-number-a-mapping", "list-holding-a-list"])
def test_field_given_the_wrong_shape__one_line_with_the_type_and_the_value(case, tmp_path):
    run = kitgen("validate", _game(tmp_path, case))
    assert_one_line(run, re.compile(rf".*decks/main\.yaml:11:\d+: error: {CASES[case][1]}"))


@pytest.mark.parametrize("case", CASES)
def test_field_given_the_wrong_shape__one_problem_at_the_value(case, tmp_path):
    """The loader's problems themselves (in this process): exactly one, at the value's line."""
    from kitgen.errors import KitgenError
    from kitgen.load import load_game

    with pytest.raises(KitgenError) as raised:
        load_game(_game(tmp_path, case))
    problems = [str(p) for p in raised.value.problems]
    assert len(problems) == 1 and re.fullmatch(rf".*decks/main\.yaml:11:\d+: error: {CASES[case][1]}", problems[0]), \
        problems


def _game(tmp_path, case: str):
    given = CASES[case][0]
    game = with_fields(tmp_path, given)
    if given.startswith("attack:"):  # in place of the good value
        edit(game / "decks" / "main.yaml", "attack: 1, attack:", "attack:")
    return game
