"""Alpha Centauri's rule module in small scripted games: a state built by hand, one rule applied,
the seed's outcome asserted. The four victories exactly as the seed states them, Factor totals
read from their Sub-factors, the Council, a battle that captures a Base, Production; then
determinism and the CLI with its provenance."""
from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from tests.conftest import run_kitgen

from kitgen.errors import KitgenError, Where
from kitgen.load import load_game
from kitgen.model import Number, Numbers
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.rules import alpha_centauri_war as war
from kitgen.simulate.rules.alpha_centauri_phases import council, planning, probe, production
from kitgen.simulate.rules.alpha_centauri_play import Match
from kitgen.simulate.rules.alpha_centauri_turn import play
from kitgen.simulate.rules.alpha_centauri_war import battle, conflict, events, force

ROOT = Path(__file__).resolve().parents[2]
GAME = load_game(ROOT / "data" / "alpha-centauri")
PLAN = plan_game(GAME)
GREEDY = (POLICIES["greedy"],) * 4


def match(seed: int = 1) -> Match:
    """Four players with no Scores, no Faction rules that matter here, 1 Base, 10 Units, 0 Credits."""
    m = Match(PLAN, seed, GREEDY)
    m.vals = [[0] * len(PLAN.attributes) for _ in range(4)]
    plain = next(i for i, f in enumerate(PLAN.extra.factions) if f.name == "Spartans")
    m.faction = (plain,) * 4
    return m


def code(name: str) -> int:
    return PLAN.extra.codes[name]


def path(name: str) -> int:
    return next(i for i, p in enumerate(PLAN.paths) if p.name == name)


def test_factor_total__is_the_sum_of_its_sub_factors_and_decides_economic_victory():
    m = match()
    m.apply(0, ((code("EC"), 20), (code("EI"), 20), (code("EE"), 10)))
    assert m.vals[0][code("Economy")] == 50  # "Total Economics SF > 50": 50 is not enough
    assert path("Economic Victory") not in m.met(0)
    m.apply(0, ((code("EA"), 1),))
    assert m.vals[0][code("Economy")] == 51 and path("Economic Victory") in m.met(0)
    m.apply(0, ((code("EA"), 1),), -1)  # a Z card replaced takes its modifiers back out of the total
    assert m.vals[0][code("Economy")] == 50 and not m.met(0)


def test_factor_total__starts_from_the_factions_sub_factors_not_zero():
    m = Match(PLAN, 3, GREEDY)
    for seat, faction in enumerate(m.faction):
        start = PLAN.extra.factions[faction].start
        economy = sum(d for a, d in start if PLAN.extra.group[a] == code("Economy") or a == code("Economy"))
        assert m.vals[seat][code("Economy")] == economy
    morgan = next(f for f in PLAN.extra.factions if f.name == "Morgan Industries")
    m.vals[0] = [0] * len(PLAN.attributes)
    m.apply(0, morgan.start)
    assert m.vals[0][code("Economy")] == 5  # Commerce +3, Industry +2: the Economic SF starts at 5, not 0


def test_diplomatic_victory__needs_population_over_30_and_governor_three_turns_in_a_row():
    m = match()
    m.apply(1, ((code("PG"), 16), (code("PC"), 15)))
    assert m.vals[1][code("Population")] == 31
    m.governor, m.streak = 1, [0, 2, 0, 0]
    assert not m.met(1)  # two turns in a row are not three
    m.streak[1] = 3
    assert m.met(1) == (path("Diplomatic Victory"),)
    m.governor = 2  # a streak counts only while the player is Governor
    assert not m.met(1)


def test_council__the_previous_governor_keeps_the_seat_and_the_streak_grows():
    m = match()
    m.apply(2, ((code("PG"), 3),))  # the highest Population SF: 10 votes
    m.units = [10, 10, 10, 11]  # the most Units: 10 votes
    m.credits = [0, 0, 0, 0]
    m.hands = [[], [], [], []]
    council(m)
    assert (m.governor, m.streak) == (-1, [0, 0, 0, 0])  # 10 against 10: a tie elects nobody (kit choice ties)
    m.units = [10, 10, 10, 10]
    council(m)
    council(m)
    council(m)
    assert (m.governor, m.streak[2]) == (2, 3)  # Population's 10 votes, then also the Previous Governor's


