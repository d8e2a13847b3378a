"""Attacks on the card model's new surfaces (issue 33), through the command line in this process:
a deal larger than the deck, a count by player count that is absurd, a round that never ends, a game
whose `until` never holds, triggers that set each other off for ever. Each: one located line, or a
finished report in bounded time; never a hang, never a traceback."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tests.attacks.harness import assert_no_crash, assert_one_line, edit, kitgen_in_process

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BOUND = 60  # seconds, on a loaded machine: each case plays one or two games of a card game


def example(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    shutil.copytree(EXAMPLES / name, folder, ignore=shutil.ignore_patterns("output"))
    return folder


def simulate(game: Path, games: int = 1, *more: str):
    return kitgen_in_process("simulate", game, "--games", str(games), "--workers", "1", "--policy", "random",
                             "--json", "-q", *more)


def test_deal__larger_than_the_deck_is_one_located_line(tmp_path):
    game = example(tmp_path, "hearts")
    edit(game / "game.yaml", "{do: deal, count: 13,", "{do: deal, count: 14,")
    assert_one_line(simulate(game), re.compile(
        r".*game\.yaml:\d+:\d+: error: setup: deal 14 to each of 4 players needs 56 cards; zone 'deck' starts with 52"),
        seconds=BOUND)


def test_deal__a_billion_by_player_count_is_one_located_line_not_a_long_deal(tmp_path):
    game = example(tmp_path, "uno")
    edit(game / "game.yaml", "{do: deal, count: 7,", "{do: deal, count: {2: 7, 4: 1000000000},")
    assert_one_line(simulate(game), re.compile(r".*game\.yaml:\d+:\d+: error: setup: deal 1000000000 to each of 4 "
                                               r"players needs 4000000000 cards; zone 'draw' starts with 108"),
                    seconds=BOUND)


def test_rounds__a_round_that_never_ends_is_cut_at_its_turns_and_the_game_finishes(tmp_path):
    game = example(tmp_path, "hearts")
    edit(game / "game.yaml", '  end: {test: "count(hand) == 0"}', '  end: {test: "count(hand) == 99"}\n  turns: 20')
    run = simulate(game)
    assert_no_crash(run, seconds=BOUND)
    assert run.run.returncode == 0, run.run.describe()
    assert json.loads(run.run.stdout)["games"] == 1


def test_rounds__an_until_that_never_holds_ends_after_the_most_rounds(tmp_path, monkeypatch):
    from kitgen.simulate.engine import cycle

    monkeypatch.setattr(cycle, "MAX_ROUNDS", 3)  # 1,000 in play: the same bound, cheaper to reach
    game = example(tmp_path, "hearts")
    edit(game / "game.yaml", "until: {at_least: {Score: 100}}", "until: {at_least: {Score: 100000}}")
    run = simulate(game)
    assert_no_crash(run, seconds=BOUND)
    assert run.run.returncode == 0, run.run.describe()
    assert json.loads(run.run.stdout)["turns"]["max"] == 3  # a game of rounds is as long as its rounds


def test_triggers__two_that_set_each_other_off_for_ever_stop_at_the_bound(tmp_path):
    game = example(tmp_path, "lost-cities")
    with open(game / "game.yaml", "a", encoding="utf-8") as file:
        file.write("triggers:\n"
                   "  - {on: enter, zone: expedition, then: [{do: move, zone: expedition, to: hand, count: 1}]}\n"
                   "  - {on: enter, zone: hand, then: [{do: move, zone: hand, to: expedition, count: 1}]}\n")
    run = simulate(game)
    assert_no_crash(run, seconds=BOUND)
    assert run.run.returncode == 0, run.run.describe()
    assert json.loads(run.run.stdout)["games"] == 1


def test_stays__on_a_deck_s_draw_pile_or_a_reshuffled_pile_is_one_located_line(tmp_path):
    game = example(tmp_path, "uno")
    edit(game / "game.yaml", "{name: pile, sees: everyone, keep: 1,", "{name: pile, sees: everyone, keep: 1, stays: true,")
    assert_one_line(simulate(game), re.compile(
        r".*game\.yaml:\d+:\d+: error: zone 'pile': stays: a pile shuffled into another cannot stay"), seconds=BOUND)
    game = example(tmp_path / "b", "sushi-go")
    edit(game / "game.yaml", "{name: draw, deck: sushi, sees: nobody,", "{name: draw, deck: sushi, sees: nobody, stays: true,")
    assert_one_line(simulate(game), re.compile(
        r".*game\.yaml:\d+:\d+: error: zone 'draw': stays: goes with a pile no deck starts in.*"), seconds=BOUND)


def test_block__on_a_step_that_is_not_a_claim_is_one_located_line(tmp_path):
    game = example(tmp_path, "coup")
    edit(game / "game.yaml", '- {do: gain, gain: {Coins: 1}, text: "Income',
         '- {do: gain, gain: {Coins: 1}, block: {name: Duke}, text: "Income')
    assert_one_line(simulate(game), re.compile(r".*game\.yaml:\d+:\d+: error: .*'block:' goes with 'do: claim'"),
                    seconds=BOUND)


def test_claim__a_claim_inside_a_claim_s_steps_plays_out_and_the_game_ends(tmp_path):
    """A claim nested in a claim's `then:` (a Tax that claims again) is taken as deep as it is
    written, challenged like any claim; the games finish, no hang, no traceback."""
    game = example(tmp_path, "coup")
    edit(game / "game.yaml", "then: [{do: gain, gain: {Coins: 3}}]",
         "then: [{do: gain, gain: {Coins: 3}}, {do: claim, filter: {name: Duke}, zone: court, "
         "then: [{do: gain, gain: {Coins: 3}}], loser: [{do: discard, count: 1, to: lost}]}]")
    run = simulate(game, 3, "--partial")  # three games say it ends; whether each has a winner is not this test's
    assert_no_crash(run, seconds=BOUND)
    assert run.run.returncode == 0, run.run.describe()
    assert json.loads(run.run.stdout)["games"] == 3


def test_this__on_a_zone_that_is_not_attached_is_one_located_line(tmp_path):
    """this.ZONE reads the cards under a card: on the hand (no card is under another there) it is refused."""
    game = tmp_path / "plots"
    shutil.copytree(Path(__file__).resolve().parents[2] / "tests/fixtures/vocab/plots", game)
    edit(game / "game.yaml", '    actions: [{do: gain, gain: {Food: "sum(fields.crop)"}}]',
         '    actions: [{do: move, zone: fields, to: pile, filter: {test: "count(this.hand) > 0"}}]')
    assert_one_line(kitgen_in_process("validate", game),
                    re.compile(r".*game\.yaml:\d+:\d+: error: this\.hand: 'this' reads the cards attached under the card .*"))


def test_this__in_a_cost_no_card_is_read_for_is_one_located_line(tmp_path):
    """A pay step's cost is worked out for the player, not a card: this. there is refused, at its line."""
    game = tmp_path / "plots"
    shutil.copytree(Path(__file__).resolve().parents[2] / "tests/fixtures/vocab/plots", game)
    edit(game / "game.yaml", '    actions: [{do: gain, gain: {Food: "sum(fields.crop)"}}]',
         '    actions: [{do: pay, cost: {Food: "count(this.farmers)"}, then: [{do: gain, gain: {Food: 1}}]}]')
    assert_one_line(kitgen_in_process("validate", game),
                    re.compile(r".*game\.yaml:\d+:\d+: error: this\.farmers: 'this' reads the cards attached under .*"))


