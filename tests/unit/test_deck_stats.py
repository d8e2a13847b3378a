"""Deck composition as `validate` and `kitgen stats` report it (check/stats.py): cards and signed points
per type counting every copy, a choice's answers apart (never summed), effects aimed at others apart,
each card's strength, numeric fields, the exact odds of drawing a type, and legibility."""
from __future__ import annotations

import math

import pytest

from kitgen.check.stats import DRAWS, TypeStats, card_options, card_strength, deck_stats, draw_odds, field_stats, \
    stats_report, strength_spread
from kitgen.model import (Attribute, Card, CardField, CardType, Condition, Deck, Effect, FieldValue, FieldValues, Game)
from kitgen.units import Length

CONDITIONS = (Condition("IB", "IB", "If Benevolent", choice="alignment"),
              Condition("IM", "IM", "If Malevolent", choice="alignment"),
              Condition("IW", "IW", "If at War"),  # no choice: an ordinary condition, always counted
              Condition("ER", "ER", "If Early", choice="timing"), Condition("LT", "LT", "If Late", choice="timing"))


def fields(**values) -> FieldValues:
    return FieldValues(FieldValue(name, value) for name, value in values.items())


CARDS = (
    Card("Scout", "Ship", (Effect("Military", 1), Effect("Trade", -1)), copies=3, fields=fields(attack=2)),
    Card("Raider", "Ship", (Effect("Military", 2), Effect("Trade", 1, target="target-player"),
                            Effect("Military", -1, target="all-other-players"), Effect("Trade", 1, condition="IW")),
         copies=2, fields=fields(attack=3.5)),
    Card("Dilemma", "Event", (Effect("Trade", 2, condition="IB"), Effect("Military", 3, condition="IM"),
                              Effect("Military", 1)), copies=1),
    Card("Omen", "Event", (Effect("Trade", 1, condition="ER"), Effect("Trade", -2, condition="LT"),
                           Effect("Military", 1, condition="IB"), Effect("Military", -1, condition="IM"))),
    Card("Relic", "Artifact", (Effect("MIL", 4),), copies=1),  # a type the game does not declare; an abbreviation
)
DECK = Deck("main", "Main", "M", CARDS)
GAME = Game("g", "G", "G", "2", (Attribute("Military", abbreviation="MIL"), Attribute("Trade")),
            (CardType("Ship", "main", fields=(CardField("attack", "number"), CardField("rarity", "text"))),
             CardType("Event", "main"), CardType("Other", "elsewhere")),
            (DECK,), (), conditions=CONDITIONS, min_text_size=Length(7))


def test_card_options__one_row_per_answer_of_each_choice_the_card_offers():
    assert card_options(GAME, CARDS[0]) == [("", CARDS[0].effects)]
    assert card_options(GAME, CARDS[1]) == [("", CARDS[1].effects)]  # IW is no choice
    dilemma = CARDS[2].effects
    assert card_options(GAME, CARDS[2]) == [("If Benevolent", (dilemma[0], dilemma[2])),
                                            ("If Malevolent", (dilemma[1], dilemma[2]))]
    omen = CARDS[3].effects
    assert card_options(GAME, CARDS[3]) == [  # two choices: every pair of answers, choices in name order
        ("If Benevolent, If Early", (omen[0], omen[2])), ("If Benevolent, If Late", (omen[1], omen[2])),
        ("If Malevolent, If Early", (omen[0], omen[3])), ("If Malevolent, If Late", (omen[1], omen[3]))]


def test_deck_stats__cards_and_points_per_type_every_copy_aimed_effects_and_answers_apart():
    ships, events, artifacts = deck_stats(GAME, DECK)
    assert ships == TypeStats("Ship", 5, {"Military": 3 + 4, "Trade": -3 + 2}, {},
                              {"Military": -2, "Trade": 2})
    assert events.type == "Event" and events.cards == 2
    assert events.points == {"Military": 1, "Trade": 0}  # what applies whatever is answered
    assert events.choices == {
        "If Benevolent": {"Military": 1 + 0, "Trade": 2},  # the Omen has no bare 'If Benevolent' answer: its base
        "If Malevolent": {"Military": 4, "Trade": 0},
        "If Benevolent, If Early": {"Military": 1 + 1, "Trade": 1},
        "If Benevolent, If Late": {"Military": 1 + 1, "Trade": -2},
        "If Malevolent, If Early": {"Military": 1 - 1, "Trade": 1},
        "If Malevolent, If Late": {"Military": 1 - 1, "Trade": -2}}
    assert events.aimed == {}
    assert artifacts == TypeStats("Artifact", 1, {"Military": 4, "Trade": 0}, {}, {})  # after the declared types


def test_deck_stats__a_declared_type_without_cards_is_listed_empty():
    empty = Deck("main", "Main", "M", CARDS[:1])
    assert [(t.type, t.cards, t.points) for t in deck_stats(GAME, empty)] == [
        ("Ship", 3, {"Military": 3, "Trade": -3}), ("Event", 0, {"Military": 0, "Trade": 0})]


def test_card_strength__the_holders_sum_lowest_and_highest_over_the_answers():
    assert [card_strength(GAME, card) for card in CARDS] == [(0, 0), (3, 3), (3, 4), (-3, 2), (4, 4)]  # Omen: -2 - 1 at worst, 1 + 1 at best


