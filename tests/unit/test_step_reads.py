"""What play would leave undone, warned of at its line by validate (check/reads.py): a flag set and
never read, a victory path no check reaches or on counters no step changes, a key a step accepts
and ignores. Each on real game folders (a shipped one, an example, a fixture) copied and changed."""
from __future__ import annotations

import ast
import functools
import shutil
import typing
from pathlib import Path

import pytest

from kitgen.check.game import check_game
from kitgen.check.reads import STEP_READS, findings
from kitgen.load import load_game
from kitgen.model import ActionKind

ROOT = Path(__file__).resolve().parents[2]


def copy(tmp_path: Path, folder: str, file: str, *changes: str) -> Path:
    """A copy of the game folder with `file`'s text changed: old, new, old, new ..."""
    target = tmp_path / Path(folder).name
    shutil.copytree(ROOT / folder, target)
    text = (target / file).read_text(encoding="utf-8")
    for old, new in zip(changes[::2], changes[1::2], strict=True):
        assert old in text
        text = text.replace(old, new, 1)
    (target / file).write_text(text, encoding="utf-8")
    return target


def warnings_of(folder: Path) -> list[str]:
    return [f"{p.where}: {p.message}" for p in check_game(load_game(folder)) if p.level == "warning"
            and ("ignored" in p.message or "never read" in p.message or "unreachable" in p.message)]


def test_reads__shipped_games_and_examples_warn_of_nothing():
    # and the vocabulary's fixtures, each written to use its steps as documented
    fixtures = [f for f in (ROOT / "tests" / "fixtures" / "vocab").iterdir()]
    for folder in [*(ROOT / "data").iterdir(), *(ROOT / "examples").iterdir(), *fixtures]:
        if (folder / "game.yaml").exists():
            assert warnings_of(folder) == [], folder.name


def test_reads__a_victory_check_removed_leaves_its_paths_unreachable_each_at_its_line(tmp_path):
    folder = copy(tmp_path, "data/galactic-civ", "rules.yaml", "{do: discard-to-limit}, {do: check-victory}",
                  "{do: discard-to-limit}")
    found = warnings_of(folder)
    paths = [p for p in load_game(folder).victory_paths if p.when is None or p.when.end_of_turn is None]
    assert len(found) == len(paths) == 5
    for line, path in zip(sorted(found), sorted(paths, key=lambda p: p.where.line), strict=True):
        assert line.startswith(f"{path.where}: victory '{path.name}': unreachable: no step checks it")


def test_reads__a_path_on_a_counter_no_step_changes_is_unreachable(tmp_path):
    folder = copy(tmp_path, "tests/fixtures/vocab/market", "game.yaml",
                  '  - {name: Prestige, abbreviation: PRE, start: "0"}',
                  '  - {name: Prestige, abbreviation: PRE, start: "0"}\n  - {name: Fame, start: "0"}',
                  "when: {game_over: true, highest: [Prestige], tie_break: [Wealth]}",
                  "when: {game_over: true, highest: [Prestige], tie_break: [Wealth]}\n  - name: Proud\n    text: x\n"
                  "    when: {game_over: true, any: [{highest: [Fame]}, {at_least: {Fame: 3, Stalls: 1}}]}")
    found = warnings_of(folder)
    assert len(found) == 1 and "victory 'Proud': unreachable: no step changes Fame (" in found[0], found
    assert found[0].startswith(f"{folder / 'game.yaml'}:35:")
    reachable = copy(tmp_path / "b", "tests/fixtures/vocab/market", "game.yaml",
                     "when: {game_over: true, highest: [Prestige], tie_break: [Wealth]}",
                     "when: {game_over: true, any: [{highest: [Fame]}, {at_least: {Stalls: 1}}]}")
    assert not [line for line in warnings_of(reachable) if "unreachable" in line]


def test_reads__a_flag_set_and_never_read_is_located(tmp_path):
    folder = copy(tmp_path, "tests/fixtures/vocab/market", "game.yaml", "actions: [{do: gain, gain: {Coins: 2}}]",
                  "actions: [{do: gain, gain: {Coins: 2}}, {do: flag, flag: Rich}]")
    found = warnings_of(folder)
    assert len(found) == 1 and "phase 'Income': flag 'Rich' is set and never read" in found[0], found
    assert found[0].startswith(f"{folder / 'game.yaml'}:23:")
    read = copy(tmp_path / "read", "tests/fixtures/vocab/market", "game.yaml",
                "actions: [{do: gain, gain: {Coins: 2}}]",
                "actions: [{do: gain, gain: {Coins: 2}}, {do: flag, flag: Rich}, "
                "{do: when, when: {flag: [Rich]}, then: [{do: gain, gain: {Coins: 1}}]}]")
    assert warnings_of(read) == []


def test_reads__a_key_the_step_does_not_read_is_ignored_and_said(tmp_path):
    folder = copy(tmp_path, "tests/fixtures/vocab/market", "game.yaml", "actions: [{do: gain, gain: {Coins: 2}}]",
                  "actions: [{do: gain, gain: {Coins: 2}, to: street, deck: goods}]")
    found = warnings_of(folder)
    assert {line.split(": ", 1)[1] for line in found} == {
        "phase 'Income': 'deck:' is accepted and ignored: do: gain does not read it",
        "phase 'Income': 'to:' is accepted and ignored: do: gain does not read it"}
    assert len(found) == 2 and all(line.startswith(f"{folder / 'game.yaml'}:23:") for line in found)
    read = copy(tmp_path / "read", "tests/fixtures/vocab/market", "game.yaml",
                "actions: [{do: gain, gain: {Coins: 2}}]", "actions: [{do: change, attribute: Coins, delta: 2, target: "
                "all-players}]")
    assert warnings_of(read) == []


