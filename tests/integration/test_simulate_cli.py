"""kitgen simulate as a user runs it: JSON on stdout, the balance PDF read back, clean refusals,
and the same bytes from a Dask cluster as from this machine."""
from __future__ import annotations

import json
import re
import shutil

import pytest
from tests.conftest import ROOT, pdf_pages, pdf_text, run_kitgen

from kitgen.load import load_game


def test_simulate__json_is_deterministic_and_carries_its_provenance(project):
    args = ("simulate", "galactic-civ", "--games", "60", "--players", "4", "--seed", "1", "--policy", "random", "--json")
    first, again = run_kitgen(*args), run_kitgen(*args, "--workers", "1")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout  # two processes or one: the same bytes
    report = json.loads(first.stdout)
    game = load_game(project.game_folder("galactic-civ"))
    assert list(report)[:3] == ["provenance", "coverage", "missing"]  # coverage first
    source = report["provenance"]
    assert source["code"]["kitgen"] and len(source["data_sha256"]) == 64
    options = source["options"]
    assert (options["--seed"], options["--players"], options["--policy"], options["--without"]) == (1, "4", "random", [])
    # one record a fact: no option also under a name of its own, the command made from the options
    assert set(source) == {"code", "game", "data_sha256", "options"}
    assert (report["games"], report["players"], report["seed"]) == (60, 4, 1)
    assert set(report["victories"]) == {v.name for v in game.victory_paths}
    assert sum(f["plays"] for f in report["factions"].values()) == 60 * 4
    assert {"statistic", "degrees", "p_value"} == set(report["factions_differ"])


def test_simulate__seats_for_each_player_count_and_card_impact_with_intervals():
    result = run_kitgen("simulate", "galactic-civ", "--games", "50", "--players", "2,3,4", "--policy", "random",
                        "--impact-games", "50", "--without", "events", "--json", "--workers", "1", timeout=600)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert list(report["by_players"]) == ["2", "3", "4"]
    assert [len(report["by_players"][n]["seats"]) for n in "234"] == [2, 3, 4]
    assert report["optional_rules"] == {"events": "left out"}
    impact = report["card_impact"]
    assert impact["games"] == 50 and "in place of a card of its deck its opening hand holds" in impact["experiment"]
    assert {row["deck"] for row in impact["cards"]} == {"common"}
    assert len(impact["cards"]) == 120  # every card of the common deck, by name
    for row in impact["cards"]:
        low, high = row["ci95"]
        assert low <= row["change"] <= high and isinstance(row["significant"], bool) and row["games"] == 50


def test_simulate__writes_the_balance_pdf_with_its_charts(tmp_path):
    out = tmp_path / "balance.pdf"
    result = run_kitgen("simulate", "galactic-civ", "--games", "40", "--policy", "random", "-o", str(out))
    assert result.returncode == 0, result.stderr
    text = pdf_text(out)
    for heading in ("Win rate per faction", "Win rate per seat, 4 players", "How games are won", "Game length",
                    "What the simulation covers", "game data sha256"):
        assert heading in text
    assert text.index("What the simulation covers") < text.index("Win rate per faction")
    assert "Conquest Victory" in text and "phase 'Aggression Phase'" in text
    assert "Win rate per faction" in result.stdout


def test_simulate__a_game_without_factions_shows_no_faction_table_or_test(tmp_path):
    """Civilization: The Card Game has no factions: no faction rows, no chi-square on 0 degrees of
    freedom, in the JSON (`factions` empty, `factions_differ` null), the text and the PDF."""
    out = tmp_path / "balance.pdf"
    # random players: the report's shape, fast (every rule simulated: no --partial)
    args = ("simulate", "civilization-card-game", "--games", "10", "--workers", "1", "--policy", "random")
    as_json, as_text = run_kitgen(*args, "--json", "-o", str(out)), run_kitgen(*args)
    assert as_json.returncode == 0 and as_text.returncode == 0, as_json.stderr + as_text.stderr
    report = json.loads(as_json.stdout)
    assert report["factions"] == {} and report["factions_differ"] is None
    assert [s["seat"] for s in report["seats"]] == [1, 2, 3, 4] and report["seats_differ"]["degrees"] == 3
    assert "Factions: the game has none" in as_text.stdout and "Win rate per seat, 4 players" in as_text.stdout
    for text in (as_text.stdout, pdf_text(out)):
        assert "no factions" not in text and "per faction" not in text and "factions differ" not in text
        assert "on 0 df" not in text
    assert "Win rate per seat, 4 players" in pdf_text(out)


@pytest.mark.parametrize("game", ["galactic-civ", "alpha-centauri", "civ-builder", "civilization-card-game",
                                  "galactic-supremacy"])
