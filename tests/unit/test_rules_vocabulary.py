"""The rules vocabulary (`when:` conditions, counters and derived totals, expressions, game end) in
small scripted games whose outcome can be checked by hand, and Galactic Civ written in it."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from kitgen.check.conditions import check_conditions
from kitgen.load import load_game
from kitgen.model import (Action, Amount, Amounts, Attribute, Card, CardType, Cost, Counter, Deck, Effect, Expr, Game,
                          GameEnd, Phase, Price, VictoryPath, When)
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.compile.conditions import Names, condition
from kitgen.simulate.engine.conditions import test as holds_for
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.victory import end_of_turn
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES

ROOT = Path(__file__).resolve().parents[2]
GREEDY, RANDOM = POLICIES["greedy"], POLICIES["random"]


def amounts(**values: str | int) -> Amounts:
    return Amounts(Amount(name.replace("_", " "), Expr(str(value))) for name, value in values.items())


def game(phases=(), paths=(), counters=(), cards=None, turns=10, game_end=None, **more) -> Game:
    """Two attributes (Might, Lore), the counters given, one deck of cards (blank unless given)."""
    cards = cards or (Card("Sword", "Gain", (), copies=10), Card("Book", "Gain", (), copies=10))
    return Game("voc", "Vocabulary", "V", "2-4", (Attribute("Might", start="0", abbreviation="MGT"),
                                                  Attribute("Lore", start="0")),
                (CardType("Gain", "main"),), (Deck("main", "Main", "V", cards),), phases,
                victory_paths=paths, counters=counters, turns=turns, game_end=game_end, **more)


def table(g: Game, values: list[list[int]], turn: int = 1, seed: int = 1) -> Table:
    t = Table(plan_game(g), seed, (GREEDY,) * len(values), ACTIONS)
    t.values, t.turn = [list(v) for v in values], turn
    return t


def holds(g: Game, when: When, values: list[list[int]], turn: int = 1) -> list[bool]:
    """For each seat: does `when` hold for it, at this table?"""
    t = table(g, values, turn)
    node = condition(when, Names(g, t.plan.attributes), {"main"})
    return [holds_for(node, t, seat) for seat in range(len(values))]


# --- highest and lowest, margins and ties --------------------------------------------------

def test_highest__a_tie_is_nobodys_unless_shared_or_broken():
    g = game()
    tied = [[5, 1], [5, 3], [2, 9]]
    assert holds(g, When(highest=("Might",)), tied) == [False, False, False]  # the seed's rule: nobody
    assert holds(g, When(highest=("Might",), tie="share"), tied) == [True, True, False]
    assert holds(g, When(highest=("Might",), tie_break=("Lore",)), tied) == [False, True, False]
    assert holds(g, When(lowest=("Might",)), tied) == [False, False, True]
    still = [[5, 3], [5, 3]]  # the tie break ties too: the tie rule settles what is left
    assert holds(g, When(highest=("Might",), tie_break=("Lore",)), still) == [False, False]
    assert holds(g, When(highest=("Might",), tie_break=("Lore",), tie="share"), still) == [True, True]


def test_highest__by_asks_for_a_lead_over_every_other_player():
    g = game()
    assert holds(g, When(highest=("Might",), by=Expr("5")), [[10, 0], [5, 0], [1, 0]]) == [True, False, False]
    assert holds(g, When(highest=("Might",), by=Expr("5")), [[10, 0], [6, 0], [1, 0]]) == [False, False, False]
    assert holds(g, When(highest=("MGT",), by=Expr("players + 1")), [[10, 0], [6, 0], [1, 0]]) == [True, False, False]


def test_groups__all_any_none_and_the_keys_of_one_mapping_all_hold():
    g = game()
    values = [[7, 1], [3, 6]]
    strong = When(at_least=amounts(Might=7))
    wise = When(more_than=amounts(Lore=5))
    assert holds(g, When(any=(strong, wise)), values) == [True, True]
    assert holds(g, When(all=(strong, wise)), values) == [False, False]
    assert holds(g, When(none=(strong,)), values) == [False, True]
    assert holds(g, When(at_least=amounts(Might=3), less_than=amounts(Lore=2)), values) == [True, False]
    assert holds(g, When(turn_after=3), values, turn=3) == [False, False]
    assert holds(g, When(turn_after=3), values, turn=4) == [True, True]


def test_most_highest__strictly_ahead_in_more_attributes_than_anyone_else():
    g = game()
    assert holds(g, When(most_highest=True), [[3, 3], [1, 1]]) == [True, False]
    assert holds(g, When(most_highest=True), [[3, 0], [1, 1]]) == [False, False]  # one each: nobody


def test_most_highest__a_level_count_goes_to_the_tie_break_then_the_tie_rule():
    g = game(counters=(Counter("Sum", total=Expr("Might + Lore")),))
    level = [[3, 0], [1, 4], [0, 0]]  # seats 1 and 2 lead in one attribute each; sums 3 and 5
    assert holds(g, When(most_highest=True, tie_break=("Sum",)), level) == [False, True, False]
    still = [[3, 0], [0, 3], [0, 0]]  # sums level too: nobody, or both when shared
    assert holds(g, When(most_highest=True, tie_break=("Sum",)), still) == [False, False, False]
    assert holds(g, When(most_highest=True, tie_break=("Sum",), tie="share"), still) == [True, True, False]
    assert holds(g, When(most_highest=True, tie_break=("Sum",)), [[3, 3], [1, 1], [0, 0]]) == [True, False, False]


# --- counters, derived totals, expressions ---------------------------------------------------

def test_expressions__read_counters_totals_turn_and_players():
    g = game(counters=(Counter("Gold", start=2), Counter("Gems", start=1),
                       Counter("Wealth", total=Expr("Gold + 2 * Gems"))))
    t = table(g, [[0, 0, 4, 1], [0, 0, 1, 3]], turn=6)
    names = Names(g, t.plan.attributes)
    assert t.plan.attributes == ("Might", "Lore", "Gold", "Gems")  # a total has no value of its own
    rich = condition(When(at_least=amounts(Wealth=7)), names, set())
    assert [holds_for(rich, t, s) for s in (0, 1)] == [False, True]  # 4 + 2 = 6; 1 + 6 = 7
    late = condition(When(at_least=amounts(Gold="turn / 2 + players - 1")), names, set())  # 6 // 2 + 2 - 1 = 4
    assert [holds_for(late, t, s) for s in (0, 1)] == [True, False]
    zero = condition(When(at_most=amounts(Gold="Gems / (Gold - Gold)")), names, set())  # by zero: 0
    assert [holds_for(zero, t, s) for s in (0, 1)] == [False, False]
    assert Table(plan_game(g), 1, (GREEDY, GREEDY), ACTIONS).values[0][2:] == [2, 1]  # the counters' start


def test_check__unknown_names_bad_expressions_and_a_total_of_itself_are_located_errors():
    g = game(phases=(Phase("War", "", when=When(highest=("Migth",), at_least=amounts(Lore="Lore +")),
                           actions=(Action("draw"),)),),
             counters=(Counter("Fame", total=Expr("Glory + 1")), Counter("Glory", total=Expr("Fame * 2"))),
             paths=(VictoryPath("Win", "", when=When(empty=("mian",))),))
    messages = sorted(p.message for p in check_conditions(g))
    assert "phase 'War': unknown counter or attribute 'Migth' (did you mean 'Might'?)" in messages
    assert any(m.startswith("phase 'War': 'Lore +' is not an expression") for m in messages)
    assert "victory path 'Win': unknown deck or zone 'mian' (did you mean 'main'?)" in messages
    assert any("counter 'Fame': its total counts itself" in m for m in messages)
    assert all(p.level == "error" for p in check_conditions(g))


# --- conditions in play --------------------------------------------------------------------

def grow(when: When | None = None) -> Phase:
    """Draw a card and gain 1 Might (only while `when` holds, when given)."""
    steps = (Action("draw"), Action("change", attribute="Might", delta=1))
    return Phase("Grow", "", actions=(Action("when", when=when, then=steps),) if when else steps)


def test_phase_when__a_phase_is_taken_only_while_its_condition_holds():
    g = game(phases=(grow(When(less_than=amounts(Might=3))),), turns=6)
    result = play(Table(plan_game(g), 7, (RANDOM, RANDOM), ACTIONS))
    assert result.winner == -1
    t = Table(plan_game(g), 7, (RANDOM, RANDOM), ACTIONS)
    play(t)
    assert t.values == [[3, 0], [3, 0]] and [len(h) for h in t.hands] == [3, 3]


def test_game_end__the_game_ends_when_the_deck_runs_out_and_the_single_highest_wins():
    cards = (Card("Sword", "Gain", (), copies=5),)
    win = VictoryPath("Most Might", "", when=When(game_over=True, highest=("Might",)))
    g = game(phases=(grow(),), paths=(win,), cards=cards, turns=50,
             game_end=GameEnd(When(empty=("main",))))
    t = Table(plan_game(g), 3, (RANDOM, RANDOM, RANDOM), ACTIONS)
    result = play(t)
    # 5 cards: seat 0 draws the 1st, 4th; seat 1 the 2nd, 5th: the deck is empty after seat 1's turn 2
    assert (result.turn, [len(h) for h in t.hands], t.values) == (2, [2, 2, 1], [[2, 0], [2, 0], [1, 0]])
    assert result.winner == -1  # seats 0 and 1 tie for the most Might: nobody wins
    g = game(phases=(grow(),), paths=(win,), cards=cards, turns=50, game_end=GameEnd(When(empty=("main",))))
    t = Table(plan_game(g), 3, (RANDOM, RANDOM), ACTIONS)
    result = play(t)  # two players: 3 and 2 cards; the deck is empty after seat 0's turn 3
    assert (result.winner, result.turn, result.paths) == (0, 3, (0,))


def test_game_end__a_condition_that_never_holds_leaves_the_turn_cap_to_end_the_game():
    win = VictoryPath("Most Might", "", when=When(game_over=True, highest=("Might",)))
    g = game(phases=(grow(),), paths=(win,), turns=4, game_end=GameEnd(When(at_least=amounts(Lore=1))))
    result = play(Table(plan_game(g), 1, (RANDOM, RANDOM), ACTIONS))
    assert (result.winner, result.turn) == (-1, 4)


def test_paths__when_and_the_older_keys_play_the_same_game():
    old = VictoryPath("Lead", "", after_turn=2, highest=("Might",), highest_any=("Lore", "Might"), margin=2)
    new = VictoryPath("Lead", "", when=When(turn_after=2, highest=("Might",), by=Expr("2"), any=(
        When(highest=("Lore",), by=Expr("2")), When(highest=("Might",), by=Expr("2")))))
    phase = Phase("Grow", "", actions=(Action("draw"), Action("play", types=("Gain",)), Action("check-victory")))
    cards = (Card("Sword", "Gain", (Effect("Might", 1),), copies=6), Card("Book", "Gain", (Effect("Lore", 1),), copies=6))
    plans = [plan_game(game(phases=(phase,), paths=(path,), cards=cards)) for path in (old, new)]
    assert plans[0].paths == plans[1].paths  # the same fast fields: no condition left to run
    for seed in range(20):
        assert play(Table(plans[0], seed, (RANDOM,) * 3, ACTIONS)) == play(Table(plans[1], seed, (RANDOM,) * 3, ACTIONS))


def test_galactic_civ__is_written_in_when_and_compiles_to_the_fast_checks():
    gc = load_game(ROOT / "data" / "galactic-civ")
    assert all(p.trigger is None for p in gc.phases) and all(p.when is not None for p in gc.victory_paths)
    assert all(not (p.highest or p.highest_any or p.after_turn or p.at_end_of_turn or p.most_attributes)
               for p in gc.victory_paths)
    plan = plan_game(gc)
    assert all(path.when is None for path in plan.paths[:-1])
    general = plan.paths[-1]  # kit choice general-victory-tie: its own condition settles a level count
    assert general.when is not None and general.most and not (general.highest or general.highest_any)
    assert [p.trigger.kind for p in plan.phases if p.trigger] == ["highest"] * 7 + ["lowest"]
    conquest = plan.paths[0]
    assert (conquest.after_turn, conquest.margin, len(conquest.highest), len(conquest.highest_any)) == (10, 5, 1, 2)
    assert plan.paths[-1].at_end_of_turn == 20 and plan.paths[-1].most


@pytest.mark.parametrize("seed", [1, 2])
def test_determinism__the_same_seed_gives_the_same_game(seed):
    win = VictoryPath("Most Might", "", when=When(game_over=True, highest=("Might",), tie_break=("Lore",)))
    g = game(phases=(grow(),), paths=(win,), turns=30, game_end=GameEnd(When(empty=("main",))))
    plan = plan_game(g)
    assert play(Table(plan, seed, (GREEDY,) * 3, ACTIONS)) == play(Table(plan, seed, (GREEDY,) * 3, ACTIONS))


# --- stage 2: zones, buying, paying, choices, scoring, turn order -----------------------------

FIXTURES = ROOT / "tests" / "fixtures" / "vocab"


def steps_of(g: Game, seed: int = 1, players: int = 2, policy=GREEDY) -> tuple[Table, list]:
    """A table of `g` and its first phase's steps, to take one by one."""
    t = Table(plan_game(g), seed, (policy,) * players, ACTIONS)
    return t, list(t.plan.phases[0].actions)


