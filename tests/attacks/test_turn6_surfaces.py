"""Attacks on what session 6's turn added, as a hostile user would write them: game.yaml's `players:`
(read once, model.player_counts, by the simulator, the token sheets and the deal check), and more
below. Each: one located line and exit 1, or a finished run; never a traceback or an internal error.
In this process (kitgen_in_process): these cases stay cheap."""
from __future__ import annotations

import re

import pytest

from tests.attacks.harness import assert_one_line, kitgen_in_process, tiny_copy

PLAYERS_LINE = r".*game\.yaml:6:10: error: players: '{}' names a count of players outside 1 to 99: write the counts " \
               r"it is for, such as 2-4 or 2\+"


@pytest.mark.parametrize("players", ["2-" + "9" * 5000, "0-4", "2-100000"])
def test_players__a_count_no_table_has_is_one_located_line(tmp_path, players):
    """5,000 digits ended in an internal error (int() refuses them: the token sheets and the deal
    check read players: on their own); 0 or 100,000 players printed tokens and dealt for no table."""
    game = tiny_copy(tmp_path)
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace('players: "2"', f'players: "{players}"'))
    for command in ("validate", "build"):
        assert_one_line(kitgen_in_process(command, game, "-o" if command == "build" else "-q",
                                          *([tmp_path / "kit"] if command == "build" else [])),
                        re.compile(PLAYERS_LINE.format(re.escape(players[:40]))))


def _copy(tmp_path, source: str):
    """A copy of a published example (examples/) or a vocabulary fixture (tests/fixtures/vocab/)."""
    import shutil

    from tests.attacks.harness import REPO

    found = next(REPO / base / source for base in ("examples", "tests/fixtures/vocab") if (REPO / base / source).is_dir())
    shutil.copytree(found, tmp_path / source, ignore=shutil.ignore_patterns("output"))
    return tmp_path / source


def _validate_edited(tmp_path, source: str, old: str, new: str, line: str):
    from tests.attacks.harness import edit

    game = _copy(tmp_path, source)
    edit(game / "game.yaml", old, new)
    assert_one_line(kitgen_in_process("validate", game, "-q"), re.compile(r".*game\.yaml:\d+:\d+: error: " + line))


@pytest.mark.parametrize("size", ["0", "-1"])
def test_score_sets__of_no_cards_is_one_located_line(tmp_path, size):
    """The simulator scored a set of 0 cards as a set of 1 (max(1, size)): a rule guessed."""
    _validate_edited(tmp_path, "sushi-go", "sets: {size: 2, points: 5,", f"sets: {{size: {size}, points: 5,",
                     rf"rounds scoring: score: sets: size {size}: the cards a set takes, 1 or more")


def test_zones__one_declared_twice_is_one_located_line(tmp_path):
    """A second zone 'draw' validated, and play used one of the two."""
    _validate_edited(tmp_path, "sushi-go", "zones:\n", "zones:\n  - {name: draw, owner: player}\n",
                     "zone 'draw' is declared twice")


BIG = "9" * 5000  # int() refuses more than 4,300 digits with a ValueError


@pytest.mark.parametrize("result, said", [(f"{BIG}D6", "9" * 20), (f"1D{BIG}", "1D" + "9" * 18),
                                          ("1000000D6", "1000000D6"), ("two", "two")])
def test_vote_rows__a_result_no_die_or_number_is_one_located_line(tmp_path, result, said):
    """5,000 digits of dice was an internal error (check/dice read them with int()); a die too big or
    a word was counted as 0 votes in play, without a word."""
    _validate_edited(tmp_path, "senate", '{roll: "Each Credit bid", result: "1", bid: Credits}',
                     f'{{roll: "Each Credit bid", result: "{result}", bid: Credits}}',
                     f"table 'senate' row 'Each Credit bid': result '{said}' is not a whole number or dice like 1D6: "
                     "the votes it adds")


def test_battle_die__of_5000_digits_is_one_located_line(tmp_path):
    _validate_edited(tmp_path, "skirmish", "die: 1D6", f"die: {BIG}D6",
                     f"phase 'Attack': action 'battle': die '{'9' * 20}' is not dice notation like 1D6")


def test_deal__by_player_count_that_leaves_a_count_the_game_plays_out_is_one_located_line(tmp_path):
    """{2: 10} in a game for 2-5 dealt 4 players no card (0 for a count it does not name): the game
    played on, every game without a winner."""
    _validate_edited(tmp_path, "sushi-go", "count: {2: 10, 3: 9, 4: 8, 5: 7}", "count: {2: 10, 4: 8, 5: 7}",
                     r"setup: deal: count gives no number for 3 players \(the game is for 2-5\): name each count, 0 "
                     "where nothing is dealt")


