"""What a battle of cards against cards (battle's `cards:`, kitgen/simulate/vocabulary/combat.py) costs
whole games: games per CPU-second of `kitgen simulate tests/fixtures/vocab/siege --players 2 --workers 1`
(a Raid every turn: units from the hand, walls, blocks, a villager moved) next to the same game without
its Raid phase (the baseline, in the same run), random and greedy. The greedy player weighs each unit it
may send, each wall, block and loss on a copy of the table with the rest of the battle played out there,
so greedy-with-battles against greedy-without is what the weighing pays.

    python bench/bench_combat.py [--games 200]

Nothing is asserted; --smallest (CI) plays 10 games a run.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIEGE = ROOT / "tests" / "fixtures" / "vocab" / "siege"


def games(folder: Path, policy: str, count: int) -> float:
    """Games per CPU-second of the whole kitgen process."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "kitgen", "-q", "simulate", str(folder), "--games", str(count), "--players",
                    "2", "--seed", "1", "--policy", policy, "--workers", "1", "--json",
                    "--partial"],  # a speed, not win rates: a siege often ends level
                   cwd=ROOT, env=env, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return count / ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def without_raids(into: Path) -> Path:
    """A copy of the siege with no Raid phase: the same game, no battle."""
    folder = into / "siege"
    shutil.copytree(SIEGE, folder)
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    text = text[:text.index("  - name: Raid")] + text[text.index("tables:"):]
    game.write_text(text.replace("played_in: [Raid]", "not_played: \"kept\""), encoding="utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--smallest", action="store_true", help="smallest size, for CI: 10 games a run")
    options = parser.parse_args()
    count = 10 if options.smallest else options.games
    print(f"battle of cards: siege, {count} two-player games a run, one worker (load {os.getloadavg()[0]:.2f})")
    with tempfile.TemporaryDirectory(prefix="kitgen-bench-") as name:
        plain = without_raids(Path(name))
        for policy in ("random", "greedy"):
            rate, base = games(SIEGE, policy, count), games(plain, policy, count)
            print(f"  {policy:<7} with battles {rate:>7.1f}, without {base:>7.1f} games per CPU-second "
                  f"(with/without {rate / base:.2f})")


if __name__ == "__main__":
    main()
