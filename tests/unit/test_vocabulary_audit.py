"""An independent review of the rules vocabulary (issue 26): one small scripted game per primitive,
its expected outcome worked out by hand from the README's words ("The rules vocabulary"), never
from a run of the code. Each comment gives the arithmetic."""
from __future__ import annotations

import dataclasses

from kitgen.check.actions import check_actions
from kitgen.check.conditions import check_conditions
from kitgen.model import (Action, Attribute, Card, CardField, CardType, Cost, Counter, Deck, Effect, Elimination, Expr,
                          Faction, FieldValue, FieldValues, Game, GameEnd, Phase, Price, Scoring, TurnOrder,
                          VictoryPath, When, Zone)
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.loop import play
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from tests.unit.test_rules_vocabulary import amounts, game, steps_of, take

GREEDY, RANDOM = POLICIES["greedy"], POLICIES["random"]
SWORD, BOOK = 0, 1  # the cards of tests.unit.test_rules_vocabulary.game(): Sword, then Book


def phase(*actions: Action, when: When | None = None) -> Phase:
    return Phase("Go", "", actions=actions, when=when)


def counters(*names: str, **bounds) -> tuple[Counter, ...]:
    return tuple(Counter(name, start=bounds.get(name, (0, None, None))[0], min=bounds.get(name, (0, None, None))[1],
                         max=bounds.get(name, (0, None, None))[2]) for name in names)


# --- counters and derived totals -------------------------------------------------------------

def test_counters__a_derived_total_is_read_where_a_step_needs_a_number():
    # Wealth = Gold + 2 * Gems = 2 + 2 * 1 = 4: `gain: {Fame: Wealth}` adds 4 Fame
    g = game(phases=(phase(Action("gain", gain=amounts(Fame="Wealth"))),),
             counters=(Counter("Gold", start=2), Counter("Gems", start=1), Counter("Wealth", total=Expr("Gold + 2 * Gems")),
                       Counter("Fame")))
    t, (gain,) = steps_of(g)
    take(t, 0, gain)
    assert t.values[0] == [0, 0, 2, 1, 4]  # Might, Lore, Gold, Gems, Fame (a total has no value of its own)


def test_counters__min_and_max_hold_wherever_a_counter_changes():
    # Gold: min 0, max 10. A card worth +20 Gold, change +20, take 5 from a player with 3 (take can
    # only take what is above the min), a contest lost for 5 Gold (never below the min) all stay within 0..10
    sack = Card("Sack", "Gain", (Effect("Gold", 20),), copies=2)
    g = game(cards=(sack, Card("Book", "Gain", (), copies=2)),
             phases=(phase(Action("play", types=("Gain",)), Action("change", attribute="Gold", delta=20),
                           Action("take", attribute="Gold", count=5, target="target-player"),
                           Action("change", attribute="Gold", delta=-30),
                           Action("contest", target="target-player", die="1D6", strength=Expr("Might * 100"),
                                  lose=amounts(Gold=5))),),
             counters=(Counter("Gold", start=3, min=0, max=10),))
    t, (play, change, steal, lose_all, contest) = steps_of(g)
    t.hands[0] = [SWORD]
    take(t, 0, play)
    assert t.values[0][2] == 10  # 3 + 20, at most 10
    take(t, 0, change)
    assert t.values[0][2] == 10
    take(t, 1, steal)
    assert (t.values[0][2], t.values[1][2]) == (5, 8)  # seat 1 takes 5: it had 3, max 10: 8
    take(t, 1, steal)
    assert (t.values[0][2], t.values[1][2]) == (3, 10)  # 5 more is 13: seat 1 keeps 10, seat 0 loses only 2
    take(t, 0, lose_all)
    assert t.values[0][2] == 0  # 3 - 30, at least 0
    t.values[1][0] = 1  # seat 1 is 100 stronger: seat 0 loses, and has no Gold to lose
    take(t, 0, contest)
    assert t.values[0][2] == 0


