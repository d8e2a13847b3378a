"""Attacks on the rules vocabulary (`when:`, expressions, counters, game end, and the steps that use
them): a bad name or rule is one located line from `kitgen validate`; what can only go wrong in play
(an expression that explodes, a game end that never comes) never raises and never hangs."""
from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from kitgen.check.conditions import check_conditions
from kitgen.load import load_game
from kitgen.model import Action, Card, Elimination, Expr, GameEnd, Phase, VictoryPath, When, Zone
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.loop import play
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.experiments.lab import simulate
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.play.run import Settings
from tests.attacks.harness import REPO, assert_one_line, edit, kitgen, kitgen_in_process, tiny_copy
from tests.unit.test_rules_vocabulary import amounts, game, grow, holds

RANDOM, GREEDY = POLICIES["random"], POLICIES["greedy"]
WAR = "    trigger: {kind: highest, attribute: Military}\n"  # the tiny game's War Phase, to replace


def with_when(tmp_path: Path, when: str) -> Path:
    folder = tiny_copy(tmp_path)
    edit(folder / "rules.yaml", WAR, f"    when: {when}\n")
    return folder


@pytest.mark.parametrize("when, message", [
    ("{highest: [Militray]}", r"phase 'War Phase': unknown counter or attribute 'Militray' \(did you mean 'Military'\?\)"),
    ("{highest: [Military], tie: everyone}", r"phases\[1\]\.when\.tie: 'everyone' is not one of: nobody, share"),
    ("{at_least: {Trade: 'Trade ** 99'}}", r"phase 'War Phase': 'Trade \*\* 99' 'Pow' is not allowed"),
    ("{highest: [Military], by: '" + "1 + " * 60 + "1'}", r"at most 200 characters"),
], ids=["unknown-counter", "bad-tie-rule", "power", "long-expression"])
def test_validate__a_bad_condition_is_one_located_line(tmp_path: Path, when: str, message: str) -> None:
    run = kitgen("validate", with_when(tmp_path, when))
    assert_one_line(run, re.compile(r".*rules\.yaml:\d+:\d+: error: .*" + message + ".*"))


def test_validate__all_and_any_nested_past_the_yaml_limit_is_one_located_line(tmp_path: Path) -> None:
    deep = "{any: [" * 60 + "{highest: [Military]}" + "]}" * 60
    run = kitgen("validate", with_when(tmp_path, deep))
    assert_one_line(run, re.compile(r".*rules\.yaml:\d+:\d+: error: nested more than 50 levels deep"))


def test_nesting__forty_levels_of_all_and_any_compile_and_play():
    when = When(at_least=amounts(Might=2))
    for level in range(40):
        when = When(any=(when,)) if level % 2 else When(all=(when, When(turn_after=0)))
    g = game(phases=(Phase("Grow", "", actions=(*grow().actions, Action("check-victory"))),),
             paths=(VictoryPath("Deep", "", when=when),), turns=5)
    result = play(Table(plan_game(g), 1, (RANDOM, RANDOM), ACTIONS))
    assert (result.winner, result.turn) == (0, 2)  # seat 0 reaches 2 Might first, in its turn 2


def test_expressions__that_explode_are_capped_and_a_division_by_zero_gives_zero():
    huge = "Might * 999999999 * 999999999 * 999999999 * 999999999 - Lore / (Might - Might)"
    g = game(phases=(grow(),), paths=(VictoryPath("Huge", "", when=When(at_least=amounts(Lore=huge))),
                                      VictoryPath("Tiny", "", when=When(more_than=amounts(Might="-" + huge)))))
    assert check_conditions(g) == []
    results = [play(Table(plan_game(g), seed, (GREEDY, GREEDY), ACTIONS)) for seed in range(3)]
    assert all(r.winner == -1 for r in results)  # no check-victory step: nobody wins, and nothing raised


