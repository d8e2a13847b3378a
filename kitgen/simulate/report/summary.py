"""Sum played games up into the balance report (a dict: the JSON, text and PDF all read it).

Coverage comes first, and `missing` says what keeps the win rates from being earned: a skipped
rule that decides who wins, or no game with a winner. Every report carries its provenance.
Stdlib only.
"""
from __future__ import annotations

import math
import shlex
from collections import Counter

from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.compile.plan import EXACTNESS, Coverage, Plan
from kitgen.simulate.play.run import Settings
from kitgen.simulate.report.code import code_identity
from kitgen.simulate.report.feel import feel
from kitgen.simulate.report.stats import Z95, chi_square, holm_flags, wilson


def provenance(game_id: str, data_hash: str, settings: Settings, options: dict) -> dict:
    """What a number was made from: enough to reproduce it, or to discard it. One record a fact:
    `code`, the exact code (report/code.py, with kitgen's version); `options`, every option of kitgen
    simulate that changes a result, by its flag (`--replay` runs them again; the command that makes
    the report again is `command_line` of them), `--games` being the games this report is of."""
    options = options | {"--games": settings.games}  # a run cut short reports the games it finished
    return {"code": code_identity(), "game": game_id, "data_sha256": data_hash, "options": options}


def command_line(game_id: str, options: dict) -> str:
    """The command that makes the report again: each option by its flag (a switch only when on,
    an option given several times once a value)."""
    words = ["kitgen", "simulate", game_id]
    for flag, value in options.items():
        if value is True:
            words.append(flag)
        elif isinstance(value, list):
            for item in value:
                words += [flag, str(item)]
        elif value is not False:
            words += [flag, str(value)]
    return shlex.join(words)


def missing_rules(plan: Plan, rows: list[Coverage] | None = None) -> list[str]:
    """The rules that decide who wins and are skipped or approximated, by status: known before any
    game (the plan's), or after them (`rows`: judged by what fired)."""
    found = []
    for status in ("skipped", "approximated"):
        rules = [c.rule for c in (plan.coverage if rows is None else rows) if c.decides and c.status == status]
        if rules:
            found.append(f"{status}: {', '.join(rules)}")
    return found


UNDECIDED_MOST = 0.05  # the share of games without a winner a win rate may rest on (issue 37)


def missing(plan: Plan, results: dict[int, list[GameResult]], rows: list[Coverage] | None = None) -> list[str]:
    """What keeps the win rates from being earned: a rule that decides the game and is not
    simulated (`rows`: judged by what fired), or more than UNDECIDED_MOST of a player count's games without a winner (a win rate
    of the decided games then says little of the game as played)."""
    found = missing_rules(plan, rows)
    for players, games in results.items():
        undecided = sum(r.winner < 0 and not r.paths for r in games)  # a shared win is a result (shared())
        if undecided > UNDECIDED_MOST * len(games):
            low, high = wilson(undecided, len(games))
            at = f" at {players} players" if len(results) > 1 else ""
            found.append(f"no winner in {undecided / len(games):.1%} of games{at} ({undecided:,} of {len(games):,}; "
                         f"95% interval {low:.1%}-{high:.1%}), more than {UNDECIDED_MOST:.0%}")
    return found


def judged(plan: Plan, results: list[GameResult]) -> list[Coverage]:
    """The plan's coverage after the games: a rule is exact only if each of its steps was taken in one
    of them at least (a step of several cards alike: by one of them); else approximated, saying where."""
    if not results:
        return plan.coverage
    fired = {plan.located[i] for result in results for i in result.fired if i >= 0}
    rows = []
    for row in plan.coverage:
        never = [entry.split("|")[0] for entry in row.steps if fired.isdisjoint(entry.split("|"))]
        if never and row.status == "exact":
            more = f" (and {len(never) - 1} more of its steps)" if len(never) > 1 else ""
            row = row._replace(status="approximated", note=f"never happened in the {len(results):,} games played: "
                               f"its step at {never[0]}{more} never fired; it says: {row.note}")
        rows.append(row)
    return rows


def coverage(plan: Plan, judged_rows: list[Coverage] | None = None) -> list[dict]:
    rows = sorted(plan.coverage if judged_rows is None else judged_rows,
                  key=lambda c: (not c.decides, EXACTNESS.get(c.status, 3)))
    return [{"rule": c.rule, "status": c.status, "note": c.note, "decides": c.decides} for c in rows]


def shared(result: GameResult) -> bool:
    """The game ended in a win the rules share (engine/victory.game_over: players level on a path
    with `tie: share`): decided, but no seat's single win, so no seat's win rate counts it."""
    return result.winner < 0 and bool(result.paths)


