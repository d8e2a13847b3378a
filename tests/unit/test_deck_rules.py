"""The deck-composition rules a deck declares (check/rules.py RULES), each on a small deck: what it
accepts, what it refuses, and where it says so."""
from __future__ import annotations

from kitgen.check.rules import RULES, check_rules
from kitgen.errors import Where
from kitgen.model import Card, CardType, Deck, DeckRule, Game

DECK_AT = Where("decks/main.yaml", 1, 1)
RULE_AT = Where("decks/main.yaml", 3, 5)


def card(name: str, kind: str = "Ship", copies: int = 1, line: int = 10) -> Card:
    return Card(name, kind, copies=copies, where=Where("decks/main.yaml", line, 5))


def problems(cards: tuple[Card, ...], *rules: DeckRule) -> list[tuple[str, int, str]]:
    """(level, line, message) of each problem check_rules finds in a deck of `cards`."""
    deck = Deck("main", "Main", "M", cards, rules, where=DECK_AT)
    game = Game("g", "G", "G", "2", (), (CardType("Ship", "main"), CardType("Build", "main")), (deck,), ())
    return [(p.level, p.where.line, p.message) for p in check_rules(deck, game)]


def rule(name: str, count: int | None = None, kind: str | None = None) -> DeckRule:
    return DeckRule(name, count, kind, where=RULE_AT)


FLEET = (card("Scout", copies=2, line=10), card("Frigate", copies=3, line=11), card("Market", "Build", 2, line=12))


def test_deck_size__counts_every_copy_and_names_both_numbers():
    assert problems(FLEET, rule("deck-size", 7)) == []
    assert problems(FLEET, rule("deck-size", 6)) == [("error", 3, "deck 'main' has 7 cards; it declares 6")]
    assert problems(FLEET, rule("deck-size", 8)) == [("error", 3, "deck 'main' has 7 cards; it declares 8")]


def test_count_per_type__counts_the_copies_of_that_type_only():
    assert problems(FLEET, rule("count-per-type", 5, "Ship"), rule("count-per-type", 2, "Build")) == []
    assert problems(FLEET, rule("count-per-type", 4, "Ship")) == [
        ("error", 3, "deck 'main' has 5 Ship cards; it declares 4")]
    assert problems(FLEET, rule("count-per-type", 3, "Build")) == [
        ("error", 3, "deck 'main' has 2 Build cards; it declares 3")]


def test_count_per_type__an_unknown_type_is_an_error_at_the_rule():
    assert problems(FLEET, rule("count-per-type", 2, "Shp")) == [
        ("error", 3, "rule count-per-type names unknown card type 'Shp'")]


def test_copies__every_card_in_exactly_that_many_copies_each_other_named_at_its_line():
    assert problems(FLEET, rule("copies", 2)) == [
        ("error", 11, "card 'Frigate' has 3 copies; the deck declares 2")]
    assert problems(FLEET, rule("copies", 3)) == [
        ("error", 10, "card 'Scout' has 2 copies; the deck declares 3"),
        ("error", 12, "card 'Market' has 2 copies; the deck declares 3")]
    assert problems((card("Scout", copies=2),), rule("copies", 2)) == []


def test_copies__with_a_type_only_that_types_cards_are_held_to_it():
    assert problems(FLEET, rule("copies", 2, "Build")) == []
    assert problems(FLEET, rule("copies", 3, "Ship")) == [("error", 10, "card 'Scout' has 2 copies; the deck declares 3")]


def test_unique_names__a_second_card_of_a_name_is_named_whatever_its_case_the_first_is_not():
    cards = (card("Scout", line=10), card("Frigate", line=11), card("scout", line=12), card("SCOUT", line=13))
    assert problems(cards, rule("unique-names")) == [
        ("error", 12, "card name 'scout' appears more than once in deck 'main'"),
        ("error", 13, "card name 'SCOUT' appears more than once in deck 'main'")]
    assert problems(FLEET, rule("unique-names")) == []
    assert problems((card("Scout", line=10), card("Scout", line=11)), rule("unique-names")) == [
        ("error", 11, "card name 'Scout' appears more than once in deck 'main'")]


def test_check_rules__an_unknown_rule_lists_the_known_ones_and_a_missing_value_is_named():
    known = ", ".join(sorted(RULES))
    assert problems(FLEET, rule("deck-sise", 7)) == [("error", 3, f"unknown deck rule 'deck-sise' (known rules: {known})")]
    assert problems(FLEET, rule("deck-size")) == [("error", 3, "rule deck-size needs 'count'")]
    assert problems(FLEET, rule("count-per-type", 5)) == [("error", 3, "rule count-per-type needs 'type'")]
    assert problems(FLEET, rule("copies")) == [("error", 3, "rule copies needs 'count'")]


def test_check_rules__each_rule_is_checked_after_an_unknown_or_incomplete_one():
    found = problems(FLEET, rule("nope"), rule("deck-size"), rule("deck-size", 6))
    assert [message for _, _, message in found][1:] == ["rule deck-size needs 'count'",
                                                        "deck 'main' has 7 cards; it declares 6"]


def test_check_rules__a_deck_without_rules_is_a_warning_at_the_deck():
    assert problems(FLEET) == [("warning", 1, "deck 'main' declares no composition rules")]
