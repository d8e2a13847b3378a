"""Mutation testing (issue 34): do the tests notice a broken rule? mutmut changes the modules that decide
what prints and who wins, one small change a mutant, and runs the tests that reach the changed function;
a mutant no test fails on survived. Prints the share killed per module set.

    python bench/bench_mutation.py              # every mutant: the full run (about an hour on 2 cores)
    python bench/bench_mutation.py --sample 40  # 40 mutants a module set, drawn with --seed (default 34)
    python bench/bench_mutation.py --smallest   # CI: one small module a set, 4 mutants each; figures mean nothing
    python bench/bench_mutation.py --set kit    # one module set only (a set whose name starts with the word)
    python bench/bench_mutation.py --set simulate  # the simulator: engine/zones, vocabulary/cards and zones
    python bench/bench_mutation.py --set 'simulate: rounds'  # rounds, scoring, tricks (core M2)
    python bench/bench_mutation.py --set 'simulate: eval'  # expressions, conditions, loop, plays, moves, knowledge
    python bench/bench_mutation.py --set 'simulate: units'  # the ports' steps: units, answers, claims, hosts, ...
    python bench/bench_mutation.py --set 'simulate: combat'  # combat, cycle, table, counters, choices (session 5)
    python bench/bench_mutation.py --set 'simulate: piles' --set 'simulate: rounds'  # two sets, their tests mapped once
    python bench/bench_mutation.py --set check --sample 300 --part 1/2 --json a.json  # half a sample (one hold)
    python bench/bench_mutation.py --set check --sample 300 --merge a.json b.json  # the halves' figures together
        # (the sample is drawn again from the mutants of the code: run every part and --merge on the same commit)
    python bench/bench_mutation.py --set check --sample 300 --mutants left.txt --reuse run1  # again, no regenerating

Runs in a copy of the checkout in a temporary folder (mutmut writes mutants/ beside pyproject.toml), with
the settings of [tool.mutmut] in pyproject.toml: which modules, which tests (the fast in-process ones).
The sample is drawn from the sorted mutant names with a seeded generator, so a seed is the same sample
on every machine. Killed: a test failed or timed out; survived: the tests passed; no tests: no test of
the selection reaches the function (counted as not killed). Survivors judged equivalent are listed with
why in bench/mutation-survivors.md. Exits 1 when mutmut itself fails.
"""
from __future__ import annotations

import argparse
import fnmatch
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COPIED = ("kitgen", "tests", "data", "examples", "templates", "fonts", "bench", "pyproject.toml")
# The module sets issue 34 names, by path pattern (the first that matches a module claims it).
SETS = {
    "layout: fit, rich-text wrap, safe zone": ("kitgen/layout/fit.py", "kitgen/layout/richtext.py",
                                               "kitgen/check/safe_zone.py"),
    "check/": ("kitgen/check/*.py",),
    "kit: cache keys and records": ("kitgen/kit/keys*.py", "kitgen/kit/cache.py", "kitgen/kit/records.py"),
    # a sample of the simulator while its engine and vocabulary are rewritten: small modules that hold still
    "simulate: piles, cards, zones": ("kitgen/simulate/engine/zones.py", "kitgen/simulate/vocabulary/cards.py",
                                      "kitgen/simulate/vocabulary/zones.py"),
    # the card model's second part (core M2): a game of rounds, its scoring, tricks
    "simulate: rounds, scoring, tricks": ("kitgen/simulate/engine/rounds.py", "kitgen/simulate/engine/scoring.py",
                                          "kitgen/simulate/vocabulary/tricks.py"),
    # what every rule goes through: the expression and condition evaluators, the game loop, a play and
    # its filters, moves between zones, what a player knows
    "simulate: evaluators, loop, plays, moves, knowledge": (
        "kitgen/simulate/engine/expressions.py", "kitgen/simulate/engine/conditions.py",
        "kitgen/simulate/engine/loop.py", "kitgen/simulate/engine/knowledge.py",
        "kitgen/simulate/vocabulary/plays.py", "kitgen/simulate/vocabulary/moves.py",
        "kitgen/simulate/vocabulary/knowing.py"),
    # the steps added for the ports (issue 33): a battle of units, answers, claims, reattach and an attached
    # card's cost, a draft from a face-up row, a buy's discount
    "simulate: units, answers, claims, hosts, picks, prices": (
        "kitgen/simulate/vocabulary/units.py", "kitgen/simulate/vocabulary/answers.py",
        "kitgen/simulate/vocabulary/claims.py", "kitgen/simulate/vocabulary/hosts.py",
        "kitgen/simulate/vocabulary/picks.py", "kitgen/simulate/vocabulary/prices.py"),
    # what changed in session 5: a battle of cards against cards and detach, play_on and setup_on, card impact's
    # hold, k exchanges at once, a search rollout's repeated step
    "simulate: combat, cycle, table, counters, choices": (
        "kitgen/simulate/vocabulary/combat.py", "kitgen/simulate/engine/cycle.py", "kitgen/simulate/engine/table.py",
        "kitgen/simulate/vocabulary/counters.py", "kitgen/simulate/vocabulary/choices.py"),
}
# With --set, the narrowest test selection that covers the set (the machine is shared): its own tests, not
# the ports' whole games (seconds a mutant), so a set runs in minutes. Without --set: [tool.mutmut]'s selection.
_SIMULATE_TESTS = ("tests/unit/test_simulate*.py", "tests/unit/test_vocabulary_*.py", "tests/unit/test_card_model.py",
                   "tests/unit/test_expressions.py", "tests/unit/test_expression_seat.py",
                   "tests/unit/test_claims_and_drafts.py", "tests/unit/test_cluster_answers.py",
                   "tests/unit/test_rules_vocabulary.py", "tests/unit/test_pieces.py")
