"""The companion engine for designers and tools: stats, legibility, validate's output modes and
the JSON Schema of the data format."""
from __future__ import annotations

import glob
import json
import math
import shutil

import jsonschema
import pytest
import yaml
from pypdf import PdfReader

from kitgen.check.stats import draw_odds
from kitgen.load import load_game
from tests.conftest import ROOT, run_kitgen


def test_stats__json_has_composition_odds_strength_and_legibility():
    result = run_kitgen("stats", "galactic-civ", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    common = report["decks"][0]
    assert [(t["type"], t["cards"]) for t in common["types"]] == [("Ship", 30), ("Build", 30), ("Tech", 30), ("Find", 30)]
    assert common["types"][0]["points"]["Military"] == 33  # 30 Ships carry 33 Military between them
    assert sum(common["strength"].values()) == 120
    # exact hypergeometric odds: one Ship in 3 draws from 30 of 120
    assert common["draw_odds"]["types"]["Ship"][2] == pytest.approx(1 - math.comb(90, 3) / math.comb(120, 3), abs=1e-4)
    assert len(common["legibility"]) == 120 and all(item["size"] >= 6.5 for item in common["legibility"])


def test_stats__a_card_whose_text_shrinks_reports_the_size_it_was_fitted_at(tmp_path, project):
    """`kitgen stats` gives each card the size its text was fitted at (the effects box's), not the
    smallest text on it, the type line's 7 pt on every card (issue 35: every card of every game read
    7 pt). One card of the tiny game is given more text than its box holds at 10 pt: it alone reads
    smaller, and its text on the card sheet is drawn at that very size (pdfplumber)."""
    import pdfplumber

    from kitgen.kit.build import build_game

    game = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", game)
    deck = game / "decks" / "main.yaml"
    long = " ".join(["Zeppelins ferry scholars between distant archives every single turn."] * 3)
    deck.write_text(deck.read_text().replace("{name: Library, type: Build,", f'{{name: Library, type: Build, text: "{long}",'))
    result = run_kitgen("stats", str(game), "--json")
    assert result.returncode == 0, result.stderr
    cards = {item["card"]: item for item in json.loads(result.stdout)["decks"][0]["legibility"]}
    assert {name: cards[name]["size"] for name in ("Scout", "Frigate", "Market")} == dict.fromkeys(
        ("Scout", "Frigate", "Market"), 10)  # the shipped front's effects box: 10 pt, room to spare
    assert 7 <= cards["Library"]["size"] < 10
    assert {item["smallest"] for item in cards.values()} == {7}  # what the report used to give every card
    build_game(project, str(game), tmp_path / "kit")
    with pdfplumber.open(tmp_path / "kit" / "cards-main.pdf") as pdf:
        sizes = {round(c["size"], 2) for page in pdf.pages for c in page.chars if c["text"] == "Z"}
    assert sizes == {cards["Library"]["size"]}, sizes


def test_stats__effects_aimed_at_other_players_are_not_the_holders_points(project):
    """A United Planets Issue that costs a target player 2 Trade does not count -2 Trade to the
    player who drew it: those points are reported apart, and the card's strength leaves them out."""
    from kitgen.check.stats import card_strength, deck_stats

    game = load_game(project.game_folder("galactic-civ"))
    events = next(deck for deck in game.decks if deck.id == "events")
    issues = [card for card in events.cards if card.type == "United Planets Issue"]
    own = sum(e.delta * c.copies for c in issues for e in c.effects if e.attribute == "Trade" and e.target in ("self", "all-players"))
    aimed = sum(e.delta * c.copies for c in issues for e in c.effects if e.attribute == "Trade"
                and e.target in ("target-player", "all-other-players"))
    assert aimed < 0  # the deck does aim Trade penalties at other players
    stats = next(t for t in deck_stats(game, events) if t.type == "United Planets Issue")
    assert (stats.points["Trade"], stats.aimed["Trade"]) == (own, aimed)
    subsidies = next(card for card in issues if card.name == "Galactic Subsidies")  # Trade -2 to a target player
    assert card_strength(game, subsidies) == (0, 0)
    result = run_kitgen("stats", "galactic-civ")
    assert "    to other players" in result.stdout


def test_stats__terminal_tables_and_a_pdf_page_of_charts(tmp_path):
    result = run_kitgen("stats", "galactic-civ", "-o", str(tmp_path / "stats.pdf"))
    assert result.returncode == 0, result.stderr
    assert "chance of at least one card of the type in the first N draws" in result.stdout
    assert "Moral Dilemma             39        51%  76%" in result.stdout
    text = " ".join(page.extract_text() for page in PdfReader(tmp_path / "stats.pdf").pages)
    for title in ["Cards per type", "Attribute points per type", "Card strength", "first N draws"]:
        assert title in text


def test_draw_odds__all_or_nothing_edges(project):
    deck = load_game(project.game_folder("galactic-civ")).decks[0]
    assert draw_odds(deck, "Ship", 0) == 0.0
    assert draw_odds(deck, "Ship", 91) == 1.0  # only 90 cards are not Ships
    assert draw_odds(deck, "Galactic Event", 5) == 0.0


def test_legibility__below_the_minimum_warns_and_strict_fails(tmp_path, project):
    game = tmp_path / "galactic-civ"
    shutil.copytree(project.game_folder("galactic-civ"), game)
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "\nmin_text_size: 9pt\n")
    result = run_kitgen("validate", str(game), "-v")  # -v: every card's warning, not three and a count
    assert result.returncode == 0
    # the type line is set at 7 pt by the template; the card body keeps to 9 pt (it fits at 9)
    shrinks = "text shrinks to 7 pt, below the game's minimum of 9 pt (min_text_size)"
    assert ("decks/events.yaml:" in result.stderr and f"warning: card 'Precursor Defenses': {shrinks}" in result.stderr)
    every = [line for line in result.stderr.splitlines() if line.endswith(shrinks)]
    # without -v: the first three, then one line counting the rest (errors.collapse_repeats)
    collapsed = run_kitgen("validate", str(game))
    assert collapsed.returncode == 0 and "Precursor Defenses" not in collapsed.stderr
    shown = [line for line in collapsed.stderr.splitlines() if line.endswith(shrinks)]
    assert shown == every[:3] and len(every) > 4
    assert f"warning: {len(every) - 3} more like '{shrinks}' (-v lists them all)" in collapsed.stderr
    assert run_kitgen("validate", str(game), "--strict").returncode == 1
    strict = run_kitgen("build", str(game), "--strict", "-o", str(tmp_path / "out"))
    assert strict.returncode == 1 and not (tmp_path / "out").exists()


