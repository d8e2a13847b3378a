"""`--art DIR` (build, art) that leads to no folder: a folder not there (a typo) or a loop of links
was taken for a folder without pictures, so every card was built with its placeholder and nothing
said why. Now one line naming DIR, exit 1, and nothing built."""
from __future__ import annotations

import pytest

from tests.attacks.harness import REPO, TINY, assert_one_line, kitgen

GAME = str(REPO / TINY)
HINT = "; give the folder of card art, files named by card id"


def _art_dir(tmp_path, kind: str):
    path = tmp_path / "pictures"
    if kind == "loop":
        try:
            path.symlink_to(path)
        except OSError as exc:
            pytest.skip(f"cannot make a symbolic link here: {exc}")
        return path, "a loop of symbolic links: it leads to no folder"
    return path, "no such folder"


@pytest.mark.parametrize("command, kind", [("build", "missing"), ("build", "loop"), ("art", "loop")])
def test_art_dir_that_leads_to_no_folder__one_line_and_nothing_built(command, kind, tmp_path):
    art_dir, why = _art_dir(tmp_path, kind)
    out = ["-o", tmp_path / "kit"] if command == "build" else []
    run = kitgen(command, GAME, "--art", art_dir, *out)
    assert_one_line(run, f"{art_dir}: error: --art: {why}{HINT}")
    assert not (tmp_path / "kit").exists()
