"""What greedy derives from the data to value a deck of its own (players/deck_economy.py) is read
from an untrusted game folder: a card that gives coins beyond what the engine counts, or a points
card that costs nothing, must not break the player (no traceback, the game played on)."""
from __future__ import annotations

import shutil

from kitgen.load import load_game
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players.deck_economy import deck_economy
from kitgen.simulate.players.greedy import GREEDY
from kitgen.simulate.vocabulary import ACTIONS
from tests.attacks.harness import REPO, edit

DOMINION = REPO / "examples" / "dominion"
COPPER = "actions: [{do: gain, gain: {Coins: 1}}]}"


def played(folder) -> Table:
    plan = plan_game(load_game(folder))
    table = Table(plan, 1, (GREEDY, GREEDY), ACTIONS)
    play(table, until_turn=6)
    return table


def test_deck_economy__a_card_worth_more_coins_than_the_engine_counts_is_capped(tmp_path):
    folder = tmp_path / "dominion"
    shutil.copytree(DOMINION, folder)
    huge = "*".join(["999999999999"] * 15)  # 10^180 multiplied out (the 200 characters allowed); capped at 10^12
    edit(folder / "decks" / "kingdom.yaml", COPPER, "actions: [{do: gain, gain: {Coins: \"" + huge + "\"}}]}")
    table = played(folder)
    found = deck_economy(table.plan)
    assert found is not None and max(found.yields) <= 10**12
    assert table.turn >= 6


def test_deck_economy__points_that_cost_nothing_are_no_rate_to_buy_at(tmp_path):
    folder = tmp_path / "dominion"
    shutil.copytree(DOMINION, folder)
    edit(folder / "decks" / "kingdom.yaml", "cost: {Coins: 8}, vp: 6", "cost: {Coins: 0}, vp: 6")
    table = played(folder)
    found = deck_economy(table.plan)
    assert found is not None and found.ratio == 0.6  # the Duchy's 3 for 5: a free Province is no rate
