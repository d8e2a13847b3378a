"""What the simulator reads, checked before it plays (check/actions.py: every step's names and what
each kind of step cannot do without; card types' resolve), dice tables covering each result once
(check/game.py), formulas kept to arithmetic of a rule's size (check/formula.py), and the game-wide
rules in words for the rules summary (check/conditions.vocabulary_lines)."""
from __future__ import annotations

import dataclasses

import pytest

from kitgen.check.actions import check_actions
from kitgen.check.conditions import vocabulary_lines
from kitgen.check.formula import FormulaError, evaluate, parse_formula
from kitgen.check.game import check_game
from kitgen.errors import Where
from kitgen.model import (Action, Amount, Amounts, Attribute, Card, CardField, CardType, Condition, Cost, Counter,
                          DiceTable, Deck, Effect, Elimination, Expr, Game, GameEnd, Option, Phase, Price, Resolution,
                          Scoring, TableRow, TurnOrder, VictoryPath, When, Zone)

AT = Where("rules.yaml", 12, 7)


SHIPS = (CardType("Ship", "main", fields=(CardField("suit"),)),)


def game(*actions: Action, types=SHIPS, **more) -> Game:
    return Game("g", "G", "G", "2", (Attribute("Military"),), types,
                (Deck("main", "Main", "M", (Card("Scout", "Ship"),)),), (Phase("War", "", actions=actions),),
                tables=(DiceTable("loot", "Loot", (TableRow("1-6", "x"),), die="1D6"), DiceTable("names", "Names", ())),
                counters=(Counter("Gold"),), conditions=(Condition("IB", "IB", "If Benevolent"),), **more)


def said(*actions: Action, **more) -> list[str]:
    found = check_actions(game(*actions, **more))
    assert all(p.where == AT for p in found if p.message.startswith("phase"))
    return [p.message for p in found]


def step(do: str, **values) -> Action:
    return Action(do, where=AT, **values)


def test_actions__every_name_a_step_uses_is_the_games_with_a_did_you_mean():
    assert said(step("play", types=("Ship",)), step("draw", deck="main"), step("change", attribute="Gold"),
                step("change", table="loot"), step("change", attribute="Military")) == []
    assert said(step("play", types=("Shp", "Ship"))) == [
        "phase 'War': action 'play': unknown card type 'Shp' (did you mean 'Ship'?)"]
    assert said(step("draw", deck="mian")) == ["phase 'War': action 'draw': unknown deck 'mian' (did you mean 'main'?)"]
    assert said(step("change", attribute="Gould")) == [
        "phase 'War': action 'change': unknown attribute 'Gould' (did you mean 'Gold'?)"]
    assert said(step("change", table="names")) == ["phase 'War': action 'change': unknown dice table 'names'"]


@pytest.mark.parametrize("do", ["change", "take"])
def test_actions__a_change_or_take_needs_an_attribute_or_a_table(do):
    assert said(step(do)) == [f"phase 'War': action '{do}' needs an attribute or a table"]


@pytest.mark.parametrize("values", [{"die": "1D10", "on": (1,)}, {"deck": "main", "on": (1,)},
                                    {"deck": "main", "die": "1D10"}, {"deck": "main", "die": "D", "on": (1,)}])
def test_actions__an_event_needs_a_deck_a_die_and_what_it_happens_on(values):
    assert said(step("event", **values)) == [
        "phase 'War': action 'event' needs a deck, a die like 1D10 and the results it happens on ('on')"]
    assert said(step("event", deck="main", die="1D10", on=(1,))) == []


def test_actions__when_and_then_go_together_with_do_when():
    guard = When(turn_after=1)
    message = "phase 'War': action 'when': 'when:' goes with 'do: when', which needs 'then:'"
    assert said(step("when", when=guard, then=(step("draw"),))) == []
    assert said(step("when", then=(step("draw"),))) == []  # no condition: its steps always (an optional group)
    assert said(step("when", when=guard)) == [message]
    assert said(step("draw", when=guard)) == [message.replace("'when'", "'draw'", 1)]
    assert said(step("draw", then=(step("draw"),))) == [
        "phase 'War': action 'draw': 'then:' goes with do: when or pay or choose or guess or elect or battle or orders"
        " or draft or claim"]


@pytest.mark.parametrize("do, missing", [("gain", "gain"), ("pay", "cost"), ("exchange", "cost and gain"),
                                         ("buy", "zone"), ("attach", "zone and types"), ("choose", "then"),
                                         ("flag", "flag")])  # a meld without a zone goes to the discard
