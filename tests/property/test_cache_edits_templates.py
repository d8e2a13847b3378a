"""Property (see test_cache_edits.py): after any single edit of the card and document templates or of
a print setting, the tiny game's rebuild with the build cache writes what a --no-cache build writes."""
from __future__ import annotations

import pytest

from tests.attacks.harness import TINY
from tests.property.edits import REPO, Workspace, tiny_sweep


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Workspace:
    """The tiny game and kitgen's templates, built once for the file: each edit is made, checked and undone."""
    return Workspace(tmp_path_factory.mktemp("edits"), REPO / TINY)


@pytest.mark.parametrize("edit", tiny_sweep(game_files=False), ids=lambda edit: edit.kind)
def test_cache__each_kind_of_edit_of_the_templates_or_print_settings_rebuilds_as_a_clean_build(workspace, edit):
    workspace.check(edit)
