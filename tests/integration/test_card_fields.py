"""A game that is not "+N to an attribute" (issue 23): a CSV with attack, health and cost columns
validates, builds and prints those values on its cards, round-trips through convert (comments
too), and a card picks its own template. Read from the PDF and the command's exit code and lines."""
from __future__ import annotations

import json
from pathlib import Path

import pdfplumber

from kitgen.load import load_game
from tests.conftest import run_kitgen

GAME = """id: skirmish
title: Skirmish
short_name: SK
players: "2"
attributes:
  - {name: Renown, abbreviation: RN}
counters:
  - {name: Mana, icon: crystal-ball, start: 3, min: 0}
card_types:
  - name: Creature
    deck: main
    color: "#7a2e2e"
    played_in: [Main Phase]
    fields:
      - {name: attack, type: whole number, required: true}
      - {name: health, type: whole number, required: true}
      - {name: rarity, type: "choice of [common, rare]", default: common}
decks: [main]
phases:
  - {name: Main Phase, text: "Pay Mana to play creatures."}
"""
DECK = """id: main
name: Main Deck
code: SK
rules:
  - {rule: deck-size, count: 4}
cards: main.csv
"""
CSV = """name,type,copies,attack,health,cost
# the small ones
Goblin,Creature,3,2,1,1
Ogre,Creature,,5,6,4
"""


def _game(tmp_path: Path, csv: str = CSV) -> Path:
    game = tmp_path / "skirmish"
    (game / "decks").mkdir(parents=True)
    (game / "game.yaml").write_text(GAME)
    (game / "decks" / "main.yaml").write_text(DECK)
    (game / "decks" / "main.csv").write_text(csv)
    return game


def _card_words(pdf_path: Path) -> str:
    with pdfplumber.open(pdf_path) as pdf:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in pdf.pages)


def test_csv_fields__validate_build_and_print_attack_health_and_cost(tmp_path):
    game = _game(tmp_path)
    checked = run_kitgen("validate", str(game))
    assert checked.returncode == 0 and "Skirmish: 0 errors, 0 warnings" in checked.stdout, checked.stdout + checked.stderr
    built = run_kitgen("build", str(game), "-o", str(tmp_path / "kit"))
    assert built.returncode == 0, built.stderr
    text = _card_words(tmp_path / "kit" / "cards-main.pdf")
    assert "Attack 2 · Health 1 · Rarity common" in text and "Attack 5 · Health 6" in text
    assert "1 Mana" in text and "4 Mana" in text and "Play in: Main" in text
    exported = json.loads(run_kitgen("export", str(game), "--format", "json").stdout)
    ogre = exported["decks"][0]["cards"][1]
    assert ogre["fields"] == {"attack": 5, "health": 6, "rarity": "common"}
    assert ogre["cost"]["pay"] == {"Mana": 4} and ogre["played_in"] == ["Main Phase"]
    stats = json.loads(run_kitgen("stats", str(game), "--json").stdout)
    assert stats["decks"][0]["fields"]["attack"] == {"total": 11, "per_type": {"Creature": 11},
                                                     "spread": {"2": 3, "5": 1}}


def test_stats__the_charts_pdf_draws_a_field_spread_per_field(tmp_path):
    """`kitgen stats` draws its PDF, fields' charts included (a renamed name once broke both)."""
    game = _game(tmp_path)
    drawn = run_kitgen("stats", str(game), "-o", str(tmp_path / "stats.pdf"))
    assert drawn.returncode == 0 and "Traceback" not in drawn.stderr, drawn.stderr
    text = _card_words(tmp_path / "stats.pdf")
    assert "Cards per type" in text and "attack: cards per value (total 11)" in text


def test_csv_fields__an_unknown_column_names_fields_and_attributes(tmp_path):
    game = _game(tmp_path, CSV.replace("attack,health", "atack,health"))
    checked = run_kitgen("validate", str(game))
    assert checked.returncode == 1 and "Traceback" not in checked.stderr
    line = next(line for line in checked.stderr.splitlines() if "column 'atack'" in line)
    assert line.endswith("decks/main.csv:1:4: error: column 'atack' is neither a declared field (fields: attack, "
                         "health, rarity) nor an attribute (attributes: RN, Renown) (did you mean 'attack'?); declare "
                         "it under the card type's fields: or the game's attributes:"), line