def test_actions__each_vocabulary_step_names_what_it_cannot_do_without(do, missing):
    assert said(step(do)) == [f"phase 'War': action '{do}' needs {missing}"]


def test_actions__a_contest_needs_a_die_it_can_roll_and_a_target_player():
    assert said(step("contest", die="1D6", target="target-player")) == []
    assert said(step("contest", target="target-player")) == ["phase 'War': action 'contest' needs die"]
    assert said(step("contest", die="6", target="target-player")) == [
        "phase 'War': action 'contest': die '6' is not dice notation like 1D6"]
    assert said(step("contest", die="1D6")) == ["phase 'War': action 'contest' needs target: target-player"]


@pytest.mark.parametrize("do", ["steal", "look-and-take", "swap"])
def test_actions__a_step_on_another_players_hand_needs_a_target_player(do):
    assert said(step(do, target="target-player")) == []
    alone = " (or top: N, the cards on top of a deck)" if do == "look-and-take" else ""
    assert said(step(do, target="all-other-players")) == [f"phase 'War': action '{do}' needs target: target-player{alone}"]


def test_actions__a_meld_group_is_the_type_or_a_card_field_and_only_for_melds():
    assert said(step("meld", zone="t", group="suit"), step("meld", zone="t", group="type")) == []
    assert said(step("meld", zone="t", group="colour")) == [
        "phase 'War': action 'meld': unknown group (type or a card field) 'colour'"]
    assert said(step("discard", group="suit")) == ["phase 'War': 'group:' goes with do: meld, score or draw"]


@pytest.mark.parametrize("count, ok", [("0", True), ("1000", True), ("1001", False), ("-1", False),
                                       ("players * 2000", True)])  # an expression is held to 0-1000 in play
def test_actions__a_written_count_is_0_to_1000(count, ok):
    assert said(step("draw", count=Expr(count))) == ([] if ok else
                                                      [f"phase 'War': action 'draw': count {int(count)} is not 0-1000"])


def test_actions__a_cards_steps_and_the_steps_a_when_guards_are_checked_too():
    guarded = step("when", when=When(turn_after=1), then=(step("draw", deck="x"),))
    assert said(guarded) == ["phase 'War': action 'draw': unknown deck 'x'"]
    acting = Deck("main", "Main", "M", (Card("Scout", "Ship", actions=(step("draw", deck="y"),)),))
    card_game = dataclasses.replace(game(), decks=(acting,))
    assert [p.message for p in check_actions(card_game)] == [
        "card 'Scout': action 'draw': unknown deck 'y'"]


def resolving(resolution: Resolution) -> list[str]:
    return [p.message for p in check_actions(game(types=(CardType("Dilemma", "main", resolve=resolution),)))]


def test_resolve__options_name_conditions_and_dice_tables_votes_name_attributes():
    AT2 = Where("rules.yaml", 13, 7)  # an option's problems at its line, the rest at the resolve's
    assert resolving(Resolution("choice", (Option("IB", "loot", 2),))) == []
    assert [p.where for p in check_actions(game(types=(CardType("D", "main", resolve=Resolution(
        "choice", (Option("IX", "names", where=AT2),), where=AT)),)))] == [AT2, AT2]
    assert [p.where for p in check_actions(game(types=(CardType("D", "main", resolve=Resolution(
        "vote", votes=("Nope",), where=AT)),)))] == [AT]
    assert [p.where for p in check_actions(game(types=(CardType("D", "main", resolve=Resolution("vote", where=AT)),)))] \
        == [AT]
    assert [p.where for p in check_actions(game(types=(CardType("D", "main", resolve=Resolution("choice", where=AT)),)))] \
        == [AT]
    assert resolving(Resolution("vote", votes=("Military",))) == []
    assert resolving(Resolution("choice", (Option("IX", "names"),))) == [
        "card type 'Dilemma': unknown condition 'IX'", "card type 'Dilemma': unknown dice table 'names'"]
    assert resolving(Resolution("vote", votes=("Militery",))) == ["card type 'Dilemma': unknown attribute 'Militery'"]
    assert resolving(Resolution("choice")) == ["card type 'Dilemma': a choice needs options"]
    assert resolving(Resolution("vote")) == ["card type 'Dilemma': a vote needs the attributes it sums"]
    assert resolving(Resolution("effects")) == []


def table_problems(die: str, *rolls: str) -> list[tuple[int, str]]:
    rows = tuple(TableRow(roll, "x", where=Where("tables.yaml", 20 + i, 5)) for i, roll in enumerate(rolls))
    g = Game("g", "G", "G", "2", (), (), (), (), tables=(DiceTable("t", "Loot", rows, die=die,
                                                                     where=Where("tables.yaml", 19, 3)),))
    return [(p.where.line, p.message) for p in check_game(g) if "table" in p.message]


