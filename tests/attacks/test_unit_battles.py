"""Attacks on battle's `units:` (a battle of units, vocabulary/units.py) and reattach, through `kitgen validate` and
`kitgen simulate` in this process: each defect is one located line and a non-zero exit, never a
traceback; a unit with a billion dice rolls a bounded number and the report finishes."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.attacks.harness import assert_no_crash, assert_one_line, edit, kitgen_in_process

SKIRMISH = Path(__file__).resolve().parents[1] / "fixtures" / "vocab" / "skirmish"
BATTLE = "units: {zones: [fleets], world: worlds, guards: fleets, dice: combat_dice, bonus: \"Guns > target(Guns)\","


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "skirmish"
    shutil.copytree(SKIRMISH, folder)
    return folder


CASES = {
    "units-on-another-step": ("{do: draw, deck: ships}", "{do: draw, deck: ships, units: {zones: [fleets], dice: combat_dice}}",
                              r"'units:' goes with 'do: battle'"),
    "unknown-zone": (BATTLE, BATTLE.replace("zones: [fleets]", "zones: [flets]"),
                     r"battle: units: zones: 'flets' is not a zone of kind in-play or attached \(did you mean 'fleets'\?\)"),
    "guards-not-attached": (BATTLE, BATTLE.replace("guards: fleets", "guards: worlds"),
                            r"battle: units: guards: 'worlds' is not a zone of kind attached.*"),
    "guards-under-another-zone": (BATTLE, BATTLE.replace("world: worlds, ", ""),
                                  r"battle: units: guards: zone 'fleets' lies under 'worlds', not under the world "
                                  r"attacked \('none'\)"),
    "dice-not-a-field": (BATTLE, BATTLE.replace("dice: combat_dice", "dice: combat_dize"),
                         r"battle: units: dice: 'combat_dize' is not a whole-number card field \(did you mean "
                         r"'combat_dice'\?\)"),
    "die-not-dice": ("die: 1D6", "die: 1Dsix", r"action 'battle': die '1Dsix' is not dice notation like 1D6"),
    "no-die": ("        die: 1D6\n", "", r"battle: units: needs die: \(the die each unit rolls, such as 1D10\)"),
    "bonus-unknown-name": ('bonus: "Guns > target(Guns)"', 'bonus: "Gunz - 1"', r"unknown counter or attribute 'Gunz'.*"),
    "bonus-code": ('bonus: "Guns > target(Guns)"', 'bonus: "__import__(\'os\')"', r".*'__import__\('os'\)'.*"),
    "all-guards-unknown": ('all_guards: {test: "Guns > target(Guns)"}', "all_guards: {at_least: {Gnus: 3}}",
                           r"unknown counter or attribute 'Gnus'.*"),
    "riders-unknown-zone": (BATTLE, BATTLE.replace("dice: combat_dice,", "dice: combat_dice, riders: [crewz],"),
                            r"battle: units: riders: 'crewz' is not a zone of kind attached \(did you mean 'crews'\?\)"),
    "riders-in-play": (BATTLE, BATTLE.replace("dice: combat_dice,", "dice: combat_dice, riders: [worlds],"),
                       r"battle: units: riders: 'worlds' is not a zone of kind attached.*"),
    "units-unknown-key": ("wins_ties:", "wins_tie:", r".*wins_tie.*"),
    "reattach-not-attached": ("{do: reattach, zone: fleets}", "{do: reattach, zone: worlds}",
                              r"phase 'Move': 'worlds' is not a zone of kind attached"),
    "reattach-no-zone": ("{do: reattach, zone: fleets}", "{do: reattach}", r"action 'reattach' needs zone"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_units_battle_is_one_located_line(game: Path, case: str) -> None:
    old, new, message = CASES[case]
    edit(game / "game.yaml", old, new)
    assert_one_line(kitgen_in_process("validate", game), re.compile(r".*game\.yaml:\d+:\d+: error: .*" + message))


def test_a_billion_dice_a_unit_is_a_bounded_battle(game: Path) -> None:
    edit(game / "decks" / "homes.yaml", "combat_dice: 3", "combat_dice: 1000000000")
    edit(game / "game.yaml", 'bonus: "Guns > target(Guns)"', 'bonus: "Guns * 1000000000"')
    run = kitgen_in_process("simulate", game, "--games", "3", "--workers", "1", "--players", "2", "--json", "-q")
    assert_no_crash(run, seconds=60)
    assert run.run.returncode == 0, run.run.describe()
    assert json.loads(run.run.stdout)["games"] == 3
