"""Commands that write other files: export (JSON, PNG, Tabletop Simulator), calibrate, new, convert.

Each command imports what it needs when it runs: `kitgen --help` must not pay for the pipeline."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from kitgen.cli.common import default_output, echo, echo_json, LengthMM, main, print_options, use_game, verbose
from kitgen.cli.flags import Amount, Count
from kitgen.cli.kit import _Progress
from kitgen.errors import KitgenError, Where, collapse_repeats, did_you_mean, error, printable, sort_problems
from kitgen.project import Project
from kitgen.exports.shops import TARGETS, custom_target
from kitgen.units import CardSize, Length


@main.command()
@click.argument("game")
@click.option("--format", "fmt", type=click.Choice(["json", "png", "tts"]),
              help="json (default; png with --target): cards to stdout; png: one image per face and back; "
                   "tts: Tabletop Simulator saved objects.")
@click.option("--target", type=click.Choice(sorted(TARGETS)),
              help="png for a print shop: " + "; ".join(f"{t.name}: {t.title}" for t in TARGETS.values()) + ".")
@click.option("--dpi", type=Amount(50, 1200), help="For --format png (default 300, or the target's).")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Folder for png/tts (default output/GAME-FORMAT).")
@click.option("--bleed", type=LengthMM("bleed"), help="Background past the trim, mm (png; e.g. 3.175 for 1/8 in).")
@click.option("--card-size", help="poker, bridge, mini, tarot, square or WxH.")
@click.option("--base-url", help="tts: where you host the images (FaceURL/BackURL = URL/FILE); default file:/// paths.")
@click.option("--install", is_flag=True, help="tts: also copy the saved objects into Tabletop Simulator's Saved Objects.")
@click.option("--tts-dir", type=click.Path(path_type=Path, file_okay=False),
              help="tts: the Saved Objects folder to install into (implies --install), if TTS's menu moved it.")
@click.option("--per-copy/--per-card", "per_copy", default=None,
              help="png: one file per printed copy, numbered in upload order (default for mpc and dtc).")
@click.option("--sheet-size", type=Count(200, 4096), default=4096, show_default=True,
              help="tts: largest sheet side in pixels (smaller sheets load faster in TTS).")
@click.option("--card", "cards", multiple=True, help="png: only this card (name or id; repeat for more).")
@click.option("--force", is_flag=True, help="tts --install: replace saved objects of the same name that are not "
                                            "what the last export installed.")
def export(game: str, fmt: str, target: str | None, dpi: float | None, output: Path | None, bleed: Length | None,
           card_size: str | None, base_url: str | None, install: bool, tts_dir: Path | None, per_copy: bool | None,
           sheet_size: int, cards: tuple[str, ...], force: bool) -> None:
    """Export GAME's cards: JSON on stdout, or images for print shops and virtual tabletops."""
    fmt = fmt or ("png" if target else "json")
    if target and fmt != "png":
        raise click.UsageError("--target is for --format png")
    tts_only = [flag for flag, given in (("--base-url", base_url is not None), ("--install", install),
                                         ("--tts-dir", tts_dir is not None), ("--force", force)) if given]
    if tts_only and fmt != "tts":  # a flag that would be ignored: the user meant something else
        raise click.UsageError(f"{', '.join(tts_only)} {'is' if len(tts_only) == 1 else 'are'} for --format tts")
    if force and not (install or tts_dir):  # --tts-dir DIR installs there: --force goes with it too
        raise click.UsageError("--force is for --install (or --tts-dir)")
    from kitgen.kit.build import Options
    from kitgen.exports.data import export_json
    from kitgen.exports.images import export_png, export_tts
    from kitgen.load import load_game
    from kitgen.model import PrintSettings

    project = Project.default()
    progress = _Progress() if sys.stderr.isatty() else None  # as build: only where someone watches
    ref = use_game(project, game)
    if fmt == "json":
        loaded = load_game(ref.folder)
        echo_json(json.dumps(export_json(loaded), indent=2, ensure_ascii=False))
        return
    out_dir = output or default_output(game, f"-{target or fmt}")
    if fmt == "png":
        preset = TARGETS[target] if target else None
        bleed = bleed if bleed is not None else (Length(preset.bleed) if preset else None)
        options = Options(PrintSettings(bleed=bleed, card_size=CardSize(card_size) if card_size else None))
        result = export_png(project, ref, out_dir, options, preset or custom_target(300), dpi, cards, progress,
                            per_copy)
    else:
        size = CardSize(card_size) if card_size else None
        options = Options(PrintSettings(bleed=Length(0.0), card_size=size))  # TTS shows the trim
        result = export_tts(project, ref, out_dir, options, base_url, install, sheet_size, progress, force, tts_dir)
    for line in collapse_repeats(sort_problems(result.warnings), verbose() > 0):
        echo(line, err=True)
    echo(f"Exported {len(result.files)} files -> {out_dir}/")
    for path in result.installed:
        echo(f"  installed {path}")


