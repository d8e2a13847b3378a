"""Declared card fields, counters and costs (issue 23): typed where they are loaded, each problem at
its file:line:col with a did-you-mean, and every counter a cost names checked by validate."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kitgen.check.game import check_game
from kitgen.errors import KitgenError
from kitgen.load import load_game
from kitgen.model import Cost, Price, for_players

TINY = Path(__file__).resolve().parents[1] / "fixtures" / "tiny"
SHIP = '  - {name: Ship, plural: Ships, deck: main, color: "#2f5d8c", played_in: [Draw Phase]}'
DECLARED = ('  - name: Ship\n    plural: Ships\n    deck: main\n    color: "#2f5d8c"\n    fields:\n'
            '      - {name: attack, type: whole number, required: true}\n'
            '      - {name: rarity, type: "choice of [common, rare]", default: common}\n'
            '      - {name: tags, type: list of text}\n'
            '    cost: {credits: 3}')
COUNTERS = "counters:\n  - {name: Credits, icon: two-coins, start: 5, min: 0}\n"


def _game(tmp_path: Path, card_line: str, scout: str) -> Path:
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace(SHIP, card_line) + COUNTERS, encoding="utf-8")
    deck = game / "decks" / "main.yaml"
    cards = deck.read_text(encoding="utf-8").replace(
        "  - {name: Scout, type: Ship, effects: [{attribute: Military, delta: +1}]}", scout).replace(
        "  - {name: Frigate, type: Ship,", "  - {name: Frigate, type: Ship, attack: 4,")
    deck.write_text(cards, encoding="utf-8")
    return game


def _problems(game: Path) -> list[str]:
    with pytest.raises(KitgenError) as raised:
        load_game(game)
    return [str(p) for p in raised.value.problems]


def test_fields__top_level_keys_and_fields_mapping_are_typed_with_defaults(tmp_path):
    game = load_game(_game(tmp_path, DECLARED, "  - {name: Scout, type: Ship, fields: {attack: 2, tags: [fast, small]}}"))
    scout, frigate = game.decks[0].cards[:2]
    assert scout.fields.as_dict() == {"attack": 2, "tags": ("fast", "small"), "rarity": "common"}
    assert scout.fields.attack == 2 and frigate.fields.attack == 4
    assert game.card_type("Ship").cost == Cost(pay=(Price("Credits", 3),))
    assert str(game.card_type("Ship").cost) == "3 Credits"


# (the Scout card's line, the text its problem points at, the message): line 11 of the deck file
@pytest.mark.parametrize("scout, at, expected", [
    ("  - {name: Scout, type: Ship, attack: two}", "two", "error: field 'attack': expected a whole number, got 'two'"),
    ("  - {name: Scout, type: Ship, attack: 1, rarity: rar}", "rar}",
     "error: field 'rarity': 'rar' is not one of: common, rare (did you mean 'rare'?)"),
    ("  - {name: Scout, type: Ship, fields: {attack: 1, rarty: rare}}", "rare}",
     "error: card 'Scout': unknown field 'rarty' (did you mean 'rarity'?)"),
    ("  - {name: Scout, type: Ship}", "{", "error: card 'Scout': missing field 'attack' (its type requires it)"),
    ("  - {name: Scout, type: Ship, attack: 1, hp: 5}", "hp", "error: cards[0]: unknown key 'hp' (known keys:"),
    ("  - {name: Scout, type: Ship, attack: 1, cost: 10 credits}", "10 credits",
     "error: cards[0].cost: write a cost as counters and amounts, e.g. cost: {credits: 10}"),
])
def test_fields__a_bad_value_is_one_line_at_its_column(tmp_path, scout, at, expected):
    problems = _problems(_game(tmp_path, DECLARED, scout))
    assert len(problems) == 1
    column = scout.index(at) + 1
    assert problems[0].replace("\\", "/").split("tiny/", 1)[1].startswith(f"decks/main.yaml:11:{column}: {expected}"), problems


def test_fields__an_unknown_field_type_suggests_the_right_one(tmp_path):
    problems = _problems(_game(tmp_path, DECLARED.replace("type: whole number", "type: whole nummber"),
                               "  - {name: Scout, type: Ship, attack: 2}"))
    assert any("unknown type 'whole nummber' (did you mean 'whole number'?)" in p for p in problems), problems


def test_costs__validate_names_an_unknown_counter_with_a_suggestion(tmp_path):
    game = load_game(_game(tmp_path, DECLARED, "  - {name: Scout, type: Ship, attack: 2, cost: {credts: 2}}"))
    messages = [str(p) for p in check_game(game) if p.is_error]
    assert any("card 'Scout': cost: unknown counter 'credts' (did you mean 'Credits'?)" in m for m in messages), messages
    assert not any("'credits'" in m for m in messages)  # counters match in any case: {credits: 3}


def test_costs__a_bare_amount_is_the_only_counter(tmp_path):
    game = load_game(_game(tmp_path, DECLARED, "  - {name: Scout, type: Ship, attack: 2, cost: 7}"))
    assert game.decks[0].cards[0].cost.pay[0].counter == "Credits"
    assert game.counters[0].start == 5 and game.counter("credits") is game.counters[0]


def test_costs__shipped_games_carry_the_seeds_costs():
    root = Path(__file__).resolve().parents[2] / "data"
    supremacy = load_game(root / "galactic-supremacy")
    costs = {t.name: t.cost.badge for t in supremacy.card_types if t.cost}
    assert costs == {"Research": "10 Credits", "Fleet": "10 Credits", "Sector": "10 Credits", "Leader": "5 Credits"}
    assert [c.name for c in supremacy.counters] == ["Credits"]
    centauri = load_game(root / "alpha-centauri")  # what players count; the rest only the balance lab counts
    assert {c.name: c.start for c in for_players(centauri).counters} == {"Bases": 1, "Units": 10, "Credits": 0}
    assert {c.audience for c in centauri.counters if c.name not in ("Bases", "Units", "Credits")} == {"simulator"}
    civ = load_game(root / "civilization-card-game")
    assert [c.name for c in for_players(civ).counters] == ["Commerce", "Production", "Food"]
    assert [c.name for c in civ.counters if c.audience == "simulator"] == ["Technologies", "Populations"]  # tiebreakers
    assert civ.card_type("Plot").cost.badge == "15 any mix"
