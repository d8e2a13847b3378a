"""The steps and keys Civ Builder's port added to the rules vocabulary, each in a small game whose
outcome is checked by hand: look-and-take from the top of a deck or with cards given back, a discard
by a target at random, redraw, points in an attribute of the player's choice, `when:` for every
player at once, a phase played once a turn, a tie rolled off, starts rolled on dice, a phase everyone
plays, a phase the simulator plays as a kit choice says."""
from __future__ import annotations

import dataclasses

from kitgen.model import (Action, Amount, Amounts, Attribute, Card, CardType, Counter, Deck, Effect, Faction, Game,
                          KitChoice, Phase, Trigger, VictoryPath, When)
from kitgen.simulate.compile.conditions import Names, condition
from kitgen.simulate.engine.conditions import test as holds_for
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.schedule import schedule
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS

GREEDY, RANDOM = POLICIES["greedy"], POLICIES["random"]
SWORD, BOOK, COIN = range(3)


GOLD = (Counter("Gold", min=0),)


def game(*steps: Action, counters=GOLD, **more) -> Game:
    """Might and Lore, Gold; Swords (+1 Might when played), Books (+1 Lore) and Coins; one phase."""
    cards = (Card("Sword", "Gain", (Effect("Might", 1),), copies=10), Card("Book", "Gain", (Effect("Lore", 1),), copies=10),
             Card("Coin", "Gain", (), copies=10))
    fields = {"phases": (Phase("Go", "", actions=steps),), "counters": counters,
              "victory_paths": (VictoryPath("Rich", "", when=When(at_least=Amounts((Amount("Gold", "99"),)))),), **more}
    return Game("hands", "Hands", "H", "2-4", (Attribute("Might", start="0"), Attribute("Lore", start="0")),
                (CardType("Gain", "main"),), (Deck("main", "Main", "H", cards),), **fields)


def seated(g: Game, hands: list[list[int]], policy=GREEDY, seed: int = 1) -> Table:
    t = Table(plan_game(g), seed, (policy,) * len(hands), ACTIONS)
    t.hands = [list(h) for h in hands]
    return t


def take(t: Table, seat: int, index: int = 0) -> None:
    step = t.plan.phases[0].actions[index]
    ACTIONS[step.do](t, seat, step)


def test_look_and_take__from_the_top_of_a_deck_the_rest_stays_in_order():
    t = seated(game(Action("look-and-take", deck="main", top=3, count="2")), [[], []])
    pile, used = t.piles["main"]
    pile[:] = [COIN, COIN, BOOK, COIN, SWORD]  # the top is the end: Sword, Coin, Book are looked at
    take(t, 0)
    assert sorted(t.hands[0]) == [SWORD, BOOK] and pile == [COIN, COIN, COIN]  # greedy takes what it plays best
    pile[:], used[:] = [SWORD], [BOOK, BOOK]  # one card left: the shuffled discard goes under it first
    take(t, 1)
    assert t.hands[1] == [SWORD, BOOK] and pile == [BOOK] and used == []


def test_look_and_take__gives_back_as_many_cards_as_it_took():
    t = seated(game(Action("look-and-take", count="2", target="target-player", give_back=True)),
               [[COIN], [SWORD, BOOK, COIN]])
    take(t, 0)  # takes the two it plays best (Sword, Book), gives back the two worth least (the Coin, then
    assert t.hands == [[BOOK], [COIN, COIN, SWORD]]  # the Sword: alike with the Book, the card listed first)


def test_discard__by_a_target_at_random_all_it_has_when_fewer():
    t = seated(game(Action("discard", count="3", target="target-player", at_random=True)), [[], [SWORD, BOOK]])
    take(t, 0)
    assert t.hands == [[], []] and sorted(t.piles["main"][1]) == [SWORD, BOOK]
    t = seated(game(Action("discard", count="2", target="target-player", at_random=True)), [[], [SWORD] * 3 + [BOOK] * 3])
    take(t, 0)
    assert len(t.hands[1]) == 4 and len(t.piles["main"][1]) == 2


def test_redraw__discards_what_the_player_chooses_then_draws_as_many_and_delta_more():
    first = RANDOM._replace(name="first", choose_move=lambda table, seat, moves: 0)  # discards the first card offered
    t = seated(game(Action("redraw", count="2", delta="2")), [[SWORD, BOOK, COIN], []], policy=first)
    pile = t.piles["main"][0]
    pile[:] = [COIN] * 10
    take(t, 0)  # X = 2 (its count): Sword and Book go, 2 + 2 Coins come
    assert sorted(t.hands[0]) == [COIN] * 5 and sorted(t.piles["main"][1]) == [SWORD, BOOK]
    stop = first._replace(choose_move=lambda table, seat, moves: len(moves) - 1)  # discards none: X = 0
    t = seated(game(Action("redraw", count="2", delta="2")), [[SWORD], []], policy=stop)
    take(t, 0)
    assert len(t.hands[0]) == 3 and t.hands[0][0] == SWORD


def test_take_any__points_one_at_a_time_from_attributes_the_target_has_never_a_counter():
    t = seated(game(Action("take", count="3", attribute="any", target="target-player")), [[], []], policy=RANDOM)
    t.values = [[0, 0, 0], [1, 0, 5]]  # Might 1, Lore 0, Gold 5: only the Might point can go
    take(t, 0)
    assert t.values == [[1, 0, 0], [0, 0, 5]]


