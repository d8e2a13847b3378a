"""validate's checks of a whole game (check/game.py), each problem at the line of the record it is
about: one game with a slip of every kind finds all of them, in order, and none of them hides another;
and the art checks (check/art.py) at the line of the card that names the picture."""
from __future__ import annotations

import pytest

from kitgen.check.art import LOW_DPI, art_file, art_name, art_not_contained, art_resolution, art_unreadable, \
    effective_dpi
from kitgen.check.game import MAX_CARDS, MAX_COPIES, check_counts, check_game
from kitgen.errors import Problem, Where
from kitgen.model import (Attribute, Card, CardType, Condition, Deck, DeckRule, Effect, Erratum, Faction, Game, Phase,
                          RuleSection, Track, Trigger, VictoryPath)


def at(line: int) -> Where:
    return Where("g.yaml", line, 1)


PLAYED = ("War Phase",)
GOOD_TYPES = (CardType("Ship", "main", played_in=PLAYED, where=at(10)),
              CardType("Event", "events", played_in=PLAYED, where=at(11)))
GOOD_DECKS = (Deck("main", "Main", "M", (Card("Scout", "Ship", (Effect("Military", 1, where=at(31)),), where=at(30)),),
                   (DeckRule("deck-size", 1),), where=at(29)),
              Deck("events", "Events", "E", (Card("Omen", "Event", (Effect("Trade", 2, where=at(41)),), where=at(40)),),
                   (DeckRule("deck-size", 1),), where=at(39)))


def game(**more) -> Game:
    values = {"attributes": (Attribute("Military", abbreviation="MIL", where=at(2)), Attribute("Trade", where=at(3))),
              "card_types": GOOD_TYPES, "decks": GOOD_DECKS,
              "phases": (Phase("War Phase", "", trigger=Trigger("highest", "Military", where=at(51)), where=at(50)),)}
    values |= more
    return Game("g", "G", "G", "2", values.pop("attributes"), values.pop("card_types"), values.pop("decks"),
                values.pop("phases"), **values)


def found(g: Game) -> list[tuple[str, int, str]]:
    return [(p.level, p.where.line, p.message) for p in check_game(g)]


def test_check_game__a_game_without_slips_has_no_problems():
    assert found(game()) == []


def test_check_game__every_slip_at_its_line_in_order_none_hiding_another():
    cards = (Card("Scout", "Shp", (Effect("Militery", 1, where=at(31)),), where=at(30)),
             Card("Omen", "Event", (Effect("Trade", 2, where=at(33)),), where=at(32)),
             Card("Fleet", "Ship", (Effect("Trade", 1, where=at(35)),), copies=MAX_COPIES + 1, where=at(34)),
             Card("Armada", "Ship", (Effect("Trade", 1, where=at(37)),), copies=MAX_COPIES, where=at(36)),
             Card("Drone", "Ship", (Effect("Trade", 1, where=at(39)),), copies=0, where=at(38)))
    types = (*GOOD_TYPES, CardType("Ship", "main", played_in=PLAYED, where=at(12)),
             CardType("Relic", "relics", played_in=PLAYED, where=at(13)))
    decks = (Deck("main", "Main", "M", cards, (DeckRule("deck-size", 1, where=at(28)),), where=at(29)), GOOD_DECKS[1])
    g = game(card_types=types, decks=decks,
             factions=(Faction("Spartans", effects=(Effect("Tarde", 1, where=at(61)),), may_not_play=("Scuot",),
                               where=at(60)),),
             attributes=(Attribute("Military", abbreviation="MIL", where=at(2)), Attribute("Trade", where=at(3)),
                         Attribute("Mil", abbreviation="MIL", group="Wealth", where=at(4))),
             phases=(Phase("War Phase", "", trigger=Trigger("highest", "Might", where=at(51)), where=at(50)),),
             victory_paths=(VictoryPath("Conquest", "", highest=("Militry",), where=at(70)),),
             rules=(RuleSection("r1", "R", deck="evnts", phase="Peace", where=at(80)),))
    assert found(g) == [
        ("error", 12, "card type 'Ship' is declared twice"),
        ("error", 13, "card type 'Relic': unknown deck 'relics'"),
        ("error", 28, "deck 'main' has 2003 cards; it declares 1"),
        ("error", 30, "card 'Scout': unknown type 'Shp' (did you mean 'Ship'?)"),
        ("error", 31, "card 'Scout': unknown attribute 'Militery' (did you mean 'Military'?)"),
        ("error", 32, "card 'Omen': type 'Event' belongs to deck 'events', not 'main'"),
        ("error", 34, "card 'Fleet': copies is 1,001; it must be from 1 to 1,000"),
        ("error", 38, "card 'Drone': copies is 0; it must be from 1 to 1,000"),
        ("error", 61, "Spartans: unknown attribute 'Tarde' (did you mean 'Trade'?)"),
        ("error", 60, "faction 'Spartans': no card named 'Scuot' (did you mean 'Scout'?)"),
        ("error", 4, "'MIL' names both Military and Mil"),
        ("error", 4, "attribute 'Mil': unknown group 'Wealth'"),
        ("error", 51, "phase 'War Phase': unknown attribute 'Might'"),
        ("error", 70, "victory path 'Conquest': unknown attribute 'Militry' (did you mean 'Military'?)"),
        ("error", 80, "rules 'r1': unknown deck 'evnts' (did you mean 'events'?)"),
        ("error", 80, "rules 'r1': unknown phase 'Peace'"),
    ]


