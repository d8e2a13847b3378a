"""The balance lab on tiny games whose outcome is known, and on Galactic Civ's own data."""
from __future__ import annotations

import dataclasses
import typing
from pathlib import Path

import pytest

from kitgen.load import load_game
from kitgen.model import (Action, ActionKind, Attribute, Card, CardType, Deck, DiceTable, Effect, Faction, Game, Phase,
                          TableRow, Threshold, VictoryPath)
from kitgen.simulate.vocabulary import ACTIONS
from kitgen.simulate.vocabulary.counters import act_change, act_take
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.loop import play
from kitgen.simulate.experiments.lab import simulate
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.players import POLICIES
from kitgen.simulate.players.greedy import greedy_attribute, greedy_option, option_worth
from kitgen.simulate.players.standing import weights
from kitgen.simulate.report.summary import missing_rules
from kitgen.simulate.play.run import Settings

ROOT = Path(__file__).resolve().parents[2]
GREEDY = POLICIES["greedy"]


def tiny_game(factions=(), paths=(), phases=None, turns=10, cards=None) -> Game:
    """Two attributes, a deck of +1 cards, a phase that rolls 1D2 for an attribute to raise."""
    cards = cards or (Card("Alpha", "Gain", (Effect("A", 1),), copies=10),
                      Card("Beta", "Gain", (Effect("B", 1),), copies=10))
    if phases is None:
        phases = (Phase("Grow", "Roll, draw, play.", actions=(
            Action("change", delta=1, table="coin"), Action("draw", count=1), Action("play", types=("Gain",)))),)
    return Game("tiny", "Tiny", "T", "2", (Attribute("A", start="0"), Attribute("B", start="0")),
                (CardType("Gain", "main"),), (Deck("main", "Main", "T", cards),), phases,
                factions=factions, victory_paths=paths, turns=turns,
                tables=(DiceTable("coin", "Coin", (TableRow("1", "A", attribute="A"), TableRow("2", "B", attribute="B")),
                                  die="1D2"),))


def galactic_civ() -> Game:
    return load_game(ROOT / "data" / "galactic-civ")


def seated(game: Game, values: list[list[int]], seed: int = 1) -> Table:
    table = Table(plan_game(game), seed, (GREEDY,) * len(values), ACTIONS)
    table.values = [list(v) for v in values]
    return table


def test_actions__the_registry_plays_every_action_the_data_may_name():
    # and steps of its own: `evaluate` works out a count or delta written as an expression, `repeat` takes a step
    # `times:` times (compile/steps.compile_step), `each` has every player take a phase's start and end steps
    # in a phase played once (compile/phases.py), `answered` offers a step's answers before it is taken,
    # `each-card` takes a step once for each card of an in-play zone (a step's `each:`)
    assert set(ACTIONS) == set(typing.get_args(ActionKind)) | {"evaluate", "repeat", "each", "answered", "each-card"}


def test_greedy__takes_its_point_from_the_leader_not_the_weakest():
    """The Influence Phase: 'a target opponent gives you 1 point'. Seat 2 leads, seat 1 trails."""
    game = galactic_civ()
    table = seated(game, [[5] * 8, [3] * 8, [9, 9, 9, 9, 9, 12, 9, 12]])
    influence = next(p for p in table.plan.phases if p.name == "Influence Phase").actions[0]
    before = [sum(v) for v in table.values]
    act_take(table, 0, influence)
    after = [sum(v) for v in table.values]
    assert after[2] == before[2] - 1 and after[1] == before[1] and after[0] == before[0] + 1


def test_greedy__harms_the_leader_and_helps_the_last():
    game = galactic_civ()
    table = seated(game, [[5] * 8, [3] * 8, [9, 9, 9, 9, 9, 12, 9, 12]])
    assert table.policies[0].choose_opponent(table, 0, 2) == 2  # Aggression: -2 to the target
    assert table.policies[0].choose_opponent(table, 0, -1) == 1  # Trade: +1 to the target


