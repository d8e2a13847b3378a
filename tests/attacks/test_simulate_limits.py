"""Attacks on `kitgen simulate` with data that loops or explodes, through the command line only
(the engine is being rewritten; these hold whatever plays the games): cards whose actions set
each other off without end, work that multiplies, absurd counts and numbers, and huge --games or
--players. Each case: a clear line in bounded time, or a report; never a hang, a blown memory
limit or an internal error."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.attacks.harness import assert_no_crash, assert_one_line, edit, kitgen, tiny_copy

DECK_RULES = """rules:
  - {rule: deck-size, count: 4}
  - {rule: count-per-type, type: Ship, count: 2}
  - {rule: count-per-type, type: Build, count: 2}
  - {rule: unique-names}
"""
DRAW_PHASE = '    text: "Draw 1 card and play it."\n'
BOUND = 30  # seconds: each case plays a handful of games of the tiny game, or is refused before


def sim_game(tmp_path: Path, phase: str, cards: dict[str, str] | None = None, more: str = "") -> Path:
    """The tiny game with actions: `phase` for the Draw Phase; `cards`: card name -> what to add
    to it (copies, actions); `more`: lines added to rules.yaml. Its deck keeps only the rule that
    does not count copies, so any number of copies is legal."""
    game = tiny_copy(tmp_path)
    edit(game / "decks" / "main.yaml", DECK_RULES, "rules:\n  - {rule: unique-names}\n")
    edit(game / "rules.yaml", DRAW_PHASE, DRAW_PHASE + f"    actions: {phase}\n")
    for name, extra in (cards or {}).items():
        edit(game / "decks" / "main.yaml", f"{{name: {name}, ", f"{{name: {name}, {extra}, ")
    if more:
        with open(game / "rules.yaml", "a", encoding="utf-8") as file:
            file.write(more)
    return game


def simulate(game: Path | str, *more: str):
    """--partial: the tiny game's War Phase is text only, and simulate refuses to report win rates
    it has not earned; these cases must play the games to test what plays them."""
    return kitgen("simulate", game, "--games", "5", "--workers", "1", "--partial", *more, timeout=BOUND * 2)


DRAW_AND_PLAY = "[{do: draw, count: 1}, {do: play, count: 1, types: [Ship, Build]}]"


def test_simulate__a_card_that_draws_and_plays_its_own_kind_is_refused_at_the_card(tmp_path):
    """Scout draws 2 and plays 2 Ships, and is a Ship: with 1,000 of them the chain went 1,000
    levels deep and ended as an internal error (RecursionError, exit 70)."""
    game = sim_game(tmp_path, DRAW_AND_PLAY,
                    {"Scout": "copies: 1000, actions: [{do: draw, count: 2}, {do: play, count: 2, types: [Ship]}]"})
    run = simulate(game)
    assert_one_line(run, re.compile(r".*decks/main\.yaml:\d+:\d+: error: card 'Scout': its actions set off a chain "
                                    r"that comes back to itself \(Scout -> Scout\) and draws cards on the way: .*"),
                    seconds=BOUND)


def test_simulate__a_chain_through_two_cards_that_draws_is_refused_and_named(tmp_path):
    game = sim_game(tmp_path, DRAW_AND_PLAY, {
        "Scout": "actions: [{do: play, count: 1, types: [Build]}]",
        "Market": "actions: [{do: draw, count: 3}, {do: play, count: 1, types: [Ship]}]"})
    run = simulate(game)
    assert_one_line(run, re.compile(r".*error: card '(Scout|Market)': its actions set off a chain that comes back "
                                    r"to itself \((Scout -> Market -> Scout|Market -> Scout -> Market)\) .*"),
                    seconds=BOUND)


def test_simulate__a_play_chain_that_reaches_a_drawing_card_is_refused(tmp_path):
    """Scout plays Ships (itself) without drawing, but may play Frigate, which draws: the hand refills."""
    game = sim_game(tmp_path, DRAW_AND_PLAY, {
        "Scout": "actions: [{do: play, count: 2, types: [Ship]}]",
        "Frigate": "actions: [{do: draw, count: 2}]"})
    run = simulate(game)
    assert_one_line(run, re.compile(r".*error: card 'Scout': its actions set off a chain that comes back to itself "
                                    r"\(Scout -> Scout\) and draws cards on the way: .*"), seconds=BOUND)


def test_simulate__an_event_deck_whose_events_set_off_events_is_refused(tmp_path):
    game = sim_game(tmp_path, "[{do: event, deck: main, die: 1D6, 'on': [1, 2, 3, 4, 5, 6]}]", {
        "Scout": "copies: 500, actions: [{do: event, deck: main, die: 1D6, 'on': [1, 2, 3, 4, 5, 6]}]"})
    run = simulate(game)
    assert_one_line(run, re.compile(r".*error: card 'Scout': its actions set off a chain that comes back to itself "
                                    r"\(Scout -> Scout\) .*"), seconds=BOUND)


def test_simulate__work_that_multiplies_is_refused_before_a_game_is_played(tmp_path):
    """No loop, but 1,000 Ships each playing 1,000 Builds each drawing 1,000: 10^9 steps a turn."""
    game = sim_game(tmp_path, "[{do: draw, count: 5}, {do: play, count: 1000, types: [Ship]}]", {
        "Scout": "actions: [{do: play, count: 1000, types: [Build]}]",
        "Market": "actions: [{do: draw, count: 1000}]"})
    run = simulate(game)
    assert_one_line(run, re.compile(r".*rules\.yaml:\d+:\d+: error: phase 'Draw Phase': action 'play' may take "
                                    r"[\d,]+ steps \(cards played, drawn and resolved\) each turn, and a game [\d,]+: "
                                    r"more than the simulator plays \(500,000\); .*"), seconds=BOUND)


def test_simulate__a_deep_chain_that_never_draws_is_one_line_not_a_crash(tmp_path):
    """1,000 Scouts in one hand, each playing the next: no draw, so it ends, but 1,000 levels
    deep. Whether the engine plays it or refuses it, it is never an internal error."""
    game = sim_game(tmp_path, "[{do: draw, count: 1000}, {do: play, count: 1, types: [Ship]}]",
                    {"Scout": "copies: 1000, actions: [{do: play, count: 1, types: [Ship]}]"})
    edit(game / "game.yaml", 'players: "2"', 'players: "1-2"')  # one hand: a count the game must declare
    run = simulate(game, "--players", "1", "--policy", "random")
    assert_no_crash(run, seconds=BOUND)
    if run.run.returncode != 0:
        assert_one_line(run, re.compile(r".*error: .*chain.*"), seconds=BOUND)


def test_simulate__a_hand_limit_below_zero_empties_the_hand_not_the_engine(tmp_path):
    """hand-size -5 then discard-to-limit: the engine discarded from an empty hand (ValueError, exit 70)."""
    game = sim_game(tmp_path, "[{do: draw, count: 1}, {do: hand-size, delta: -5}, {do: discard-to-limit}]")
    run = simulate(game, "--json")
    assert_no_crash(run, seconds=BOUND)
    assert run.run.returncode == 0, run.run.describe()
    assert json.loads(run.run.stdout)["games"] == 5


@pytest.mark.parametrize("count", ["1001", "999999999999999999", "-1"])
def test_simulate__an_action_count_out_of_range_is_a_located_error(count, tmp_path):
    game = sim_game(tmp_path, f"[{{do: draw, count: {count}}}]")
    run = simulate(game)
    assert_one_line(run, re.compile(rf".*rules\.yaml:\d+:\d+: error: phase 'Draw Phase': action 'draw': count "
                                    rf"{count} is not 0-1000"), seconds=BOUND)


def test_simulate__a_game_of_a_million_turns_is_refused_at_load(tmp_path):
    game = sim_game(tmp_path, DRAW_AND_PLAY, more="turns: 1000000\n")
    run = simulate(game)
    assert_one_line(run, re.compile(r".*rules\.yaml:\d+:\d+: error: turns: 1,000,000 is out of range: from 1 to 40 .*"),
                    seconds=BOUND)


def test_simulate__huge_scores_play_without_overflow(tmp_path):
    game = sim_game(tmp_path, "[{do: change, attribute: Military, delta: 99999999999999999}]")
    edit(game / "game.yaml", '{name: Trade, abbreviation: TRD,', '{name: Trade, abbreviation: TRD, start: "999999999999999999",')
    run = simulate(game, "--json")
    assert_no_crash(run, seconds=BOUND)
    assert run.run.returncode == 0, run.run.describe()
    assert json.loads(run.run.stdout)["games"] == 5


def test_simulate__a_formula_with_a_huge_power_is_a_located_error_not_a_template_error(tmp_path):
    """P*P*...*P (99 times) with P = 10^18 was 10^1782: the reference's template failed on it
    ("int too large to convert to float", blamed on kitgen's own reference.md.j2)."""
    power = "*".join(["P"] * 99)
    game = sim_game(tmp_path, DRAW_AND_PLAY, more=f'formulas:\n  - name: Cost\n    expression: "{power}"\n'
                    "    variables: [{name: P, meaning: players, examples: [2, 999999999999999999]}]\n")
    for command in ("validate", "simulate"):
        run = kitgen(command, game, timeout=BOUND * 2)
        assert_one_line(run, re.compile(r".*rules\.yaml:\d+:\d+: error: formula 'Cost': reaches more than 10\^12: "
                                        r"give numbers of the size the rules use"), seconds=BOUND)


def test_simulate__a_die_of_a_million_faces_is_refused(tmp_path):
    game = sim_game(tmp_path, "[{do: event, deck: main, die: 1000000D1000000, 'on': [1]}]")
    run = simulate(game)
    assert_one_line(run, re.compile(r".*rules\.yaml:\d+:\d+: error: phase 'Draw Phase': action 'event' needs a deck, "
                                    r"a die like 1D10 .*"), seconds=BOUND)


@pytest.mark.parametrize("flags, option", [(("--games", "1000000000"), "--games"), (("--games", "0"), "--games"),
                                           (("--players", "13"), "--players"), (("--players", "0"), "--players"),
                                           (("--workers", "100000"), "--workers"),
                                           (("--seed", "99999999999999999999"), "--seed"),
                                           (("--policy", ",".join(["greedy"] * 1000)), "--policy")])
def test_simulate__an_absurd_option_is_a_usage_error_before_any_game(flags, option, tmp_path):
    run = kitgen("simulate", "galactic-civ", *flags)
    assert_one_line(run, re.compile(rf"Error: Invalid value for '?{option}'?.*"), exit=2)


def test_simulate__one_player_plays_without_an_opponent(tmp_path):
    game = sim_game(tmp_path, DRAW_AND_PLAY)
    edit(game / "game.yaml", 'players: "2"', 'players: "1-2"')  # a count the game must declare
    run = simulate(game, "--players", "1", "--json")
    assert_no_crash(run, seconds=BOUND)
    assert run.run.returncode == 0, run.run.describe()
    assert json.loads(run.run.stdout)["players"] == 1
