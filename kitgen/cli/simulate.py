"""kitgen simulate: play the game from its data many times and report what was covered, who wins,
how, in which seat, and what each card does to its holder; refuse to print win rates that the
simulation has not earned."""
from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path

import click

from kitgen.cli.balance import print_report
from kitgen.cli.common import Count, echo, said_number, echo_json, main, quiet, use_game
from kitgen.errors import KitgenError, Where, error

DATA_SUFFIXES = (".yaml", ".yml", ".csv", ".xlsx", ".json")  # the files a game's rules are read from


SHOWN = 60  # characters of a flag's value a message repeats: enough to recognise it, never a screenful


def shown(value: str) -> str:
    """A flag's value as a message quotes it, cut short when it is long."""
    return repr(value if len(value) <= SHOWN else value[:SHOWN] + "...")


def _counts(value: str) -> tuple[int, ...]:
    try:
        counts = tuple(int(part) for part in value.split(",")) if len(value) <= SHOWN else ()
    except ValueError:
        counts = ()
    if not counts:
        raise click.BadParameter(f"{shown(value)}: give a player count, or several separated by commas: 2,3,4",
                                 param_hint="--players")
    if not all(1 <= n <= 12 for n in counts):
        raise click.BadParameter(f"{shown(value)}: each count from 1 to 12", param_hint="--players")
    return tuple(dict.fromkeys(counts))  # a count asked twice is reported once


class Seconds(click.ParamType):
    """Seconds within bounds, by default --scheduler-timeout's 0.5 to an hour (click's FloatRange lets
    nan through); `off`: 0 is taken too, and means the option is off (--mcts-seconds)."""

    name = "SECONDS"

    def __init__(self, lowest: float = 0.5, highest: float = 3600, off: bool = False):
        self.lowest, self.highest, self.off = lowest, highest, off

    def convert(self, value, param, ctx):
        try:
            seconds = float(value)
        except (TypeError, ValueError):
            self.fail(f"{said_number(str(value))} is not a number of seconds", param, ctx)
        if seconds == 0 and self.off:
            return 0.0
        if not self.lowest <= seconds <= self.highest:  # false for nan too
            self.fail(f"{said_number(str(value))}: give {self.lowest:g} to {self.highest:g} seconds"
                      + (" (0: off)" if self.off else ""), param, ctx)
        return seconds


def _renamed(ctx: click.Context, param: click.Parameter, value) -> None:
    """--mcts-rollouts, given: say what it is now (a report that recorded it is of other code: replay refuses it)."""
    if value is not None:
        raise click.BadParameter("is now --mcts-iterations N (an iteration of mcts's tree search a decision)",
                                 ctx, param)


def _output(path: Path | None) -> None:
    """-o names a PDF to write: refused before any game is played, not after (a folder, or a file
    where a folder must be)."""
    if path is None:
        return
    if not path.name or path.is_dir():
        raise click.BadParameter(f"{shown(str(path))} is a folder: give the PDF's file name, e.g. balance.pdf",
                                 param_hint="-o")
    for parent in path.absolute().parents:
        if parent.exists() and not parent.is_dir():
            raise click.BadParameter(f"{shown(str(parent))} is not a folder", param_hint="-o")


@main.command()
@click.argument("game", required=False)
@click.option("--games", type=Count(1, 1_000_000), default=1000, show_default=True, help="Games to play.")
@click.option("--players", default="4", show_default=True,
              help="Players a game; several separated by commas (2,3,4) report the seats at each count.")
@click.option("--seed", type=Count(0, 2**31 - 1), default=1, show_default=True,
              help="The same seed gives the same report, byte for byte.")
@click.option("--policy", "policies", default="greedy", show_default=True,
              help="random, greedy, lookahead or mcts; one for all seats, or one per seat: greedy,random,random,random.")