def test_victory__a_win_counts_for_every_path_the_winner_meets():
    game = tiny_game(factions=(Faction("Giant", effects=(Effect("A", 100), Effect("B", 100))), Faction("Normal")),
                     paths=(VictoryPath("Lead A", "Highest A by 5.", after_turn=1, highest=("A",), margin=5),
                            VictoryPath("Lead B", "Highest B by 5.", after_turn=1, highest=("B",), margin=5)),
                     phases=(Phase("End", "Check.", actions=(Action("check-victory"),)),))
    report = simulate(game, Settings(games=20, players=2, seed=3, policies=("random",), workers=1))
    assert report["victories"] == {"Lead A": 20, "Lead B": 20}
    assert report["wins_meeting_several_paths"] == 20 and report["decided"] == 20


def test_simulate__a_player_100_points_ahead_always_wins():
    game = tiny_game(factions=(Faction("Giant", effects=(Effect("A", 100),)), Faction("Normal")),
                     paths=(VictoryPath("Lead", "Highest A by 5.", after_turn=1, highest=("A",), margin=5),),
                     phases=(Phase("Grow", "Roll.", actions=(Action("change", delta=1, table="coin"),
                                                              Action("check-victory"))),))
    report = simulate(game, Settings(games=200, players=2, seed=3, policies=("random",), workers=1))
    assert report["factions"]["Giant"] == {"plays": 200, "wins": 200, "win_rate": 1.0, "ci95": [0.9812, 1.0],
                                          "vs_even_share_holm": "above"}
    assert report["factions"]["Normal"]["wins"] == 0
    assert report["victories"] == {"Lead": 200} and report["turns"]["max"] == 2  # decided on turn 2
    assert report["factions_differ"]["p_value"] < 1e-6


def test_simulate__a_symmetric_game_gives_each_seat_an_even_share_within_its_interval():
    game = tiny_game(paths=(VictoryPath("Most A", "Highest A at the end of turn 10.", at_end_of_turn=10,
                                        highest=("A",)),))
    report = simulate(game, Settings(games=2000, players=2, seed=5, policies=("random",), workers=1))
    assert report["decided"] > 1000
    for seat in report["seats"]:
        low, high = seat["ci95"]
        assert low <= report["even_share"] <= high, seat
    assert report["seats_differ"]["p_value"] > 0.01
    assert [seat["vs_even_share_holm"] for seat in report["seats"]] == ["", ""]


def test_simulate__a_path_that_can_never_be_met_is_never_reported():
    game = tiny_game(paths=(VictoryPath("Impossible", "A above 1000.", thresholds=(Threshold("A", 1000),)),
                            VictoryPath("Most A", "Highest A at the end.", at_end_of_turn=10, highest=("A",))),
                     phases=(Phase("Grow", "Roll.", actions=(Action("change", delta=1, table="coin"),
                                                              Action("check-victory"))),))
    report = simulate(game, Settings(games=300, players=3, seed=1, policies=("greedy",), workers=1))
    assert report["victories"]["Impossible"] == 0
    assert report["victories"]["Most A"] + report["no_winner"] == 300


def test_simulate__the_same_seed_gives_the_same_report_however_many_workers():
    game = galactic_civ()
    settings = Settings(games=100, players=4, seed=7, policies=("greedy", "random", "random", "greedy"), workers=1)
    one = simulate(game, settings)
    assert simulate(game, dataclasses.replace(settings, workers=2)) == one
    assert simulate(game, dataclasses.replace(settings, seed=8)) != one


