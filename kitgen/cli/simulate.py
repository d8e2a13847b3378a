"""kitgen simulate: play the game from its data many times and report what was covered, who wins,
how, in which seat, and what each card does to its holder; refuse to print win rates that the
simulation has not earned."""
from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import click

from kitgen.cli.balance import print_report, write_pdf
from kitgen.cli.common import echo, echo_json, main, quiet, use_game
from kitgen.cli.flags import (PLAYERS_HELP, SCHEDULER_HELP, SHOWN, TIMEOUT_HELP, TRUST_HELP, Count, OutputFile, Seconds,
                              check_outputs, data_hash, game_players, given_counts, said_trust, scheduler_address)
from kitgen.errors import KitgenError, Where, error


def _renamed(ctx: click.Context, param: click.Parameter, value) -> None:
    """--mcts-rollouts, given: say what it is now (a report that recorded it is of other code: replay refuses it)."""
    if value is not None:
        raise click.BadParameter("is now --mcts-iterations N (an iteration of mcts's tree search a decision)",
                                 ctx, param)


@main.command()
@click.argument("game", required=False)
@click.option("--games", type=Count(1, 1_000_000), default=1000, show_default=True, help="Games to play.")
@click.option("--players", help=PLAYERS_HELP + "; several separated by commas (2,3,4) report the seats at each count.")
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
@click.option("--scheduler", default="", metavar="ADDRESS", help=SCHEDULER_HELP)
@click.option("--trust-scheduler", is_flag=True, help=TRUST_HELP)
@click.option("--scheduler-timeout", type=Seconds(), default=30, show_default=True, help=TIMEOUT_HELP)
@click.option("--json", "as_json", is_flag=True, help="The report as JSON on stdout.")
@click.option("-o", "--output", type=OutputFile("the PDF", "balance.pdf"), help="Write the report with charts to this PDF.")
@click.option("--trace", type=OutputFile("the trace", "trace.txt"),
              help="Play one game at --seed and write it move by move to this file, "
                   "and as JSON to FILE.json, instead of the report.")
@click.option("--replay", type=click.Path(path_type=Path, dir_okay=False), metavar="REPORT.json",
              help="Make a report of kitgen simulate --json again, byte for byte, with its own options "
                   "(refused when other code or other game data made it). GAME defaults to the report's.")
