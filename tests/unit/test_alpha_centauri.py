"""Alpha Centauri played from its data through the one engine (issue 33): a table set by hand, one
phase of data/alpha-centauri taken, the seed's outcome asserted (shared/seeds/alpha-centauri.txt):
Production's tiers, Upkeep, the Conflict Table's Force Totals, the facilities' limit, the four
victories exactly as the seed states them; then determinism and the CLI with its coverage."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.conftest import TAKE_FIRST, run_kitgen

from kitgen.load import load_game
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.battles import total
from kitgen.simulate.vocabulary.tables import rolled, take_row

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def plan():
    return plan_game(load_game(ROOT / "data/alpha-centauri"))


def table_of(plan, players: int = 2, **values: list[int]) -> Table:
    """Every Score, counter and faction ability at 0 (no faction's rule matters), then `values`."""
    t = Table(plan, 1, (TAKE_FIRST,) * players, ACTIONS)
    t.turn = 3
    t.values = [[0] * len(plan.attributes) for _ in range(players)]
    for name, column in values.items():
        for seat, number in enumerate(column):
            t.values[seat][plan.attributes.index(name.replace("_", " "))] = number
    return t


def column(t: Table, name: str) -> list[int]:
    return [row[t.plan.attributes.index(name)] for row in t.values]


def take(t: Table, phase: str, seat: int = 0) -> None:
    for step in next(p for p in t.plan.phases if p.name == phase).actions:
        ACTIONS[step.do](t, seat, step)


def test_factions__start_their_counters_at_the_values_their_rule_lines_say(plan):
    # "Pacifist": never Attacks; "Aggressive factions may attack twice"; Morgan "Begins game with extra
    # 50 Credits"; a faction's counters are where it starts, not added to the counter's own start
    starts = {}
    for seed in range(30):
        t = Table(plan, seed, (TAKE_FIRST,) * 7, ACTIONS)
        for seat, faction in enumerate(t.factions):
            starts[plan.factions[faction].name] = (column(t, "Attacks")[seat], column(t, "Credits")[seat])
    assert {name: attacks for name, (attacks, _) in starts.items()} == {
        "Believers": 2, "Gaians": 0, "Hive": 2, "Morgan Industries": 0, "Peacekeepers": 1, "Spartans": 1, "University": 1}
    assert starts["Morgan Industries"][1] == 50 and starts["Spartans"][1] == 0


def test_conflict__a_player_without_units_orders_no_attack(plan):
    # "attack each other with Military units": seat 0 has none, so the only order is seat 2's, and the
    # Governor (seat 1) cancels that one (an order of nothing would have taken the veto)
    t = table_of(plan, players=3, Units=[0, 6, 6], Attacks=[1, 0, 1], Bases=[1, 1, 1])
    t.state.flags[1]["Governor"] = 10**9
    take(t, "Conflict Phase")
    assert column(t, "Bases") == [1, 1, 1] and column(t, "Captures") == [0, 0, 0]


def test_production__bases_earn_5_4_3_by_the_tiers_of_5_plus_efficiency_and_scores_pay(plan):
    t = table_of(plan, Bases=[12, 7], Economy_Efficiency=[0, 1], Economy_Industry=[0, 2], Planetary_Ecology=[0, 3])
    take(t, "Production Phase", 0)
    take(t, "Production Phase", 1)
    assert column(t, "Credits") == [5 * 5 + 5 * 4 + 2 * 3, 6 * 5 + 1 * 4 + 2 + 3]


def test_upkeep__each_unit_costs_a_credit_and_those_unpaid_are_disbanded(plan):
    t = table_of(plan, Units=[10, 3], Credits=[4, 9], Bases=[1, 1])
    take(t, "Upkeep Phase", 0)
    take(t, "Upkeep Phase", 1)
    assert column(t, "Units") == [4, 3] and column(t, "Credits") == [0, 6]


def test_conflict_table__most_levels_unit_ratios_and_the_defender_make_the_force_totals(plan):
    # attacker: more MA (1) and double the Units (2); defender: more MM (1) and the Defender (1)
    t = table_of(plan, Units=[8, 4], Military_Attack=[2, 0], Military_Mobility=[0, 1], Bases=[1, 1])
    battle = next(p for p in plan.phases if p.name == "Conflict Phase").actions
    step = _battle_step(battle)
    lookup = plan.vocabulary.lookups["conflict"]
    t.sides = (0, 1)
    attacker, defender = total(t, 0, 1, step, lookup), total(t, 1, 0, step, lookup)
    assert (attacker[0], defender[0]) == (3, 2)
    assert attacker[1] == defender[1] == [(1, 10)]  # the Fog of War: both players roll 1D10


def _battle_step(steps, do: str = "battle"):
    """The first step `do` among `steps` or nested in one (a `times:` roll is inside a repeat)."""
    for step in steps:
        if step.do == do:
            return step
        found = _battle_step(step.then, do)
        if found is not None:
            return found
    return None


def test_build__no_more_facilities_in_play_than_technologies_known(plan):
    facility = next(i for i, c in enumerate(plan.cards) if c.name == "Aerospace Complex")
    t = table_of(plan, Credits=[100, 0])
    t.hands[0] = [facility] * 3
    take(t, "Build Phase")
    assert t.hands[0] == [facility] * 3  # no Technology known: none may be built
    technology = next(i for i, c in enumerate(plan.cards) if plan.types[c.kind].name == "Technology")
    t.state.zones["technologies"][0].append(technology)
    take(t, "Build Phase")
    assert len(t.hands[0]) == 2 and column(t, "Credits")[0] == 80  # one, at 20 Credits


@pytest.mark.parametrize("values, streak, wins", [  # streak: Governor so many turns in a row
    ({"Economy": [51, 0]}, 0, "Economic Victory"),
    ({"Economy": [50, 0]}, 0, ""),
    ({"Research": [41, 0]}, 0, "Transcendence Victory"),
    ({"Planetary_Ecology": [21, 0]}, 0, "Transcendence Victory"),
    ({"Military": [41, 0], "Captures": [1, 0]}, 0, "Conquest Victory"),
    ({"Military": [41, 0]}, 0, ""),  # no Base captured yet
    ({"Population": [31, 0]}, 3, "Diplomatic Victory"),
    ({"Population": [31, 0]}, 2, ""),  # Governor, but 2 turns in a row
], ids=["economic", "economic-50", "research", "ecology", "conquest", "conquest-no-capture", "diplomatic",
        "diplomatic-no-streak"])
def test_victories__as_the_seed_states_them(plan, values, streak, wins):
    t = table_of(plan, **values)
    if streak:
        t.state.flags[0]["Governor"], t.state.streaks[0]["Governor"] = 10**9, streak
    take(t, "End Phase")
    assert [plan.paths[p].name for p in t.paths] == ([wins] if wins else [])
    assert t.winner == (0 if wins else -1)


def test_play__the_same_seed_plays_the_same_game(plan):
    greedy = (POLICIES["greedy"],) * 3
    first, again = play(Table(plan, 11, greedy, ACTIONS)), play(Table(plan, 11, greedy, ACTIONS))
    assert first == again and first.winner >= 0


def test_cli__games_decided_with_provenance_and_no_rule_module():
    run = run_kitgen("simulate", "alpha-centauri", "--games", "12", "--players", "2", "--seed", "1", "--json",
                     "--workers", "1")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["decided"] == 12 and not report["missing"]
    assert report["provenance"]["game"] == "alpha-centauri"
    assert not (ROOT / "kitgen/simulate/rules/alpha_centauri.py").exists()
    deciding = {c["rule"]: c["status"] for c in report["coverage"] if c["decides"]}
    assert deciding and all(status == "exact" for rule, status in deciding.items() if rule.startswith("victory"))


# THE FACTIONS (seed l.46-106): each rule line a faction's counters play, taken in its phase, against
# a player without it (issue 33, acfig: the check behind docs/rules-by-way.md's Alpha Centauri figures)

def given(plan, t: Table, seat: int, name: str) -> None:
    """Seat `seat` gets faction `name`'s starting counters and Scores (added to the table's zeros)."""
    for index, delta in next(f for f in plan.factions if f.name == name).start:
        t.values[seat][index] += delta


@pytest.mark.parametrize("defending", [False, True], ids=["attacking", "defending"])
def test_believers__add_2_to_their_force_total_in_every_conflict(plan, defending):
    # "In Conflicts add +2 to their Force Total": as the attacker or as the Defender
    t = table_of(plan, Units=[5, 5], Bases=[1, 1])
    given(plan, t, 0, "Believers")
    step, lookup = _battle_step(next(p for p in plan.phases if p.name == "Conflict Phase").actions), \
        plan.vocabulary.lookups["conflict"]
    t.sides = (1, 0) if defending else (0, 1)
    believers, other = total(t, 0, 1, step, lookup)[0], total(t, 1, 0, step, lookup)[0]
    assert (believers, other) == ((3, 0) if defending else (2, 1))  # the Defender's 1 to whoever defends


def test_believers__probe_rolls_against_them_at_plus_1_and_their_research_rolls_at_minus_1(plan):
    # "Probe Table rolls vs this Faction are at +1"; "Believers get -1 to rolls on the Research Table."
    def face(phase: str, believers: int) -> int:
        """Seat 1 rolls at seat 0 (the same seed: the same die, a 4, on every table)."""
        t = table_of(plan, Credits=[0, 0])
        if believers >= 0:
            given(plan, t, believers, "Believers")
        step = _battle_step(next(p for p in plan.phases if p.name == phase).actions, "roll")
        t.aim = 0
        return rolled(t, 1, step, plan.vocabulary.lookups[step.table])
    assert [face("Probe Phase", believers) for believers in (-1, 0, 1)] == [4, 5, 4]
    assert [face("Research Phase", believers) for believers in (-1, 0, 1)] == [4, 4, 3]


def test_gaians__gain_units_from_mind_worms_where_others_lose_them(plan):
    # "When encountering Mind Worms, they gain Units instead of losing them." (Lose Units = 1D10 - (MP + C))
    t = table_of(plan, Units=[3, 3], Bases=[2, 2])
    given(plan, t, 0, "Gaians")
    worms = plan.vocabulary.lookups["exploration"].rows[0]
    take_row(t, 0, worms)
    take_row(t, 1, worms)
    assert column(t, "Units")[0] > 3 > column(t, "Units")[1]


def test_morgan_industries__bases_cost_an_extra_5_credits(plan):
    # "Bases cost an extra 5 credits to build": 24 Credits build Morgan no Base, another player one
    t = table_of(plan, Credits=[24, 24], Bases=[1, 1], Economy=[5, 5])
    given(plan, t, 0, "Morgan Industries")
    t.values[0][plan.attributes.index("Credits")] = 24  # its extra 50 starting Credits aside
    take(t, "Construction Phase", 0)
    take(t, "Construction Phase", 1)
    assert column(t, "Bases") == [1, 2]


def test_peacekeepers__draw_an_extra_card_and_get_10_free_votes(plan):
    # "Peacekeepers get to draw an extra card once per turn."; "The Peacekeepers get 10 Free Votes in
    # Council Phase." (no other votes, no Credits to bid: they are elected, a tie of 0 elects nobody)
    t = table_of(plan, Credits=[0, 0])
    given(plan, t, 0, "Peacekeepers")
    take(t, "Planning Phase", 0)
    take(t, "Planning Phase", 1)
    assert [len(hand) for hand in t.hands] == [2, 1]
    take(t, "Council Phase")
    assert [t.state.flags[p].get("Governor", 0) >= t.turn for p in (0, 1)] == [True, False]
