"""kitgen tune: NTBEA finds what a noisy score rewards; the numbers a game declares tunable are found
where they are written and changed there alone (the rule's text with them); a run writes a new game
folder whose data plays as reported, the same seed giving the same proposal byte for byte."""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kitgen.check.tunables import check_tunables
from kitgen.load import edit, load_game
from kitgen.simulate.experiments import ntbea
from kitgen.simulate.experiments.proposal import edited, locate
from kitgen.simulate.experiments.tune import gap, read_target

REPO = Path(__file__).resolve().parents[2]
GALACTIC = REPO / "data" / "galactic-civ"
FEW = """simulate:
  tune:
    - {turn_order: rotate, min: 0, max: 1, text: "The first player passes to the left each turn."}
    - {phase: Aggression Phase, step: 1, number: delta, min: -3, max: -1}
    - {victory: Conquest Victory, number: by, min: 4, max: 6}
    - {start: Dregin Empire, attribute: Military, min: 3, max: 5}
"""


def galactic_with(tmp_path: Path, tunables: str = FEW) -> Path:
    """Galactic Civ with its tunables replaced by `tunables` (a few: each candidate is loaded)."""
    folder = tmp_path / "galactic-civ"
    shutil.copytree(GALACTIC, folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text[:text.index("simulate:\n")] + tunables, encoding="utf-8")
    return folder


def test_ntbea__finds_the_best_point_of_a_noisy_score():
    best_values = (3, 1, 4, 0)
    noise = random.Random(5)

    def score(i, point):
        return -sum(abs(a - b) for a, b in zip(point, best_values, strict=True)) / 10 + noise.gauss(0, 0.05)

    found, model = ntbea.search((5, 5, 5, 3), (0, 0, 0, 2), score, 80, seed=2, explore=0.1)
    assert sum(abs(a - b) for a, b in zip(found, best_values, strict=True)) <= 1
    assert model.total == 80


def test_ntbea__the_same_seed_makes_the_same_search():
    def score(i, point):
        return random.Random(i * 31 + sum(point)).random() - point[0] / 3

    runs = [ntbea.search((4, 4, 4), (1, 1, 1), score, 25, seed=9, explore=0.1)[0] for _ in range(2)]
    assert runs[0] == runs[1]


def test_ntbea__a_point_not_eligible_is_never_recommended():
    found, _ = ntbea.search((6,), (0,), lambda i, point: float(point[0]), 30, seed=1, explore=0.1,
                            eligible=lambda point: point[0] < 3)
    assert found == (2,)


@pytest.mark.parametrize("text, read", [
    ("even-seats", ("even-seats", 0.0)), ("even-factions", ("even-factions", 0.0)), ("length=12", ("length", 12.0)),
    ("length=0", "length=N takes"), ("length=nan", "length=N takes"), ("even-seat", "unknown target 'even-seat'"),
])
def test_read_target__names_and_lengths(text, read):
    found = read_target(text)
    assert found == read if isinstance(read, tuple) else read in found


def test_edit__numbers_keep_how_they_were_written():
    text = 'a: {delta: +2, by: "5"}\nb:\n  - name: X\n    type: Ship\nc: {name: Y}\n'
    root = edit.compose(text, "t.yaml")
    plus = edit.key_spot(text, edit.find(root, ("a",)), "delta")
    quoted = edit.key_spot(text, edit.find(root, ("a",)), "by")
    block = edit.key_spot(text, edit.find(root, ("b", 0)), "copies")
    flow = edit.key_spot(text, edit.find(root, ("c",)), "copies")
    new = edit.spliced(text, [(plus, edit.written(plus, 3)), (quoted, edit.written(quoted, 7)),
                              (block, edit.written(block, 2)), (flow, edit.written(flow, 4))])
    assert new == 'a: {delta: +3, by: "7"}\nb:\n  - copies: 2\n    name: X\n    type: Ship\nc: {name: Y, copies: 4}\n'


def test_check__galactic_civ_declares_tunables_that_each_name_a_number():
    game = load_game(GALACTIC)
    assert len(game.simulate.tune) >= 10
    assert check_tunables(game) == []


