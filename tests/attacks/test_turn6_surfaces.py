"""Attacks on what session 6's turn added, as a hostile user would write them: game.yaml's `players:`
(read once, model.player_counts, by the simulator, the token sheets and the deal check), and more
below. Each: one located line and exit 1, or a finished run; never a traceback or an internal error.
In this process (kitgen_in_process): these cases stay cheap."""
from __future__ import annotations

import re

import pytest

from tests.attacks.harness import assert_one_line, kitgen_in_process, tiny_copy

PLAYERS_LINE = r".*game\.yaml:6:10: error: players: '{}' names a count of players outside 1 to 99: write the counts " \
               r"it is for, such as 2-4 or 2\+"


@pytest.mark.parametrize("players", ["2-" + "9" * 5000, "0-4", "2-100000"])
def test_players__a_count_no_table_has_is_one_located_line(tmp_path, players):
    """5,000 digits ended in an internal error (int() refuses them: the token sheets and the deal
    check read players: on their own); 0 or 100,000 players printed tokens and dealt for no table."""
    game = tiny_copy(tmp_path)
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace('players: "2"', f'players: "{players}"'))
    for command in ("validate", "build"):
        assert_one_line(kitgen_in_process(command, game, "-o" if command == "build" else "-q",
                                          *([tmp_path / "kit"] if command == "build" else [])),
                        re.compile(PLAYERS_LINE.format(re.escape(players[:40]))))