@pytest.mark.parametrize("effect, message", [
    (Effect("Trade", 0, where=at(41)), ("warning", "card 'Omen': effect on Trade changes nothing (delta 0)")),
    (Effect("Trade", 0, dice="1D6", where=at(41)), None),
    (Effect("Trade", 0, dice="D6+", where=at(41)), ("error", "card 'Omen': dice 'D6+' is not dice notation like 1D6")),
    (Effect("Trade", 2, dice="1D6", where=at(41)), ("error", "card 'Omen': give either delta or dice, not both")),
    (Effect("Trade", 2, condition="IM", where=at(41)),
     ("error", "card 'Omen': unknown condition 'IM'")),
    (Effect("Trade", 2, condition="IBB", where=at(41)),
     ("error", "card 'Omen': unknown condition 'IBB' (did you mean 'IB'?)")),
    (Effect("Trade", 2, condition="IB", where=at(41)), None),
    (Effect("Trade", 2, erratum="E-2", where=at(41)), ("error", "card 'Omen': unknown erratum 'E-2' (did you mean 'E-1'?)")),
    (Effect("Trade", 2, erratum="E-1", where=at(41)), None),
])
def test_check_game__an_effects_attribute_condition_dice_and_erratum(effect, message):
    omen = Card("Omen", "Event", (effect,), where=at(40))
    decks = (GOOD_DECKS[0], Deck("events", "Events", "E", (omen,), (DeckRule("deck-size", 1),), where=at(39)))
    g = game(decks=decks, conditions=(Condition("IB", "IB", "If Benevolent"),),
             errata=(Erratum("E-1", "seed", "kit", "why"),))
    assert [p for p in found(g) if p[1] == 41] == ([] if message is None else [(message[0], 41, message[1])])


def test_check_game__a_phase_named_after_one_attribute_that_rewards_another_is_a_warning():
    phases = (Phase("Trade Phase", "", trigger=Trigger("highest", "MIL", where=at(51)), where=at(50)),
              Phase("Military Phase", "", trigger=Trigger("lowest", "Military", where=at(53)), where=at(52)))
    assert [p for p in found(game(phases=phases)) if p[0] == "warning"] == [
        ("warning", 51, "phase 'Trade Phase' is named after Trade but its trigger is highest MIL (Military); if the "
                        "source says so, keep it and record an erratum")]


