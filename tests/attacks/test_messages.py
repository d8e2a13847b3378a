"""Messages: what kitgen prints is one line per problem, and data never reaches the terminal raw.

Control characters written in game data (YAML's "\\e", "\\a", "\\u202e" escapes make them) or in
a flag are shown escaped (\\x1b, \\x07, \\u202e) in every message: an ESC could recolour, clear
or retitle the terminal, a bidi override could reorder what the user reads. JSON output stays
valid JSON. And no defect of the bad-input catalogue may be reported as a bug in kitgen (exit 70).
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from kitgen.errors import Problem, Where, printable
from tests.attacks.harness import (REPO, TINY, assert_no_crash, assert_one_line, copy_kit, kitgen,
                                   kitgen_in_process, kit_hashes)
from tests.integration.test_bad_input import BAD, CASES

RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")  # all but \n


@pytest.fixture(scope="module")
def kit(built_kit) -> Path:
    return built_kit  # the tiny game's kit, built once a session (tests/attacks/conftest.py)


def game_with(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """The tiny game with `old` replaced by `new` (YAML text) in one file."""
    game = tmp_path / "game"
    shutil.copytree(REPO / TINY, game)
    path = game / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {file}: the tiny game changed"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return game


def assert_nothing_raw(output: str) -> None:
    found = sorted({f"U+{ord(c):04X}" for c in RAW.findall(output)})
    assert not found, f"printed raw to the terminal: {found}\n{output!r}"


# (file, YAML text replaced, its replacement, the escaped form the message must show)
IN_DATA = {
    "esc-clears-the-screen": ("decks/main.yaml", "{attribute: Military, delta: +2}",
                              '{attribute: "Mil\\e[2J\\e]0;pwned\\aitary", delta: +2}', r"Mil\x1b[2J\x1b]0;pwned\x07itary"),
    "bidi-override": ("decks/main.yaml", "{attribute: Military, delta: +2}",
                      '{attribute: "Mil\\u202Eyratil", delta: +2}', r"Mil\u202eyratil"),
    "bidi-isolate": ("decks/main.yaml", "{attribute: Military, delta: +2}",
                     '{attribute: "Mil\\u2066itary\\u2069", delta: +2}', r"Mil\u2066itary\u2069"),
    "c1-csi": ("decks/main.yaml", "{attribute: Military, delta: +2}",
               '{attribute: "Mil\\x9b31mitary", delta: +2}', r"Mil\x9b31mitary"),
    "newline-and-tab": ("decks/main.yaml", "{attribute: Military, delta: +2}",
                        '{attribute: "Mil\\n\\titary", delta: +2}', r"Mil\n\titary"),
    "del": ("decks/main.yaml", "{attribute: Military, delta: +2}",
            '{attribute: "Mil\\x7fitary", delta: +2}', r"Mil\x7fitary"),
}


@pytest.mark.parametrize("name", list(IN_DATA))
def test_control_characters_in_data__shown_escaped_in_the_one_error_line(name, kit, tmp_path):
    file, old, new, shown = IN_DATA[name]
    game = game_with(tmp_path, file, old, new)
    out, before = copy_kit(kit, tmp_path)
    timed = kitgen_in_process("build", game, "-o", out)
    assert_nothing_raw(timed.run.output)
    # the Frigate's effect: line 12 of the tiny deck, its `{` in column 43
    assert_one_line(timed, re.compile(re.escape(str(game / file)) + r":12:43: error: .*" + re.escape(shown) + ".*"))
    assert kit_hashes(out) == before


def test_control_characters_in_data__escaped_through_the_real_terminal_path(kit, tmp_path):
    """The same through the real CLI in a subprocess: bytes on stderr, as a terminal gets them."""
    file, old, new, shown = IN_DATA["esc-clears-the-screen"]
    game = game_with(tmp_path, file, old, new)
    out, before = copy_kit(kit, tmp_path)
    timed = kitgen("validate", game)
    assert_nothing_raw(timed.run.output)
    problems = [line for line in timed.run.output.splitlines() if ": error: " in line]
    assert timed.run.returncode == 1 and len(problems) == 1 and shown in problems[0], timed.run.describe()
    assert_no_crash(timed)
    assert timed.seconds < 30 and kit_hashes(out) == before


def test_bell_in_the_game_title__escaped_in_the_success_message(kit, tmp_path):
    game = game_with(tmp_path, "game.yaml", "title: Tiny Empire", 'title: "Tiny\\a\\e[31m Empire"')
    out, _ = copy_kit(kit, tmp_path)
    timed = kitgen_in_process("build", game, "-o", out)
    assert_no_crash(timed)
    assert_nothing_raw(timed.run.output)
    assert timed.run.returncode == 0, timed.run.describe()
    assert f"Built Tiny\\x07\\x1b[31m Empire: 4 cards in 1 deck -> {out}/" in timed.run.stdout, timed.run.describe()


def test_escape_in_a_flag__shown_escaped(kit, tmp_path):
    out, before = copy_kit(kit, tmp_path)
    timed = kitgen("build", REPO / TINY, "-o", out, "--changed-since", "main\x1b]2;owned\x07")
    assert_nothing_raw(timed.run.output)
    assert_one_line(timed, "main\\x1b]2;owned\\x07: error: --changed-since: not a git revision of this game, nor a "
                           "previous build's folder or build-manifest.json")
    assert kit_hashes(out) == before


def test_escape_in_the_game_folder_name__shown_escaped(kit, tmp_path):
    out, before = copy_kit(kit, tmp_path)
    folder = tmp_path / "game\x1b[8m"
    folder.mkdir()
    timed = kitgen_in_process("build", folder, "-o", out)
    assert_nothing_raw(timed.run.output)
    assert_one_line(timed, re.compile(re.escape(str(tmp_path)) + r"/game\\x1b\[8m/game\.yaml: error: .*"))
    assert kit_hashes(out) == before


def test_validate_json__stays_valid_json_and_escapes_what_a_terminal_acts_on(tmp_path):
    file, old, new, _ = IN_DATA["bidi-override"]
    game = game_with(tmp_path, file, old, new)
    timed = kitgen_in_process("validate", game, "--json")
    assert_no_crash(timed)
    assert_nothing_raw(timed.run.stdout)
    report = json.loads(timed.run.stdout)  # still JSON: the escape is JSON's own \u202e
    assert timed.run.returncode == 1 and not report["ok"]
    assert "Mil\u202eyratil" in report["problems"][0]["message"], "the data must come back as written"


def test_export_json__c1_and_bidi_in_card_names_stay_valid_escaped_json(tmp_path):
    game = game_with(tmp_path, "decks/main.yaml", "{name: Scout,", '{name: "Sc\\x9bout\\u202e",')
    timed = kitgen_in_process("export", game, "--format", "json")
    assert_no_crash(timed)
    assert timed.run.returncode == 0, timed.run.describe()
    assert_nothing_raw(timed.run.stdout)
    assert "Sc\x9bout\u202e" in json.dumps(json.loads(timed.run.stdout), ensure_ascii=False)


def test_problem_line__escapes_controls_and_keeps_every_printable_script():
    problem = Problem("error", Where("decks/\x1bmain.yaml", 3),
                      "card 'Ünïcödé 市場 سوق Ω': \x00\x08\x1b\x7f\x85\x9b\u200e\u200f\u061c\u2028\u2029\u202a\u202e\u2066\u2069\r\n")
    assert str(problem) == (r"decks/\x1bmain.yaml:3: error: card 'Ünïcödé 市場 سوق Ω': \x00\x08\x1b\x7f\x85\x9b"
                            r"\u200e\u200f\u061c\u2028\u2029\u202a\u202e\u2066\u2069\r\n")
    assert printable("line one\nline two", keep="\n") == "line one\nline two"


# --- the catalogue: no defect of tests/fixtures/bad/ is ever reported as a bug in kitgen ----------

@pytest.mark.parametrize("entry", [c for c in CASES if c.setup is None], ids=lambda c: c.name)
def test_bad_input_catalogue__never_an_internal_error(entry):
    """Every fixture of the bad-input catalogue through validate, in-process (the subprocess catalogue
    in tests/integration/test_bad_input.py checks its exact lines, and fails on exit 70 too)."""
    timed = kitgen_in_process("validate", REPO / BAD / entry.name)
    assert_no_crash(timed)
    assert timed.run.returncode == entry.exit, timed.run.describe()
    assert timed.seconds < 30