def test_tables__every_result_covered_exactly_once():
    assert table_problems("1D6", "1-2", "3", "4+") == []
    assert table_problems("2D6", "2-6", "7", "8-12") == []
    assert table_problems("1D10", "1-5", "6-9", "0") == []  # a d10's 0 is its 10
    assert table_problems("1D6", "1-3", "3-5") == [(21, "table 'Loot': 3 is covered by both '1-3' and '3-5'"),
                                                    (19, "table 'Loot': no row for roll 6")]
    assert table_problems("1D6", "2-5") == [(19, "table 'Loot': no row for roll 1, 6")]


@pytest.mark.parametrize("roll", ["0-1", "5-7", "x", "1-", "7"])
def test_tables__a_roll_the_die_cannot_show_is_an_error_at_its_row(roll):
    assert table_problems("1D6", "1-6", roll)[0] == (21, f"table 'Loot': roll '{roll}' is not a result of 1D6")


@pytest.mark.parametrize("roll", ["0+", "7+"])  # from below the lowest face, or from above the top one
def test_tables__an_open_roll_outside_the_die_is_an_error_at_its_row(roll):
    assert table_problems("1D6", "1-6", roll) == [(21, f"table 'Loot': roll '{roll}' is not a result of 1D6")]


def test_tables__rows_after_a_bad_one_are_still_checked_with_their_attributes_and_effects():
    assert table_problems("1D6", "1-6", "x", "3") == [(21, "table 'Loot': roll 'x' is not a result of 1D6"),
                                                      (22, "table 'Loot': 3 is covered by both '1-6' and '3'")]
    row = TableRow("1-6", "x", attribute="Militery", effects=(Effect("Trde", 1, where=Where("tables.yaml", 31, 9)),),
                   where=Where("tables.yaml", 30, 5))
    for die in ("1D6", ""):  # a dice table and a lookup table alike
        g = Game("g", "G", "G", "2", (Attribute("Military"), Attribute("Trade")), (), (), (),
                 tables=(DiceTable("t", "Loot", (row,), die=die),))
        assert [(p.where.line, p.message) for p in check_game(g) if "table" in p.message] == [
            (30, "table 'Loot': unknown attribute 'Militery' (did you mean 'Military'?)"),
            (31, "table 'Loot': unknown attribute 'Trde' (did you mean 'Trade'?)")]


def test_tables__a_lookup_tables_bad_row_is_said_whatever_rows_follow_it():
    rows = (TableRow("AA", "x", attribute="Militery", where=Where("tables.yaml", 30, 5)),
            TableRow("BB", "y", attribute="Military", where=Where("tables.yaml", 31, 5)),
            TableRow("CC", "z", attributes=("Trde",), where=Where("tables.yaml", 32, 5)),
            TableRow("DD", "w", where=Where("tables.yaml", 33, 5)))
    g = Game("g", "G", "G", "2", (Attribute("Military"), Attribute("Trade")), (), (), (),
             tables=(DiceTable("t", "Loot", rows),))
    assert [(p.where.line, p.message) for p in check_game(g) if "table" in p.message] == [
        (30, "table 'Loot': unknown attribute 'Militery' (did you mean 'Military'?)"),
        (32, "table 'Loot': unknown attribute 'Trde' (did you mean 'Trade'?)")]


def test_tables__a_die_that_is_not_dice_notation_is_one_error_at_the_table():
    assert table_problems("D", "1") == [
        (19, "table 'Loot': die 'D' is not dice notation like 1D10 or 2D6 (at most 1000 results)")]
    assert table_problems("", "Conquest") == []  # a lookup table: its rows are keys


def test_formula__arithmetic_with_implicit_multiplication_and_nothing_else():
    assert evaluate("2P + 5(P - 4)", {"P": 6}) == 22
    assert evaluate("-N / 4", {"N": 2}) == -0.5
    assert evaluate("N(5 + S)", {"N": 2, "S": 1}) == 12
    assert parse_formula("P" + " " * 199) is not None  # 200 characters: the most a formula has
    with pytest.raises(FormulaError, match=r"^use numbers, capital-letter variables, \+ - \* / and brackets$"):
        parse_formula("p + 1")
    for bad, message in [("p + 1", "use numbers, capital-letter variables"), ("P ** 2", "'Pow' is not allowed"),
                         ("P % 2", "use numbers"), ("P1 + 2", "variable .P1. must be one capital letter"), ("1" * 201, "use numbers"),
                         ("P < 2", "use numbers")]:
        with pytest.raises(FormulaError, match=message.replace("*", r"\*")):
            parse_formula(bad)
    assert evaluate("PQ", {"P": 2, "Q": 3}) == 6  # two letters side by side multiply


