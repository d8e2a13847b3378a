"""Commands that make kits: build (one game or all) and watch (build on every save)."""
from __future__ import annotations

import json
import signal
import sys
import time
from collections.abc import Set
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import click

from kitgen.cli.common import (default_output, describe_os_error, echo, echo_json, _fail, internal_error_line, main,
                               print_options, print_traceback, problem_json, quiet, use_game, verbose)
from kitgen.cli.flags import Amount, Count
from kitgen.errors import KitgenError, Where, collapse_repeats, error, sort_problems
from kitgen.project import Project, Resolved

if TYPE_CHECKING:  # imported where used: `kitgen --help` starts without the build's modules
    from kitgen.kit.build import Options


@main.command()
@click.argument("game", required=False)
@click.option("--all", "build_all", is_flag=True, help="Build every shipped game, one after another.")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Folder to write the kit into.")
@print_options
@click.option("--templates", type=click.Path(path_type=Path, file_okay=False, exists=True),
              help="Templates that override ours.")
@click.option("--config", type=click.Path(path_type=Path, dir_okay=False),
              help="Print settings file (default: kitgen.yaml in this folder, if there is one).")
@click.option("--strict", is_flag=True, help="Warnings (e.g. text below the legibility minimum) fail the build.")
@click.option("--no-cache", is_flag=True, help="Lay out and draw everything again.")
@click.option("--art", "art_dir", type=click.Path(path_type=Path, file_okay=False),
              help="Folder of card art named by card id (default: the game's art/ folder).")
@click.option("--changed-since", metavar="REF",
              help="A git revision or a previous build (folder or build-manifest.json): also write "
                   "cards-changed.pdf with only the cards that changed, and changes.pdf listing them.")
@click.option("--json", "as_json", is_flag=True, help="What was built as JSON on stdout (problems stay on stderr).")
def build(game: str | None, build_all: bool, output: Path | None, templates: Path | None, config: Path | None,
          strict: bool, no_cache: bool, changed_since: str | None, art_dir: Path | None, as_json: bool,
          **settings) -> None:
    """Build the kit of GAME (a name under data/ or a game folder), or of every game with --all.

    Print options left out come from --config / kitgen.yaml, then the game's data, then kitgen's
    defaults (Letter, poker cards, long-edge duplex, 6.35 mm margins)."""
    project = Project.default()
    options = partial(_options, settings, templates, config, changed_since, art_dir)  # made once imports are in
    if build_all == bool(game):
        raise click.UsageError("give a GAME or --all, not both or neither")
    games = [game] if game else project.game_names()  # one of the two, as checked above
    failed, built = 0, []
    for number, name in enumerate(games, start=1):
        if build_all and not quiet():
            echo(f"[{number}/{len(games)}] {name} ...", err=True)
        out_dir = (output / name if build_all else output) if output else default_output(name)
        sink: list[dict] | None = [] if as_json else None
        try:
            ok = _build_one(project, use_game(project, name), out_dir, options, strict, not no_cache, sink)
        except KeyboardInterrupt:  # a Ctrl-C before _build_one watches for it: nothing is written yet
            echo(f"{out_dir}: error: {interrupted_message()}", err=True)
            sys.exit(130)
        failed += not ok
        built += sink or [{"game": name, "ok": False, "output": str(out_dir)}] if as_json else []
    if as_json:
        echo_json(json.dumps(built if build_all else built[0], indent=2, ensure_ascii=False))
    if failed:
        sys.exit(1)


def _options(settings: dict, *rest) -> Options:
    from kitgen.kit.build import Options
    from kitgen.model import PrintSettings

    return Options(PrintSettings(**settings), *rest)