def test_counters__a_factions_start_bonus_stops_at_the_max():
    # Gold starts at 3 with max 10: a faction's +20 starts it at 10
    g = game(phases=(phase(),), counters=(Counter("Gold", start=3, max=10),),
             factions=(Faction("Rich", effects=(Effect("Gold", 20),)),))
    assert Table(plan_game(g), 1, (RANDOM,) * 2, ACTIONS).values == [[0, 0, 10], [0, 0, 10]]


def test_counters__a_counter_with_a_min_pays_only_down_to_it():
    # Gold 5, min 2: a cost of 4 would leave 1, below the min: not paid, and the steps after it not taken
    pay = Action("pay", cost=Cost(pay=(Price("Gold", 4),)), then=(Action("gain", gain=amounts(Fame=1)),))
    g = game(phases=(phase(pay),), counters=(Counter("Gold", start=5, min=2), Counter("Fame")))
    t, (paid,) = steps_of(g)
    take(t, 0, paid)
    assert t.values[0][2:] == [5, 0]
    t.values[0][2] = 6
    take(t, 0, paid)
    assert t.values[0][2:] == [2, 1]


# --- pay, buy, exchange ----------------------------------------------------------------------

def market_game(cost: Cost, gold: int, gems: int, limit: int = 0) -> Game:
    cards = (Card("Gem Mine", "Site", (Effect("Might", 1),), copies=6, cost=cost),)
    return Game("m", "M", "M", "2", (Attribute("Might", start="0"),), (CardType("Site", "sites"),),
                (Deck("sites", "Sites", "S", cards),),
                (phase(Action("buy", zone="market", to="land", count=3)),),
                counters=(Counter("Gold", start=gold), Counter("Gems", start=gems)),
                zones=(Zone("market", "market", deck="sites", size=2), Zone("land", "in-play", limit=limit)),
                victory_paths=(VictoryPath("Big", "", when=When(at_least=amounts(Might=9))),), turns=5)


def test_buy__pays_the_cards_cost_refills_the_market_and_stops_at_the_zones_limit():
    # cost 2 Gold; 7 Gold buys 3 (count 3) for 6: 1 Gold left; the market shows 2 again (6 - 2 - 3 = 1 in the
    # pile after the first 2 were laid and 3 refilled: 6 cards, 2 + 3 drawn, 1 left)
    t, (buy,) = steps_of(market_game(Cost(pay=(Price("Gold", 2),)), gold=7, gems=0))
    take(t, 0, buy)
    assert t.values[0] == [3, 1, 0] and len(t.state.zones["land"][0]) == 3
    assert len(t.state.market["market"]) == 2 and len(t.piles["sites"][0]) == 1
    t, (buy,) = steps_of(market_game(Cost(pay=(Price("Gold", 2),)), gold=7, gems=0, limit=2))
    take(t, 0, buy)
    assert t.values[0] == [2, 3, 0]  # the land holds 2: the third is not bought


def test_buy__a_cost_in_any_mix_of_counters_is_paid():
    # {any: 3, of: [Gold, Gems]}: with 2 Gold and 2 Gems the first costs 3 of the 4, and the second cannot
    # be paid (1 left): one bought, 1 of the 4 left
    t, (buy,) = steps_of(market_game(Cost(any=3, of=("Gold", "Gems")), gold=2, gems=2))
    take(t, 0, buy)
    assert t.values[0][0] == 1 and sum(t.values[0][1:]) == 1
    t, (buy,) = steps_of(market_game(Cost(any=3, of=("Gold", "Gems")), gold=1, gems=1))
    take(t, 0, buy)
    assert t.values[0] == [0, 1, 1]  # 2 in all: nothing bought