def test_formula__a_value_beyond_a_trillion_on_the_way_is_refused_at_the_bound_itself():
    assert evaluate("P * P", {"P": 10**6}) == 10**12  # the bound itself is allowed
    with pytest.raises(FormulaError, match=r"^reaches more than 10\^12: give numbers of the size the rules use$"):
        evaluate("P * P + 1", {"P": 10**6})
    with pytest.raises(FormulaError, match=r"^reaches less than -10\^12"):
        evaluate("0 - P * P - 1", {"P": 10**6})
    with pytest.raises(FormulaError, match="reaches more"):
        evaluate("P", {"P": 10**12 + 1})
    with pytest.raises(FormulaError, match="reaches more"):
        evaluate("1000000000001", {})


def vocabulary_game(**more) -> Game:
    return Game("g", "G", "G", "2", (Attribute("Military"),), (), (Deck("tech", "Tech", "T"),), (), **more)


def test_vocabulary_lines__each_game_wide_rule_in_words_unless_it_has_its_own_text():
    zones = (Zone("Offer", "market", deck="tech", size=4), Zone("Tableau", "in-play"),
             Zone("Fleet", "in-play", limit=3), Zone("Crew", "attached", limit=2), Zone("Hold", "in-play", text="Own."))
    scoring = (Scoring("Military", "VP", (Expr("3"), Expr("1")), turns=(5, 10)),
               Scoring("Military", "VP", (Expr("5"),), turns=(20,)),
               Scoring("Military", "VP", (Expr("2"),), tie="nobody"),
               Scoring("Military", "VP", (Expr("1"),), text="Said so."))
    assert vocabulary_lines(vocabulary_game(zones=zones, scoring=scoring, turn_order=TurnOrder(("Military", "Gold")))) \
        == ["Offer: a market of 4 face-up cards from the tech deck, refilled after each buy",
            "Tableau: cards in play", "Fleet: cards in play, at most 3 each", "Crew: cards in play, at most 2 under "
            "each card", "Own.",
            "At the end of turns 5, 10: 3, 1 VP by the highest Military (ties: share)",
            "At the end of turn 20: 5 VP by the highest Military (ties: share)",
            "At the end of every turn: 2 VP by the highest Military (ties: nobody)",
            "Said so.", "Turn order: the highest Military, then Gold first"]


def test_vocabulary_lines__a_turn_order_a_phase_prints_elimination_and_the_game_end():
    out = When(less_than=Amounts((Amount("Military", Expr("1")),)))
    lines = vocabulary_game(turn_order=TurnOrder(("Military",), phase="Order"), eliminate=Elimination(out),
                            game_end=GameEnd(When(empty=("tech",))))
    assert vocabulary_lines(lines)[0].startswith("A player is out when ")
    assert vocabulary_lines(lines)[1].startswith("The game ends when ")
    assert len(vocabulary_lines(lines)) == 2  # the phase prints the turn order
    said_so = vocabulary_game(turn_order=TurnOrder(("Military",), text="Youngest first."),
                              eliminate=Elimination(out, text="Out at 0."), game_end=GameEnd(out, text="Ends."))
    assert vocabulary_lines(said_so) == ["Youngest first.", "Out at 0.", "Ends."]
    path = VictoryPath("Most", "Ends. The most Military wins.")  # says the game end's text: not said again
    assert vocabulary_lines(dataclasses.replace(said_so, victory_paths=(path,))) == ["Youngest first.", "Out at 0."]
    assert vocabulary_lines(vocabulary_game()) == []


def test_vocabulary_lines__zones_and_an_elimination_only_the_simulator_keeps_print_nothing():
    # Galactic Supremacy's rules say where its units lie and who loses in the seed's words; the zones
    # and the elimination the balance lab plays them by are `audience: simulator`
    out = When(less_than=Amounts((Amount("Military", Expr("1")),)))
    kept = vocabulary_game(zones=(Zone("worlds", "in-play", audience="simulator"), Zone("Hold", "in-play", text="Own.")),
                           eliminate=Elimination(out, audience="simulator"))
    assert vocabulary_lines(kept) == ["Own."]


