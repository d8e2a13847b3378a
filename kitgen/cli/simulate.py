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

from kitgen.cli.common import echo, echo_json, main, quiet, use_game
from kitgen.errors import KitgenError, Where, error

DATA_SUFFIXES = (".yaml", ".yml", ".csv", ".xlsx", ".json")  # the files a game's rules are read from


def _counts(value: str) -> tuple[int, ...]:
    try:
        counts = tuple(int(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter(f"{value!r}: give a player count, or several separated by commas: 2,3,4",
                                 param_hint="--players") from None
    if not all(1 <= n <= 12 for n in counts):
        raise click.BadParameter(f"{value!r}: each count from 1 to 12", param_hint="--players")
    return counts


@main.command()
@click.argument("game")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=1000, show_default=True, help="Games to play.")
@click.option("--players", default="4", show_default=True,
              help="Players a game; several separated by commas (2,3,4) report the seats at each count.")
@click.option("--seed", type=click.IntRange(0, 2**31 - 1), default=1, show_default=True,
              help="The same seed gives the same report, byte for byte.")
@click.option("--policy", "policies", default="greedy", show_default=True,
              help="random, greedy, lookahead or mcts; one for all seats, or one per seat: greedy,random,random,random.")
@click.option("--without", multiple=True, help="Leave out an optional rule (an optional deck), e.g. --without events.")
@click.option("--partial", is_flag=True, help="Print the win rates even when a rule that decides the game is not simulated.")
@click.option("--impact-games", type=click.IntRange(0, 1_000_000), default=0, show_default=True,
              help="Measure each card by experiment: this many games with it removed and with it doubled.")
@click.option("--fixes", is_flag=True, help="Where a seat wins far above its share, try candidate fixes by simulation.")
@click.option("--ladder", "ladder_games", type=click.IntRange(0, 1_000_000), default=0,
              help="Skill ladder: this many games per rung (each stronger player against the one below).")
@click.option("--mcts-rollouts", type=click.IntRange(1, 100_000), default=64, show_default=True,
              help="mcts: rollouts per decision.")
@click.option("--workers", type=click.IntRange(0, 64), default=0, help="Processes (default: one per core).")
@click.option("--scheduler", default="", help="Play on a Dask cluster: tcp://HOST:8786 (pip install 'kitgen[cluster]').")
@click.option("--json", "as_json", is_flag=True, help="The report as JSON on stdout.")
@click.option("-o", "--output", type=click.Path(path_type=Path), help="Write the report with charts to this PDF.")
def simulate(game: str, games: int, players: str, seed: int, policies: str, without: tuple[str, ...], partial: bool,
             impact_games: int, fixes: bool, ladder_games: int, mcts_rollouts: int, workers: int, scheduler: str,
             as_json: bool, output: Path | None) -> None:
    """Play GAME many times from its data: what the simulation covers, win rate per faction and seat
    (for each player count), victory paths, game length, and each card's impact by experiment."""
    from kitgen.project import Project
    from kitgen.simulate.experiments.lab import Experiments, simulate as run
    from kitgen.simulate.play.run import Settings

    counts = _counts(players)
    names = _policies(policies, counts)
    if scheduler and importlib.util.find_spec("distributed") is None:
        raise click.BadParameter("needs Dask distributed: pip install 'kitgen[cluster]'", param_hint="--scheduler")
    project = Project.default()
    folder = use_game(project, game).folder
    loaded = _load(folder, game, without)
    progress = None if as_json or quiet() or not sys.stderr.isatty() else _progress
    settings = Settings(games, counts[0], seed, names, workers, tuple(sorted(set(without))), scheduler, mcts_rollouts)
    plan = _refuse_early(loaded, settings, game, partial)
    try:
        report = run(loaded, settings, Experiments(counts[1:], impact_games, fixes, ladder_games), data_hash(folder),
                     progress, plan)
    except RecursionError:  # a chain check_chains lets through (cards playing cards, no draws) still too deep
        raise KitgenError(error(loaded.where or Where(game), "cards play cards that play cards more than "
                                "the simulator can follow; shorten the chain")) from None
    if report["missing"] and not partial:
        _refuse(game, report["missing"])
    if output:
        _write_pdf(report, loaded, project, folder, output)
    if as_json:
        echo_json(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        _print_report(report)
    if output:
        echo(f"Charts: {output}", err=as_json)


def _refuse_early(loaded, settings, game: str, partial: bool):
    """A rule that decides the game is not simulated: refuse before playing (unless --partial).
    Returns the game compiled for play, which the simulation then plays (compiled once)."""
    from kitgen.simulate.play.games import plan_game, rule_policies, unsupported_policies
    from kitgen.simulate.report.summary import missing_rules

    refused = unsupported_policies(loaded, settings.policies)
    if refused:
        raise click.BadParameter(f"{game}'s rule module plays only {', '.join(rule_policies(loaded))}: "
                                 f"not {', '.join(refused)}", param_hint="--policy")
    plan = plan_game(loaded, settings.without)
    found = missing_rules(plan)
    if found and not partial:
        _refuse(game, found)
    return plan


def _refuse(game: str, missing: list[str]) -> None:
    """One line, exit 1: what keeps the win rates from being earned."""
    raise KitgenError(error(Where(game), "no win rates: " + "; ".join(missing) + " (--partial prints them anyway)"))


def _policies(policies: str, counts: tuple[int, ...]) -> tuple[str, ...]:
    from kitgen.simulate.players import POLICIES
    from kitgen.simulate.play.run import unknown_policy

    names = tuple(name.strip() for name in policies.split(","))
    for name in names:
        if name not in POLICIES:
            raise click.BadParameter(unknown_policy(name), param_hint="--policy")
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
            raise click.BadParameter(unknown_optional_rule(loaded, rule), param_hint="--without")
    return loaded


def data_hash(folder: Path) -> str:
    """SHA-256 of the game's data files (path and bytes, in path order): what the numbers ran on."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix.lower() in DATA_SUFFIXES):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _write_pdf(report: dict, loaded, project, folder: Path, output: Path) -> None:
    from kitgen.render.balance import render_balance
    from kitgen.load.looks import read_look
    from kitgen.render.fonts import font_files, register_fonts

    register_fonts(font_files(project.fonts, loaded.fonts, folder, read_look(loaded.look, folder, project.templates)[1]))
    output.parent.mkdir(parents=True, exist_ok=True)
    render_balance(report, loaded.title, output)


def _progress(done: int, total: int) -> None:
    echo(f"\rplaying {done:,} of {total:,}", nl=done == total, err=True)


def _print_report(report: dict) -> None:
    _print_provenance(report)
    _print_coverage(report)
    if report["missing"]:
        echo("\nPARTIAL: these win rates are not earned: " + "; ".join(report["missing"]))
    _print_factions(report)
    _print_seats(report)
    _print_victories(report)
    _print_length(report["turns"])
    _print_impact(report.get("card_impact"))
    _print_fixes(report.get("seat_fixes"))
    _print_ladder(report.get("skill_ladder"))


def _print_length(turns: dict) -> None:
    low, high = turns["mean_ci95"]
    echo("\nGame length (a turn counts once every player has gone): " + (
        f"every game lasted {turns['min']} turns" if turns["min"] == turns["max"] else
        f"{turns['mean']} turns on average (95% interval {low}-{high}; shortest {turns['min']}, longest {turns['max']})"))


def _print_provenance(report: dict) -> None:
    source = report["provenance"]
    rules = ", ".join(f"{rule} {state}" for rule, state in report["optional_rules"].items()) or "none"
    echo(f"{report['games']:,} games, players {','.join(map(str, source['players']))}, seed {source['seed']}, "
         f"policies {','.join(report['policies'])}; optional rules: {rules}")
    echo(f"kitgen {source['kitgen']}, game data sha256 {source['data_sha256'][:16]}; made by: {source['command']}")


def _print_coverage(report: dict) -> None:
    rows = report["coverage"]
    inexact = [c for c in rows if c["status"] != "exact"]
    echo(f"\nCoverage: {len(rows) - len(inexact)} rules simulated exactly, {len(inexact)} approximated or skipped"
         + (":" if inexact else ""))
    for item in inexact:
        mark = " [DECIDES THE GAME]" if item["decides"] else ""
        echo(f"  {item['status']}{mark}: {item['rule']}: {item['note']}")


def _print_victories(report: dict) -> None:
    games = report["games"]
    echo(f"\nVictories, share of {games:,} games (95% interval; a win counts for every path the winner met):")
    for name, count in report["victories"].items():
        low, high = report["victories_ci95"][name]
        echo(f"  {name:<28}{count / games:>7.1%}   ({low:.1%}-{high:.1%}, {count:,} games)")
    low, high = report["no_winner_ci95"]
    echo(f"  {'no winner':<28}{report['no_winner'] / games:>7.1%}   ({low:.1%}-{high:.1%}, {report['no_winner']:,} games)")


def _print_factions(report: dict) -> None:
    test = report["factions_differ"]
    if test is None:
        echo("\nFactions: the game has none (win rates by seat below)")
        return
    echo(f"\nWin rate per faction (95% interval; an even share is {_even_share(report)}):")
    for name, row in sorted(report["factions"].items(), key=lambda item: -item[1]["win_rate"]):
        low, high = row["ci95"]
        flag = f"  {row['vs_even_share_holm']} the even share (Holm)" if row["vs_even_share_holm"] else ""
        echo(f"  {name:<28}{row['win_rate']:>7.1%}   ({low:.1%}-{high:.1%}, {row['plays']:,} games){flag}")
    echo(f"  do the factions differ? chi-square {test['statistic']} on {test['degrees']} df, p = {test['p_value']:.3g}")


def _even_share(counts: dict) -> str:
    """The even share, and where it comes from when some games had no winner."""
    if not counts["no_winner"] or not counts["games"]:
        return f"{counts['even_share']:.1%}"
    decided = 1 - counts["no_winner"] / counts["games"]
    return f"{counts['even_share']:.1%}: the {decided:.1%} of games with a winner, split {counts['players']} ways"


def _print_seats(report: dict) -> None:
    for count, seats in report["by_players"].items():
        test = seats["seats_differ"]
        echo(f"\nWin rate per seat, {count} players ({seats['games']:,} games; even share {_even_share(seats)}):")
        for seat in seats["seats"]:
            low, high = seat["ci95"]
            flag = f"  {seat['vs_even_share_holm']} the even share (Holm)" if seat["vs_even_share_holm"] else ""
            echo(f"  seat {seat['seat']:<3}{seat['win_rate']:>7.1%}   ({low:.1%}-{high:.1%}){flag}")
        echo(f"  do the seats differ? chi-square {test['statistic']} on {test['degrees']} df, p = {test['p_value']:.3g}")


def _print_impact(rows: list | None) -> None:
    if rows is None:
        echo("\nCard impact: not measured (--impact-games N plays each card removed and doubled)")
        return
    echo(f"\nCard impact on its holder's win rate, {rows[0]['games'] if rows else 0} paired games per variant "
         "(* survives Holm's correction):")
    for row in rows:
        removed, doubled = row["removed"], row["doubled"]
        echo(f"  {row['name']:<30} as printed vs removed {removed['change']:>+6.1%} "
             f"({removed['ci95'][0]:+.1%}..{removed['ci95'][1]:+.1%}){'*' if removed['significant'] else ' '}"
             f"  doubled vs printed {doubled['change']:>+6.1%} "
             f"({doubled['ci95'][0]:+.1%}..{doubled['ci95'][1]:+.1%}){'*' if doubled['significant'] else ''}")


def _print_fixes(fixes: list | None) -> None:
    if not fixes:
        return
    echo(f"\nCandidate seat fixes (simulated on the same seeds, {fixes[0]['games']:,} games each; seat win rates):")
    for fix in fixes:
        rates = "/".join(f"{r:.0%}" for r in fix["seat_win_rates"])
        before = "/".join(f"{r:.0%}" for r in fix["before"])
        half = max((high - low) / 2 for low, high in fix["ci95"])
        echo(f"  {fix['players']} players, {fix['fix']}: {before} -> {rates}, each within ±{100 * half:.1f} points (95%)"
             f" ({'helps' if fix['helps'] else 'does not help'})")


def _print_ladder(ladder: list | None) -> None:
    if not ladder:
        return
    echo("\nSkill ladder (one stronger player among weaker ones, seat rotated):")
    for rung in ladder:
        low, high = rung["ci95"]
        echo(f"  {rung['player']} vs {rung['field']}: {rung['win_rate']:.1%} ({low:.1%}-{high:.1%}, {rung['games']:,} games), "
             f"even share {rung['even_share']:.1%}: {rung['verdict']}")
