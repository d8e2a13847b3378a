"""`kitgen stats` and `kitgen list` on hostile game folders (issue 34): a name written as reportlab
markup must stay text (an `<img src>` embedded any file, /dev/zero filled the memory), and one
folder of data/ that is not a game must not hide the others."""
from __future__ import annotations

import os
import re
import shutil

import pytest

from tests.attacks.harness import REPO, TINY, assert_no_crash, edit, kitgen, kitgen_in, tiny_copy
from tests.conftest import pdf_text

IMAGE = REPO / "docs" / "frame-text.png"  # a picture outside the game folder


@pytest.mark.parametrize("source", [str(IMAGE), "/dev/zero"], ids=["a-picture-outside", "dev-zero"])
def test_stats_an_image_in_a_deck_name__shown_as_text_never_read(source, tmp_path):
    game = tiny_copy(tmp_path)
    name = f'Main <img src="{source}" width="400" height="400"/>'
    edit(game / "decks" / "main.yaml", "name: Main Deck", f"name: '{name}'")
    edit(game / "game.yaml", "title: Tiny Empire", "title: 'Tiny <b>Empire'")
    out = tmp_path / "stats.pdf"
    run = kitgen("stats", game, "-o", out)
    assert_no_crash(run)
    assert run.run.returncode == 0, run.run.describe()
    import pypdf

    reader = pypdf.PdfReader(out)
    assert not any("/Image" in str(page.get("/Resources", {}).get("/XObject", {})) for page in reader.pages) \
        and b"/Subtype /Image" not in out.read_bytes(), "a picture was embedded"
    text = pdf_text(out)
    assert f"{name}: 4 cards" in text and "Tiny <b>Empire: Deck Statistics" in text, text[:300]


def test_list_a_named_pipe_in_data__the_other_games_are_listed(tmp_path):
    """`kitgen list` printed no game at all: data/p/game.yaml a named pipe stopped the whole listing."""
    data = tmp_path / "data"
    shutil.copytree(REPO / TINY, data / "tiny")
    (data / "p").mkdir()
    os.mkfifo(data / "p" / "game.yaml")
    os.mkfifo(data / "q")
    run = kitgen_in(tmp_path, "list", timeout=20)
    assert_no_crash(run)
    out = run.run.stdout
    assert re.search(r"^tiny +Tiny Empire", out, re.M) and re.search(r"^galactic-civ +Galactic Civ", out, re.M), out
    assert re.search(r"^p +\(does not load: see above\)", out, re.M), out
    assert run.run.stderr.count("error:") == 1 and "data/p/game.yaml: error: not a regular file" in run.run.stderr
    assert run.run.returncode == 1, run.run.describe()  # one game there does not load: said, and the exit says so
