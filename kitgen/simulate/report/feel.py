"""How the game feels, per player count, each with its 95% interval (README, "How the game feels";
after CardStock and Browne): fairness, drama, lead changes, decisiveness, length and its spread,
and the share of turns with a real choice, summed from each game's figures (engine/record.GameFeel).
Stdlib only.
"""
from __future__ import annotations

import math
from collections import Counter

from kitgen.simulate.engine.record import SCALE, GameFeel
from kitgen.simulate.engine.result import GameResult
from kitgen.simulate.report.stats import Z95, wilson


def mean_interval(values: list[float], share: bool = False) -> dict:
    """The mean and its 95% interval by the normal approximation (the games are hundreds or more); a
    `share` (a part of a game's turns) is held within 0 and 1, where a few games' interval would spill."""
    count = len(values)
    mean = sum(values) / count if count else 0.0
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (count - 1)) if count > 1 else 0.0
    half = Z95 * spread / math.sqrt(count) if count else 0.0
    low, high = mean - half, mean + half
    if share:
        low, high = max(0.0, low), min(1.0, high)
    return {"mean": round(mean, 4), "ci95": [round(low, 4), round(high, 4)], "games": count}


def fairness(results: list[GameResult], players: int) -> dict:
    """1 - (the highest seat's win rate - the lowest's): 1 when every seat wins as often. Its
    interval is the widest the seats' Wilson intervals allow (at least 95%)."""
    games = len(results)
    won = Counter(r.winner for r in results)
    rates = [won[s] / games for s in range(players)]
    high, low = rates.index(max(rates)), rates.index(min(rates))
    top, bottom = wilson(won[high], games), wilson(won[low], games)
    return {"value": round(1 - (rates[high] - rates[low]), 4),
            "ci95": [round(1 - (top[1] - bottom[0]), 4), round(1 - max(0.0, top[0] - bottom[1]), 4)],
            "first_seat_win_rate": round(rates[0], 4), "first_seat_ci95": wilson(won[0], games)}


def length(results: list[GameResult]) -> dict:
    """Turns a game lasted: mean and interval, standard deviation, and the middle 80% (10th-90th percentile)."""
    turns = sorted(r.turn for r in results)
    figures = mean_interval([float(t) for t in turns])
    spread = math.sqrt(sum((t - figures["mean"]) ** 2 for t in turns) / (len(turns) - 1)) if len(turns) > 1 else 0.0
    return figures | {"sd": round(spread, 2), "p10": turns[len(turns) // 10] if turns else 0,
                      "p90": turns[min(len(turns) - 1, len(turns) * 9 // 10)] if turns else 0}


def feel(results: list[GameResult], players: int) -> dict:
    """The measures of one player count's games; a measure the games did not record is None, with why."""
    recorded = [GameFeel(*r.feel) for r in results if r.feel]
    report = {"fairness": fairness(results, players), "length": length(results), "recorded_games": len(recorded)}
    if not recorded:  # one game in FEEL_EVERY keeps its turn record (play/blocks.py)
        return report | {"not_measured": "no game of these kept a record of its turns (one game in 16 does): play more games"}
    decided = [f for r, f in zip((r for r in results if r.feel), recorded, strict=True) if r.winner >= 0]
    report["choice"] = mean_interval([f.choice_turns / f.seat_turns for f in recorded if f.seat_turns], share=True)
    if not any(f.led for f in recorded):
        return report | {"not_measured": "the standings never set one seat ahead of the others (the victory paths "
                                         "give no lead to follow), so drama, lead changes and decisiveness say nothing"}
    return report | {
        "lead_changes": mean_interval([float(f.lead_changes) for f in recorded]),
        "drama": mean_interval([f.drama / SCALE for f in decided]),
        "winner_trailed": {"share": round(sum(f.trailed for f in decided) / len(decided), 4) if decided else 0.0,
                           "ci95": wilson(sum(f.trailed for f in decided), len(decided))},
        "decisiveness": mean_interval([f.secure / f.turns for f in decided if f.turns], share=True)}
