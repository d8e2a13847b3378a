"""kitgen simulate's work from top to bottom: compile the game, refuse what cannot be earned, play
each player count asked, sum up, then the optional experiments (card impact, seat fixes, skill
ladder). Stdlib only; returns the report, prints nothing."""
from __future__ import annotations

import dataclasses

from kitgen.model import Game
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.play.blocks import Progress, Unfinished
from kitgen.simulate.play.run import Settings, kept_run, play_games
from kitgen.simulate.report.summary import missing_rules, provenance, summarise


@dataclasses.dataclass(frozen=True)
class Experiments:
    player_counts: tuple[int, ...] = ()  # more player counts to report seats for (the first is Settings.players)
    impact_games: int = 0  # games per card, and per deck for the card it is compared with (0: no card experiments)
    fixes: bool = False  # try the candidate seat fixes where a seat wins far above its share
    ladder_games: int = 0  # games per rung of the skill ladder (0: no ladder)


def simulate(game: Game, settings: Settings, experiments: Experiments = Experiments(), data_hash: str = "",
             progress: Progress | None = None, plan: Plan | None = None, options: dict | None = None) -> dict:
    """`plan`: the game already compiled for play with settings.without (kitgen simulate compiles
    it first to refuse what cannot be earned), else compiled here. `options`: kitgen simulate's
    options that change the result, by flag, for the provenance (else as settings and experiments say). A run a cluster cuts short
    (blocks.Unfinished) reports what was finished, `cut_short` saying what was not (see played)."""
    plan = plan or plan_game(game, settings.without)
    with kept_run(settings):  # one pool, or one client of the cluster, for every run of games below
        return _simulate(game, plan, settings, experiments, data_hash, progress, options)


def _simulate(game: Game, plan: Plan, settings: Settings, experiments: Experiments, data_hash: str,
              progress: Progress | None, options: dict | None) -> dict:
    asked = options or lab_options(settings, experiments)
    settings, results, cut_short = played(plan, settings, experiments.player_counts, progress)
    if cut_short:  # the report is that of the games finished, without the experiments: so is its command
        asked = narrowed(asked, list(results))
    report = summarise(game.id, plan, settings, results, data_hash, asked)
    if missing_rules(plan) or cut_short:  # an experiment on an unplayable game measures nothing
        return report | ({"cut_short": cut_short} if cut_short else {})
    try:
        run_experiments(report, plan, settings, experiments, results[settings.players], progress)
    except Unfinished as exc:
        report["cut_short"] = f"{exc.why}; the experiments were not finished, and this report leaves them out"
        for name in ("card_impact", "seat_fixes", "skill_ladder"):
            report.pop(name, None)
        report["provenance"] = provenance(game.id, data_hash, settings, narrowed(asked, list(results)))
    return report


def played(plan: Plan, settings: Settings, player_counts: tuple[int, ...],
           progress: Progress | None) -> tuple[Settings, dict[int, list[GameResult]], str]:
    """The games of each player count asked (the first is settings.players), and '' or what cut the
    run short: the first player count's games finished from game 1 on are then its report, the same
    as `--games` that many gives (settings says so), and later counts are left out. Nothing finished:
    Unfinished goes on up."""
    counts = [settings.players, *(n for n in player_counts if n != settings.players)]
    results: dict[int, list[GameResult]] = {}
    for count in counts:
        at_count = settings if count == settings.players else \
            dataclasses.replace(settings, players=count, policies=settings.policies[:1])
        try:
            results[count] = play_games(plan, at_count, progress=progress)
        except Unfinished as exc:
            if results:
                return settings, results, f"{exc.why}; the games of {count} players and more were not played"
            if not exc.finished:
                raise
            games = len(exc.finished)
            return (dataclasses.replace(settings, games=games), {count: exc.finished},
                    f"{exc.why}; {games:,} of {exc.total:,} games were played, and this is their report "
                    f"(the same as --games {games})")
    return settings, results, ""


def run_experiments(report: dict, plan: Plan, settings: Settings, experiments: Experiments,
                    printed: list[GameResult], progress: Progress | None) -> None:
    """The experiments asked for, each added to the report as it is done."""
    if experiments.impact_games:
        from kitgen.simulate.experiments.impact import card_impact

        report["card_impact"] = card_impact(plan, settings, printed, experiments.impact_games, progress)
    if experiments.fixes:
        from kitgen.simulate.experiments.fairness import seat_fixes

        report["seat_fixes"] = seat_fixes(plan, settings, report["by_players"], progress)
    if experiments.ladder_games:
        from kitgen.simulate.experiments.ladder import skill_ladder

        report["skill_ladder"] = skill_ladder(plan, settings, experiments.ladder_games, progress)


def lab_options(settings: Settings, experiments: Experiments) -> dict:
    """The options of kitgen simulate that give this run, by flag (a run made in Python, not by the CLI)."""
    return {"--games": settings.games, "--players": ",".join(map(str, (settings.players, *experiments.player_counts))),
            "--seed": settings.seed, "--policy": ",".join(settings.policies), "--without": list(settings.without),
            "--impact-games": experiments.impact_games, "--fixes": experiments.fixes,
            "--ladder": experiments.ladder_games, "--mcts-iterations": settings.mcts_iterations,
            "--mcts-seconds": settings.mcts_seconds}


def narrowed(options: dict, counts: list[int]) -> dict:
    """The options of a run cut short as its report is: the player counts played, no experiments."""
    return options | {"--players": ",".join(map(str, counts)), "--impact-games": 0, "--fixes": False, "--ladder": 0}