TESTS = {
    "layout: fit, rich-text wrap, safe zone": ("tests/unit/test_fit.py", "tests/unit/test_richtext.py",
                                               "tests/unit/test_safe_zone_edges.py", "tests/unit/test_units_dice_fit.py",
                                               "tests/unit/test_document_measure.py", "tests/unit/test_columns.py",
                                               "tests/unit/test_check_faces_icons_templates.py"),
    # check/: its own tests, the vocabulary's and cards' tests that validate data, and the attacks on game data
    # that run in this process (the attacks that run kitgen in a subprocess reach check/ too, but mutmut cannot
    # map a subprocess's calls to the functions it mutated, so they would never run for a mutant)
    "check/": ("tests/unit/test_check_*.py", "tests/unit/test_deck_rules.py", "tests/unit/test_deck_stats.py",
               "tests/unit/test_fields_costs.py", "tests/unit/test_vocabulary_audit.py",
               "tests/unit/test_safe_zone_edges.py", "tests/unit/test_units_dice_fit.py",
               "tests/unit/test_effects_moved.py", "tests/unit/test_step_reads.py", "tests/unit/test_strategies.py",
               "tests/unit/test_rules_vocabulary.py", "tests/unit/test_vocabulary_*.py",
               "tests/unit/test_claims_and_drafts.py", "tests/unit/test_expression_seat.py",
               "tests/unit/test_game_resolution.py", "tests/unit/test_language.py", "tests/unit/test_card_model.py",
               "tests/unit/test_tokens*.py", "tests/unit/test_templates*.py", "tests/unit/test_icons*.py",
               "tests/attacks/test_vocabulary.py", "tests/attacks/test_card_model_attacks.py",
               "tests/attacks/test_steps_between_players.py", "tests/attacks/test_melds_and_hands.py",
               "tests/attacks/test_token_attacks.py", "tests/attacks/test_unit_battles.py",
               "tests/attacks/test_field_attacks.py", "tests/attacks/test_language_attacks.py",
               "tests/attacks/test_icons_attacks.py", "tests/attacks/test_answers.py"),
    # kit/: the cache's own tests (keys, records, saves, the store), in this process
    "kit: cache keys and records": ("tests/unit/test_cache_*.py", "tests/unit/test_keys_derived.py",
                                    "tests/unit/test_layer_keys.py"),
    "simulate: piles, cards, zones": _SIMULATE_TESTS,
    "simulate: rounds, scoring, tricks": _SIMULATE_TESTS,
    "simulate: evaluators, loop, plays, moves, knowledge": _SIMULATE_TESTS,
    "simulate: units, answers, claims, hosts, picks, prices": _SIMULATE_TESTS,
    "simulate: combat, cycle, table, counters, choices": _SIMULATE_TESTS + (
        "tests/attacks/test_attack_combat.py", "tests/unit/test_card_impact.py",
        "tests/unit/test_mcts.py", "tests/unit/test_greedy_*.py", "tests/integration/test_trace.py"),
}
# --smallest: one small module a set and the tests written for it, so CI runs the whole way in seconds.
SMALLEST = {
    "modules": ["kitgen/check/rules.py", "kitgen/check/safe_zone.py", "kitgen/kit/keys.py"],
    "tests": ["tests/unit/test_deck_rules.py", "tests/unit/test_safe_zone_edges.py", "tests/unit/test_keys_derived.py"],
    "sample": 4,
}
KILLED, SURVIVED, NO_TESTS = {1, 3, 36, 24, -24, 152, 255}, {0}, {5, 33}  # mutmut's exit codes (mutmut/stats.py)