def simulate(game: str | None, games: int, players: str | None, seed: int, policies: str, without: tuple[str, ...],
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
    with _before_play(game, trace):  # a Ctrl-C while the game is read and checked (or --trace's game played)
        given = given_counts(players) if players is not None else None
        address = scheduler_address(scheduler, trust_scheduler, scheduler_timeout)
        project = Project.default()
        folder = use_game(project, game).folder
        loaded = _load(folder, game, without)
        counts, names = _seated(ctx, loaded, given, policies)
        played = _Played(show=not (as_json or quiet()) and sys.stderr.isatty())
        settings = Settings(games=games, players=counts[0], seed=seed, policies=names, workers=workers,
                            without=tuple(sorted(set(without))), scheduler=address, mcts_iterations=mcts_iterations,
                            mcts_seconds=mcts_seconds,
                            scheduler_timeout=scheduler_timeout)
        experiments = Experiments(counts[1:], impact_games, fixes, ladder_games)
        if trace is None:  # --trace plays one game
            _bounded(loaded, settings, experiments)
        check_outputs(trace, output, folder)
        plan = _refuse_early(loaded, settings, game, partial, trace)
        digest = data_hash(folder)
        check_data(ctx, digest)
        said_trust(address)
    report = _run(loaded, settings, experiments, digest, played, plan,
                  result_options(ctx), game)
    if report["missing"] and not partial:
        _refuse(game, report["missing"])
    if output:
        write_pdf(report, loaded, project, folder, output)
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

    from kitgen.cli.replay import changing, flag

    if replay is None:
        raise click.UsageError("Missing argument 'GAME'.")
    params = replayed(ctx, replay, game)
    try:
        ctx.invoke(simulate, **params)
    except click.BadParameter as exc:  # a value the report gave, refused where the command reads it: said of the report
        if exc.param_hint not in {flag(option) for option in changing(ctx.command)}:
            raise
        raise KitgenError(error(Where(str(replay)), f"options: {exc.param_hint}: {exc.message[:200]}")) from None


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


@contextmanager
def _before_play(game: str, trace: Path | None) -> Iterator[None]:
    try:
        yield
    except KeyboardInterrupt:
        said = "interrupted; no trace was written" if trace else "interrupted before any game was played; no report was written"
        echo(f"{game}: error: {said}", err=True)
        sys.exit(130)


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


TRACE_INSTEAD = {"output": "-o", "as_json": "--json", "impact_games": "--impact-games", "ladder_games": "--ladder",
                 "fixes": "--fixes"}  # what --trace would leave undone without a word: it plays one game instead


def _seated(ctx: click.Context, loaded, given: tuple[int, ...] | None, policies: str):
    """The player counts to play (those given, or the game's default: cli/flags.game_players) and the
    seats' policies, each refused in one usage line when the game or the other flags cannot take it."""
    counts = game_players(loaded, given)
    ctx.params["players"] = ",".join(map(str, counts))  # the report's provenance names the counts played
    _refuse_idle(ctx, counts)
    names = _policies(policies, counts)
    _known_policies(loaded, names)
    return counts, names


def _refuse_idle(ctx: click.Context, counts: tuple[int, ...]) -> None:
    """A flag that would do nothing, or measure nothing, is one usage line, never dropped in silence."""
    if ctx.params.get("ladder_games") and counts[0] < 2:  # its rungs printed 'greedy vs random: 100%', no rival
        raise click.BadParameter("a rung seats one stronger player among weaker ones: give --players 2 or more",
                                 param_hint="--ladder")
    given = [flag for name, flag in TRACE_INSTEAD.items() if ctx.params.get(name)]
    if ctx.params.get("trace") is not None and given:
        raise click.BadParameter(f"plays one game instead of the report: {', '.join(given)} would do nothing; "
                                 "give --trace alone, or run the report without it", param_hint="--trace")


def _bounded(loaded, settings, experiments) -> None:
    """A run within experiments/cost's bounds of CPU and memory (tune's, counted the same), else one
    usage line before any game: --games 1,000,000 --policy mcts was days of play."""
    from kitgen.simulate.experiments.cost import simulate_refused

    prices = None
    if experiments.ladder_games or {"lookahead", "mcts"} & set(settings.policies):  # priced by this game
        from kitgen.simulate.experiments.pricing import priced
        from kitgen.simulate.play.games import plan_game

        prices = priced(plan_game(loaded, settings.without), settings.players, settings.mcts_iterations)
    refused = simulate_refused(settings, experiments, sum(len(deck.cards) + 1 for deck in loaded.decks), prices)
    if refused:
        raise click.BadParameter(refused, param_hint="--games")


def _write_trace(title: str, plan, settings, path: Path) -> None:
    """One game move by move (play/trace.py): readable text at `path`, JSON beside it."""
    from kitgen.load.files import replace_file  # here: kitgen.load imports the model, which -h never needs
    from kitgen.simulate.play.trace import trace_game, trace_text

    traced = trace_game(plan, settings.seed, settings.seat_policies(), settings.mcts_iterations,
                         settings.mcts_seconds)
    json_path = path.with_name(path.name + ".json")
    try:  # each written beside and renamed over: never through a link, never half a file
        replace_file(path, trace_text(title, traced).encode("utf-8"))
        replace_file(json_path, (json.dumps(traced, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    except OSError as problem:
        raise click.BadParameter(f"cannot write {path}: {problem.strerror}", param_hint="--trace") from None
    echo(f"Trace: {path} ({len(traced['events'])} events) and {json_path}")


PARTIAL = "--partial prints them anyway"  # what simulate says a refused game may do; tune says its own (TUNE_ONLY)


def _refuse_early(loaded, settings, game: str, partial: bool, trace: Path | None = None, hint: str = PARTIAL):
    """A rule that decides the game is not simulated: refuse before playing (unless --partial).
    Returns the game compiled for play, which the simulation then plays (compiled once)."""
    from kitgen.simulate.play.games import plan_game
    from kitgen.simulate.report.summary import missing_rules

    plan = plan_game(loaded, settings.without)
    found = missing_rules(plan)
    if found and not partial:
        _refuse(game, found, hint)
    if trace is not None:  # one game move by move instead of the report: written here, then done
        _write_trace(loaded.title, plan, settings, trace)
        sys.exit(0)
    return plan


def _refuse(game: str, missing: list[str], hint: str = PARTIAL) -> None:
    """One line, exit 1: what keeps the win rates from being earned."""
    raise KitgenError(error(Where(game), "no win rates: " + "; ".join(missing) + f" ({hint})"))


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


def _progress(done: int, total: int) -> None:
    echo(f"\rplaying {done:,} of {total:,}", nl=done == total, err=True)
