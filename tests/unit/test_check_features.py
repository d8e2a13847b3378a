"""The validator's generic features, each on a small game built in code: any game can use them."""
from __future__ import annotations

from dataclasses import replace

import pytest

from kitgen.check import check_game, deck_stats
from kitgen.check.formula import FormulaError, evaluate, variables_of
from kitgen.errors import Where
from kitgen.layout.context import document_context
from kitgen.model import (Action, Attribute, Card, CardType, Deck, DeckRule, DiceTable, Effect, Faction, Formula, Game, Phase,
                          TableRow, Threshold, Track, Variable, VictoryPath)

HERE = Where("test.yaml", 1)


def make_game(**changes) -> Game:
    attributes = (Attribute("Economy", abbreviation="E", where=HERE),
                  Attribute("Economy Energy", abbreviation="EE", group="Economy", where=HERE),
                  Attribute("Military", abbreviation="M", where=HERE))
    cards = (Card("Power Plant", "Facility", (Effect("EE", 2, where=HERE),), where=HERE),
             Card("Knowledge (Values)", "Social", (Effect("M", -1, where=HERE),), where=HERE))
    game = Game(id="g", title="G", short_name="G", players="2",
                attributes=attributes,
                card_types=(CardType("Facility", "main", played_in=("Build Phase",), where=HERE),
                            CardType("Social", "main", played_in=("Build Phase",), where=HERE)),
                decks=(Deck("main", "Main", "G", cards, (DeckRule("deck-size", 2, where=HERE),), where=HERE),),
                phases=(Phase("Build Phase", "Build.", where=HERE),), where=HERE)
    return replace(game, **changes)


def messages(game: Game) -> list[str]:
    return [p.message for p in check_game(game)]


def test_check__a_valid_small_game_has_no_problems():
    assert messages(make_game()) == []


def test_effects__resolve_sub_factor_codes_and_reject_unknown_ones():
    game = make_game()
    deck = game.decks[0]
    bad = replace(deck, cards=(replace(deck.cards[0], effects=(Effect("Economy Enrgy", 1, where=HERE),)), deck.cards[1]))
    assert messages(replace(game, decks=(bad,))) == [
        "card 'Power Plant': unknown attribute 'Economy Enrgy' (did you mean 'Economy Energy'?)"]


def test_effects__a_rolled_change_needs_dice_notation():
    game = make_game(factions=(Faction("A", effects=(Effect("Economy", dice="1D6", where=HERE),), where=HERE),
                               Faction("B", effects=(Effect("Economy", dice="lots", where=HERE),), where=HERE)))
    assert messages(game) == ["B: dice 'lots' is not dice notation like 1D6"]


def test_attributes__a_code_naming_two_attributes_is_an_error():
    game = make_game()
    twice = game.attributes + (Attribute("Economy Mining", abbreviation="EE", group="Economy", where=HERE),)
    assert messages(replace(game, attributes=twice)) == ["'EE' names both Economy Energy and Economy Mining"]


def test_factions__may_not_play_names_a_real_card():
    game = make_game(factions=(Faction("Gaians", may_not_play=("Knowledge (Values)",), where=HERE),
                               Faction("Spartans", may_not_play=("Knowledge",), where=HERE)))
    assert messages(game) == ["faction 'Spartans': no card named 'Knowledge' (did you mean 'Knowledge (Values)'?)"]


def test_tables__a_lookup_table_needs_no_die_but_its_attributes_resolve():
    rows = (TableRow("EE", "Energy", attribute="EE", where=HERE), TableRow("XX", "?", attribute="XX", where=HERE))
    game = make_game(tables=(DiceTable("rewards", "Rewards", rows, where=HERE),))
    assert messages(game) == ["table 'Rewards': unknown attribute 'XX'"]


def test_tables__dice_rows_cover_each_result_once():
    rows = (TableRow("1-3", "Low", where=HERE), TableRow("3-5", "High", where=HERE))
    game = make_game(tables=(DiceTable("t", "T", rows, die="1D6", where=HERE),))
    assert messages(game) == ["table 'T': 3 is covered by both '1-3' and '3-5'", "table 'T': no row for roll 6"]


def test_victory__thresholds_name_attributes():
    path = VictoryPath("Economic", "Economy > 50", thresholds=(Threshold("Economy", 50, where=HERE),
                                                               Threshold("Wealth", 5, where=HERE)), where=HERE)
    assert messages(make_game(victory_paths=(path,))) == ["victory path 'Economic': unknown attribute 'Wealth'"]