def test_costs__a_price_for_an_unknown_counter_suggests_the_nearest_or_lists_them():
    priced = Game("g", "G", "G", "2", (Attribute("Military"),), (CardType("Ship", "main"),),
                  (Deck("main", "Main", "M", (Card("Scout", "Ship", cost=Cost((Price("Gould", 2),), where=AT)),
                                              Card("Frigate", "Ship", cost=Cost((Price("Zinc", 2),), where=AT)))),),
                  (), counters=(Counter("Gold"),))
    assert [p.message for p in check_game(priced) if ": cost:" in p.message] == [
        "card 'Scout': cost: unknown counter 'Gould' (did you mean 'Gold'?)",
        "card 'Frigate': cost: unknown counter 'Zinc' (known: Gold)"]


ROW = Zone("row", "pile", owner="table", sees="everyone")
DRAFT_ROW = "phase 'War': action 'draft': zone '{}' is not a face-up row on the table (owner: table, sees: everyone); " \
            "without zone: a draft takes from the hand"


@pytest.mark.parametrize("zone, ok", [(ROW, True), (Zone("row", "market"), True),  # a market: the table's, face up
                                      (Zone("row", "in-play"), False), (Zone("row", "pile", sees="owner"), False),
                                      (Zone("row", "pile", owner="player", sees="everyone"), False)])
def test_actions__a_draft_from_a_zone_takes_from_a_face_up_row_on_the_table(zone, ok):
    assert said(step("draft", zone="row", to="won"), zones=(zone,)) == ([] if ok else [DRAFT_ROW.format("row")])


def test_actions__a_draft_from_a_decks_draw_pile_is_no_face_up_row():
    """A deck's own draw pile (no zone of its name) is face down; a zone that does not exist is compile's line."""
    assert said(step("draft", zone="main", to="won"), zones=(ROW,)) == [DRAFT_ROW.format("main")]
    assert said(step("draft", zone="nowhere", to="won"), zones=(ROW,)) == []


def test_actions__a_bid_row_of_an_election_names_a_counter():
    rows = (TableRow("A", "x", bid="Gold", where=Where("tables.yaml", 40, 5)),
            TableRow("B", "y", bid="Gld", where=Where("tables.yaml", 41, 5)))
    found = check_actions(dataclasses.replace(game(step("elect", table="votes")),
                                              tables=(DiceTable("votes", "Votes", rows),)))
    assert [(p.where.line, p.message) for p in found if "bid" in p.message] == [
        (41, "table 'votes' row 'B': bid: unknown counter 'Gld' (did you mean 'Gold'?)")]


def test_actions__at_cost_goes_with_play_or_attach_and_loser_with_compare_or_claim():
    at_cost = [m for m in said(step("play", at_cost=True), step("attach", at_cost=True), step("draw", at_cost=True))
               if "at_cost" in m]
    assert at_cost == ["phase 'War': 'at_cost:' goes with 'do: play' or 'do: attach'"]
    loser = [m for m in said(*(step(do, target="target-player", loser=(step("draw"),)) for do in ("compare", "claim", "draw")))
             if "loser" in m]
    assert loser == ["phase 'War': action 'draw': 'loser:' goes with do: compare or claim"]


@pytest.mark.parametrize("ladder, ok", [((1, 1000), True), ((1001,), False), ((0,), False), ((2,) * 100, True), ((2,) * 101, False)])
def test_actions__a_meld_ladder_of_1_to_1000_cards_a_rung(ladder, ok):
    found = [m for m in said(step("meld", zone="t", ladder=ladder)) if "ladder" in m]
    assert found == ([] if ok else ["phase 'War': ladder: at most 100 melds, each of 1-1000 cards"])


@pytest.mark.parametrize("top, ok", [(0, True), (1000, True), (1001, False), (-1, False)])
def test_actions__top_is_0_to_1000(top, ok):
    found = [m for m in said(step("look-and-take", top=top)) if "0-1000" in m]
    assert found == ([] if ok else [f"phase 'War': action 'look-and-take': top {top} is not 0-1000"])


def test_actions__a_step_names_a_condition_of_the_game():
    assert said(step("meld", zone="t", condition="IB")) == []
    assert said(step("meld", zone="t", condition="IX")) == [
        "phase 'War': action 'meld': unknown condition 'IX'"]


def test_actions__a_card_step_missing_a_key_says_what_the_key_is_and_a_played_card_where_its_steps_go():
    # written from the README alone (examples/crazy-eights), "declare needs zone" did not say which zone
    assert said(step("declare", field="suit")) == [
        "phase 'War': action 'declare' needs zone (zone: the pile whose top card the named value is for, e.g. zone: pile)"]
    assert said(step("play", then=(step("draw"),)))[0].endswith(
        "; what a card does when played is its trigger: triggers: [{on: play, then: [...]}] on the card")
