"""Play many games and sum them up: kitgen simulate's work, on every core, with the same report
for the same seed however many processes play. Stdlib only.

Game i is seeded with seed * 2**32 + i, and results are summed in game order, so splitting the
games among workers changes nothing but the time.
"""
from __future__ import annotations

import math
import os
from collections import Counter
from dataclasses import dataclass

from kitgen.model import Game
from kitgen.simulate.engine import GREEDY, RANDOM, play_game
from kitgen.simulate.plan import Plan, compile_game

POLICIES = {"random": RANDOM, "greedy": GREEDY}
CHUNK = 50  # games a worker plays per task: large enough that handing out tasks costs little
MIN_CARD_GAMES = 20  # a card played in fewer player-games has no lift worth ranking


@dataclass(frozen=True)
class Settings:
    games: int = 1000
    players: int = 4
    seed: int = 1
    policies: tuple[str, ...] = ("greedy",)  # one for all seats, or one per seat
    workers: int = 0  # 0: one per core (at most 2 per game of work is pointless below 100 games)


def seat_policies(settings: Settings) -> tuple[int, ...]:
    names = settings.policies * settings.players if len(settings.policies) == 1 else settings.policies
    if len(names) != settings.players:
        raise ValueError(f"{len(names)} policies for {settings.players} players: give one, or one per seat")
    return tuple(POLICIES[name] for name in names)


_PLAN: Plan | None = None


def _init(plan: Plan) -> None:
    global _PLAN  # one compiled game per worker process, set once when the worker starts
    _PLAN = plan


def _play(task: tuple) -> list:
    seed, first, count, policies = task
    assert _PLAN is not None, "set by _init when the worker started"
    return [play_game(_PLAN, seed * 2**32 + i, policies) for i in range(first, first + count)]


def simulate(game: Game, settings: Settings, progress=None) -> dict:
    """The report of settings.games games: see report()."""
    plan = compile_game(game)
    policies = seat_policies(settings)
    tasks = [(settings.seed, first, min(CHUNK, settings.games - first), policies)
             for first in range(0, settings.games, CHUNK)]
    workers = settings.workers or min(os.cpu_count() or 1, max(1, len(tasks)))
    results: list = []
    if workers <= 1:
        _init(plan)
        for task in tasks:
            results += _play(task)
            if progress:
                progress(len(results), settings.games)
    else:
        import multiprocessing

        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
        with context.Pool(workers, initializer=_init, initargs=(plan,)) as pool:
            for chunk in pool.imap(_play, tasks):  # in order: the sum does not depend on who played what
                results += chunk
                if progress:
                    progress(len(results), settings.games)
    return report(game, plan, settings, results)


def wilson(wins: int, games: int) -> list[float]:
    """The 95% Wilson score interval of a win rate (good at small counts and near 0 or 1)."""
    if games == 0:
        return [0.0, 0.0]
    z = 1.959964
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def report(game: Game, plan: Plan, settings: Settings, results: list) -> dict:
    players = settings.players
    faction_names = [f[0] for f in plan.factions] or ["(no factions)"]
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    seats_won: Counter[int] = Counter()
    victories: Counter[str | None] = Counter()  # None: no one won
    turns: Counter[int] = Counter()
    card_plays: Counter[str] = Counter()
    card_games: Counter[str] = Counter()
    card_wins: Counter[str] = Counter()
    for winner, path, turn, factions, plays in results:
        turns[turn] += 1
        victories[plan.paths[path][0] if path >= 0 else None] += 1
        for seat in range(players):
            faction = faction_names[factions[seat]] if factions[seat] >= 0 else faction_names[0]
            played[faction] += 1
            won[faction] += seat == winner
            for card in plays[seat]:
                card_plays[card] += 1
            for card in set(plays[seat]):
                card_games[card] += 1
                card_wins[card] += seat == winner
        seats_won[winner] += 1
    games = len(results)
    decided = games - victories[None]
    base = decided / (games * players) if games else 0.0
    return {
        "game": game.id, "games": games, "players": players, "seed": settings.seed,
        "policies": [name for name in (settings.policies * players if len(settings.policies) == 1
                                       else settings.policies)],
        "factions": {name: {"plays": played[name], "wins": won[name],
                            "win_rate": round(won[name] / played[name], 4) if played[name] else 0.0,
                            "ci95": wilson(won[name], played[name])}
                     for name in faction_names if played[name]},
        "victories": {path[0]: victories[path[0]] for path in plan.paths},
        "no_winner": victories[None],
        "turns": {"mean": round(sum(t * n for t, n in turns.items()) / games, 2) if games else 0,
                  "min": min(turns, default=0), "max": max(turns, default=0),
                  "histogram": {str(t): turns[t] for t in sorted(turns)}},
        "seats": [{"seat": seat + 1, "wins": seats_won[seat], "win_rate": round(seats_won[seat] / games, 4),
                   "ci95": wilson(seats_won[seat], games)} for seat in range(players)] if games else [],
        "cards": _cards(plan, card_plays, card_games, card_wins, base),
        "coverage": [{"rule": rule, "status": status, "note": note} for rule, status, note in plan.coverage],
    }


def _cards(plan: Plan, plays: Counter, games: Counter, wins: Counter, base: float) -> list[dict]:
    """Each card played: how often, in how many player-games, and the lift: the win rate of the
    players who played it, less the average player's."""
    rows = []
    for card in sorted(plays):
        rate = wins[card] / games[card]
        rows.append({"name": plan.cards[card][0], "plays": plays[card], "games": games[card],
                     "win_rate": round(rate, 4), "lift": round(rate - base, 4)})
    return sorted(rows, key=lambda row: (-row["lift"], row["name"]))


def ranked_cards(report: dict, count: int = 10) -> tuple[list[dict], list[dict]]:
    """The top and bottom `count` cards by lift, among those played in enough player-games."""
    rows = [row for row in report["cards"] if row["games"] >= MIN_CARD_GAMES]
    return rows[:count], rows[::-1][:count]
