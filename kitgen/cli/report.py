"""Commands that read a game and report: validate, stats, list, art, schema."""
from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import click

from kitgen.cli.common import default_output, echo, echo_json, _fail, main, problem_json, quiet, use_game, verbose
from kitgen.errors import KitgenError, Where, collapse_repeats, error, sort_problems
from kitgen.project import Project, Resolved


def _read_as_the_lab(checked) -> None:
    """The game as `kitgen simulate` compiles it (a retired `simulate: {rules:}`):
    what it refuses is the same located error here as there."""
    if not any(p.is_error for p in checked.problems):
        from kitgen.simulate.play.games import plan_game

        plan_game(checked.game)


@main.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="Problems and composition as JSON, for tools.")
@click.option("--strict", is_flag=True, help="Warnings count as errors.")
def validate(game: str, as_json: bool, strict: bool) -> None:
    """Check GAME against the rules its data declares; print problems and the deck composition."""
    from kitgen.kit.build import check_documents, load_and_check, prepare_kit
    from kitgen.check.stats import stats_report
    from kitgen.kit.cache import BuildCache, kit_cache_folder

    project = Project.default()
    ref = use_game(project, game)
    # The cache of the kit `kitgen build GAME` makes by default: faces laid out from the same inputs
    # by a build or a validate are not laid out again (their notes say whether the text fits), and
    # the faces laid out here are added to it, removing nothing: the next validate or build reuses them.
    cache = BuildCache(kit_cache_folder(default_output(game)), prune=False)
    try:
        try:
            checked = load_and_check(project, ref)
            _read_as_the_lab(checked)
            if not any(p.is_error for p in checked.problems):  # broken data is not laid out
                prepared = prepare_kit(project, ref, checked, cache=cache, lazy_fonts=True)
                checked = dataclasses.replace(checked, problems=prepared.problems)  # with the faces' problems
                if verbose():
                    echo(f"kitgen: {prepared.laid_out} card faces laid out, the others as an earlier run laid them "
                         "out", err=True)
            if not any(p.is_error for p in checked.problems):  # document templates are checked too
                rendered = check_documents(project, checked.game, ref, cache)
                if verbose():
                    echo("kitgen: documents rendered" if rendered else
                         "kitgen: documents as an earlier run rendered them (same data and templates)", err=True)
        finally:
            cache.save({})  # what was laid out holds even when a later check fails
    except KitgenError as exc:
        if as_json:
            echo_json(json.dumps({"game": game, "ok": False, "problems": [problem_json(p) for p in exc.problems]}))
            sys.exit(1)
        _fail(exc)
    problems = sort_problems(checked.problems)
    errors = sum(p.is_error or strict for p in problems)
    if as_json:
        echo_json(json.dumps({"game": checked.game.id, "ok": not errors,
                              "problems": [problem_json(p) for p in problems],
                              "errata": [e.id for e in checked.game.errata],
                              "composition": stats_report(checked.game, {})["decks"]}, indent=2, ensure_ascii=False))
        sys.exit(1 if errors else 0)
    for line in collapse_repeats(problems, verbose() > 0):
        echo(line, err=True)  # diagnostics on stderr; the composition on stdout
    if not quiet():  # -q: only the problem lines
        _print_composition(checked.game)
        warnings = len(problems) - sum(p.is_error for p in problems)
        echo(f"{checked.game.title}: {sum(p.is_error for p in problems)} errors, {warnings} warnings, "
             f"{len(checked.game.errata)} errata applied" + (" (strict: warnings fail)" if strict else ""))
    sys.exit(1 if errors else 0)


@main.command()
@click.argument("game")
@click.option("--json", "as_json", is_flag=True, help="The figures as JSON, for scripts.")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False),
              help="The PDF page of charts (default output/GAME-stats.pdf).")
def stats(game: str, as_json: bool, output: Path | None) -> None:
    """Deck statistics: composition, attribute points, strength spread, draw odds, legibility."""
    from kitgen.kit.build import check_kit, text_sizes
    from kitgen.check.stats import stats_report

    project = Project.default()
    ref = use_game(project, game)
    checked = check_kit(project, ref)
    errors = [p for p in checked.problems if p.is_error]
    if errors:
        raise KitgenError(errors)
    report = stats_report(checked.game, text_sizes(checked))
    if as_json:
        echo_json(json.dumps(report, indent=2, ensure_ascii=False))
        return
    path = output or default_output(game, "-stats.pdf")
    path.parent.mkdir(parents=True, exist_ok=True)
    from kitgen.render.stats import render_stats  # charts: imported by the one command that draws them

    render_stats(report, path, {t.name: t.color for t in checked.game.card_types})
    _print_composition(checked.game)
    _print_stats(report)
    echo(f"\nCharts: {path}")


