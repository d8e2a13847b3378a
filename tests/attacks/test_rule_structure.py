"""Attacks on the structure the simulator reads where a rule module once read the printed words
(issue 26, "prefer data"; issue 33, one engine): Civ Builder's initiative (`turn_order:` with a roll
and the phase that prints it), its wild cards (a card's `wild:`), its melds (a ladder, a card
condition, the Special Action Table's steps), a phase's kit choice and the final tie's roll-off. A
wrong name or value is one located line and exit 1 from `kitgen validate`, never a traceback and
never a rule read from text instead."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.attacks.harness import REPO, assert_one_line, edit, kitgen, tiny_copy

ORDER = "turn_order: {by: [Government, Religion, Culture], roll: 1D6, phase: Initiative Phase}"
SEA = "wild: {when: {highest: [Seafaring], tie: share}, melds: [Trade, Conquest]}"
DISASTER = "wild: {when: {highest: [Religion], tie: share}}"
LEADER = "wild: {limit: 1}"
CASES = [  # (file, old, new, the one line expected)
    ("game.yaml", ORDER, ORDER.replace("Religion", "Religon"),
     r"game\.yaml:\d+:\d+: error: turn_order: unknown counter or attribute 'Religon' \(did you mean 'Religion'\?\)"),
    ("game.yaml", ORDER, ORDER.replace("1D6", "1Q6"), r"game\.yaml:\d+:\d+: error: turn_order: roll '1Q6' is not dice "),
    ("game.yaml", ORDER, ORDER.replace("phase: Initiative", "phase: Initative"),
     r"game\.yaml:\d+:\d+: error: turn_order: unknown phase 'Initative Phase' \(did you mean 'Initiative Phase'\?\)"),
    ("game.yaml", ORDER, ORDER.replace("Government, Religion", "Religion, Government"),
     r"game\.yaml:\d+:\d+: error: turn_order: phase 'Initiative Phase' must reward the highest Religion"),
    ("decks/common.yaml", DISASTER, DISASTER.replace("Religion", "Relgion"),
     r"decks/common\.yaml:\d+:\d+: error: card 'Disaster' wild: unknown counter or attribute 'Relgion' "
     r"\(did you mean 'Religion'\?\)"),
    ("decks/common.yaml", SEA, SEA.replace("Conquest]", "Conquets]"),
     r"decks/common\.yaml:\d+:\d+: error: card 'Seafaring' wild: unknown card 'Conquets' in melds \(did you mean 'Conquest'\?\)"),
    ("decks/common.yaml", LEADER, "wild: {limit: -1}", r"decks/common\.yaml:\d+:\d+: error: card 'Leader' wild: limit is 0 or more"),
    ("decks/common.yaml", LEADER, "wild: {limt: 1}",
     r"decks/common\.yaml:\d+:\d+: error: cards\[\d+\]\.wild: unknown key 'limt' \(did you mean 'limit'\?\)"),
    ("rules.yaml", "ladder: [1, 2, 3, 4, 5]", "ladder: [1, 0]",
     r"rules\.yaml:\d+:\d+: error: phase 'Action Phase': ladder: at most 100 melds, each of 1-1000 cards"),
    ("rules.yaml", "condition: in-meld", "condition: in-mold", r"rules\.yaml:\d+:\d+: error: phase 'Action Phase': "
     r"action 'meld': unknown condition 'in-mold' \(did you mean 'in-meld'\?\)"),
    ("rules.yaml", "table: special-action", "table: special-actoin", r"rules\.yaml:\d+:\d+: error: phase 'Action Phase': "
     r"action 'meld': unknown lookup table 'special-actoin' \(did you mean 'special-action'\?\)"),
    ("tables.yaml", "top: 7,", "top: 7000,", r"tables\.yaml:\d+:\d+: error: table 'special-action' row 'Science': "
     r"action 'look-and-take': top 7000 is not 0-1000"),
    ("tables.yaml", "give_back: true", "give_back: true, at_random: true", r"tables\.yaml:\d+:\d+: error: table "
     r"'special-action' row 'Trade': 'at_random:' goes with 'do: discard'"),
    ("tables.yaml", "{do: draw, count: 3,", "{do: draw, count: 3, attribute: any,", r"tables\.yaml:\d+:\d+: error: "
     r"table 'special-action' row 'Agriculture': action 'draw': 'attribute: any' goes with change or take"),
    ("rules.yaml", "kit_choice: no-trades", "kit_choice: no-trade", r"rules\.yaml:\d+:\d+: error: phase 'Trade Phase': "
     r"unknown kit choice 'no-trade' \(did you mean 'no-trades'\?\)"),
    ("rules.yaml", "Culture, 1D6]}", "Culture, 1X6]}", r"rules\.yaml:\d+:\d+: error: victory path 'Most Victory "
     r"Points': '1X6' is not an expression"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[3][30:80])
def test_rule_structure__civ_builder_each_defect_is_one_located_line(tmp_path: Path, case) -> None:
    game = tmp_path / "civ-builder"
    shutil.copytree(REPO / "data" / "civ-builder", game)
    file, old, new, expected = case
    edit(game / file, old, new)
    assert_one_line(kitgen("validate", game), re.compile(rf".*{expected}.*"))


def test_rule_structure__a_wild_card_in_a_game_that_never_melds_is_one_located_line(tmp_path: Path) -> None:
    """The vocabulary's `meld` plays a card's `wild:`; in a game with no meld step it would go unread."""
    game = tiny_copy(tmp_path)
    edit(game / "decks" / "main.yaml", "{name: Scout, type: Ship,", "{name: Scout, type: Ship, wild: {when: {highest: [Military]}},")
    assert_one_line(kitgen("validate", game), re.compile(r".*decks/main\.yaml:\d+:\d+: error: card 'Scout' wild: no step "
                                                         r"of the game melds \(do: meld\)"))


