"""kitgen simulate: play the game from its data many times and report who wins, how, and which
cards decide it."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from kitgen.cli.common import echo, echo_json, main, quiet, use_game
from kitgen.errors import KitgenError, Where, error


@main.command()
@click.argument("game")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=1000, show_default=True, help="Games to play.")
@click.option("--players", type=click.IntRange(1, 12), default=4, show_default=True, help="Players a game.")
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), default=1, show_default=True,
              help="The same seed gives the same report, byte for byte.")
@click.option("--policy", "policies", default="greedy", show_default=True,
              help="random (any legal play) or greedy (the play that best helps its best victory path); "
                   "one for all seats, or one per seat separated by commas: greedy,random,random,random.")
@click.option("--workers", type=click.IntRange(0, 64), default=0, help="Processes (default: one per core).")
@click.option("--json", "as_json", is_flag=True, help="The report as JSON on stdout.")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write the report with charts to this PDF.")
def simulate(game: str, games: int, players: int, seed: int, policies: str, workers: int, as_json: bool,
             output: Path | None) -> None:
    """Play GAME many times from its data: win rate per faction and seat, victory paths, game length,
    the cards that swing games, and what the simulation covers."""
    from kitgen.check import check_game
    from kitgen.check.chains import check_chains
    from kitgen.load import load_game
    from kitgen.project import Project
    from kitgen.simulate.run import POLICIES, Settings, ranked_cards, simulate as run

    names = tuple(name.strip() for name in policies.split(","))
    unknown = [name for name in names if name not in POLICIES]
    if unknown or len(names) not in (1, players):
        raise click.BadParameter(f"give random or greedy, once or once per seat ({players})", param_hint="--policy")
    project = Project.default()
    folder = use_game(project, game).folder
    loaded = load_game(folder)
    errors = [p for p in check_game(loaded) + check_chains(loaded) if p.is_error]  # broken data would play a wrong game
    if errors:
        raise KitgenError(errors)
    if not loaded.victory_paths:
        raise KitgenError(error(loaded.where or Where(game), "the game declares no victory_paths to simulate"))
    progress = None if as_json or quiet() or not sys.stderr.isatty() else _progress
    try:
        report = run(loaded, Settings(games, players, seed, names, workers), progress)
    except RecursionError:  # a chain check_chains lets through (cards playing cards, no draws) still too deep
        raise KitgenError(error(loaded.where or Where(game), "cards play cards that play cards more than "
                                "the simulator can follow; shorten the chain")) from None
    if output:
        from kitgen.render.balance import render_balance
        from kitgen.render.fonts import font_files, register_fonts

        register_fonts(font_files(project.fonts, loaded.fonts, folder))
        output.parent.mkdir(parents=True, exist_ok=True)
        render_balance(report, ranked_cards(report), loaded.title, output)
    if as_json:
        echo_json(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        _print_report(report, ranked_cards(report))
    if output:
        echo(f"Charts: {output}", err=as_json)


def _progress(done: int, total: int) -> None:
    echo(f"\rplaying {done:,} of {total:,} games", nl=done == total, err=True)


def _print_report(report: dict, ranked: tuple[list, list]) -> None:
    games = report["games"]
    echo(f"{games:,} games, {report['players']} players, seed {report['seed']}")
    echo("\nWin rate per faction (95% interval):")
    for name, row in sorted(report["factions"].items(), key=lambda item: -item[1]["win_rate"]):
        low, high = row["ci95"]
        echo(f"  {name:<28}{row['win_rate']:>7.1%}   ({low:.1%}-{high:.1%}, {row['plays']:,} games)")
    echo("\nWin rate per seat:")
    for seat in report["seats"]:
        echo(f"  seat {seat['seat']:<3}{seat['win_rate']:>7.1%}")
    echo("\nVictories:")
    for name, count in report["victories"].items():
        echo(f"  {name:<28}{count / games:>7.1%}")
    echo(f"  {'no winner':<28}{report['no_winner'] / games:>7.1%}")
    turns = report["turns"]
    echo(f"\nGame length: {turns['mean']} turns on average ({turns['min']}-{turns['max']})")
    top, bottom = ranked
    for title, rows in (("Cards with the most lift", top), ("Cards with the least lift", bottom)):
        echo(f"\n{title}:")
        for row in rows:
            echo(f"  {row['name']:<32}{row['lift']:>+7.1%}   ({row['plays']:,} plays)")
    skipped = [c for c in report["coverage"] if c["status"] != "exact"]
    echo(f"\nCoverage: {len(report['coverage']) - len(skipped)} rules simulated exactly, "
               f"{len(skipped)} approximated or skipped" + (":" if skipped else ""))
    for item in skipped:
        echo(f"  {item['status']}: {item['rule']}: {item['note']}")
