"""Galactic Supremacy's rule module in small scripted games: production (credits), building with
credits, combat rolls as the seed's example gives them, conquest of every homeworld, Command uses
answered, determinism, a located error for data without a number, and the CLI end to end."""
from __future__ import annotations

import dataclasses
import json
import random
from functools import cache
from pathlib import Path

import pytest
from tests.conftest import run_kitgen

from kitgen.errors import KitgenError, Where
from kitgen.load import load_game
from kitgen.model import FieldValues, Game, Number, Numbers
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.rules import galactic_supremacy, galactic_supremacy_war
from kitgen.simulate.rules.galactic_supremacy import COMMAND, FLEET, LEADER, SECTOR
from kitgen.simulate.rules.galactic_supremacy_play import Galaxy, Sector
from kitgen.simulate.rules.galactic_supremacy_war import fight, kills

FOLDER = Path(__file__).resolve().parents[2] / "data" / "galactic-supremacy"
GREEDY, RANDOM = POLICIES["greedy"], POLICIES["random"]


@cache
def game() -> Game:
    return load_game(FOLDER)


@cache
def plan() -> Plan:
    return plan_game(game())


def table(players: int = 2, seed: int = 7) -> Galaxy:
    galaxy = Galaxy(plan(), seed, (GREEDY,) * players)
    for empire in galaxy.empires:
        empire.hand.clear()
    return galaxy


def card(kind: int) -> int:
    return plan().extra.card_of[kind]


def test_compile__numbers_come_from_the_data() -> None:
    x = plan().extra
    assert (x.cost[SECTOR], x.cost[FLEET], x.cost[LEADER]) == (10, 10, 5)  # BUILD PHASE
    assert (x.production[5], x.production[SECTOR], x.production[LEADER]) == (5, 1, 2)  # PRODUCTION PHASE
    assert (x.dice[FLEET], x.dice[SECTOR], x.dice[5], x.dice[LEADER]) == (1, 1, 5, 1)  # ATTACK PHASE
    assert (x.setup_draw, x.draw, x.extra_draw_cost, x.catchup_cost, x.directed_cost) == (2, 1, 5, 15, 20)
    assert x.chance == {"Steal Secrets": (1, 6), "Counter Espionage": (1, 8), "Military Sabotage": (1, 3),
                        "Assassination": (1, 3)}
    assert x.amount == {"Exceed Quotas": (1, 10, 2), "Industrial Sabotage": (1, 10, 2)}
    assert len(x.uses) == 14 and plan().hand_limit == 5
    decides = [c for c in plan().coverage if c.decides]
    assert decides and all(c.status == "exact" for c in decides)


def test_production__the_seeds_example_terraforming_3_industry_5_energy_4() -> None:
    galaxy = table()
    empire = galaxy.empires[0]
    x = plan().extra
    empire.tech[x.economy[0]], empire.tech[x.economy[1]], empire.tech[x.economy[2]] = 3, 5, 4
    empire.sectors += [Sector(card(SECTOR), False, leader=True), Sector(card(SECTOR), False)]
    empire.credits = 3
    galaxy.production(empire)
    # Homeworld 5, two Sectors 1 each, a Leader on a Sector 2, and +2 on each of the 3 worlds; saved: 3.
    assert empire.credits == 3 + 5 + 1 + 1 + 2 + 3 * 2
    assert galaxy.hand_limit(empire) == 7  # "max hand size = 7"


def test_build__pays_credits_and_puts_units_into_play() -> None:
    galaxy = table()
    empire = galaxy.empires[0]
    empire.hand += [card(SECTOR), card(FLEET), card(LEADER)]
    empire.credits = 27
    galaxy.build_phase(0)
    assert empire.credits == 2  # 10 + 10 + 5
    assert len(empire.sectors) == 2 and sum(len(s.fleets) for s in empire.sectors) == 1
    assert sum(s.leader for s in empire.sectors) + sum(f for s in empire.sectors for f in s.fleets) == 1
    assert empire.hand == [] and sorted(empire.played) == sorted([card(SECTOR), card(FLEET), card(LEADER)])
    empire.hand += [card(FLEET)]
    empire.credits = 9
    galaxy.build_phase(0)
    assert empire.hand == [card(FLEET)] and empire.credits == 9  # not enough credits