def test_strength_spread__copies_per_strength_in_order_a_range_for_a_card_whose_answers_differ():
    assert strength_spread(GAME, DECK) == {"-3..2": 1, "0": 3, "3": 2, "3..4": 1, "4": 1}
    twins = Deck("main", "Main", "M", (CARDS[0], Card("Probe", "Ship", copies=2)))  # both of strength 0
    assert strength_spread(GAME, twins) == {"0": 5}


def test_draw_odds__one_minus_the_chance_that_none_of_the_type_comes_up():
    assert draw_odds(DECK, "Ship", 1) == pytest.approx(5 / 8)
    assert draw_odds(DECK, "Ship", 2) == pytest.approx(1 - math.comb(3, 2) / math.comb(8, 2))
    assert draw_odds(DECK, "Artifact", 3) == pytest.approx(3 / 8)
    assert draw_odds(DECK, "Artifact", 8) == draw_odds(DECK, "Artifact", 80) == 1.0  # every card drawn
    assert draw_odds(DECK, "Other", 5) == 0.0
    assert draw_odds(DECK, "Ship", 0) == 0.0 and draw_odds(Deck("e", "E", "E"), "Ship", 3) == 0.0
    assert draw_odds(DECK, "Ship", -2) == 0.0  # no draws, no chance (not an error)
    assert draw_odds(Deck("one", "One", "O", (CARDS[0],)), "Ship", 1) == 1.0  # a deck of one Scout (3 copies)
    assert draw_odds(Deck("one", "One", "O", (Card("Solo", "Ship"),)), "Ship", 1) == 1.0


def test_field_stats__numeric_fields_total_per_type_and_spread_over_every_copy():
    assert field_stats(GAME, DECK) == {"attack": {"total": 3 * 2 + 2 * 3.5, "per_type": {"Ship": 13.0},
                                                  "spread": {"2": 3, "3.5": 2}}}
    game = Game("g", "G", "G", "2", (), (CardType("Ship", "main", fields=(CardField("speed", "whole number"),
                                                                        CardField("hull", "number"))),
                                         CardType("Event", "main")), (), (),
                fields=(CardField("cost", "whole number"), CardField("name2", "text")))
    cards = (Card("A", "Ship", copies=2, fields=fields(hull=4, cost=1, name2="x")),
             Card("B", "Ship", fields=fields(hull=4, cost=3)), Card("C", "Event", fields=fields(cost=1)))
    # speed (declared first) has no values: skipped, the fields after it still counted
    assert field_stats(game, Deck("main", "Main", "M", cards)) == {
        "hull": {"total": 12, "per_type": {"Ship": 12}, "spread": {"4": 3}},
        "cost": {"total": 6, "per_type": {"Ship": 5, "Event": 1}, "spread": {"1": 3, "3": 1}}}
    no_values = Deck("main", "Main", "M", CARDS[2:])
    assert field_stats(GAME, no_values) == {}


def test_stats_report__every_figure_of_every_deck_as_plain_data():
    # each card: (the size its text was fitted at, the smallest text it draws): the report's size is the
    # first (issue 35), the verdict below the minimum the second's, as validate's legibility warning
    report = stats_report(GAME, {"main": {"Scout": (9.5, 6.5), "Raider": (7.0, 7.0), "Relic": (8.0, 6.99999999),
                                          "Omen": (10.0, 7 - 1e-6), "Dilemma": (6.125, 6.125)}})
    assert (report["game"], report["title"], report["min_text_size"]) == ("g", "G", 7)
    (deck,) = report["decks"]
    assert (deck["id"], deck["name"], deck["cards"]) == ("main", "Main", 8)
    assert deck["types"][0] == {"type": "Ship", "cards": 5, "points": {"Military": 7, "Trade": -1},
                                "aimed_at_others": {"Military": -2, "Trade": 2}}
    assert set(deck["types"][1]) == {"type", "cards", "points", "choices"}
    assert set(deck["types"][2]) == {"type", "cards", "points"}
    assert deck["strength"] == strength_spread(GAME, DECK) and deck["fields"] == field_stats(GAME, DECK)
    assert deck["draw_odds"]["draws"] == list(DRAWS) == [1, 2, 3, 4, 5, 6, 8, 10]
    assert deck["draw_odds"]["types"]["Ship"][:2] == [0.625, round(1 - 3 / 28, 4)]
    assert list(deck["draw_odds"]["types"]) == ["Ship", "Event", "Artifact"]
    assert deck["legibility"] == [  # by fitted size, sizes to 2 places
        {"card": "Dilemma", "size": 6.12, "smallest": 6.12, "below_minimum": True},
        {"card": "Raider", "size": 7.0, "smallest": 7.0, "below_minimum": False},
        {"card": "Relic", "size": 8.0, "smallest": 7.0, "below_minimum": False},  # within a millionth
        {"card": "Scout", "size": 9.5, "smallest": 6.5, "below_minimum": True},  # its smallest text is too small
        {"card": "Omen", "size": 10.0, "smallest": 7.0, "below_minimum": False}]  # a millionth under: legible
    assert stats_report(GAME, {})["decks"][0]["legibility"] == []
