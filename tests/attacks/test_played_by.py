"""Attacks on a rules section's `played_by:` (what plays it, for the coverage; the section stays printed
where it is): a name the game does not have, a value of the wrong shape, a link on a section only the
designers read. Each is one located line from `kitgen validate`, in process, never a traceback."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.attacks.harness import assert_one_line, kitgen_in_process, tiny_copy

SECTION = "rules:\n  - id: drawing\n    title: Drawing\n    text: [\"Draw one card each turn.\"]\n"

CASES = [
    ("a phase the game does not have", "    played_by: [Draw Phse]\n",
     r".*rules\.yaml:\d+:\d+: error: rules 'drawing': played_by: 'Draw Phse' is no phase, victory path, table, "
     r"approximated rule or setup / .* of the game \(did you mean 'Draw Phase'\?\)"),
    ("one name, not a list", "    played_by: Draw Phase\n",
     r".*rules\.yaml:\d+:\d+: error: .*played_by.*"),
    ("a mapping", "    played_by: {phase: Draw Phase}\n",
     r".*rules\.yaml:\d+:\d+: error: .*played_by.*"),
    ("a section for the designers", "    audience: designers\n    played_by: [General Victory]\n",
     r".*rules\.yaml:\d+:\d+: error: rules 'drawing': played_by: only a section printed for the players is a rule "
     r"the simulation plays"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case[0])
def test_played_by__a_bad_link_is_one_located_line(tmp_path: Path, case) -> None:
    game = tiny_copy(tmp_path)
    _, link, expected = case
    with (game / "rules.yaml").open("a", encoding="utf-8") as rules:
        rules.write(SECTION + link)
    assert_one_line(kitgen_in_process("validate", game), re.compile(expected))


def test_played_by__a_good_link_validates_clean(tmp_path: Path) -> None:
    """The same section linked to the tiny game's phase and victory path: no problem at all."""
    game = tiny_copy(tmp_path)
    with (game / "rules.yaml").open("a", encoding="utf-8") as rules:
        rules.write(SECTION + "    played_by: [Draw Phase, General Victory, setup]\n")
    run = kitgen_in_process("validate", game).run
    assert run.returncode == 0 and "error" not in run.stderr and "warning" not in run.stderr, run.describe()


def test_played_by__a_tables_link_to_nothing_or_to_itself_is_one_located_line(tmp_path: Path) -> None:
    for link, name in (("[Draw Phse]", "Draw Phse"), ("[Random Attribute Table]", "Random Attribute Table")):
        game = tiny_copy(tmp_path / name.replace(" ", "-"))
        text = (game / "tables.yaml").read_text(encoding="utf-8")
        (game / "tables.yaml").write_text(text.replace("    die: 1D6\n", f"    die: 1D6\n    played_by: {link}\n", 1),
                                          encoding="utf-8")
        assert_one_line(kitgen_in_process("validate", game), re.compile(
            rf".*tables\.yaml:\d+:\d+: error: table 'random-attribute': played_by: '{name}' is no phase, .*"))
