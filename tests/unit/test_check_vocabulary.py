"""The rules vocabulary as validate checks it and the printed rules say it (check/conditions.py): a
`when:` in words, and the game-wide records (zones, scoring, turn order, wild cards, costs and steps
written as expressions) naming only what the game has, each at its line."""
from __future__ import annotations

import dataclasses

from kitgen.check.conditions import check_conditions, when_words
from kitgen.errors import Where
from kitgen.model import (Action, Amount, Amounts, Attribute, Card, CardType, Cost, Counter, Deck, Expr, Game, GameEnd,
                          Phase, Price, Scoring, TurnOrder, VictoryPath, When, Wild, Zone)


def amounts(**values) -> Amounts:
    return Amounts(Amount(name, Expr(str(value))) for name, value in values.items())


def test_when_words__each_key_in_words_in_a_fixed_order():
    when = When(turn_after=3, end_of_turn=10, game_over=True, highest=("Military", "Trade"), by=Expr("2"),
                tie_break=("Gold", "Ore"), tie="share", at_least=amounts(Gold=5), more_than=amounts(Ore=1),
                at_most=amounts(Food=9), less_than=amounts(Wood="turn + 1"), empty=("tech",),
                cards_in=amounts(tableau=3), flag=("plotting",), streak=amounts(crown=2), last_standing=True)
    assert when_words(when) == (
        "after turn 3, at the end of turn 10, when the game ends, highest Military and Trade by at least 2 (ties: "
        "Gold, then Ore, then share), Gold at least 5, Ore more than 1, Food at most 9, Wood less than turn + 1, "
        "deck tech empty, at least 3 cards in tableau, holds plotting, has held crown 2 turns in a row, "
        "the last player left")


def test_when_words__lowest_most_and_groups_of_conditions():
    assert when_words(When(lowest=("Trade",))) == "lowest Trade (ties: nobody)"
    assert when_words(When(most_highest=True, tie="share")) == "highest in the most attributes (ties: share)"
    both = When(all=(When(turn_after=1), When(flag=("x",))), any=(When(empty=("a",)),),
                none=(When(last_standing=True), When(game_over=True)))
    assert when_words(both) == ("all of (after turn 1; holds x), any of (deck a empty), "
                                "none of (the last player left; when the game ends)")
    assert when_words(When()) == ""


def at(line: int) -> Where:
    return Where("g.yaml", line, 1)


def game(**more) -> Game:
    base = Game("g", "G", "G", "2", (Attribute("Military"), Attribute("Trade")), (CardType("Ship", "main"),),
                (Deck("main", "Main", "M", (Card("Scout", "Ship"), Card("Frigate", "Ship"))),), (),
                counters=(Counter("Gold"),), zones=(Zone("tableau", "in-play", where=at(5)),))
    return dataclasses.replace(base, **more)


def errors(g: Game) -> list[tuple[int, str]]:
    return [(p.where.line, p.message) for p in check_conditions(g)]


def test_zones__a_market_needs_a_deck_and_a_size_an_attached_zone_an_in_play_one():
    zones = (Zone("tableau", "in-play", where=at(5)), Zone("offer", "market", deck="mian", size=3, where=at(6)),
             Zone("shop", "market", deck="main", size=0, where=at(7)), Zone("crew", "attached", on="tablaeu", where=at(8)),
             Zone("cargo", "attached", where=at(9)), Zone("hold", "in-play", size=-1, where=at(10)),
             Zone("dock", "in-play", limit=-2, where=at(11)), Zone("bay", "in-play", keep=-1, where=at(12)),
             Zone("ok", "market", deck="main", size=1), Zone("on", "attached", on="tableau"))
    assert errors(game(zones=zones)) == [
        (6, "zone 'offer': a market needs a deck of the game and a size of 1 or more (did you mean 'main'?)"),
        (7, "zone 'shop': a market needs a deck of the game and a size of 1 or more"),
        (8, "zone 'crew': 'tablaeu' is not a zone of kind in-play (did you mean 'tableau'?)"),
        (9, "zone 'cargo': '(none)' is not a zone of kind in-play"),
        (10, "zone 'hold': size, limit and keep are 0 or more"), (11, "zone 'dock': size, limit and keep are 0 or more"),
        (12, "zone 'bay': size, limit and keep are 0 or more")]


