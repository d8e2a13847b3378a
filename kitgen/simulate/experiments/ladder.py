"""The skill ladder: does a player who thinks more win more? Each rung seats one stronger player
among weaker ones (random < greedy < lookahead < mcts), in every seat in turn, and compares its
win rate with an even share. A game where it does not rewards luck more than skill. Each rung says
what its games cost: CPU seconds a game, of this process and its workers (a measure of the machine,
not a result: --replay leaves it out of the comparison). Stdlib only."""
from __future__ import annotations

import dataclasses
import time
from collections import Counter

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.players import POLICIES
from kitgen.simulate.play.blocks import Progress
from kitgen.simulate.play.run import Settings, play_games
from kitgen.simulate.report.stats import wilson

LADDER = ("random", "greedy", "lookahead", "mcts")  # weakest first: each rung is a player against the one below
COST = "cpu_seconds_per_game"  # a rung's measured cost: differs from run to run, so replays do not compare it


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended (a run's pool of workers ends
    with the run); where `resource` is missing (Windows): this process only."""
    try:
        import resource
    except ImportError:
        return time.process_time()
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def unmeasured(report: dict) -> dict:
    """The report without what measures the machine rather than the game (each rung's cost)."""
    rungs = report.get("skill_ladder")
    if not rungs or not isinstance(rungs, list):  # a report read back is untrusted: compared as it is
        return report
    return report | {"skill_ladder": [{k: v for k, v in rung.items() if k != COST} if isinstance(rung, dict) else rung
                                      for rung in rungs]}


def rung(plan: Plan, settings: Settings, weak: str, strong: str, games: int, progress: Progress | None) -> dict:
    players = settings.players
    wins: Counter[str] = Counter()
    plays: Counter[str] = Counter()
    by_seat: Counter[int] = Counter()
    by_faction: Counter[str] = Counter()
    faction_plays: Counter[str] = Counter()
    decided, spent = 0, cpu_seconds()
    for seat in range(players):
        names = tuple(strong if s == seat else weak for s in range(players))
        results = play_games(plan, dataclasses.replace(settings, policies=names), max(1, games // players),
                             progress=progress)
        for result in results:
            name = plan.factions[result.factions[seat]].name if result.factions[seat] >= 0 else "(no factions)"
            plays["all"] += 1
            faction_plays[name] += 1
            decided += result.winner >= 0
            if result.winner == seat:
                wins["all"] += 1
                by_seat[seat] += 1
                by_faction[name] += 1
    spent = cpu_seconds() - spent
    even = decided / plays["all"] / players if plays["all"] else 0.0
    low, high = wilson(wins["all"], plays["all"])
    verdict = "rewards skill" if low > even else "the weaker player wins more" if high < even else "no clear edge"
    return {"player": strong, "field": weak, "games": plays["all"], "wins": wins["all"],
            "win_rate": round(wins["all"] / plays["all"], 4) if plays["all"] else 0.0, "ci95": [low, high],
            "even_share": round(even, 4), "verdict": verdict,
            # on a cluster the games' CPU is spent on its workers: not measured here
            COST: None if settings.scheduler else round(spent / max(1, plays["all"]), 4),
            "by_seat": [round(by_seat[s] / (plays["all"] / players), 4) for s in range(players)],
            "by_faction": {n: round(by_faction[n] / faction_plays[n], 4) for n in sorted(faction_plays)}}


def skill_ladder(plan: Plan, settings: Settings, games: int, progress: Progress | None = None) -> list[dict]:
    known = [name for name in LADDER if name in POLICIES]
    return [rung(plan, settings, weak, strong, games, progress) for weak, strong in zip(known, known[1:], strict=False)]