def take(t: Table, seat: int, step) -> None:
    ACTIONS[step.do](t, seat, step)


def test_market__buying_pays_refills_and_the_game_ends_when_the_market_is_empty():
    g = load_game(FIXTURES / "market")
    t = Table(plan_game(g), 1, (GREEDY, GREEDY), ACTIONS)
    assert (t.state.market["market"], len(t.piles["goods"][0])) == ([0, 0, 0], 4)
    result = play(t)
    # Coins: 1 + 2 = 3, buy; 2; 4, buy; 3, buy; 2; 4, buy: each player buys in turns 1, 3, 4, 6, and the
    # 7th and last Stall goes to seat 0 in turn 6: the market is empty, the game ends, 4 Prestige to 3
    assert (result.winner, result.turn, result.paths) == (0, 6, (0,))
    assert [v[0] for v in t.values] == [4, 3] and [len(z) for z in t.state.zones["street"]] == [4, 3]
    assert t.state.market["market"] == [] and t.piles["goods"] == ([], [])
    assert [sorted(p) for p in t.played] == [sorted(z) for z in t.state.zones["street"]]  # a bought card is played


def test_counters__min_and_max_bound_what_a_step_gains():
    g = load_game(FIXTURES / "market")
    t, (income,) = steps_of(g)
    for _ in range(10):
        take(t, 0, income)
    assert t.values[0][1] == 9  # Coins: max 9


