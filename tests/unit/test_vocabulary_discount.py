"""`buy` with `discount:` (issue 33, Civilization: The Card Game's Technologies: "Calculated by taking
the base cost found on each individual card, and subtracting any bonuses from buildings, technologies,
wonders", and its kit choice "nothing costs less than 1"), on the Spice Market (tests/fixtures/vocab/
market: Stalls cost 3 Coins)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from kitgen.load import load_game
from kitgen.model import Action, Amount, Amounts, Expr
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS

MARKET = Path(__file__).resolve().parents[2] / "tests/fixtures/vocab/market"


def bought(coins: int, stalls: int, discount: str | None, floor: int | None = None) -> tuple[int, int]:
    """Seat 0 with `coins` and `stalls` takes the Buy step once: (Coins left, Stalls in its street)."""
    game = load_game(MARKET)
    buy = game.phases[1].actions[0]
    off = Amounts((Amount("Coins", Expr(discount)),)) if discount is not None else Amounts()
    phase = dataclasses.replace(game.phases[1], actions=(dataclasses.replace(buy, discount=off, floor=floor),))
    plan = plan_game(dataclasses.replace(game, phases=(game.phases[0], phase)))
    table = Table(plan, 1, (POLICIES["greedy"],) * 2, ACTIONS)
    table.values[0][plan.attributes.index("Coins")] = coins
    table.values[0][plan.attributes.index("Stalls")] = stalls
    step = plan.phases[1].actions[0]
    ACTIONS[step.do](table, 0, step)
    return table.values[0][plan.attributes.index("Coins")], len(table.state.zones["street"][0])


def test_discount__takes_its_amount_worked_out_for_the_buyer_off_the_printed_cost():
    assert bought(2, 0, None) == (2, 0)  # 3 Coins asked: not enough
    assert bought(2, 1, "Stalls") == (0, 1)  # 3 - 1 Stall: 2 paid
    assert bought(4, 2, "Stalls") == (3, 1)  # 3 - 2: 1 paid


def test_discount__never_lowers_a_cost_below_the_floor_nor_raises_one():
    assert bought(4, 5, "Stalls", floor=1) == (3, 1)  # 3 - 5, held at 1
    assert bought(4, 5, "Stalls") == (4, 1)  # no floor: free
    assert bought(4, 0, "0 - 2", floor=1) == (1, 1)  # a discount below 0 adds nothing to the cost


def test_discount__on_a_play_at_cost_lowers_what_the_played_card_costs():
    """play with at_cost: true pays the card's cost; a discount: takes its amount off, as on a buy."""
    game = load_game(MARKET)
    play = Action("play", types=("Stall",), to="street", at_cost=True,
                  discount=Amounts((Amount("Coins", Expr("Stalls")),)))
    phase = dataclasses.replace(game.phases[1], actions=(play,))
    plan = plan_game(dataclasses.replace(game, phases=(game.phases[0], phase)))
    table = Table(plan, 1, (POLICIES["greedy"],) * 2, ACTIONS)
    coins, stalls = plan.attributes.index("Coins"), plan.attributes.index("Stalls")
    table.hands[0][:] = list(plan.decks["goods"][:1])
    table.values[0][coins], table.values[0][stalls] = 1, 1
    step = plan.phases[1].actions[0]
    ACTIONS[step.do](table, 0, step)
    assert table.hands[0] != [] and table.values[0][coins] == 1  # 3 - 1 = 2 asked, 1 held: not played
    table.values[0][stalls] = 2
    ACTIONS[step.do](table, 0, step)
    assert table.hands[0] == [] and table.values[0][coins] == 0  # 3 - 2 = 1 paid