def test_across__at_an_odd_count_the_game_plays_is_one_located_line(tmp_path):
    """At 3 players a draft 'across' passed to the left: a rule guessed."""
    _validate_edited(tmp_path, "sushi-go", "direction: left\n", "direction: across\n",
                     r"phase 'Pick': action 'draft': direction: across needs an even count of players, and the game "
                     r"is for 2-5 \(3 has no player across\): give left or right, or guard it with a when that tests "
                     "players")


def test_across__guarded_by_a_when_that_tests_players_validates(tmp_path):
    from tests.attacks.harness import edit

    game = _copy(tmp_path, "hearts")
    edit(game / "game.yaml", 'players: "4"', 'players: "3-5"')
    edit(game / "game.yaml", "{do: deal, count: 13,", "{do: deal, count: 10,")
    edit(game / "game.yaml", 'test: "round % 4 == 3"', 'test: "round % 4 == 3 and players == 4"')
    run = kitgen_in_process("validate", game, "-q").run
    assert run.returncode == 0, run.describe()


READY = '      - {do: when, target: all-players, then: [{do: set, attribute: Sticks, value: "count(belt, name=Chopsticks)"}]}'


@pytest.mark.parametrize("outer, inner", [("1000", "1000"), ("2", "Sticks + 600")])
def test_times__nested_past_a_thousand_in_all_is_one_located_line(tmp_path, outer, inner):
    """times: 1000 inside times: 1000 inside times: 1000 was 10^9 steps a turn: simulate never ended
    (each times: alone is held to 0-1000). One worked out in play counts as its bound, 1,000."""
    _validate_edited(tmp_path, "sushi-go", READY, READY + f'\n      - {{do: when, times: {outer}, then: [{{do: when, '
                     f'times: "{inner}", then: [{{do: gain, gain: {{Sticks: 0}}}}]}}]}}',
                     "phase 'Ready': action 'when': times: inside another step's times it may be taken "
                     f"{2000 if outer == '2' else 1000000:,} times; at most 1,000 in all")


def test_rounds__that_never_end_stop_at_a_games_most_turns(tmp_path, monkeypatch):
    """1,000 rounds of 10,000 turns whose end never holds were 10^7 turns: one game never ended. A game
    plays at most MAX_GAME_TURNS turns in all rounds (here 60, the same bound made cheap), then its
    game_over victory decides; the trace says why it ended."""
    from kitgen.simulate.engine import cycle
    from tests.attacks.harness import edit

    monkeypatch.setattr(cycle, "MAX_GAME_TURNS", 60)
    game = _copy(tmp_path, "hearts")
    edit(game / "game.yaml", "until: {at_least: {Score: 100}}", "count: 1000")
    edit(game / "game.yaml", '  end: {test: "count(hand) == 0"}', '  end: {test: "count(hand) == 99"}\n  turns: 30')
    trace = tmp_path / "trace.txt"
    run = kitgen_in_process("simulate", game, "--workers", "1", "--policy", "random", "--trace", trace)
    assert run.run.returncode == 0 and run.seconds < 30, run.run.describe()
    assert "60 turns in 2 rounds: a game's turns at most 60" in trace.read_text(), trace.read_text()[-1500:]


@pytest.mark.parametrize("source, file, old, new, line", [
    ("hearts", "game.yaml", "until: {at_least: {Score: 100}}", "until: {at_least: {Scroe: 100}}",
     r"game\.yaml:70:22: error: rounds: unknown counter or attribute 'Scroe' \(did you mean 'Score'\?\)"),
    ("hearts", "game.yaml", '  end: {test: "count(hand) == 0"}', "  end: {at_least: {Scroe: 1}}",
     r"game\.yaml:71:20: error: rounds: unknown counter or attribute 'Scroe' \(did you mean 'Score'\?\)"),
    ("hearts", "game.yaml", '{when: {test: "turn == 1"}, filter: {points: 0}}',
     "{when: {highest: [Scroe]}, filter: {points: 0}}",
     r"game\.yaml:60:20: error: phase 'Play': unknown counter or attribute 'Scroe' \(did you mean 'Score'\?\)"),
    ("love-letter", "decks/letters.yaml", "protected: {at_least: {Protected: 1}}}]", "protected: {at_least: {Protectd: 1}}}]",
     r"decks/letters\.yaml:26:72: error: card 'Priest': unknown counter or attribute 'Protectd' \(did you mean "
     r"'Protected'\?\)"),
])
def test_conditions__of_rounds_only_and_protected_name_what_exists(tmp_path, source, file, old, new, line):
    """A round's until and end, a play's only: and a target's protected: were never checked: a
    misspelt counter read 0 in play (no player was ever protected; the game never ended by until)."""
    from tests.attacks.harness import edit

    game = _copy(tmp_path, source)
    edit(game / file, old, new)
    assert_one_line(kitgen_in_process("validate", game, "-q"), re.compile(r".*" + line))