TOPDECK = Path(__file__).resolve().parents[1] / "fixtures" / "vocab" / "topdeck"


def test_move_put__a_place_not_in_the_list_is_one_located_line_and_on_another_step_a_warning(tmp_path):
    game = tmp_path / "topdeck"
    shutil.copytree(TOPDECK, game)
    edit(game / "game.yaml", "{name: Ace}, put: bottom", "{name: Ace}, put: sideways")
    assert_one_line(kitgen_in_process("validate", game, "-q"), re.compile(
        r".*game\.yaml:\d+:\d+: error: setup\[0\]\.put: 'sideways' is not one of: , top, bottom, random, chosen"))
    edit(game / "game.yaml", "{name: Ace}, put: sideways", "{name: Ace}, put: bottom")
    edit(game / "game.yaml", "{do: draw, count: 1, zone: stock}", "{do: draw, count: 1, zone: stock, put: chosen}")
    assert_one_line(kitgen_in_process("validate", game, "-q", "--strict"), re.compile(
        r".*game\.yaml:\d+:\d+: warning: phase 'Draw': 'put:' is accepted and ignored: do: draw does not read it"))


def test_move_put__chosen_into_a_long_pile_offers_a_bounded_few_places(tmp_path):
    game = example(tmp_path, "crazy-eights")  # every card of the stock moved to its own top, placed by choice
    edit(game / "rules.yaml", "  - {do: shuffle, text:", "  - {do: move, zone: stock, to: stock, count: 52, put: chosen, "
         "text: \"Each card in turn goes back anywhere.\"}\n  - {do: shuffle, text:")
    trace = tmp_path / "c8.txt"
    run = kitgen_in_process("simulate", game, "--players", "2", "--policy", "random", "--trace", trace)
    assert_no_crash(run.run)
    assert run.run.returncode == 0, run.run.describe()
    offered = re.findall(r"chooses put .* \(of (\d+) options\)", trace.read_text(encoding="utf-8"))
    assert len(offered) == 52 and max(map(int, offered)) == 12