def test_csv_fields__a_bad_value_is_at_its_cell(tmp_path):
    game = _game(tmp_path, CSV.replace("Ogre,Creature,,5,", "Ogre,Creature,,five,"))
    checked = run_kitgen("validate", str(game))
    assert checked.returncode == 1
    assert "decks/main.csv:4:4: error: field 'attack': expected a whole number, got 'five'" in checked.stderr


def test_convert__fields_cost_and_comments_round_trip_and_the_replaced_sheet_goes(tmp_path):
    game = _game(tmp_path)
    before = load_game(game).decks
    deck_file = game / "decks" / "main.yaml"
    for fmt, left in (("yaml", {"main.yaml"}), ("xlsx", {"main.yaml", "main.xlsx"}), ("csv", {"main.yaml", "main.csv"}),
                      ("yaml", {"main.yaml"})):
        result = run_kitgen("convert", str(deck_file), "--to", fmt)
        assert result.returncode == 0, result.stderr
        assert load_game(game).decks == before, fmt
        assert {p.name for p in (game / "decks").iterdir()} == left, fmt  # the sheet the cards left is gone
    text = deck_file.read_text()
    assert "  # the small ones\n  - {name: Goblin, type: Creature, copies: 3, cost: 1, attack: 2, health: 1" in text
    run_kitgen("convert", str(deck_file), "--to", "csv")
    assert (game / "decks" / "main.csv").read_text().splitlines()[:2] == [
        "name,type,copies,cost,attack,health,rarity", "# the small ones,,,,,,"]


def test_card_template__a_card_names_its_own_front(tmp_path):
    game = _game(tmp_path, CSV.replace("name,type,copies,attack,health,cost", "name,type,copies,attack,health,cost,template")
                 .replace("Ogre,Creature,,5,6,4", "Ogre,Creature,,5,6,4,boss"))
    (game / "templates").mkdir()
    (game / "templates" / "card-front-boss.yaml").write_text(
        "extends: card-front.yaml\nwidth: 63.5mm\nheight: 88.9mm\nboxes:\n"
        "  - {name: boss, kind: text, x: 5mm, y: 80mm, w: 50mm, h: 4mm, content: "
        "\"BOSS {{ card.fields.attack }}/{{ card.fields.health }}\"}\n")
    built = run_kitgen("build", str(game), "-o", str(tmp_path / "kit"))
    assert built.returncode == 0, built.stderr
    text = _card_words(tmp_path / "kit" / "cards-main.pdf")
    assert text.count("BOSS 5/6") == 1 and "BOSS 2/1" not in text
    (game / "templates" / "card-front-boss.yaml").unlink()
    missing = run_kitgen("validate", str(game))
    assert missing.returncode == 1 and "Traceback" not in missing.stderr
    assert "card 'Ogre': template 'card-front-boss.yaml' not found" in missing.stderr


def test_counters__an_unknown_icon_or_counter_is_an_error_with_a_suggestion(tmp_path):
    game = _game(tmp_path)
    (game / "game.yaml").write_text(GAME.replace("icon: crystal-ball", "icon: crystl-ball"))
    (game / "decks" / "main.csv").write_text(CSV.replace("Ogre,Creature,,5,6,4", 'Ogre,Creature,,5,6,"{Mna: 4}"'))
    checked = run_kitgen("validate", str(game))
    assert checked.returncode == 1 and "Traceback" not in checked.stderr
    assert "card 'Ogre': cost: unknown counter 'Mna' (did you mean 'Mana'?)" in checked.stderr
    (game / "decks" / "main.csv").write_text(CSV)  # icons are checked once the data is sound
    checked = run_kitgen("validate", str(game))
    assert checked.returncode == 1
    assert "counter 'Mana': no icon named 'crystl-ball' (did you mean 'crystal-ball'?)" in checked.stderr
