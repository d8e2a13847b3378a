"""Each card its own picture: `icon:` names an icon of the set, and in every deck of the shipped games
distinct cards show distinct pictures (variants of one card, marked `variant_of:`, may share)."""
from __future__ import annotations

import dataclasses
import shutil

import pytest

from kitgen.check import check_game
from kitgen.check.pictures import variant_roots
from kitgen.load import load_game
from tests.conftest import ROOT, run_kitgen

TINY = ROOT / "tests" / "fixtures" / "tiny"
GAMES = ["galactic-civ", "alpha-centauri", "civ-builder", "civilization-card-game", "galactic-supremacy"]


def distinct_pictures(deck) -> tuple[int, int]:
    """(distinct icons, distinct cards) of a deck, variants of one card counted as one card."""
    roots = variant_roots(deck)
    return len({card.icon for card in deck.cards if card.icon}), len({roots[c.name] or c.name for c in deck.cards})


def _with_icons(game, icons: dict[str, str], variant: dict[str, str] | None = None):
    variant = variant or {}
    deck = game.decks[0]
    cards = tuple(dataclasses.replace(c, icon=icons.get(c.name, ""), variant_of=variant.get(c.name, ""))
                  for c in deck.cards)
    return dataclasses.replace(game, decks=(dataclasses.replace(deck, cards=cards),))


def test_card_icon__a_name_not_in_the_set_is_an_error_at_its_line_with_a_suggestion(tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(TINY, game)
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("{name: Frigate, type: Ship,", "{name: Frigate, type: Ship, icon: batleship,"))
    line, col = next((n, text.index("{") + 1) for n, text in enumerate(deck.read_text().split("\n"), 1)
                     if "batleship" in text)  # the card's `{`: a problem with a card points at the card
    result = run_kitgen("validate", str(game))
    assert result.returncode == 1
    assert f"main.yaml:{line}:{col}: error: card 'Frigate': no icon named 'batleship' (did you mean 'battleship'?)" in result.stderr
    assert "Traceback" not in result.stderr


def test_card_icon__two_cards_sharing_a_picture_is_a_warning_unless_one_is_a_variant():
    game = load_game(TINY)
    shared = _with_icons(game, {"Scout": "spaceship", "Frigate": "spaceship"})
    messages = [str(p) for p in check_game(shared)]
    assert any("card 'Frigate': its icon 'spaceship' is already the picture of 'Scout'" in m for m in messages)
    marked = _with_icons(game, {"Scout": "spaceship", "Frigate": "spaceship"}, {"Frigate": "Scout"})
    assert not any("already the picture" in str(p) for p in check_game(marked))
    assert distinct_pictures(marked.decks[0]) == (1, 3)  # Scout and Frigate are one card; Market, Library


def test_card_icon__variant_of_must_name_a_card_of_the_deck():
    game = _with_icons(load_game(TINY), {}, {"Frigate": "Scoot"})
    errors = [str(p) for p in check_game(game) if p.is_error]
    assert any("card 'Frigate': variant_of: no card 'Scoot' in deck 'main'" in m for m in errors)


@pytest.mark.parametrize("name", GAMES)
def test_shipped_games__every_card_has_a_picture_of_its_own(name):
    game = load_game(ROOT / "data" / name)
    for deck in game.decks:
        assert [c.name for c in deck.cards if not c.icon] == [], f"{name}/{deck.id}: cards without an icon"
        pictures, cards = distinct_pictures(deck)
        assert pictures >= 0.9 * cards, f"{name}/{deck.id}: {pictures} distinct pictures for {cards} distinct cards"
        assert not [p for p in check_game(game) if "already the picture" in p.message]