def module_set(path: str) -> str | None:
    return next((name for name, patterns in SETS.items() if any(fnmatch.fnmatch(path, p) for p in patterns)), None)


def copy_checkout(folder: Path, smallest: bool, only: tuple[str, ...] = (), deselect: tuple[str, ...] = ()) -> list[str]:
    """The checkout copied into `folder`, its [tool.mutmut] narrowed for --smallest or to the module sets
    `only` (their tests together: mutmut maps them to functions once); the modules mutated."""
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, folder / name)
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    settings = tomllib.loads(text)["tool"]["mutmut"]
    settings["pytest_add_cli_args"] = [*settings.get("pytest_add_cli_args", []),
                                       *(arg for test in deselect for arg in ("--deselect", test))]
    if smallest:
        settings |= {"only_mutate": SMALLEST["modules"], "pytest_add_cli_args_test_selection": SMALLEST["tests"]}
    if only:
        settings["pytest_add_cli_args_test_selection"] = sorted({
            str(path.relative_to(ROOT)) for name in only for pattern in TESTS.get(name, ()) for path in ROOT.glob(pattern)}
        ) or settings["pytest_add_cli_args_test_selection"]
        settings["only_mutate"] = [str(path.relative_to(ROOT)) for path in sorted(ROOT.glob("kitgen/**/*.py"))
                                   if any(fnmatch.fnmatch(str(path.relative_to(ROOT)), p) for p in settings["only_mutate"])
                                   and module_set(str(path.relative_to(ROOT))) in only]
    before, _, after = text.partition("\n[tool.mutmut]\n")
    rest = after.split("\n[", 1)[1] if "\n[" in after else ""  # the sections after [tool.mutmut], if any
    section = "\n".join(f"{key} = {json.dumps(value)}" for key, value in settings.items())
    (folder / "pyproject.toml").write_text(f"{before}\n[tool.mutmut]\n{section}\n" + (f"\n[{rest}" if rest else ""),
                                           encoding="utf-8")
    return sorted(str(path.relative_to(ROOT)) for path in ROOT.glob("kitgen/**/*.py")
                  if any(fnmatch.fnmatch(str(path.relative_to(ROOT)), p) for p in settings["only_mutate"]))


def mutant_names(folder: Path, modules: list[str]) -> dict[str, list[str]]:
    """Every mutant mutmut makes of `modules`, by module, as mutmut names them (its own mutator, not run)."""
    try:
        from mutmut.mutation.file_mutation import mutate_file_contents
        from mutmut.utils.format_utils import get_mutant_name
    except ImportError as exc:  # a mutmut without these: say so in one line
        raise SystemExit(f"bench_mutation: this mutmut cannot list its mutants ({exc}); install mutmut>=3.8") from None
    names = {}
    for module in modules:
        made = mutate_file_contents(module, (folder / module).read_text(encoding="utf-8"))
        names[module] = sorted(get_mutant_name(Path(module), name) for name in made.mutant_names)
    return names