def test_buy__a_price_the_rules_compute_is_not_paid_and_the_coverage_says_so():
    plan = plan_game(market_game(Cost(text="2 per Site you have"), gold=0, gems=0))
    assert [(c.rule, c.status) for c in plan.coverage if c.rule.startswith("cost of")] == \
        [("cost of 'Gem Mine'", "approximated")]


def test_exchange__at_most_count_times_and_only_while_the_player_can_pay():
    # 2 Gold for 1 Fame, count 2, Fame wins: 7 Gold -> two exchanges (count): 3 Gold, 2 Fame; then 3 Gold ->
    # one exchange, and 1 Gold cannot pay another
    bank = Action("exchange", count=2, cost=Cost(pay=(Price("Gold", 2),)), gain=amounts(Fame=1))
    g = game(phases=(phase(bank),), counters=(Counter("Gold", start=7), Counter("Fame")),
             paths=(VictoryPath("Famous", "", when=When(at_least=amounts(Fame=9))),))
    t, (exchange,) = steps_of(g)
    take(t, 0, exchange)
    assert t.values[0][2:] == [3, 2]
    take(t, 0, exchange)
    assert t.values[0][2:] == [1, 3]


# --- when: with a tie rule, in play ----------------------------------------------------------

def test_phase_when__a_tie_is_shared_broken_or_nobodys_as_the_condition_says():
    # Might 3, 3, 1 and Lore 1, 2, 0: the phase gives 1 Fame to whom it is for
    def fame_after(when: When) -> list[int]:
        g = game(phases=(phase(Action("gain", gain=amounts(Fame=1)), when=when),), counters=(Counter("Fame"),), turns=1)
        t = Table(plan_game(g), 1, (RANDOM,) * 3, ACTIONS)
        t.values = [[3, 1, 0], [3, 2, 0], [1, 0, 0]]
        play(t)
        return [v[2] for v in t.values]
    assert fame_after(When(highest=("Might",))) == [0, 0, 0]
    assert fame_after(When(highest=("Might",), tie="share")) == [1, 1, 0]
    assert fame_after(When(highest=("Might",), tie_break=("Lore",))) == [0, 1, 0]
    assert fame_after(When(lowest=("Might",))) == [0, 0, 1]


# --- choices and optional steps ----------------------------------------------------------------

def test_choose_and_optional__random_takes_every_option_greedy_the_best():
    pick = Action("choose", then=(Action("gain", gain=amounts(Gold=1)), Action("gain", gain=amounts(Fame=1))),
                  optional=True)
    g = game(phases=(phase(pick),), counters=(Counter("Gold"), Counter("Fame")),
             paths=(VictoryPath("Famous", "", when=When(at_least=amounts(Fame=5))),))
    seen = set()
    for seed in range(30):
        t, (choice,) = steps_of(g, seed=seed, policy=RANDOM)
        take(t, 0, choice)
        seen.add(tuple(t.values[0][2:]))
    assert seen == {(1, 0), (0, 1), (0, 0)}  # Gold, Fame, or (optional) neither
    t, (choice,) = steps_of(g)
    take(t, 0, choice)
    assert t.values[0][2:] == [0, 1]


# --- scoring schedules -------------------------------------------------------------------------

def test_scoring__a_tie_for_nobody_leaves_the_place_empty_and_every_turn_scores_when_none_are_listed():
    # Might 4, 4, 2, 1; points 5, 3, 1; tie: nobody: seats 0 and 1 tie for first (nothing), seat 2 is third
    # (1 point), seat 3 fourth (nothing). No turns listed: every one of the 3 turns scores: 0, 0, 3, 0
    g = game(phases=(phase(),), counters=(Counter("Fame"),), turns=3,
             scoring=(Scoring("Might", "Fame", (5, 3, 1), tie="nobody"),))
    t = Table(plan_game(g), 1, (RANDOM,) * 4, ACTIONS)
    t.values = [[4, 0, 0], [4, 0, 0], [2, 0, 0], [1, 0, 0]]
    play(t)
    assert [v[2] for v in t.values] == [0, 0, 3, 0]