def test_simulate__galactic_civ_plays_every_rule_exactly_but_the_race_choice_and_names_every_race_and_path():
    game = galactic_civ()
    report = simulate(game, Settings(games=300, players=4, seed=1, policies=("random",), workers=1))
    # "Each player chooses the role of 1 of the Main Races": no simulated player chooses; each is dealt one.
    # Two rules sections say no rule of play (paper and pencil; what the deck holds): printed, not simulated.
    assert [c["rule"] for c in report["coverage"] if c["status"] != "exact"] == \
        ["rule 'Record Log'", "rule 'The Deck'", "setup"] and report["missing"] == []
    assert "dealt at random" in next(c["note"] for c in report["coverage"] if c["rule"] == "setup")
    assert set(report["factions"]) == {f.name for f in game.factions}
    assert list(report["victories"]) == [v.name for v in game.victory_paths]
    assert report["decided"] + report["no_winner"] == 300
    assert report["optional_rules"] == {"events": "in play"}
    notes = {c["rule"]: c["note"] for c in report["coverage"]}  # each victory says how it is checked
    conquest = next(v for v in game.victory_paths if v.name == "Conquest Victory").when  # written in `when:`
    assert notes["victory 'Conquest Victory'"] == (
        f"after turn {conquest.turn_after}: highest {conquest.highest[0]}, and highest "
        f"{' or '.join(w.highest[0] for w in conquest.any)}, each at least {conquest.by} points ahead of every other player")
    assert all(notes[f"victory '{v.name}'"] for v in game.victory_paths)


def test_simulate__without_events_leaves_the_event_deck_out_and_says_so():
    game = galactic_civ()
    plan = plan_game(game, without=("events",))
    assert "events" not in plan.decks and plan.without == ("events",)
    assert not [s for p in plan.phases for s in p.actions if s.do == "event"]
    report = simulate(game, Settings(games=50, players=4, seed=1, policies=("random",), workers=1, without=("events",)))
    assert report["optional_rules"] == {"events": "left out"}
    assert report["provenance"]["options"]["--without"] == ["events"]
    events = {c.name for c in game.decks[1].cards}
    assert events  # and none of them could have been played: they are not in any deck
    assert all(plan.cards[c].name not in events for copies in plan.decks.values() for c in copies)


def test_greedy__values_the_benevolence_rolls_from_the_table():
    """Benevolent: 2 rolls of 1D10 on Outreach (1-2 Expand), Affinity (3-5 Morale), Prominence (6-8
    Influence), Enlightenment (9-10 Research). A player who needs only Research expects 2 x 20%."""
    game = galactic_civ()
    table = seated(game, [[5] * 8, [5] * 8])
    plan = table.plan
    dilemma = next(i for i, c in enumerate(plan.cards) if c.name == "Sentient Pods")  # malevolent: Research +2
    options = plan.types[plan.cards[dilemma].kind].options
    research_only = [0.0, 1.0, 0, 0, 0, 0, 0, 0]
    worth = {o.condition: option_worth(table, research_only, dilemma, o) for o in options}
    assert worth == {"malevolent": 2.0, "benevolent": pytest.approx(2 * 0.2)}
    influence_only = [0, 0, 0, 0, 0, 1.0, 0, 0]
    assert option_worth(table, influence_only, dilemma, options[1]) == pytest.approx(2 * 0.3)


def test_greedy__chooses_each_side_of_a_dilemma_when_it_is_worth_more():
    game = galactic_civ()
    plan = plan_game(game)
    dilemma = next(i for i, c in enumerate(plan.cards) if c.name == "Sentient Pods")
    options = plan.types[plan.cards[dilemma].kind].options
    chosen = set()
    for values in ([[3, 8, 15, 3, 3, 3, 3, 3], [5] * 8],  # Ascension: Exploration led, Research wanted
                   [[5, 5, 5, 5, 11, 15, 5, 5], [5] * 8]):  # near Influence Victory: Research is worth little
        table = Table(plan, 1, (GREEDY, GREEDY), ACTIONS)
        table.values = values
        chosen.add(greedy_option(table, 0, dilemma, options).condition)
    assert chosen == {"malevolent", "benevolent"}


