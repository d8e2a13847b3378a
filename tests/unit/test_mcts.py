"""The mcts player (simulate/players/mcts.py): its tree is deeper than one decision, its deal of what
the seat cannot see never reads a hidden card, and the same seed plays the same games."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.model import Action, Amount, Amounts, Attribute, Card, CardType, Deck, Effect, Game, Phase, VictoryPath, When
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES, mcts
from kitgen.simulate.vocabulary import ACTIONS

GREEDY, MCTS = POLICIES["greedy"], POLICIES["mcts"]
SETUP, FINISHER, DECOY = range(3)
DATA = Path(__file__).resolve().parents[2] / "data"


def two_move_game() -> Game:
    """Might and Lore; a turn is one card played. Five Might wins. Decoy: +1 Might, what greedy plays.
    Setup: +1 Lore. Finisher: +5 Might, but only with Lore, which greedy does not see (a step, not an
    effect): Setup then Finisher wins in two turns, and only that plan does."""
    finish = Action("when", when=When(at_least=Amounts((Amount("Lore", "1"),))),
                    then=(Action("change", attribute="Might", delta="5"),))
    cards = (Card("Setup", "Go", (Effect("Lore", 1),), copies=2), Card("Finisher", "Go", (), copies=2, actions=(finish,)),
             Card("Decoy", "Go", (Effect("Might", 1),), copies=6))
    return Game("plan", "Plan", "P", "2", (Attribute("Might", start="0"), Attribute("Lore", start="0")),
                (CardType("Go", "main"),), (Deck("main", "Main", "P", cards),),
                phases=(Phase("Play", "Play a card.", actions=(Action("play", types=("Go",)), Action("check-victory"))),),
                victory_paths=(VictoryPath("Mighty", "", when=When(at_least=Amounts((Amount("Might", "5"),)))),))


def planned_table(policy) -> Table:
    """Turn 1, seat 0 to play from Setup, Finisher and two Decoys; seat 1 holds nothing."""
    table = Table(plan_game(two_move_game()), 7, (policy, GREEDY), ACTIONS, budget=60)
    pile = table.piles["main"][0]
    hand = [next(c for c in pile if table.plan.cards[c].name == name) for name in ("Setup", "Finisher", "Decoy", "Decoy")]
    for card in hand:
        pile.remove(card)
    table.hands, table.turn, table.moment, table.step = [hand, []], 1, 0, 0  # its play step in progress
    return table


def card_name(table: Table, card: int) -> str:
    return table.plan.cards[card].name


def test_tree__finds_the_two_move_plan_that_a_one_level_search_misses(monkeypatch):
    table = planned_table(MCTS)
    hand = list(table.hands[0])
    assert card_name(table, GREEDY.choose_card(table, 0, hand, True)) == "Decoy"  # greedy cannot see the plan
    assert card_name(table, MCTS.choose_card(table.clone(3), 0, hand, True)) == "Setup"
    root = mcts.grow(table.clone(3), 0, sorted(set(hand)), lambda world, i: world.play_card(0, sorted(set(hand))[i]))
    setup = root.children[hand[0]]
    assert setup.children[hand[1]].total / setup.children[hand[1]].visits == 1.0  # then Finisher: a win every time
    monkeypatch.setattr(mcts, "DEPTH", 1)  # the same search one level deep: its rollouts play greedy's Decoy
    assert card_name(table, MCTS.choose_card(table.clone(3), 0, hand, True)) != "Setup"


def test_tree__wins_the_game_it_plans():
    table = planned_table(MCTS)
    result = play(table, start=0)
    assert result.winner == 0 and result.turn == 2 and [card_name(table, c) for c in table.played[0]] == \
        ["Setup", "Finisher"]


@pytest.fixture(scope="module")
def galactic_plan():
    return plan_game(load_game(DATA / "galactic-civ"))


def midgame(plan, seed: int = 1) -> Table:
    """A four-player Galactic Civ table at the end of turn 2, every seat greedy."""
    table = Table(plan, seed, (GREEDY,) * 4, ACTIONS, budget=12)
    play(table, until_turn=2)
    return table


def shape(node: mcts.Node) -> tuple:
    return node.visits, round(node.total, 9), node.offered, sorted((repr(k), shape(c)) for k, c in node.children.items())


def test_determinize__never_reads_a_hidden_card(galactic_plan):
    """Two tables alike in all seat 0 sees, their hidden cards placed otherwise (seat 1's hand swapped
    with the top of the draw pile, the pile's order reversed): the same tree, iteration for iteration.
    A search that read where any unseen card truly is would grow another."""
    table = midgame(galactic_plan)
    seat, hand = 0, sorted(set(midgame(galactic_plan).hands[0]))
    assert len(hand) > 1 and table.hands[1]
    first, second = table.clone(11), table.clone(11)
    pile = second.piles["common"][0]
    size = len(second.hands[1])
    second.hands[1], pile[-size:] = pile[-size:], second.hands[1]
    pile.reverse()
    assert second.hands[1] != first.hands[1] and second.piles["common"][0] != first.piles["common"][0]
    grown = [mcts.grow(t, seat, list(hand), lambda world, i: world.play_card(seat, hand[i])) for t in (first, second)]
    assert shape(grown[0]) == shape(grown[1]) and grown[0].children
    # what the seat sees does change the tree: another hand of its own grows another one
    third = table.clone(11)
    third.hands[0], third.hands[1] = third.hands[1], third.hands[0]
    mine = sorted(set(third.hands[0]))
    assert shape(mcts.grow(third, seat, mine, lambda world, i: world.play_card(seat, mine[i]))) != shape(grown[0])


def test_mcts__the_same_seed_plays_the_same_games(galactic_plan):
    from kitgen.simulate.play.run import Settings, play_games

    settings = Settings(games=2, players=4, seed=3, policies=("mcts", "greedy", "greedy", "greedy"), workers=1,
                        mcts_iterations=6)
    first, second = play_games(galactic_plan, settings), play_games(galactic_plan, settings)
    assert first == second and {r.winner for r in first} != {-1}


def test_budget_in_seconds__thinks_about_that_long_and_tries_each_choice(galactic_plan):
    import time

    table = midgame(galactic_plan)
    table.seconds = 0.05
    hand = sorted(set(table.hands[0]))
    start = time.perf_counter()
    root = mcts.grow(table, 0, hand, lambda world, i: world.play_card(0, hand[i]))
    assert 0.05 <= time.perf_counter() - start < 5 and set(root.children) == set(hand)


@pytest.fixture(scope="module")
def card_game_plan():
    return plan_game(load_game(DATA / "civilization-card-game"))


def test_reach__a_card_game_of_mcts_spends_at_most_iterations_times_reach_a_decision(card_game_plan, monkeypatch):
    """Civilization: The Card Game, whose turns hold many choices (one mcts game at 16 iterations and
    rollouts to the next turn's end did not end in a minute): each decision spends at most its
    iterations (at least one a choice) x REACH units (a step taken, an option weighed), and more than
    REACH once: its rollouts are cut, not played out."""
    monkeypatch.setattr(mcts, "REACH", 20)
    spent: list[list[int]] = []  # per decision: [units spent, its bound]
    real_spend, real_grow = mcts.spend, mcts.grow

    def spend(left, units):
        real_spend(left, units)  # past REACH: the rollout is cut here, that work not done
        spent[-1][0] += units

    def grow(table, seat, keys, *rest, **kw):
        spent.append([0, max(len(set(keys)), table.budget) * 20])
        return real_grow(table, seat, keys, *rest, **kw)

    monkeypatch.setattr(mcts, "spend", spend)
    monkeypatch.setattr(mcts, "grow", grow)
    table = Table(card_game_plan, 3, (MCTS, GREEDY), ACTIONS, budget=2)
    play(table, until_turn=2)
    assert table.turn == 2 and len(spent) > 10
    assert all(units <= bound for units, bound in spent) and max(units for units, _ in spent) > 20


def test_pricing__search_players_are_priced_by_the_game_the_same_every_time():
    """Galactic Civ's lookahead tries every card of its hand each turn (about 40 games of greedy's, as
    measured); Civ Builder plays few cards from its hand (about 1): one price for both was wrong."""
    from kitgen.simulate.experiments.pricing import priced

    galactic = plan_game(load_game(DATA / "galactic-civ"))
    builder = plan_game(load_game(DATA / "civ-builder"))
    prices = priced(galactic, 2, 16)
    assert prices == priced(galactic, 2, 16) and prices["greedy"] == 1
    assert prices["lookahead"] > 5 * priced(builder, 2, 16)["lookahead"]
    assert priced(galactic, 2, 32)["mcts"] > prices["mcts"] > 10  # its iterations: its price


def test_bias__where_rollouts_tell_no_choice_apart_mcts_keeps_greedys(monkeypatch):
    """Every rollout scored alike (a game whose positions the search cannot tell apart in its budget):
    mcts plays greedy's card (Decoy), not the first one listed; without the bias, the first listed."""
    monkeypatch.setattr(mcts, "position", lambda table, seat: 0.5)
    table = planned_table(MCTS)
    hand = list(table.hands[0])
    assert card_name(table, MCTS.choose_card(table.clone(3), 0, hand, True)) == "Decoy"
    monkeypatch.setattr(mcts, "BIAS", 0.0)
    assert card_name(table, MCTS.choose_card(table.clone(3), 0, hand, True)) != "Decoy"