def test_conquest_victory__needs_a_captured_base_as_well_as_military_over_40():
    m = match()
    m.apply(0, ((code("MA"), 21), (code("MO"), 20)))
    assert m.vals[0][code("Military")] == 41 and not m.met(0)  # no Base captured yet
    m.units = [30, 1, 10, 10]
    m.bases = [1, 2, 1, 1]
    while m.units[1]:
        battle(m, 0, 1, set())
    assert (m.bases[0], m.bases[1], m.captured[0]) == (2, 1, 1)  # the Defender lost all his Units: a Base
    assert m.met(0) == (path("Conquest Victory"),)


def test_battle__the_winner_never_loses_more_units_than_the_loser():
    for seed in range(40):
        m = match(seed)
        m.units = [12, 12, 12, 12]
        battle(m, 0, 1, set())
        assert 12 - min(m.units[:2]) >= 12 - max(m.units[:2])


def card(name: str) -> int:
    return next(i for i, c in enumerate(PLAN.cards) if c.name == name)


def test_events__an_atrocity_destroys_a_base_and_counts_on_the_conflict_table_for_5_turns():
    m = match()
    m.turn, m.hands = 3, [[card("Nerve Gas")], [], [], []]
    before = force(m, 1, 0, False, set())
    events(m, 0)
    assert m.hands[0] == [card("Nerve Gas")]  # greedy keeps an Atrocity while nobody is near a Victory
    m.apply(2, ((code("C"), 20),))  # one point from Transcendence
    events(m, 0)  # at the start of this phase, on the player nearest a Victory
    assert m.bases == [1, 1, 0, 1] and m.hands[0] == [] and m.atrocity[0] == 3
    assert force(m, 1, 0, False, set()) == before + 2  # "Enemy Comitted Atrocity within 5 turns"
    m.turn = 8
    assert force(m, 1, 0, False, set()) == before


def test_events__skip_conflict_phase_means_no_battle_this_turn():
    m = match()
    m.units = [30, 1, 1, 1]
    m.skip_conflict = True
    conflict(m)
    assert m.units == [30, 1, 1, 1] and m.bases == [1, 1, 1, 1]
    m.skip_conflict = False
    conflict(m)  # the Spartans (not Pacifist) with 30 Units attack
    assert sum(m.bases) == 4 and m.units != [30, 1, 1, 1]


def test_transcendence_victory__research_over_40_or_ecology_over_20():
    m = match()
    m.apply(3, ((code("C"), 21),))
    assert m.met(3) == (path("Transcendence Victory"),)
    m = match()
    m.apply(3, ((code("RB"), 20), (code("RP"), 20)))
    assert not m.met(3)
    m.apply(3, ((code("RI"), 1),))
    assert m.met(3) == (path("Transcendence Victory"),)


def test_production__bases_earn_5_4_3_by_the_tiers_of_5_plus_efficiency_and_scores_pay():
    m = match()
    m.bases[0], m.credits[0] = 12, 0
    production(m, 0)
    assert m.credits[0] == 5 * 5 + 5 * 4 + 2 * 3
    m.apply(1, ((code("EF"), 1), (code("EI"), 2), (code("C"), 3)))
    m.bases[1], m.credits[1] = 7, 0
    production(m, 1)
    assert m.credits[1] == 6 * 5 + 1 * 4 + 2 + 3


def test_numbers__come_from_the_data_a_changed_threshold_changes_the_game():
    paths = tuple(dataclasses.replace(p, thresholds=tuple(dataclasses.replace(t, more_than=10) for t in p.thresholds))
                  if p.name == "Economic Victory" else p for p in GAME.victory_paths)
    plan = plan_game(dataclasses.replace(GAME, victory_paths=paths))
    assert plan.extra.paths[path("Economic Victory")].thresholds == ((code("Economy"), 10),)
    reworded = tuple(dataclasses.replace(p, text="Each player draws a card.") if p.name == "Planning Phase" else p
                     for p in GAME.phases)  # the printed words are not read: the phase's numbers are
    assert plan_game(dataclasses.replace(GAME, phases=reworded)).extra.numbers["draw"] == 1
    planning = tuple(dataclasses.replace(p, numbers=Numbers(n for n in p.numbers if n.name != "draw"))
                     if p.name == "Planning Phase" else p for p in GAME.phases)
    with pytest.raises(KitgenError, match=r"Planning Phase: numbers: missing draw \(cards each player draws\)"):
        plan_game(dataclasses.replace(GAME, phases=planning))


