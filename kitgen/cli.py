"""The kitgen command line: the only module that prints or exits.

Every failure the user can cause ends as `file:line: error: message` lines and exit 1, never a
traceback.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from kitgen import __version__
from kitgen.build import Options, build_game, check_kit
from kitgen.check import deck_stats
from kitgen.errors import KitgenError, Problem, sort_problems
from kitgen.export import export_json
from kitgen.load import load_game
from kitgen.project import Project
from kitgen.units import PAPER_SIZES


def _fail(exc: KitgenError) -> None:
    for problem in sort_problems(exc.problems):
        click.echo(str(problem), err=True)
    sys.exit(1)


@click.group()
@click.version_option(__version__, prog_name="kitgen")
def main() -> None:
    """Turn a card game written as data into a print-and-play kit."""


@main.command()
@click.argument("game", required=False)
@click.option("--all", "build_all", is_flag=True, help="Build every shipped game, one after another.")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Folder to write the kit into.")
@click.option("--paper", type=click.Choice(sorted(PAPER_SIZES)), default="letter", show_default=True)
@click.option("--templates", type=click.Path(path_type=Path, file_okay=False), help="Templates that override ours.")
def build(game: str | None, build_all: bool, output: Path | None, paper: str, templates: Path | None) -> None:
    """Build the kit of GAME (a name under data/ or a game folder), or of every game with --all."""
    project = Project.default()
    if build_all == bool(game):
        raise click.UsageError("give a GAME or --all, not both or neither")
    games = project.game_names() if build_all else [game]
    failed = 0
    for number, name in enumerate(games, start=1):
        if build_all:
            click.echo(f"[{number}/{len(games)}] {name} ...", err=True)
        out_dir = (output / name if build_all else output) if output else Path("output") / Path(name).name
        failed += not _build_one(project, name, out_dir, Options(paper=paper, templates=templates))
    if failed:
        sys.exit(1)


def _build_one(project: Project, game: str, out_dir: Path, options: Options) -> bool:
    try:
        report = build_game(project, game, out_dir, options)
    except KitgenError as exc:
        for problem in sort_problems(exc.problems):
            click.echo(str(problem), err=True)
        return False
    except KeyboardInterrupt:
        click.echo(f"{out_dir}: error: build interrupted; the previous kit is unchanged", err=True)
        sys.exit(130)
    for problem in sort_problems(report.warnings):
        click.echo(str(problem), err=True)
    cards = sum(card.copies for deck in report.game.decks for card in deck.cards)
    decks = len(report.game.decks)
    click.echo(f"Built {report.game.title}: {cards} cards in {decks} deck{'s' if decks != 1 else ''} -> {out_dir}/")
    for path in report.files:
        click.echo(f"  {path.name}")
    return True


@main.command()
@click.argument("game")
def validate(game: str) -> None:
    """Check GAME against the rules its data declares; print problems and the deck composition."""
    try:
        checked = check_kit(Project.default(), game)
    except KitgenError as exc:
        _fail(exc)
    for problem in sort_problems(checked.problems):
        click.echo(str(problem))
    _print_composition(checked.game)
    errors = sum(p.is_error for p in checked.problems)
    warnings = len(checked.problems) - errors
    click.echo(f"{checked.game.title}: {errors} errors, {warnings} warnings, {len(checked.game.errata)} errata applied")
    sys.exit(1 if errors else 0)


def _print_composition(game) -> None:
    abbreviations = [a.abbreviation or a.name[:3].upper() for a in game.attributes]
    for deck in game.decks:
        total = sum(card.copies for card in deck.cards)
        click.echo(f"\n{deck.name} ({deck.id}): {total} cards")
        click.echo(f"  {'type':<22}{'cards':>6}  " + " ".join(f"{a:>4}" for a in abbreviations))
        for stats in deck_stats(game, deck):
            points = " ".join(f"{stats.points[a.name]:>+4d}" for a in game.attributes)
            click.echo(f"  {stats.type:<22}{stats.cards:>6}  {points}")
    if game.errata:
        click.echo("\nErrata applied (printed in the rules summary):")
        for erratum in game.errata:
            click.echo(f"  {erratum.where}: {erratum.id}: {erratum.kit}")
    click.echo("")


@main.command(name="list")
def list_games() -> None:
    """List the shipped games."""
    project = Project.default()
    for name in project.game_names():
        try:
            game = load_game(project.data / name)
        except KitgenError as exc:
            click.echo(f"{name:<24} (does not load: {exc.problems[0]})")
            continue
        decks = ", ".join(f"{d.name} {sum(c.copies for c in d.cards)}" for d in game.decks)
        click.echo(f"{name:<24} {game.title}  ·  {game.players} players  ·  {decks}")


@main.command()
@click.argument("game")
@click.option("--format", "fmt", type=click.Choice(["json"]), default="json", show_default=True)
def export(game: str, fmt: str) -> None:
    """Print GAME's cards to stdout (JSON)."""
    project = Project.default()
    try:
        loaded = load_game(project.game_folder(game))
    except KitgenError as exc:
        _fail(exc)
    click.echo(json.dumps(export_json(loaded), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
