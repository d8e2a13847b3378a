"""Issue 37's second speed goal: a designer's full answer in at most 60 seconds on 2 cores, for every
shipped game, and what each part of it costs.

    python bench/bench_answer.py [--games 2000] [--impact-games 200] [--ladder 100] [--game NAME] [--no-whole]
    python bench/bench_answer.py --full [--game NAME] [--part seats|impact|ladder]   # in a CPU slot

The full answer is one command:

    kitgen simulate GAME --players 2,3,4 --games 2000 --impact-games 200 --ladder 100

the seats at 2, 3 and 4 players (2,000 games each), card impact at 2 players (200 seeds a card, the
card removed and doubled), the skill ladder at 2 players (100 games a rung: random < greedy <
lookahead < mcts, at its default budget) and the measures of feel (in every report). For each
shipped game the parts are timed in one process as kitgen simulate runs them (experiments/lab.py,
one pool of workers for the whole run: play/pool.py), each its wall time, its games and its time
per game: compile (load, check and compile the data), seats, feel and summary (the report of the
seats, with the measures of feel, the provenance and its code hash), impact, ladder. Then, unless
--no-whole, the whole command itself, a fresh process, its wall time against the goal of 60 s.

--full measures the full sizes on one core (--workers 1, no whole command), as a shared machine's
CPU slot allows. Each part's CPU seconds (this process's and its pool's workers') are printed next to
its wall time: on a loaded machine the wall clock counts the others' work, the CPU does not. For
each game, the least its parts can take on 2 idle cores: the games' CPU halved (each run of games
is cut into pieces both cores play), compiling and the summary as they were, against the goal: a
bound, not a measured 2-core time (an idle 2-core machine measures that: without --full). --part
runs one part (again for more) so that a slot's hold stays short; card impact alone plays the
2-player seats it starts from. --full at smaller sizes (a game whose full answer takes longer than a
slot may be held) extrapolates: each part's CPU a game times the full answer's games; small runs
weigh what each call costs once more heavily (Galactic Civ: 41 s from 20 games, 2 seeds, 2 games a
rung; 32 s measured at full size).

Wall times: on a shared machine they count what else runs (the load average is printed at the
start and the end; the goal is for 2 idle cores). Nothing is asserted; --smallest (CI) runs every
part on Galactic Civ at sizes that mean nothing (10 games, 2 impact seeds, 4 games a rung, mcts at 8
iterations).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kitgen.check import check_game  # noqa: E402
from kitgen.load import load_game  # noqa: E402
from kitgen.project import Project  # noqa: E402
from kitgen.simulate.experiments.lab import Experiments, played, run_experiments  # noqa: E402
from kitgen.simulate.experiments.ladder import LADDER  # noqa: E402
from kitgen.simulate.play.games import plan_game  # noqa: E402
from kitgen.simulate.play.pool import kept_workers, workers_seconds  # noqa: E402
from kitgen.simulate.play.run import Settings, cores  # noqa: E402
from kitgen.simulate.report.summary import summarise  # noqa: E402

GOAL = 60.0  # seconds for a game's full answer on 2 cores (issue 37)
FULL = (2000, 200, 100)  # the full answer: games at each player count, seeds a card, games a rung
COUNTS = (2, 3, 4)


PARTS = ("seats", "impact", "ladder")  # the parts that play games (compile, feel and summary go with the seats)
PLAYED = ("seats", "impact", "ladder")  # rows whose games spread over the cores (their names start so)
Row = tuple[str, float, float, int]  # (part, wall seconds, CPU seconds, games played)


class Clock:
    """Wall and CPU seconds since the last lap: the CPU of this process and of the run's pool's workers
    (on a loaded machine the wall clock counts the others' work; the CPU seconds do not)."""

    def __init__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), self._cpu()

    @staticmethod
    def _cpu() -> float:
        return time.process_time() + workers_seconds()

    def lap(self) -> tuple[float, float]:
        wall, cpu = time.perf_counter(), self._cpu()
        spent = (wall - self.wall, cpu - self.cpu)
        self.wall, self.cpu = wall, cpu
        return spent


