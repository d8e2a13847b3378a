"""validate reuses what the last build laid out (read-only), and says the same as without it."""
from __future__ import annotations

import hashlib
import shutil

from click.testing import CliRunner

from kitgen.cache import kit_cache_folder
from kitgen.cli import main
from tests.conftest import ROOT


def _validate(*args: str):
    result = CliRunner().invoke(main, ["-v", "validate", *args])
    return result.exit_code, result.stdout, result.stderr


def test_validate__after_a_build_lays_out_no_face_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", tmp_path / "tiny")
    cold = _validate("tiny")
    assert cold[0] == 0 and "kitgen: 4 card faces laid out" in cold[2], cold
    assert not kit_cache_folder(tmp_path / "output" / "tiny").exists()  # validate made no cache

    built = CliRunner().invoke(main, ["build", "tiny", "-q"])
    assert built.exit_code == 0, built.output
    faces = kit_cache_folder(tmp_path / "output" / "tiny") / "faces.sqlite"
    before = hashlib.sha256(faces.read_bytes()).hexdigest()
    warm = _validate("tiny")
    assert "kitgen: 0 card faces laid out" in warm[2], warm
    assert warm[1] == cold[1] and warm[0] == cold[0]  # the same problems and composition
    assert hashlib.sha256(faces.read_bytes()).hexdigest() == before

    deck = tmp_path / "tiny" / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("{name: Scout,", "{name: Scout Probe,"))
    edited = _validate("tiny")
    assert "kitgen: 1 card faces laid out" in edited[2], edited  # only the card that changed
