"""kitgen simulate GAME --trace FILE: one game move by move, text and JSON, the same game the report
plays first at that seed; refused with one line for a path it cannot
write."""
from __future__ import annotations

import json
import re
from pathlib import Path

from tests.attacks.harness import kitgen_in_process

REPO = Path(__file__).resolve().parents[2]


def test_trace__uno_move_by_move_in_text_and_json(tmp_path):
    path = tmp_path / "uno.txt"
    run = kitgen_in_process("simulate", REPO / "examples" / "uno", "--players", "2", "--policy", "random",
                            "--seed", "3", "--trace", path).run
    assert run.returncode == 0, run.describe()
    traced = json.loads((tmp_path / "uno.txt.json").read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8").splitlines()
    assert text[0] == "Uno: one game, seed 3, 2 players, policies random,random" and text[1] == "Round 1: P1 starts"
    kinds = {e["event"] for e in traced["events"]}
    assert {"round", "turn", "move", "choose", "scores"} <= kinds
    dealt = [e for e in traced["events"] if e["event"] == "move"][:14]  # seven each, one at a time round the table
    assert [e["to"] for e in dealt] == ["P1's hand", "P2's hand"] * 7 and all(e["from"] == "draw" for e in dealt)
    plays = [e for e in traced["events"] if e["event"] == "move" and e["how"] == "play"]
    assert plays and all(e["to"] == "pile" for e in plays)
    winner = traced["winner"]
    assert winner in (1, 2) and re.fullmatch(rf"P{winner} wins \(First to 500\); .*", text[-1])
    last = [e for e in traced["events"] if e["event"] == "scores"][-1]["values"]["Score"]
    assert last[winner - 1] >= 500 and last[winner - 1] == max(last)


def test_trace__a_declared_value_is_named_as_the_cards_say_it(tmp_path):
    # Crazy Eights' eight names a suit: the trace said "chooses declare 3", the suit's code
    path = tmp_path / "c8.txt"
    run = kitgen_in_process("simulate", REPO / "examples" / "crazy-eights", "--players", "2", "--seed", "1",
                            "--trace", path).run
    assert run.returncode == 0, run.describe()
    named = [line for line in path.read_text(encoding="utf-8").splitlines() if " names suit " in line]
    assert named and all(re.fullmatch(r"    P[12] names suit (Spades|Hearts|Diamonds|Clubs)", line) for line in named)
    traced = json.loads((tmp_path / "c8.txt.json").read_text(encoding="utf-8"))
    assert {e["value"] for e in traced["events"] if e["event"] == "named"} <= {"Spades", "Hearts", "Diamonds", "Clubs"}
