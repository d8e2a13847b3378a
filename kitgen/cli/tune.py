"""kitgen tune: search what a game declares tunable towards a target and write the proposal as a
new game folder, with the before and after reports played on fresh seeds. The original is never
edited: the new folder is made beside the output's place and renamed to it only when all is done."""
from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import stat
import sys
import time
from pathlib import Path

import click

from kitgen.cli.common import echo, echo_json, main, quiet, use_game
from kitgen.cli.flags import (PLAYERS_HELP, SCHEDULER_HELP, TIMEOUT_HELP, TRUST_HELP, Count, Seconds, game_players,
                              given_counts, said_trust, scheduler_address, shown, shown_path)
from kitgen.cli.simulate import _known_policies, _load, _policies, _refuse_early
from kitgen.errors import KitgenError, Where, error

MAX_COPY_FILES = 10_000  # a game folder copied for the proposal: files ...
MAX_COPY_BYTES = 1 << 30  # ... and bytes (its art): a bound, not a guess at any real game
TUNE_ONLY = "kitgen tune searches only a game whose rules that decide it are all simulated"  # it has no --partial
ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")


@main.command()
@click.argument("game")
@click.option("--target", "target_text", required=True, metavar="TARGET",
              help="even-seats, even-factions, or length=N (games that end in N turns on average).")
@click.option("--players", help=PLAYERS_HELP + ".")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="The new game folder (default: GAME-tuned here).")
@click.option("--evaluations", type=Count(1, 1000), default=60, show_default=True,
              help="Candidates the search plays (NTBEA's iterations).")
@click.option("--games", type=Count(10, 10_000), default=200, show_default=True, help="Games per candidate.")
@click.option("--report-games", type=Count(20, 100_000), default=2000, show_default=True,
              help="Fresh games for each of the before and after reports.")
@click.option("--seed", type=Count(0, 2**31 - 1), default=1, show_default=True,
              help="The same seed gives the same proposal and reports, byte for byte.")
@click.option("--policy", "policies", default="greedy", show_default=True, help="Who plays: as kitgen simulate.")
@click.option("--without", multiple=True, help="Leave out an optional rule (an optional deck).")
@click.option("--workers", type=Count(0, 64), default=0, help="Processes (default: one per core).")
@click.option("--scheduler", default="", metavar="ADDRESS", help=SCHEDULER_HELP)
@click.option("--trust-scheduler", is_flag=True, help=TRUST_HELP)
@click.option("--scheduler-timeout", type=Seconds(), default=30, show_default=True, help=TIMEOUT_HELP)
@click.option("--json", "as_json", is_flag=True, help="The report as JSON on stdout.")
def tune(game: str, target_text: str, players: str | None, output: Path | None, evaluations: int, games: int,
         report_games: int, seed: int, policies: str, without: tuple[str, ...], workers: int, scheduler: str,
         trust_scheduler: bool, scheduler_timeout: float, as_json: bool) -> None:
    """Search the numbers GAME declares tunable (simulate: tune:) towards a target, and write the best as a
    new game folder with the before and after reports."""
    from kitgen.project import Project
    from kitgen.simulate.experiments.tune import NOTHING_TUNABLE, Budget, read_target, tune as run
    from kitgen.simulate.play.run import Settings

    target = read_target(target_text)
    if isinstance(target, str):
        raise click.BadParameter(target, param_hint="--target")
    given = (_players(players),) if players is not None else None
    budget = Budget(evaluations, games, report_games)
    address = scheduler_address(scheduler, trust_scheduler, scheduler_timeout)
    folder = use_game(Project.default(), game).folder
    loaded = _load(folder, game, without)
    count = game_players(loaded, given)[0]
    names = _policies(policies, (count,))
    if not loaded.simulate.tune:  # said before a game is played or a folder copied
        raise KitgenError(error(loaded.where or Where(game), NOTHING_TUNABLE))
    _bounded(budget, len(loaded.simulate.tune), names)
    if target[0] == "even-factions" and not loaded.factions:
        raise click.BadParameter(f"{loaded.title} has no factions to even out", param_hint="--target")
    if target[0] == "even-seats" and count < 2:  # one seat wins every decided game: any candidate would do
        raise click.BadParameter("one player has no seats to even out: give --players 2 or more", param_hint="--target")
    _known_policies(loaded, names)
    settings = Settings(games=games, players=count, seed=seed, policies=names, workers=workers,
                        without=tuple(sorted(set(without))), scheduler=address, scheduler_timeout=scheduler_timeout)
    _refuse_early(loaded, settings, game, partial=False, hint=TUNE_ONLY)
    out = _output(output or Path(f"{loaded.id}-tuned"), folder)
    said_trust(address)
    began = time.monotonic()
    try:
        report = _proposed(folder, loaded, out, lambda stage, new_id: run(folder, loaded, stage, new_id, target,
                                                                             settings, budget, _heard(as_json, evaluations)))
    except KeyboardInterrupt:  # the copy under way is removed by then: the original and -o are as they were
        echo(f"{game}: error: interrupted; no proposal was written", err=True)
        sys.exit(130)
    if as_json:
        echo_json(json.dumps(report | {"output": str(out)}, indent=2, ensure_ascii=False))
    else:
        echo(notes(report, out), nl=False)
    if not quiet():
        echo(f"kitgen tune: {time.monotonic() - began:.0f} s", err=True)


