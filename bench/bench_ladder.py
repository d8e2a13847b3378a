"""The lower rungs of the skill ladder, game by game: each stronger player in every seat in turn among
weaker ones (kitgen simulate --ladder's rung, experiments/ladder.py), its win rate with a 95% interval
against the even share, and what each player costs: CPU seconds a game of the rung, and, next to it,
its cost in games of greedy's as measured (its rung's CPU a game over greedy's rung's) and as
kitgen simulate prices it before a run (experiments/pricing.py: counted on one greedy game).

    python bench/bench_ladder.py [--games 100] [--rungs random:greedy,greedy:lookahead,lookahead:mcts] [GAME ...]

GAME: a shipped game's id or a game folder (default: every shipped game the engine plays from its data,
then the examples). Each figure is one run with --seed 1 and one worker, in this process. Nothing is
asserted; --smallest (CI) plays Galactic Civ with 8 games a rung, so that the script does not rot.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kitgen.load import load_game  # noqa: E402
from kitgen.simulate.experiments.ladder import rung  # noqa: E402
from kitgen.simulate.experiments.pricing import priced  # noqa: E402
from kitgen.simulate.play.games import plan_game  # noqa: E402
from kitgen.simulate.play.run import Settings  # noqa: E402

SHIPPED = ("galactic-civ", "civ-builder", "alpha-centauri", "galactic-supremacy", "civilization-card-game")
EXAMPLES = ("coup", "dominion", "hearts", "lost-cities", "love-letter", "sushi-go", "uno")
PLAYERS = {"dominion": 2, "lost-cities": 2}  # the rest at 4


def folder(name: str) -> Path:
    for root in (ROOT / "data", ROOT / "examples"):
        if (root / name).is_dir():
            return root / name
    return Path(name)


def measure(name: str, games: int, rungs: list[tuple[str, str]]) -> None:
    game = load_game(folder(name))
    plan, players = plan_game(game), PLAYERS.get(name, 4)
    prices, greedy = priced(plan, players, Settings().mcts_iterations), 0.0
    for weak, strong in rungs:
        start = time.process_time()
        row = rung(plan, Settings(games=games, players=players, workers=1), weak, strong, games, None)
        cpu = (time.process_time() - start) / max(1, row["games"])
        low, high = row["ci95"]
        verdict = "above" if low > row["even_share"] else "below" if high < row["even_share"] else "not clear of"
        greedy = cpu if strong == "greedy" else greedy
        cost = f"; {cpu / greedy:.1f} greedy games, priced {prices.get(strong, 1)}" if greedy else ""
        print(f"{name:<24}{players}p  {strong} among {weak}: {row['win_rate']:6.1%} ({low:.1%}-{high:.1%}) of "
              f"{row['games']} games, {verdict} the even share {row['even_share']:.1%}; {cpu * 1000:7.1f} ms CPU a "
              f"game{cost}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_list", nargs="*", metavar="GAME")
    parser.add_argument("--games", type=int, default=100, help="games a rung (default 100)")
    parser.add_argument("--rungs", default="random:greedy,greedy:lookahead,lookahead:mcts")
    parser.add_argument("--smallest", action="store_true")
    args = parser.parse_args()
    rungs = [tuple(pair.split(":", 1)) for pair in args.rungs.split(",")]
    names = ["galactic-civ"] if args.smallest else args.games_list or [*SHIPPED, *EXAMPLES]
    for name in names:
        measure(name, 8 if args.smallest else args.games, rungs)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
