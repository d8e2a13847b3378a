"""Attacks on the vocabulary's steps between players (`elect`, `agree`, `roll`, `lookup`, `battle`,
`orders`, `mark`, `times:`) and the keys they brought (a table row's `actions:`, `when:` and `bid:`,
a zone's `room:` and `replace:`, a counter's `cap:`): a bad name or shape is one located line from
`kitgen validate`; what can only go wrong in play (a battle tied for ever, a count that explodes)
never raises and never hangs."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from tests.attacks.harness import REPO, assert_one_line, edit, kitgen_in_process

SENATE = REPO / "tests/fixtures/vocab/senate"


def senate_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "senate"
    shutil.copytree(SENATE, folder)
    return folder


def line(file: str, message: str) -> re.Pattern[str]:
    return re.compile(rf".*{file}:\d+:\d+: error: .*{message}.*")


ELECT = "actions: [{do: elect, table: senate, flag: Consul, votes: Wealth}]"
ROLL = "{do: roll, table: raid, target: target-player, modifier: \"target(Shield)\", bonus: Luck}"


@pytest.mark.parametrize("old, new, message", [
    (ELECT, ELECT.replace("table: senate", "table: senat"), r"unknown table 'senat' \(did you mean 'senate'\?\)"),
    (ELECT, ELECT.replace("votes: Wealth", "votes: Welth"), r"unknown counter or attribute 'Welth'"),
    ("bid: Credits}", "bid: Credit}", r"bid: unknown counter 'Credit' \(did you mean 'Credits'\?\)"),
    (ROLL, ROLL.replace("table: raid", "table: senate"), r"table 'senate' has no die to roll"),
    (ROLL, ROLL.replace("target(Shield)", "target(Sheild)"), r"unknown counter or attribute 'Sheild'"),
    (ROLL, ROLL.replace("bonus: Luck", "bonus: Lcuk"), r"unknown counter or attribute 'Lcuk'"),
    (ROLL, ROLL.replace("target(Shield)", "target(1, 2)"), r"target\(\) takes one expression"),
    (ROLL, ROLL.replace("target(Shield)", "roll(1)"), r"roll\(\) takes two numbers"),
    (ROLL, ROLL[:-1] + ", times: \"Luck ** 99\"}", r"'Pow' is not allowed"),
    ("table: force\n", "table: force\n            die: 1X6\n", r"die '1X6' is not dice notation like 1D6"),
    ("{do: agree, gain: {Pacts: 1}}", "{do: agree}", r"'agree' needs"),
    ("winner_loses: {Units: \"min(1, lost)\"}", "winner_loses: {Unit: \"min(1, lost)\"}", r"unknown counter or attribute 'Unit'"),
    ("when: {highest: [Might]}}", "when: {highest: [Mihgt]}}", r"unknown counter or attribute 'Mihgt'"),
], ids=["table", "votes", "bid", "roll-lookup-table", "modifier", "bonus", "target-args",
        "roll-args", "times-power", "battle-die", "agree-needs-gain", "winner-loses", "row-when"])
def test_validate__a_bad_step_between_players_is_one_located_line(tmp_path: Path, old: str, new: str,
                                                                   message: str) -> None:
    folder = senate_copy(tmp_path)
    edit(folder / "game.yaml", old, new)
    assert_one_line(kitgen_in_process("validate", folder), line("game.yaml", message))


def test_validate__a_mark_that_aims_at_nobody_and_a_room_off_play_are_located_lines(tmp_path: Path) -> None:
    folder = senate_copy(tmp_path)
    edit(folder / "game.yaml", "decks: [laws]\n", "decks: [laws]\nzones:\n  - {name: vault, kind: pile, "
         "room: \"Bases\"}\n  - {name: seized, kind: in-play}\n")
    assert_one_line(kitgen_in_process("validate", folder), line("game.yaml", r"room goes with kind in-play or attached, replace with in-play"))
    edit(folder / "game.yaml", "kind: pile, room: \"Bases\"", "kind: in-play, room: \"Bases\"")
    edit(folder / "game.yaml", ROLL, ROLL + ", {do: mark, zone: vault, to: seized}")
    assert_one_line(kitgen_in_process("validate", folder),
                    line("game.yaml", r"'mark' needs target: target-player or all-other-players"))


def test_battle__equal_totals_for_ever_end_the_battle_and_a_count_that_explodes_is_held(tmp_path: Path) -> None:
    # no dice and the same Units on both sides, tie: again; orders 10^12 times a turn; a roll taken
    # 10^12 times: each game still ends at the turn cap
    folder = senate_copy(tmp_path)
    edit(folder / "game.yaml", "      - {roll: \"The Defender\", result: \"1\", when: {at_least: {defending: 1}}}\n", "")
    edit(folder / "game.yaml", "count: 1\n        veto: Consul", "count: \"1000000 * 1000000\"\n        veto: Consul")
    edit(folder / "game.yaml", ROLL, ROLL[:-1] + ", times: \"1000000 * 1000000\"}")
    plan = plan_game(load_game(folder))
    for seed in range(2):
        result = play(Table(plan, seed, (POLICIES["random"],) * 3, ACTIONS))
        assert result.turn <= 5