def test_change_any__the_player_picks_an_attribute():
    t = seated(game(Action("change", attribute="any", delta="2")), [[], []])
    t.values = [[0, 4, 0], [3, 0, 0]]  # greedy raises the attribute it leads least: Might
    take(t, 0)
    assert t.values[0] == [2, 4, 0]


def test_when_for_every_player__who_holds_is_settled_before_anyone_acts():
    raise_lore = Action("change", attribute="Lore", delta="1")
    step = Action("when", target="all-players", when=When(highest=("Lore",), tie="share"), then=(raise_lore,))
    t = seated(game(step), [[], [], []])
    t.values = [[0, 2, 0], [0, 2, 0], [0, 1, 0]]
    take(t, 0)  # both tied players gain: the first's point does not end the second's tie
    assert [v[1] for v in t.values] == [3, 3, 1]


def test_once__a_phase_played_once_a_turn_by_its_first_player():
    g = dataclasses.replace(game(Action("gain", gain=Amounts((Amount("Gold", "1"),)))), turn_structure="phase-by-phase")
    g = dataclasses.replace(g, phases=(*g.phases, dataclasses.replace(g.phases[0], name="Once", once=True)), turns=2)
    moments = [(m.seat, m.phase.name) for m in schedule(plan_game(g), 3) if m.phase is not None and m.turn == 1]
    assert moments == [(0, "Go"), (1, "Go"), (2, "Go"), (0, "Once")]
    result = play(Table(plan_game(g), 1, (GREEDY,) * 3, ACTIONS))
    assert result.turn == 2


def test_tie_break__dice_roll_off_what_is_left_once_for_every_seat_asking():
    g = game()
    node = condition(When(highest=("Might",), tie_break=("Lore", "1D6")), Names(g, plan_game(g).attributes), {"main"})
    winners = set()
    for seed in range(12):
        t = seated(g, [[], [], []], seed=seed)
        t.values = [[3, 1, 0], [3, 1, 0], [3, 0, 0]]  # seats 1 and 2 are level on Might and Lore
        held = [holds_for(node, t, seat) for seat in range(3)]
        assert held.count(True) == 1 and not held[2]
        assert held == [holds_for(node, t, seat) for seat in range(3)]  # the same moment: the same roll
        winners.add(held.index(True))
    assert winners == {0, 1}  # the dice decide, not the order of the seats


def test_start__dice_rolled_for_each_player_and_each_attribute_a_faction_adds_its_roll():
    g = dataclasses.replace(game(), attributes=(Attribute("Might", start="1D6"), Attribute("Lore", start="2")),
                            factions=(Faction("Tall", effects=(Effect("Lore", dice="2D6"),)),))
    plan = plan_game(g)
    assert plan.start_dice == ((0, 1, 6),) and plan.factions[0].dice == ((1, 2, 6),)
    starts = [Table(plan, seed, (GREEDY,), ACTIONS).values[0] for seed in range(60)]
    assert {might for might, _, _ in starts} == set(range(1, 7)) and {lore for _, lore, _ in starts} <= set(range(4, 15))
    assert not [row for row in plan.coverage if "start" in row.rule and row.status != "exact"]


def test_everyone__plays_the_phase_its_trigger_names_who_gets_a_bonus_in_its_steps():
    bonus = Action("when", when=When(highest=("Lore",)), then=(Action("gain", gain=Amounts((Amount("Gold", "5"),))),))
    phase = Phase("Go", "", trigger=Trigger("highest", "Lore"), everyone=True,
                  actions=(Action("gain", gain=Amounts((Amount("Gold", "1"),))), bonus))
    g = dataclasses.replace(game(), phases=(phase,), turns=1)
    t = Table(plan_game(g), 1, (GREEDY, GREEDY), ACTIONS)
    t.values = [[0, 1, 0], [0, 0, 0]]
    play(t)
    assert [v[2] for v in t.values] == [6, 1]  # everyone gains 1; the highest Lore 5 more


def test_kit_choice__a_phase_played_as_a_kit_choice_says_is_approximated_and_named():
    choice = KitChoice("no-trades", "Simulated players make no trades.", "Bargaining is not modelled.", "simulator")
    g = dataclasses.replace(game(), phases=(Phase("Trade", "Trade for 4 minutes.", kit_choice="no-trades"),),
                            kit_choices=(choice,))
    [row] = [r for r in plan_game(g).coverage if r.rule == "phase 'Trade'"]
    assert (row.status, row.decides) == ("approximated", False) and "no-trades" in row.note
    from kitgen.check.actions import check_actions
    bad = dataclasses.replace(g, phases=(Phase("Trade", "", kit_choice="no-trade"),))
    assert [p.message for p in check_actions(bad)] == [
        "phase 'Trade': unknown kit choice 'no-trade' (did you mean 'no-trades'?)"]


def test_search_players__choose_greedily_a_card_they_take_rather_than_play():
    # lookahead and mcts search which card to play from the hand; a card taken from a deck is greedy's choice
    for name in ("lookahead", "mcts"):
        t = seated(game(Action("look-and-take", deck="main", top=3, count="1")), [[], []], policy=POLICIES[name])
        t.piles["main"][0][:] = [COIN, SWORD, BOOK]
        take(t, 0)
        assert t.hands[0] == [SWORD] and t.piles["main"][0] == [COIN, BOOK]