def _print_stats(report: dict) -> None:
    for deck in report["decks"]:
        echo(f"\n{deck['name']}: {deck['cards']} cards")
        echo("  chance of at least one card of the type in the first N draws")
        echo(f"  {'type':<22}{'cards':>6}   N =" + "".join(f"{n:>5}" for n in deck["draw_odds"]["draws"]))
        for row in deck["types"]:
            odds = "".join(f"{p:>5.0%}" for p in deck["draw_odds"]["types"][row["type"]])
            echo(f"  {row['type']:<22}{row['cards']:>6}      {odds}")
        spread = ", ".join(f"{value}: {count}" for value, count in deck["strength"].items())
        echo(f"  strength (sum of effects) -> cards: {spread}")
        for name, figures in deck.get("fields", {}).items():
            per_type = ", ".join(f"{kind} {total:g}" for kind, total in figures["per_type"].items())
            values = ", ".join(f"{value}: {count}" for value, count in figures["spread"].items())
            echo(f"  {name}: total {figures['total']:g} ({per_type}); value -> cards: {values}")
        sizes = deck["legibility"]
        if sizes:
            low = [s for s in sizes if s["below_minimum"]]
            shrunk = [s for s in sizes if s["size"] < sizes[-1]["size"]]
            echo(f"  text size after fitting: smallest {sizes[0]['size']:g} pt ({sizes[0]['card']}), "
                 f"largest {sizes[-1]['size']:g} pt; {len(shrunk)} card{'' if len(shrunk) == 1 else 's'} fitted smaller than the largest; "
                 f"{len(low)} with text below the minimum of {report['min_text_size']:g} pt")
            for item in low:
                echo(f"    {item['card']}: {item['smallest']:g} pt")


def _print_composition(game) -> None:
    from kitgen.check import deck_stats
    from kitgen.check.limits import describe_breaches

    abbreviations = [a.abbreviation or a.name[:3].upper() for a in game.attributes]
    for deck in game.decks:
        total = sum(card.copies for card in deck.cards)
        echo(f"\n{deck.name} ({deck.id}): {total} cards")
        echo(f"  {'type':<22}{'cards':>6}  " + " ".join(f"{a:>4}" for a in abbreviations))
        for stats in deck_stats(game, deck):
            points = " ".join(f"{stats.points[a.name]:>+4d}" for a in game.attributes)
            echo(f"  {stats.type:<22}{stats.cards:>6}  {points}")
            for label, chosen in stats.choices.items():  # alternatives: one row per answer, never summed
                points = " ".join(f"{chosen[a.name]:>+4d}" for a in game.attributes)
                echo(f"    {label[:20]:<26}  {points}")
            if stats.aimed:  # what the cards do to other players: not the holder's points
                points = " ".join(f"{stats.aimed[a.name]:>+4d}" for a in game.attributes)
                echo(f"    {'to other players':<26}  {points}")
    if game.limits:
        echo("\nLimits, checked against every starting position:")
        for limit in game.limits:
            breaches = describe_breaches(game, limit)
            settled = f"; settled by erratum {limit.erratum}" if limit.erratum else " (see the warning)"
            state = f"broken at the start: {breaches}{settled}" if breaches else "kept"
            echo(f"  {limit.where}: {limit.name} ({limit.check}): {state}")
    if game.errata:
        echo("\nErrata applied (printed in the rules summary):")
        for erratum in game.errata:
            echo(f"  {erratum.where}: {erratum.id}: {erratum.kit}")
    echo("")


@main.command(name="list")
@click.option("--json", "as_json", is_flag=True, help="The games as JSON, for scripts.")
def list_games(as_json: bool) -> None:
    """List the games: those in data/ under this folder, and those shipped with kitgen."""
    from kitgen.load import load_game

    project = Project.default()
    local = sorted(p.parent.name for p in Path("data").glob("*/game.yaml"))
    games: list[dict] = []
    for name in sorted(set(local) | set(project.game_names())):
        # data/NAME first, as GAME resolves; read as it is found, so a game.yaml that is a named pipe
        # or a link out is that game's one line, never the end of the listing
        resolved = Resolved(Path("data") / name, "data", False) if name in local else project.resolve(name)
        entry = {"name": name, "folder": None if resolved.read_only else str(resolved.folder),
                 "read_only": resolved.read_only}
        try:
            game = load_game(resolved.folder)
        except KitgenError as exc:
            echo(f"{exc.problems[0]}", err=True)
            games.append({**entry, "ok": False})
            continue
        decks = [{"id": d.id, "name": d.name, "cards": sum(c.copies for c in d.cards)} for d in game.decks]
        games.append({**entry, "ok": True, "title": game.title, "players": game.players, "decks": decks})
    if as_json:
        echo_json(json.dumps(games, indent=2, ensure_ascii=False))
    for listed in [] if as_json else games:
        if not listed["ok"]:
            echo(f"{listed['name']:<24} (does not load: see above)")
            continue
        counts = ", ".join(f"{d['name']} {d['cards']}" for d in listed["decks"])
        where = "shipped" if listed["read_only"] else listed["folder"]
        echo(f"{listed['name']:<24} {listed['title']}  ·  {listed['players']} players  ·  {counts}  ({where})")
    if not all(listed["ok"] for listed in games):
        sys.exit(1)  # a game here does not load: said above, and the exit says so too


