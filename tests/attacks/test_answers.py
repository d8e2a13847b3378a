"""Attacks on a step's `answers:` (vocabulary/answers.py), through `kitgen validate` in this process:
each defect is one located line and a non-zero exit, never a traceback."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.attacks.harness import assert_one_line, edit, kitgen_in_process

SPIES = Path(__file__).resolve().parents[1] / "fixtures" / "vocab" / "spies"
ANSWER = '{name: Shield, filter: {type: Shield}, works: {test: "roll(1, 6) >= 3"}, again: true,'

CASES = {
    "unknown-key": (ANSWER, ANSWER.replace("again:", "agian:"), r".*agian.*"),
    "by-unknown": (ANSWER, ANSWER.replace("again: true,", "again: true, by: everyone,"), r".*everyone.*"),
    "filter-unknown-field": (ANSWER, ANSWER.replace("{type: Shield}", "{colour: Red}"), r".*unknown card field 'colour'.*"),
    "works-unknown-name": (ANSWER, ANSWER.replace("roll(1, 6) >= 3", "Silver >= 3"),
                           r".*unknown counter or attribute 'Silver'.*"),
    "works-code": (ANSWER, ANSWER.replace("roll(1, 6) >= 3", "__import__('os')"), r".*__import__.*"),
    "then-unknown-counter": ("then: [{do: gain, gain: {Gold: 1}}]}", "then: [{do: gain, gain: {Glod: 1}}]}",
                             r".*unknown counter or attribute 'Glod'.*"),
    "no-filter": (ANSWER, ANSWER.replace("filter: {type: Shield}, ", ""), r".*filter.*"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_answer_is_one_located_line(tmp_path: Path, case: str) -> None:
    game = tmp_path / "spies"
    shutil.copytree(SPIES, game)
    old, new, message = CASES[case]
    edit(game / "game.yaml", old, new)
    assert_one_line(kitgen_in_process("validate", game), re.compile(r".*game\.yaml:\d+:\d+: error: " + message))
