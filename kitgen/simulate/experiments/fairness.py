"""Seat fairness by player count: where a seat wins far above its share, try candidate fixes by
simulation on the same seeds, and say whether each helps, with the figures. FIXES is the registry:
a fix is one entry and one function from (plan, players) to the plan with the fix. Stdlib only."""
from __future__ import annotations

import dataclasses
from typing import Callable

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.report.summary import seat_results
from kitgen.simulate.play.blocks import Progress
from kitgen.simulate.play.run import Settings, play_games

FAR_ABOVE = 1.25  # a seat wins far above its share when even the low end of its interval is 25% above it
HELPS = 0.5  # a fix helps when it at least halves the largest gap between a seat and the even share


def catch_up_draw(plan: Plan, players: int) -> Plan:
    """Each seat draws one card more at setup than the seat before it (seat 1 none, seat 2 one ...)."""
    return dataclasses.replace(plan, seat_start_cards=tuple(range(players)), cache={})


def double_catch_up_draw(plan: Plan, players: int) -> Plan:
    """Each seat draws two cards more at setup than the seat before it."""
    return dataclasses.replace(plan, seat_start_cards=tuple(2 * seat for seat in range(players)), cache={})


def later_seats_start_ahead(plan: Plan, players: int) -> Plan:
    """Each seat starts with one point more in every attribute than the seat before it."""
    return dataclasses.replace(plan, seat_start_bonus=tuple(range(players)), cache={})


def victory_at_round_end(plan: Plan, players: int) -> Plan:
    """Victory is checked at the end of each round, for every player at once (a tie wins nothing)."""
    return dataclasses.replace(plan, victory_at_round_end=True, cache={})


FIXES: dict[str, Callable[[Plan, int], Plan]] = {
    "catch-up draw: each later seat draws 1 more card at setup": catch_up_draw,
    "catch-up draw: each later seat draws 2 more cards at setup": double_catch_up_draw,
    "later seats start ahead: +1 to every attribute per seat after the first": later_seats_start_ahead,
    "victory checked at the end of each round": victory_at_round_end,
}


def largest_gap(seats: dict) -> float:
    return max(abs(s["win_rate"] - seats["even_share"]) for s in seats["seats"])


def lopsided(seats: dict) -> bool:
    return any(s["ci95"][0] > FAR_ABOVE * seats["even_share"] for s in seats["seats"]) and seats["even_share"] > 0


def seat_fixes(plan: Plan, settings: Settings, by_players: dict, progress: Progress | None = None) -> list[dict]:
    """For each player count whose seats are lopsided, each fix: the seat win rates before and after."""
    rows = []
    for count, seats in by_players.items():
        if not lopsided(seats):
            continue
        at_count = dataclasses.replace(settings, players=int(count), policies=settings.policies[:1])
        for name, fix in FIXES.items():
            after = seat_results(play_games(fix(plan, int(count)), at_count, progress=progress), int(count))
            rows.append({"players": int(count), "fix": name, "games": after["games"],
                         "before": [s["win_rate"] for s in seats["seats"]],
                         "seat_win_rates": [s["win_rate"] for s in after["seats"]],
                         "ci95": [s["ci95"] for s in after["seats"]],
                         "no_winner_before": seats["no_winner"], "no_winner": after["no_winner"],
                         "helps": largest_gap(after) <= HELPS * largest_gap(seats)
                         and after["no_winner"] <= seats["no_winner"] + 0.05 * after["games"]})
    return rows