def draw(names: dict[str, list[str]], sample: int | None, seed: int) -> dict[str, list[str]]:
    """Per module set: all its mutants, or `sample` of them drawn with a generator seeded by `seed`."""
    by_set: dict[str, list[str]] = {}
    for module, found in names.items():
        by_set.setdefault(module_set(module) or "other", []).extend(found)
    rng = random.Random(seed)
    return {name: sorted(rng.sample(sorted(found), min(sample, len(found)))) if sample else sorted(found)
            for name, found in sorted(by_set.items())}


def results(folder: Path, modules: list[str]) -> dict[str, int | None]:
    """Each mutant's exit code as mutmut recorded it (mutants/<module>.meta)."""
    codes: dict[str, int | None] = {}
    for module in modules:
        meta = folder / "mutants" / f"{module}.meta"
        if meta.is_file():
            codes |= json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return codes


def wilson(killed: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of the killed share of a whole set, from a sample of n in which `killed` were killed
    (Wilson's score interval: it stays within 0-100% near the ends, where the normal one does not)."""
    if n == 0:
        return 0.0, 1.0
    share, spread = killed / n, z * z / n
    centre = (share + spread / 2) / (1 + spread)
    half = z * math.sqrt(share * (1 - share) / n + spread / (4 * n)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def report(chosen: dict[str, list[str]], codes: dict[str, int | None], survivors: bool,
           made: dict[str, int] | None = None) -> list[str]:
    """One line a module set; a sample of a set (fewer than the `made` mutants of it) gives its 95% interval."""
    lines = [f"  {'module set':<40} {'mutants':>7} {'killed':>6} {'survived':>8} {'no tests':>8} {'other':>5} "
             f"{'killed share':>12}"]
    for name, mutants in chosen.items():
        got = [codes.get(m) for m in mutants]
        killed = sum(c in KILLED for c in got)
        survived = sum(c in SURVIVED for c in got)
        untested = sum(c in NO_TESTS for c in got)
        other = len(got) - killed - survived - untested
        sampled = made is not None and 0 < len(got) < made.get(name, 0)
        low, high = wilson(killed, len(got))
        lines.append(f"  {name:<40} {len(got):>7} {killed:>6} {survived:>8} {untested:>8} {other:>5} "
                     f"{killed / len(got) if got else 0:>12.1%}"
                     + (f"  (95%: {low:.1%}-{high:.1%} of its {made.get(name)})" if made and sampled else ""))
        if survivors:
            lines += [f"      not killed: {m} ({codes.get(m)})" for m in mutants if codes.get(m) not in KILLED]
    return lines


def _same(one: Path, other: Path) -> bool:
    return one.is_file() and other.is_file() and one.read_bytes() == other.read_bytes()


def _part(parser: argparse.ArgumentParser, text: str | None) -> tuple[int, int] | None:
    """--part K/N as (K, N), 1 <= K <= N; a bad one is a usage error."""
    if text is None:
        return None
    k, _, n = text.partition("/")
    if not (k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        parser.error(f"--part: {text!r} is not K/N with 1 <= K <= N")
    return int(k), int(n)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=0, help="mutants per module set (default: every mutant)")
    parser.add_argument("--seed", type=int, default=34, help="the sample's seed (default 34)")
    parser.add_argument("--workers", type=int, default=2, help="mutants run at once (default 2)")
    parser.add_argument("--survivors", action="store_true", help="list every mutant not killed")
    parser.add_argument("--mutants", type=Path, help="run only the mutants named in this file, one a line "
                        "(those an earlier run did not kill)")
    parser.add_argument("--smallest", action="store_true", help="CI: one small module a set, 4 mutants each")
    parser.add_argument("--set", action="append", help="only the module set whose name starts with this (check, kit, "
                        "layout, simulate); again for more sets in one run (their tests mapped once)")
    parser.add_argument("--deselect", action="append", default=[], help="a test left out of this run (its pytest "
                        "id; again for more): one that fails under mutmut's tracing, found when its map is made")
    parser.add_argument("--part", help="K/N: only the K-th of N slices of the mutants chosen (a long run split "
                        "across holds of the shared machine)")
    parser.add_argument("--json", type=Path, help="also write each mutant's exit code here (for --merge)")
    parser.add_argument("--merge", type=Path, nargs="+", help="no run: report the exit codes of earlier --json "
                        "files together (the same --set and --sample)")
    parser.add_argument("--reuse", type=Path, help="an earlier --folder run on the same code: its mutants and its "
                        "map of tests to functions are taken, not made again (new tests are mapped)")
    parser.add_argument("--folder", type=Path, help="run in this new folder and keep it (`mutmut show NAME` there "
                        "shows a survivor), not in a temporary one")
    args = parser.parse_args()
    only = tuple(next((name for name in SETS if name.startswith(word)), "") for word in args.set or ())
    if "" in only:
        word = (args.set or [])[only.index("")]
        parser.error(f"--set: no module set starts with {word!r} (the sets: {', '.join(SETS)})")
    part = _part(parser, args.part)
    merged: dict[str, int | None] = {}
    for path in args.merge or ():  # later files win: a run again (--mutants) after the part it repeats
        try:
            merged |= json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, TypeError) as exc:
            parser.error(f"--merge: {path}: not a --json file of this bench ({exc})")
    sample = SMALLEST["sample"] if args.smallest else args.sample
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="kitgen-mutation-") as name:
        folder = Path(name)
        if args.folder:
            args.folder.mkdir(parents=True)  # a new folder: an old run's mutants/ would be read as this one's
            folder = args.folder.resolve()
        modules = copy_checkout(folder, args.smallest, only, tuple(args.deselect))
        names = mutant_names(folder, modules)
        chosen = draw(names, sample, args.seed)
        made = {name: len(mutants) for name, mutants in draw(names, 0, args.seed).items()}
        if args.mutants:
            wanted = set(args.mutants.read_text(encoding="utf-8").split())
            chosen = {name: [m for m in mutants if m in wanted] for name, mutants in chosen.items()}
        if part:
            chosen = {name: mutants[part[0] - 1::part[1]] for name, mutants in chosen.items()}
        if args.merge:
            codes = merged
            chosen = {name: [m for m in mutants if m in codes] for name, mutants in chosen.items()}
            print("\n".join(report(chosen, codes, args.survivors, None if args.mutants else made)))
            return 0
        every = [m for mutants in chosen.values() for m in mutants]
        named = bool(sample or args.mutants or part)  # else mutmut runs every mutant it makes
        if named and not every:  # mutmut given no name runs them all
            print("no mutants to run: --mutants names none of these modules' mutants")
            return 1
        print(f"mutmut over {len(modules)} modules: {len(every)} mutants"
              + (f" ({sample} a module set, seed {args.seed})" if sample else f" (named in {args.mutants})"
                 if args.mutants else " (all)"))
        if args.reuse:  # the mutated modules (kept newer than their sources: mutmut then skips them) and the map
            shutil.copytree(args.reuse / "mutants" / "kitgen", folder / "mutants" / "kitgen")
            shutil.copy2(args.reuse / "mutants" / "mutmut-stats.json", folder / "mutants" / "mutmut-stats.json")
            for module in modules:  # a source older than its mutant: unchanged since (a source newer is mutated again)
                if _same(args.reuse / module, folder / module):
                    os.utime(folder / module, (0, 0))
        with open(folder / "mutmut.log", "w") as log:
            done = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(args.workers),
                                   *(every if named else [])], cwd=folder, stdout=log, stderr=subprocess.STDOUT)
        if done.returncode != 0:
            print(f"mutmut failed (exit {done.returncode}):\n" + (folder / "mutmut.log").read_text()[-3000:])
            return 1
        codes = results(folder, modules)
        if args.json:
            args.json.write_text(json.dumps({m: codes.get(m) for m in every}, indent=0, sort_keys=True), encoding="utf-8")
        print("\n".join(report(chosen, codes, args.survivors, None if args.mutants or part else made)))
    print(f"{time.perf_counter() - start:.0f} s wall (mutants generated, the tests mapped once, each mutant run)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