GOLD_AND_FAME = (Counter("Gold", start=5), Counter("Fame"))


def economy(phases, counters=GOLD_AND_FAME, **more) -> Game:
    return game(phases=phases, counters=counters, **more)


def test_pay_exchange_and_optional_steps_are_the_policys_choice_when_they_help():
    pay = Action("pay", cost=Cost(pay=(Price("Gold", 3),)), then=(Action("gain", gain=amounts(Fame=2)),))
    bank = Action("exchange", count=5, cost=Cost(pay=(Price("Gold", 2),)), gain=amounts(Fame=1))
    hurt = Action("gain", gain=amounts(Fame=-1), optional=True)
    win = VictoryPath("Famous", "", when=When(at_least=amounts(Fame=10)))
    t, (paid, exchanged, skipped) = steps_of(economy((Phase("Go", "", actions=(pay, bank, hurt)),), paths=(win,)))
    take(t, 0, paid)
    assert t.values[0][2:] == [2, 2]  # Gold 5 - 3, Fame + 2
    take(t, 0, paid)
    assert t.values[0][2:] == [2, 2]  # cannot pay 3: nothing
    take(t, 0, exchanged)
    assert t.values[0][2:] == [0, 3]  # one exchange of 2 Gold for 1 Fame, then no Gold left
    take(t, 0, skipped)
    assert t.values[0][2:] == [0, 3]  # greedy leaves out the step that costs it Fame


