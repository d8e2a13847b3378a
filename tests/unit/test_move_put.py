"""`move` with `put:` (tests/fixtures/vocab/topdeck): where in the pile `to:` the moved card goes.
Four cards, the Ace moved in setup, two players drawing in turn: the Ace on top goes to the first
player, at the bottom to the second; the player who draws it wins."""
from __future__ import annotations

import shutil
from pathlib import Path

from kitgen.load import load_game
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.moves import PUT_PLACES

TOPDECK = Path(__file__).resolve().parents[1] / "fixtures" / "vocab" / "topdeck"
SEEDS = range(1, 13)
GREEDY, RANDOM = POLICIES["greedy"], POLICIES["random"]


def winners(tmp_path: Path, put: str, policy=GREEDY) -> list[int]:
    folder = tmp_path / put
    shutil.copytree(TOPDECK, folder)
    game = folder / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("put: bottom", f"put: {put}"), encoding="utf-8")
    plan = plan_game(load_game(folder))
    return [play(Table(plan, seed, (policy, policy), ACTIONS)).winner for seed in SEEDS]


def test_put__bottom_puts_the_card_under_the_pile_top_leaves_it_on_top(tmp_path):
    assert set(winners(tmp_path, "bottom")) == {1}  # drawn fourth: the second player's
    assert set(winners(tmp_path, "top")) == {0}  # drawn first


def test_put__random_and_chosen_put_it_at_any_place(tmp_path):
    assert set(winners(tmp_path, "random")) == {0, 1}
    assert set(winners(tmp_path, "chosen", RANDOM)) == {0, 1}  # a random player's choice of place


def test_put__a_chosen_place_is_one_of_a_bounded_few():
    assert PUT_PLACES == 12  # the README's "the top 11 places and the bottom"
