"""A game played in pieces is the game played whole: what a search player's rollout relies on. Cut at
a turn's end and gone on from there (engine/loop.play_on), or cut where a player was asked and gone
on from an exact copy with that answer (what lookahead and mcts do on their copies: the rest of the
phase and of the turn is played, not skipped), every shipped game and every example of rounds
plays the same game as at once."""
from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.simulate.engine.loop import answer, play, play_on
from kitgen.simulate.engine.table import Stream, Table
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.vocabulary import ACTIONS

ROOT = Path(__file__).resolve().parents[2]
GREEDY = POLICIES["greedy"]
SHIPPED = ("galactic-civ", "civ-builder", "alpha-centauri", "galactic-supremacy", "civilization-card-game")
ROUNDS = ("coup", "dominion", "hearts", "lost-cities", "love-letter", "sushi-go", "uno")
PLANS: dict[str, object] = {}


def plan_of(name: str):
    if name not in PLANS:
        PLANS[name] = plan_game(load_game(ROOT / ("data" if name in SHIPPED else "examples") / name))
    return PLANS[name]


def test_every_example_of_rounds_is_here():
    found = {p.parent.name for p in (ROOT / "examples").glob("*/game.yaml") if "\nrounds:" in p.read_text()}
    assert found == set(ROUNDS)


@pytest.mark.parametrize("name", SHIPPED + ROUNDS)
def test_a_game_cut_at_a_turns_end_goes_on_as_the_whole_game(name):
    """Two players, greedy; cut after turn 2 (of the first round: a round that ends sooner is cut
    at its end, scored), then played on: the same winner, cards, length and figures."""
    plan = plan_of(name)
    whole = play(Table(plan, 1, (GREEDY, GREEDY), ACTIONS))
    table = Table(plan, 1, (GREEDY, GREEDY), ACTIONS)
    first = play(table, until_turn=2)
    assert first.winner < 0 and play_on(table) == whole


def test_a_game_of_rounds_cut_goes_on_from_play_at_any_later_moment():
    """play(start=N) of a game of rounds goes on from where the table stands for every N past 0, 1 too."""
    plan = plan_of("coup")
    whole = play(Table(plan, 1, (GREEDY, GREEDY), ACTIONS))
    table = Table(plan, 1, (GREEDY, GREEDY), ACTIONS)
    assert play(table, until_turn=2).winner < 0 and play(table, start=1) == whole


def exact(table: Table) -> Table:
    """A copy with the table's own streams where they stand (a clone has one stream of its own)."""
    copy = table.clone(0)
    for name in ("rng", "shuffler"):
        setattr(copy, name, Stream())
        getattr(copy, name).setstate(getattr(table, name).getstate())
    for name in ("dice", "ties"):
        streams = [Stream() for _ in getattr(table, name)]
        for stream, own in zip(streams, getattr(table, name), strict=True):
            stream.setstate(own.getstate())
        setattr(copy, name, streams)
    return copy


@pytest.mark.parametrize("name,asked", [("galactic-supremacy", 2), ("galactic-supremacy", 9), ("dominion", 2),
                                        ("civilization-card-game", 1), ("civ-builder", 2), ("civ-builder", 4)])
def test_a_copy_made_where_a_player_was_asked_goes_on_as_the_game(name, asked):
    """At the `asked`-th choice among two or more (a card to play from the hand, or a step's move),
    an exact copy is made; given the same answer, it goes on to the same game. Before play_on, a
    copy went on from the next moment (the phase's later steps left out) or, in a game of rounds,
    from the next player's turn (the rest of the turn left out); a repeated step's later turns
    (Galactic Supremacy's ninth: a Leader attached, and more may be) were left out too (table.after),
    and so were a row draft's later picks (Civilization: The Card Game's first plot draft: the next
    player's pick) and a meld ladder's later melds (Civ Builder's second and later rungs)."""
    plan, cut = plan_of(name), []

    def answered(table: Table, seat: int, given) -> None:
        cut.append(None)
        if len(cut) == asked:
            cut.append((exact(table), seat, given))

    def card(table, seat, cards, best):
        chosen = GREEDY.choose_card(table, seat, cards, best)
        if best and len(set(cards)) > 1 and set(cards) <= set(table.hands[seat]):
            answered(table, seat, chosen)
        return chosen

    def move(table, seat, moves):
        chosen = GREEDY.choose_move(table, seat, moves)
        if len(moves) > 1:
            answered(table, seat, moves[chosen])
        return chosen

    policy = GREEDY._replace(choose_card=card, choose_move=move, strength=2)  # as a search player (table.resume)
    whole = play(Table(plan, 5, (policy, policy), ACTIONS))
    copy, seat, chosen = next(c for c in cut if c is not None)
    copy.policies = (GREEDY, GREEDY)
    copy.play_card(seat, chosen) if isinstance(chosen, int) else answer(copy, chosen)
    assert play_on(copy) == whole
