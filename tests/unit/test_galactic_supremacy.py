"""Galactic Supremacy played from its data through the one engine (issue 33): a table set by hand,
one step of data/galactic-supremacy taken, the seed's outcome asserted (shared/seeds/galactic-supremacy.txt):
production and hand size (the seed's own example), building with credits, the Draw Phase's exchanges,
combat dice and ties, who defends, Counter Espionage, the Research Phase's Catchup, conquest of every
homeworld; then determinism and the CLI with its coverage."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.conftest import ListedDice, TAKE_FIRST, run_kitgen

from kitgen.load import load_game
from kitgen.simulate.compile.plan import Step
from kitgen.simulate.engine.conditions import test as holds
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.players.policy import RANDOM
from kitgen.simulate.vocabulary import ACTIONS

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def plan():
    return plan_game(load_game(ROOT / "data/galactic-supremacy"))


def table_of(plan, players: int = 2, **values: list[int]) -> Table:
    """Each player with a Homeworld in play and an empty hand, every technology at 1, no credits; then
    `values` (Fire_Power=[2, 1])."""
    t = Table(plan, 1, (TAKE_FIRST,) * players, ACTIONS)
    t.turn = 3
    homes = [c for c in range(len(plan.cards)) if plan.cards[c].name.startswith("Homeworld")]
    for seat in range(players):
        t.state.zones["worlds"][seat].append(homes[seat])
        t.piles["homeworlds"][0].remove(homes[seat])
    for name, column in values.items():
        for seat, number in enumerate(column):
            t.values[seat][plan.attributes.index(name.replace("_", " "))] = number
    return t


def card(t: Table, name: str) -> int:
    """A card of that name out of the deck's draw pile (each copy is a card of its own)."""
    found = next(c for c in t.piles["common"][0] if t.plan.cards[c].name == name)
    t.piles["common"][0].remove(found)
    return found


def value(t: Table, name: str, seat: int = 0) -> int:
    return t.values[seat][t.plan.attributes.index(name)]


def steps(t: Table, phase: str) -> tuple[Step, ...]:
    return next(p for p in t.plan.phases if p.name == phase).actions


def inner(step: Step, do: str) -> Step:
    """The step `do` inside the wrappers compile adds (times:, optional:, answers:, an expression's count)."""
    while step.do != do:
        step = step.then[0]
    return step


def take(t: Table, step: Step, seat: int = 0) -> None:
    ACTIONS[step.do](t, seat, step)


def names(t: Table, cards: list[int]) -> list[str]:
    return [t.plan.cards[c].name for c in cards]


def test_production__the_seeds_example_terraforming_3_industry_5_energy_4(plan):
    # "a player has Terraforming = 3, Industry = 5, and Energy = 4 ... That player's worlds produce +2
    # credits per turn and that player has a max hand size = 7"; Homeworld 5, Sectors 1 each, a Leader
    # on a Sector 2; "Credits may be saved from turn to turn"
    t = table_of(plan, Terraforming=[3, 1], Industry=[5, 1], Energy=[4, 1], Credits=[3, 0])
    t.state.zones["worlds"][0] += [card(t, "Sector"), card(t, "Sector")]
    t.state.attached["leaders"][0].append((1, card(t, "Leader")))
    for step in steps(t, "Production Phase"):
        take(t, step)
    assert value(t, "Credits") == 3 + 5 + 1 + 1 + 2 + 3 * 2
    t.hands[0] += [card(t, "Command") for _ in range(8)]
    for step in steps(t, "Draw Phase")[-2:]:  # hand-size, then discard-to-limit
        take(t, step)
    assert len(t.hands[0]) == 7


def test_build__pays_credits_and_puts_units_into_play(plan):
    # "Pay 10 credits to put a Sector card into play ... a Fleet card ... must be attached to a Sector.
    # Pay 5 credits to put a Leader card into play ... attached to a unit"
    t = table_of(plan, Credits=[25, 0])
    t.hands[0] += [card(t, "Sector"), card(t, "Fleet"), card(t, "Leader"), card(t, "Fleet")]
    for step in steps(t, "Build Phase"):
        take(t, inner(step, step.then[0].then[0].do))  # once each, not `times:`
    assert names(t, t.state.zones["worlds"][0]) == ["Homeworld 1", "Sector"]
    assert len(t.state.attached["fleets"][0]) == 1 and len(t.state.attached["leaders"][0]) == 1
    assert value(t, "Credits") == 0 and names(t, t.hands[0]) == ["Fleet"]  # 10 + 10 + 5; no credits left for it


