"""A battle of cards against cards (`battle` with `cards:`) and `detach` (issue 33, Civilization: The
Card Game's Combat; tests/fixtures/vocab/siege): walls bounce, a ram breaks a palisade but not a
tower, a guard blocks one for one, a raider let through moves a villager between players' camps, a
torch sends a work back to its owner's hand, and every choice goes to the chooser's policy."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.simulate.engine.cycle import run_setup
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.combat import defending
from tests.conftest import TAKE_FIRST

SIEGE = Path(__file__).resolve().parents[2] / "tests/fixtures/vocab/siege"


@pytest.fixture(scope="module")
def plan():
    return plan_game(load_game(SIEGE))


def table(plan, players: int = 2, policies=None) -> Table:
    """A table after setup, every hand emptied and every work taken away (each test lays out its own), a
    villager on each camp."""
    t = Table(plan, 1, policies or (TAKE_FIRST,) * players, ACTIONS)
    run_setup(t)
    for seat in range(players):
        t.hands[seat].clear()
        t.state.attached["works"][seat].clear()
        pairs = t.state.attached["villagers"][seat]
        pairs[:] = [(host, card) for host, (_, card) in enumerate(pairs)]  # one on each camp: two choices
    return t


def cards(t: Table, name: str) -> list[int]:
    codes, names = t.plan.facts.codes["name"], t.plan.facts.texts["name"]
    return [c for c in range(len(codes)) if codes[c] == names.index(name)]


def villagers(t: Table, seat: int) -> int:
    return len(t.state.attached["villagers"][seat])


def score(t: Table, seat: int) -> int:
    return t.values[seat][t.plan.attributes.index("Score")]


def build(t: Table, seat: int, name: str, copy: int = 0) -> int:
    """A work put on the seat's first camp, taking effect (a palisade's Score)."""
    card = cards(t, name)[copy]
    t.state.attached["works"][seat].append((0, card))
    t.values[seat][t.plan.attributes.index("Score")] += 2 if name == "Palisade" else 0
    return card


def battle(t: Table, seat: int = 0) -> None:
    step = t.plan.phases[1].actions[0]
    t.actions[step.do](t, seat, step)


def discarded(t: Table, card: int) -> bool:
    return card in t.piles[t.deck_of[card]][1]


def test_a_wall_bounces_a_unit_back_to_the_attackers_hand(plan) -> None:
    t = table(plan)
    raider = cards(t, "Raider")[0]
    t.hands[0].append(raider)
    build(t, 1, "Palisade")
    before = villagers(t, 1), villagers(t, 0)
    battle(t)
    assert raider in t.hands[0] and not discarded(t, raider)  # bounced: back in hand, never discarded
    assert (villagers(t, 1), villagers(t, 0)) == before


def test_a_ram_breaks_a_palisade_first_and_the_raider_takes_a_villager(plan) -> None:
    t = table(plan)
    ram, raider = cards(t, "Ram")[0], cards(t, "Raider")[0]
    t.hands[0] += [ram, raider]
    palisade = build(t, 1, "Palisade")
    battle(t)
    assert palisade in t.hands[1] and score(t, 1) == 2 - 1  # back in hand, its +2 undone; a villager lost
    assert discarded(t, ram) and discarded(t, raider)
    assert (villagers(t, 0), villagers(t, 1)) == (3, 1) and score(t, 0) == 3


def test_a_ram_does_not_break_a_tower_which_bounces_a_unit(plan) -> None:
    t = table(plan)
    ram, raider = cards(t, "Ram")[0], cards(t, "Raider")[0]
    t.hands[0] += [ram, raider]
    tower = build(t, 1, "Tower")
    battle(t)
    assert (0, tower) in t.state.attached["works"][1]
    assert ram in t.hands[0]  # the defender's first choice: the ram bounced
    assert (villagers(t, 0), villagers(t, 1)) == (3, 1)  # the raider went through


def test_a_guard_blocks_one_unit_for_one_and_both_are_discarded(plan) -> None:
    t = table(plan)
    first, second = cards(t, "Raider")[:2]
    guard = cards(t, "Guard")[0]
    t.hands[0] += [first, second]
    t.hands[1].append(guard)
    battle(t)
    assert discarded(t, guard) and guard not in t.hands[1]
    assert (villagers(t, 0), villagers(t, 1)) == (3, 1)  # one blocked, one took a villager


def test_a_guard_cannot_block_a_unit_its_blocks_does_not_name(plan) -> None:
    t = table(plan)
    ram, guard = cards(t, "Ram")[0], cards(t, "Guard")[0]
    t.hands[0].append(ram)
    t.hands[1].append(guard)
    battle(t)
    assert guard in t.hands[1] and discarded(t, ram)  # a ram's damage (batter) is no row's steps


def test_a_torch_sends_a_work_back_to_its_owners_hand_with_its_effects_undone(plan) -> None:
    t = table(plan)
    raider, torch = cards(t, "Raider")[0], cards(t, "Torch")[0]
    t.hands[0] += [raider, torch]
    palisade = build(t, 1, "Palisade")
    battle(t)
    assert raider in t.hands[0]  # the palisade bounced the first unit
    assert palisade in t.hands[1] and score(t, 1) == 2 and villagers(t, 1) == 2


def test_the_attacker_chooses_its_units_the_defender_its_losses(plan) -> None:
    asked: list[tuple[int, str]] = []

    def record(table, seat, moves):
        asked.append((seat, moves[0].do))
        return 0

    player = TAKE_FIRST._replace(choose_move=record)
    t = table(plan, policies=(player, player))
    t.hands[0].append(cards(t, "Raider")[0])
    asked.clear()  # the setup's choices
    battle(t)
    assert asked == [(0, "battle"), (1, "detach"), (0, "attach")]  # send; which villager; which camp


def test_a_player_may_keep_its_units(plan) -> None:
    keeper = TAKE_FIRST._replace(choose_move=lambda table, seat, moves: len(moves) - 1)  # the last: keep
    t = table(plan, policies=(keeper, keeper))
    raider = cards(t, "Raider")[0]
    t.hands[0].append(raider)
    battle(t)
    assert raider in t.hands[0] and villagers(t, 1) == 2


def test_adjacent_players_are_the_left_then_the_right_never_across(plan) -> None:
    t = table(plan, players=4)
    assert defending(t, 0, True) == [1, 3]
    assert defending(t, 2, True) == [3, 1]
    assert defending(t, 0, False) == [1, 2, 3]
    assert defending(table(plan), 0, True) == [1]


def test_greedy_attacks_an_undefended_rival_and_blocks_when_attacked(plan) -> None:
    greedy = POLICIES["greedy"]
    t = table(plan, policies=(greedy, greedy))
    t.hands[0].append(cards(t, "Raider")[0])
    battle(t)
    assert (villagers(t, 0), villagers(t, 1)) == (3, 1)  # it sent the raider: a villager is worth a point
    guard = cards(t, "Guard")[0]
    t.hands[1].append(guard)
    t.hands[0].append(cards(t, "Raider")[1])
    battle(t)
    assert discarded(t, guard) and villagers(t, 1) == 1  # the defender blocked rather than lose another