def test_zones__a_piles_deck_the_hand_and_stays_each_at_the_zones_line():
    zones = (Zone("draw", "pile", deck="mian", where=at(5)), Zone("bank", "supply", where=at(6)),
             Zone("hand", "pile", sees="owner", where=at(7)), Zone("hand", "in-play", where=at(8)),
             Zone("hand", "pile", owner="table", where=at(9)), Zone("aside", "pile", stays=True, where=at(10)),
             Zone("kept", "in-play", stays=True, where=at(11)), Zone("dealt", "pile", deck="main", stays=True, where=at(12)),
             Zone("pool", "pile", deck="main", where=at(13)))
    assert errors(game(zones=zones)) == [
        (5, "zone 'draw': deck: unknown deck 'mian' (did you mean 'main'?)"), (6, "zone 'bank': deck: unknown deck ''"),
        (8, "zone 'hand' is declared twice"), (8, "zone 'hand': each player's hand; it may only say who sees it"),
        (9, "zone 'hand' is declared twice"), (9, "zone 'hand': each player's hand; it may only say who sees it"),
        (11, "zone 'kept': stays: goes with a pile no deck starts in (the cards set aside for the rest of the game)"),
        (12, "zone 'dealt': stays: goes with a pile no deck starts in (the cards set aside for the rest of the game)")]


def test_zones__room_an_expression_said_at_the_zones_line_and_only_on_the_zones_that_hold_cards_in_play():
    zones = (Zone("tableau", "in-play", room=Expr("Gould + 1"), where=at(5)),
             Zone("pool", "pile", room=Expr("2"), where=at(6)))
    assert errors(game(zones=zones)) == [
        (5, "zone 'tableau': unknown counter or attribute 'Gould' (did you mean 'Gold'?)"),
        (6, "zone 'pool': room goes with kind in-play or attached, replace with in-play")]


def test_zone_names__the_hand_each_decks_pile_and_the_declared_zones_a_condition_may_count():
    from kitgen.check.conditions import zone_names

    assert zone_names(game()) == ["hand", "main", "tableau"]
    counting = When(cards_in=amounts(hand=1, main=2, tableau=3, tablaeu=4), where=at(70))
    assert [m for _, m in errors(game(victory_paths=(VictoryPath("Rule", "", when=counting),)))] == [
        "victory path 'Rule': unknown zone 'tablaeu' (did you mean 'tableau'?)"]


def test_turn_order__a_roll_off_die_that_always_ties_or_is_no_dice():
    def said(roll: str) -> list[tuple[int, str]]:
        return errors(game(turn_order=TurnOrder(roll=roll, where=at(30))))

    assert said("2D6") == [] and said("1D2") == []
    assert said("1D1") == [(30, "turn_order: roll '1D1' always gives 1, so a tie never breaks: give dice of two sides "
                                "or more, such as 1D6")]
    assert said("3D1") == [(30, "turn_order: roll '3D1' always gives 3, so a tie never breaks: give dice of two sides "
                                "or more, such as 1D6")]
    assert said("1Dx") == [(30, "turn_order: roll '1Dx' is not dice notation like 1D6")]


def test_vocabulary_lines__the_game_end_in_words_unless_its_text_says_it():
    from kitgen.check.conditions import vocabulary_lines

    ends = GameEnd(when=When(at_least=amounts(Gold=10)))
    assert "The game ends when Gold at least 10" in vocabulary_lines(game(game_end=ends))
    written = GameEnd(when=When(at_least=amounts(Gold=10)), text="The game ends when the bank is broken.")
    assert "The game ends when the bank is broken." in vocabulary_lines(game(game_end=written))


def test_unreachable_paths__game_over_without_a_game_end_and_counters_no_step_changes():
    from kitgen.check.reads import unreachable_paths

    path = VictoryPath("Proud", "", when=When(game_over=True, highest=("Military", "Trade")), where=at(40))
    assert [(f.owner, f.where, f.message) for f in unreachable_paths(game(victory_paths=(path,)))] == [
        ("victory 'Proud'", at(40), "unreachable: it is checked when the game ends early, and the game has no game_end")]
    ending = game(victory_paths=(path,), game_end=GameEnd(when=When(turn_after=5)))
    assert [(f.where, f.message) for f in unreachable_paths(ending)] == [
        (at(40), "unreachable: no step changes Military or Trade (nor a card, faction or die), and its condition "
                 "needs it changed")]


def test_scoring_and_turn_order__name_counters_and_attributes_points_are_expressions():
    scoring = (Scoring("Military", "Gold", (Expr("3"), Expr("players")), where=at(20)),
               Scoring("Militery", "Gould", (Expr("3 +"),), where=at(21)))
    found = errors(game(scoring=scoring, turn_order=TurnOrder(("Trade", "Trad"), where=at(30))))
    assert found[:2] == [(21, "scoring: unknown counter or attribute 'Militery' (did you mean 'Military'?)"),
                         (21, "scoring: unknown counter or attribute 'Gould' (did you mean 'Gold'?)")]
    assert found[2][0] == 21 and found[2][1].startswith("scoring: '3 +' is not an expression")
    assert found[3:] == [(30, "turn_order: unknown counter or attribute 'Trad' (did you mean 'Trade'?)")]


