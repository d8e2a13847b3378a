"""The kitgen command line: the only module that prints or exits.

Every failure the user can cause ends as `file:line: error: message` lines and exit 1, never a
traceback.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from kitgen import __version__
from kitgen.build import Options, build_game, check_kit, layout_documents, resolve_print, text_sizes
from kitgen.check.stats import stats_report
from kitgen.art import art_table
from kitgen.calibrate import Game_for_settings, write_calibration
from kitgen.check import deck_stats
from kitgen.errors import KitgenError, Problem, sort_problems
from kitgen.export import export_json
from kitgen.images import export_png, export_tts
from kitgen.interrupt import remembering_interrupts, was_interrupted
from kitgen.load import load_game
from kitgen.load.schema import json_schema
from kitgen.model import PrintSettings
from kitgen.new import new_game
from kitgen.project import Project
from kitgen.render.stats import render_stats
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
@click.option("--strict", is_flag=True, help="Warnings (e.g. text below the legibility minimum) fail the build.")
@click.option("--no-cache", is_flag=True, help="Lay out and draw everything again.")
@click.option("--art", "art_dir", type=click.Path(path_type=Path, file_okay=False),
              help="Folder of card art named by card id (default: the game's art/ folder).")
@click.option("--changed-since", metavar="REF",
              help="A git revision or a previous build (folder or build-manifest.json): also write "
                   "cards-changed.pdf with only the cards that changed, and changes.pdf listing them.")
def build(game: str | None, build_all: bool, output: Path | None, templates: Path | None, config: Path | None,
          strict: bool, no_cache: bool, changed_since: str | None, art_dir: Path | None, **settings) -> None:
    """Build the kit of GAME (a name under data/ or a game folder), or of every game with --all.

    Print options left out come from --config / kitgen.yaml, then the game's data, then kitgen's
    defaults (Letter, poker cards, long-edge duplex, 6.35 mm margins)."""
    project = Project.default()
    options = Options(PrintSettings(**settings), templates, config, changed_since, art_dir)
    if build_all == bool(game):
        raise click.UsageError("give a GAME or --all, not both or neither")
    games = project.game_names() if build_all else [game]
    failed = 0
    for number, name in enumerate(games, start=1):
        if build_all:
            click.echo(f"[{number}/{len(games)}] {name} ...", err=True)
        out_dir = (output / name if build_all else output) if output else Path("output") / Path(name).name
        failed += not _build_one(project, name, out_dir, options, strict, not no_cache)
    if failed:
        sys.exit(1)


def _build_one(project: Project, game: str, out_dir: Path, options: Options, strict: bool = False,
               use_cache: bool = True) -> bool:
    def progress(step: str) -> None:  # only where someone watches: a terminal, not a log
        if sys.stderr.isatty():
            click.echo(f"  ... {step}", err=True)

    try:
        with remembering_interrupts():
            report = build_game(project, game, out_dir, options, strict, use_cache, progress)
    except KitgenError as exc:
        for problem in sort_problems(exc.problems):
            click.echo(str(problem), err=True)
        return False
    except BaseException as exc:  # a Ctrl-C may reach us disguised: see kitgen.interrupt
        if not was_interrupted(exc):
            raise
        click.echo(f"{out_dir}: error: build interrupted; the previous kit is unchanged", err=True)
        sys.exit(130)
    for problem in sort_problems(report.warnings):
        click.echo(str(problem), err=True)
    cards = sum(card.copies for deck in report.game.decks for card in deck.cards)
    decks = len(report.game.decks)
    click.echo(f"Built {report.game.title}: {cards} cards in {decks} deck{'s' if decks != 1 else ''} -> {out_dir}/")
    for path in report.files:
        click.echo(f"  {path.name}{'' if path.name in report.rendered else '  (unchanged, from the cache)'}")
    click.echo(f"Laid out {report.laid_out} of {cards_in(report.game)} card faces; drew {len(report.rendered)} of "
               f"{len(report.files)} files.")
    return True


def cards_in(game) -> int:
    return sum(len(deck.cards) for deck in game.decks)


@main.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Problems and composition as JSON, for tools.")
@click.option("--strict", is_flag=True, help="Warnings count as errors.")
@click.option("--quiet", is_flag=True, help="Only the problem lines.")
def validate(game: str, as_json: bool, strict: bool, quiet: bool) -> None:
    """Check GAME against the rules its data declares; print problems and the deck composition."""
    project = Project.default()
    try:
        checked = check_kit(project, game)
        if not any(p.is_error for p in checked.problems):  # document templates are checked too
            layout_documents(project, checked.game, game, Options())
    except KitgenError as exc:
        if as_json:
            click.echo(json.dumps({"game": game, "ok": False, "problems": [_problem_json(p) for p in exc.problems]}))
            sys.exit(1)
        _fail(exc)
    problems = sort_problems(checked.problems)
    errors = sum(p.is_error or strict for p in problems)
    if as_json:
        click.echo(json.dumps({"game": checked.game.id, "ok": not errors,
                               "problems": [_problem_json(p) for p in problems],
                               "errata": [e.id for e in checked.game.errata],
                               "composition": stats_report(checked.game, {})["decks"]}, indent=2, ensure_ascii=False))
        sys.exit(1 if errors else 0)
    for problem in problems:
        click.echo(str(problem))
    if not quiet:
        _print_composition(checked.game)
        warnings = len(problems) - sum(p.is_error for p in problems)
        click.echo(f"{checked.game.title}: {sum(p.is_error for p in problems)} errors, {warnings} warnings, "
                   f"{len(checked.game.errata)} errata applied" + (" (strict: warnings fail)" if strict else ""))
    sys.exit(1 if errors else 0)


def _problem_json(problem: Problem) -> dict:
    return {"file": problem.where.file, "line": problem.where.line, "level": problem.level,
            "message": problem.message}


@main.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="The figures as JSON, for scripts.")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False),
              help="The PDF page of charts (default output/GAME-stats.pdf).")
def stats(game: str, as_json: bool, output: Path | None) -> None:
    """Deck statistics: composition, attribute points, strength spread, draw odds, legibility."""
    project = Project.default()
    try:
        checked = check_kit(project, game)
        errors = [p for p in checked.problems if p.is_error]
        if errors:
            raise KitgenError(errors)
        report = stats_report(checked.game, text_sizes(checked))
        if as_json:
            click.echo(json.dumps(report, indent=2, ensure_ascii=False))
            return
        path = output or Path("output") / f"{Path(game).name}-stats.pdf"
        path.parent.mkdir(parents=True, exist_ok=True)
        render_stats(report, path, {t.name: t.color for t in checked.game.card_types})
    except KitgenError as exc:
        _fail(exc)
    _print_composition(checked.game)
    _print_stats(report)
    click.echo(f"\nCharts: {path}")


def _print_stats(report: dict) -> None:
    for deck in report["decks"]:
        click.echo(f"\n{deck['name']}: {deck['cards']} cards")
        click.echo("  chance of at least one card of the type in the first N draws")
        click.echo(f"  {'type':<22}{'cards':>6}   N =" + "".join(f"{n:>5}" for n in deck["draw_odds"]["draws"]))
        for row in deck["types"]:
            odds = "".join(f"{p:>5.0%}" for p in deck["draw_odds"]["types"][row["type"]])
            click.echo(f"  {row['type']:<22}{row['cards']:>6}      {odds}")
        spread = ", ".join(f"{value}: {count}" for value, count in deck["strength"].items())
        click.echo(f"  strength (sum of effects) -> cards: {spread}")
        sizes = deck["legibility"]
        if sizes:
            low = [s for s in sizes if s["below_minimum"]]
            click.echo(f"  text size after fitting: smallest {sizes[0]['size']:g} pt ({sizes[0]['card']}), "
                       f"largest {sizes[-1]['size']:g} pt; {len(low)} below the minimum of {report['min_text_size']:g} pt")
            for item in low:
                click.echo(f"    {item['card']}: {item['size']:g} pt")


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


@main.command()
@click.argument("game")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Folder to write the kit into.")
@click.option("--interval", type=click.FloatRange(0.1, 60), default=0.5, show_default=True, help="Seconds between checks.")
@click.option("--max-builds", type=click.IntRange(1), hidden=True, help="Stop after this many builds (for tests).")
def watch(game: str, output: Path | None, interval: float, max_builds: int | None) -> None:
    """Rebuild GAME on every save (data or templates) and print the validation result. Ctrl-C stops."""
    project = Project.default()
    try:
        folder = project.game_folder(game)
    except KitgenError as exc:
        _fail(exc)
    out_dir = output or Path("output") / Path(game).name
    watched = [folder, project.templates]
    click.echo(f"Watching {folder} and {project.templates}; Ctrl-C to stop.", err=True)
    builds, seen = 0, None
    try:
        while max_builds is None or builds < max_builds:
            stamp = _stamp(watched)
            if stamp != seen:
                seen = stamp
                builds += 1
                click.echo(f"--- build {builds} ({time.strftime('%H:%M:%S')})", err=True)
                ok = _build_one(project, game, out_dir, Options())
                click.echo("OK: valid and built." if ok else "FAILED: see above; the previous kit is unchanged.",
                           err=True)
            time.sleep(interval)
    except KeyboardInterrupt:
        click.echo("Stopped watching.", err=True)


def _stamp(folders: list[Path]) -> tuple:
    """What the watched files look like now: names, sizes and modification times."""
    return tuple(sorted((str(p), p.stat().st_mtime_ns, p.stat().st_size)
                        for folder in folders for p in folder.rglob("*") if p.is_file()))


@main.command()
@click.argument("name")
@click.option("--in", "parent", type=click.Path(path_type=Path, file_okay=False), default=Path("."),
              show_default=True, help="Folder to create the game in.")
def new(name: str, parent: Path) -> None:
    """Create a small game folder NAME that validates and builds at once."""
    project = Project.default()
    try:
        folder = new_game(name, parent, project.templates, project.data / "schema")
    except KitgenError as exc:
        _fail(exc)
    click.echo(f"Created {folder}/ (game.yaml, rules.yaml, decks/main.yaml, art/, templates/).")
    click.echo(f"Next: kitgen validate {folder} && kitgen build {folder}")


@main.command(name="art")
@click.argument("game")
@click.option("--art", "art_dir", type=click.Path(path_type=Path, file_okay=False),
              help="Folder of card art named by card id (default: the game's art/ folder).")
def art_list(game: str, art_dir: Path | None) -> None:
    """List every card, whether it has art, the file it would use, and the art box size."""
    project = Project.default()
    try:
        rows, box = art_table(project, game, art_dir)
    except KitgenError as exc:
        _fail(exc)
    if box:
        click.echo(f"Art box: {box['w_mm']:.1f} x {box['h_mm']:.1f} mm ({box['fit']}); at 300 dpi "
                   f"{box['w_px']} x {box['h_px']} px. Files: art/<card id>.png, .jpg, .jpeg or .webp\n")
    click.echo(f"{'deck':<10}{'card':<32}{'art':<5}file")
    for row in rows:
        click.echo(f"{row['deck']:<10}{row['card'][:31]:<32}{'yes' if row['has_art'] else 'no':<5}{row['file']}")
    with_art = sum(row["has_art"] for row in rows)
    click.echo(f"\n{with_art} of {len(rows)} cards have art.")


@main.command()
@click.option("--part", type=click.Choice(["game", "deck"]), default="game", show_default=True,
              help="game: the top-level files of a game folder; deck: the files in decks/.")
def schema(part: str) -> None:
    """Print the JSON Schema of the data format (editors use it to complete and check YAML)."""
    click.echo(json.dumps(json_schema(part), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