def test_validate__json_and_quiet_for_tools():
    result = run_kitgen("validate", "alpha-centauri", "--json")
    assert result.returncode == 0
    report = json.loads(result.stdout)
    assert report["ok"] is True and report["problems"] == [] and "economy-mining-code" in report["errata"]
    assert report["composition"][0]["cards"] == 239
    quiet = run_kitgen("validate", "galactic-civ", "--quiet")
    assert quiet.returncode == 0 and quiet.stdout == ""


def test_validate__json_reports_problems_with_file_line_and_col():
    result = run_kitgen("validate", "tests/fixtures/bad/unknown-attribute", "--json")
    assert result.returncode == 1
    problem = json.loads(result.stdout)["problems"][0]
    assert problem["file"].endswith("decks/main.yaml") and problem["level"] == "error"
    assert (problem["line"], problem["col"]) == (12, 43)  # the effect's `{` in `effects: [{attribute: Militray, ...}]`
    assert "Militray" in problem["message"]


@pytest.mark.parametrize("part", ["game", "deck"])
def test_schema__shipped_copy_is_what_kitgen_prints(part):
    result = run_kitgen("schema", "--part", part)
    assert result.returncode == 0
    assert json.loads(result.stdout) == json.loads((ROOT / "data" / "schema" / f"{part}.schema.json").read_text())


@pytest.mark.parametrize("path", sorted(glob.glob(str(ROOT / "data" / "*" / "*.yaml"))
                                        + glob.glob(str(ROOT / "data" / "*" / "decks" / "*.yaml"))),
                         ids=lambda p: p.split("/data/")[1])
def test_schema__every_shipped_file_validates_and_names_its_schema(path):
    part = "deck" if "/decks/" in path else "game"
    schema = json.loads((ROOT / "data" / "schema" / f"{part}.schema.json").read_text())
    text = open(path, encoding="utf-8").read()
    assert text.startswith(f"# yaml-language-server: $schema={'../../' if part == 'deck' else '../'}schema/{part}.schema.json")
    jsonschema.validate(yaml.safe_load(text), schema)


def test_schema__refuses_what_the_loader_refuses():
    schema = json.loads((ROOT / "data" / "schema" / "deck.schema.json").read_text())
    with pytest.raises(jsonschema.ValidationError, match="efects"):
        jsonschema.validate({"id": "x", "name": "X", "code": "X", "cards": [{"name": "a", "type": "t", "efects": []}]},
                            schema)