def test_choose__greedy_takes_the_step_that_brings_it_nearest_a_victory():
    pick = Action("choose", then=(Action("gain", gain=amounts(Gold=3)), Action("gain", gain=amounts(Fame=1))))
    win = VictoryPath("Famous", "", when=When(at_least=amounts(Fame=3)))
    t, (choice,) = steps_of(economy((Phase("Go", "", actions=(pick,)),), paths=(win,)))
    take(t, 0, choice)
    assert t.values[0][2:] == [5, 1]


def test_scoring_schedule__points_by_rank_shared_ties_and_only_at_its_turns():
    from kitgen.model import Scoring
    g = economy((Phase("Idle", "", actions=()),), turns=4,
                scoring=(Scoring("Might", "Fame", (5, 3, 1), turns=(2, 4)),))
    t = Table(plan_game(g), 1, (RANDOM,) * 4, ACTIONS)
    t.values = [[4, 0, 0, 0], [4, 0, 0, 0], [2, 0, 0, 0], [1, 0, 0, 0]]
    play(t)
    assert [v[3] for v in t.values] == [10, 10, 2, 0]  # twice: 5 and 5 (tied first), then 1 for third place


def test_turn_order__the_highest_plays_first_a_tie_by_the_next_ranking_then_by_seat():
    from kitgen.model import TurnOrder
    g = game(phases=(Phase("Draw", "", actions=(Action("draw"),)),), turns=1,
             turn_order=TurnOrder(("Might", "Lore")))
    t = Table(plan_game(g), 1, (RANDOM,) * 4, ACTIONS)
    t.values = [[1, 0], [3, 0], [3, 2], [0, 9]]
    deck = list(t.piles["main"][0])
    play(t)
    assert t.state.order == [2, 1, 0, 3]
    assert [t.hands[seat] for seat in (2, 1, 0, 3)] == [[deck[-1]], [deck[-2]], [deck[-3]], [deck[-4]]]