@main.command()
@print_options
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), default=Path("calibrate.pdf"),
              show_default=True)
@click.option("--config", type=click.Path(path_type=Path, dir_okay=False))
def calibrate(output: Path, config: Path | None, **settings) -> None:
    """Write a one-sheet duplex test: print it double-sided, hold it to the light, read the offset."""
    from kitgen.kit.build import Options, resolve_print
    from kitgen.desk.calibrate import HOW, no_game, write_calibration
    from kitgen.model import PrintSettings

    spec, _ = resolve_print(no_game(), Options(PrintSettings(**settings), config=config))
    folder = next((p for p in [output.parent, *output.parent.parents] if p.exists()), None)
    if folder is not None and not folder.is_dir():
        raise KitgenError(error(Where(str(folder)), "is a file, not a folder: -o names the PDF inside a folder"))
    output.parent.mkdir(parents=True, exist_ok=True)  # as build -o: a folder not there yet is made
    write_calibration(output, spec, Project.default().fonts)
    echo(f"Wrote {output}: print {HOW[spec.duplex]}, at 100%; then follow the steps on it.")
    if verbose():
        from platformdirs import user_config_dir

        echo(f"Put the offset you read in {Path(user_config_dir('kitgen')) / 'kitgen.yaml'} "
             "(print: back_offset: \"X,Y\"): every build on this computer then uses it.", err=True)


@main.command()
@click.argument("name")
@click.option("--in", "parent", type=click.Path(path_type=Path, file_okay=False), default=Path("."),
              show_default=True, help="Folder to create the game in.")
@click.option("--from", "source", metavar="GAME", help="Copy this game (e.g. a shipped one) instead of the starter.")
@click.option("--starter", "kind", metavar="KIND", help="The kind of game to start from: civ (the default), tcg, "
                                                        "classic (an unknown KIND lists them).")
def new(name: str, parent: Path, source: str | None, kind: str | None) -> None:
    """Create a small game folder NAME that validates and builds at once (or a copy of GAME to edit)."""
    from kitgen.desk.new import DEFAULT_STARTER, copy_game, new_game, starter_kinds

    project = Project.default()
    kinds = starter_kinds(project.templates)
    if kind is not None and kind not in kinds:
        shown = printable(kind[:100])
        raise click.UsageError(f"--starter: unknown kind '{shown}'; the kinds are {', '.join(kinds)}"
                               + did_you_mean(kind[:100], kinds))
    if source and kind:
        raise click.UsageError("--from and --starter: give one (a copy of a game, or a starter)")
    if source:
        folder = copy_game(use_game(project, source).folder, name, parent, project.data / "schema")
    else:
        folder = new_game(name, parent, project.templates, project.data / "schema", kind or DEFAULT_STARTER)
    made = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.*") if p.parent.name != "schema")
    what = f"a copy of {source}" if source else f"{kind or DEFAULT_STARTER} starter: {', '.join(made)}"
    echo(f"Created {folder}/ ({what}).")
    echo(f"Next: kitgen validate {folder} && kitgen build {folder}")
    # Where the shipped card templates and looks are, wherever pip put kitgen: a file copied from
    # there into the game's templates/ (or one that extends it) changes the game's cards.
    echo(f"kitgen's own templates, to copy into {folder / 'templates'}/ and edit: {project.templates.resolve()}")


@main.command()
@click.argument("deck_file", type=click.Path(path_type=Path, dir_okay=False, exists=True))
@click.option("--to", "fmt", type=click.Choice(["csv", "xlsx", "yaml"]), required=True,
              help="csv/xlsx: write the cards to a sheet beside the deck file; yaml: back into the deck file.")
@click.option("--force", is_flag=True, help="Overwrite a sheet of that name that is already there.")
def convert(deck_file: Path, fmt: str, force: bool) -> None:
    """Move a deck's cards between its YAML file and a spreadsheet, without loss.

    The deck file keeps its other keys and comments; its `cards:` then names the sheet
    (`cards: main.csv`), or lists the cards again with --to yaml. Comments among the cards go
    along (a sheet keeps them as rows starting with '#'); the sheet the cards leave is removed."""
    from kitgen.load.convert import convert_deck

    written, sheet = convert_deck(deck_file, fmt, force)
    if fmt == "yaml":  # cards already in the file: written again as they were, and no sheet to speak of
        echo(f"Wrote the cards into {deck_file}" + (f"; the sheet it named ({sheet}) is removed." if sheet else "."))
    else:
        echo(f"Wrote {written}; {deck_file} now says `cards: {written.name}`.")
