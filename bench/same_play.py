"""Whether a change to the players or the engine kept the same play: the `--json` report of
`kitgen simulate GAME --games N --players P --seed S --workers 1 --partial --json` for every shipped
game and player count, written by one tree's code, compared byte for byte with another's. The report
names the code it ran (provenance.code: commit and hash); that part alone is left out of the bytes.

    python bench/same_play.py record DIR [--tree PATH] [--games 50] [--players 2,3,4] [--policy greedy]
    python bench/same_play.py compare DIR_A DIR_B

`record` runs the code of --tree (default: this repository; a baseline is any other checkout, e.g.
`git archive main | tar -x -C /tmp/base`) on this repository's data, one report a file. `compare`
prints each report that differs and exits 1 when one does. --smallest (CI): one game at 2 players
recorded twice by this tree and compared (the check of the check: determinism).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("alpha-centauri", "civ-builder", "civilization-card-game", "galactic-civ", "galactic-supremacy")


def report(tree: Path, game: str, games: int, players: int, policy: str, seed: int) -> bytes:
    """The report's bytes without provenance.code (which names the code, not what it did)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    run = subprocess.run([sys.executable, "-m", "kitgen", "-q", "simulate", str(ROOT / "data" / game),
                          "--games", str(games), "--players", str(players), "--seed", str(seed),
                          "--policy", policy, "--workers", "1", "--partial", "--json"],
                         cwd=tree, env=env, capture_output=True, check=False)  # cwd: -m imports its kitgen first
    if not run.stdout.strip():
        return b"no report: exit %d: %s" % (run.returncode, run.stderr.strip().splitlines()[-1:])
    found = json.loads(run.stdout)
    found["provenance"].pop("code", None)
    found["provenance"].pop("game", None)  # the folder's path as given: the data's hash says which data
    return json.dumps(found, indent=1, sort_keys=True).encode()


def record(out: Path, tree: Path, games: int, counts: list[int], policy: str, seed: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        for players in counts:
            (out / f"{game}-{players}p.json").write_bytes(report(tree, game, games, players, policy, seed))
            print(f"{game} {players}p recorded", flush=True)


def compare(first: Path, second: Path) -> int:
    names = sorted({p.name for p in first.glob("*.json")} | {p.name for p in second.glob("*.json")})
    differ = [name for name in names
              if not (first / name).exists() or not (second / name).exists()
              or (first / name).read_bytes() != (second / name).read_bytes()]
    for name in differ:
        print(f"{name}: differs (or is missing on one side)")
    print(f"{len(names) - len(differ)} of {len(names)} reports byte-identical")
    return 1 if differ or not names else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", nargs="?", choices=("record", "compare"))
    parser.add_argument("dirs", nargs="*", type=Path)
    parser.add_argument("--tree", type=Path, default=ROOT, help="the code to run (default: this repository)")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--smallest", action="store_true", help="CI: one game, recorded twice, compared")
    options = parser.parse_args()
    if options.smallest:
        with tempfile.TemporaryDirectory() as work:
            a, b = Path(work) / "a", Path(work) / "b"
            for out in (a, b):
                out.mkdir()
                (out / "galactic-civ-2p.json").write_bytes(report(ROOT, "galactic-civ", 1, 2, "greedy", 1))
            return compare(a, b)
    if options.action == "record" and len(options.dirs) == 1:
        record(options.dirs[0], options.tree.resolve(), options.games,
               [int(n) for n in options.players.split(",")], options.policy, options.seed)
        return 0
    if options.action == "compare" and len(options.dirs) == 2:
        return compare(*options.dirs)
    parser.error("record DIR, or compare DIR_A DIR_B")
    return 2


if __name__ == "__main__":
    sys.exit(main())
