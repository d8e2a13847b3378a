"""`draft` from a face-up row on the table (issue 33, Civilization: The Card Game's plot draft: "each
player "drafts" one of the face up plots. Another set of plot cards are placed face-up on the table and
this time the dealer drafts first and proceeds back in the opposite direction, with the player seated
to the left of the Dealer receiving the last plot")."""
from __future__ import annotations

import shutil
from pathlib import Path

from kitgen.load import load_game
from kitgen.simulate.engine.cycle import run_setup
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS

ROOT = Path(__file__).resolve().parents[2]


def drafted(tmp_path: Path, steps: str, players: int = 3, policy: str = "random", trace: bool = False) -> Table:
    """The four-suit game with a face-up `row` and the setup `steps`, set up for `players` (its trace kept)."""
    folder = tmp_path / "draft"
    shutil.copytree(ROOT / "tests/fixtures/cards", folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("  - {name: shop, kind: supply, deck: goods}\n",
                        "  - {name: shop, kind: supply, deck: goods}\n  - {name: row, sees: everyone}\n")
    (folder / "game.yaml").write_text(text + "setup:\n" + steps, encoding="utf-8")
    table = Table(plan_game(load_game(folder)), 1, (POLICIES[policy],) * players, ACTIONS)
    table.trace = [] if trace else None
    run_setup(table)
    return table


def won(table: Table) -> list[int]:
    place = [p.name for p in table.plan.places].index("won")
    return [len(cards_of(table, place, seat)) for seat in range(table.players)]


def test_draft_row__each_player_takes_one_in_order_and_the_last_goes_without_when_the_row_is_short(tmp_path):
    table = drafted(tmp_path, '  - {do: move, zone: draw, to: row, count: 2, text: "Two cards face up."}\n'
                              '  - {do: draft, zone: row, to: won, text: "From the first player, each takes one."}\n')
    assert won(table) == [1, 1, 0]


def test_draft_row__direction_right_starts_with_the_seat_before_the_first_and_goes_back(tmp_path):
    table = drafted(tmp_path, '  - {do: move, zone: draw, to: row, count: 2, text: "Two cards face up."}\n'
                              '  - {do: draft, zone: row, to: won, direction: right, text: "The dealer first, back."}\n')
    assert won(table) == [0, 1, 1]  # the dealer (seat 2), then seat 1; the first player is last and goes without


def test_draft_row__a_snake_of_two_drafts_gives_every_player_two_and_each_takes_a_card_of_the_row(tmp_path):
    lay = '  - {do: move, zone: draw, to: row, count: players, text: "One card per player face up."}\n'
    table = drafted(tmp_path, lay + '  - {do: draft, zone: row, to: won, text: "Each takes one."}\n'
                    + lay + '  - {do: draft, zone: row, to: won, direction: right, text: "Back."}\n',
                    players=4, policy="greedy")
    assert won(table) == [2, 2, 2, 2]
    row = [p.name for p in table.plan.places].index("row")
    assert cards_of(table, row, 0) == []
    assert sum(len(hand) for hand in table.hands) == 0  # into `to`, never the hand


def test_draft_row__each_pick_is_a_draft_choice_and_each_card_taken_a_draw(tmp_path):
    table = drafted(tmp_path, '  - {do: move, zone: draw, to: row, count: 3, text: "Three cards face up."}\n'
                              '  - {do: draft, zone: row, to: won, text: "Each takes one."}\n', players=2, trace=True)
    names = [p.name for p in table.plan.places]
    chosen = [(e[1], e[2], e[6]) for e in table.trace if e[0] == "choose"]
    taken = [(e[1], e[2], names[e[4]], names[e[6]]) for e in table.trace if e[0] == "move" and names[e[4]] == "row"]
    assert chosen == [(0, "draft", 3), (1, "draft", 2)]  # of the 3 cards, then of the 2 left
    assert taken == [(0, "draw", "row", "won"), (1, "draw", "row", "won")]