def test_greedy__breaks_a_pick_one_tie_from_the_state_not_the_list_order():
    """Equal weights for every attribute but one: the tie goes to the attribute the player leads least."""
    game = galactic_civ()
    table = seated(game, [[5, 5, 5, 5, 5, 5, 5, 5], [3, 4, 6, 2, 5, 5, 5, 5]])
    weight = weights(table, 0)
    tied = [a for a, w in enumerate(weight) if w == max(weight)]
    pick = greedy_attribute(table, 0, 0, 1)
    if len(tied) > 1:
        lead = [m - o for m, o in zip(table.values[0], table.values[1], strict=True)]
        assert pick == min(tied, key=lambda a: (lead[a], a))
    assert pick != 0 or tied == [0]


def test_floors__cards_may_take_an_attribute_below_zero_the_approval_loss_stops_at_zero():
    game = galactic_civ()
    table = seated(game, [[0] * 8, [5] * 8])
    approval = next(p for p in table.plan.phases if p.name == "Approval Phase").actions[0]
    act_change(table, 0, approval)
    assert min(table.values[0]) == 0
    xenophobes = next(i for i, c in enumerate(table.plan.cards) if c.name == "Xenophobes")  # Influence -2
    table.resolve(0, xenophobes)
    assert table.values[0][5] == -2
    choices = {k.id: k.what for k in game.kit_choices}
    assert "attribute-floor" in choices and "approval-floor" in choices  # the kit says both, visibly


def test_report__a_game_no_one_wins_or_whose_victory_is_text_names_what_is_missing():
    checked = (Phase("Grow", "Roll, draw, play; check victory.", actions=(
        Action("change", delta=1, table="coin"), Action("draw", count=1), Action("play", types=("Gain",)),
        Action("check-victory"))),)
    never = tiny_game(paths=(VictoryPath("Impossible", "A above 1000.", thresholds=(Threshold("A", 1000),)),),
                      phases=checked)
    report = simulate(never, Settings(games=40, players=2, seed=1, policies=("random",), workers=1))
    assert report["missing"] == ["no winner in 100.0% of games (40 of 40; 95% interval 91.2%-100.0%), more than 5%"]
    unchecked = simulate(tiny_game(paths=never.victory_paths), Settings(games=40, players=2, seed=1,
                                                                        policies=("random",), workers=1))
    assert unchecked["missing"] == ["skipped: victory 'Impossible'", "no winner in 100.0% of games (40 of 40; 95% interval 91.2%-100.0%), more than 5%"]
    row = next(r for r in unchecked["coverage"] if r["rule"] == "victory 'Impossible'")
    assert row["status"] == "skipped" and row["note"].startswith("unreachable: no step checks it")
    text_only = tiny_game(paths=(VictoryPath("Most Glory", "Whoever has the most glory."),))
    assert missing_rules(plan_game(text_only)) == ["skipped: victory 'Most Glory'"]


def test_stats__known_values():
    from kitgen.simulate.report.stats import chi_square_p, holm, paired, wilson

    assert chi_square_p(3.841459, 1) == pytest.approx(0.05, abs=1e-5)
    assert chi_square_p(11.0705, 5) == pytest.approx(0.05, abs=1e-5)
    assert chi_square_p(0.5, 3) == pytest.approx(0.918891, abs=1e-5)
    assert holm([0.01, 0.04, 0.03, 0.005]) == [True, False, False, True]
    assert wilson(0, 10) == [0.0, 0.2775]
    assert paired([1, 0] * 50).ci95[0] > 0.39


@pytest.mark.parametrize("policy", ["lookahead", "mcts"])
def test_search_players__play_whole_games(policy):
    report = simulate(galactic_civ(), Settings(games=2, players=3, seed=1, policies=(policy, "greedy", "greedy"),
                                               workers=1, mcts_iterations=8))
    assert report["games"] == 2 and report["policies"] == [policy, "greedy", "greedy"]


