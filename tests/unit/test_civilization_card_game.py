"""Civilization: The Card Game from its data through the one engine (issue 33; its rule module is
gone): small tables set up by the game's own setup steps, one phase's steps taken, and the seed's
outcome checked (costs, the bank's trades, the yields each Collect step, the end at the last
Technology and its tiebreakers); then whole games."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.errors import KitgenError
from kitgen.load import load_game
from kitgen.simulate.engine.conditions import test as holds
from kitgen.simulate.engine.cycle import run_setup
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.hosts import pairs, price
from kitgen.simulate.vocabulary.legal import can_pay
from kitgen.simulate.vocabulary.prices import discounted
from kitgen.simulate.vocabulary.zones import buy
from tests.conftest import TAKE_FIRST

ROOT = Path(__file__).resolve().parents[2]
RANDOM = POLICIES["random"]


@pytest.fixture(scope="module")
def plan():
    return plan_game(load_game(ROOT / "data" / "civilization-card-game"))


def table(plan, players: int = 4, seed: int = 1) -> Table:
    t = Table(plan, seed, (RANDOM,) * players, ACTIONS)
    run_setup(t)
    return t


def cards(t: Table, name: str) -> list[int]:
    codes, names = t.plan.facts.codes["name"], t.plan.facts.texts["name"]
    return [c for c in range(len(codes)) if codes[c] == names.index(name)]


def slot(t: Table, name: str) -> int:
    return t.plan.attributes.index(name)


def phase(t: Table, name: str):
    return next(p for p in t.plan.phases if p.name == name)


def purchases(t: Table) -> dict[str, object]:
    """The Purchasing choices (without Highest Happiness), in the order the data lists them."""
    choose = phase(t, "Purchasing").actions[-1].more.cards.otherwise[0]
    while len(choose.then) == 1:  # times: and optional: wrap the choice written
        choose = choose.then[0]
    return dict(zip(("Building", "Wonder", "tech-row", "Population", "plot-row"), choose.then, strict=True))


def test_setup__four_plots_a_free_population_and_6_to_9_cards_less_2(plan) -> None:
    t = table(plan)
    assert [len(t.state.zones["land"][s]) for s in range(4)] == [4, 4, 4, 4]  # 2 dealt, 2 drafted
    assert [len(t.state.attached["population"][s]) for s in range(4)] == [1, 1, 1, 1]
    assert [len(t.hands[s]) for s in range(4)] == [4, 5, 6, 7]  # "5 + seat", then 2 discarded
    assert len(t.state.market["plot-row"]) == 3 and len(t.state.market["tech-row"]) == 3


@pytest.mark.parametrize(("players", "removed"), [(2, 6), (3, 3), (4, 0)])
def test_setup__technologies_the_article_does_not_name_go_to_the_box_by_player_count(plan, players, removed) -> None:
    t = table(plan, players)
    box = t.state.places["box"][0]
    assert len(box) == removed
    named = {"Engineering", "Mining", "Astronomy", "Writing", "Code of Laws"}
    assert not {t.plan.facts.texts["name"][t.plan.facts.codes["name"][c]] for c in box} & named


def test_population__costs_6_plus_2p_food_on_its_plot_less_pottery(plan) -> None:
    t = table(plan)
    step = purchases(t)["Population"]
    land = t.state.zones["land"][0]
    host = next(h for h, _ in t.state.attached["population"][0])  # the plot with the free Population
    other = next(h for h in range(len(land)) if h != host)
    food = slot(t, "Food")
    bank = cards(t, "Population")[-1]
    due = {h: dict(price(t, 0, step, land[h], bank).fixed)[food] for h in (host, other)}
    assert due == {host: 8, other: 6}  # 6 + 2P
    t.state.zones["techs"][0].append(cards(t, "Pottery")[0])
    assert dict(price(t, 0, step, land[other], bank).fixed)[food] == 5  # Pottery: 1 less


def test_plot__costs_15_plus_5_for_each_plot_beyond_four_in_any_mix_less_sailing(plan) -> None:
    t = table(plan)
    step = purchases(t)["plot-row"]
    plot = t.state.market["plot-row"][0]
    cost = lambda: discounted(t, 0, t.plan.vocabulary.costs[plot], step)  # noqa: E731
    assert cost().any == 15 and len(cost().of) == 3
    t.state.zones["land"][0].append(cards(t, "Tundra")[0])
    assert cost().any == 20  # the sixth plot
    t.state.zones["techs"][0].append(cards(t, "Sailing")[0])
    assert cost().any == 17


def test_bank__what_a_payment_is_short_of_is_bought_3_for_1_and_2_for_1_with_currency(plan) -> None:
    t = table(plan)
    step = purchases(t)["tech-row"]
    engineering = cards(t, "Engineering")[0]  # 12 Commerce
    cost = discounted(t, 0, t.plan.vocabulary.costs[engineering], step)
    row = t.values[0]
    row[slot(t, "Commerce")], row[slot(t, "Production")], row[slot(t, "Food")] = 10, 3, 2
    assert not can_pay(t, 0, cost, step.more.trade)  # 2 short: 6 more needed, only 5
    row[slot(t, "Food")] = 3
    assert can_pay(t, 0, cost, step.more.trade) and not can_pay(t, 0, cost)
    row[slot(t, "Production")], row[slot(t, "Food")] = 2, 2
    t.state.zones["techs"][0].append(cards(t, "Currency")[0])
    assert can_pay(t, 0, cost, step.more.trade)  # 2 short at 2:1


def collect(t: Table, seat: int = 0) -> None:
    for step in phase(t, "Collect Resource Cards").actions:
        t.actions[step.do](t, seat, step)


def test_collect__plots_yield_each_turn_and_a_plot_entering_play_yields_nothing_then(plan) -> None:
    t = table(plan)
    t.state.zones["land"][0][:] = cards(t, "Plains")[:4]  # 1 Food and 1 Production each
    t.state.attached["population"][0][:] = []
    t.state.attached["buildings"][0][:] = []
    row = t.values[0]
    row[slot(t, "Food")] = row[slot(t, "Production")] = row[slot(t, "Commerce")] = 0
    collect(t)
    collect(t)
    assert (row[slot(t, "Food")], row[slot(t, "Production")], row[slot(t, "Commerce")]) == (8, 8, 0)
    plot = t.state.market["plot-row"][0]
    buy(t, 0, plot, purchases(t)["plot-row"])  # the fifth plot: 15 in any mix
    assert plot in t.state.zones["land"][0] and sum(row[slot(t, n)] for n in ("Food", "Production", "Commerce")) == 1


def test_collect__a_granary_doubles_its_plots_printed_food_not_the_population_bonus(plan) -> None:
    t = table(plan)
    grass = cards(t, "Grassland")[0]  # 2 Food
    t.state.zones["land"][0][:] = [grass]
    t.state.attached["population"][0][:] = [(0, cards(t, "Population")[0]), (0, cards(t, "Population")[1])]
    t.state.attached["buildings"][0][:] = []
    food = slot(t, "Food")
    t.values[0][food] = 0
    collect(t)
    assert t.values[0][food] == 2 + 2  # its yield, +1 a Population
    t.state.attached["buildings"][0][:] = [(0, cards(t, "Granary")[0])]
    t.values[0][food] = 0
    collect(t)
    assert t.values[0][food] == 4 + 2


def test_buildings__one_a_plot_two_with_three_population_or_engineering(plan) -> None:
    t = table(plan)
    step = purchases(t)["Building"]
    zone = t.plan.vocabulary.zones["buildings"]
    t.state.zones["land"][0][:] = cards(t, "Plains")[:1]
    t.state.attached["population"][0][:] = []
    t.state.attached["buildings"][0][:] = [(0, cards(t, "Forge")[0])]
    t.hands[0][:] = cards(t, "Temple")[:1]
    t.values[0][slot(t, "Production")] = 20
    assert pairs(t, 0, step, zone) == []  # the plot holds one
    t.state.attached["population"][0][:] = [(0, c) for c in cards(t, "Population")[:3]]
    assert [h for h, _ in pairs(t, 0, step, zone)] == [0]
    t.state.attached["population"][0][:] = []
    t.state.zones["techs"][0].append(cards(t, "Engineering")[0])
    assert [h for h, _ in pairs(t, 0, step, zone)] == [0]


def test_end__buying_the_last_technology_ends_the_game_and_ties_go_to_technologies_then_population(plan) -> None:
    t = table(plan)
    assert not holds(t.plan.game_end, t, 0)
    t.piles["technologies"][0][:] = []
    t.state.market["tech-row"][:] = []
    assert holds(t.plan.game_end, t, 0)
    path = t.plan.paths[0].when
    vp = slot(t, "Victory Points")
    for s in range(4):
        t.values[s][vp] = 5
        t.state.zones["techs"][s][:] = []
    t.state.zones["techs"][2][:] = cards(t, "Mining")
    assert [holds(path, t, s) for s in range(4)] == [False, False, True, False]  # most Technologies
    t.state.zones["techs"][0][:] = cards(t, "Astronomy")
    t.state.attached["population"][0].append((0, cards(t, "Population")[-1]))
    assert [holds(path, t, s) for s in range(4)] == [True, False, False, False]  # then most Population


def test_combat__catapults_walls_blocks_and_damage_as_the_seed_says(plan) -> None:
    """Combat steps 2-6 with the game's own cards, each choice the first offered (every unit at the
    player to the left, a block whenever one is legal): a catapult destroys City Walls (back to its
    owner's hand) but not the Great Wall, which bounces a unit back; Spearmen cannot block Swordsmen;
    Swordsmen destroy a Building, never a Wonder; Spearmen block a Chariot; a Chariot let through steals
    a Population (a Victory Point changes hands)."""
    t = Table(plan, 1, (TAKE_FIRST,) * 3, ACTIONS)
    run_setup(t)
    walls, wall, library = cards(t, "City Walls")[0], cards(t, "Great Wall")[0], cards(t, "Library")[0]
    catapult, chariots, swords, spears = cards(t, "Catapult")[0], cards(t, "Chariot"), cards(t, "Swordsmen")[0], cards(t, "Spearmen")
    t.hands[0][:], t.hands[1][:] = [catapult, chariots[0], swords], [spears[0]]
    t.state.attached["buildings"][1][:] = [(0, walls), (0, wall), (1, library)]
    combat = phase(t, "Combat").actions[0]
    t.actions[combat.do](t, 0, combat)
    assert walls in t.hands[1] and (0, wall) in t.state.attached["buildings"][1]
    assert chariots[0] in t.hands[0]  # the Great Wall bounced the first unit left
    assert library in t.hands[1] and spears[0] in t.hands[1]  # the Swordsmen went through
    discard = t.piles["play"][1]
    assert catapult in discard and swords in discard
    vp = slot(t, "Victory Points")
    t.hands[0][:] = chariots[:2]
    t.state.attached["buildings"][1][:] = []
    before = [t.values[s][vp] for s in (0, 1)], len(t.state.attached["population"][1])
    t.actions[combat.do](t, 0, combat)
    assert spears[0] in discard and chariots[0] in discard and chariots[1] in discard  # one blocked, one through
    assert len(t.state.attached["population"][1]) == before[1] - 1
    assert [t.values[s][vp] for s in (0, 1)] == [before[0][0] + 1, before[0][1] - 1]


def test_games__the_same_seed_plays_the_same_game_and_every_game_ends(plan) -> None:
    first = [play(Table(plan, seed, (RANDOM,) * 3, ACTIONS)) for seed in range(3)]
    again = [play(Table(plan, seed, (RANDOM,) * 3, ACTIONS)) for seed in range(3)]
    assert first == again
    greedy = play(Table(plan, 5, (POLICIES["greedy"],) * 2, ACTIONS))
    assert greedy.winner >= 0  # the last Technology bought within the 15 rounds


def test_old_rules_key__names_the_module_that_is_gone(tmp_path) -> None:
    import shutil
    folder = tmp_path / "civilization-card-game"
    shutil.copytree(ROOT / "data" / "civilization-card-game", folder)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    assert "simulate:\n  turns: 30\n" in text
    path.write_text(text.replace("simulate:\n  turns: 30\n", "simulate:\n  turns: 30\n  rules: civilization-card-game\n"),
                    encoding="utf-8")
    with pytest.raises(KitgenError, match=r"game\.yaml:\d+:\d+: error: simulate\.rules: the rule module "
                                          r"'civilization-card-game' is gone"):
        plan_game(load_game(folder))