def _build_one(project: Project, game: Resolved, out_dir: Path, options, strict: bool = False,
               use_cache: bool = True, sink: list | None = None) -> bool:
    """Build one kit and say so; with `sink` (--json) the summary goes there instead of stdout.
    `options`: the Options, or a function making them (the pipeline is imported where a Ctrl-C is caught)."""
    from kitgen.kit.interrupt import remembering_interrupts, was_interrupted

    progress = _Progress() if sys.stderr.isatty() and not quiet() else None  # only where someone watches: a terminal, not a log

    try:
        with remembering_interrupts():
            from kitgen.kit.build import build_game  # imported lazily: --help must not pay for it

            options = options() if callable(options) else options
            report = build_game(project, game, out_dir, options, strict, use_cache, progress)
    except KitgenError as exc:
        for problem in sort_problems(exc.problems):
            echo(str(problem), err=True)
        return False
    except BaseException as exc:  # a Ctrl-C may reach us disguised: see kitgen.kit.interrupt
        if not was_interrupted(exc):
            raise
        echo(f"{out_dir}: error: {interrupted_message()}", err=True)
        sys.exit(130)
    for line in collapse_repeats(sort_problems(report.warnings), verbose() > 0):
        echo(line, err=True)
    if report.sheet_note and sink is None and not quiet():
        echo(report.sheet_note, err=True)
    cards = sum(card.copies for deck in report.game.decks for card in deck.cards)
    decks = len(report.game.decks)
    if sink is not None:
        sink.append(_summary(report, out_dir, cards))
        return True
    echo(f"Built {report.game.title}: {cards} cards in {decks} deck{'s' if decks != 1 else ''} -> {out_dir}/")
    if quiet():
        return True
    for path in report.files:
        echo(f"  {path.name}{'' if path.name in report.rendered else '  (unchanged, from the cache)'}")
    echo(f"Laid out {report.laid_out} of {cards_in(report.game)} card faces; drew {len(report.rendered)} of "
         f"{len(report.files)} files.")
    if verbose():
        for note in report.cache_notes:
            echo(note, err=True)
    return True


def _summary(report, out_dir: Path, cards: int) -> dict:
    return {"game": report.game.id, "title": report.game.title, "ok": True, "output": str(out_dir),
            "cards": cards, "decks": [{"id": d.id, "name": d.name, "cards": sum(c.copies for c in d.cards)}
                                      for d in report.game.decks],
            "files": [{"name": p.name, "drawn": p.name in report.rendered} for p in report.files],
            "laid_out": report.laid_out, "card_faces": cards_in(report.game),
            "warnings": [problem_json(w) for w in sort_problems(report.warnings)],
            "notes": [report.sheet_note] if report.sheet_note else []}


def interrupted_message() -> str:
    """What an interrupted build left: said from what happened, not assumed."""
    from kitgen.kit.interrupt import kit_replaced

    if kit_replaced():
        return ("build interrupted after the new kit was in place; the new kit is complete "
                "(only the build cache was not saved)")
    return "build interrupted; the previous kit is unchanged"


class _Progress:
    """One line per step on the terminal; a file being drawn counts its pages on one line, redrawn
    at most ten times a second."""

    def __init__(self):
        self.shown = 0.0

    def __call__(self, step: str, done: int | None = None, total: int | None = None) -> None:
        if total is None or done is None:
            echo(f"  ... {step}", err=True)
            return
        finished = done >= total
        if finished or time.monotonic() - self.shown >= 0.1:
            self.shown = time.monotonic()
            pages = f": page {done} of {total}" if total > 1 else ""
            echo(f"\r  ... {step}{pages}" + ("\n" if finished else ""), nl=False, err=True, keep="\r\n")


def cards_in(game) -> int:
    return sum(len(deck.cards) for deck in game.decks)


@main.command()
@click.argument("game")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Folder to write the kit into.")
@click.option("--interval", type=Amount(0.01, 60), default=0.05, show_default=True,
              help="Seconds a burst of saves must settle before the rebuild.")
@click.option("--max-builds", type=Count(1), hidden=True, help="Stop after this many builds (for tests).")
def watch(game: str, output: Path | None, interval: float, max_builds: int | None) -> None:
    """Rebuild GAME on every save (data or templates) and print the validation result. Ctrl-C stops."""
    from kitgen.kit.build import Options
    from kitgen.kit.cache import kit_cache_folder
    from kitgen.kit.staging import check_output
    from kitgen.desk.watch import Changes, describe

    project = Project.default()
    resolved = use_game(project, game)
    folder = resolved.folder
    out_dir = output or default_output(game)
    check_output(out_dir, folder)  # every build would be refused alike: said once, before watching
    watched = [folder, project.templates, project.fonts]  # a font replaced in place is drawn with at once
    echo(f"Watching {folder} and {project.templates}; Ctrl-C to stop.", err=True)
    builds = 0

    def rebuild(changed: Set[str] = frozenset()) -> None:
        nonlocal builds
        builds += 1
        why = f": {describe(changed, watched)} changed" if changed else ""  # what set it off
        echo(f"--- build {builds} ({time.strftime('%H:%M:%S')}){why}", err=True)
        start = time.perf_counter()
        ok = _build_one(project, resolved, out_dir, Options())
        took = f" ({time.perf_counter() - start:.2f} s)"  # the designer sees what an edit costs
        verdict = "OK: valid and built." if ok else "FAILED: see above; the previous kit is unchanged."
        echo(verdict + took, err=True)

    # watching before the first build; what the build writes (the kit may be inside the game
    # folder: `kitgen watch .`) and its cache are not changes
    watcher = Changes(watched, settle=interval, written=[out_dir, kit_cache_folder(out_dir)])
    try:
        rebuild()
        for changed in watcher:
            if max_builds is not None and builds >= max_builds:
                break
            rebuild(changed)
            if max_builds is not None and builds >= max_builds:
                break
    except KeyboardInterrupt:
        pass
    watcher.stop()
    echo("Stopped watching.", err=True)