def test_engine__a_game_played_in_pieces_is_the_game_played_at_once():
    """play(until_turn=N) stops after turn N's last moment (a search player's rollout horizon) and
    play(start=...) goes on from the next: the pieces give the same result as one call, greedy or
    random, for every game that lasts past the cut."""
    from kitgen.simulate.engine.schedule import Moment, schedule

    plan = plan_game(galactic_civ())
    for name in ("greedy", "random"):
        policies = (POLICIES[name],) * 4
        for seed in range(12):
            whole = play(Table(plan, seed, policies, ACTIONS))
            table = Table(plan, seed, policies, ACTIONS)
            first = play(table, until_turn=5)
            if first.winner >= 0:
                assert first == whole
                continue
            assert first.turn == 5 and schedule(plan, 4)[table.moment] == Moment(5, -1, None)
            assert play(table, start=table.moment + 1) == whole


def test_check__actions_name_only_what_the_game_has():
    from kitgen.check import check_game

    game = tiny_game(paths=(VictoryPath("Most A", "Highest A.", at_end_of_turn=10, highest=("A",)),),
                     phases=(Phase("Grow", "Roll.", actions=(Action("change", delta=1, table="coins"),
                                                              Action("play", types=("Gian",)),
                                                              Action("take"))),))
    messages = [p.message for p in check_game(game) if p.is_error]
    assert messages == ["phase 'Grow': action 'change': unknown dice table 'coins' (did you mean 'coin'?)",
                        "phase 'Grow': action 'play': unknown card type 'Gian' (did you mean 'Gain'?)",
                        "phase 'Grow': action 'take' needs an attribute or a table"]


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_simulate__a_much_stronger_race_wins_much_more(policy):
    game = galactic_civ()
    settings = Settings(games=200 if policy == "greedy" else 400, players=4, seed=2, policies=(policy,), workers=1)
    before = simulate(game, settings)["factions"]["Thalan Contingency"]
    boosted = tuple(dataclasses.replace(f, effects=tuple(Effect(a.name, 4) for a in game.attributes))
                    if f.name == "Thalan Contingency" else f for f in game.factions)
    after = simulate(dataclasses.replace(game, factions=boosted), settings)["factions"]["Thalan Contingency"]
    assert after["ci95"][0] > before["ci95"][1], (before, after)  # the intervals do not even overlap
    assert after["win_rate"] > 2 * before["win_rate"]


def test_fixes__a_fix_that_only_takes_wins_away_does_not_help():
    """Everyone gains 1 A a turn and wins past 3 at his End Phase: the first seat always wins. Checking
    at the end of the round makes every game a tie, won by nobody: that is no fix."""
    from kitgen.simulate.experiments.lab import Experiments

    game = tiny_game(paths=(VictoryPath("Past 3", "A above 3.", thresholds=(Threshold("A", 3),)),),
                     phases=(Phase("Grow", "Gain.", actions=(Action("change", delta=1, attribute="A"),
                                                              Action("check-victory"))),))
    report = simulate(game, Settings(games=40, players=2, seed=1, policies=("random",), workers=1),
                      Experiments(fixes=True))
    assert [s["win_rate"] for s in report["seats"]] == [1.0, 0.0]
    fixes = {row["fix"]: row for row in report["seat_fixes"]}
    at_round_end = fixes["victory checked at the end of each round"]
    assert at_round_end["seat_win_rates"] == [0.0, 0.0] and at_round_end["no_winner"] == 40
    assert not at_round_end["helps"]