def test_names__an_unknown_name_or_a_bad_expression_at_the_line_that_writes_it_shown_to_40_characters():
    long = "Gold + " * 8 + "*"
    scoring = (Scoring("Military", "Gold", (Expr("Ore * 2"), Expr(long)), where=at(22)),)
    assert errors(game(scoring=scoring)) == [
        (22, "scoring: unknown counter or attribute 'Ore'"),
        (22, f"scoring: '{long[:40]}' is not an expression")]


MELDING = (Phase("Meld", "", actions=(Action("meld"),)),)  # a wild card needs a step that melds it


def test_wilds__melds_name_cards_of_the_game_and_a_limit_of_0_or_more():
    wild = Card("Joker", "Ship", wild=Wild(melds=("Scout", "Frigat"), where=at(40)))
    decks = (Deck("main", "Main", "M", (Card("Scout", "Ship"), Card("Frigate", "Ship"), wild)),)
    assert errors(game(decks=decks, phases=MELDING)) == [(40, "card 'Joker' wild: unknown card 'Frigat' in melds (did you mean "
                                              "'Frigate'?)")]


def test_wilds__a_wild_card_in_a_game_no_step_of_which_melds():
    wild = Card("Joker", "Ship", wild=Wild(melds=("Scout",), where=at(40)))
    decks = (Deck("main", "Main", "M", (Card("Scout", "Ship"), wild)),)
    assert errors(game(decks=decks)) == [(40, "card 'Joker' wild: no step of the game melds (do: meld)")]


def test_wilds__a_limit_of_0_or_more():
    def wild(limit: int) -> Game:
        joker = Card("Joker", "Ship", wild=Wild(limit=limit, where=at(40)))
        return game(decks=(Deck("main", "Main", "M", (Card("Scout", "Ship"), joker)),), phases=MELDING)

    assert errors(wild(-1)) == [(40, "card 'Joker' wild: limit is 0 or more")]
    assert errors(wild(0)) == [] and errors(wild(2)) == []


def test_flags__only_a_flag_step_sets_one():
    steps = (Action("draw", flag="ghost"), Action("flag", flag="crown"))
    g = game(phases=(Phase("War", "", actions=steps),),
             victory_paths=(VictoryPath("Rule", "", when=When(flag=("ghost", "crown"), where=at(70))),))
    assert errors(g) == [(70, "victory path 'Rule': no step sets the flag 'ghost'")]


def test_steps__their_amounts_expressions_and_zones_are_the_games():
    steps = (Action("gain", gain=amounts(Gould=2), where=at(50)),
             Action("contest", die="1D6", strength=Expr("Militery + 1"), target="target-player", where=at(51)),
             Action("buy", zone="tableau", where=at(52)), Action("attach", zone="tableau", types=("Ship",), where=at(53)),
             Action("play", to="market", where=at(54)), Action("draw", count=Expr("players + Gold"), where=at(55)))
    found = errors(game(phases=(Phase("War", "", actions=steps),)))
    assert [line for line, _ in found] == [50, 51, 52, 53, 54]
    assert found[0][1] == "phase 'War': unknown counter or attribute 'Gould' (did you mean 'Gold'?)"
    assert found[1][1].startswith("phase 'War': unknown counter or attribute 'Militery'")
    assert found[2][1] == "phase 'War': 'tableau' is not a zone of kind market or supply"
    assert found[3][1] == "phase 'War': 'tableau' is not a zone of kind attached"
    assert found[4][1] == "phase 'War': 'market' is not a zone of kind in-play"


def test_costs__a_price_written_as_an_expression_names_the_games_counters():
    priced = Card("Scout", "Ship", cost=Cost((Price("Gold", 0, where=at(60), expression="2 * Ore"),)))
    found = errors(game(decks=(Deck("main", "Main", "M", (priced,)),)))
    assert found == [(60, "card 'Scout': unknown counter or attribute 'Ore'")]


def test_phase_words__a_phase_skipped_while_a_flag_is_in_play_reads_so_for_players():
    """Alpha Centauri's Conflict Phase is skipped while a card's 'Skip Conflict' flag holds: players
    read "unless Skip Conflict is in play", never the coverage table's "none of (holds ...)"."""
    from kitgen.check.conditions import phase_when_words, unless_flags

    skipped = When(none=(When(flag=("Skip Conflict",)), When(flag=("Truce",))))
    assert unless_flags(skipped) == ["Skip Conflict", "Truce"]
    assert phase_when_words(skipped, "sentence") == "Unless Skip Conflict or Truce is in play:"
    assert phase_when_words(skipped, "note") == "unless Skip Conflict or Truce is in play"
    for other in (When(none=(When(flag=("Skip",), turn_after=2),)), When(none=(When(flag=("Skip",)),), turn_after=2)):
        assert unless_flags(other) == []
        assert phase_when_words(other, "cell").startswith("When ")
