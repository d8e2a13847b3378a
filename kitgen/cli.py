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
from kitgen.build import Options, build_game, check_kit, resolve_print
from kitgen.calibrate import Game_for_settings, write_calibration
from kitgen.images import export_png, export_tts
from kitgen.check import deck_stats
from kitgen.errors import KitgenError, Problem, sort_problems
from kitgen.export import export_json
from kitgen.load import load_game
from kitgen.project import Project
from kitgen.model import PrintSettings
from kitgen.units import CARD_SIZES, MM, Length, parse_length


class LengthMM(click.ParamType):
    """A length on the command line: a bare number is millimetres, or give a unit (0.125in)."""

    name = "MM"

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            return value
        try:
            return Length(float(value) * MM) if _is_number(value) else Length(parse_length(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def print_options(command):
    """The print settings, shared by build and calibrate. None means: not given here."""
    for option in reversed([
        click.option("--paper", help="letter, a4 or WxH with a unit (e.g. 210x297mm)."),
        click.option("--card-size", help=f"{', '.join(CARD_SIZES)} or WxH with a unit (e.g. 63x88mm)."),
        click.option("--margin", type=LengthMM(), help="Unprintable edge to keep clear, mm (default 6.35)."),
        click.option("--gap", type=LengthMM(), help="Space between cards, mm (default 0: butted cards)."),
        click.option("--bleed", type=LengthMM(), help="Background past the trim, mm (e.g. 3.175)."),
        click.option("--duplex", type=click.Choice(["long-edge", "short-edge", "off"]),
                     help="How backs are placed; off writes them to their own PDF."),
        click.option("--back-offset", help="X,Y in mm to move the backs, from `kitgen calibrate`."),
        click.option("--layout", type=click.Choice(["grid", "gutterfold", "single"]),
                     help="gutterfold: fold, no duplex; single: one card a page with trim/bleed boxes (print shops)."),
        click.option("--ink-saver/--no-ink-saver", default=None, help="Outlines instead of filled backgrounds."),
    ]):
        command = option(command)
    return command


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
@print_options
@click.option("--templates", type=click.Path(path_type=Path, file_okay=False), help="Templates that override ours.")
@click.option("--config", type=click.Path(path_type=Path, dir_okay=False),
              help="Print settings file (default: kitgen.yaml in this folder, if there is one).")
def build(game: str | None, build_all: bool, output: Path | None, templates: Path | None, config: Path | None,
          **settings) -> None:
    """Build the kit of GAME (a name under data/ or a game folder), or of every game with --all.

    Print options left out come from --config / kitgen.yaml, then the game's data, then kitgen's
    defaults (Letter, poker cards, long-edge duplex, 6.35 mm margins)."""
    project = Project.default()
    options = Options(PrintSettings(**settings), templates, config)
    if build_all == bool(game):
        raise click.UsageError("give a GAME or --all, not both or neither")
    games = project.game_names() if build_all else [game]
    failed = 0
    for number, name in enumerate(games, start=1):
        if build_all:
            click.echo(f"[{number}/{len(games)}] {name} ...", err=True)
        out_dir = (output / name if build_all else output) if output else Path("output") / Path(name).name
        failed += not _build_one(project, name, out_dir, options)
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
@click.option("--format", "fmt", type=click.Choice(["json", "png", "tts"]), default="json", show_default=True,
              help="json: cards to stdout; png: one image per face and back; tts: Tabletop Simulator deck sheets.")
@click.option("--dpi", type=click.FloatRange(50, 1200), default=300, show_default=True, help="For --format png.")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Folder for png/tts (default output/GAME-FORMAT).")
@click.option("--bleed", type=LengthMM(), help="Background past the trim, mm (png; e.g. 3.175 for 1/8 in).")
@click.option("--card-size", help="poker, bridge, mini, tarot, square or WxH.")
def export(game: str, fmt: str, dpi: float, output: Path | None, bleed: float | None, card_size: str | None) -> None:
    """Export GAME's cards: JSON on stdout, or images for print shops and virtual tabletops."""
    project = Project.default()
    try:
        if fmt == "json":
            loaded = load_game(project.game_folder(game))
            click.echo(json.dumps(export_json(loaded), indent=2, ensure_ascii=False))
            return
        out_dir = output or Path("output") / f"{Path(game).name}-{fmt}"
        options = Options(PrintSettings(bleed=bleed, card_size=card_size))
        if fmt == "png":
            files = export_png(project, game, out_dir, dpi, options)
        else:
            files = export_tts(project, game, out_dir, options)
    except KitgenError as exc:
        _fail(exc)
    click.echo(f"Exported {len(files)} files -> {out_dir}/")


@main.command()
@print_options
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), default=Path("calibrate.pdf"),
              show_default=True)
@click.option("--config", type=click.Path(path_type=Path, dir_okay=False))
def calibrate(output: Path, config: Path | None, **settings) -> None:
    """Write a one-sheet duplex test: print it double-sided, hold it to the light, read the offset."""
    try:
        spec, _ = resolve_print(Game_for_settings(), Options(PrintSettings(**settings), config=config))
        write_calibration(output, spec, Project.default().fonts)
    except KitgenError as exc:
        _fail(exc)
    click.echo(f"Wrote {output}: print it double-sided ({spec.duplex}) at 100%, then follow the steps on it.")


if __name__ == "__main__":
    main()