def test_scoring__points_stop_at_the_counters_max():
    g = game(phases=(phase(),), counters=(Counter("Fame", max=7),), turns=2, scoring=(Scoring("Might", "Fame", (5, 3)),))
    t = Table(plan_game(g), 1, (RANDOM,) * 2, ACTIONS)
    t.values = [[4, 0, 0], [1, 0, 0]]
    play(t)
    assert [v[2] for v in t.values] == [7, 6]  # 5 + 5 capped at 7; 3 + 3


def test_scoring__points_are_expressions_worked_out_for_the_player_they_go_to():
    # points "turn * 2" and "Temples": turn 1: 2 to the first (seat 0), 3 (its Temples) to seat 1;
    # turn 2: 4 and 3 again: 6 and 6
    g = game(phases=(phase(),), counters=(Counter("Temples"), Counter("Fame")), turns=2,
             scoring=(Scoring("Might", "Fame", (Expr("turn * 2"), Expr("Temples"))),))
    t = Table(plan_game(g), 1, (RANDOM,) * 2, ACTIONS)
    t.values = [[4, 0, 1, 0], [1, 0, 3, 0]]
    play(t)
    assert [v[3] for v in t.values] == [6, 6]
    problems = check_conditions(dataclasses.replace(g, scoring=(Scoring("Might", "Fame", (Expr("Temple * 2"),)),)))
    assert [p.message for p in problems] == \
        ["scoring: unknown counter or attribute 'Temple' (did you mean 'Temples'?)"]


# --- turn order by ranking ---------------------------------------------------------------------

def test_turn_order__ranked_again_at_the_start_of_every_turn_by_a_derived_total():
    # by Wealth = Gold * 2. Turn 1: Gold 1, 2: seat 1 first. The lowest Wealth gains 2 Gold: seat 0 (2 < 4) -> 3.
    # Turn 2: Gold 3, 2: seat 0 first
    grow = Action("when", when=When(lowest=("Wealth",)), then=(Action("gain", gain=amounts(Gold=2)),))
    orders = []
    for turns in (1, 2):
        g = game(phases=(phase(grow),), counters=(Counter("Gold"), Counter("Wealth", total=Expr("Gold * 2"))),
                 turns=turns, turn_order=TurnOrder(("Wealth",)))
        t = Table(plan_game(g), 1, (RANDOM,) * 2, ACTIONS)
        t.values = [[0, 0, 1], [0, 0, 2]]
        play(t)
        orders.append(t.state.order)
    assert orders == [[1, 0], [0, 1]]


# --- melds ---------------------------------------------------------------------------------------

def test_meld__an_in_play_zones_limit_holds_for_melds_and_types_say_which_cards_meld():
    # the table holds 4 cards a player: 5 Swords make a meld of 4 (1 Fame each); a step for `types: [Lore]`
    # melds only Lore cards, however many Swords the hand holds
    cards = (Card("Sword", "Arm", (), copies=6), Card("Scroll", "Lore", (), copies=6))
    g = Game("m", "M", "M", "2", (Attribute("Might", start="0"),), (CardType("Arm", "main"), CardType("Lore", "main")),
             (Deck("main", "Main", "M", cards),),
             (phase(Action("meld", zone="table", min=Expr("3"), gain=amounts(Fame=1)),
                    Action("meld", zone="table", min=Expr("2"), types=("Lore",), gain=amounts(Fame=1))),),
             counters=(Counter("Fame"),), zones=(Zone("table", "in-play", limit=4),),
             victory_paths=(VictoryPath("Famous", "", when=When(at_least=amounts(Fame=9))),))
    t, (meld, lore) = steps_of(g)
    t.hands[0] = [0, 0, 0, 0, 0]
    take(t, 0, meld)
    assert t.state.melds["table"][0] == {"Sword": 4} and t.hands[0] == [0] and t.values[0][1] == 4
    t, (meld, lore) = steps_of(g)
    t.hands[0] = [0, 0, 0, 1]
    take(t, 0, lore)
    assert t.state.melds["table"][0] == {} and t.hands[0] == [0, 0, 0, 1]  # 3 Swords, 1 Scroll: no Lore meld