@click.option("--without", multiple=True, help="Leave out an optional rule (an optional deck), e.g. --without events.")
@click.option("--partial", is_flag=True, help="Print the win rates even when a rule that decides the game is not simulated.")
@click.option("--impact-games", type=Count(0, 1_000_000), default=0, show_default=True,
              help="Measure each card by experiment: this many games in which a seat chosen before play holds "
                   "it in place of a card of its opening hand, paired with the same games in which that seat "
                   "holds a card of its deck at random.")
@click.option("--fixes", is_flag=True, help="Where a seat wins far above its share, try candidate fixes by simulation.")
@click.option("--ladder", "ladder_games", type=Count(0, 1_000_000), default=0,
              help="Skill ladder: this many games per rung (each stronger player against the one below).")
@click.option("--mcts-iterations", type=Count(1, 100_000), default=16, show_default=True,
              help="mcts: iterations of its tree search a decision (deterministic: the same seed, the same games).")
@click.option("--mcts-seconds", type=Seconds(0.001, 60, off=True), default=0.0,
              help="mcts: think this many seconds a decision instead of --mcts-iterations. Not deterministic: "
                   "the games depend on the machine and its load, and the report cannot be replayed.")
@click.option("--mcts-rollouts", hidden=True, expose_value=False, callback=_renamed)
@click.option("--workers", type=Count(0, 64), default=0, help="Processes (default: one per core).")
@click.option("--scheduler", default="", metavar="ADDRESS",
              help="Play on a Dask cluster: tcp://HOST:8786 (pip install 'kitgen[cluster]'). The scheduler and its "
                   "workers run kitgen's code with this game's data and send the results back: kitgen uses one on "
                   "this machine only, unless you pass --trust-scheduler or use tls:// with Dask's TLS certificates.")
@click.option("--trust-scheduler", is_flag=True,
              help="Use a --scheduler on another machine: say you run that cluster and trust it with your data.")
@click.option("--scheduler-timeout", type=Seconds(), default=30, show_default=True,
              help="Give up on a scheduler that takes longer than this to connect or to answer, or a cluster "
                   "without a worker for this long.")
@click.option("--json", "as_json", is_flag=True, help="The report as JSON on stdout.")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write the report with charts to this PDF.")
@click.option("--trace", type=click.Path(path_type=Path, dir_okay=False),
              help="Play one game at --seed and write it move by move to this file, "
                   "and as JSON to FILE.json, instead of the report.")
@click.option("--replay", type=click.Path(path_type=Path, dir_okay=False), metavar="REPORT.json",
              help="Make a report of kitgen simulate --json again, byte for byte, with its own options "
                   "(refused when other code or other game data made it). GAME defaults to the report's.")