def test_coverage__every_rule_that_decides_a_winner_is_exact():
    deciding = [c for c in PLAN.coverage if c.decides]
    assert {c.rule for c in deciding} >= {f"victory '{p.name}'" for p in GAME.victory_paths}
    assert all(c.status == "exact" for c in deciding)
    assert any("Governor 3 turns in a row" in c.note for c in deciding)
    assert any("1+ Bases captured" in c.note for c in deciding)


def test_play__the_same_seed_plays_the_same_game():
    first, again, other = play(PLAN, 11, GREEDY), play(PLAN, 11, GREEDY), play(PLAN, 12, GREEDY)
    assert first == again and first.winner >= 0
    assert first != other


def test_cli__200_games_decided_with_provenance():
    run = run_kitgen("simulate", "alpha-centauri", "--games", "200", "--seed", "1", "--json", "--workers", "1")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["decided"] >= 0.95 * 200
    assert report["provenance"]["game"] == "alpha-centauri" and len(report["provenance"]["data_sha256"]) == 64
    assert not report["missing"]
    assert set(report["victories"]) == {p.name for p in GAME.victory_paths}


def with_faction_numbers(name: str, numbers: Numbers):
    factions = tuple(dataclasses.replace(f, numbers=numbers) if f.name == name else f for f in GAME.factions)
    return dataclasses.replace(GAME, factions=factions)


def test_faction_numbers__a_structured_ability_reaches_play_whatever_its_rule_line_says():
    believers = next(f for f in GAME.factions if f.name == "Believers")
    reworded = dataclasses.replace(believers, rules=("Zealots fight harder.",), numbers=Numbers(
        (Number("force", 5), *(n for n in believers.numbers if n.name != "force"))))
    plan = plan_game(dataclasses.replace(GAME, factions=tuple(reworded if f.name == "Believers" else f
                                                                  for f in GAME.factions)))
    seat = next(i for i, f in enumerate(plan.extra.factions) if f.name == "Believers")
    assert (plan.extra.factions[seat].force, PLAN.extra.factions[seat].force) == (5, 2)
    totals = []
    for p in (PLAN, plan):
        m = Match(p, 1, GREEDY)
        m.vals = [[0] * len(p.attributes) for _ in range(4)]
        m.faction = (seat, seat, seat, seat)
        m.units = [5, 5, 5, 5]
        totals.append(force(m, 0, 1, True, set()))
    assert totals[1] - totals[0] == 3


def test_faction_numbers__an_unknown_name_is_located_with_a_did_you_mean():
    game = with_faction_numbers("Spartans", Numbers((Number("forse", 1, 0, Where("game.yaml", 9, 5)),)))
    with pytest.raises(KitgenError) as caught:
        plan_game(game)
    assert str(caught.value).startswith("game.yaml:9:5: error: simulate.rules alpha-centauri: faction 'Spartans': "
                                        "unknown number 'forse' (did you mean 'force'?)")


def test_numbers__a_roll_where_a_whole_number_is_read_is_located():
    game = with_faction_numbers("Spartans", Numbers((Number("force", 1, 6, Where("game.yaml", 3, 7)),)))
    with pytest.raises(KitgenError, match="game.yaml:3:7: error: .*'force' is a whole number"):
        plan_game(game)


def with_card(name: str, **changes) -> object:
    decks = tuple(dataclasses.replace(d, cards=tuple(dataclasses.replace(c, **changes) if c.name == name else c
                                                     for c in d.cards)) for d in GAME.decks)
    return dataclasses.replace(GAME, decks=decks)


def test_card_numbers__a_proposal_gives_what_its_numbers_say_and_two_are_refused():
    plan = plan_game(with_card("Global Terraforming", text="Everyone prospers.", numbers=Numbers((Number("credits", 7),))))
    index = card("Global Terraforming")
    assert (plan.extra.notes[index], plan.extra.amounts[index]) == ("get", 7)
    assert (PLAN.extra.notes[index], PLAN.extra.amounts[index]) == ("get", 25)
    assert PLAN.extra.card_dice[card("Locusts of Chiron")] == (1, 10)
    both = Numbers((Number("credits", 25), Number("cards", 5)))
    with pytest.raises(KitgenError, match=r"card 'Global Terraforming': numbers: give exactly one of bases, units, "
                                          r"skip_conflict, credits, cards \(2 given\)"):
        plan_game(with_card("Global Terraforming", numbers=both))
    with pytest.raises(KitgenError, match=r"card 'Police State': unknown number 'credits'; it reads: none"):
        plan_game(with_card("Police State", numbers=Numbers((Number("credits", 1),))))