def parts(game: str, games: int, impact: int, ladder: int, rollouts: int, workers: int = 0,
          only: tuple[str, ...] = PARTS) -> list[Row]:
    """Each part of one game's full answer, in-process (workers 0: one per core); `only` some parts
    (card impact without the seats plays the 2-player seats it starts from)."""
    rows: list[Row] = []
    clock = Clock()
    folder = Project.default().resolve(game).folder
    loaded = load_game(folder)
    check_game(loaded)  # as kitgen simulate checks the data before it plays
    plan = plan_game(loaded)
    rows.append(("compile", *clock.lap(), 0))
    settings = Settings(games=games, players=COUNTS[0], seed=1, mcts_iterations=rollouts, workers=workers)
    with kept_workers(settings.workers or cores()):
        report: dict = {}
        if "seats" in only or "impact" in only:
            clock.lap()
            more = COUNTS[1:] if "seats" in only else ()
            settings, results, _ = played(plan, settings, more, None)
            count = sum(len(r) for r in results.values())
            rows.append(("seats " + ",".join(map(str, sorted(results))) if "seats" in only else "seats at 2",
                         *clock.lap(), count))
            report = summarise(game, plan, settings, results, "", {})
            rows.append(("feel and summary", *clock.lap(), count))
        if "impact" in only:
            clock.lap()
            run_experiments(report, plan, settings, Experiments(impact_games=impact), results[COUNTS[0]], None)
            impact_report = report.get("card_impact") or {}
            cards = impact_report.get("cards", [])
            # each card's arm with it, and each deck's arm without (a card of that deck at random)
            played_games = sum(row["games"] for row in cards) + impact_report.get("games", 0) * len({r["deck"] for r in cards})
            rows.append(("impact", *clock.lap(), played_games))
        if "ladder" in only:
            clock.lap()
            run_experiments(report, plan, settings, Experiments(ladder_games=ladder), [], None)
            rungs = len(report.get("skill_ladder", []))
            rows.append(("ladder", *clock.lap(), rungs * max(1, ladder // COUNTS[0]) * COUNTS[0]))
    return rows


def whole(game: str, games: int, impact: int, ladder: int, rollouts: int) -> float:
    """Wall seconds of the full answer as one fresh kitgen simulate command."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as an installed kitgen runs (bench_speed.py says why)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "kitgen", "-q", "simulate", game, "--players", ",".join(map(str, COUNTS)),
                    "--games", str(games), "--impact-games", str(impact), "--ladder", str(ladder),
                    "--mcts-iterations", str(rollouts), "--partial", "--json"],
                   cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=FULL[0], help="games at each player count (default 2000)")
    parser.add_argument("--impact-games", type=int, default=FULL[1], help="seeds a card (default 200)")
    parser.add_argument("--ladder", type=int, default=FULL[2], help="games a rung (default 100)")
    parser.add_argument("--mcts-iterations", type=int, default=16, help="mcts's budget (default: kitgen's, 16)")
    parser.add_argument("--game", action="append", help="one shipped game (again for more; default: every one)")
    parser.add_argument("--part", action="append", choices=PARTS, help="one part (again for more; default: every one)")
    parser.add_argument("--no-whole", action="store_true", help="leave out the whole command (a fresh process)")
    parser.add_argument("--workers", type=int, default=0, help="processes for the parts (default: one per core; "
                        "1 on a shared machine, where each part's time per game is the figure that holds)")
    parser.add_argument("--full", action="store_true", help="the full sizes on one core (a shared machine's CPU slot): "
                        "--workers 1 --no-whole, and each game's parts against the goal")
    parser.add_argument("--smallest", action="store_true", help="one game at the smallest sizes (CI)")
    options = parser.parse_args()
    games = options.game or Project.default().game_names()
    sizes = (options.games, options.impact_games, options.ladder, options.mcts_iterations)
    if options.smallest:
        games, sizes = ["galactic-civ"], (10, 2, 4, 8)  # the shipped game that plays fastest
    if options.full:
        options.workers, options.no_whole = 1, True
    only = tuple(options.part or PARTS)
    print(f"A designer's full answer: seats at {','.join(map(str, COUNTS))} players ({sizes[0]:,} games each), "
          f"card impact ({sizes[1]} seeds a card), the ladder ({sizes[2]} games a rung, {' < '.join(LADDER)}; mcts "
          f"at {sizes[3]} iterations), the measures of feel; {options.workers or cores()} worker(s), load average {_load()} at the start")
    print(f"  {'game':<24}{'part':<18}{'wall s':>8}{'CPU s':>8}{'games':>8}{'CPU ms/game':>12}")
    for game in games:
        rows = parts(game, *sizes, workers=options.workers, only=only)
        for part, wall, cpu, count in rows:
            per = f"{cpu / count * 1000:>12.2f}" if count else f"{'':>12}"
            print(f"  {game:<24}{part:<18}{wall:>8.2f}{cpu:>8.2f}{count:>8,}{per}")
        print(f"  {game:<24}{'sum of the parts':<18}{sum(r[1] for r in rows):>8.2f}{sum(r[2] for r in rows):>8.2f}")
        if options.workers == 1 and only == PARTS:
            scale = full_scale(sizes)
            if scale is None:
                print(f"  {game:<24}{'on 2 cores':<18}{'':>8}{on_two_cores(rows):>8.2f}   at best (the games' CPU "
                      f"halved); goal {GOAL:.0f} s: {verdict(on_two_cores(rows))}")
            else:  # smaller sizes: each part's CPU a game times the full size's games (compiling as it was)
                grown = [(part, wall, cpu * scale.get(part.split()[0], 1.0), count) for part, wall, cpu, count in rows]
                print(f"  {game:<24}{'full size, 2 cores':<18}{'':>8}{on_two_cores(grown):>8.0f}   at best, extrapolated "
                      f"(each part's CPU a game times the full size's games, halved); goal {GOAL:.0f} s: "
                      f"{verdict(on_two_cores(grown))}")
        if not options.no_whole:
            seconds = whole(game, *sizes)
            print(f"  {game:<24}{'whole command':<18}{seconds:>8.2f}   goal {GOAL:.0f} s: {verdict(seconds)}")
    print(f"load average {_load()} at the end (above the core count: other work shared the cores)")


def on_two_cores(rows: list[Row]) -> float:
    """The least wall time one core's parts can take on two idle cores: the CPU of the games' parts
    halved (each run of games is cut into pieces that both cores play), compiling and the summary as they were."""
    return sum(cpu / 2 if part.startswith(PLAYED) else cpu for part, _, cpu, _ in rows)


def full_scale(sizes: tuple[int, int, int, int]) -> dict[str, float] | None:
    """How many times the full answer's games each part played (None: the full sizes themselves;
    the measures of feel are summed over the seats' games, so they grow with them)."""
    if sizes[:3] == FULL:
        return None
    return {"seats": FULL[0] / sizes[0], "feel": FULL[0] / sizes[0], "impact": FULL[1] / sizes[1],
            "ladder": FULL[2] / max(2, sizes[2] - sizes[2] % 2)}  # a rung's games: whole pairs of seats


def verdict(seconds: float) -> str:
    return f"within by {GOAL - seconds:.1f} s" if seconds <= GOAL else f"over by {seconds - GOAL:.1f} s"


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"


if __name__ == "__main__":
    main()
