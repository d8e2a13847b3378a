"""Property (see test_cache_edits.py): after a random single edit of a shipped game, its rebuild with
the build cache writes what a --no-cache build writes."""
from __future__ import annotations

from random import Random

import pytest

from tests.property.edits import GAMES, REPO, Workspace, all_edits, run_edits


@pytest.mark.parametrize("game", GAMES)
def test_cache__a_random_edit_of_a_shipped_game_rebuilds_as_a_clean_build(tmp_path, game):
    """A full game builds in about a second: one edit each, drawn with the game's name as the seed
    (the same edit every run, a different field in each game; KITGEN_EDITS=N for N more)."""
    workspace = Workspace(tmp_path, REPO / "data" / game)
    edits = all_edits(workspace.game)
    run_edits(workspace, edits, random=0, explicit=[Random(game).choice(edits)])