def test_turn_order__a_roll_breaks_a_tie_left_by_dice_not_by_seat():
    """`turn_order: {by: [Might], roll: 1D6}`: the single highest plays first; the three tied roll off,
    in an order that changes with the seed and is the same for the same seed."""
    from kitgen.model import TurnOrder
    g = game(phases=(Phase("Draw", "", actions=(Action("draw"),)),), turns=1,
             turn_order=TurnOrder(("Might",), roll="1D6"))
    orders = []
    for seed in range(1, 13):
        t = Table(plan_game(g), seed, (RANDOM,) * 4, ACTIONS)
        t.values = [[1, 0], [1, 0], [5, 0], [1, 0]]
        play(t)
        orders.append(tuple(t.state.order))
    assert {order[0] for order in orders} == {2} and all(sorted(order[1:]) == [0, 1, 3] for order in orders)
    assert len({order[1:] for order in orders}) > 1  # by seat it would always be (0, 1, 3)
    again = Table(plan_game(g), 1, (RANDOM,) * 4, ACTIONS)
    again.values = [[1, 0], [1, 0], [5, 0], [1, 0]]
    play(again)
    assert tuple(again.state.order) == orders[0]


def test_turn_order__a_roll_off_of_more_players_than_the_die_has_results_ends():
    """Seven tied players on 1D6, twelve on 1D2: the roll-off re-rolled the whole group until every
    roll differed, which such a group never does (simulate never ended). The tied roll again among
    themselves: every order is a permutation, and it varies with the seed."""
    from kitgen.model import TurnOrder
    for players, die in ((7, "1D6"), (12, "1D2")):
        g = game(phases=(Phase("Draw", "", actions=(Action("draw"),)),), turns=1,
                 turn_order=TurnOrder(("Might",), roll=die))
        orders = {tuple(ended_within(10, lambda g=g, seed=seed, players=players: ordered(g, seed, players))) for seed in range(1, 6)}
        assert all(sorted(order) == list(range(players)) for order in orders) and len(orders) > 1, (die, orders)


def test_turn_order__a_roll_off_that_ties_every_round_ends_in_seat_order():
    """A die of one result is refused at load (check/conditions.py); were one played, the roll-off
    still ends after its rounds (schedule.ROLL_OFFS), in seat order."""
    from kitgen.model import TurnOrder
    g = game(phases=(Phase("Draw", "", actions=(Action("draw"),)),), turns=1,
             turn_order=TurnOrder(("Might",), roll="1D6"))
    plan = plan_game(g)
    plan.vocabulary = plan.vocabulary._replace(roll=(1, 1))
    assert ended_within(10, lambda: ordered(plan, 3, 4)) == [0, 1, 2, 3]


def ordered(game_or_plan, seed: int, players: int) -> list[int]:
    plan = plan_game(game_or_plan) if isinstance(game_or_plan, Game) else game_or_plan
    t = Table(plan, seed, (RANDOM,) * players, ACTIONS)
    t.values = [[1, 0] for _ in range(players)]
    play(t)
    return list(t.state.order)