def simulate(game: str | None, games: int, players: str, seed: int, policies: str, without: tuple[str, ...],
             partial: bool, impact_games: int, fixes: bool, ladder_games: int, mcts_iterations: int,
             mcts_seconds: float, workers: int,
             scheduler: str, trust_scheduler: bool, scheduler_timeout: float, as_json: bool, output: Path | None,
             trace: Path | None, replay: Path | None) -> None:
    """Play GAME many times from its data: what the simulation covers, win rate per faction and seat
    (for each player count), victory paths, game length, and each card's impact by experiment."""
    from kitgen.cli.replay import check_data, check_same, result_options
    from kitgen.project import Project
    from kitgen.simulate.experiments.lab import Experiments
    from kitgen.simulate.play.run import Settings

    ctx = click.get_current_context()
    if replay is not None or game is None:  # the same command again, with the report's options
        return _replay(ctx, replay, game)
    counts = _counts(players)
    names = _policies(policies, counts)
    address = _scheduler(scheduler, trust_scheduler, scheduler_timeout)
    _output(output)
    project = Project.default()
    folder = use_game(project, game).folder
    loaded = _load(folder, game, without)
    _known_policies(loaded, names)
    played = _Played(show=not (as_json or quiet()) and sys.stderr.isatty())
    settings = Settings(games=games, players=counts[0], seed=seed, policies=names, workers=workers,
                        without=tuple(sorted(set(without))), scheduler=address, mcts_iterations=mcts_iterations,
                        mcts_seconds=mcts_seconds,
                        scheduler_timeout=scheduler_timeout)
    plan = _refuse_early(loaded, settings, game, partial, trace)
    digest = data_hash(folder)
    check_data(ctx, digest)
    if address and not quiet():
        from kitgen.simulate.play.cluster import TRUST  # asyncio and logging: imported for a cluster only

        echo(f"kitgen: playing on the Dask cluster at {address}: {TRUST}", err=True)
    report = _run(loaded, settings, Experiments(counts[1:], impact_games, fixes, ladder_games), digest, played, plan,
                  result_options(ctx), game)
    if report["missing"] and not partial:
        _refuse(game, report["missing"])
    if output:
        _write_pdf(report, loaded, project, folder, output)
    if as_json:
        echo_json(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print_report(report)
    if output:
        echo(f"Charts: {output}", err=as_json)
    check_same(ctx, report)
    if report.get("cut_short"):  # the report of what was finished is out; the run still did not do all it was asked
        raise KitgenError(error(Where(game), report["cut_short"]))


def _replay(ctx: click.Context, replay: Path | None, game: str | None) -> None:
    """kitgen simulate again, with the options of the report `replay` names (cli/replay.py)."""
    from kitgen.cli.replay import replayed

    if replay is None:
        raise click.UsageError("Missing argument 'GAME'.")
    ctx.invoke(simulate, **replayed(ctx, replay, game))


def _run(loaded, settings, experiments, digest: str, played: _Played, plan, options: dict, game: str) -> dict:
    """The report of the games and experiments asked for; what stops them, in one line."""
    from kitgen.simulate.experiments.lab import simulate as run
    from kitgen.simulate.play.blocks import Unfinished

    try:
        return run(loaded, settings, experiments, digest, played, plan, options)
    except RecursionError:  # a chain check_chains lets through (cards playing cards, no draws) still too deep
        raise KitgenError(error(loaded.where or Where(game), "cards play cards that play cards more than "
                                "the simulator can follow; shorten the chain")) from None
    except Unfinished as exc:  # nothing was finished: no report to keep
        raise KitgenError(error(Where(game), f"{exc.why}; none of the {exc.total:,} games was played")) from None
    except KeyboardInterrupt:
        echo(f"{game}: error: {played.interrupted()}; no report was written", err=True)
        sys.exit(130)


def _scheduler(text: str, trust: bool, seconds: float):
    """The --scheduler address, read, resolved and trusted (else a usage error, exit 2); None: none given."""
    if not text:
        if trust:
            raise click.BadParameter("goes with --scheduler ADDRESS", param_hint="--trust-scheduler")
        return None
    if importlib.util.find_spec("distributed") is None:
        raise click.BadParameter("needs Dask distributed: pip install 'kitgen[cluster]'", param_hint="--scheduler")
    from kitgen.simulate.play.address import read_address
    from kitgen.simulate.play.cluster import trusted

    try:
        address = read_address(text, seconds)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--scheduler") from None
    refused = trusted(address, trust)
    if refused:
        raise click.BadParameter(refused, param_hint="--scheduler")
    return address


class _Played:
    """The progress every run of games reports (each player count, each experiment): shown on a
    terminal, and counted, so that a Ctrl-C can say what was played."""

    def __init__(self, show: bool):
        self.show, self.before, self.done, self.total = show, 0, 0, 0

    def __call__(self, done: int, total: int) -> None:
        if done <= self.done:  # a run of games starts again from its first block
            self.before += self.done
        self.done, self.total = done, total
        if self.show:
            _progress(done, total)

    def interrupted(self) -> str:
        if not self.before:
            return f"interrupted after {self.done:,} of {self.total:,} games"
        return f"interrupted after {self.before + self.done:,} games ({self.done:,} of {self.total:,} of the run under way)"


def _write_trace(title: str, plan, settings, path: Path) -> None:
    """One game move by move (play/trace.py): readable text at `path`, JSON beside it."""
    from kitgen.simulate.play.trace import trace_game, trace_text

    traced = trace_game(plan, settings.seed, settings.seat_policies(), settings.mcts_iterations,
                         settings.mcts_seconds)
    try:
        path.write_text(trace_text(title, traced), encoding="utf-8")
        json_path = path.with_name(path.name + ".json")
        json_path.write_text(json.dumps(traced, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as problem:
        raise click.BadParameter(f"cannot write {path}: {problem.strerror}", param_hint="--trace") from None
    echo(f"Trace: {path} ({len(traced['events'])} events) and {json_path}")


def _refuse_early(loaded, settings, game: str, partial: bool, trace: Path | None = None):
    """A rule that decides the game is not simulated: refuse before playing (unless --partial).
    Returns the game compiled for play, which the simulation then plays (compiled once)."""
    from kitgen.simulate.play.games import plan_game
    from kitgen.simulate.report.summary import missing_rules

    plan = plan_game(loaded, settings.without)
    found = missing_rules(plan)
    if found and not partial:
        _refuse(game, found)
    if trace is not None:  # one game move by move instead of the report: written here, then done
        _write_trace(loaded.title, plan, settings, trace)
        sys.exit(0)
    return plan


def _refuse(game: str, missing: list[str]) -> None:
    """One line, exit 1: what keeps the win rates from being earned."""
    raise KitgenError(error(Where(game), "no win rates: " + "; ".join(missing) + " (--partial prints them anyway)"))


def _known_policies(loaded, names: tuple[str, ...]) -> None:
    """Each name is kitgen's player (POLICIES) or one of the game's strategies (`strategies:`)."""
    from kitgen.simulate.play.run import unknown_policy

    strategies = [s.name for s in loaded.strategies]
    for name in names:
        if name not in strategies and unknown_policy(name, strategies):
            raise click.BadParameter(unknown_policy(name if len(name) <= SHOWN else name[:SHOWN] + "...", strategies),
                                     param_hint="--policy")


def _policies(policies: str, counts: tuple[int, ...]) -> tuple[str, ...]:
    names = tuple(name.strip() for name in policies.split(","))
    if len(names) != 1 and (len(names) != counts[0] or len(counts) > 1):
        raise click.BadParameter(f"give one policy, or one per seat ({counts[0]}) with a single player count",
                                 param_hint="--policy")
    return names


def _load(folder: Path, game: str, without: tuple[str, ...]):
    from kitgen.check import check_game
    from kitgen.check.chains import check_chains
    from kitgen.load import load_game
    from kitgen.simulate.compile.game import optional_rules, unknown_optional_rule

    loaded = load_game(folder)
    errors = [p for p in check_game(loaded) + check_chains(loaded) if p.is_error]  # broken data would play a wrong game
    if errors:
        raise KitgenError(errors)
    if not loaded.victory_paths:
        raise KitgenError(error(loaded.where or Where(game), "the game declares no victory_paths to simulate"))
    for rule in without:
        if rule not in optional_rules(loaded):
            raise click.BadParameter(unknown_optional_rule(loaded, rule if len(rule) <= SHOWN else rule[:SHOWN] + "..."),
                                     param_hint="--without")
    return loaded


def data_hash(folder: Path) -> str:
    """SHA-256 of the game's data files (path and bytes, in path order): what the numbers ran on."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in DATA_SUFFIXES):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _write_pdf(report: dict, loaded, project, folder: Path, output: Path) -> None:
    from kitgen.render.balance import render_balance
    from kitgen.simulate.report.summary import command_line
    from kitgen.load.looks import read_look
    from kitgen.render.fonts import font_files, register_fonts

    register_fonts(font_files(project.fonts, loaded.fonts, folder, read_look(loaded.look, folder, project.templates)[1]))
    output.parent.mkdir(parents=True, exist_ok=True)
    source = report["provenance"]
    render_balance(report, loaded.title, output, command_line(source["game"], source["options"]))


def _progress(done: int, total: int) -> None:
    echo(f"\rplaying {done:,} of {total:,}", nl=done == total, err=True)
