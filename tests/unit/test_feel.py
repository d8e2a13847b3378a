"""How the game feels (README, "How the game feels"): each measure worked out by hand, on turn-end
standings written out here, on hand-made results, and on a hand-built game played by the engine."""
from __future__ import annotations

from kitgen.model import Action, Phase, Threshold, VictoryPath
from kitgen.simulate.engine.record import GameFeel, game_feel
from kitgen.simulate.engine.result import GameResult
from kitgen.simulate.play.blocks import Block, play_block
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.report.feel import feel
from tests.unit.test_simulate import tiny_game


def test_game_feel__lead_changes_drama_and_decisiveness_of_written_out_standings():
    # turn ends: seat 1 leads, seat 2 leads twice (1 behind), seat 1 leads at the end and wins
    come_back = game_feel([(1.0, 0.0), (0.0, 1.0), (0.0, 1.0), (2.0, 0.0)], winner=0, choice_turns=5)
    assert come_back == GameFeel(turns=4, lead_changes=2, drama=100, trailed=1, secure=1, choice_turns=5,
                                 seat_turns=8, led=4)
    # a tie for the lead keeps the last sole leader: seat 1, tie, seat 2 -> one change; the winner was 1.5 behind
    ties = game_feel([(1.0, 1.0), (2.0, 1.0), (2.0, 2.0), (0.5, 2.0)], winner=1)
    assert (ties.lead_changes, ties.drama, ties.secure, ties.led) == (1, 100, 1, 2)
    caught_up = game_feel([(2.0, 1.0), (1.0, 1.0), (2.0, 1.0)], winner=0)  # caught, never passed: no change
    assert (caught_up.lead_changes, caught_up.secure, caught_up.led) == (0, 1, 2)
    wire_to_wire = game_feel([(0.0, -1.0), (1.0, 0.0), (2.0, 0.5)], winner=0)
    assert (wire_to_wire.lead_changes, wire_to_wire.drama, wire_to_wire.trailed, wire_to_wire.secure) == (0, 0, 0, 3)
    nobody = game_feel([(1.0, 0.0), (0.0, 1.0)], winner=-1)
    assert (nobody.lead_changes, nobody.drama, nobody.trailed, nobody.secure) == (1, 0, 0, 0)


def result(winner: int, turn: int, figures: GameFeel | tuple = ()) -> GameResult:
    return GameResult(winner, (0,) if winner >= 0 else (), turn, (-1, -1), ((), ()), tuple(figures))


def test_feel__fairness_length_and_the_means_of_hand_made_games():
    games = [result(0, 10, GameFeel(10, 2, 150, 1, 5, 20, 20, 10))] * 60 + \
            [result(1, 20, GameFeel(20, 0, 0, 0, 20, 10, 40, 20))] * 40
    measures = feel(games, 2)
    assert measures["fairness"]["value"] == 0.8  # 1 - (60% - 40%)
    low, high = measures["fairness"]["ci95"]
    assert low < 0.8 < high and measures["fairness"]["first_seat_win_rate"] == 0.6
    assert measures["length"]["mean"] == 14.0 and (measures["length"]["p10"], measures["length"]["p90"]) == (10, 20)
    assert measures["lead_changes"]["mean"] == 1.2 and measures["drama"]["mean"] == 0.9  # 60% of 1.5 points
    assert measures["winner_trailed"]["share"] == 0.6
    assert measures["decisiveness"]["mean"] == 0.7  # 60% of games led for half, 40% led throughout
    assert measures["choice"]["mean"] == 0.7  # 60% x 20/20 + 40% x 10/40
    assert feel([result(0, 10)] * 5, 2)["not_measured"].startswith("no game of these kept a record of its turns")
    level = feel([result(0, 3, GameFeel(3, 0, 0, 0, 0, 3, 6, 0))] * 5, 2)
    assert "drama" not in level and level["not_measured"].startswith("the standings never set one seat ahead")


def test_feel__a_hand_built_game_played_by_the_engine():
    """Each player in turn gains 1 A of an attribute they pick ('any': a real choice); A above 2 wins.
    Seat 1 reaches 3 first, in turn 3, before seat 2's turn: 3 records (ties at the ends of turns 1
    and 2, seat 1 ahead as it won), no lead change, no drama, the winner led for 1 of 3 records; 5
    of the 6 (seat, turn) pairs had a choice (seat 2 never played turn 3)."""
    phase = Phase("Grow", "Gain 1 point in an attribute of your choice.",
                  actions=(Action("change", delta=1, attribute="any"), Action("check-victory")))
    game = tiny_game(phases=(phase,), paths=(VictoryPath("Rich", "A above 2.", thresholds=(Threshold("A", 2),)),))
    played = play_block(plan_game(game), Block(1, 0, 2, ("greedy", "greedy"), 4))
    assert [(r.winner, r.turn) for r in played] == [(0, 3)] * 2
    assert GameFeel(*played[0].feel) == GameFeel(turns=3, lead_changes=0, drama=0, trailed=0, secure=1,
                                                 choice_turns=5, seat_turns=6, led=1)


def test_feel__in_the_json_the_text_and_the_pdf(tmp_path):
    import json

    import pdfplumber

    from tests.attacks.harness import kitgen_in_process, tiny_copy

    folder, pdf = tiny_copy(tmp_path), tmp_path / "balance.pdf"
    common = ("simulate", folder, "--games", "50", "--players", "2", "--workers", "1", "--partial")
    made = kitgen_in_process(*common, "--json", "-o", pdf).run
    assert made.returncode == 0, made.describe()
    measures = json.loads(made.stdout)["feel"]["2"]
    assert measures["recorded_games"] == 4  # games 0, 16, 32, 48: one in sixteen
    fair = measures["fairness"]
    text = kitgen_in_process(*common).run.stdout
    assert f"  fairness                    {fair['value']:.2f} ({fair['ci95'][0]:.2f}-{fair['ci95'][1]:.2f})" in text
    assert "How the game feels, 2 players" in text and "turns with a real choice" in text
    with pdfplumber.open(pdf) as document:
        words = "\n".join(page.extract_text() or "" for page in document.pages)
    assert "How the game feels" in words and f"{fair['value']:.2f} ({fair['ci95'][0]:.2f}-{fair['ci95'][1]:.2f})" in words


def test_a_share_of_turns_keeps_its_interval_within_0_and_1_over_a_few_games():
    from kitgen.simulate.report.feel import mean_interval

    spilled = mean_interval([0.05, 0.95])  # two recorded games: the normal interval runs past both ends
    assert spilled["ci95"][0] < 0 and spilled["ci95"][1] > 1
    held = mean_interval([0.05, 0.95], share=True)
    assert held["mean"] == 0.5 and held["ci95"] == [0.0, 1.0]