def ended_within(seconds: float, work):
    """work()'s answer, failing the test (not hanging it) when it takes longer than `seconds`."""
    import threading

    answer: list = []
    thread = threading.Thread(target=lambda: answer.append(work()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert answer, f"still running after {seconds} s: a loop that never ends"
    return answer[0]


def test_attach__a_card_goes_under_a_card_in_play_up_to_the_zones_limit():
    from kitgen.model import Zone
    cards = (Card("Base", "Gain", (Effect("Might", 1),), copies=4), Card("Gear", "Gain", (Effect("Lore", 2),), copies=4))
    g = game(cards=cards, phases=(Phase("Build", "", actions=(
        Action("play", types=("Gain",), to="board"), Action("attach", types=("Gain",), zone="gear"))),),
        zones=(Zone("board", "in-play", limit=1), Zone("gear", "attached", on="board", limit=1)))
    t, (play, attach) = steps_of(g)
    t.hands[0] = [0, 1, 1]
    take(t, 0, play)
    take(t, 0, play)  # the board holds one card
    assert t.state.zones["board"][0] == [1] and t.values[0] == [0, 2]  # greedy plays what is worth most
    take(t, 0, attach)
    take(t, 0, attach)  # one card under each
    assert t.state.attached["gear"][0] == [(0, 1)] and t.hands[0] == [0] and t.values[0] == [0, 4]
    assert t.played[0] == [1, 1]  # the card put into play and the card attached: both played this turn


# --- stage 3: melds, taking cards, contests, flags and timers, elimination --------------------

def test_meld__a_new_meld_needs_the_minimum_and_a_laid_meld_grows_by_any_number():
    from kitgen.model import Zone
    g = game(phases=(Phase("Meld", "", actions=(Action("meld", zone="table", min=Expr("3"), gain=amounts(Fame=1)),)),),
             counters=(Counter("Fame"),), zones=(Zone("table", "in-play"),),
             paths=(VictoryPath("Famous", "", when=When(at_least=amounts(Fame=9))),))
    t, (meld,) = steps_of(g)  # card 0: Sword, card 1: Book
    t.hands[0] = [0, 0, 1, 1]
    take(t, 0, meld)
    assert t.state.melds["table"][0] == {} and t.values[0][2] == 0  # two of each: below the minimum
    t.hands[0] = [0, 0, 0, 1, 1]
    take(t, 0, meld)
    assert t.state.melds["table"][0] == {"Sword": 3} and t.hands[0] == [1, 1] and t.values[0][2] == 3
    t.hands[0] = [0, 1, 1]
    take(t, 0, meld)  # one Sword grows the meld laid before; a single Book is below the minimum
    assert t.state.melds["table"][0] == {"Sword": 4} and t.values[0][2] == 4


def test_steal_look_and_take_and_swap_move_cards_between_hands():
    g = game(phases=(Phase("Take", "", actions=(Action("steal", target="target-player"),
                                                Action("look-and-take", target="target-player"),
                                                Action("swap", target="target-player"))),),
             cards=(Card("Sword", "Gain", (Effect("Might", 1),), copies=5), Card("Book", "Gain", (), copies=5)),
             paths=(VictoryPath("Mighty", "", when=When(at_least=amounts(Might=9))),))
    t, (steal, look, swap) = steps_of(g, seed=4)
    t.hands = [[], [1]]
    take(t, 0, steal)
    assert t.hands == [[1], []]
    t.hands = [[1], [1, 0, 1]]
    take(t, 0, look)
    assert sorted(t.hands[0]) == [0, 1] and t.hands[1] == [1, 1]  # it looked and took the Sword
    take(t, 0, swap)  # gives its Book (worth least) for a random card of theirs (a Book)
    assert sorted(t.hands[0]) == [0, 1] and sorted(t.hands[1]) == [1, 1]


def test_contest__the_higher_total_wins_gain_the_lower_loses_never_below_zero():
    fight = Action("contest", target="target-player", die="1D6", strength=Expr("Might * 10"),
                   gain=amounts(Fame=1), lose=amounts(Gold=2))
    g = economy((Phase("Fight", "", actions=(fight,)),), counters=(Counter("Gold", start=3), Counter("Fame")))
    t, (contest,) = steps_of(g)
    t.values = [[1, 0, 3, 0], [0, 0, 3, 0]]  # 10 more strength than any roll can make up
    take(t, 1, contest)  # the weaker attacks and loses
    take(t, 1, contest)
    assert t.values == [[1, 0, 3, 2], [0, 0, 0, 0]]
    t.values = [[0, 0, 3, 0], [0, 0, 3, 0]]
    totals = []
    for seed in range(40):
        t.chance(random.Random(seed))
        before = [list(v) for v in t.values]
        take(t, 0, contest)
        totals.append(t.values != before)
    assert any(totals) and not all(totals)  # equal strength: the dice decide, and a tie does nothing


def test_flags__hold_for_their_turns_and_a_streak_counts_turn_ends_in_a_row():
    crown = Action("when", when=When(highest=("Might",)), then=(Action("flag", flag="Crown", turns=1),))
    reign = VictoryPath("Reign", "", when=When(streak=amounts(Crown=3)))
    g = game(phases=(Phase("Rule", "", actions=(crown, Action("check-victory"))),), paths=(reign,), turns=6)
    t = Table(plan_game(g), 1, (RANDOM, RANDOM), ACTIONS)
    t.values = [[5, 0], [1, 0]]
    result = play(t)
    # seat 0 holds the Crown every turn; its streak is 3 at the end of turn 3, so it wins in turn 4
    assert (result.winner, result.turn) == (0, 4) and t.state.streaks[0]["Crown"] == 3


def test_duel__dice_combat_and_elimination_end_every_game_with_the_last_one_standing():
    plan = plan_game(load_game(FIXTURES / "duel"))
    results = [play(Table(plan, seed, (GREEDY,) * 3, ACTIONS)) for seed in range(30)]
    assert all(r.winner >= 0 and r.paths == (0,) for r in results)
    t = Table(plan, 5, (GREEDY,) * 3, ACTIONS)
    result = play(t)
    assert sum(not out for out in t.state.out) == 1 and not t.state.out[result.winner]
    assert all(t.values[p][1] <= 0 for p in range(3) if p != result.winner)  # the others have no Lives left


def test_cli__a_vocabulary_game_simulates_from_its_data_with_provenance():
    from tests.conftest import run_kitgen
    import json
    run = run_kitgen("simulate", str(FIXTURES / "duel"), "--games", "200", "--seed", "1", "--workers", "1", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["decided"] >= 190 and report["provenance"]["options"]["--seed"] == 1 and report["provenance"]["data_sha256"]
    assert {c["rule"] for c in report["coverage"]} >= {"elimination", "victory 'Last One Standing'"}
    assert all(c["status"] == "exact" for c in report["coverage"])


def test_meld__a_minimum_that_is_an_expression_grows_with_the_turn():
    from kitgen.model import Zone
    g = game(phases=(Phase("Meld", "", actions=(Action("meld", zone="table", min=Expr("1 + turn / 2"),
                                                       gain=amounts(Might=1)),)),), zones=(Zone("table", "in-play"),))
    t, (meld,) = steps_of(g)
    t.hands[0], t.turn = [1, 1, 1], 4  # the minimum is 1 + 4 / 2 = 3: three Books make a meld
    take(t, 0, meld)
    assert t.state.melds["table"][0] == {"Book": 3}
    t.hands[0], t.turn = [0, 0, 0], 6  # 1 + 6 / 2 = 4: three Swords do not
    take(t, 0, meld)
    assert t.state.melds["table"][0] == {"Book": 3} and t.hands[0] == [0, 0, 0]


def test_galactic_civ__a_level_count_at_the_end_of_turn_20_goes_to_the_higher_total_score():
    """Kit choice general-victory-tie: two players lead in 2 attributes each; the higher Total Score
    (the sum of the 8) wins General Victory, and a level total leaves the game without a winner."""
    plan = plan_game(load_game(ROOT / "data" / "galactic-civ"))
    general = [p.name for p in plan.paths].index("General Victory")
    for second, winner in (([0, 0, 9, 10, 0, 0, 0, 0], 1), ([0, 0, 9, 9, 0, 0, 0, 0], -1)):
        t = Table(plan, 1, (GREEDY,) * 3, ACTIONS)
        t.values = [[9, 9, 0, 0, 0, 0, 0, 0], second, [0] * 8]
        t.turn = 20
        end_of_turn(t)
        assert (t.winner, t.paths) == ((winner, (general,)) if winner >= 0 else (-1, ()))