def test_ladder__greedy_beats_random_where_choosing_the_right_card_wins():
    from kitgen.simulate.experiments.lab import Experiments

    choose = (Phase("Choose", "Draw 2, play 1.", actions=(Action("draw", count=2), Action("play", types=("Gain",)))),)
    game = tiny_game(paths=(VictoryPath("Most A", "Highest A at the end of turn 10.", at_end_of_turn=10,
                                        highest=("A",)),), phases=choose)
    report = simulate(game, Settings(games=20, players=2, seed=1, policies=("random",), workers=1, mcts_iterations=4),
                      Experiments(ladder_games=200))
    rungs = {(r["field"], r["player"]): r for r in report["skill_ladder"]}
    assert list(rungs) == [("random", "greedy"), ("greedy", "lookahead"), ("lookahead", "mcts")]
    greedy = rungs[("random", "greedy")]
    assert greedy["verdict"] == "rewards skill" and greedy["ci95"][0] > greedy["even_share"]
    assert len(greedy["by_seat"]) == 2


def test_ladder__a_rungs_cost_counts_the_workers_of_the_runs_pool():
    """On two workers (the run's kept pool, alive until the run ends: the operating system's count of
    ended children does not hold them yet), a rung's CPU seconds a game are still its games': a
    lookahead seat rolls each candidate out on three copies, greedy weighs it once, so lookahead's
    rung costs many times greedy's (some 50 times, measured; before, both read the parent's idle
    CPU: 0.0004 and 0.0005 s)."""
    from kitgen.simulate.experiments.lab import Experiments

    report = simulate(galactic_civ(), Settings(games=2, players=2, seed=1, workers=2, mcts_iterations=4),
                      Experiments(ladder_games=8))
    cost = {r["player"]: r["cpu_seconds_per_game"] for r in report["skill_ladder"]}
    assert cost["lookahead"] > 5 * cost["greedy"] and cost["mcts"] > 5 * cost["greedy"]


def test_balance_pdf__draws_fixes_and_the_ladder_when_the_report_has_them(tmp_path):
    from tests.conftest import pdf_text

    from kitgen.project import Project
    from kitgen.render.balance import render_balance
    from kitgen.render.fonts import register_fonts
    from kitgen.simulate.experiments.lab import Experiments

    register_fonts(Project.default().fonts)
    game = tiny_game(paths=(VictoryPath("Past 3", "A above 3.", thresholds=(Threshold("A", 3),)),),
                     phases=(Phase("Grow", "Gain.", actions=(Action("change", delta=1, attribute="A"),
                                                              Action("check-victory"))),))
    report = simulate(game, Settings(games=20, players=2, seed=1, policies=("random",), workers=1, mcts_iterations=2),
                      Experiments(fixes=True, ladder_games=20))
    render_balance(report, "Tiny", tmp_path / "balance.pdf", "kitgen simulate tiny")
    text = pdf_text(tmp_path / "balance.pdf")
    assert "Candidate seat fixes, simulated" in text and "victory checked at the end of each round" in text
    fix = report["seat_fixes"][0]  # the rates after a fix carry their 95% interval's widest half
    assert f"±{100 * max((high - low) / 2 for low, high in fix['ci95']):.1f} pts" in text and "95% within" in text
    assert "Skill ladder" in text and "greedy vs random" in text


def test_greedy__the_fast_scorers_agree_with_path_pull_on_every_kind_of_path():
    """nearest() and pulls_of() read one- and two-attribute lists without a call and skip path_pull
    for highest/highest_any and most-attributes paths: on random leads (ties and negatives included)
    they give path_pull's own keys and bottlenecks, path by path."""
    import random

    from kitgen.simulate.compile.plan import PathPlan
    from kitgen.simulate.players.standing import nearest, path_pull, pulls_of

    paths = (PathPlan("one+pair", 10, None, (7,), (4, 3), 5, False, (), False),
             PathPlan("two+three", None, None, (1, 2), (0, 5, 6), 0, False, (), False),
             PathPlan("any only", None, None, (), (2,), 2, False, (), False),
             PathPlan("most", None, 20, (), (), 0, True, (), False),
             PathPlan("thresholds", None, None, (), (), 0, False, ((1, 4), (3, 6)), True))
    plan = plan_game(galactic_civ())
    rng = random.Random(7)
    for _ in range(300):
        lead = [rng.randint(-3, 3) for _ in range(8)]
        mine = [rng.randint(0, 9) for _ in range(8)]
        for path in paths:
            plan.paths = (path,)
            plan.cache.pop("scorers", None)
            assert nearest(plan, lead, mine)[0] == (path_pull(path, lead, mine)[0] if path.most or path.thresholds
                                                    else _simple_key(path, lead))
            assert pulls_of(plan, lead, mine) == (path_pull(path, lead, mine)[1],)