def test_check_counts__the_cards_printed_in_all_and_a_tracks_columns_have_bounds():
    many = tuple(Deck(f"d{i}", "D", "D", (Card("A", "Ship", copies=MAX_COPIES),)) for i in range(MAX_CARDS // MAX_COPIES))
    assert check_counts(game(decks=many)) == []
    more = many + (Deck("x", "X", "X", (Card("A", "Ship", copies=1),)),)
    assert [p.message for p in check_counts(game(decks=more, where=at(1)))] == [
        "the game prints 100,001 cards; at most 100,000"]
    tracks = (Track("Fame", columns=40, where=at(90)), Track("Glory", columns=41, where=at(91)),
              Track("Rank", columns=-1, where=at(92)), Track("Turns", columns=0, where=at(93)))
    assert [(p.where.line, p.message) for p in check_counts(game(tracks=tracks))] == [
        (91, "track 'Glory': columns is 41; it must be from 0 (one per turn) to 40"),
        (92, "track 'Rank': columns is -1; it must be from 0 (one per turn) to 40")]


WHERE = Where("decks/main.yaml", 14, 9)


def test_art__each_problem_at_the_cards_line_only_a_name_outside_the_folder_an_error():
    assert art_name("https://x/a.png", WHERE, "card 'Scout'") == [
        Problem("error", WHERE, "card 'Scout': art 'https://x/a.png' must be a file inside the game folder")]
    assert art_name("/etc/a.png", WHERE, "card 'Scout'")[0].where == WHERE
    assert art_name("art/a.png", WHERE, "card 'Scout'") == []
    assert art_file("../a.png", "a.png", "is outside the game folder", True, WHERE, "card 'Scout'") == [
        Problem("error", WHERE, "card 'Scout': art '../a.png' is outside the game folder")]
    assert art_file("a.png", "art/a.png", None, False, WHERE, "card 'Scout'") == [
        Problem("warning", WHERE, "card 'Scout': art file art/a.png not found; the card shows its placeholder")]
    assert art_file("a.png", "art/a.png", None, True, WHERE, "card 'Scout'") == []
    assert art_not_contained(WHERE, "card 'Scout'", "a link") == Problem("error", WHERE, "card 'Scout': a link")
    assert art_unreadable(WHERE, "card 'Scout'", "art/a.png", "not a picture") == Problem(
        "warning", WHERE, "card 'Scout': art art/a.png: not a picture; the card shows its placeholder")


def test_art__the_dpi_across_the_printed_width_and_under_200_a_warning():
    assert effective_dpi(600, 144) == 300  # 600 px over 2 in
    assert effective_dpi(100, 36) == 200
    assert art_resolution(WHERE, "card 'Scout'", "art/a.png", 400, 144) == []  # exactly 200 dpi
    assert art_resolution(WHERE, "card 'Scout'", "art/a.png", 398, 144) == [Problem(
        "warning", WHERE, "card 'Scout': art art/a.png is 199 dpi at its printed size (398 px over 50.8 mm); "
                          f"{LOW_DPI} dpi or more prints sharp")]


def id_problems(*cards: Card) -> list[tuple[int, str]]:
    deck = Deck("main", "Main", "M", cards, (DeckRule("deck-size", len(cards)),), where=at(29))
    return [(p.where.line, p.message) for p in check_game(game(decks=(deck, GOOD_DECKS[1]))) if p.where.line >= 30]


def ship(name: str, line: int, **values) -> Card:
    return Card(name, "Ship", (Effect("Military", 1, where=at(line)),), where=at(line), **values)


def test_card_ids__short_names_and_ids_that_name_files_one_per_card():
    assert id_problems(ship("Scout", 30), ship("Scout II", 31, id="scout-2"), ship("Scout", 32)) == []
    long = "N" * 201
    assert id_problems(ship(long, 30)) == [
        (30, f"card '{'N' * 57}...': the name is 201 characters; at most 200")]
    assert id_problems(ship("N" * 200, 30)) == [
        (30, f"card '{'N' * 57}...': its id (made from its name) is 200 characters; at most 120 (ids name files): "
             "give it a shorter id:")]
    assert id_problems(ship("n" * 120, 30)) == []  # 120 characters: the most an id has
    assert id_problems(ship("Scout", 30, id="x" * 121)) == [
        (30, "card 'Scout': its id is 121 characters; at most 120 (ids name files): give it a shorter id:")]


def test_card_ids__an_id_of_other_characters_shows_a_slug_to_use():
    assert id_problems(ship("Scout", 30, id="Scout Ship")) == [
        (30, "card 'Scout': id 'Scout Ship' may hold only lower-case letters a-z, digits and dashes (ids name "
             "files), e.g. id: scout-ship")]
    assert id_problems(ship("Scout", 30, id="★★")) == [
        (30, "card 'Scout': id '★★' may hold only lower-case letters a-z, digits and dashes (ids name files), "
             "e.g. id: library")]
    odd = "X" * 61
    assert id_problems(ship("A" * 60, 30, id=odd)) == [
        (30, f"card '{'A' * 60}': id '{'X' * 57}...' may hold only lower-case letters a-z, digits and dashes (ids "
             f"name files), e.g. id: {'x' * 61}")]
    assert id_problems(ship("Scout", 30, id="x" * 60 + "Y"))[0][1].startswith(f"card 'Scout': id '{'x' * 57}...'")
    assert id_problems(ship("Scout", 30, id="X" * 60))[0][1].startswith(f"card 'Scout': id '{'X' * 60}' may")


def test_card_ids__a_name_without_letters_or_digits_and_an_id_used_by_another_name():
    assert id_problems(ship("★", 30)) == [
        (30, "card '★': its name gives no id (no letters a-z or digits); add an id: such as id: library")]
    assert id_problems(ship("Zero-G", 30), ship("Zero G", 31), ship("zero-g", 32), ship("Zero-G", 33)) == [
        (31, "card 'Zero G': id 'zero-g' is already used by 'Zero-G'; give one of them another id:")]


def test_notation__each_code_a_type_or_condition_code_or_a_word_a_card_prints():
    from kitgen.model import Notation

    types = (CardType("Ship", "main", code="SH", played_in=PLAYED, where=at(10)), GOOD_TYPES[1])
    cards = (Card("Scout", "Ship", (Effect("Military", 1, where=at(31)),), text="Gain MIL-2 now.", keywords=("Stealth",),
                  where=at(30)),)
    notes = tuple(Notation(code, "m", where=at(80 + i)) for i, code in enumerate(("SH", "IB", "MIL-2", "Stealth", "XX")))
    g = game(card_types=types, decks=(Deck("main", "Main", "M", cards, (DeckRule("deck-size", 1),)), GOOD_DECKS[1]),
             conditions=(Condition("IB", "IB", "If Benevolent"),), notation=notes)
    assert found(g) == [("warning", 84, "notation 'XX' is not a card type or condition code and no card's text uses it")]


def test_rules_sections__a_section_about_no_deck_or_phase_names_none():
    sections = (RuleSection("r0", "R"), RuleSection("r1", "R", deck="main", phase="War Phase"))
    assert found(game(rules=sections)) == []


def test_attributes__an_attribute_without_an_abbreviation_claims_no_empty_code():
    attributes = (Attribute("Military", where=at(2)), Attribute("Trade", where=at(3)))
    assert found(game(attributes=attributes, decks=GOOD_DECKS)) == []


def test_counts__the_cards_in_all_said_at_the_game():
    many = tuple(Deck(f"d{i}", "D", "D", (Card("A", "Ship", copies=MAX_COPIES),)) for i in range(MAX_CARDS // MAX_COPIES))
    more = many + (Deck("x", "X", "X", (Card("A", "Ship", copies=1),)),)
    assert [p.where for p in check_counts(game(decks=more, where=at(1)))] == [at(1)]