@main.command()
@click.argument("game")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; the default lets only this computer in (any other address opens "
                   "the preview to the network, with a warning).")
@click.option("--port", type=Count(0, 65535), default=8000, show_default=True, help="0: any free port.")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser.")
@click.option("--max-seconds", type=Amount(0), hidden=True, help="Stop after this long (for tests).")
@click.option("--request-seconds", type=Amount(0.05, 600), default=10.0, hidden=True,
              help="How long a client may take over each read or write (slow clients; short in tests).")
@click.option("--max-connections", type=Count(1, 1000), default=32, hidden=True,
              help="Connections served at once; one more is answered 503.")
def serve(game: str, host: str, port: int, open_browser: bool, max_seconds: float | None, request_seconds: float,
          max_connections: int) -> None:
    """A live preview of GAME in the browser: every card, the problems, the composition and
    charts, the documents; it follows every save. Ctrl-C stops."""
    import threading

    from kitgen.desk.preview import Preview
    from kitgen.desk.serve import Limits, exposed, start_server
    from kitgen.desk.watch import Changes, describe

    project = Project.default()
    folder = use_game(project, game).folder
    preview = Preview(project, str(folder))
    watched = [folder, project.templates, project.fonts]
    watcher = Changes(watched, written=preview.written)
    if max_seconds:
        timer = threading.Timer(max_seconds, watcher.stop)
        timer.daemon = True
        timer.start()
    try:
        server = start_server(preview, host, port, Limits(request_seconds, max_connections))
    except OSError as exc:
        watcher.stop()
        preview.close()  # its scratch folder goes with it
        _fail(KitgenError(error(Where(f"{host}:{port}"), f"cannot listen: {exc.strerror}; try --port 0")))
    url = f"http://{host if ':' not in host else f'[{host}]'}:{server.server_address[1]}/"
    echo(f"Serving {folder} at {url} ; Ctrl-C to stop.", err=True)
    if exposed(host):
        echo(f"kitgen: warning: --host {host}: the preview is open to the network: anyone who can reach this "
             "computer can see the game's cards, documents and problems (the default, 127.0.0.1, lets only this "
             "computer in)", err=True)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    # a terminated server, or one whose terminal window was closed, still removes its scratch folder
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):  # Windows has no SIGHUP
            signal.signal(getattr(signal, name), _stop_on_term)
    try:
        _refresh(preview)  # the page shows it as soon as it is ready
        for changed in watcher:
            _refresh(preview, f" {describe(changed, watched)} changed:")
    except KeyboardInterrupt:
        pass
    finally:
        watcher.stop()
        server.shutdown()
        preview.close()
    echo("Stopped serving.", err=True)


def _stop_on_term(signum, frame) -> None:
    raise KeyboardInterrupt


def _refresh(preview, why: str = "") -> None:
    """One line a refresh: what set it off, the verdict, the time; a failed one lists its errors
    here too (the page shows them, but the designer may be looking at the editor)."""
    start = time.perf_counter()
    try:
        state = preview.refresh()
    except OSError as exc:  # a file the system refused: said, and the preview goes on
        state = preview.failed(describe_os_error(exc))
    except Exception as exc:  # a bug in kitgen: said as every command says it; the next save may get past it
        print_traceback(click.get_current_context())
        state = preview.failed(internal_error_line(exc))
    took = f"({time.perf_counter() - start:.2f} s)"
    errors = [p["text"] for p in state["problems"] if p["level"] == "error"]
    warnings = len(state["problems"]) - len(errors)
    if state["ok"]:
        verdict = f"OK: {_count(len(state['cards']), 'card')}" + (f", {_count(warnings, 'warning')}" if warnings else "")
    else:
        shows = "the last good cards" if state.get("stale") else "the cards as they would print"
        verdict = f"FAILED: {_count(len(errors), 'error')}; the page shows {shows}"
    echo(f"--- {time.strftime('%H:%M:%S')}{why} {verdict} {took}", err=True)
    for text in errors:
        echo(text, err=True)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
