"""validate reuses the faces a build or an earlier validate laid out, adds the ones it lays out, and
says the same as without them."""
from __future__ import annotations

import hashlib
import shutil

from click.testing import CliRunner

from kitgen.kit.cache import kit_cache_folder
from kitgen.cli import main
from tests.conftest import ROOT


def _validate(*args: str):
    result = CliRunner().invoke(main, ["-v", "validate", *args])
    return result.exit_code, result.stdout, result.stderr


def test_validate__keeps_what_it_laid_out_for_the_next_validate_and_build(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", tmp_path / "tiny")
    cold = _validate("tiny")
    assert cold[0] == 0 and "kitgen: 4 card faces laid out" in cold[2], cold
    again = _validate("tiny")
    assert "kitgen: 0 card faces laid out" in again[2], again
    assert again[1] == cold[1] and again[0] == cold[0]  # the same problems and composition

    built = CliRunner().invoke(main, ["-v", "build", "tiny"])
    assert built.exit_code == 0 and "Laid out 0 of 4 card faces" in built.output, built.output
    faces = kit_cache_folder(tmp_path / "output" / "tiny") / "faces.sqlite"
    before = hashlib.sha256(faces.read_bytes()).hexdigest()
    warm = _validate("tiny")
    assert "kitgen: 0 card faces laid out" in warm[2], warm
    assert warm[1] == cold[1] and warm[0] == cold[0]
    assert hashlib.sha256(faces.read_bytes()).hexdigest() == before  # nothing new: nothing written

    deck = tmp_path / "tiny" / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("{name: Scout,", "{name: Scout Probe,"))
    edited = _validate("tiny")
    assert "kitgen: 1 card faces laid out" in edited[2], edited  # only the card that changed


def test_validate__a_build_holding_the_cache_neither_blocks_nor_damages_it(tmp_path, monkeypatch):
    """A validate run while a build writes the cache lays its faces out and keeps none of them;
    the build's database is left as it was (a locked database is not a damaged one)."""
    import sqlite3

    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", tmp_path / "tiny")
    assert _validate("tiny")[0] == 0
    faces = kit_cache_folder(tmp_path / "output" / "tiny") / "faces.sqlite"
    holder = sqlite3.connect(faces)
    holder.execute("BEGIN EXCLUSIVE")  # what a build's save holds while it writes
    try:
        (tmp_path / "tiny" / "decks" / "main.yaml").write_text(
            (tmp_path / "tiny" / "decks" / "main.yaml").read_text().replace("{name: Scout,", "{name: Scout Probe,"))
        during = _validate("tiny")
        assert during[0] == 0 and "kitgen: 4 card faces laid out" in during[2], during
    finally:
        holder.rollback()
        holder.close()
    assert faces.exists()
    after = _validate("tiny")
    assert "kitgen: 1 card faces laid out" in after[2], after  # the other three were kept all along


def test_validate__renders_the_documents_again_only_when_their_data_or_templates_change(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", tmp_path / "tiny")
    assert "kitgen: documents rendered" in _validate("tiny")[2]
    assert "kitgen: documents as an earlier run rendered them" in _validate("tiny")[2]

    # A template the documents include, overridden in the game folder and broken: rendered, reported.
    shipped = ROOT / "templates" / "rules.md.j2"
    override = tmp_path / "tiny" / "templates" / "rules.md.j2"
    override.parent.mkdir()
    override.write_text(shipped.read_text(encoding="utf-8") + "\n{{ no_such_thing }}\n", encoding="utf-8")
    broken = _validate("tiny")
    assert broken[0] == 1 and "tiny/templates/rules.md.j2:" in broken[2] and "no_such_thing" in broken[2], broken
    assert broken[0] == _validate("tiny")[0] == 1  # a failed check is never recorded as passed

    override.write_text(shipped.read_text(encoding="utf-8") + "{# fixed #}\n", encoding="utf-8")
    assert "kitgen: documents rendered" in _validate("tiny")[2]
    assert "kitgen: documents as an earlier run rendered them" in _validate("tiny")[2]
    override.unlink()  # back to the shipped template: another text, rendered again
    assert "kitgen: documents rendered" in _validate("tiny")[2]

    rules = tmp_path / "tiny" / "rules.yaml"  # the data the documents show
    rules.write_text(rules.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert "kitgen: documents as an earlier run rendered them" in _validate("tiny")[2]  # same data: same game
    game = tmp_path / "tiny" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("title: ", "title: New ", 1), encoding="utf-8")
    assert "kitgen: documents rendered" in _validate("tiny")[2]


def test_validate__a_damaged_or_planted_check_record_is_only_a_miss(tmp_path, monkeypatch):
    import sqlite3

    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", tmp_path / "tiny")
    assert _validate("tiny")[0] == 0
    faces = kit_cache_folder(tmp_path / "output" / "tiny") / "faces.sqlite"
    for record in ('["k", [["../../../etc/passwd", "x"]]]', '{"a": 1}', "[1, 2]", "not json", '["k", [["rules.md.j2"]]]'):
        with sqlite3.connect(faces) as db:
            db.execute("UPDATE checks SET record = ? WHERE name = 'documents'", (record,))
        result = _validate("tiny")
        assert result[0] == 0 and "kitgen: documents rendered" in result[2], (record, result)


def test_validate__with_every_face_and_document_checked_before__imports_no_pdf_or_template_library(tmp_path):
    """The libraries that lay out and draw (reportlab, Pillow, Jinja) cost a third of a validate
    that has nothing new to lay out: such a validate does not import them (issue 15: a CLI that
    answers at once). One that lays a face out does."""
    import os
    import subprocess
    import sys

    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", tmp_path / "tiny")
    probe = ("import sys\nfrom kitgen.cli import main\nsys.argv = ['kitgen', 'validate', 'tiny']\n"
             "try:\n    main()\nexcept SystemExit as done:\n    code = done.code\n"
             "print(code, sorted({m.split('.')[0] for m in sys.modules} & {'reportlab', 'PIL', 'jinja2'}))\n")
    env = {**os.environ, "KITGEN_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}

    def imported() -> str:
        done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True)
        return done.stdout.strip().splitlines()[-1]

    assert imported() == "0 ['PIL', 'jinja2', 'reportlab']"  # the first lays every face out
    assert imported() == "0 []"


def test_validate__a_card_that_only_moved_is_not_laid_out_again_and_its_problem_names_its_line_now(tmp_path,
                                                                                                   monkeypatch):
    """A comment or a card added above a card moves it down a line and changes nothing drawn: it
    comes from the cache, and what its face says (text that does not fit) is said at its new line."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", tmp_path / "tiny")
    deck = tmp_path / "tiny" / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("{name: Market,", "{name: Market, text: '" + "Trade goods. " * 90 + "',"))
    first = _validate("tiny")
    assert first[0] == 1 and "tiny/decks/main.yaml:13:5: error: card 'Market': text in box" in first[2], first

    deck.write_text(deck.read_text().replace("cards:\n", "cards:\n  # the ships first, then the builds\n"))
    moved = _validate("tiny")
    assert "kitgen: 0 card faces laid out" in moved[2], moved
    assert "tiny/decks/main.yaml:14:5: error: card 'Market': text in box" in moved[2], moved
    assert "main.yaml:13:5:" not in moved[2]

    built = CliRunner().invoke(main, ["build", "tiny"])  # the build says the same, from the cache too
    assert built.exit_code == 1 and "tiny/decks/main.yaml:14:5: error: card 'Market'" in built.stderr, built.output