def seat_results(results: list[GameResult], players: int) -> dict:
    """Per seat: wins, rate, interval; the even share (of the games a single player won); whether
    seats differ at all (chi-square); games without a winner, and wins shared."""
    games = len(results)
    won = Counter(r.winner for r in results)
    decided = games - won[-1]
    sharing = sum(map(shared, results))
    test = chi_square([won[s] for s in range(players)], [games] * players)
    even = decided / games / players if games else 0.0
    flags = holm_flags([(won[s], games) for s in range(players)], even) if games else [""] * players
    return {"games": games, "players": players, "no_winner": won[-1] - sharing, "shared_wins": sharing,
            "even_share": round(even, 4),
            "seats": [{"seat": s + 1, "wins": won[s], "win_rate": round(won[s] / games, 4) if games else 0.0,
                       "ci95": wilson(won[s], games), "vs_even_share_holm": flags[s]} for s in range(players)],
            "seats_differ": test._asdict()}


def faction_results(plan: Plan, results: list[GameResult], players: int) -> dict:
    """Per faction as per seat. A game without factions has none: `{"factions": {}, "factions_differ": None}`
    (a test on one group would have 0 degrees of freedom and say nothing)."""
    names = [f.name for f in plan.factions]
    if not names:
        return {"factions": {}, "factions_differ": None}
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for result in results:
        for seat in range(players):
            name = names[result.factions[seat]] if result.factions[seat] >= 0 else names[0]
            played[name] += 1
            won[name] += seat == result.winner
    present = [name for name in names if played[name]]
    decided = sum(1 for r in results if r.winner >= 0)
    flags = holm_flags([(won[n], played[n]) for n in present], decided / len(results) / players if results else 0.0)
    rows = {name: {"plays": played[name], "wins": won[name], "win_rate": round(won[name] / played[name], 4),
                   "ci95": wilson(won[name], played[name]), "vs_even_share_holm": flag}
            for name, flag in zip(present, flags, strict=True)}
    test = chi_square([won[n] for n in rows], [played[n] for n in rows])
    return {"factions": rows, "factions_differ": test._asdict()}


def victories(plan: Plan, results: list[GameResult]) -> dict:
    """Games won per path, crediting every path the winner met (a win may count for several)."""
    credit = Counter(i for r in results if r.winner >= 0 for i in r.paths)  # a shared win: seat_results
    games = len(results)
    return {"victories": {path.name: credit[i] for i, path in enumerate(plan.paths)},
            "victories_ci95": {path.name: wilson(credit[i], games) for i, path in enumerate(plan.paths)},
            "wins_meeting_several_paths": sum(len(r.paths) > 1 for r in results)}


def length_unit(plan: Plan) -> str:
    """What a game's length counts (engine/result.length): the rounds of a game of several rounds,
    else its turns (a turn counts once every player has gone)."""
    return "round" if plan.rounds is not None and plan.rounds.rounds != 1 else "turn"


def turns(results: list[GameResult], unit: str = "turn") -> dict:
    """The turn (or round: `unit`) each game ended in: mean with its 95% interval (normal
    approximation), range, histogram."""
    counts = Counter(r.turn for r in results)
    games = len(results)
    mean = sum(t * n for t, n in counts.items()) / games if games else 0.0
    spread = math.sqrt(sum(n * (t - mean) ** 2 for t, n in counts.items()) / (games - 1)) if games > 1 else 0.0
    half = Z95 * spread / math.sqrt(games) if games else 0.0
    return {"mean": round(mean, 2), "mean_ci95": [round(mean - half, 2), round(mean + half, 2)],
            "min": min(counts, default=0), "max": max(counts, default=0),
            "histogram": {str(t): counts[t] for t in sorted(counts)}, "unit": unit}


def summarise(game_id: str, plan: Plan, settings: Settings, results: dict[int, list[GameResult]],
              data_hash: str, options: dict) -> dict:
    """The report: `results` holds the games of each player count asked, the first being the main one."""
    counts = list(results)
    main = results[counts[0]]
    rows = judged(plan, [r for games in results.values() for r in games])
    report = {"provenance": provenance(game_id, data_hash, settings, options), "coverage": coverage(plan, rows),
              "missing": missing(plan, results, rows),
              "game": game_id, "games": len(main), "players": counts[0], "seed": settings.seed,
              "policies": list(settings.seat_policies()), "optional_rules": optional_rules(plan)}
    report.update(faction_results(plan, main, counts[0]))
    seats = seat_results(main, counts[0])
    report.update(victories(plan, main))
    report.update({"decided": len(main) - seats["no_winner"], "no_winner": seats["no_winner"],
                   "no_winner_ci95": wilson(seats["no_winner"], len(main)), "shared_wins": seats["shared_wins"],
                   "shared_wins_ci95": wilson(seats["shared_wins"], len(main)),
                   "even_share": seats["even_share"], "turns": turns(main, length_unit(plan)), "seats": seats["seats"],
                   "seats_differ": seats["seats_differ"],
                   "by_players": {str(n): seat_results(games, n) for n, games in results.items()},
                   "feel": {str(n): feel(games, n) for n, games in results.items()}})
    return report


def optional_rules(plan: Plan) -> dict[str, str]:
    return {rule: "left out" if rule in plan.without else "in play" for rule in plan.optional_rules}
