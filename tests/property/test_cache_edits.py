"""Property: after any single edit, a rebuild with the build cache writes what a --no-cache build
writes, byte for byte, and says the same warnings (or both refuse the data with the same errors).

The edits are derived, never listed, so a new field is covered as soon as a game or template uses
it: every scalar value of every YAML file of the game and of the card templates (found by
composing the YAML, and replaced in its own source span so the rest of the file stays as
written), every top-level field the game's schema allows and the game leaves out, every line of
text of the document templates, every field of PrintSettings, a card's art. A string edit adds a
card type's name ("... Ship card."), so text that names a type (a phase's summary: the cards'
"Play in:" line) changes what cards say.

Tiny Empire (a fraction of a second a build): each kind of field once (explicit examples), then
random edits of any. Each shipped game: a few random edits. Deterministic in CI (derandomize);
KITGEN_EDITS=N runs N random edits of each instead, to look harder.

Three files, one part each, so the parts can run on different xdist workers: this one, the tiny
game's own files (and the random edits of anything); test_cache_edits_templates.py, its templates
and print settings; test_cache_edits_games.py, the shipped games. The edits: tests/property/edits.py.
"""
from __future__ import annotations

import dataclasses

import pytest

from kitgen.model import PrintSettings
from tests.attacks.harness import TINY
from tests.property.edits import PRINT_EDITS, REPO, Workspace, all_edits, run_edits, tiny_sweep


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Workspace:
    """The tiny game, built once for the file: each edit is made, checked and undone in it."""
    return Workspace(tmp_path_factory.mktemp("edits"), REPO / TINY)


def test_every_print_setting_has_an_edit():
    assert set(PRINT_EDITS) == {f.name for f in dataclasses.fields(PrintSettings) if f.compare}


@pytest.mark.parametrize("edit", tiny_sweep(game_files=True), ids=lambda edit: edit.kind)
def test_cache__each_kind_of_edit_of_the_tiny_games_files_rebuilds_as_a_clean_build(workspace, edit):
    workspace.check(edit)


def test_cache__random_edits_of_the_tiny_game_rebuild_as_clean_builds(workspace):
    run_edits(workspace, all_edits(workspace.game), random=10, explicit=[])
