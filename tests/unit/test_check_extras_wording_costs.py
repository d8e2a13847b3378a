"""validate's checks of the optional parts of a game, each said at its record's line: formulas, victory
thresholds, player-sheet tracks and errata (check/extras.py); slips in printed words (check/wording.py);
counters and costs (check/costs.py); each card its own picture (check/pictures.py); when each card
type is played (check/playing.py)."""
from __future__ import annotations

import dataclasses

import pytest

from kitgen.check.costs import check_costs
from kitgen.check.extras import check_extras
from kitgen.check.pictures import check_pictures, variant_roots
from kitgen.check.playing import check_playing
from kitgen.check.wording import check_wording
from kitgen.errors import Where
from kitgen.model import (ANY_PHASE, Action, Attribute, Card, CardType, Cost, Counter, Deck, DiceTable, Effect,
                          Erratum, Faction, Formula, Game, KitChoice, Phase, Price, RuleSection, TableRow, Threshold,
                          Track, Variable, VictoryPath)


def at(line: int) -> Where:
    return Where("g.yaml", line, 1)


def game(**more) -> Game:
    base = Game("g", "G", "G", "2", (Attribute("Military", abbreviation="MIL", where=at(2)),
                                     Attribute("Trade", where=at(3))),
                (CardType("Ship", "main", played_in=("War",), where=at(10)),),
                (Deck("main", "Main", "M", (Card("Scout", "Ship", where=at(30)),)),),
                (Phase("War", "", where=at(50)),), counters=(Counter("Gold", where=at(20)),), where=at(1))
    return dataclasses.replace(base, **more)


def said(problems) -> list[tuple[str, int, str]]:
    return [(p.level, p.where.line, p.message) for p in problems]


P = (Variable("P", "players", examples=(2, 3, 4)),)


@pytest.mark.parametrize("formula, problems", [
    (Formula("Cap", "2P + 1", P, where=at(60)), []),
    (Formula("Cap", "2P +", P, where=at(60)), [("error", 60, "formula 'Cap': '2P +' is not a formula")]),
    (Formula("Cap", "2P + Q", P, where=at(60)), [("error", 60, "formula 'Cap': variable Q is not declared")]),
    (Formula("Cap", "7", P, where=at(60)), [("warning", 60, "formula 'Cap': variable P is not used")]),
    (Formula("Cap", "12 / (P - 3)", P, where=at(60)), [("error", 60, "formula 'Cap': divides by zero")]),
    (Formula("Cap", "12 / (P - 5)", P, where=at(60)), []),
    (Formula("Cap", "P * 1000000000000", P, where=at(60)),
     [("error", 60, "formula 'Cap': reaches more than 10^12: give numbers of the size the rules use")]),
    (Formula("Cap", "12 / P", (Variable("P", "players", examples=()),), where=at(60)),
     [("error", 60, "formula 'Cap': divides by zero")]),  # no examples: worked out at 0
    (Formula("Cap", "12 / P + Q", (Variable("P", "p", examples=(1,)), Variable("Q", "q", examples=(0,))),
             where=at(60)), []),
    (Formula("Cap", "12 / Q + P", (Variable("P", "p", examples=(1,)), Variable("Q", "q", examples=(0,))),
             where=at(60)), [("error", 60, "formula 'Cap': divides by zero")]),  # the others at their first example
    (Formula("Cap", "12 / Q + P", (Variable("P", "p", examples=(1,)), Variable("Q", "q", examples=())),
             where=at(60)), [("error", 60, "formula 'Cap': divides by zero")]),  # ... or at 0 without examples
    (Formula("Cap", "M + 1", (Variable("M", "m", attribute="Militery", where=at(61)),), where=at(60)),
     [("error", 61, "formula 'Cap': variable M: unknown attribute or counter 'Militery' (did you mean 'Military'?)")]),
    (Formula("Cap", "M + 1", (Variable("M", "m", attribute="Gold"),), where=at(60)), []),
    (Formula("Cap", "M + 1", (Variable("M", "m", attribute="mil"),), where=at(60)), []),
])
def test_formulas__parsed_declared_used_and_worked_out_for_the_reference(formula, problems):
    assert said(check_extras(game(formulas=(formula,)))) == problems