def test_greedy__nearest_path_agrees_with_path_pull_on_plans_of_mixed_paths_and_ties():
    """nearest() reads most-attributes paths first and passes over a pair path whose smallest part is
    already further off: on plans that mix every kind of path (repeats included, leads near 0 so
    that keys tie) it finds path_pull's nearest paths, in data order, and pulls_of their bottlenecks."""
    import random

    from kitgen.simulate.compile.plan import PathPlan
    from kitgen.simulate.players.standing import nearest, path_pull, pulls_of

    pool = (PathPlan("pair", 10, None, (7,), (4, 3), 5, False, (), False),
            PathPlan("pair, no margin", None, None, (2,), (0, 1), 0, False, (), False),
            PathPlan("two+three", None, None, (1, 2), (0, 5, 6), 0, False, (), False),
            PathPlan("most", None, 20, (), (), 0, True, (), False),
            PathPlan("most and highest", None, None, (3,), (), 0, True, (), False),
            PathPlan("thresholds", None, None, (), (), 0, False, ((1, 4), (3, 6)), True))
    plan = plan_game(galactic_civ())
    rng = random.Random(11)
    for _ in range(400):
        plan.paths = tuple(rng.choice(pool) for _ in range(rng.randint(1, 5)))
        plan.cache.pop("scorers", None)
        lead = [rng.randint(-2, 2) for _ in range(8)]
        mine = [rng.randint(3, 7) for _ in range(8)]
        keys = [path_pull(path, lead, mine)[0] if path.most or path.thresholds else _simple_key(path, lead)
                for path in plan.paths]
        best = [i for i, key in enumerate(keys) if key == max(keys)]
        assert nearest(plan, lead, mine) == (max(keys), best)
        assert pulls_of(plan, lead, mine) == tuple(path_pull(plan.paths[i], lead, mine)[1] for i in best)


def _simple_key(path, lead: list[int]) -> tuple[int, int]:
    """The nearest-path key greedy had before it was inlined (10**6 stands for a part the path lacks)."""
    need = max(path.margin, 1)
    low = min(lead[a] for a in path.highest) - need if path.highest else 10**6
    high = max(lead[a] for a in path.highest_any) - need if path.highest_any else 10**6
    return (min(low, high), (low if path.highest else 0) + (high if path.highest_any else 0))


def test_greedy__discards_together_what_it_discards_one_at_a_time():
    """greedy_discards weighs a hand once for several discards: on random scores and hands (copies of
    a card included) it gives the cards greedy_card picks one after another from what is left."""
    import random

    from kitgen.simulate.players.greedy import greedy_card, greedy_discards

    table = seated(galactic_civ(), [[0] * 8] * 4)
    hand_cards = sorted(c for c in range(len(table.plan.cards)) if table.deck_of[c] == table.plan.first_deck)
    rng = random.Random(5)
    for _ in range(200):
        table.values = [[rng.randint(0, 6) for _ in range(8)] for _ in range(4)]
        seat, hand = rng.randrange(4), [rng.choice(hand_cards[:12]) for _ in range(rng.randint(2, 9))]
        count = rng.randint(2, len(hand))
        left, one_by_one = list(hand), []
        for _ in range(count):
            one_by_one.append(greedy_card(table, seat, left, False))
            left.remove(one_by_one[-1])
        assert greedy_discards(table, seat, list(hand), count) == one_by_one