def _proposed(folder: Path, loaded, out: Path, run) -> dict:
    """run(stage, new id) in a copy of the game folder beside `out`, renamed to `out` when it is done;
    on any failure or a Ctrl-C the copy is removed (kitgen made it: a new folder of its own name, so
    never a folder of the user's) and nothing is written."""
    from kitgen.load.files import replace_file  # here: kitgen.load imports the model, which -h never needs
    from kitgen.simulate.play.blocks import Unfinished

    new_id = out.name if ID.match(out.name) else f"{loaded.id}-tuned"
    stage = out.parent / f".{out.name}.kitgen-tune-{secrets.token_hex(6)}"
    os.mkdir(stage)  # before the try: a folder of that name already there is the user's, never removed
    try:
        _copy_game(folder, stage)
        try:
            report = run(stage, new_id)
        except Unfinished as exc:  # the cluster failed a run of games
            raise KitgenError(error(Where(str(folder)), f"{exc.why}; no proposal was written")) from None
        replace_file(stage / "TUNED.md", notes(report, out).encode("utf-8"))  # a TUNED.md link copied is replaced
        if os.path.lexists(out):
            raise KitgenError(error(Where(str(out)), "appeared while kitgen tune ran; the proposal was not written"))
        os.rename(stage, out)
    finally:
        if os.path.lexists(stage):
            shutil.rmtree(stage)
    return report


def _bounded(budget, tunables: int, policies: tuple[str, ...]) -> None:
    """A run within experiments/cost.MAX_GAMES games of greedy's cost (a game of a dearer player counts
    as several), else one usage line."""
    from kitgen.simulate.experiments.cost import too_much

    refused = too_much(budget.most(tunables), policies)
    if refused:
        raise click.BadParameter(f"{budget.evaluations:,} evaluations of {budget.games:,} games, the check of each "
                                 f"of {tunables} tunables and 2 reports of {budget.report_games:,} are {refused}",
                                 param_hint="--evaluations")


def _players(text: str) -> int:
    """--players of tune: one count (simulate's reading of the flag, given_counts, and only one)."""
    from kitgen.model import MOST_PLAYERS  # here: kitgen -h imports no model

    try:
        counts = given_counts(text)
    except click.BadParameter:
        counts = ()
    if len(counts) != 1:
        raise click.BadParameter(f"{shown(text)}: one player count, from 1 to {MOST_PLAYERS}", param_hint="--players")
    return counts[0]


def _output(path: Path, game_folder: Path) -> Path:
    """The new folder: not there yet, not the game folder or inside it, in a folder that exists."""
    absolute, game = Path(os.path.abspath(path)), game_folder.resolve()
    if not str(absolute).encode("utf-8", "surrogateescape").decode("utf-8", "replace") == str(absolute):
        raise click.BadParameter(f"{shown_path(str(path))} is not UTF-8 text: TUNED.md and the command it gives name the "
                                 "new folder; give a name in UTF-8", param_hint="-o")
    resolved = absolute.parent.resolve() / absolute.name if absolute.parent.exists() else absolute
    if resolved == game or game in resolved.parents:
        raise click.BadParameter(f"{shown(str(path))} is the game's own folder or inside it: kitgen tune never "
                                 "edits the original; give a new folder beside it", param_hint="-o")
    if os.path.lexists(absolute):
        raise click.BadParameter(f"{shown(str(path))} exists: kitgen tune writes a new folder; give another name "
                                 "or move that one away", param_hint="-o")
    if not absolute.parent.is_dir():
        raise click.BadParameter(f"{shown(str(absolute.parent))} is not a folder", param_hint="-o")
    return absolute


