"""Attacks on the named `numbers:` once read by the rule modules (a faction's abilities, a phase's
costs): a huge number, a wrong type, a roll where a count is read, an unknown or a missing name
is one located line and exit 1, never a traceback and never a silent default."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.attacks.harness import assert_one_line, edit, kitgen, tiny_copy

ROOT = Path(__file__).resolve().parents[2]
SUPREMACY = [  # its module is gone too: the Research Phase's prices are its steps' costs now
    ("rules.yaml", "  - name: Research Phase\n", "  - name: Research Phase\n    numbers: {catchup: 15, directed_effort: 20}\n",
     r"rules\.yaml:\d+:\d+: error: Research Phase: numbers: kitgen reads none \(the rule modules "
     r"that did are gone\): say the rule with steps, costs and card fields"),
    ("game.yaml", "simulate:\n  turns: 100\n", "simulate:\n  rules: galactic-supremacy\n  turns: 100\n",
     r"game\.yaml:\d+:\d+: error: simulate\.rules: the rule module 'galactic-supremacy' is gone: the game plays from "
     r"its data through the one engine \(remove simulate\.rules\)"),
]


CIV_BUILDER = [  # its module is gone: the numbers it read are steps now, and a game without a module reads none
    ("rules.yaml", "  - name: Draw Phase\n", "  - name: Draw Phase\n    numbers: {draw: 5}\n",
     r"rules\.yaml:\d+:\d+: error: Draw Phase: numbers: kitgen reads none \(the rule modules "
     r"that did are gone\): say the rule with steps, costs and card fields"),
]


@pytest.mark.parametrize("case", CIV_BUILDER, ids=lambda c: c[2][:40])
def test_rule_numbers__civ_builder_each_defect_is_one_located_line(tmp_path: Path, case) -> None:
    refused(tmp_path, "civ-builder", case)


def test_rule_numbers__a_number_in_civilization_which_plays_from_its_data_is_located(tmp_path: Path) -> None:
    """Civilization: The Card Game plays from its data through the one engine (its rule module is
    gone): a `numbers:` would go unread, so it is refused, not ignored."""
    refused(tmp_path, "civilization-card-game", (
        "rules.yaml", "  - name: Draw and Discard\n", "  - name: Draw and Discard\n    numbers: {draw: 2}\n",
        r"rules\.yaml:\d+:\d+: error: Draw and Discard: numbers: kitgen reads none .*"))


@pytest.mark.parametrize("case", SUPREMACY, ids=lambda c: c[2][:40])
def test_rule_numbers__galactic_supremacy_each_defect_is_one_located_line(tmp_path: Path, case) -> None:
    refused(tmp_path, "galactic-supremacy", case)


def refused(tmp_path: Path, name: str, case: tuple[str, str, str, str]) -> None:
    game = tmp_path / name
    shutil.copytree(ROOT / "data" / name, game)
    file, old, new, expected = case
    edit(game / file, old, new)
    run = kitgen("simulate", game, "--games", "2", "--workers", "1")
    assert_one_line(run, re.compile(rf".*{expected}"))


def test_rule_numbers__a_game_without_a_rule_module_refuses_them(tmp_path: Path) -> None:
    game = tiny_copy(tmp_path)
    text = (game / "rules.yaml").read_text(encoding="utf-8")
    first = re.search(r"\n(  - name: [^\n]+\n)", text)
    assert first is not None
    (game / "rules.yaml").write_text(text.replace(first.group(1), first.group(1) + "    numbers: {draw: 2}\n", 1),
                                     encoding="utf-8")
    run = kitgen("simulate", game, "--games", "2", "--partial")
    assert_one_line(run, re.compile(r".*rules\.yaml:\d+:\d+: error: .*: numbers: kitgen reads none "
                                    r"\(the rule modules that did are gone\): say the rule with steps, costs and card fields"))
