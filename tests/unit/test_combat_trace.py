"""A battle of cards (`battle` with `cards:`, tests/fixtures/vocab/siege) in `--trace` and in triggers:
every thing a battle does is a line of the text trace and an event of its JSON (units sent or kept,
walls broken, units bounced, blocked or let through, damage, discards, what `detach` moved), and the
cards a battle moves set off the triggers that wait for them (on play, discard, gain, leaving a zone)
as any other step's do."""
from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.play.trace import BATTLE_WORDS, trace_game, trace_text

SIEGE = Path(__file__).resolve().parents[2] / "tests/fixtures/vocab/siege"
TRIGGERS = """
triggers:
  - {on: play, filter: {name: Raider}, then: [{do: gain, gain: {Raiders Sent: 1}}]}
  - {on: discard, filter: {name: Guard}, then: [{do: gain, gain: {Guards Lost: 1}}]}
  - {on: leave, zone: works, then: [{do: gain, gain: {Works Lost: 1}}]}
  - {on: gain, filter: {name: Villager}, then: [{do: gain, gain: {Villagers Taken: 1}}]}
"""
COUNTS = ("Raiders Sent", "Guards Lost", "Works Lost", "Villagers Taken")


@pytest.fixture(scope="module")
def traces():
    """Siege games of 3 random players, traced, until every kind of battle event has happened (a few)."""
    plan = plan_game(load_game(SIEGE))
    found, games = set(), []
    for seed in range(1, 13):
        games.append(trace_game(plan, seed, ("random",) * 3, 16))
        found |= {e["what"] for e in games[-1]["events"] if e["event"] == "battle"}
        if found == set(BATTLE_WORDS):
            break
    return games


def test_trace__every_thing_a_battle_does_is_a_line_and_an_event(traces) -> None:
    events = [e for trace in traces for e in trace["events"]]
    assert {e["what"] for e in events if e["event"] == "battle"} == set(BATTLE_WORDS)
    blocks = next(e for e in events if e["event"] == "battle" and e["what"] == "blocks")
    assert blocks["card"] in ("Raider", "Torch") and blocks["with"] == "Guard" and blocks["player"] in (1, 2, 3)
    broken = next(e for e in events if e["event"] == "battle" and e["what"] == "loses")
    assert broken["card"] == "Palisade" and broken["with"] == "Ram" and broken["against"] != broken["player"]
    damage = next(e for e in events if e["event"] == "battle" and e["what"] == "damage")
    assert damage["damage"] in ("raid", "burn", "batter") and damage["against"] != damage["player"]
    assert any(e["event"] == "move" and e["how"] == "detach" and e["card"] == "Villager" for e in events)
    text = "".join(trace_text("Siege", trace) for trace in traces)
    assert "battle: P" in text and " blocks " in text and " with Guard" in text and "'s Palisade broken by P" in text
    assert " bounced by P" in text and " lets " in text and " to the discard pile" in text
    assert " detach: Villager from P" in text


def test_triggers__fire_for_the_cards_a_battle_moves(tmp_path) -> None:
    game = tmp_path / "siege"
    shutil.copytree(SIEGE, game)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    text = text.replace("  - {name: Score, start: \"0\"}\n",
                        "  - {name: Score, start: \"0\"}\n" + "".join(f"  - {{name: {n}, start: \"0\"}}\n" for n in COUNTS))
    (game / "game.yaml").write_text(text + TRIGGERS, encoding="utf-8")
    plan = plan_game(load_game(game))
    seen = Counter()
    for seed in range(1, 7):
        trace = trace_game(plan, seed, ("random",) * 3, 16)
        events = trace["events"]
        expected = Counter()
        for e in events:
            if e["event"] == "battle" and e["what"] == "sends" and e["card"] == "Raider":
                expected["Raiders Sent", e["player"]] += 1
            elif e["event"] == "battle" and e["what"] == "discards" and e["card"] == "Guard":
                expected["Guards Lost", e["player"]] += 1
            elif e["event"] == "battle" and e["what"] == "loses":
                expected["Works Lost", e["player"]] += 1
            elif e["event"] == "move" and e["how"] == "detach" and e["card"] in ("Palisade", "Tower"):
                expected["Works Lost", int(e["from"][1])] += 1
            elif e["event"] == "move" and e["how"] == "detach" and e["card"] == "Villager":
                expected["Villagers Taken", e["player"]] += 1
        final = last_scores(plan, seed)
        for name in COUNTS:
            for seat in range(3):
                assert final[name][seat] == expected[name, seat + 1], (seed, name, seat)
        seen += Counter(name for name, _ in expected.elements())
    assert all(seen[name] > 0 for name in COUNTS), seen  # each trigger was set off at least once


def last_scores(plan, seed: int) -> dict[str, list[int]]:
    """The counts each seat ends the traced game with (the same game as trace_game's, seed for seed)."""
    from kitgen.simulate.engine.loop import play
    from kitgen.simulate.engine.table import Table
    from kitgen.simulate.play.blocks import seat_policies
    from kitgen.simulate.vocabulary import ACTIONS

    table = Table(plan, seed * 2**32, seat_policies(plan, ("random",) * 3), ACTIONS, 16)
    table.trace = []
    play(table)
    return {name: [row[plan.attributes.index(name)] for row in table.values] for name in COUNTS}