@pytest.mark.parametrize("drawn, kept", [("Sector", True), ("Command", False)])
def test_exploration__discard_a_fleet_to_draw_keep_it_only_if_it_is_a_sector(plan, drawn, kept):
    # "Exploration: You may discard a Fleet card to draw a card. If the card drawn is a Sector card you
    # may keep it, otherwise discard the drawn card"
    t = table_of(plan)
    t.hands[0] += [card(t, "Fleet"), card(t, "Research")]
    t.piles["common"][0].append(card(t, drawn))  # the top of the deck
    take(t, inner(steps(t, "Draw Phase")[2], "when"))
    assert names(t, t.hands[0]) == ["Research", *([drawn] if kept else [])]
    assert names(t, t.piles["common"][1]) == ["Fleet", *([] if kept else [drawn])]


def attack(t: Table, dice: list[int]) -> None:
    """Seat 0 attacks seat 1's first world with every Fleet (the Attack Phase's battle, unanswered)."""
    t.chance(ListedDice(dice))
    take(t, inner(steps(t, "Attack Phase")[0], "battle"))


def test_combat__each_technological_advantage_is_a_die_for_each_unit(plan):
    # "For each advantage, each of a players units gets one additional combat die": Fire Power and Range
    # ahead, a Fleet rolls 3 dice (3 + 3 + 3 = 9) against the Homeworld's 5 dice (1 each: 5); the
    # Homeworld falls and its player is out
    t = table_of(plan, Fire_Power=[2, 1], Range=[3, 1])
    t.state.attached["fleets"][0].append((0, card(t, "Fleet")))
    attack(t, [3, 3, 3, 1, 1, 1, 1, 1])
    assert t.state.zones["worlds"][1] == [] and t.state.attached["fleets"][0]
    # without the advantages the same Fleet rolls one die (3) and the Homeworld's 5 destroys it
    t = table_of(plan)
    t.state.attached["fleets"][0].append((0, card(t, "Fleet")))
    attack(t, [3, 1, 1, 1, 1, 1])
    assert names(t, t.state.zones["worlds"][1]) == ["Homeworld 2"] and t.state.attached["fleets"][0] == []


@pytest.mark.parametrize("leader", [True, False])
def test_combat__a_leader_gives_the_attached_unit_one_additional_combat_die(plan, leader):
    # "Presence of a Leader gives the attached unit one additional combat die": a Fleet's 6 against the
    # Homeworld's 5 dice of 1, a sixth with its Leader (6: the Homeworld wins the tie); "Leaders are
    # destroyed with their units"
    t = table_of(plan)
    t.state.attached["fleets"][0].append((0, card(t, "Fleet")))
    if leader:
        t.state.attached["leaders"][1].append((0, card(t, "Leader")))
    attack(t, [6, 1, 1, 1, 1, 1] + [1] * leader)
    assert bool(t.state.zones["worlds"][1]) == leader
    assert names(t, t.piles["common"][1]) == (["Fleet"] if leader else [])


def test_combat__sectors_win_tied_combat_rolls(plan):
    # "Sectors win tied combat rolls": a Fleet's 9 against a Sector's 9: the Fleet is destroyed, the
    # Sector stands; the colony card would have gone to the attacker's hand
    t = table_of(plan)
    t.state.zones["worlds"][1].insert(0, card(t, "Sector"))
    t.state.attached["fleets"][0].append((0, card(t, "Fleet")))
    attack(t, [9, 9])
    assert names(t, t.state.zones["worlds"][1]) == ["Sector", "Homeworld 2"]
    assert t.state.attached["fleets"][0] == [] and names(t, t.piles["common"][1]) == ["Fleet"]


def test_combat__a_sector_destroyed_is_the_colony_card_for_the_attackers_hand(plan):
    # "If the attacker wins he may put the colony card in his hand" (erratum colony-card)
    t = table_of(plan)
    t.state.zones["worlds"][1].insert(0, card(t, "Sector"))
    t.state.attached["fleets"][0].append((0, card(t, "Fleet")))
    attack(t, [9, 2])
    assert names(t, t.state.zones["worlds"][1]) == ["Homeworld 2"] and names(t, t.hands[0]) == ["Sector"]


