"""What kitgen takes back from a Dask cluster, without a cluster: a block's games as plain lists,
read back only when every number is in bounds (play/answers.py); pickles refused while kitgen talks
to a cluster (play/guard.py); a run cut short keeps the games finished from game 1 on
(experiments/lab.played) and its report says so, in the text and the PDF."""
from __future__ import annotations

import dataclasses
import os
import pickle
from pathlib import Path

import pytest

from kitgen import __version__
from kitgen.load import load_game
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.experiments import lab
from kitgen.simulate.play.answers import play_plain, read_plain
from kitgen.simulate.play.blocks import Block, Unfinished, play_block
from kitgen.simulate.play.games import plan_game
from kitgen.simulate.play.guard import refused, refusing
from kitgen.simulate.play.run import Settings
from kitgen.simulate.report.summary import command_line

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(path.name for path in (ROOT / "data").iterdir() if (path / "game.yaml").exists())


@pytest.fixture(scope="module")
def civ():
    return plan_game(load_game(ROOT / "data" / "galactic-civ"))


@pytest.mark.parametrize("name", GAMES)
def test_answers__a_shipped_games_block_comes_back_as_it_was_played(name):
    """Every shipped game, each through the one engine: its games as plain lists pass the checks and read
    back equal to the games played here (the bounds are the plan's own, not guessed)."""
    plan = plan_game(load_game(ROOT / "data" / name))
    block = Block(7, 0, 2, ("greedy",) * 3, 8)
    assert read_plain(play_plain(plan, block), plan, block) == play_block(plan, block)


def plain(plan, block) -> list:
    return play_plain(plan, block)


def changed(answer: list, game: int, field: int, value) -> list:
    version, games = answer
    games = [list(g) for g in games]
    games[game][field] = value
    return [version, games]


LOCATED = len(plan_game(load_game(ROOT / "data" / "galactic-civ")).located)  # its steps written in the data


@pytest.mark.parametrize("edit, message", [
    (lambda a: "not a list", "not a [version, games] pair"),
    (lambda a: [__version__], "not a [version, games] pair"),
    (lambda a: ["0.0.1", a[1]], "its workers run kitgen '0.0.1', this is kitgen"),
    (lambda a: [__version__, "ValueError: no cards"], "a worker could not play them: ValueError: no cards"),
    (lambda a: [__version__, a[1][:2]], "2 games for a block of 3"),
    (lambda a: [__version__, [a[1][0][:4]] + list(a[1][1:])], "a game that is not [winner, paths, turn, factions"),
    (lambda a: changed(a, 0, 0, 3), "winner: '3' is not a whole number from -1 to 2"),
    (lambda a: changed(a, 0, 0, True), "winner: 'True' is not a whole number"),
    (lambda a: changed(a, 1, 0, "0"), "winner: '0' is not a whole number"),
    (lambda a: changed(a, 0, 1, [99]), "paths: '99' is not a whole number from 0 to 5"),
    (lambda a: changed(a, 0, 1, list(range(7))), "paths: not a list of at most 6 numbers"),
    (lambda a: changed(a, 0, 2, 21), "turn: '21' is not a whole number from 0 to 20"),
    (lambda a: changed(a, 0, 3, [0, 1]), "factions: not a list of 3 numbers"),
    (lambda a: changed(a, 0, 3, [0, 1, 11]), "factions: '11' is not a whole number from -1 to 10"),
    (lambda a: changed(a, 0, 4, [[0], [1]]), "played: not a list of 3 seats"),
    (lambda a: changed(a, 0, 4, [[0], [1], [197]]), "played: '197' is not a whole number from 0 to 196"),
    (lambda a: changed(a, 0, 4, [[0], [1], {"x": 1}]), "played: not a list of at most 500000 numbers"),
    (lambda a: changed(a, 0, 5, [1, 2]), "feel: not a list of 8 numbers"),
    (lambda a: changed(a, 0, 5, [10**12] * 8), "feel: '1000000000000' is not a whole number from 0 to 1000000000"),
    (lambda a: changed(a, 0, 5, [-1] * 8), "feel: '-1' is not a whole number from 0"),
    (lambda a: changed(a, 0, 5, "x"), "feel: not a list"),
    (lambda a: changed(a, 0, 6, [LOCATED]), f"fired: '{LOCATED}' is not a whole number from -1 to {LOCATED - 1}"),
    (lambda a: changed(a, 0, 6, list(range(LOCATED + 2))), f"fired: not a list of at most {LOCATED + 1} numbers"),
    (lambda a: changed(a, 0, 7, 2), "held: '2' is not a whole number from 0 to 1"),  # card impact's copy given or not
    (lambda a: changed(a, 0, 7, [1]), "held: '[1]' is not a whole number from 0 to 1"),
])
def test_answers__what_is_not_a_block_of_kitgens_games_is_refused_in_words(civ, edit, message):
    block = Block(1, 0, 3, ("random",) * 3, 4)
    with pytest.raises(ValueError) as refusal:
        read_plain(edit(plain(civ, block)), civ, block)
    assert message in str(refusal.value)


