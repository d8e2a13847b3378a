"""Property (see test_cache_edits.py): after any single edit of the card and document templates or of
a print setting, the tiny game's rebuild with the build cache writes what a --no-cache build writes."""
from __future__ import annotations

from tests.attacks.harness import TINY
from tests.property.edits import REPO, Workspace, all_edits, game_file, run_edits, sweep


def test_cache__any_single_edit_of_the_templates_or_print_settings_rebuilds_as_a_clean_build(tmp_path):
    workspace = Workspace(tmp_path, REPO / TINY)
    edits = all_edits(workspace.game)
    used = ("templates/card-front.yaml", "templates/card-back.yaml")  # the other frames: in the shipped games' edits
    run_edits(workspace, edits, random=0, explicit=sweep([e for e in edits if not game_file(e) and (
        not e.kind.startswith("templates/card-") or e.kind.startswith(used))]))
