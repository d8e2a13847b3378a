"""Every diagnostic says where it is down to the column where that is known (issue 15):
`file:line:col: level: message`, the shape compilers print and editors jump to (VS Code's problem
matchers, vim's errorformat `%f:%l:%c`, emacs' compilation-mode). A column counts characters from 1.
The expected columns below are counted in the text each test writes, not copied from kitgen's output.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kitgen.errors import KitgenError
from kitgen.load import load_game

TINY = Path(__file__).resolve().parents[1] / "fixtures" / "tiny"


def _game(tmp_path: Path, file: str, old: str, new: str) -> Path:
    """The tiny game with `old` replaced by `new` in one of its files."""
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    text = (game / file).read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {file}: the tiny game changed"
    (game / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return game


def _problems(game: Path) -> list[str]:
    with pytest.raises(KitgenError) as raised:
        load_game(game)
    return [str(p) for p in raised.value.problems]


# (what is broken, its file, text replaced, its replacement, the one problem line after the game folder)
BROKEN = [
    # rules.yaml line 6 is `    summary: "Draw 1 card."` inside phases[0]: 4 spaces, then 'summary: ' (9 characters),
    # so the value starts in column 14
    ("yaml-syntax-in-a-nested-mapping", "rules.yaml", '    summary: "Draw 1 card."', "    summary: @Draw 1 card.",
     "rules.yaml:6:14: error: YAML syntax error: found character that cannot start any token"),
    # line 9: `    trigger: {kind: highest, attribute: Military}`: 4 + len("trigger: {kind: ") = 20, the value in 21
    ("value-in-a-flow-mapping", "rules.yaml", "{kind: highest,", "{kind: sometimes,",
     "rules.yaml:9:21: error: phases[1].trigger.kind: 'sometimes' is not one of: highest, lowest"),
    # line 15: `    at_end_of_turn: 10`: 4 + len("at_end_of_turn: ") = 20, the value in 21
    ("value-in-a-block-mapping", "rules.yaml", "at_end_of_turn: 10", "at_end_of_turn: soon",
     "rules.yaml:15:21: error: victory_paths[0].at_end_of_turn: expected a whole number, got 'soon'"),
    # `Märkt€` is 6 characters (9 bytes in UTF-8), as long as `Market`: 'two' stays in column 69
    # (len("  - {name: Märkt€, type: Build, effects: [{attribute: Trade, delta: ") == 68)
    ("characters-not-bytes", "decks/main.yaml", "{name: Market, type: Build, effects: [{attribute: Trade, delta: +2}]}",
     "{name: Märkt€, type: Build, effects: [{attribute: Trade, delta: two}]}",
     "decks/main.yaml:13:69: error: cards[2].effects[0].delta: expected a whole number, got 'two'"),
    # libyaml gives a refused character's offset in bytes; the column is in characters:
    # `  - {name: "Scöut` is 17 characters (18 bytes), so the BEL is in column 18
    ("refused-character", "decks/main.yaml", "{name: Scout,", '{name: "Scöut\a",',
     "decks/main.yaml:11:18: error: YAML error: unacceptable character #x0007: control characters are not allowed"),
]


@pytest.mark.parametrize("name, file, old, new, expected", BROKEN, ids=[case[0] for case in BROKEN])
def test_a_problem_in_yaml__at_its_line_and_column(tmp_path, name, file, old, new, expected):
    game = _game(tmp_path, file, old, new)
    assert _problems(game) == [f"{game}/{expected}"]


def test_not_utf8__at_the_first_bad_byte_counted_in_characters(tmp_path):
    game = _game(tmp_path, "decks/main.yaml", "{name: Market,", "{name: Mé\x00rket,")
    path = game / "decks" / "main.yaml"
    path.write_bytes(path.read_bytes().replace(b"\x00", b"\xff"))  # `  - {name: Mé` is 13 characters: column 14
    assert _problems(game) == [f"{game}/decks/main.yaml:13:14: error: file is not UTF-8 text; save it as UTF-8"]


def test_csv_bad_cell__at_its_file_line_and_column_number(tmp_path):
    # the Scout's keywords cell holds a line break, so the Frigate's row starts on line 4 of the file;
    # its Military cell is the 4th column
    game = _game(tmp_path, "decks/main.yaml", "cards:", "cards: main.csv\nold_cards:")
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text()[: deck.read_text().index("old_cards:")])
    (game / "decks" / "main.csv").write_text("name,type,copies,Military,TRD,Science,keywords\n"
                                            'Scout,Ship,,+1,,,"fast,\ncheap"\n'
                                            "Frigate,Ship,1,lots,,,\n"
                                            "Market,Build,,,+2,,\n"
                                            "Library,Build,,,,1,\n")
    assert _problems(game) == [f"{game}/decks/main.csv:4:4: error: column 'Military': 'lots' is not a whole number "
                               "(a signed change, e.g. +2)"]
