"""Attacks on the named `numbers:` once read by the rule modules (a faction's abilities, a phase's
costs): no record has the key now (issue 37's read-back: no shipped game or example used it), and a
game that still writes one hears so at its line, in one line and exit 1, from every command that
loads the game, never a traceback and never a silent default."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.attacks.harness import assert_one_line, edit, kitgen, tiny_copy

ROOT = Path(__file__).resolve().parents[2]
SUPREMACY = [  # its module is gone too: the Research Phase's prices are its steps' costs now
    ("rules.yaml", "  - name: Research Phase\n", "  - name: Research Phase\n    numbers: {catchup: 15, directed_effort: 20}\n",
     r"rules\.yaml:\d+:\d+: error: phases\[\d+\]\.numbers: kitgen reads no named numbers \(the rule modules that did "
     r"are gone, issue 33\): say the rule with steps, costs and card fields, and remove numbers:"),
    ("game.yaml", "simulate:\n  turns: 100\n", "simulate:\n  rules: galactic-supremacy\n  turns: 100\n",
     r"game\.yaml:\d+:\d+: error: simulate\.rules: the rule module 'galactic-supremacy' is gone: the game plays from "
     r"its data through the one engine \(remove simulate\.rules\)"),
]


CIV_BUILDER = [  # its module is gone: the numbers it read are steps now, and a game without a module reads none
    ("rules.yaml", "  - name: Draw Phase\n", "  - name: Draw Phase\n    numbers: {draw: 5}\n",
     r"rules\.yaml:\d+:\d+: error: phases\[\d+\]\.numbers: kitgen reads no named numbers \(the rule modules that did "
     r"are gone, issue 33\): say the rule with steps, costs and card fields, and remove numbers:"),
]


@pytest.mark.parametrize("case", CIV_BUILDER, ids=lambda c: c[2][:40])
def test_rule_numbers__civ_builder_each_defect_is_one_located_line(tmp_path: Path, case) -> None:
    refused(tmp_path, "civ-builder", case)


def test_rule_numbers__a_number_in_civilization_which_plays_from_its_data_is_located(tmp_path: Path) -> None:
    """Civilization: The Card Game plays from its data through the one engine (its rule module is
    gone): a `numbers:` would go unread, so it is refused, not ignored."""
    refused(tmp_path, "civilization-card-game", (
        "rules.yaml", "  - name: Draw and Discard\n", "  - name: Draw and Discard\n    numbers: {draw: 2}\n",
        r"rules\.yaml:\d+:\d+: error: phases\[\d+\]\.numbers: kitgen reads no named numbers .*"))


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
    for command in (("simulate", game, "--games", "2", "--partial"), ("build", game, "-o", tmp_path / "kit")):
        run = kitgen(*command)
        assert_one_line(run, re.compile(r".*rules\.yaml:\d+:\d+: error: phases\[0\]\.numbers: kitgen reads no named "
                                        r"numbers .* and remove numbers:"))