@pytest.mark.parametrize("old, new, step, zone", [
    ("{do: move, zone: camps, to: camp-row, count: 2,", "{do: move, zone: camps, to: villagers, count: 2,", "move",
     "villagers"),
    ("{do: deal, deck: army, count: 4,", "{do: deal, deck: army, count: 4, to: works,", "deal", "works")])
def test_moves__into_an_attached_zone_without_a_host_is_one_located_line(tmp_path, old, new, step, zone):
    """A move or a deal into an attached zone put cards under no card: validate said nothing, play went on."""
    _validate_edited(tmp_path, "siege", old, new, f"action '{step}': to: '{zone}' is an attached zone, whose cards lie "
                                                  "under a card: do: attach chooses the card")


def test_tie_break__dice_of_one_side_is_one_located_line(tmp_path):
    """A roll-off on 1D1 ties every time: it broke no tie and validate said nothing (turn_order's roll
    is refused so already)."""
    import shutil

    from tests.attacks.harness import REPO, edit

    game = tmp_path / "civ-builder"
    shutil.copytree(REPO / "data" / "civ-builder", game, ignore=shutil.ignore_patterns("output"))
    edit(game / "rules.yaml", "tie_break: [Government, Religion, Culture, 1D6]", "tie_break: [Government, 1D1]")
    assert_one_line(kitgen_in_process("validate", game, "-q"), re.compile(
        r".*rules\.yaml:\d+:\d+: error: victory path 'Most Victory Points': tie_break: dice that always give 1 never "
        r"break a tie: give dice of two sides or more, such as 1D6"))


def test_knowledge__a_table_zone_seen_by_its_owner_is_one_located_line(tmp_path):
    """A zone of the table has no owner: sees: owner was played as seen by nobody, without a word."""
    from tests.attacks.harness import edit

    game = _copy(tmp_path, "love-letter")
    edit(game / "game.yaml", "{name: aside, sees: nobody,", "{name: aside, sees: owner,")
    assert_one_line(kitgen_in_process("validate", game, "-q"), re.compile(
        r".*game\.yaml:26:5: error: zone 'aside': sees: owner goes with owner: player \(a zone of the table has no "
        r"owner\): give nobody or everyone"))


@pytest.mark.parametrize("source, file, old, new", [
    *(("sushi-go", "decks/sushi.yaml", "then: [{do: gain, gain: {Wasabi: 1}}]}]", f"then: [{then}]}}]") for then in (
        "{do: steal, count: 3, target: target-player}", "{do: pass, count: 5, direction: left}",
        "{do: swap-hands, target: target-player}")),
    ("sushi-go", "decks/sushi.yaml", "triggers: [{on: enter, zone: belt, then: [{do: gain, gain: {Wasabi: 1}}]}]",
     "triggers: [{on: leave, zone: hand, then: [{do: move, zone: hand, to: used, count: 20}]}]"),
    ("hearts", "game.yaml", "attribution:", "triggers:\n  - {on: enter, zone: won, then: [{do: move, zone: trick, to: "
                                            "deck, count: 20}]}\nattribution:")])
def test_moves__a_trigger_that_takes_a_card_the_step_is_moving_plays_on(tmp_path, source, file, old, new):
    """A step's cards are chosen first, then moved one by one (a draft's keeps, a move's, a trick's): a
    trigger of an earlier one that took a later one was an internal error (list.remove) in every game."""
    import json

    from tests.attacks.harness import edit

    game = _copy(tmp_path, source)
    edit(game / file, old, new)
    run = kitgen_in_process("simulate", game, "--games", "3", "--workers", "1", "--policy", "random", "--json", "-q",
                            "--partial")
    assert run.run.returncode == 0, run.run.describe()
    assert json.loads(run.run.stdout)["games"] == 3


def test_triggers__a_storm_of_chains_stops_at_a_games_bound(tmp_path, monkeypatch):
    """A trigger on a card entering the hand that passes a card set off a chain of 1,000 triggers for
    each card dealt, every round: one game of Hearts took minutes. A game fires MAX_GAME_TRIGGERS at
    most (here 200, the same bound made cheap); past it the game goes on without them."""
    import json

    from kitgen.simulate.vocabulary import events
    from tests.attacks.harness import bounded, edit

    monkeypatch.setattr(events, "MAX_GAME_TRIGGERS", 200)
    game = _copy(tmp_path, "hearts")
    edit(game / "game.yaml", "attribution:", "triggers:\n  - {on: enter, zone: hand, then: [{do: pass, count: 1, "
                                             "direction: left}]}\nattribution:")
    with bounded(30):
        run = kitgen_in_process("simulate", game, "--games", "2", "--workers", "1", "--policy", "random", "--json",
                                "-q", "--partial")
    assert run.run.returncode == 0, run.run.describe()
    assert json.loads(run.run.stdout)["games"] == 2