@pytest.mark.parametrize("tunable, message", [
    ("{phase: Agression Phase, step: 1, number: delta, min: -3, max: -1}", "no phase 'Agression Phase' (did you mean"),
    ("{phase: Aggression Phase, step: 4, number: delta, min: -3, max: -1}", "has 1 step(s): step: from 1 to 1"),
    ("{phase: Aggression Phase, step: 1, number: floor, min: 0, max: 1}", "'number' must be one of count, delta"),
    ("{start: Dregin Empire, attribute: Trade, min: 0, max: 3}", "has no start effect on 'Trade'"),
    ("{victory: Conquest Victory, number: by, min: 6, max: 3}", "min 6 is above max 3"),
    ("{victory: Conquest Victory, number: by, min: 6, max: 9}", "its value now, 5, is outside min 6 and max 9"),
    ("{victory: Conquest Victory, number: by, min: 0, max: 1000}", "1,001 values from min to max: at most 101"),
    ("{copies: Scout Ships, min: 0, max: 3}", "copies: min must be at least 1"),
    ("{turn_order: rotate, min: 0, max: 2, text: x}", "min and max from 0 to 1"),
    ("{turn_order: rotate, min: 0, max: 1}", "needs text:"),
    ("{min: 0, max: 1}", "a tunable names one of copies, start"),
    ("{copies: Scout Ships, start: Dregin Empire, min: 1, max: 2}", "this one names copies, start"),
])
def test_check__a_tunable_naming_nothing_or_with_bad_bounds_is_one_located_error(tmp_path, tunable, message):
    folder = galactic_with(tmp_path, f"simulate:\n  tune:\n    - {tunable}\n")
    problems = check_tunables(load_game(folder))
    line = (folder / "game.yaml").read_text(encoding="utf-8").splitlines().index(f"    - {tunable}") + 1
    assert len(problems) == 1 and problems[0].is_error
    assert message in problems[0].message and problems[0].where.line == line, problems


def test_proposal__changes_the_number_and_the_text_that_says_it(tmp_path):
    game = load_game(galactic_with(tmp_path))
    texts, knobs = locate(tmp_path / "galactic-civ", game)
    changed, reword = edited(texts, knobs, (1, -1, 6, 5))
    rules, top = changed["rules.yaml"], changed["game.yaml"]
    assert "actions: [{do: change, delta: -1, target: target-player" in rules
    assert 'summary: "A target opponent loses 1 in 1 random attribute."' in rules
    assert rules.count("by: 6") == 3 and "by at least 6 points each" in rules and rules.count("by: 5") == 12
    assert "Start with Military +5" in top and "{attribute: Military, delta: +5}" in top
    assert top.endswith('turn_order: {rotate: true, text: "The first player passes to the left each turn."}\n')
    assert reword == []
    assert edited(texts, knobs, (0, -2, 5, 4))[0] == texts  # the values it has: the files as they are


def test_proposal__a_bom_and_decomposed_letters_are_kept_and_only_the_numbers_change(tmp_path):
    """kitgen tune writes the designer's files back: a file saved with a BOM, or with letters composed
    as a Mac writes them (NFD), keeps them; a name in NFD is still the game's (loaded in NFC)."""
    import unicodedata
    folder = galactic_with(tmp_path)
    nfd = unicodedata.normalize("NFD", "Dregin Émpire")
    original = "\ufeff" + (folder / "game.yaml").read_text(encoding="utf-8").replace(
        "Galactic Civ", unicodedata.normalize("NFD", "Galactic Civ, Édition")).replace("Dregin Empire", nfd)
    (folder / "game.yaml").write_bytes(original.encode("utf-8"))
    game = load_game(folder)
    texts, knobs = locate(folder, game)
    assert texts["game.yaml"] == original  # as written: its BOM, its decomposed letters
    top = edited(texts, knobs, (0, -2, 5, 5))[0]["game.yaml"]
    assert top == original.replace("Start with Military +4", "Start with Military +5").replace(
        "{attribute: Military, delta: +4}", "{attribute: Military, delta: +5}")


def test_gap__even_seats_counts_the_games_nobody_won(tmp_path):
    class Result:
        def __init__(self, winner):
            self.winner, self.turn = winner, 10
    results = [Result(0)] * 6 + [Result(1)] * 2 + [Result(-1)] * 2
    assert gap(("even-seats", 0), None, results, 2) == pytest.approx(0.6 - 0.4 + 0.2)  # type: ignore[arg-type]
    assert gap(("length", 8), None, results, 2) == pytest.approx(0.25 + 0.2)  # type: ignore[arg-type]


def run_tune(folder: Path, out: Path, *more: str):
    from kitgen.cli import main

    return CliRunner().invoke(main, ["tune", str(folder), "--target", "even-seats", "--players", "2", "--evaluations",
                                     "2", "--games", "10", "--report-games", "20", "--workers", "1", "--json", "-q",
                                     "-o", str(out), *more])