def test_combat__six_fleets_combine_against_a_homeworld_as_the_seed_says() -> None:
    fleets = [5, 6, 7, 7, 7, 8]  # "The Fleets collectively roll a 40"
    assert kills(fleets, [(30 + 1, -1)]) == [-1]  # "the Homeworld is destroyed" (a Sector wins ties: > 30)
    assert len(kills([30], [(r, k) for k, r in enumerate(fleets)])) == 1  # "One of the six Fleets is destroyed"


def test_combat__ties_fleets_before_their_sector() -> None:
    assert kills([8], [(8 + 1, -1)]) == []  # a Fleet tying a Sector does not destroy it ...
    assert kills([8], [(8, 0)]) == [0]  # ... the Sector (or a Fleet) tying a Fleet destroys it
    assert kills([9], [(10, 0), (2 + 1, -1)]) == []  # the defending Fleet must fall before its Sector
    assert kills([3, 9, 12], [(10, 0), (2 + 1, -1)]) == [0, -1]  # rolls left over reach the Sector


def test_combat__rounds_repeat_until_one_side_remains() -> None:
    for seed in range(20):
        attacking, defending, standing = fight(random.Random(seed), 10, [1] * 6, [1, 1], 5)
        assert (True not in attacking) != (not standing)  # exactly one side remains
        assert standing or True not in defending  # the Sector falls only after its Fleets


def test_conquest__every_homeworld_conquered_wins_and_a_loser_leaves() -> None:
    galaxy = table(players=3)
    attacker = galaxy.empires[0]
    attacker.sectors[0].fleets = [False] * 30
    for tech in plan().extra.combat:
        attacker.tech[tech] = 4  # five advantages: six dice a Fleet against a Homeworld's ten
    galaxy.empires[1].hand.append(card(SECTOR))
    galaxy.battle(0, 1, 0)
    assert not galaxy.empires[1].alive and galaxy.empires[1].hand == [] and galaxy.winner == -1
    assert card(SECTOR) in galaxy.discard
    galaxy.battle(0, 2, 0)
    assert galaxy.winner == 0
    assert galaxy.result().paths == (0,)


def test_conquest__a_colony_card_goes_to_the_attackers_hand() -> None:
    galaxy = table()
    galaxy.empires[0].sectors[0].fleets = [False] * 30
    galaxy.empires[1].sectors.append(Sector(card(SECTOR), False))
    galaxy.battle(0, 1, 1)
    assert len(galaxy.empires[1].sectors) == 1 and galaxy.empires[0].hand == [card(SECTOR)]


def test_command__peace_talks_stop_an_attack_on_the_defender() -> None:
    galaxy = table()
    galaxy.empires[0].sectors[0].fleets = [False] * 30
    galaxy.empires[1].hand.append(card(COMMAND))
    galaxy.attack_once(0)
    assert galaxy.empires[1].alive and galaxy.peace == {1} and galaxy.empires[1].hand == []
    assert galaxy.discard == [card(COMMAND)]


def test_command__counter_espionage_negates_on_1_to_8() -> None:
    negated = 0
    for seed in range(200):
        galaxy = table(seed=seed)
        galaxy.empires[1].hand.append(card(COMMAND))
        negated += galaxy.counter(1, 0, stake=1.0)
        assert galaxy.empires[1].hand == []
    assert 0.7 < negated / 200 < 0.9  # 8 faces of 10


def test_command__exceed_quotas_gains_1d10_less_2() -> None:
    gains = set()
    for seed in range(200):
        galaxy = table(seed=seed)
        galaxy.empires[0].credits = 10
        galaxy.enact(0, "Exceed Quotas", -1)
        gains.add(galaxy.empires[0].credits - 10)
    assert gains == set(range(-1, 9))