def test_game_end__that_can_never_hold_ends_at_the_turn_cap_and_the_report_says_no_winner():
    win = VictoryPath("Most Might", "", when=When(game_over=True, highest=("Might",)))
    never = GameEnd(When(all=(When(at_least=amounts(Lore=1)), When(at_most=amounts(Lore=0)))))
    g = game(phases=(grow(),), paths=(win,), turns=3, game_end=never)
    report = simulate(g, Settings(games=20, players=3, seed=1, policies=("random",), workers=1))
    assert (report["decided"], report["no_winner"]) == (0, 20)


def test_game_end__on_an_empty_deck_that_is_empty_from_the_start_ends_at_once():
    win = VictoryPath("Most Might", "", when=When(game_over=True, highest=("Might",)))
    g = game(phases=(grow(),), paths=(win,), cards=(Card("Sword", "Gain", (), copies=1),), turns=9,
             game_end=GameEnd(When(empty=("main",))))
    result = play(Table(plan_game(g), 1, (RANDOM, RANDOM), ACTIONS))
    assert (result.winner, result.turn) == (0, 1)  # seat 0 draws the only card and ends the game ahead


def test_by__an_absurd_margin_is_never_met_and_a_negative_one_is_plain_highest():
    g, values = game(), [[5, 0], [1, 0]]
    assert holds(g, When(highest=("Might",), by=Expr("999999999999999")), values) == [False, False]
    assert holds(g, When(highest=("Might",), by=Expr("-5")), values) == [True, False]


# --- zones, melds, flags, elimination --------------------------------------------------------

MARKET = REPO / "tests" / "fixtures" / "vocab" / "market"


def test_validate__an_unknown_zone_or_flag_is_one_located_line(tmp_path: Path) -> None:
    folder = tmp_path / "market"
    shutil.copytree(MARKET, folder)
    edit(folder / "game.yaml", "{do: buy, zone: market,", "{do: buy, zone: markte,")
    run = kitgen("validate", folder)
    assert_one_line(run, re.compile(r".*game\.yaml:\d+:\d+: error: phase 'Buy': 'markte' is not a zone of kind "
                                    r"market or supply \(did you mean 'market'\?\)"))


def test_check__a_flag_no_step_sets_and_a_zone_of_the_wrong_kind_are_errors():
    g = game(phases=(Phase("Go", "", actions=(Action("attach", types=("Gain",), zone="board"),)),),
             zones=(Zone("board", "in-play"),),
             paths=(VictoryPath("Reign", "", when=When(flag=("Crown",), cards_in=amounts(bord=1))),))
    messages = sorted(p.message for p in check_conditions(g))
    assert messages == ["phase 'Go': 'board' is not a zone of kind attached",
                        "victory path 'Reign': no step sets the flag 'Crown'",
                        "victory path 'Reign': unknown zone 'bord' (did you mean 'board'?)"]


def test_market__that_refills_from_an_empty_deck_shrinks_and_never_hangs():
    g = load_game(MARKET)
    g = dataclasses.replace(g, zones=(Zone("market", "market", deck="goods", size=500), *g.zones[1:]))
    t = Table(plan_game(g), 1, (GREEDY, GREEDY), ACTIONS)
    assert len(t.state.market["market"]) == 7  # all the deck has
    result = play(t)
    assert result.winner == 0 and t.state.market["market"] == []


def test_meld__a_minimum_beyond_any_hand_never_melds():
    g = game(phases=(Phase("Meld", "", actions=(Action("draw", count=3), Action("meld", zone="table", min=Expr(str(10**9))))),),
             zones=(Zone("table", "in-play"),))
    t = Table(plan_game(g), 1, (GREEDY, RANDOM), ACTIONS)
    play(t)
    assert t.state.melds["table"] == [{}, {}] and sum(map(len, t.hands)) == 20


def test_flags__absurd_timers_and_streaks_hold_as_written_and_never_overflow():
    crown = Action("flag", flag="Crown", turns=10**15)
    g = game(phases=(Phase("Rule", "", actions=(crown, Action("check-victory"))),), turns=5,
             paths=(VictoryPath("Reign", "", when=When(streak=amounts(Crown=10**12))),
                    VictoryPath("Crowned", "", when=When(turn_after=4, flag=("Crown",)))))
    result = play(Table(plan_game(g), 1, (RANDOM, RANDOM), ACTIONS))
    assert (result.winner, result.turn, result.paths) == (0, 5, (1,))