def test_who_defends__a_faster_defender_brings_all_his_fleets_unless_surprised(plan):
    # "If the defender has a higher level of Jump Speed Technology then the defender he can use some or
    # all of his fleets to defend"; Surprise: "Defender can only defend with fleets already present";
    # Ambush: "Defender may defend with some or all of his fleets"
    t = table_of(plan, Jump_Speed=[1, 2])
    battle = inner(steps(t, "Attack Phase")[0], "battle")
    t.aim = 0  # the attacker, the defender's target while the battle is fought
    assert holds(battle.more.units.all_guards, t, 1)
    t.state.flags[0]["Surprise"] = 10**9
    assert not holds(battle.more.units.all_guards, t, 1)
    t.state.flags[1]["Ambush"] = 10**9
    assert holds(battle.more.units.all_guards, t, 1)
    t = table_of(plan, Jump_Speed=[2, 2])
    t.aim = 0
    assert not holds(battle.more.units.all_guards, t, 1)  # "the same level ... only ... whatever fleets are there"


@pytest.mark.parametrize("roll, negated", [(8, True), (9, False)])
def test_counter_espionage__negates_a_use_on_1_to_8(plan, roll, negated):
    # "Counter Espionage: Negate any use of a command card on a roll of 1-8 on 1D10", against
    # "Misinformation: Opponent must discard one random card"
    t = table_of(plan)
    t.hands[1] += [card(t, "Command"), card(t, "Research")]
    misinformation = inner(steps(t, "Command Phase")[0], "when").then[1].then[0]  # the uses, the first
    t.chance(ListedDice([roll, 1]))
    take(t, misinformation)
    assert names(t, t.piles["common"][1]) == ["Command", *([] if negated else ["Research"])]


def test_catchup__only_a_technology_an_opponent_is_superior_in(plan):
    # "Catchup: Pay 15 credits and play a research card to gain one level in a specific technology an
    # opponent is superior to you in"
    t = table_of(plan, Range=[1, 3], Credits=[15, 0])
    t.hands[0].append(card(t, "Research"))
    catchups = inner(steps(t, "Research Phase")[0], "when").then[0].then[1:10]  # the table, 9 catchups, directed
    for step in catchups:
        take(t, step)
    assert value(t, "Range") == 2 and value(t, "Credits") == 0 and t.hands[0] == []
    assert [value(t, a) for a in t.plan.attributes[:9]].count(1) == 8


def test_technology_table__pick_one_of_the_above_is_one_of_the_nine_technologies(plan):
    # "10 Pick one of the above": a technology, never Credits (an attribute for the player sheet's ledger)
    t = table_of(plan)
    assert {RANDOM.pick_attribute(t, 0, 0, 1) for _ in range(300)} == set(range(9))
    assert plan.attributes[9] == "Credits"


def test_conquest__the_last_player_with_a_homeworld_wins(plan):
    # "If a players Homeworld Sector is destroyed, it goes out of play, and that player loses";
    # OBJECT: "Conquer the homeworlds of all of your opponents"
    won = 0
    for seed in range(12):
        t = Table(plan, seed, (POLICIES["random"],) * 3, ACTIONS)
        result = play(t)
        if result.winner >= 0:
            won += 1
            assert [s for s in range(3) if not t.out(s)] == [result.winner]
            assert all("Homeworld" not in " ".join(names(t, t.state.zones["worlds"][s])) for s in range(3)
                       if s != result.winner)
    assert won >= 3


def test_same_seed_same_game(plan):
    first = play(Table(plan, 11, (POLICIES["random"],) * 3, ACTIONS))
    again = play(Table(plan, 11, (POLICIES["random"],) * 3, ACTIONS))
    assert first == again


def test_cli__plays_from_its_data_with_a_coverage_row_for_each_rule():
    run = run_kitgen("simulate", "galactic-supremacy", "--games", "10", "--players", "2", "--workers", "1",
                     "--policy", "random", "--partial", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    rows = {row["rule"]: row["status"] for row in report["coverage"]}
    assert rows["victory 'Conquest'"] == "exact" and rows["phase 'Attack Phase'"] == "exact"
    # a rules section is played by its phase's steps; one with no phase is printed only
    assert rows["rule 'Combat Rolls'"] == "exact" and rows["rule 'Trade & Negotiations'"] == "skipped"
    assert rows["Leaders on Fleets"] == "approximated"
    assert report["provenance"]["game"] == "galactic-supremacy" and report["games"] == 10
