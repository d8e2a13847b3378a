"""kitgen simulate's work from top to bottom: compile the game, refuse what cannot be earned, play
each player count asked, sum up, then the optional experiments (card impact, seat fixes, skill
ladder). Stdlib only; returns the report, prints nothing."""
from __future__ import annotations

import dataclasses

from kitgen.model import Game
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.play.blocks import Progress
from kitgen.simulate.play.run import Settings, play_games
from kitgen.simulate.report.summary import summarise


@dataclasses.dataclass(frozen=True)
class Experiments:
    player_counts: tuple[int, ...] = ()  # more player counts to report seats for (the first is Settings.players)
    impact_games: int = 0  # games per card and variant (0: no card experiments)
    fixes: bool = False  # try the candidate seat fixes where a seat wins far above its share
    ladder_games: int = 0  # games per rung of the skill ladder (0: no ladder)


def simulate(game: Game, settings: Settings, experiments: Experiments = Experiments(), data_hash: str = "",
             progress: Progress | None = None, plan: Plan | None = None) -> dict:
    """`plan`: the game already compiled for play with settings.without (kitgen simulate compiles
    it first to refuse what cannot be earned), else compiled here."""
    plan = plan or plan_game(game, settings.without)
    counts = [settings.players, *(n for n in experiments.player_counts if n != settings.players)]
    results = {}
    for count in counts:
        at_count = settings if count == settings.players else \
            dataclasses.replace(settings, players=count, policies=settings.policies[:1])
        results[count] = play_games(plan, at_count, progress=progress)
    report = summarise(game.id, plan, settings, results, data_hash)
    if report["missing"]:
        return report  # nothing more is earned: an experiment on an unplayable game measures nothing
    if experiments.impact_games:
        from kitgen.simulate.experiments.impact import card_impact

        report["card_impact"] = card_impact(plan, settings, results[settings.players],
                                            min(experiments.impact_games, settings.games), progress)
    if experiments.fixes:
        from kitgen.simulate.experiments.fairness import seat_fixes

        report["seat_fixes"] = seat_fixes(plan, settings, report["by_players"], progress)
    if experiments.ladder_games:
        from kitgen.simulate.experiments.ladder import skill_ladder

        report["skill_ladder"] = skill_ladder(plan, settings, experiments.ladder_games, progress)
    return report