def test_meld__a_group_melds_cards_of_one_type_or_one_value_of_a_card_field():
    # hand: Sun Sword, Moon Sword, Moon Scroll, Moon Scroll. By name: 2 Swords, 2 Scrolls (min 3: nothing).
    # By type: Arm 2, Lore 2: nothing. By suit: 3 Moon: a meld of 3 (1 Fame each)
    def card(name: str, kind: str, suit: str) -> Card:
        return Card(name, kind, (), copies=2, fields=FieldValues((FieldValue("suit", suit),)))
    cards = (card("Sun Sword", "Arm", "Sun"), card("Moon Sword", "Arm", "Moon"), card("Moon Scroll", "Lore", "Moon"))
    melds = {}
    for group in ("", "type", "suit"):
        g = Game("m", "M", "M", "2", (Attribute("Might", start="0"),), (CardType("Arm", "main"), CardType("Lore", "main")),
                 (Deck("main", "Main", "M", cards),),
                 (phase(Action("meld", zone="table", min=Expr("3"), gain=amounts(Fame=1), group=group)),),
                 counters=(Counter("Fame"),), zones=(Zone("table", "in-play"),), fields=(CardField("suit"),),
                 victory_paths=(VictoryPath("Famous", "", when=When(at_least=amounts(Fame=9))),))
        t, (meld,) = steps_of(g)
        t.hands[0] = [0, 1, 2, 2]
        take(t, 0, meld)
        melds[group] = (t.state.melds["table"][0], t.hands[0], t.values[0][1])
    assert melds == {"": ({}, [0, 1, 2, 2], 0), "type": ({}, [0, 1, 2, 2], 0), "suit": ({"Moon": 3}, [0], 3)}
    problems = check_actions(dataclasses.replace(g, phases=(phase(Action("meld", zone="table", group="siut")),)))
    assert [p.message for p in problems] == \
        ["phase 'Go': action 'meld': unknown group (type or a card field) 'siut' (did you mean 'suit'?)"]


# --- steal, look-and-take, swap ----------------------------------------------------------------

def test_steal__takes_count_cards_and_stops_when_the_hand_is_empty():
    g = game(phases=(phase(Action("steal", target="target-player", count=2)),))
    t, (steal,) = steps_of(g)
    t.hands = [[], [BOOK, BOOK, BOOK]]
    take(t, 0, steal)
    assert (t.hands[0], t.hands[1]) == ([BOOK, BOOK], [BOOK])
    take(t, 0, steal)
    assert (t.hands[0], t.hands[1]) == ([BOOK, BOOK, BOOK], [])


# --- flags and timers --------------------------------------------------------------------------

def test_flag__set_for_two_turns_holds_in_the_turn_it_is_set_and_the_next_only():
    # turn 1: Lore 0 < 1: set Crown for 2 turns, Lore 1; Crown holds: Might 1. Turn 2: Crown holds: Might 2.
    # Turns 3 and 4: it has lapsed. The streak: 1, 2, then 0
    crown = Action("when", when=When(less_than=amounts(Lore=1)),
                   then=(Action("flag", flag="Crown", turns=2), Action("change", attribute="Lore", delta=1)))
    reward = Action("when", when=When(flag=("Crown",)), then=(Action("change", attribute="Might", delta=1),))
    streaks = []
    for turns in (2, 4):
        t = Table(plan_game(game(phases=(phase(crown, reward),), turns=turns)), 1, (RANDOM,) * 2, ACTIONS)
        play(t)
        streaks.append(t.state.streaks[0]["Crown"])
    assert t.values[0] == [2, 1] and streaks == [2, 0]