def test_eliminate__every_player_out_at_once_ends_the_game_with_no_winner():
    g = load_game(REPO / "tests" / "fixtures" / "vocab" / "duel")
    g = dataclasses.replace(g, eliminate=Elimination(When(at_least=amounts(Lives=0))))
    report = simulate(g, Settings(games=10, players=3, seed=1, policies=("greedy",), workers=1))
    assert (report["decided"], report["no_winner"]) == (0, 10)
    result = play(Table(plan_game(g), 1, (GREEDY,) * 3, ACTIONS))
    assert result.turn == 1


def test_check__a_step_without_what_it_needs_is_an_error_not_a_silent_no_op():
    from kitgen.check.actions import check_actions
    steps = (Action("buy"), Action("meld"), Action("contest", die="1D6"), Action("steal"),
             Action("exchange", gain=amounts(Lore=1)), Action("flag"), Action("contest", die="two dice", target="target-player"))
    messages = [p.message for p in check_actions(game(phases=(Phase("Go", "", actions=steps),)))]
    assert messages == ["phase 'Go': action 'buy' needs zone",  # a meld needs none: its cards go to the discard
                        "phase 'Go': action 'contest' needs target: target-player",
                        "phase 'Go': action 'steal' needs target: target-player",
                        "phase 'Go': action 'exchange' needs cost", "phase 'Go': action 'flag' needs flag",
                        "phase 'Go': action 'contest': die 'two dice' is not dice notation like 1D6"]


def test_check__unknown_counters_and_bad_expressions_in_steps_and_schedules_are_errors():
    from kitgen.model import Scoring, TurnOrder
    fight = Action("contest", target="target-player", die="1D6", strength=Expr("Migth + 1"),
                   gain=amounts(Fmae=1), min=Expr("turn ^ 2"))
    g = game(phases=(Phase("Go", "", actions=(fight,)),), scoring=(Scoring("Lroe", "Might", (1,)),),
             turn_order=TurnOrder(("Mihgt",)))
    messages = sorted(p.message for p in check_conditions(g))
    assert messages == [
        "phase 'Go': 'turn ^ 2' use numbers, counter names, + - * / %, comparisons and the card functions (at most 200 characters)",
        "phase 'Go': unknown counter or attribute 'Fmae'",
        "phase 'Go': unknown counter or attribute 'Migth' (did you mean 'Might'?)",
        "scoring: unknown counter or attribute 'Lroe' (did you mean 'Lore'?)",
        "turn_order: unknown counter or attribute 'Mihgt' (did you mean 'Might'?)"]


# --- found in the review of issue 26 (tests/unit/test_vocabulary_audit.py has one game per primitive) ---