def test_formulas__each_formula_checked_after_a_bad_one():
    formulas = (Formula("A", "2P +", P, where=at(60)), Formula("B", "Q + 1", P, where=at(61)),
                Formula("C", "M", (Variable("M", "m", attribute="Nope"),), where=at(62)),
                Formula("D", "N", (Variable("N", "n", attribute="Nada"),), where=at(63)))
    assert [(line, message.split(":")[0]) for _, line, message in said(check_extras(game(formulas=formulas)))] == [
        (60, "formula 'A'"), (61, "formula 'B'"), (61, "formula 'B'"), (62, "formula 'C'"), (63, "formula 'D'")]


def test_thresholds_and_tracks__name_attributes_with_a_did_you_mean():
    g = game(victory_paths=(VictoryPath("Rich", "", thresholds=(Threshold("Trdae", 5, where=at(71)),
                                                               Threshold("MIL", 3, where=at(72))), where=at(70)),),
             tracks=(Track("Log", rows=("Military", "Trad", "Gold"), where=at(80)),))
    assert said(check_extras(g)) == [
        ("error", 71, "victory path 'Rich': unknown attribute 'Trdae' (did you mean 'Trade'?)"),
        ("error", 80, "track 'Log': unknown attribute 'Trad' (did you mean 'Trade'?)"),
        ("error", 80, "track 'Log': unknown attribute 'Gold'")]


def test_errata__every_reference_names_a_declared_one_and_an_effects_is_the_cards_too():
    errata = (Erratum("E1", "s", "k", "w", where=at(90)), Erratum("E2", "s", "k", "w", where=at(91)),
              Erratum("E1", "s", "k", "w", where=at(92)))
    cards = (Card("Scout", "Ship", (Effect("Trade", 1, erratum="E1"),), erratum="E1", where=at(30)),
             Card("Frigate", "Ship", (Effect("Trade", 1, erratum="E2"),), where=at(31)),
             Card("Raider", "Ship", erratum="E9", where=at(32)))
    g = game(errata=errata, decks=(Deck("main", "Main", "M", cards),),
             attributes=(Attribute("Military", erratum="E8", where=at(2)),),
             factions=(Faction("Spartans", erratum="E7", where=at(40)),),
             tables=(DiceTable("t", "Loot", (TableRow("1", "x", erratum="E6", where=at(45)),), die="1D1"),))
    assert said(check_extras(g)) == [
        ("error", 32, "card 'Raider': unknown erratum 'E9'"), ("error", 2, "attribute 'Military': unknown erratum 'E8'"),
        ("error", 40, "faction 'Spartans': unknown erratum 'E7'"),
        ("error", 45, "table 'Loot' roll '1': unknown erratum 'E6'"),
        ("warning", 31, "card 'Frigate': its effect follows erratum 'E2'; give the card erratum: E2 too, so its face "
                        "is marked"),
        ("error", 92, "erratum 'E1' is declared twice")]


def test_wording__an_escaped_quote_in_text_is_named_by_its_path_at_the_nearest_line():
    g = game(rules=(RuleSection("r", "R", ("fine", 'say \\"no\\"'), where=at(100)),),
             decks=(Deck("main", "Main", "M", (Card("Scout", "Ship", text='a \\"b', where=at(30)),)),))
    assert said(check_wording(g)) == [
        ("warning", 30, 'decks[0].cards[0].text: prints \\" as it stands, backslash and all: in block text (> or |) '
                        'write " alone (escapes work only between double quotes)'),
        ("warning", 100, 'rules[0].text[1]: prints \\" as it stands, backslash and all: in block text (> or |) '
                         'write " alone (escapes work only between double quotes)')]
    no_line = game(description='x \\" y', where=at(1))
    assert [line for _, line, _ in said(check_wording(no_line))] == [1]