# --- elimination -------------------------------------------------------------------------------

def test_elimination__a_player_out_is_no_target_no_rival_and_takes_no_turn():
    # seat 2 is out (Lives 0) with Might 9. Seats 0 and 1 fight each other only: a fight against seat 2 would
    # hand it (100 stronger per Might) the Glory. The phase for the single highest Might goes to seat 0
    # (Might 2 against 1): seat 2's 9 no longer counts. Seat 2 takes no turn: its Might stays 9
    fight = Action("contest", target="target-player", die="1D6", strength=Expr("Might * 100"), gain=amounts(Glory=1))
    crown = Action("when", when=When(highest=("Might",)), then=(Action("gain", gain=amounts(Glory=10)),))
    g = game(phases=(phase(Action("change", attribute="Might", delta=0), fight, crown),),
             counters=(Counter("Lives", start=1), Counter("Glory")), turns=1,
             eliminate=Elimination(When(at_most=amounts(Lives=0))))
    for seed in range(10):
        t = Table(plan_game(g), seed, (RANDOM,) * 3, ACTIONS)
        t.values = [[2, 0, 1, 0], [1, 0, 1, 0], [9, 0, 0, 0]]
        t.state.out[2] = True
        play(t)
        assert [v[3] for v in t.values] == [12, 0, 0], seed  # seat 0 wins both fights and takes the crown


def test_elimination__a_player_out_is_no_target_of_a_cards_own_effects():
    # a card's effects go through the engine's recipients, which once ignored who is out. Seat 2 is out
    # with Might 9, Lore 0. Every card: -1 Might to a target player, +1 Lore to all other players. Each
    # of seats 0 and 1 plays one card in its turn: its target and its "others" can only be the other
    # one. After the turn: Might 4, 4, 9; Lore 1, 1, 0
    hit = Card("Raid", "Gain", (Effect("Might", -1, target="target-player"),
                                Effect("Lore", 1, target="all-other-players")), copies=20)
    g = game(phases=(phase(Action("draw", count=1), Action("play", count=1, types=("Gain",))),), cards=(hit,),
             counters=(Counter("Lives", start=1),), turns=1, eliminate=Elimination(When(at_most=amounts(Lives=0))))
    for seed in range(10):
        for policy in (RANDOM, GREEDY):
            t = Table(plan_game(g), seed, (policy,) * 3, ACTIONS)
            t.values = [[5, 0, 1], [5, 0, 1], [9, 0, 0]]
            t.state.out[2] = True
            play(t)
            assert [v[:2] for v in t.values] == [[4, 1], [4, 1], [9, 0]], (seed, policy.name)


# --- game end ------------------------------------------------------------------------------------

def test_game_end__checked_after_each_players_turn_so_later_seats_do_not_play_the_round():
    # 1 Fame a turn; the game ends when a player has 3: seat 0 in turn 3, before seat 1's third turn (2 Fame)
    most = VictoryPath("Most Fame", "", when=When(game_over=True, highest=("Fame",)))
    g = game(phases=(phase(Action("gain", gain=amounts(Fame=1))),), counters=(Counter("Fame"),), paths=(most,),
             turns=10, game_end=GameEnd(When(at_least=amounts(Fame=3))))
    t = Table(plan_game(g), 1, (RANDOM,) * 2, ACTIONS)
    result = play(t)
    assert (result.winner, result.turn, [v[2] for v in t.values]) == (0, 3, [3, 2])


