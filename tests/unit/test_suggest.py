"""`kitgen art GAME --suggest`: icons proposed from card names against the real icon set and synonym table."""
from __future__ import annotations

import shutil

import pytest
import yaml

from kitgen.load import load_game
from kitgen.load.icons import load_icons
from kitgen.load.synonyms import load_synonyms
from kitgen.model import Card
from kitgen.project import Project
from kitgen.desk.suggest import suggest, words
from tests.conftest import ROOT, run_kitgen

TINY = ROOT / "tests" / "fixtures" / "tiny"


@pytest.fixture(scope="module")
def icon_set():
    dirs = Project.default().template_dirs(TINY)
    return load_icons(dirs).names(), load_synonyms(dirs, Project.default().roots(TINY))


def _cards(*names: str) -> list[Card]:
    return [Card(name=name, type="Ship", id=name.lower().replace(" ", "-")) for name in names]


def test_words__plural_possessive_and_accents_fold_to_icon_words():
    assert words("Children’s Crèche") == ["children", "creche"]
    assert words("Scout Ships, Batteries") == ["scout", "ship", "battery"]


def test_suggest__the_tiny_game_gets_sensible_distinct_icons(icon_set):
    game = load_game(TINY)
    found = {s.name: s for s in suggest([(d.id, list(d.cards)) for d in game.decks], *icon_set)}
    assert found["Scout"].icon in {"scout-ship", "spyglass", "binoculars"}
    assert found["Frigate"].icon in {"battleship", "spaceship"}  # through the synonym table
    assert found["Market"].icon in {"shop", "coins"}
    assert found["Library"].icon in {"bookshelf", "book"}
    assert len({s.icon for s in found.values()}) == 4
    assert all(len(s.alternatives) <= 2 and s.icon not in s.alternatives for s in found.values())


def test_suggest__a_name_that_is_an_icon_name_gets_it_with_score_1(icon_set):
    names, synonyms = icon_set
    found = suggest([("d", _cards("Battleship", "Jet Fighter", "Microscope"))], names, synonyms)
    assert [(s.icon, s.score) for s in found] == [("battleship", 1.0), ("jet-fighter", 1.0), ("microscope", 1.0)]


def test_suggest__synonyms_from_data_reach_icons_the_name_does_not_say(icon_set):
    names, synonyms = icon_set
    assert "jet-fighter" in synonyms["interceptor"]  # the table is data: templates/icons/synonyms.yaml
    found = suggest([("d", _cards("Interceptors", "Biology Lab", "Zzyzx Qwv"))], names, synonyms)
    assert found[0].icon == "jet-fighter"
    assert "flask" in found[1].icon or "microscope" in found[1].icon or "dna" in found[1].icon
    assert (found[2].icon, found[2].score) == ("", 0.0)


def test_suggest__an_icon_proposed_once_in_a_deck_is_passed_over_for_the_next_card(icon_set):
    names, synonyms = icon_set
    found = suggest([("d", _cards("Cargo Ship", "Cargo Hauler"))], names, synonyms)
    assert found[0].icon == "cargo-ship" and found[1].icon != "cargo-ship" and "cargo" in found[1].icon


def test_art_suggest__writes_the_proposals_and_leaves_the_decks_alone(tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    deck = (game / "decks" / "main.yaml").read_bytes()
    result = run_kitgen("art", str(game), "--suggest")
    assert result.returncode == 0, result.stdout + result.stderr
    proposals = yaml.safe_load((game / "art" / "icon-suggestions.yaml").read_text())
    assert [(p["name"], p["icon"]) for p in proposals["main"]][0] == ("Scout", "spyglass")
    assert set(proposals["main"][0]) >= {"id", "name", "icon", "alternatives", "score"}
    assert (game / "decks" / "main.yaml").read_bytes() == deck
    assert "main: 4 distinct icons proposed for 4 cards, 0 without a proposal" in result.stdout


def test_synonyms__a_game_adds_its_own_words_and_a_bad_table_is_one_error_at_its_line(tmp_path):
    from kitgen.errors import KitgenError

    own = tmp_path / "templates" / "icons"
    own.mkdir(parents=True)
    (own / "synonyms.yaml").write_text("# ours\nzorg: [ufo]\nship: rocket\n")
    roots = Project.default().roots(tmp_path)
    table = load_synonyms([tmp_path / "templates", ROOT / "templates"], roots)
    assert table["zorg"] == ["ufo"] and table["ship"] == ["rocket"]  # the game's entry replaces ours
    assert table["laboratory"] == ["flask", "microscope"]  # ours still there
    (own / "synonyms.yaml").write_text("zorg:\n  - [ufo]\n")
    with pytest.raises(KitgenError) as raised:
        load_synonyms([tmp_path / "templates"], roots)
    assert str(raised.value.problems[0]).endswith("synonyms.yaml:2:3: error: synonyms: a word's value is a word or a list of words")
