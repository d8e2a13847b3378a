"""Which game folder GAME means (issue 15): ./GAME, then ./data/GAME, then the shipped game, with
the shipped copy read-only when it lives inside an installed package. The installed layout is
faked on disk (site-packages/kitgen/_data) so no real `pip install .` runs in the suite."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kitgen.cli import main
from kitgen.errors import KitgenError
from kitgen.project import Project

TINY = Path(__file__).resolve().parents[1] / "fixtures" / "tiny"


@pytest.fixture
def installed(tmp_path, monkeypatch) -> Project:
    """A fake install: the tiny game shipped as site-packages/kitgen/_data/tiny; cwd is a checkout."""
    package = tmp_path / "venv" / "lib" / "site-packages" / "kitgen"
    shutil.copytree(TINY, package / "_data" / "tiny")
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    monkeypatch.chdir(checkout)
    return Project(package / "_data", package / "_templates", package / "_fonts")


def test_resolve__the_shipped_game_is_read_only_inside_an_installed_package(installed):
    found = installed.resolve("tiny")
    assert (found.how, found.read_only) == ("shipped", True)
    line = found.describe("tiny")
    assert "site-packages" not in line and "kitgen new my-tiny --from tiny" in line


def test_resolve__the_checkouts_data_folder_wins_over_the_installed_copy(installed):
    shutil.copytree(TINY, Path("data") / "tiny")
    found = installed.resolve("tiny")
    assert (found.folder, found.how, found.read_only) == (Path("data/tiny"), "data", False)
    assert found.describe("tiny") == "kitgen: tiny: reading data/tiny/"


def test_resolve__a_game_folder_in_the_working_folder_wins_over_data(installed):
    shutil.copytree(TINY, Path("data") / "tiny")
    shutil.copytree(TINY, Path("tiny"))
    assert installed.resolve("tiny").folder == Path("tiny")


def test_resolve__a_folder_without_game_yaml_and_an_unknown_name_are_errors(installed):
    Path("empty").mkdir()
    with pytest.raises(KitgenError, match=r"empty/game.yaml: error: no game.yaml"):
        installed.resolve("./empty")
    with pytest.raises(KitgenError, match=r"nope: error: no such game \(shipped games: tiny"):
        installed.resolve("nope")


def test_cli__every_command_says_which_folder_it_read_and_an_edit_in_data_shows(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(TINY, Path("data") / "tiny")
    deck = Path("data/tiny/decks/main.yaml")
    first = CliRunner().invoke(main, ["export", "tiny"])
    assert first.exit_code == 0, first.output
    assert "kitgen: tiny: reading data/tiny/" in first.stderr
    assert '"name": "Scout"' in first.stdout
    deck.write_text(deck.read_text().replace("{name: Scout,", "{name: Renamed Card,", 1))
    again = CliRunner().invoke(main, ["export", "tiny"])
    assert '"name": "Renamed Card"' in again.stdout


def test_new_from__copies_a_game_out_with_its_new_id(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(TINY, Path("data") / "tiny")
    made = CliRunner().invoke(main, ["new", "my-tiny", "--from", "tiny"])
    assert made.exit_code == 0, made.output
    assert "id: my-tiny" in Path("my-tiny/game.yaml").read_text()
    checked = CliRunner().invoke(main, ["validate", "my-tiny"])
    assert checked.exit_code == 0, checked.output
    assert "reading my-tiny/" in checked.stderr


def test_cli__validate_resolves_game_once_and_the_stages_read_that_folder(tmp_path, monkeypatch):
    """use_game hands the stages the Resolved it found: check_kit and the documents do not look for
    the game again (before, validate resolved GAME four times)."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(TINY, Path("data") / "tiny")
    asked = []
    resolve = Project.resolve
    monkeypatch.setattr(Project, "resolve", lambda self, game: asked.append(game) or resolve(self, game))
    checked = CliRunner().invoke(main, ["validate", "tiny"])
    assert checked.exit_code == 0, checked.output
    assert asked == ["tiny"] and "kitgen: tiny: reading data/tiny/" in checked.stderr
