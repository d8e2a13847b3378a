"""Attacks on the named `numbers:` a shipped rule module reads (a faction's abilities, a phase's
costs): a huge number, a wrong type, a roll where a count is read, an unknown or a missing name
is one located line and exit 1, never a traceback and never a silent default."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.attacks.harness import assert_one_line, edit, kitgen, tiny_copy

ROOT = Path(__file__).resolve().parents[2]
BELIEVERS = "numbers: {force: 2, probed_at: 1, research_roll: -1}"
UPKEEP = "numbers: {upkeep: 1}"
CASES = [  # (file, old, new, the one line expected); alpha-centauri's, then galactic-supremacy's
    ("game.yaml", BELIEVERS, "numbers: {force: 99999999999999999999999}",
     r"game\.yaml:\d+:\d+: error: factions\[0\]\.numbers\.force: expected a whole number from -9999 to 9999 or a roll .*"),
    ("game.yaml", BELIEVERS, "numbers: {force: many}", r"game\.yaml:\d+:\d+: error: factions\[0\]\.numbers\.force: expected a whole .*'many'"),
    ("game.yaml", BELIEVERS, "numbers: {force: [2]}", r"game\.yaml:\d+:\d+: error: factions\[0\]\.numbers\.force: expected .*a list"),
    ("game.yaml", BELIEVERS, "numbers: 2", r"game\.yaml:\d+:\d+: error: factions\[0\]\.numbers: expected a mapping .*"),
    ("game.yaml", BELIEVERS, "numbers: {force: 0D6}", r"game\.yaml:\d+:\d+: error: factions\[0\]\.numbers\.force: expected .*'0D6'"),
    ("game.yaml", BELIEVERS, "numbers: {forse: 2}",
     r"game\.yaml:\d+:\d+: error: simulate\.rules alpha-centauri: faction 'Believers': unknown number 'forse' "
     r"\(did you mean 'force'\?\); it reads: .*"),
    ("game.yaml", BELIEVERS, "numbers: {force: 1D6}",
     r"game\.yaml:\d+:\d+: error: simulate\.rules alpha-centauri: faction 'Believers': 'force' is a whole number .*"),
    ("rules.yaml", UPKEEP, "numbers: {}",
     r"rules\.yaml:\d+:\d+: error: simulate\.rules alpha-centauri: Upkeep Phase: numbers: missing upkeep "
     r"\(Credits each Unit costs\)"),
    ("rules.yaml", "numbers: {riots: 1D10}", "numbers: {riots: 10}",
     r"rules\.yaml:\d+:\d+: error: simulate\.rules alpha-centauri: Population Control Phase: 'riots' is a roll .*"),
    ("decks/common.yaml", "numbers: {units: 1D10}", "numbers: {units: 99999D6}",
     r"decks/common\.yaml:\d+:\d+: error: cards\[\d+\]\.numbers\.units: expected a whole number .*'99999D6'"),
    ("decks/common.yaml", "numbers: {units: 1D10}", "numbers: {units: 3}",
     r"decks/common\.yaml:\d+:\d+: error: simulate\.rules alpha-centauri: card '.*': 'units' is a roll such as 1D10 .*"),
    ("tables.yaml", "numbers: {look: 1}", "numbers: {look: 2}",
     r"tables\.yaml:\d+:\d+: error: .*table 'probe' row '4': 'look' is a switch, 1 or 0, not 2 .*"),
    ("tables.yaml", "numbers: {look: 1}", "numbers: {look: 1, units: 1D5}",
     r"tables\.yaml:\d+:\d+: error: .*table 'probe' row '4': numbers: one of units, marker, loses, look, drain, not 2"),
    ("tables.yaml", "numbers: {turns: 5}", "numbers: {turn: 5}",
     r"tables\.yaml:\d+:\d+: error: .*table 'conflict' row .*: unknown number 'turn' \(did you mean 'turns'\?\).*"),
]
# Numbers in the schema's range that the module played as written: each was an internal error
# (exit 70) or a run that never ended. The loader now bounds every number by its kind
# (compile/numbers.py: a count 0-100, a step 1-100, a modifier -100 to 100), whatever reads it.
PLAYED_AS_WRITTEN = [
    ("rules.yaml", "numbers: {draw: 1, extra_card: 10}", "numbers: {draw: 999, extra_card: 10}",  # never ended
     r"rules\.yaml:\d+:\d+: error: simulate\.rules alpha-centauri: Planning Phase: 'draw' is a whole number from 0 to "
     r"100, not 999 \(cards each player draws\)"),
    ("rules.yaml", "numbers: {draw: 1, extra_card: 10}", "numbers: {draw: 1, extra_card: -1}",  # no legal option
     r"rules\.yaml:\d+:\d+: error: .*Planning Phase: 'extra_card' is a whole number from 0 to 100, not -1 .*"),
    ("rules.yaml", "numbers: {disruption_step: 10, disruption: 1D10}", "numbers: {disruption_step: 0, disruption: 1D10}",
     r"rules\.yaml:\d+:\d+: error: .*Ecological Disruption Phase: 'disruption_step' is a whole number from 1 to 100, "
     r"not 0 \(1 or more: Disruption points per loss\)"),  # ZeroDivisionError
    ("game.yaml", BELIEVERS, "numbers: {force: 2, probed_at: 1, research_roll: -101}",
     r"game\.yaml:\d+:\d+: error: .*faction 'Believers': 'research_roll' is a whole number from -100 to 100, not -101 "
     r"\(plus or minus: .*\)"),
    ("tables.yaml", "numbers: {times: 1}", "numbers: {times: 5}",  # KeyError: 'units 1'
     r"tables\.yaml:\d+:\d+: error: simulate\.rules alpha-centauri: table 'conflict': its Force Bonus rows need "
     r"\{times: 1\}"),
    ("tables.yaml", "numbers: {defender: 1}", "numbers: {defender: 0}",  # a switch at 0 is left out: KeyError
     r"tables\.yaml:\d+:\d+: error: .*table 'conflict': its Force Bonus rows need \{defender: 1\}"),
    ("game.yaml", BELIEVERS, "numbers: {force: '\u0663'}",  # an Arabic-Indic 3: any script's digit passed as a number
     r"game\.yaml:\d+:\d+: error: factions\[0\]\.numbers\.force: expected a whole number from -9999 to 9999 .*"),
]
SUPREMACY = [
    ("game.yaml", "numbers: {setup_draw: 2, turn_limit: 100}", "numbers: {setup_draw: 2, turn_limit: 1e9}",
     r"game\.yaml:\d+:\d+: error: simulate\.numbers\.turn_limit: expected a whole number .*'1e9'"),
    ("game.yaml", "numbers: {setup_draw: 2, turn_limit: 100}", "numbers: {setup_draw: 2}",
     r"game\.yaml:\d+:\d+: error: simulate\.rules galactic-supremacy: simulate: numbers: missing turn_limit .*"),
    ("rules.yaml", "numbers: {catchup: 15, directed_effort: 20}", "numbers: {catchup: 15, directed: 20}",
     r"rules\.yaml:\d+:\d+: error: .*Research Phase: unknown number 'directed' \(did you mean 'directed_effort'\?\).*"),
]


CIV_BUILDER = [  # its module is gone: the numbers it read are steps now, and a game without a module reads none
    ("rules.yaml", "  - name: Draw Phase\n", "  - name: Draw Phase\n    numbers: {draw: 5}\n",
     r"rules\.yaml:\d+:\d+: error: Draw Phase: numbers: only a rule module reads them \(simulate: \{rules: NAME\}\); "
     r"this game plays from its data alone"),
]


@pytest.mark.parametrize("case", CIV_BUILDER, ids=lambda c: c[2][:40])
def test_rule_numbers__civ_builder_each_defect_is_one_located_line(tmp_path: Path, case) -> None:
    refused(tmp_path, "civ-builder", case)


def test_rule_numbers__a_number_on_a_record_the_module_reads_none_of_is_located(tmp_path: Path) -> None:
    """Civilization: The Card Game keeps its numbers in its rule-numbers table: a phase's `numbers:`
    would go unread, so it is refused, not ignored."""
    refused(tmp_path, "civilization-card-game", (
        "rules.yaml", "  - name: Draw and Discard\n", "  - name: Draw and Discard\n    numbers: {draw: 2}\n",
        r"rules\.yaml:\d+:\d+: error: simulate\.rules civilization-card-game: Draw and Discard: unknown number "
        r"'draw'; it reads: none"))


@pytest.mark.parametrize("case", SUPREMACY, ids=lambda c: c[2][:40])
def test_rule_numbers__galactic_supremacy_each_defect_is_one_located_line(tmp_path: Path, case) -> None:
    refused(tmp_path, "galactic-supremacy", case)


@pytest.mark.parametrize("case", PLAYED_AS_WRITTEN, ids=lambda c: c[2][:40])
def test_rule_numbers__a_number_the_module_cannot_play_is_one_located_line(tmp_path: Path, case) -> None:
    refused(tmp_path, "alpha-centauri", case)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[2][:40])
def test_rule_numbers__each_defect_is_one_located_line(tmp_path: Path, case: tuple[str, str, str, str]) -> None:
    refused(tmp_path, "alpha-centauri", case)


def refused(tmp_path: Path, name: str, case: tuple[str, str, str, str]) -> None:
    game = tmp_path / name
    shutil.copytree(ROOT / "data" / name, game)
    file, old, new, expected = case
    edit(game / file, old, new)
    run = kitgen("simulate", game, "--games", "2", "--workers", "1")
    assert_one_line(run, re.compile(rf".*{expected}"))


def test_rule_numbers__validate_reads_them_as_the_balance_lab_does(tmp_path: Path) -> None:
    game = tmp_path / "alpha-centauri"
    shutil.copytree(ROOT / "data" / "alpha-centauri", game)
    edit(game / "game.yaml", BELIEVERS, "numbers: {forse: 2}")
    run = kitgen("validate", game)
    assert_one_line(run, re.compile(r".*game\.yaml:\d+:\d+: error: simulate\.rules alpha-centauri: faction 'Believers': "
                                    r"unknown number 'forse' \(did you mean 'force'\?\).*"))


def test_rule_numbers__a_game_without_a_rule_module_refuses_them(tmp_path: Path) -> None:
    game = tiny_copy(tmp_path)
    text = (game / "rules.yaml").read_text(encoding="utf-8")
    first = re.search(r"\n(  - name: [^\n]+\n)", text)
    assert first is not None
    (game / "rules.yaml").write_text(text.replace(first.group(1), first.group(1) + "    numbers: {draw: 2}\n", 1),
                                     encoding="utf-8")
    run = kitgen("simulate", game, "--games", "2", "--partial")
    assert_one_line(run, re.compile(r".*rules\.yaml:\d+:\d+: error: .*: numbers: only a rule module reads them "
                                    r"\(simulate: \{rules: NAME\}\); this game plays from its data alone"))
