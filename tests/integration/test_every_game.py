"""Every shipped game is a test case: it validates, builds, exports, and every card is in its PDF.
Adding data/<new-game>/ adds it here with no code."""
from __future__ import annotations

import json

import pytest

from kitgen.load import load_game
from kitgen.project import Project
from tests.conftest import pdf_text, run_kitgen

GAMES = Project.default().game_names()


def test_shipped__every_seed_game_is_shipped():
    assert {"galactic-civ"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_game__validates_with_exit_zero(game):
    result = run_kitgen("validate", game)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " 0 errors" in result.stdout


@pytest.fixture(scope="module")
def built_all(tmp_path_factory):
    """`kitgen build --all`, once for the file: every shipped game's kit, and what the command said."""
    out = tmp_path_factory.mktemp("all")
    return out, run_kitgen("build", "--all", "-o", str(out), timeout=600)


@pytest.mark.parametrize("game", GAMES)
def test_game__builds_and_every_card_name_is_in_its_pdf(game, project, built_all):
    out, result = built_all
    assert result.returncode == 0, result.stderr
    loaded = load_game(project.game_folder(game))
    for deck in loaded.decks:
        text = pdf_text(out / game / f"cards-{deck.id}.pdf")
        assert [card.name for card in deck.cards if " ".join(card.name.split()) not in text] == [], deck.id
    assert {p.name for p in (out / game).iterdir()} >= {"rules.pdf", "reference.pdf", "player-sheet.pdf"}


@pytest.mark.parametrize("game", GAMES)
def test_game__exports_every_card_with_resolved_attributes(game, project):
    result = run_kitgen("export", game, "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    loaded = load_game(project.game_folder(game))
    names = {a.name for a in loaded.attributes}
    assert [len(d["cards"]) for d in data["decks"]] == [len(d.cards) for d in loaded.decks]
    for deck in data["decks"]:
        for card in deck["cards"]:
            assert {e["attribute"] for e in card["effects"]} <= names, card["name"]


def test_cli__build_all_builds_every_game_with_progress(built_all):
    out, result = built_all
    assert result.returncode == 0, result.stderr
    for number, game in enumerate(GAMES, start=1):
        assert f"[{number}/{len(GAMES)}] {game}" in result.stderr
        assert (out / game / "rules.pdf").is_file()