def _copy_game(folder: Path, stage: Path) -> None:
    """The game folder copied whole into `stage`, a new empty folder (links as links, never followed;
    pipes and devices left out), within MAX_COPY_FILES and MAX_COPY_BYTES."""
    files = size = 0
    for here, dirs, names in os.walk(folder):
        dirs.sort()
        target = stage / Path(here).relative_to(folder)
        for name in sorted(dirs):
            source = Path(here) / name
            if source.is_symlink():
                os.symlink(os.readlink(source), target / name)
            else:
                os.mkdir(target / name)
        dirs[:] = [d for d in dirs if not (Path(here) / d).is_symlink()]
        for name in sorted(names):
            source = Path(here) / name
            info = source.lstat()
            files, size = files + 1, size + info.st_size
            if files > MAX_COPY_FILES or size > MAX_COPY_BYTES:
                raise KitgenError(error(Where(str(folder)), f"the game folder holds more than {MAX_COPY_FILES:,} files "
                                        f"or {MAX_COPY_BYTES >> 20:,} MiB; kitgen tune copies it whole"))
            if stat.S_ISLNK(info.st_mode):
                os.symlink(os.readlink(source), target / name)
            elif stat.S_ISREG(info.st_mode):
                shutil.copy2(source, target / name, follow_symlinks=False)


def _heard(as_json: bool, evaluations: int):
    show = not (as_json or quiet()) and sys.stderr.isatty()

    def heard(i: int, values: tuple[int, ...], gap: float) -> None:
        if show:
            echo(f"\r  candidate {i + 1}/{evaluations}: {list(values)}, {gap:.3f} from the target   ", nl=False,
                 err=True)
            if i + 1 == evaluations:
                echo("", err=True)
    return heard


def _rate(seat: dict) -> str:
    low, high = seat["ci95"]
    return f"{100 * seat['win_rate']:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"


def notes(report: dict, out: Path) -> str:
    """What changed and what the fresh games say, as TUNED.md and as kitgen tune prints it."""
    from kitgen.simulate.report.code import code_words

    budget, before, after = report["budget"], report["before"], report["after"]
    lines = [f"# {report['game']} tuned for {report['target']} at {report['players']} players", "",
             f"Searched by NTBEA: {budget['evaluations']} candidates of {budget['games']:,} games each "
             f"(seed {report['seed']}, policy {','.join(report['policies'])}; {code_words(report['code'])}).", "",
             "## Changes", ""]
    changed = [c for c in report["changes"] if c["from"] != c["to"]]
    lines += [f"- {c['tunable']}: {c['from']} -> {c['to']} ({c['where']})" for c in changed] or ["- none: the original is the best found"]
    lines += [f"- {line}" for line in report["reword"]]
    lines += ["", f"## Before and after: {budget['report_games']:,} fresh games each, the same seeds for both", "",
              f"kitgen simulate {out} --players {report['players']} --games {budget['report_games']} "
              f"--seed {report['report_seed']} --policy {','.join(report['policies'])}", ""]
    for b, a in zip(before["seats"]["seats"], after["seats"]["seats"], strict=True):
        lines.append(f"- seat {b['seat']}: {_rate(b)} -> {_rate(a)}")
    lines.append(f"- even share: {100 * before['seats']['even_share']:.1f}% -> {100 * after['seats']['even_share']:.1f}%")
    for name, row in after.get("factions", {}).get("factions", {}).items():
        lines.append(f"- {name}: {_rate(before['factions']['factions'].get(name, row))} -> {_rate(row)}")
    lines.append(f"- turns a game: {before['turns']['mean']} ({before['turns']['mean_ci95'][0]}-"
                 f"{before['turns']['mean_ci95'][1]}) -> {after['turns']['mean']} ({after['turns']['mean_ci95'][0]}-"
                 f"{after['turns']['mean_ci95'][1]})")
    lines.append(f"- distance from the target: {before['gap']} -> {after['gap']}")
    return "\n".join(lines) + "\n"