def test_engine__a_four_player_trigger_test_is_a_single_highest_or_lowest():
    """extreme() compares a table of four directly: it agrees with counting who is as high (low)."""
    import random

    from kitgen.simulate.engine.victory import extreme

    rng = random.Random(3)
    for _ in range(500):
        values = [[rng.randint(0, 3) for _ in range(3)] for _ in range(rng.choice((2, 3, 4, 4, 5)))]
        seat, attribute = rng.randrange(len(values)), rng.randrange(3)
        mine = values[seat][attribute]
        assert extreme(values, seat, ("highest", attribute)) == (sum(row[attribute] >= mine for row in values) == 1)
        assert extreme(values, seat, ("lowest", attribute)) == (sum(row[attribute] <= mine for row in values) == 1)


def test_engine__a_card_that_only_adds_its_players_points_resolves_as_apply_does():
    """resolve() adds a plain card's points itself (engine.plain_effects): for every such card of
    Galactic Civ, the scores after it are those apply() gives; dilemmas and votes are not plain."""
    from kitgen.simulate.engine.derived import plain_effects
    from kitgen.simulate.compile.plan import NO_CONDITION

    start = [[3, 1, 4, 1, 5, 9, 2, 6], [2, 7, 1, 8, 2, 8, 1, 8], [0] * 8, [5] * 8]
    plan = plan_game(galactic_civ())
    plain = plain_effects(plan)
    assert any(p is None for p in plain) and sum(p is not None for p in plain) > 100
    for card, effects in enumerate(plain):
        if effects is not None:
            fast, slow = Table(plan, 1, (GREEDY,) * 4, ACTIONS), Table(plan, 1, (GREEDY,) * 4, ACTIONS)
            fast.values, slow.values = [list(v) for v in start], [list(v) for v in start]
            fast.resolve(1, card)
            slow.apply(1, plan.cards[card].effects, NO_CONDITION)
            assert fast.values == slow.values and fast.values != start, plan.cards[card].name


@pytest.mark.parametrize("hand, left", [(("Scout Ships", "Interceptors"), "Scout Ships"), (("Scout Ships",), "Scout Ships")])
def test_play__a_faction_never_plays_a_card_its_may_not_play_names(hand, left):
    """Every faction barred from Scout Ships: the Build phase's play takes the other Ship, or nothing."""
    game = galactic_civ()
    game = dataclasses.replace(game, factions=tuple(dataclasses.replace(f, may_not_play=("Scout Ships",))
                                                    for f in game.factions))
    plan = plan_game(game)
    table = Table(plan, 1, (GREEDY, GREEDY), ACTIONS)
    index = {card.name: i for i, card in reversed(list(enumerate(plan.cards)))}
    table.hands[0][:] = [index[name] for name in hand]
    step = plan.phases[1].actions[0]
    assert step.do == "play" and step.more is None
    ACTIONS["play"](table, 0, step)
    assert [plan.cards[c].name for c in table.hands[0]] == [left]


def test_draw__with_a_target_the_players_it_names_draw():
    """Galactic Civ's draw of 3 written for the other players: the other two hands get 3 cards each, not the seat's."""
    game = galactic_civ()
    phases = (dataclasses.replace(game.phases[0], actions=(dataclasses.replace(game.phases[0].actions[0],
                                                                              target="all-other-players"),)),)
    plan = plan_game(dataclasses.replace(game, phases=phases))
    table = Table(plan, 1, (GREEDY,) * 3, ACTIONS)
    before = [len(hand) for hand in table.hands]
    step = plan.phases[0].actions[0]
    assert step.do == "draw" and step.more is None
    ACTIONS["draw"](table, 0, step)
    assert [len(hand) - n for hand, n in zip(table.hands, before, strict=True)] == [0, 3, 3]
