"""Strategies written as data are untrusted like the rest of a game folder: too many of them or of
their preferences, a name that hides a comma or takes a player's, a condition on what the game lacks,
a --policy that names nothing: one located line each, exit 1 (2: click's usage error), no traceback."""
from __future__ import annotations

import re
import shutil

import pytest

from tests.attacks.harness import REPO, assert_one_line, assert_refused, edit, kitgen, timed

MERCHANTS = REPO / "tests" / "fixtures" / "vocab" / "merchants"
TYCOON = "  - name: Tycoon\n"


@pytest.mark.parametrize("name, new, message", [
    ("a thousand preferences", TYCOON + "    prefer: [" + ", ".join(["{do: nothing}"] * 1000) + "]\n  - name: T2\n",
     r"strategy 'Tycoon': prefer: 1 to 100 preferences"),
    ("a comma in its name", "  - name: \"Tycoon,greedy\"\n", r"a strategy needs a name of its own, without a comma"),
    ("a player's name", "  - name: mcts\n", r"strategy 'mcts': a strategy needs a name of its own"),
    ("a condition on a counter the game lacks", TYCOON + "    prefer: [{do: buy, when: {at_least: {Gems: 1}}}]\n"
     "  - name: T2\n", r"strategy 'Tycoon': unknown .*'Gems'"),
])
def test_strategies__each_slip_one_located_line(tmp_path, name, new, message):
    folder = tmp_path / "merchants"
    shutil.copytree(MERCHANTS, folder)
    edit(folder / "game.yaml", TYCOON, new)
    assert_refused(timed("validate", folder), folder / "game.yaml", message, line=True)


def test_strategies__many_of_them_one_line(tmp_path):
    folder = tmp_path / "merchants"
    shutil.copytree(MERCHANTS, folder)
    many = "".join(f"  - name: S{i}\n    prefer: [{{do: nothing}}]\n" for i in range(60))
    edit(folder / "game.yaml", "strategies:\n", "strategies:\n" + many)
    assert_refused(timed("validate", folder), folder / "game.yaml", r"strategies: at most 50", line=True)


def test_policy__a_long_name_the_game_lacks_is_one_usage_line():
    assert_one_line(kitgen("simulate", MERCHANTS, "--games", "2", "--players", "2", "--policy", "T" * 5000),
                    re.compile(r"Error: Invalid value for --policy: unknown policy 'T{60}\.\.\.'; known: .*, Tycoon"),
                    exit=2)