def with_phase_numbers(name: str, **values: int):
    phases = tuple(dataclasses.replace(p, numbers=Numbers(Number(n.name, values.get(n.name, n.value), n.sides)
                                                            for n in p.numbers)) if p.name == name else p
                   for p in GAME.phases)
    return dataclasses.replace(GAME, phases=phases)


def battles_fought(plan, monkeypatch) -> list[tuple[int, int]]:
    """The battles one Conflict Phase resolves: three Spartans with 30 Units all attack the Governor's 1 Unit."""
    fought: list[tuple[int, int]] = []
    monkeypatch.setattr(war, "battle", lambda m, attacker, defender, _: fought.append((attacker, defender)))
    m = Match(plan, 5, GREEDY)
    m.vals = [[0] * len(plan.attributes) for _ in range(4)]
    m.faction = (next(i for i, f in enumerate(plan.extra.factions) if f.name == "Spartans"),) * 4
    m.units, m.governor = [30, 30, 30, 1], 3
    conflict(m)
    return fought


def test_conflict__the_governor_prevents_as_many_attacks_as_the_council_phase_numbers_say(monkeypatch):
    """Seed l.192: "The Governor may prevent one attack this turn in Conflict Phase" (Council Phase
    numbers: prevented: 1): the number is played, not a 1 written in the module."""
    assert sorted(battles_fought(PLAN, monkeypatch)) in ([(0, 3), (1, 3)], [(0, 3), (2, 3)], [(1, 3), (2, 3)])
    assert len(battles_fought(plan_game(with_phase_numbers("Council Phase", prevented=2)), monkeypatch)) == 1
    assert len(battles_fought(plan_game(with_phase_numbers("Council Phase", prevented=0)), monkeypatch)) == 3


class Rolls(random.Random):
    """A Random that records every die it is asked to roll (randint's bounds)."""

    def __init__(self, seed: int):
        self.asked: list[tuple[int, int]] = []
        super().__init__(seed)

    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
        return super().randint(a, b)


def test_probe__rolls_the_probe_tables_die_from_the_data():
    """Seed l.165-166: the Probe Table rolls 1D10; the die is the table's (tables.yaml die:), not a 10 in the module."""
    tables = tuple(dataclasses.replace(t, die="1D6") if t.id == "probe" else t for t in GAME.tables)
    for plan, sides in ((PLAN, 10), (plan_game(dataclasses.replace(GAME, tables=tables)), 6)):
        m = Match(plan, 2, GREEDY)
        m.vals = [[0] * len(plan.attributes) for _ in range(4)]
        m.apply(0, ((code("B"), 5),))  # 5 Espionage: one Probe roll; no Credits for an extra one
        m.credits, m.rng = [0, 0, 0, 0], Rolls(2)
        probe(m, 0)
        assert m.rng.asked[0] == (1, sides)


def test_coverage__a_faction_dealt_at_random_is_not_called_exact():
    """Seed l.43: "Each player picks one Faction"; the lab deals them at random, an approximation."""
    factions = next(c for c in PLAN.coverage if c.rule == "Factions")
    assert factions.status == "approximated" and "pick" in factions.note
    assert not any("at random" in c.note for c in PLAN.coverage if c.status == "exact" and c.rule == "setup")


def test_coverage__extra_cards_and_rolls_bought_once_a_phase_are_called_approximated():
    """Seed l.148, 164, 216: a player may pay 10 Credits repeatedly for an extra card or roll; the
    lab's player buys once a phase, extra cards only up to the hand limit: not exact."""
    m = match()
    m.credits, m.hands = [1000, 0, 0, 0], [list(range(7)), [], [], []]
    planning(m, 0)
    assert len(m.hands[0]) == PLAN.extra.hand_limit and m.credits[0] == 1000  # 1 drawn free; no room bought
    bought = next(c for c in PLAN.coverage if c.rule == "extra cards and rolls bought")
    assert bought.status == "approximated" and "hand limit" in bought.note
    assert not any("at a time" in c.note for c in PLAN.coverage)