def test_command__tactical_superiority_lasts_one_attack_phase_not_the_second(monkeypatch) -> None:
    """"Target unit gets one extra combat die this combat phase": Strategic Initiative's second
    Attack Phase is another phase, so its Fleets roll without the extra die."""
    dice: list[list[int]] = []

    def recorded(rng: random.Random, sides: int, attackers: list[int], fleets: list[int], sector: int) -> tuple:
        dice.append(list(attackers))
        return [True] * len(attackers), [True] * len(fleets), True  # nobody falls: both attacks happen

    monkeypatch.setattr(galactic_supremacy_war, "fight", recorded)
    galaxy = table(players=3)
    galaxy.empires[0].sectors[0].fleets = [False] * 30
    galaxy.tactical, galaxy.extra_attacks = 1, 1
    galaxy.attack_phase(0)
    assert dice == [[2] + [1] * 29, [1] * 30]


def test_play__the_same_seed_plays_the_same_game() -> None:
    policies = (GREEDY, RANDOM, GREEDY)
    first = galactic_supremacy.play(plan(), 11, policies, 0)
    assert first == galactic_supremacy.play(plan(), 11, policies, 0)
    assert len({galactic_supremacy.play(plan(), seed, (GREEDY,) * 4, 0) for seed in range(6)}) > 1
    assert first.winner >= 0 and first.paths == (0,)


def test_compile__data_without_a_number_is_a_located_error() -> None:
    reworded = dataclasses.replace(game(), setup=("Each player draws some cards.",))  # printed words: not read
    assert plan_game(reworded).extra.setup_draw == 2
    settings = game().simulate
    broken = dataclasses.replace(game(), simulate=dataclasses.replace(
        settings, numbers=Numbers(n for n in settings.numbers if n.name != "setup_draw")))
    with pytest.raises(KitgenError) as raised:
        plan_game(broken)
    assert str(raised.value).startswith(f"{settings.where}: error: simulate.rules galactic-supremacy: simulate: "
                                        "numbers: missing setup_draw (cards each player draws at setup)")
    assert "game.yaml" in str(raised.value)


def test_compile__a_command_use_number_reaches_play_and_an_unknown_one_is_located() -> None:
    def with_use(name: str, numbers: Numbers) -> Game:
        command = game().card_type("Command")
        assert command is not None
        uses = tuple(dataclasses.replace(u, numbers=numbers) if u.name == name else u for u in command.uses)
        types = tuple(dataclasses.replace(t, uses=uses) if t is command else t for t in game().card_types)
        return dataclasses.replace(game(), card_types=types)

    harder = plan_game(with_use("Assassination", Numbers((Number("from", 1), Number("to", 1)))))
    assert (harder.extra.chance["Assassination"], plan().extra.chance["Assassination"]) == ((1, 1), (1, 3))
    typo = with_use("Steal Secrets", Numbers((Number("form", 1, 0, Where("game.yaml", 112, 80)), Number("to", 6))))
    with pytest.raises(KitgenError, match=r"^game\.yaml:112:80: error: simulate\.rules galactic-supremacy: Command use "
                                          r"'Steal Secrets': unknown number 'form' \(did you mean 'from'\?\)"):
        plan_game(typo)


def test_cli__greedy_players_finish_95_percent_of_games() -> None:
    run = run_kitgen("simulate", "galactic-supremacy", "--games", "200", "--seed", "1", "--json", "--workers", "1")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["missing"] == [] and report["decided"] >= 0.95 * 200
    assert report["victories"]["Conquest"] == report["decided"]
    assert report["provenance"]["seed"] == 1 and len(report["provenance"]["data_sha256"]) == 64


def test_compile__a_card_without_the_field_it_plays_by_is_located_not_zero() -> None:
    fleet = next(c for d in game().decks for c in d.cards if c.type == "Fleet")
    decks = tuple(dataclasses.replace(d, cards=tuple(
        dataclasses.replace(c, fields=FieldValues(f for f in c.fields if f.name != "combat_dice")) if c is fleet else c
        for c in d.cards)) for d in game().decks)
    with pytest.raises(KitgenError) as raised:
        plan_game(dataclasses.replace(game(), decks=decks))
    assert str(raised.value).endswith(f"error: simulate (galactic-supremacy): card '{fleet.name}' (Fleet) needs the "
                                      "whole-number field combat_dice")
