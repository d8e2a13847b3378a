"""Attacks on mcts's budget flags (`--mcts-iterations`, `--mcts-seconds`) and on replaying a report
whose mcts thought for a time: each is one short line and a non-zero exit before any game, or, for a
time budget, a refusal to replay what cannot be played again the same."""
from __future__ import annotations

import json
import re

import pytest

from tests.attacks.harness import assert_one_line, kitgen_in_process, tiny_copy

BOUND = 30


@pytest.mark.parametrize("flags, line", [
    (("--mcts-iterations", "0"), r"Error: Invalid value for '?--mcts-iterations'?: 0 is not in the range 1<=x<=100000\."),
    (("--mcts-iterations", "9" * 100_000), r"Error: Invalid value for '?--mcts-iterations'?: '9{20}\.\.\.': give a whole "
                                           r"number from 1 to 100000"),
    (("--mcts-iterations", "many"), r"Error: Invalid value for '?--mcts-iterations'?: 'many' is not a valid integer.*"),
    (("--mcts-seconds", "nan"), r"Error: Invalid value for '?--mcts-seconds'?: 'nan': give 0\.001 to 60 seconds \(0: off\)"),
    (("--mcts-seconds", "-1"), r"Error: Invalid value for '?--mcts-seconds'?: '-1': give 0\.001 to 60 seconds \(0: off\)"),
    (("--mcts-seconds", "1e999"), r"Error: Invalid value for '?--mcts-seconds'?: '1e999': give 0\.001 to 60 .*"),
    (("--mcts-seconds", "9" * 100_000), r"Error: Invalid value for '?--mcts-seconds'?: '9{20}\.\.\.': give 0\.001 .*"),
    (("--mcts-rollouts", "64"), r"Error: Invalid value for '?--mcts-rollouts'?: is now --mcts-iterations N .*"),
], ids=["iterations-0", "iterations-huge", "iterations-word", "seconds-nan", "seconds-negative", "seconds-inf",
        "seconds-huge", "old-flag"])
def test_mcts_flags__absurd_values_are_one_short_usage_line_before_any_game(flags, line):
    run = kitgen_in_process("simulate", "tests/fixtures/tiny", "--partial", *flags)
    assert_one_line(run, re.compile(line), exit=2, seconds=BOUND)
    assert len(run.run.stderr) < 2000, "the message repeats the whole value"


def test_replay__a_report_made_with_a_time_budget_is_refused_in_one_line(tmp_path):
    folder = tiny_copy(tmp_path / "game")
    made = kitgen_in_process("simulate", folder, "--games", "4", "--players", "2", "--workers", "1", "--partial",
                             "--policy", "mcts,greedy", "--mcts-seconds", "0.001", "--json").run
    assert made.returncode == 0, made.describe()
    source = json.loads(made.stdout)["provenance"]
    assert source["options"]["--mcts-seconds"] == 0.001
    assert "mcts thought 0.001 s a decision: not deterministic" in kitgen_in_process(
        "simulate", folder, "--games", "2", "--players", "2", "--workers", "1", "--partial", "--policy", "mcts,greedy",
        "--mcts-seconds", "0.001").run.stdout
    (tmp_path / "report.json").write_text(made.stdout, encoding="utf-8")
    run = kitgen_in_process("simulate", folder, "--replay", tmp_path / "report.json", "--json")
    assert_one_line(run, re.compile(r".*report\.json: error: made with --mcts-seconds 0\.001: mcts thought for a time, "
                                    r"not a number of iterations, so its games cannot be played again the same"))


def test_replay__a_ladder_report_is_made_again_its_cost_a_measure_of_the_machine(tmp_path):
    from kitgen.simulate.experiments.ladder import COST, unmeasured

    made = kitgen_in_process("simulate", "galactic-civ", "--games", "2", "--players", "2", "--workers", "1",
                             "--ladder", "2", "--mcts-iterations", "2", "--json").run
    assert made.returncode == 0, made.describe()
    report = json.loads(made.stdout)
    assert [r["player"] for r in report["skill_ladder"]] == ["greedy", "lookahead", "mcts"]
    assert all(isinstance(r[COST], float) and r[COST] >= 0 for r in report["skill_ladder"])
    (tmp_path / "report.json").write_text(made.stdout, encoding="utf-8")
    again = kitgen_in_process("simulate", "--replay", tmp_path / "report.json", "--json").run
    assert again.returncode == 0, again.describe()
    assert unmeasured(json.loads(again.stdout)) == unmeasured(report) != report