def test_elimination__a_phase_for_the_highest_and_a_victory_for_the_highest_compare_the_players_still_in():
    # the same shapes the engine checks fast (a phase's `when: {highest: [Might]}`, a path `highest: [Might]`)
    # leave out seat 2 (out, Might 9): seat 0 (Might 2 against 1) takes the phase (5 Lore) and wins in turn 1
    g = game(phases=(Phase("Crown", "", when=When(highest=("Might",)), actions=(Action("change", attribute="Lore", delta=5),)),
                     phase(Action("check-victory"))),
             paths=(VictoryPath("Mightiest", "", when=When(highest=("Might",))),),
             counters=(Counter("Lives", start=1),), eliminate=Elimination(When(at_most=amounts(Lives=0))))
    t = Table(plan_game(g), 1, (RANDOM,) * 3, ACTIONS)
    t.values = [[2, 0, 1], [1, 0, 1], [9, 0, 0]]
    t.state.out[2] = True
    result = play(t)
    assert (result.winner, result.turn, t.values[0][1]) == (0, 1, 5)


# --- expressions as a step's count and delta --------------------------------------------------------

def test_count_and_delta__expressions_worked_out_for_the_player_when_the_step_is_taken():
    # turn 1 then turn 2, two players. Each turn: draw `turn` cards (1, then 2), change Lore by
    # `Might + turn` (seat 0 has Might 2: +3 then +4 = 7; seat 1 Might 0: +1 then +2 = 3); then a change of
    # Might by `Lore - Lore` (0) leaves Might alone. Hands: 1 + 2 = 3 cards each
    steps = (Action("draw", count=Expr("turn")), Action("change", attribute="Lore", delta=Expr("Might + turn")),
             Action("change", attribute="Might", delta=Expr("Lore - Lore")))
    g = game(phases=(phase(*steps),), turns=2)
    t = Table(plan_game(g), 1, (GREEDY,) * 2, ACTIONS)
    t.values = [[2, 0], [0, 0]]
    play(t)
    assert (t.values, [len(h) for h in t.hands]) == ([[2, 7], [0, 3]], [3, 3])


def test_count__an_exploding_expression_is_held_to_1000_and_a_negative_one_to_0():
    # 10^12 draws would never end; held to 1000, the 20-card deck empties and the draw stops. -5 draws nothing
    g = game(phases=(phase(Action("draw", count=Expr("Might * 1000000 * 1000000"))),), turns=1)
    t = Table(plan_game(g), 1, (GREEDY,) * 2, ACTIONS)
    t.values = [[9, 0], [-9, 0]]
    play(t)
    assert [len(h) for h in t.hands] == [20, 0]


def test_check__a_count_or_delta_expression_names_counters_and_a_written_count_stays_0_to_1000():
    steps = (Action("draw", count=Expr("Migth")), Action("change", attribute="Lore", delta=Expr("Lore ** 2")),
             Action("draw", count=Expr("5000")))
    g = game(phases=(phase(*steps),))
    messages = sorted(p.message for p in [*check_conditions(g), *check_actions(g)])
    assert messages == ["phase 'Go': 'Lore ** 2' 'Pow' is not allowed",
                        "phase 'Go': action 'draw': count 5000 is not 0-1000",
                        "phase 'Go': unknown counter or attribute 'Migth' (did you mean 'Might'?)"]


def test_counters__a_cards_effects_are_held_to_the_max_before_its_steps():
    # Gold starts at 8, max 10. The Purse gives +5 Gold (its effect), then its step loses 3: the effect
    # stops at 10 before the step is taken (8 + 5 = 13, held to 10), so 10 - 3 = 7, not 13 - 3 = 10
    purse = Card("Purse", "Gain", (Effect("Gold", 5),), copies=2,
                 actions=(Action("change", attribute="Gold", delta=-3),))
    g = game(cards=(purse, Card("Book", "Gain", (), copies=2)), phases=(phase(Action("play", types=("Gain",))),),
             counters=(Counter("Gold", start=8, max=10),))
    t, (play,) = steps_of(g)
    t.hands[0] = [SWORD]  # the first card of the deck: the Purse
    take(t, 0, play)
    assert t.values[0][2] == 7
