"""kitgen simulate's report as text on stdout: provenance, what was cut short or is not earned,
coverage, win rates per faction and seat, victory paths, game length, and the experiments."""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from kitgen.cli.common import echo
from kitgen.simulate.report.code import code_words


def print_report(report: dict) -> None:
    _print_provenance(report)
    if report.get("cut_short"):
        echo("\nPARTIAL: " + report["cut_short"])
    _print_coverage(report)
    if report["missing"]:
        echo("\nPARTIAL: these win rates are not earned: " + "; ".join(report["missing"]))
    _print_factions(report)
    _print_seats(report)
    _print_victories(report)
    _print_length(report["turns"])
    _print_feel(report.get("feel", {}), report["turns"].get("unit", "turn"))
    _print_impact(report.get("card_impact"))
    _print_fixes(report.get("seat_fixes"))
    _print_ladder(report.get("skill_ladder"))


def _print_length(turns: dict) -> None:
    from kitgen.render.balance import length_words  # the PDF's words (reportlab only when a report is printed)
    echo("\nGame length: " + length_words(turns))


def _print_feel(feel: dict, unit: str) -> None:
    """How the game feels (README, "How the game feels"), each measure with its 95% interval."""
    for count, measures in feel.items():
        echo(f"\nHow the game feels, {count} players (95% intervals; README, 'How the game feels'):")
        for label, text in feel_lines(measures, unit):
            echo(f"  {label:<28}{text}")


def feel_lines(measures: dict, unit: str = "turn") -> list[tuple[str, str]]:
    fair, length = measures["fairness"], measures["length"]
    lines = [("fairness", f"{fair['value']:.2f} ({fair['ci95'][0]:.2f}-{fair['ci95'][1]:.2f}); "
                          f"1 = every seat wins as often"),
             ("length", f"{_mean(length, '.1f')} {unit}s, sd {length['sd']}, middle 80% {length['p10']}-{length['p90']}")]
    if "choice" in measures:
        lines.append(("turns with a real choice", _mean(measures["choice"], ".0%")))
    if "lead_changes" in measures:
        trailed = measures["winner_trailed"]
        lines += [("lead changes a game", _mean(measures["lead_changes"], ".2f")),
                  ("drama", f"{_mean(measures['drama'], '.2f')} points the winner was behind at most; "
                            f"the winner trailed in {trailed['share']:.0%} ({trailed['ci95'][0]:.0%}-{trailed['ci95'][1]:.0%})"),
                  ("decisiveness", f"{_mean(measures['decisiveness'], '.0%')} of the game the winner led to the end")]
    if measures.get("not_measured"):
        lines.append(("not measured", measures["not_measured"]))
    return lines


def _mean(figures: dict, form: str) -> str:
    low, high = figures["ci95"]
    return f"{figures['mean']:{form}} ({low:{form}}-{high:{form}})"


def _print_provenance(report: dict) -> None:
    from kitgen.simulate.report.summary import command_line  # here: summary imports the engine, which -h never needs

    source = report["provenance"]
    rules = ", ".join(f"{rule} {state}" for rule, state in report["optional_rules"].items()) or "none"
    echo(f"{report['games']:,} games, players {','.join(report['by_players'])}, seed {report['seed']}, "
         f"policies {','.join(report['policies'])}; optional rules: {rules}")
    echo(f"{code_words(source['code'])}; game data sha256 {source['data_sha256'][:16]}; "
         f"made by: {command_line(source['game'], source['options'])}")
    seconds = source["options"].get("--mcts-seconds")
    if seconds:
        echo(f"mcts thought {seconds:g} s a decision: not deterministic (the same seed plays "
             "other games on another run or machine), and the report cannot be replayed")


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
    if report.get("shared_wins"):  # a tie the rules share: decided, counted in no seat's win rate
        low, high = report["shared_wins_ci95"]
        echo(f"  {'shared win (a tie shared)':<28}{report['shared_wins'] / games:>7.1%}   ({low:.1%}-{high:.1%}, "
             f"{report['shared_wins']:,} games)")


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
    single = counts["no_winner"] + counts.get("shared_wins", 0)  # the games no single player won
    if not single or not counts["games"]:
        return f"{counts['even_share']:.1%}"
    decided = 1 - single / counts["games"]
    return f"{counts['even_share']:.1%}: the {decided:.1%} of games with a single winner, split {counts['players']} ways"


def _print_seats(report: dict) -> None:
    for count, seats in report["by_players"].items():
        test = seats["seats_differ"]
        echo(f"\nWin rate per seat, {count} players ({seats['games']:,} games; even share {_even_share(seats)}):")
        for seat in seats["seats"]:
            low, high = seat["ci95"]
            flag = f"  {seat['vs_even_share_holm']} the even share (Holm)" if seat["vs_even_share_holm"] else ""
            echo(f"  seat {seat['seat']:<3}{seat['win_rate']:>7.1%}   ({low:.1%}-{high:.1%}){flag}")
        echo(f"  do the seats differ? chi-square {test['statistic']} on {test['degrees']} df, p = {test['p_value']:.3g}")


def _print_impact(impact: dict | None) -> None:
    if impact is None:
        echo("\nCard impact: not measured (--impact-games N deals each card to a seat chosen before play)")
        return
    echo(f"\nCard impact on its holder's win rate, {impact['games']:,} paired games a card "
         "(* survives Holm's correction across the cards):")
    echo(f"  the experiment: {impact['experiment']}")
    if impact.get("not_measured"):
        echo(f"  not measured: {impact['not_measured']}")
    for row in impact["cards"]:
        low, high = row["ci95"]
        echo(f"  {row['name']:<30}{row['change']:>+7.1%} ({low:+.1%}..{high:+.1%}){'*' if row['significant'] else ' '}"
             f"  holder wins {row['with_card']:.1%} with it, {row['with_other']:.1%} with another card "
             f"({row['games']:,} games)")


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
        cost = rung.get("cpu_seconds_per_game")
        echo(f"  {rung['player']} vs {rung['field']}: {rung['win_rate']:.1%} ({low:.1%}-{high:.1%}, {rung['games']:,} games), "
             f"even share {rung['even_share']:.1%}: {rung['verdict']}"
             + (f"; {cost:.3f} CPU s a game" if cost is not None else "; its cost is not measured on a cluster"))


def write_pdf(report: dict, loaded, project, folder: Path, output: Path) -> None:
    """simulate -o: the report with charts (render/balance) in the game's fonts, drawn beside `output`
    and renamed over it."""
    from kitgen.render.balance import render_balance
    from kitgen.simulate.report.summary import command_line
    from kitgen.load.looks import read_look
    from kitgen.render.fonts import font_files, register_fonts

    register_fonts(font_files(project.fonts, loaded.fonts, folder, read_look(loaded.look, folder, project.templates)[1]))
    output.parent.mkdir(parents=True, exist_ok=True)
    source = report["provenance"]
    made_by = command_line(source["game"], source["options"])
    temporary = output.with_name(f".{output.name}.{secrets.token_hex(4)}.tmp")
    try:  # drawn beside and renamed over: never through a link, never half a PDF
        render_balance(report, loaded.title, temporary, made_by)
        os.replace(temporary, output)
    finally:
        temporary.unlink(missing_ok=True)