def test_reads__a_game_its_rule_module_plays_is_not_judged(tmp_path):
    assert findings(load_game(ROOT / "data" / "galactic-supremacy")) == []


# The declaration kept in step with the registry: the same kinds, and every key a kind declares is
# found among the attributes the code its function reaches reads (a key declared but never touched
# would make validate silent about it).
def test_reads__declared_for_every_step_kind_of_the_registry():
    from kitgen.simulate.vocabulary import ACTIONS

    assert set(STEP_READS) == set(typing.get_args(ActionKind)) == set(ACTIONS) - INTERNAL


INTERNAL = {"evaluate", "each", "repeat", "answered", "each-card"}  # steps compile makes around a written one (an expression, times:, answers:)
RENAMED = {"attribute": {"attribute", "counter"}, "sets": {"scoring"}, "by_count": {"scoring"},
           "majority": {"scoring"}, "when": {"when"}, "target": {"target", "recipients"},
           "protected": {"protected"}, "yourself": {"yourself"}}


VIA = {"exchange": "act_gain"}  # a step it builds and takes through the registry (table.actions)


@functools.cache
def _reached_attributes() -> dict[str, set[str]]:
    defs: dict[str, tuple[set[str], set[str]]] = {}
    for file in (ROOT / "kitgen" / "simulate").rglob("*.py"):
        if "rules" in file.parts:
            continue
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef):
                attrs = {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
                calls = {n.func.id if isinstance(n.func, ast.Name) else getattr(n.func, "attr", "")
                         for n in ast.walk(node) if isinstance(n, ast.Call)}
                calls |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}  # partial(f, ...)
                known = defs.setdefault(node.name, (set(), set()))  # functions of one name: all of them
                known[0].update(attrs)
                known[1].update(calls)

    def reach(name: str, seen: set[str]) -> set[str]:
        if name in seen or name not in defs:
            return set()
        seen.add(name)
        attrs, calls = defs[name]
        return attrs.union(*(reach(c, seen) for c in calls))

    from kitgen.simulate.vocabulary import ACTIONS
    return {do: reach(function.__name__, set()) | reach(VIA.get(do, ""), set()) for do, function in ACTIONS.items()}


@pytest.mark.parametrize("do", sorted(STEP_READS))
def test_reads__each_declared_key_is_read_by_the_code_its_step_reaches(do):
    reached = _reached_attributes()[do] | {"target"}  # targets: table.recipients / the policy's opponent
    for key in STEP_READS[do]:
        assert RENAMED.get(key, {key}) & reached, f"{do} declares {key!r}, which its code never reads"


# Coverage that means it: a rule is exact only when its steps were taken in the games played, and what
# validate warns of is in the coverage too (simulate/report/summary.judged, simulate/compile/findings).
def _simulate(folder: Path, games: int = 20):
    from kitgen.simulate.experiments.lab import simulate
    from kitgen.simulate.play.run import Settings

    return simulate(load_game(folder), Settings(games=games, players=2, seed=1, policies=("random",), workers=1))


def test_coverage__a_phase_whose_step_never_fired_is_not_exact_and_says_where(tmp_path):
    folder = copy(tmp_path, "tests/fixtures/vocab/market", "game.yaml",
                  '''    actions: [{do: buy, zone: market, to: street, count: 1}]''',
                  '''    actions: [{do: buy, zone: market, to: street, count: 1}]
  - name: Windfall
    text: "With 100 Coins, gain 1 Prestige."
    actions: [{do: when, when: {at_least: {Coins: 100}}, then: [{do: change, attribute: Prestige, delta: 1}]},
              {do: when, when: {at_least: {Coins: 1}}, then: [{do: gain, gain: {Coins: 0}}]}]''')
    rows = {row["rule"]: row for row in _simulate(folder)["coverage"]}
    assert rows["phase 'Buy'"]["status"] == "exact" and rows["phase 'Income'"]["status"] == "exact"
    windfall = rows["phase 'Windfall'"]
    assert windfall["status"] == "exact"  # its two `when` steps were taken (the first's `then:` never was)
    never = copy(tmp_path / "never", "tests/fixtures/vocab/market", "game.yaml",
                 '''    actions: [{do: buy, zone: market, to: street, count: 1}]''',
                 '''    actions: [{do: buy, zone: market, to: street, count: 1}]
  - name: Windfall
    when: {at_least: {Coins: 100}}
    text: "With 100 Coins, gain 1 Prestige."
    actions: [{do: change, attribute: Prestige, delta: 1}]''')
    report = _simulate(never)
    row = next(r for r in report["coverage"] if r["rule"] == "phase 'Windfall'")
    assert row["status"] == "approximated"
    assert row["note"].startswith(f"never happened in the 20 games played: its step at {never / 'game.yaml'}:30:")


def test_coverage__an_unread_flag_makes_its_rule_approximated(tmp_path):
    folder = copy(tmp_path, "tests/fixtures/vocab/market", "game.yaml", "actions: [{do: gain, gain: {Coins: 2}}]",
                  "actions: [{do: gain, gain: {Coins: 2}}, {do: flag, flag: Rich}]")
    row = next(r for r in _simulate(folder)["coverage"] if r["rule"] == "phase 'Income'")
    assert row["status"] == "approximated" and row["note"].startswith("flag 'Rich' is set and never read")