def _market_copy(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "market"
    shutil.copytree(MARKET, folder)
    edit(folder / file, old, new)
    return folder


def test_counters__a_card_that_pours_coins_in_never_lifts_them_past_max(tmp_path: Path) -> None:
    # every Stall bought brings 50 Coins: Coins (max 9) stay at 9 or below, whatever the seed
    folder = _market_copy(tmp_path, "decks/goods.yaml", "{attribute: Stalls, delta: +1}",
                          "{attribute: Stalls, delta: +1}, {attribute: Coins, delta: +50}")
    plan = plan_game(load_game(folder))
    for seed in range(5):
        t = Table(plan, seed, (GREEDY, RANDOM), ACTIONS)
        play(t)
        assert all(v[1] <= 9 for v in t.values) and sum(len(z) for z in t.state.zones["street"]) > 0


def test_buy__a_price_in_any_mix_of_one_counter_plays_as_the_same_fixed_price(tmp_path: Path) -> None:
    # {any: 3, of: [Coins]} is {Coins: 3}: the market game of test_rules_vocabulary, turn for turn
    # (before the review it was free: every player bought every turn)
    folder = _market_copy(tmp_path, "game.yaml", "cost: {Coins: 3}", "cost: {any: 3, of: [Coins]}")
    t = Table(plan_game(load_game(folder)), 1, (GREEDY, GREEDY), ACTIONS)
    result = play(t)
    assert (result.winner, result.turn, [v[0] for v in t.values]) == (0, 6, [4, 3])


def test_buy__a_price_written_as_an_expression_is_worked_out_and_paid(tmp_path: Path) -> None:
    # {Coins: "1 + 2"} is {Coins: 3} worked out at each purchase: the same game, turn for turn (a price
    # expression once failed to load: "expected a whole number")
    folder = _market_copy(tmp_path, "game.yaml", "cost: {Coins: 3}", 'cost: {Coins: "1 + 2"}')
    t = Table(plan_game(load_game(folder)), 1, (GREEDY, GREEDY), ACTIONS)
    result = play(t)
    assert (result.winner, result.turn, [v[0] for v in t.values]) == (0, 6, [4, 3])
    assert kitgen("validate", folder).run.returncode == 0


def test_cost__an_unknown_name_in_a_price_expression_is_one_located_line(tmp_path: Path) -> None:
    folder = _market_copy(tmp_path, "game.yaml", "cost: {Coins: 3}", 'cost: {Coins: "Cions + 1"}')
    assert_one_line(kitgen("validate", folder),
                    re.compile(r".*game\.yaml:\d+:\d+: error: card type 'Stall': unknown counter or attribute "
                               r"'Cions' \(did you mean 'Coins'\?\)"))


@pytest.mark.parametrize("name", ["Seat"])
def test_validate__a_counter_named_like_what_expressions_read_is_one_located_line(tmp_path: Path, name: str) -> None:
    """`seat` (and turn, round ...) would be read as the place in the order, not the counter: refused."""
    folder = tiny_copy(tmp_path)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text + f"counters:\n  - {{name: {name}, start: 0}}\n", encoding="utf-8")
    run = kitgen("validate", folder)
    assert_one_line(run, re.compile(rf".*game\.yaml:\d+:\d+: error: counter '{name}': '{name}' is a name every "
                                    r"expression reads already \(turn, .*seat.*\): call it something else"))


def test_validate__a_draft_from_a_players_zone_or_a_face_down_pile_is_one_located_line(tmp_path: Path) -> None:
    """A draft with zone: takes from a face-up row on the table; any other zone would be read as one."""
    folder = tmp_path / "draft"
    shutil.copytree(REPO / "tests/fixtures/cards", folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text + "setup:\n  - {do: draft, zone: won, to: won, text: \"Take one.\"}\n",
                                      encoding="utf-8")
    run = kitgen("validate", folder)
    assert_one_line(run, re.compile(r".*game\.yaml:\d+:\d+: error: setup: action 'draft': zone 'won' is not a face-up "
                                    r"row on the table \(owner: table, sees: everyone\); without zone: a draft takes "
                                    r"from the hand"))


@pytest.mark.parametrize("buy, message", [
    ("{do: gain, gain: {Coins: 2}, discount: {Coins: 1}}", r"phase 'Buy': 'discount:' goes with 'do: buy', or play or attach with at_cost: true"),
    ("{do: buy, zone: market, to: street, discount: {Coinz: 1}}",
     r"phase 'Buy': unknown counter or attribute 'Coinz' \(did you mean 'Coins'\?\)"),
    ("{do: buy, zone: market, to: street, at_cost: true}", r"phase 'Buy': 'at_cost:' goes with 'do: play' or 'do: attach'"),
], ids=["not-a-buy", "unknown-counter", "at-cost-on-a-buy"])
def test_validate__a_discount_off_a_buy_or_of_an_unknown_counter_is_one_located_line(tmp_path: Path, buy: str,
                                                                                    message: str) -> None:
    folder = tmp_path / "market"
    shutil.copytree(REPO / "tests/fixtures/vocab/market", folder)
    edit(folder / "game.yaml", "{do: buy, zone: market, to: street, count: 1}", buy)
    assert_one_line(kitgen_in_process("validate", folder), re.compile(r".*game\.yaml:\d+:\d+: error: " + message))
