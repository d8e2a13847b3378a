"""Attacks on the keys the Civilization port added (tests/fixtures/vocab/harvest): a zone's `yields:`,
a step's `each:` and `this.FIELD`, buy's `discount: {any: ...}` and a step's `trade:`. Each bad
value is one located line from `kitgen validate` and from `kitgen simulate`, never a traceback."""
from __future__ import annotations

import json
import re
import shutil
import signal
from pathlib import Path

import pytest

from tests.attacks.harness import REPO, assert_no_crash, assert_one_line, bounded, edit, kitgen, kitgen_in_process

HARVEST = REPO / "tests" / "fixtures" / "vocab" / "harvest"
FIELDS = "  - {name: fields, kind: in-play, yields: [Food, Wood]}\n"
HARVEST_STEP = '{do: gain, each: fields, gain: {Food: "this.Food + count(this.farmers) + this.grind", Wood: this.Wood}}'
TRADE = "trade: {rate: 2, of: [Food, Wood]}"

CASES = [
    ("yields on a pile", "{name: people-pile, deck: people, sees: everyone}",
     "{name: people-pile, deck: people, sees: everyone, yields: [Food]}",
     r"game\.yaml:\d+:\d+: error: zone 'people-pile': yields goes with kind in-play or attached .*"),
    ("yields an unknown counter", FIELDS, FIELDS.replace("Wood]", "Wod]"),
     r"game\.yaml:\d+:\d+: error: zone 'fields': yields: unknown counter or attribute 'Wod' \(did you mean 'Wood'\?\)"),
    ("each of a zone that is not in play", HARVEST_STEP, HARVEST_STEP.replace("each: fields", "each: farmers"),
     r"game\.yaml:\d+:\d+: error: each: 'farmers' is not an in-play zone of the player's.*"),
    ("this outside each", HARVEST_STEP, HARVEST_STEP.replace("each: fields, ", ""),
     r"game\.yaml:\d+:\d+: error: .*this\.Food: 'this' is the card a step is taken for \(each: ZONE\).*"),
    ("this of an unknown field", HARVEST_STEP, HARVEST_STEP.replace("this.grind", "this.grnd"),
     r"game\.yaml:\d+:\d+: error: unknown card field 'grnd' \(did you mean 'grind'\?\).*"),
    ("trade from an unknown counter", TRADE, TRADE.replace("Wood]", "Wod]"),
     r"game\.yaml:\d+:\d+: error: phase 'Buy': unknown counter or attribute 'Wod' \(did you mean 'Wood'\?\)"),
    ("a trade rate that is code", TRADE, TRADE.replace("rate: 2", "rate: '__import__(\"os\")'"),
     r"game\.yaml:\d+:\d+: error: phase 'Buy': .*"),
    ("a discount of any that is code", '"4 - 2 * count(fields)"', '"(2).__class__"',
     r"game\.yaml:\d+:\d+: error: .*"),
]


PLAYED = ("this outside each", "trade from an unknown counter")  # simulate too: the lines compile reaches


@pytest.mark.parametrize("case, command", [(case, "validate") for case in CASES]
                         + [(case, "simulate") for case in CASES if case[0] in PLAYED], ids=lambda c: c[0] if isinstance(c, tuple) else c)
def test_yields_each_trade__a_bad_value_is_one_located_line(tmp_path: Path, case, command) -> None:
    game = tmp_path / "harvest"
    shutil.copytree(HARVEST, game)
    _, old, new, expected = case
    edit(game / "game.yaml", old, new)
    args = ("simulate", game, "--games", "2", "--workers", "1", "--partial") if command == "simulate" else ("validate", game)
    assert_one_line(kitgen(*args), re.compile(rf".*{expected}"))


@pytest.mark.parametrize("rate", ["0", "-3"])
def test_trade__a_rate_below_one_is_one_located_line(tmp_path: Path, rate) -> None:
    """The simulator would take 1 for it: a rule guessed, so refused at its line."""
    game = tmp_path / "harvest"
    shutil.copytree(HARVEST, game)
    edit(game / "game.yaml", TRADE, TRADE.replace("rate: 2", f"rate: {rate}"))
    assert_one_line(kitgen_in_process("validate", game), re.compile(
        rf".*game\.yaml:\d+:\d+: error: phase 'Buy': trade: rate {rate}: how many of another counter buy one at the "
        "bank, at least 1"))


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="SIGALRM")
def test_trade__a_price_of_a_trillion_ends_it_is_not_bought_one_at_a_time(tmp_path: Path) -> None:
    """A mill at 10^11 Wood, and fields that yield 10^12 Food: the bank sold one Wood at a time for ever."""
    game = tmp_path / "harvest"
    shutil.copytree(HARVEST, game)
    edit(game / "game.yaml", "{Wood: 3}}", "{Wood: 100000000000}}")
    edit(game / "game.yaml", '"this.Food + count(this.farmers) + this.grind"', '"this.Food * 1000000000000 + 1000000000000"')
    with bounded(20):
        run = kitgen_in_process("simulate", game, "--games", "4", "--players", "2", "--workers", "1", "--partial",
                                "--policy", "random", "--json")
    assert_no_crash(run)
    assert run.run.returncode == 0 and json.loads(run.run.stdout)["games"] == 4, run.run.describe()


@pytest.mark.parametrize("field", ["name", "type"])
def test_this__a_text_field_read_as_a_number_is_one_located_line(tmp_path: Path, field) -> None:
    """this.name as a number was the name's place in a sorted list of names, gained as Food."""
    game = tmp_path / "harvest"
    shutil.copytree(HARVEST, game)
    edit(game / "game.yaml", "this.grind", f"this.{field}")
    assert_one_line(kitgen_in_process("validate", game), re.compile(
        rf".*game\.yaml:\d+:\d+: error: .*this\.{field}: '{field}' is text; read a number field of the card, or "
        "test it in a filter"))


@pytest.mark.parametrize("times", ["-5", "1000000000000"])
def test_times__a_written_count_past_0_to_1000_is_one_located_line(tmp_path: Path, times) -> None:
    """-5 took the step never and 10^12 a thousand times, both silently: a written count is 0-1000."""
    game = tmp_path / "harvest"
    shutil.copytree(HARVEST, game)
    edit(game / "game.yaml", "      - do: choose\n        optional: true\n",
         f"      - do: choose\n        optional: true\n        times: {times}\n")
    assert_one_line(kitgen_in_process("validate", game), re.compile(
        rf".*game\.yaml:\d+:\d+: error: phase 'Buy': action 'choose': times {times} is not 0-1000"))


def test_trade__a_rate_of_a_digit_int_cannot_read_is_one_located_line(tmp_path: Path) -> None:
    """'²' is a digit to str.isdigit, no number to int(): the rate's check must not take it for one."""
    game = tmp_path / "harvest"
    shutil.copytree(HARVEST, game)
    edit(game / "game.yaml", TRADE, TRADE.replace("rate: 2", 'rate: "²"'))
    assert_one_line(kitgen_in_process("validate", game), re.compile(
        r".*game\.yaml:\d+:\d+: error: phase 'Buy': '²' use numbers, counter names, .*"))