@main.command(name="art")
@click.argument("game")
@click.option("--art", "art_dir", type=click.Path(path_type=Path, file_okay=False),
              help="Folder of card art named by card id (default: the game's art/ folder).")
@click.option("--suggest", is_flag=True,
              help="Propose an icon for each card from its name and text; write GAME/art/icon-suggestions.yaml.")
@click.option("--apply", "apply_", is_flag=True,
              help="With --suggest: also write each proposal into the deck files (icon: NAME) for cards without one.")
def art_list(game: str, art_dir: Path | None, suggest: bool, apply_: bool) -> None:
    """List every card, whether it has art, the file it would use, and the art box size; with
    --suggest, propose an icon for each card instead (written for review; with --apply, also
    onto each card that names no icon yet, in its deck file)."""
    from kitgen.kit.art import art_table

    project = Project.default()
    resolved = use_game(project, game)
    folder = resolved.folder
    if apply_ and not suggest:
        raise KitgenError(error(Where(game), "--apply writes the proposals of --suggest: give both"))
    if suggest:
        _suggest_icons(project, folder, apply_)
        return
    rows, box = art_table(project, resolved, art_dir)
    read_only = project.is_read_only(folder) and art_dir is None
    if read_only:  # never point the user into the installed package: name files from the game folder
        for row in rows:
            row["file"] = str(Path(row["file"]).resolve().relative_to(folder.resolve()))
    if box:
        echo(f"Art box: {box['w_mm']:.1f} x {box['h_mm']:.1f} mm ({box['fit']}); at 300 dpi "
             f"{box['w_px']} x {box['h_px']} px. Files: art/<card id>.png, .jpg, .jpeg or .webp\n")
    echo(f"{'deck':<10}{'card':<32}{'art':<5}file")
    for row in rows:
        echo(f"{row['deck']:<10}{row['card'][:31]:<32}{'yes' if row['has_art'] else 'no':<5}{row['file']}")
    with_art = sum(row["has_art"] for row in rows)
    echo(f"\n{with_art} of {len(rows)} cards have art.")
    refused = [p for row in rows for p in row["problems"]]  # files the build would refuse: it fails on them
    for problem in sort_problems(refused):
        echo(str(problem), err=True)
    if read_only:
        name = Path(game).name
        echo(f"{name} is shipped with kitgen and read-only. To add art, copy it out first:\n"
             f"  kitgen new my-{name} --from {name}   # then put the files in my-{name}/art/")
    if refused:
        sys.exit(1)


def _suggest_icons(project: Project, folder: Path, apply_: bool = False) -> None:
    """Write the proposals where the designer reviews them; with `apply_`, also onto the cards in the decks."""
    from kitgen.load import load_game
    from kitgen.load.icons import load_icons
    from kitgen.load.synonyms import load_synonyms
    from kitgen.desk.suggest import suggest, suggestions_yaml, write_suggestions

    # A KitgenError or a folder that cannot be written is one line on stderr: the group says it (cli/common.py).
    if project.is_read_only(folder):  # never write into the installed package
        name = folder.name
        raise KitgenError(error(Where(name), f"{name} is shipped with kitgen and read-only; copy it out first: "
                                f"kitgen new my-{name} --from {name}"))
    game = load_game(folder)
    dirs = project.template_dirs(folder)
    found = suggest([(deck.id, list(deck.cards)) for deck in game.decks], load_icons(dirs).names(),
                    load_synonyms(dirs, project.roots(folder)))
    path = folder / "art" / "icon-suggestions.yaml"
    write_suggestions(path, folder, suggestions_yaml(game.title, str(folder), found))
    echo(f"{'deck':<14}{'card':<32}{'icon':<28}{'score':>5}  alternatives")
    for s in found:
        echo(f"{s.deck[:13]:<14}{s.name[:31]:<32}{(s.icon or '-')[:27]:<28}{s.score:>5.2f}  "
             + ", ".join(s.alternatives))
    for deck in dict.fromkeys(s.deck for s in found):
        mine = [s for s in found if s.deck == deck]
        icons = {s.icon for s in mine if s.icon}
        echo(f"{deck}: {len(icons)} distinct icons proposed for {len(mine)} cards, "
             f"{sum(not s.icon for s in mine)} without a proposal")
    if not apply_:
        echo(f"Written: {path}  (review it, then copy `icon: NAME` onto the cards in decks/*.yaml)")
        return
    from kitgen.desk.suggest import apply_icons

    applied = apply_icons(game, folder, found)
    load_game(folder)  # what was written still reads (a KitgenError says where, were it not so)
    echo(f"Written: {path}; {len(applied)} proposals written into the deck files as `icon: NAME` "
         "(cards that named an icon, or live in a sheet, are left as they were)")


@main.command()
@click.option("--part", type=click.Choice(["game", "deck"]), default="game", show_default=True,
              help="game: the top-level files of a game folder; deck: the files in decks/.")
def schema(part: str) -> None:
    """Print the JSON Schema of the data format (editors use it to complete and check YAML)."""
    from kitgen.load.schema import json_schema

    echo_json(json.dumps(json_schema(part), indent=2, ensure_ascii=False))