def test_tune__writes_a_new_folder_that_plays_as_reported_and_the_same_seed_repeats_it(tmp_path):
    folder = galactic_with(tmp_path)
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}
    first, second = run_tune(folder, tmp_path / "one"), run_tune(folder, tmp_path / "two")
    assert first.exit_code == 0 and second.exit_code == 0, first.output + second.output
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()} == before  # the original untouched
    one, two = json.loads(first.stdout), json.loads(second.stdout)
    assert one["proposal"] == "one" and load_game(tmp_path / "one").id == "one"
    # its designer notes give the proposal's figures, played again, not the original's
    notes = [s for s in load_game(tmp_path / "one").rules if s.audience == "designers"]
    said, seat = " ".join(notes[0].text), one["after"]["seats"]["seats"][0]
    assert said.startswith("Re-simulated by kitgen tune for these numbers") and "From kitgen's simulated" not in said
    assert f"seat 1 {100 * seat['win_rate']:.1f}% ({100 * seat['ci95'][0]:.1f}-{100 * seat['ci95'][1]:.1f}%)" in said
    assert f"--seed {one['report_seed']}" in said
    assert {k: v for k, v in one.items() if k not in ("proposal", "output")} == \
        {k: v for k, v in two.items() if k not in ("proposal", "output")}
    assert (tmp_path / "one" / "TUNED.md").read_text().startswith("# galactic-civ tuned for even-seats at 2 players")
    assert len(one["search"]) == 2 and one["after"]["seats"]["games"] == 20
    from kitgen.simulate.play.games import plan_game
    from kitgen.simulate.play.run import Settings, play_games
    from kitgen.simulate.report.summary import seat_results

    again = play_games(plan_game(load_game(tmp_path / "one")), Settings(games=20, players=2, seed=one["report_seed"],
                                                                         workers=1))
    assert seat_results(again, 2) == one["after"]["seats"]  # what `kitgen simulate` of the new folder says


def test_ntbea__a_change_that_does_not_beat_the_point_without_it_is_taken_back():
    def gap(point, batch):  # only the first dimension matters; the second is noise alone
        return abs(point[0] - 4) / 10 + random.Random(hash((point, batch))).gauss(0, 0.05)

    kept = [ntbea.simplest((4, 6), (0, 2), lambda point, batch, n=n: gap(point, batch + 10 * n), 0.01)
            for n in range(20)]
    assert all(point[0] == 4 for point in kept)
    assert sum(point[1] == 2 for point in kept) >= 12, kept  # each taken back but about 1 in 5, by chance


ROTATE = "simulate:\n  tune:\n    - {turn_order: rotate, min: 0, max: 1, text: \"The first player passes left.\"}\n"
SMALL = ("--target", "even-seats", "--players", "2", "--evaluations", "2", "--games", "30", "--report-games", "20",
         "--json", "-q")  # 30 games a batch: the rotation's 0.3 nearer even seats beats the check's noise


def test_tune__a_dask_cluster_gives_the_local_proposal_byte_for_byte(tmp_path):
    distributed = pytest.importorskip("distributed")
    from kitgen.cli import main
    from tests.integration.test_bad_input import run_kitgen  # a process of its own: the cluster's threads are here

    folder = galactic_with(tmp_path, ROTATE)  # one tunable: few runs of games, each a round trip to the cluster
    local = CliRunner().invoke(main, ["tune", str(folder), *SMALL, "--workers", "1", "-o", str(tmp_path / "local")])
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                                  dashboard_address=None) as cluster:
        remote = run_kitgen("tune", folder, *SMALL, "-o", tmp_path / "remote", "--scheduler",
                            cluster.scheduler_address, timeout=300)
        clients = [event for _, event in cluster.scheduler.get_events("all") if event.get("action") == "add-client"]
    assert local.exit_code == 0 and remote.returncode == 0, remote.describe()
    assert len(clients) == 1, clients  # one client for the run (play/cluster.kept_client), not one an evaluation
    assert json.loads(local.stdout)["changes"][0]["to"] == 1  # the proposal differs from the original
    assert local.stdout.replace("local", "remote") == remote.stdout
    assert (tmp_path / "local" / "game.yaml").read_text().replace("local", "remote") == \
        (tmp_path / "remote" / "game.yaml").read_text()