def test_wording__a_code_given_twice_is_named_once():
    g = game(attributes=(Attribute("Economy", abbreviation="EC", aliases=("EC", "Econ", "Econ", "EX"), where=at(2)),
                         Attribute("Trade", aliases=("TR",), where=at(3))))
    assert said(check_wording(g)) == [
        ("warning", 2, "attribute 'Economy': 'EC', 'Econ' given twice (abbreviation and aliases are each one code; "
                       "the reference lists them all): drop the repeat")]


def test_wording__a_name_inside_a_longer_name_is_part_of_that_name_not_what_is_left_of_it():
    """'Free Trade' is replaced whole before 'Trade' (longest first): no 'Free' left to read as Freedom's alias."""
    attributes = (Attribute("Trade", where=at(2)), Attribute("Free Trade", where=at(3)),
                  Attribute("Freedom", aliases=("Free",), where=at(4)))
    printed = game(attributes=attributes, decks=(Deck("main", "Main", "M", (
        Card("Port", "Ship", text="Gain 2 Free Trade.", where=at(30)),)),))
    assert check_wording(printed) == []


def test_wording__an_alias_that_is_a_form_of_the_name_printed_for_players():
    attributes = (Attribute("Expansion", aliases=("Expand", "EXP", "Growth"), where=at(2)),
                  Attribute("Planetary Ecology", aliases=("Ecology", "Eco"), where=at(3)),
                  Attribute("Economy Commerce", aliases=("Commerce",), where=at(4)))
    cards = (Card("Scout", "Ship", text="Expand twice, then Growth. EXP +1.", where=at(30)),
             Card("Farm", "Ship", text="Ecology and Planetary Ecology, Expand.", where=at(31)),
             Card("Bank", "Ship", text="Economy Commerce only.", where=at(32)))
    g = game(attributes=attributes, decks=(Deck("main", "Main", "M", cards),),
             card_types=(CardType("Ship", "main", description="Expanders.", where=at(10)),),
             phases=(Phase("War", "", summary="Ecology first.", where=at(50)),))
    assert said(check_wording(g)) == [
        ("warning", 30, "card 'Scout': prints 'Expand', an alias of Expansion: players read the attribute's name, so "
                        "print 'Expansion' (or say why in an erratum)"),
        ("warning", 31, "card 'Farm': prints 'Ecology', an alias of Planetary Ecology: players read the attribute's "
                        "name, so print 'Planetary Ecology' (or say why in an erratum)"),
        ("warning", 31, "card 'Farm': prints 'Expand', an alias of Expansion: players read the attribute's name, so "
                        "print 'Expansion' (or say why in an erratum)"),
        ("warning", 50, "phase 'War': summary: prints 'Ecology', an alias of Planetary Ecology: players read the "
                        "attribute's name, so print 'Planetary Ecology' (or say why in an erratum)")]
    assert check_wording(game(attributes=(Attribute("Expansion", aliases=("EXPA", "Growth")),))) == []


@pytest.mark.parametrize("name, alias", [("Expansion", "Expa"), ("Tech Level", "Techs")])
def test_wording__four_letters_alike_make_a_form_of_the_name(name, alias):
    g = game(attributes=(Attribute(name, aliases=(alias,)),),
             decks=(Deck("main", "Main", "M", (Card("Scout", "Ship", text=f"Gain 1 {alias}.", where=at(30)),)),))
    assert [line for _, line, _ in said(check_wording(g))] == [30]
    other = game(attributes=(Attribute(name, aliases=("Exp",)),),
                 decks=(Deck("main", "Main", "M", (Card("Scout", "Ship", text="Gain 1 Exp."),)),))
    assert check_wording(other) == []  # three letters: a code, not a form of the name