def test_simulate__the_pdfs_first_page_holds_the_win_rates_and_the_coverage_table_repeats_its_header(game, tmp_path):
    """Page 1: provenance, what is not simulated exactly, the win rates (a partial report: its win rates,
    marked, then what is partial and not simulated exactly). The full coverage table closes
    the report, split across pages with its header row on each; a long game's length is shown in
    spans of turns (a drawing never splits: Galactic Supremacy's 80 turns did not fit a page)."""
    out = tmp_path / "balance.pdf"
    # the ported greedy players weigh each option on a copy of the table: Alpha Centauri ~4 games a CPU-second,
    # Galactic Supremacy's ~1 with four players, ~3 with two, Civilization's ~2 (issue 33's ports)
    games = {"alpha-centauri": "20", "galactic-supremacy": "10", "civilization-card-game": "10"}.get(game, "50")
    players = "2" if game == "galactic-supremacy" else "4"
    # the report's pages, not its players: random ones where greedy costs seconds (every game decided)
    fast = ("--policy", "random") if game in ("alpha-centauri", "civilization-card-game") else ()
    result = run_kitgen("simulate", game, "--games", games, "--players", players, "--workers", "1", "--json",
                        "-o", str(out), *fast)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    pages = [" ".join(page.split()) for page in pdf_pages(out)]
    first = pages[0]
    assert first.index("What the simulation covers") < first.index("status rule how it is simulated")
    # Civilization's 16 rules not exact (its rules sections linked to what plays them) leave room on page 1
    assert f"Win rate per seat, {players} players" in first
    assert ("Win rate per faction" in first) == bool(report["factions"])
    assert first.index("What the simulation covers") < first.index("Win rate per seat")
    heading = next(i for i, page in enumerate(pages) if "Every rule and how the simulation plays it" in page)
    # the heading may stay at a page's foot (balance._unkept): the table starts there or on the next page
    start = heading if "status rule how it is simulated" in pages[heading] else heading + 1
    assert all("status rule how it is simulated" in page for page in pages[start:])
    assert len(pages) > start + 1 or game != "alpha-centauri"  # its table does split
    tail = " ".join(pages[start:])
    assert all(row["rule"].split()[0] in tail for row in report["coverage"])
    turns, charts = report["turns"], " ".join(pages[:heading + 1]).split("Every rule and how")[0]
    rows = re.findall(r"\bTurns? (\d+)", charts.split("Game length")[-1])  # the length chart's bar labels
    assert 0 < len(rows) <= 30 and int(rows[0]) == turns["min"]
    assert ("Turns " in charts) == (turns["max"] - turns["min"] + 1 > 30)


def test_simulate__a_game_whose_victory_is_text_prints_no_win_rates_and_fails(tmp_path):
    """The tiny fixture with its victory path made text only (no structured condition)."""
    game = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", game)
    rules = game / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "    most_attributes: true\n" in text
    rules.write_text(text.replace("    most_attributes: true\n", ""), encoding="utf-8")
    result = run_kitgen("simulate", str(game), "--games", "20")
    assert result.returncode == 1 and result.stdout == ""
    lines = [line for line in result.stderr.splitlines() if "no win rates" in line]
    assert len(lines) == 1 and "victory 'General Victory'" in lines[0] and "skipped: " in lines[0]
    partial = run_kitgen("simulate", str(game), "--games", "20", "--partial")
    assert partial.returncode == 0 and "PARTIAL" in partial.stdout and "[DECIDES THE GAME]" in partial.stdout


def test_simulate__a_new_game_no_one_wins_prints_no_win_rates_and_fails(tmp_path):
    """The starter plays to a winner (tests/integration/test_starters.py); without the step that
    checks its victory path, nobody ever wins, and no win rate is printed."""
    assert run_kitgen("new", "fresh", "--in", str(tmp_path)).returncode == 0
    rules = tmp_path / "fresh" / "rules.yaml"
    rules.write_text(rules.read_text(encoding="utf-8").replace("      - {do: check-victory}\n", ""), encoding="utf-8")
    assert "check-victory" not in rules.read_text(encoding="utf-8")
    result = run_kitgen("simulate", str(tmp_path / "fresh"), "--games", "20")
    assert result.returncode == 1 and result.stdout == "" and "seat" not in result.stderr
    assert "no win rates: skipped: victory 'Supremacy'" in result.stderr  # validate's finding: no step checks it


def test_simulate__a_wrong_policy_is_a_usage_error_with_a_suggestion():
    result = run_kitgen("simulate", "galactic-civ", "--players", "3", "--policy", "greedy,random")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "--policy" in result.stderr and "one per seat (3)" in result.stderr
    typo = run_kitgen("simulate", "galactic-civ", "--policy", "greddy", "--without", "events")
    assert typo.returncode == 2 and "did you mean 'greedy'?" in typo.stderr
    rule = run_kitgen("simulate", "galactic-civ", "--without", "event")
    assert rule.returncode == 2 and "did you mean 'events'?" in rule.stderr


def test_simulate__a_dask_cluster_gives_the_local_report_byte_for_byte():
    distributed = pytest.importorskip("distributed")
    args = ("simulate", "galactic-civ", "--games", "120", "--players", "3", "--seed", "4", "--json")
    local = run_kitgen(*args, "--workers", "1")
    assert local.returncode == 0, local.stderr
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  dashboard_address=None) as cluster:
        remote = run_kitgen(*args, "--scheduler", cluster.scheduler_address, timeout=300)
    assert remote.returncode == 0, remote.stderr
    assert remote.stdout == local.stdout