def test_answers__a_worker_that_fails_sends_words_not_an_exception(civ):
    broken = dataclasses.replace(civ, decks={}, cache={})  # no deck to deal from
    answer = play_plain(broken, Block(1, 0, 2, ("greedy",) * 3, 4))
    assert answer[0] == __version__ and isinstance(answer[1], str) and len(answer[1]) <= 300


def test_guard__while_refusing_a_pickle_builds_data_and_calls_no_code(tmp_path):
    touched = tmp_path / "touched"
    code = pickle.dumps((os.mkdir, (str(touched),)))  # a tuple holding a function: unpickling names it
    call = pickle.dumps(_MkDir(str(touched)))
    with refusing():
        assert pickle.loads(pickle.dumps([1, (2, "three"), {"four": 4.0}])) == [1, (2, "three"), {"four": 4.0}]
        assert pickle.loads(pickle.dumps(list)) is list  # Dask sends a result's type: the builtin data types pass
        for payload in (code, call):
            with pytest.raises(pickle.UnpicklingError, match="kitgen does not unpickle"):
                pickle.loads(payload)
        assert refused() == f"{os.mkdir.__module__}.mkdir"
    assert not touched.exists()
    assert pickle.loads(code)[0] is os.mkdir  # outside a run with a cluster, pickle is Python's own


class _MkDir:
    def __init__(self, path: str):
        self.path = path

    def __reduce__(self):
        return os.mkdir, (self.path,)


def test_lab__a_run_cut_short_reports_the_games_finished_from_game_one(civ, monkeypatch):
    game = load_game(ROOT / "data" / "galactic-civ")
    settings = Settings(games=150, players=3, seed=2, workers=1)
    local = lab.play_games(civ, dataclasses.replace(settings, games=50))
    honest = lab.simulate(game, dataclasses.replace(settings, games=50), plan=civ)

    def lost(plan, at_count, games=None, progress=None) -> list[GameResult]:
        if at_count.players == 3:
            raise Unfinished("lost the scheduler at tcp://127.0.0.1:8786 (Connection refused)", local, 150)
        raise Unfinished("the scheduler at tcp://127.0.0.1:8786 stopped answering", [], 150)

    monkeypatch.setattr(lab, "play_games", lost)
    report = lab.simulate(game, settings, lab.Experiments(player_counts=(4,), impact_games=10), plan=civ)
    source = report["provenance"]
    assert report["games"] == 50 and source["options"]["--games"] == 50
    assert "--games 50 " in command_line(source["game"], source["options"])
    assert report["cut_short"] == ("lost the scheduler at tcp://127.0.0.1:8786 (Connection refused); 50 of 150 games "
                                   "were played, and this is their report (the same as --games 50)")
    assert list(report["by_players"]) == ["3"] and "card_impact" not in report
    assert {k: v for k, v in report.items() if k != "cut_short"} == honest  # the report of --games 50


def test_lab__nothing_finished_is_no_report(civ, monkeypatch):
    def lost(*_, **__):
        raise Unfinished("the cluster at tcp://127.0.0.1:8786 has no worker (waited 30 s)", [], 150)

    monkeypatch.setattr(lab, "play_games", lost)
    with pytest.raises(Unfinished):
        lab.simulate(load_game(ROOT / "data" / "galactic-civ"), Settings(games=150, players=3, workers=1), plan=civ)


def test_balance_pdf__a_run_cut_short_is_marked_partial(civ, tmp_path):
    from tests.conftest import pdf_text

    from kitgen.project import Project
    from kitgen.render.balance import render_balance
    from kitgen.render.fonts import register_fonts

    register_fonts(Project.default().fonts)
    report = lab.simulate(load_game(ROOT / "data" / "galactic-civ"), Settings(games=20, players=3, workers=1), plan=civ)
    report["cut_short"] = "lost the scheduler at tcp://127.0.0.1:8786; 20 of 40 games were played"
    render_balance(report, "Galactic Civ", tmp_path / "balance.pdf", "kitgen simulate galactic-civ")
    text = " ".join(pdf_text(tmp_path / "balance.pdf").split())
    assert "Partial: lost the scheduler at tcp://127.0.0.1:8786; 20 of 40 games were played" in text