def test_tracks__rows_name_attributes_and_extra_rows_are_free_labels():
    track = Track("Scores", rows=("EE", "Military", "Gold"), extra_rows=("Credits",), where=HERE)
    assert messages(make_game(tracks=(track,))) == ["track 'Scores': unknown attribute 'Gold'"]
    context = document_context(make_game(tracks=(replace(track, rows=("EE", "Military")),)))
    assert context["track_rows"](context["tracks"][0]) == ["Economy Energy", "Military", "Credits"]


def test_formulas__implicit_multiplication_as_the_rules_write_it():
    assert evaluate("6 + 2P", {"P": 3}) == 12
    assert evaluate("15 + 5(P - 4)", {"P": 6}) == 25
    assert variables_of("15 + 5(P - 4)") == {"P"}


@pytest.mark.parametrize("expression", ["__import__('os')", "P ** 99", "lambda: 1", "p + 1"])
def test_formulas__anything_but_arithmetic_is_refused(expression):
    with pytest.raises(FormulaError):
        variables_of(expression)


def test_formulas__undeclared_variables_are_errors_and_examples_are_computed():
    formula = Formula("Plot cost", "15 + 5(P - 4)", (Variable("P", "plots you have", (4, 5, 6), where=HERE),),
                      where=HERE)
    assert messages(make_game(formulas=(replace(formula, variables=()),))) == [
        "formula 'Plot cost': variable P is not declared"]
    context = document_context(make_game(formulas=(formula,)))
    examples = context["formula_examples"](formula)
    assert (examples["corner"], examples["columns"], examples["held"]) == ("P", ["4", "5", "6"], "")
    assert examples["rows"] == [("Plot cost", ["15", "20", "25"])]


def test_played_in__named_derived_from_actions_or_said_not_played():
    game = make_game()
    assert game.played_in("Facility") == ("Build Phase",)
    plays = Phase("Upheaval Phase", "Play 1 Social card.", actions=(Action("play", types=("Social",), where=HERE),),
                  where=HERE)
    derived = replace(game, phases=game.phases + (plays,),
                      card_types=(game.card_types[0], CardType("Social", "main", where=HERE)))
    assert derived.played_in("Social") == ("Upheaval Phase",) and messages(derived) == []
    spent = replace(game, card_types=(game.card_types[0], CardType("Social", "main", not_played="spent", where=HERE)))
    assert spent.played_in("Social") == () and messages(spent) == []


def test_played_in__a_typo_is_an_error_and_a_type_no_phase_plays_is_a_warning():
    game = make_game(card_types=(CardType("Facility", "main", played_in=("Bild Phase",), where=HERE),
                                 CardType("Social", "main", where=HERE)))
    problems = {p.message: p.is_error for p in check_game(game)}
    assert problems["card type 'Facility': played_in: unknown phase 'Bild Phase' (did you mean 'Build Phase'?)"]
    warned = [m for m, is_error in problems.items() if not is_error]
    assert len(warned) == 1 and warned[0].startswith("card type 'Social': no phase plays it")


def test_wording__an_escaped_quote_in_block_text_is_named_by_its_path_and_record():
    card = Card("Spy", "Social", (Effect("M", 1, where=HERE),), text='Say \\"hi\\".', where=Where("deck.yaml", 7))
    game = make_game()
    deck = replace(game.decks[0], cards=(game.decks[0].cards[0], card))
    found = [p for p in check_game(replace(game, decks=(deck,), description='A \\"B\\"')) if "backslash" in p.message]
    assert sorted((p.message.split(":")[0], p.where) for p in found) == [("decks[0].cards[1].text", Where("deck.yaml", 7)),
                                                                        ("description", HERE)]


def test_deck_composition__counts_as_deck_stats_does():
    game = make_game()
    extra = replace(game.decks[0], cards=game.decks[0].cards + (Card("Stray", "Unlisted", copies=3, where=HERE),))
    game = replace(game, decks=(extra,))
    stats = deck_stats(game, extra)
    assert [s.type for s in stats][-1] == "Unlisted"
    parts = ", ".join(f"{s.cards} {s.type}" for s in stats)
    assert document_context(game)["deck_composition"](extra) == f"**{extra.name}:** {sum(s.cards for s in stats)} cards ({parts})."