def test_counters__names_once_a_start_within_its_limits_and_a_listed_kit_choice():
    placeless = (Counter("Gold"), Counter("gold", start=9, max=1, kit_choice="K9"))
    assert [p.where for p in check_costs(game(counters=placeless))] == [Where("")] * 3
    counters = (Counter("Gold", start=5, min=0, max=10, kit_choice="K1", where=at(20)),
                Counter("gold", where=at(21)), Counter("Ore", aliases=("GOLD",), where=at(22)),
                Counter("Food", start=5, max=4, where=at(23)), Counter("Wood", start=-1, min=0, where=at(24)),
                Counter("Gems", start=3, min=3, max=3, kit_choice="K12", where=at(25)),
                Counter("Iron", kit_choice="Kx", where=at(26)))
    g = game(counters=counters, kit_choices=(KitChoice("K1", "w", "y"), KitChoice("K3", "w", "y")))
    assert said(check_costs(g)) == [
        ("error", 21, "counter 'gold': a name or alias is given twice"),
        ("error", 22, "counter 'Ore': a name or alias is given twice"),
        ("error", 23, "counter 'Food': start 5 is outside its limits (None to 4)"),
        ("error", 24, "counter 'Wood': start -1 is outside its limits (0 to None)"),
        ("error", 25, "counter 'Gems': kit choice 'K12' is not in kit_choices (did you mean 'K1'?)"),
        ("error", 26, "counter 'Iron': kit choice 'Kx' is not in kit_choices (known: K1, K3)")]
    alone = game(counters=(Counter("Gold", kit_choice="K1", where=at(20)),))
    assert said(check_costs(alone)) == [("error", 20, "counter 'Gold': kit choice 'K1' is not in kit_choices")]


def test_costs__of_types_cards_their_steps_and_phases_name_counters_and_pay_0_or_more():
    def cost(name: str, amount: int = 2, line: int = 0) -> Cost:
        return Cost((Price(name, amount, where=at(line) if line else None),), where=at(line + 1 if line else 99))

    g = game(card_types=(CardType("Ship", "main", cost=cost("Gld", line=11), played_in=("War",)),),
             decks=(Deck("main", "Main", "M", (Card("Scout", "Ship", cost=cost("Gold", -1, line=31),
                                                    actions=(Action("draw", cost=cost("Wood", line=33)),)),)),),
             phases=(Phase("War", "", actions=(Action("draw", cost=Cost(any=3, of=("Gold", "Ore"), where=at(51))),)),))
    assert said(check_costs(g)) == [
        ("error", 11, "card type 'Ship': cost: unknown counter 'Gld' (did you mean 'Gold'?)"),
        ("error", 31, "card 'Scout': cost: -1 Gold is below 0"),
        ("error", 33, "card 'Scout': cost: unknown counter 'Wood' (known: Gold)"),
        ("error", 51, "phase 'War': cost: unknown counter 'Ore' (known: Gold)")]
    none = game(counters=(), card_types=(CardType("Ship", "main", cost=cost("Gold", line=11)),))
    assert said(check_costs(none)) == [("error", 11, "card type 'Ship': cost: unknown counter 'Gold' (the game "
                                                     "declares no counters: add them under counters:)")]
    placeless = game(card_types=(CardType("Ship", "main", cost=Cost((Price("Gld", 1),))),))
    assert [p.where for p in check_costs(placeless)] == [Where("")]
    at_cost = game(card_types=(CardType("Ship", "main", cost=Cost((Price("Gld", 0), Price("Gold", -2)), where=at(12))),))
    assert said(check_costs(at_cost)) == [  # prices without a line of their own: the cost's, else none
        ("error", 12, "card type 'Ship': cost: unknown counter 'Gld' (did you mean 'Gold'?)"),
        ("error", 0, "card type 'Ship': cost: -2 Gold is below 0")]
    assert [p.where for p in check_costs(at_cost)][1] == Where("")
    assert check_costs(game(card_types=(CardType("Ship", "main", cost=Cost((Price("Gold", 0),))),))) == []


def pictured(*cards: Card) -> list[tuple[str, int, str]]:
    return said(check_pictures(game(decks=(Deck("main", "Main", "M", cards),))))


