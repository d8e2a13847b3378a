"""Command-line conventions (issue 15): -h, -q/-v, --json on list and build, diagnostics on
stderr as file:line:col: level: message, and a --help that imports none of the pipeline."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from kitgen.cli import main

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "fixtures" / "tiny"


def test_help__h_works_and_imports_no_part_of_the_pipeline():
    code = ("import sys; from kitgen.cli import main\n"
            "try: main(['-h'])\nexcept SystemExit: pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('reportlab', 'PIL', 'jinja2', 'yaml', 'openpyxl') or m in ('kitgen.kit.build', 'kitgen.model')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "Usage:" in done.stdout and "convert" in done.stdout
    assert done.stdout.strip().splitlines()[-1] == "[]", done.stdout


def test_build_json__reports_the_kit_on_stdout_and_warnings_on_stderr(tmp_path):
    result = CliRunner().invoke(main, ["build", str(TINY), "-o", str(tmp_path / "out"), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert (report["game"], report["cards"], report["ok"]) == ("tiny", 4, True)
    assert {f["name"] for f in report["files"]} >= {"cards-main.pdf", "rules.pdf"}
    assert all((tmp_path / "out" / f["name"]).is_file() for f in report["files"])


def test_list_json__names_each_game_and_the_folder_it_reads(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(main, ["list", "--json"])
    games = {g["name"]: g for g in json.loads(result.stdout)}
    assert games["galactic-civ"]["folder"] == "data/galactic-civ"
    assert sum(d["cards"] for d in games["galactic-civ"]["decks"]) == 197


def test_validate__problems_go_to_stderr_the_composition_to_stdout_and_q_keeps_only_problems(tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("{name: Frigate, type: Ship", "{name: Frigate, type: Shp"))
    result = CliRunner().invoke(main, ["validate", str(game)])
    assert result.exit_code == 1
    problems = [line for line in result.stderr.splitlines() if re.match(r"^[^:]+:\d+(:\d+)?: (error|warning): ", line)]
    assert f"{game}/decks/main.yaml:12:5: error: card 'Frigate': unknown type 'Shp' (did you mean 'Ship'?)" in problems
    assert all(line.startswith(f"{game}/decks/main.yaml:") for line in problems), result.stderr
    assert "Main Deck (main)" in result.stdout and "error:" not in result.stdout
    quiet = CliRunner().invoke(main, ["validate", "-q", str(game)])
    assert quiet.stdout == "" and quiet.stderr.splitlines() == problems


def test_failures__every_command_says_its_problem_in_one_line_and_exits_1(tmp_path, monkeypatch):
    """The commands leave a KitgenError to the group (cli/common.py), which prints its lines and
    exits 1: a game that does not load, a name that is no game, a refused setting, a file in the way."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(TINY, "broken")
    Path("broken/decks/main.yaml").write_text("id: main\ncards: [\n", encoding="utf-8")
    shutil.copytree(TINY, "tiny")
    Path("tiny/decks/main.csv").write_text("name\n", encoding="utf-8")
    load = r"^broken/decks/main\.yaml:\d+(:\d+)?: error: "
    cases = {("stats", "broken"): load, ("export", "broken"): load, ("export", "broken", "--format", "png"): load,
             ("art", "broken"): load, ("simulate", "broken", "--games", "1"): load,
             ("stats", "nope"): r"^nope: error: no such game", ("new", "tiny", "--from", "tiny"): r"^tiny: error: already exists",
             ("calibrate", "--back-offset", "nan,0"): r"^print settings: error: 'nan,0' is not an offset",
             ("convert", "tiny/decks/main.yaml", "--to", "csv"): r"^tiny/decks/main\.csv: error: already exists"}
    for args, line in cases.items():
        result = CliRunner().invoke(main, ["-q", *args])
        assert result.exit_code == 1, (args, result.output)
        errors = result.stderr.splitlines()
        assert len(errors) == 1 and re.match(line, errors[0]), (args, result.stderr)
        assert result.stdout == "" and isinstance(result.exception, SystemExit), (args, result.output)


def test_pipe__a_reader_that_stops_early_is_no_error(tmp_path):
    # `kitgen icons card | head -1` printed "kitgen: error: Broken pipe" and exited 1. The reader here
    # is gone before kitgen writes a line, so its first write finds the pipe closed, every time
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    read, write = os.pipe()
    os.close(read)
    try:
        run = subprocess.run([sys.executable, "-m", "kitgen", "icons", "card"], stdout=write, stderr=subprocess.PIPE,
                             env=env, cwd=tmp_path, timeout=60)
    finally:
        os.close(write)
    assert (run.returncode, run.stderr) == (141, b"")