def test_pictures__two_cards_share_an_icon_only_as_variants_of_one_card():
    assert pictured(Card("Scout", "Ship", icon="spy", where=at(30)), Card("Frigate", "Ship", icon="spy", where=at(31)),
                    Card("Raider", "Ship", icon="spy", where=at(32))) == [
        ("warning", 31, "card 'Frigate': its icon 'spy' is already the picture of 'Scout'; choose another, or mark it "
                        "variant_of: Scout"),
        ("warning", 32, "card 'Raider': its icon 'spy' is already the picture of 'Scout'; choose another, or mark it "
                        "variant_of: Scout")]
    assert pictured(Card("Scout", "Ship", icon="spy", id="scout-1"), Card("Scout II", "Ship", icon="spy",
                                                                          variant_of="scout-1"),
                    Card("Scout III", "Ship", icon="spy", variant_of="Scout II"), Card("Scout", "Ship", icon="spy"),
                    Card("Frigate", "Ship", icon="ship"), Card("Plain", "Ship")) == []


def test_pictures__a_variant_of_no_card_of_the_deck_is_an_error():
    assert pictured(Card("Scout II", "Ship", variant_of="Scuot", where=at(31))) == [
        ("error", 31, "card 'Scout II': variant_of: no card 'Scuot' in deck 'main'")]
    decks = (Deck("a", "A", "A", (Card("X", "Ship", variant_of="nope", where=at(30)),)),
             Deck("b", "B", "B", (Card("Y", "Ship", variant_of="none", where=at(40)), Card("Plain", "Ship"),
                                  Card("P", "Ship", icon="spy", where=at(41)), Card("Q", "Ship", icon="spy", where=at(42)))))
    assert [(level, line) for level, line, _ in said(check_pictures(game(decks=decks)))] == [
        ("error", 30), ("error", 40), ("warning", 42)]


def test_variant_roots__each_chain_to_its_first_card_a_loop_to_where_it_closes():
    deck = Deck("main", "Main", "M", (Card("A", "Ship"), Card("B", "Ship", variant_of="a"), Card("C", "Ship", variant_of="B"),
                                      Card("D", "Ship", variant_of="E"), Card("E", "Ship", variant_of="D"),
                                      Card("F", "Ship", variant_of="nobody")))
    assert variant_roots(deck) == {"A": "A", "B": "A", "C": "A", "D": "D", "E": "E", "F": None}


def playing(*types: CardType, cards=("Ship",)) -> list[tuple[str, int, str]]:
    deck = Deck("main", "Main", "M", tuple(Card(f"C{i}", kind) for i, kind in enumerate(cards)))
    return said(check_playing(game(card_types=types, decks=(deck,),
                                   phases=(Phase("War", "", where=at(50)), Phase("Peace", "", where=at(51))))))


def test_playing__each_phase_named_is_the_games_or_any_phase():
    assert playing(CardType("Ship", "main", played_in=("War", ANY_PHASE), where=at(10))) == []
    assert playing(CardType("Ship", "main", played_in=("Wer",), where=at(10))) == [
        ("error", 10, "card type 'Ship': played_in: unknown phase 'Wer' (did you mean 'War'?)")]
    assert playing(CardType("Ship", "main", played_in=("Dawn", "War"), where=at(10))) == [
        ("error", 10, "card type 'Ship': played_in: unknown phase 'Dawn' (phases: War, Peace)")]


def test_playing__a_type_with_cards_is_played_somewhere_or_says_what_it_is_for_never_both():
    assert playing(CardType("Ship", "main", played_in=("War",), not_played="paid", where=at(10))) == [
        ("error", 10, "card type 'Ship': give played_in or not_played, not both")]
    assert playing(CardType("Ship", "main", not_played="spent to pay costs", where=at(10))) == []
    unplayed = playing(CardType("Ship", "main", where=at(10)), CardType("Relic", "main", where=at(11)))
    assert [(level, line) for level, line, _ in unplayed] == [("warning", 10)]  # Relic has no cards
    assert unplayed[0][2].startswith("card type 'Ship': no phase plays it: its cards print no 'Play in' line; add ")
    assert playing(CardType("Ship", "main")) == [("warning", 0, "card type 'Ship': no phase plays it: its cards print no "
                                                  "'Play in' line; add played_in: [PHASE] (or a phase action {do: play, "
                                                  "types: [...]}), or not_played: 'what the card is for' if it is "
                                                  "never played from the hand")]
