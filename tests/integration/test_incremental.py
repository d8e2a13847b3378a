"""Fast iteration: the build cache re-renders only what a change touches, --changed-since
reprints only changed cards, and watch rebuilds on save."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitgen.kit.build import Options, build_game
from kitgen.kit.cache import kit_cache_folder
from kitgen.model import PrintSettings
from kitgen.project import Project
from kitgen.units import MM, Length
from tests.conftest import ROOT, pdf_text, run_kitgen

CARD_FILES = ("cards-common.pdf", "cards-events.pdf")
DOCUMENTS = ("designer-notes.pdf", "manifest.pdf", "player-sheet.pdf", "reference.pdf", "rules.pdf")


@pytest.fixture(scope="module")
def built_workspace(tmp_path_factory, project) -> Path:
    """A copy of Galactic Civ, of our templates and fonts, built once for the file so the cache is warm."""
    root = tmp_path_factory.mktemp("workspace")
    shutil.copytree(project.game_folder("galactic-civ"), root / "galactic-civ")
    shutil.copytree(project.templates, root / "templates")
    shutil.copytree(project.fonts, root / "fonts")
    own = Project(project.data, root / "templates", root / "fonts")
    first = build_game(own, str(root / "galactic-civ"), root / "kit")
    assert first.laid_out == 197 and sorted(first.rendered) == sorted(CARD_FILES + DOCUMENTS)
    return root


@pytest.fixture
def workspace(tmp_path, project, built_workspace):
    """That workspace for one test, as building it there leaves it: the game, templates and fonts,
    the kit and the kit's build cache (kit_cache_folder, by the kit's path), copied. The cache is
    keyed by content, so the copy hits where the original would (the first test below checks it)."""
    for name in ("galactic-civ", "templates", "fonts", "kit"):
        shutil.copytree(built_workspace / name, tmp_path / name)
    shutil.copytree(kit_cache_folder(built_workspace / "kit"), kit_cache_folder(tmp_path / "kit"))
    return Project(project.data, tmp_path / "templates", tmp_path / "fonts"), tmp_path / "galactic-civ", tmp_path / "kit"


def rebuild(workspace, **kwargs):
    project, game, kit = workspace
    return build_game(project, str(game), kit, **kwargs)


def rename_first_card(game) -> None:
    """One card's content changes: the common deck's first card, Scout Ships, is renamed."""
    deck = game / "decks" / "common.yaml"
    deck.write_text(deck.read_text().replace("{name: Scout Ships, type: Ship,", "{name: Scout Ships II, type: Ship,"))


def test_cache__nothing_changed_nothing_redrawn_and_same_bytes(workspace):
    before = {name: (workspace[2] / name).read_bytes() for name in CARD_FILES + DOCUMENTS}
    report = rebuild(workspace)
    assert report.laid_out == 0 and report.rendered == ()
    assert before == {name: (workspace[2] / name).read_bytes() for name in CARD_FILES + DOCUMENTS}


def test_cache__one_card_changed_lays_out_that_card_and_redraws_its_deck(workspace):
    deck = workspace[1] / "decks" / "common.yaml"
    deck.write_text(deck.read_text().replace("{name: Scout Ships, type: Ship, effects: [{attribute: Explore, delta: +2}]",
                                             "{name: Scout Ships, type: Ship, effects: [{attribute: Explore, delta: +3}]"))
    report = rebuild(workspace)
    assert report.laid_out == 1
    assert report.rendered == ("cards-common.pdf",)
    fresh = build_game(workspace[0], str(workspace[1]), workspace[2].parent / "fresh", use_cache=False)
    assert fresh.laid_out == 197  # --no-cache
    assert (workspace[2] / "cards-common.pdf").read_bytes() == (workspace[2].parent / "fresh" / "cards-common.pdf").read_bytes()


def test_cache__an_edit_after_a_rebuild_that_drew_nothing_still_lays_out_one_card(workspace):
    """The designer's loop: build, build again with nothing changed (every file reused, no face
    read), then edit one card. The rebuild that read no face must keep the layers cached faces
    share (a type's frame), or the edit lays out every face of the other types again."""
    assert rebuild(workspace).laid_out == 0
    rename_first_card(workspace[1])
    report = rebuild(workspace)
    assert report.laid_out == 1 and report.rendered == ("cards-common.pdf",)


def _count_replays(monkeypatch) -> dict:
    """Counts faces replayed as drawn before, and those whose text now encodes otherwise."""
    from kitgen.render import sheets

    counts = {"replayed": 0, "drawn again": 0}
    replay = sheets._replay

    def counted(*args, **kwargs):
        done = replay(*args, **kwargs)
        counts["replayed" if done else "drawn again"] += 1
        return done
    monkeypatch.setattr(sheets, "_replay", counted)
    return counts


def _same_as_drawing_everything(workspace) -> bool:
    fresh = workspace[2].parent / "fresh"
    build_game(workspace[0], str(workspace[1]), fresh, use_cache=False)
    return all((workspace[2] / name).read_bytes() == (fresh / name).read_bytes() for name in CARD_FILES)


def test_cache__an_edit_replays_every_other_face_as_drawn_and_the_pdf_is_what_drawing_makes(workspace, monkeypatch):
    counts = _count_replays(monkeypatch)
    rename_first_card(workspace[1])
    report = rebuild(workspace)
    assert report.laid_out == 1 and report.rendered == ("cards-common.pdf",)
    assert counts == {"replayed": 119, "drawn again": 0}  # the common deck's 120 faces but the edited one
    assert _same_as_drawing_everything(workspace)


def test_cache__a_face_whose_text_now_encodes_otherwise_is_drawn_again(workspace, monkeypatch):
    """A character's code in a PDF's font subset is the next free one when the PDF first uses it:
    give an early card a new character and a later card's recorded encoding no longer holds, so
    that face is drawn, and the PDF is still byte for byte what drawing every face makes."""
    deck = workspace[1] / "decks" / "common.yaml"
    deck.write_text(deck.read_text().replace("{attribute: Influence, delta: +1}]",
                                             "{attribute: Influence, delta: +1}], text: \"a naïve crew\"", 1))
    rebuild(workspace)  # Gunships (the fifth card) drawn and recorded with ï as the body font's first new code
    counts = _count_replays(monkeypatch)
    deck.write_text(deck.read_text().replace("delta: +2}]", "delta: +2}], text: \"café\"", 1))  # Scout Ships
    report = rebuild(workspace)
    assert report.laid_out == 1
    assert counts["drawn again"] >= 1 and counts["replayed"] >= 100
    assert _same_as_drawing_everything(workspace)


@pytest.mark.parametrize("library, version", [("reportlab", "Version"), ("zlib", "ZLIB_RUNTIME_VERSION")])
def test_cache__faces_drawn_by_another_reportlab_or_zlib_are_drawn_again(workspace, monkeypatch, library, version):
    """A record holds operators reportlab wrote and a stream zlib compressed: with another version
    of either, drawing might give other bytes, so nothing is replayed, and no whole file is reused
    either (the events deck's sheets are drawn again too: every face but the edited one)."""
    import importlib

    module = importlib.import_module(library)
    counts = _count_replays(monkeypatch)
    monkeypatch.setattr(module, version, getattr(module, version) + ".other")
    rename_first_card(workspace[1])
    rebuild(workspace)
    assert counts == {"replayed": 0, "drawn again": 196}
    assert _same_as_drawing_everything(workspace)


@pytest.mark.parametrize("settings", [
    {"bleed": Length(3 * MM), "ink_saver": True, "paper": "a4"},
    {"layout": "single", "bleed": Length(3 * MM)},
    {"layout": "gutterfold", "duplex": "off"},
], ids=["bleed-ink-saver-a4", "single", "gutterfold"])
def test_cache__replayed_faces_give_the_same_pdf_in_every_print_mode(workspace, monkeypatch, settings):
    project, game, kit = workspace
    options = Options(PrintSettings(**settings))
    build_game(project, str(game), kit, options)  # faces recorded as drawn in this mode
    counts = _count_replays(monkeypatch)
    rename_first_card(game)
    assert build_game(project, str(game), kit, options).laid_out == 1
    assert counts["replayed"] == 119
    fresh = kit.parent / "fresh"
    build_game(project, str(game), fresh, options, use_cache=False)
    assert all((kit / name).read_bytes() == (fresh / name).read_bytes() for name in CARD_FILES)


def test_cache__a_rebuild_with_nothing_changed_imports_no_template_or_drawing_library(tmp_path):
    """Such a rebuild knows every file's key without laying out a document (kit/documents.py keeps
    what their blocks were made from) or drawing anything: a fresh process then imports neither
    Jinja nor Pillow nor more of reportlab than its version (issue 21: ~150 ms of a fresh process).
    A card edit, which changes the game the documents are made from, lays them out again."""
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", tmp_path / "tiny")
    probe = ("import sys\nfrom kitgen.cli import main\nsys.argv = ['kitgen', 'build', 'tiny', '-o', 'kit']\n"
             "try:\n    main()\nexcept SystemExit as done:\n    code = done.code\n"
             "print(code, sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'PIL', 'jinja2')))\n")
    env = {**os.environ, "KITGEN_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}

    def imported() -> str:
        done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True)
        return done.stdout.strip().splitlines()[-1]

    assert "'jinja2'" in imported()  # the first build lays out and draws everything
    assert imported() == "0 ['reportlab']"
    game = tmp_path / "tiny" / "game.yaml"
    game.write_text(game.read_text() + "\n# a comment\n")
    assert imported() == "0 ['reportlab']"  # a comment changes nothing the kit is made from
    deck = tmp_path / "tiny" / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("{name: Scout,", "{name: Scout Ship,"))
    assert "'jinja2'" in imported()


def edit_front(templates: Path) -> None:
    """An edit to kitgen's card-front.yaml that every Galactic Civ front draws: its look (starship)
    and its frames extend that file and keep its footer (the look replaces the name box)."""
    template = templates / "card-front.yaml"
    text = template.read_text()
    look = (templates / "looks" / "starship" / "card-front.yaml").read_text()
    assert "name: footer-left" in text and "footer-left" not in look
    template.write_text(text.replace('color: "#666666"', 'color: "#555555"', 1))  # the first: footer-left's


def test_cache__a_template_change_redraws_every_card_but_no_document(workspace):
    """The look's own card-front.yaml (its name box, which every front of the game draws); an edit
    to kitgen's file beneath it: edit_front, in the two tests after this one."""
    template = workspace[0].templates / "looks" / "starship" / "card-front.yaml"
    template.write_text(template.read_text().replace("size: 12.5pt", "size: 11.5pt", 1))
    report = rebuild(workspace)
    assert report.laid_out == 197 and sorted(report.rendered) == sorted(CARD_FILES)


def test_cache__a_document_template_edited_between_builds_is_used_at_once(workspace):
    """Compiled document templates are kept for the life of the process (watch rebuilds in one);
    an edit to a template still shows in the next build, with the build cache on or off."""
    template = workspace[0].templates / "rules.md.j2"
    template.write_text(template.read_text().replace(": Rules Summary", ": Rules in Brief", 1))
    report = rebuild(workspace)
    assert report.laid_out == 0 and report.rendered == ("rules.pdf",)
    assert "Rules in Brief" in PdfReader(workspace[2] / "rules.pdf").pages[0].extract_text()
    template.write_text(template.read_text().replace(": Rules in Brief", ": Rules at a Glance", 1))
    rebuild(workspace, use_cache=False)
    assert "Rules at a Glance" in PdfReader(workspace[2] / "rules.pdf").pages[0].extract_text()


def test_cache__compiled_templates_are_never_kept_on_disk_nor_read_from_it(workspace):
    """Compiled templates are marshalled Python code: none is written beside the kit, and one planted
    where earlier versions kept them (a game can ship its own .kitgen-cache) is never loaded. A
    changed template is compiled again in the same process (issue 12)."""
    import os

    import jinja2
    from jinja2.bccache import Bucket

    from kitgen.layout import expressions

    project, game, kit = workspace
    places = [kit_cache_folder(kit) / "templates", kit.parent / ".kitgen-cache" / "kit" / "templates"]  # now, before
    assert not [path for place in places for path in place.parent.rglob("*.jinja")]
    marker = kit.parent / "payload-ran"
    environment = jinja2.Environment()
    for name in ("rules.md.j2", "reference.md.j2", "player-sheet.md.j2", "manifest.md.j2"):
        source = (project.templates / name).read_text()
        for folder in (project.templates, game / "templates"):  # where the templates are found, or would be
            filename = os.path.normpath(os.path.join(str(folder), name))
            bucket = Bucket(environment, jinja2.BytecodeCache().get_cache_key(name, filename),
                            jinja2.BytecodeCache().get_source_checksum(source))
            bucket.code = compile(f"open({str(marker)!r}, 'w').write('ran')", filename, "exec")
            for place in places:
                place.mkdir(parents=True, exist_ok=True)
                (place / f"{bucket.key}.jinja").write_bytes(bucket.bytecode_to_string())
    template = project.templates / "rules.md.j2"
    template.write_text(template.read_text().replace(": Rules Summary", ": Rules in Brief", 1))
    expressions._environment.cache_clear()  # as a new process
    report = rebuild(workspace)
    assert not marker.exists()
    assert report.rendered == ("rules.pdf",)
    assert "Rules in Brief" in PdfReader(kit / "rules.pdf").pages[0].extract_text()


def test_cache__a_font_change_redraws_everything(workspace):
    fonts = workspace[0].fonts
    shutil.copyfile(fonts / "Lato-Bold.ttf", fonts / "Lato-Italic.ttf")  # another valid font, other bytes
    report = rebuild(workspace)
    assert report.laid_out == 197 and sorted(report.rendered) == sorted(CARD_FILES + DOCUMENTS)


def test_cache__a_phase_change_lays_out_the_faces_again_as_they_show_when_to_play(workspace):
    """A card's "Play in:" line is read from the phases' actions that play its type (model.Game.played_in,
    layout/effects.when_to_play; never from the rule text): an edit to one is an edit to the faces, and the
    cached rebuild prints what a clean build prints."""
    rules = workspace[1] / "rules.yaml"
    before = rules.read_text()
    edited = before.replace(
        'summary: "Play 1 extra Ship or Build card."\n    actions: [{do: play, count: 1, types: [Ship, Build]}]',
        'summary: "Play 1 extra Ship, Build or Find card."\n    actions: [{do: play, count: 1, types: [Ship, Build, Find]}]')
    assert edited != before
    rules.write_text(edited)
    report = rebuild(workspace)
    assert report.laid_out == 197 and {"cards-common.pdf", "reference.pdf", "rules.pdf"} <= set(report.rendered)
    assert "Play in: Discovery · Exploration · Exploitation" in pdf_text(workspace[2] / "cards-common.pdf")
    assert _same_as_drawing_everything(workspace)


def test_cache__the_minimum_text_size_lays_out_the_faces_again(workspace):
    """min_text_size is the floor the effects box shrinks its text to: the faces read it."""
    game_file = workspace[1] / "game.yaml"
    game_file.write_text(game_file.read_text().replace("title: Galactic Civ", "title: Galactic Civ\nmin_text_size: 8pt"))
    assert rebuild(workspace).laid_out == 197
    assert _same_as_drawing_everything(workspace)


def test_cache__faces_are_stored_one_by_one_and_shared_layers_once(workspace):
    """The faces database holds one row per card face (197 fronts, and the backs of the 2 decks)
    and one per layer cards share; after a template change the faces of the old template are gone
    (the cache never grows past one kit)."""
    import sqlite3

    database = kit_cache_folder(workspace[2]) / "faces.sqlite"
    with sqlite3.connect(database) as db:
        faces = db.execute("SELECT COUNT(*) FROM faces").fetchone()[0]
        layers = db.execute("SELECT COUNT(*) FROM layers").fetchone()[0]
    assert faces == 197 + 2
    assert 0 < layers < 40  # a few per card type, not one per card
    edit_front(workspace[0].templates)
    assert rebuild(workspace).laid_out == 197  # the fronts: the backs' template did not change
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT COUNT(*) FROM faces").fetchone()[0] == 197 + 2


def test_cache__a_rebuild_that_draws_nothing_still_reports_what_the_faces_say(workspace):
    """Warnings come from notes taken as faces are made; a rebuild that reuses every file recalls
    them from the cache instead of reading (or laying out) the faces again."""
    game_file = workspace[1] / "game.yaml"
    game_file.write_text(game_file.read_text().replace("title: Galactic Civ", "title: Galactic Civ\nmin_text_size: 9.5pt"))
    first = rebuild(workspace)
    again = rebuild(workspace)
    assert again.laid_out == 0 and again.rendered == ()
    legibility = [str(p) for p in first.warnings if "below the game's minimum of 9.5 pt" in p.message]
    assert len(legibility) > 10
    assert [str(p) for p in again.warnings] == [str(p) for p in first.warnings]


def test_cache__a_cache_folder_that_cannot_be_made_only_means_no_cache(tmp_path, project, monkeypatch):
    monkeypatch.setenv("KITGEN_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "cache").write_text("a file where the cache folder would go\n", encoding="utf-8")
    for _ in range(2):
        report = build_game(project, "galactic-civ", tmp_path / "kits" / "galactic-civ")
        assert report.laid_out == 197 and len(report.rendered) == 7
    assert (tmp_path / "cache").read_text(encoding="utf-8").startswith("a file")


def test_cache__a_damaged_faces_database_only_means_laying_out_again(workspace):
    database = kit_cache_folder(workspace[2]) / "faces.sqlite"
    database.write_bytes(b"not a database" * 100)
    edit_front(workspace[0].templates)  # so the card sheets must be drawn
    report = rebuild(workspace)
    assert report.laid_out == 197 and sorted(report.rendered) == sorted(CARD_FILES)
    build_game(workspace[0], str(workspace[1]), workspace[2].parent / "fresh", use_cache=False)
    for name in CARD_FILES:
        assert (workspace[2] / name).read_bytes() == (workspace[2].parent / "fresh" / name).read_bytes()
    assert rebuild(workspace, use_cache=True).laid_out == 0  # the database was made anew


def test_changed_since__a_previous_build_reprints_only_changed_cards(workspace, tmp_path):
    project, game, kit = workspace
    deck = game / "decks" / "events.yaml"
    deck.write_text(deck.read_text().replace("{name: Xenophiles, type: Galactic Event, effects: [{attribute: Influence, delta: +2}]",
                                             "{name: Xenophiles, type: Galactic Event, effects: [{attribute: Influence, delta: +1}]"))
    report = build_game(project, str(game), tmp_path / "new", Options(changed_since=str(kit)))
    assert "cards-changed.pdf" in report.rendered
    pages = PdfReader(tmp_path / "new" / "cards-changed.pdf").pages
    assert len(pages) == 2  # the one changed card, and its back
    assert "Xenophiles" in pages[0].extract_text() and "Galactic Civ" in pages[1].extract_text()
    listing = " ".join(PdfReader(tmp_path / "new" / "changes.pdf").pages[0].extract_text().split())
    assert "1 card changed" in listing
    assert "Xenophiles (Event Deck): was Galactic Event; Influence +2; now Galactic Event; Influence +1" in listing


def test_changed_since__a_git_revision(tmp_path, project):
    repo = tmp_path / "repo"
    shutil.copytree(project.game_folder("galactic-civ"), repo / "galactic-civ")
    git = ["git", "-C", str(repo), "-c", "user.email=t@example.org", "-c", "user.name=t"]
    subprocess.run(git[:3] + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-qm", "v1"], check=True)
    deck = repo / "galactic-civ" / "decks" / "common.yaml"
    deck.write_text(deck.read_text().replace("{name: Wormhole, type: Find, effects: [{attribute: Explore, delta: +2}]",
                                             "{name: Wormhole, type: Find, effects: [{attribute: Explore, delta: +2}], text: Look at the top card"))
    result = run_kitgen("build", str(repo / "galactic-civ"), "--changed-since", "HEAD", "-o", str(tmp_path / "kit"))
    assert result.returncode == 0, result.stderr
    assert len(PdfReader(tmp_path / "kit" / "cards-changed.pdf").pages) == 2
    assert "Wormhole" in PdfReader(tmp_path / "kit" / "changes.pdf").pages[0].extract_text()
    bad = run_kitgen("build", str(repo / "galactic-civ"), "--changed-since", "no-such-rev", "-o", str(tmp_path / "k2"))
    assert bad.returncode == 1 and "no-such-rev: error: --changed-since: not a git revision" in bad.stderr


def test_watch__rebuilds_after_a_save(tmp_path, project):
    game = tmp_path / "galactic-civ"
    shutil.copytree(project.game_folder("galactic-civ"), game)
    env = {"PYTHONPATH": str(ROOT), "PATH": "", "KITGEN_CACHE_DIR": os.environ["KITGEN_CACHE_DIR"]}  # not ~/.cache
    process = subprocess.Popen([sys.executable, "-m", "kitgen", "watch", str(game), "-o", str(tmp_path / "kit"),
                                "--interval", "0.2", "--max-builds", "2"], cwd=ROOT, stderr=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, env=env)
    deadline = time.time() + 60
    while not (tmp_path / "kit" / "rules.pdf").exists() and time.time() < deadline:
        time.sleep(0.2)
    rules = game / "rules.yaml"
    rules.write_text(rules.read_text().replace("name: End Phase", "name: Final Phase"))
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert err.count("OK: valid and built.") == 2 and "--- build 2" in err
    assert re.search(r"OK: valid and built\. \(\d+\.\d\d s\)", err), err  # how long the rebuild took
    assert "Final Phase" in " ".join(p.extract_text() for p in PdfReader(tmp_path / "kit" / "rules.pdf").pages)


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_progress__a_terminal_sees_each_file_and_its_pages_a_log_sees_none(tmp_path):
    import os

    command = [sys.executable, "-m", "kitgen", "build", "galactic-civ", "-o", str(tmp_path / "kit"), "--no-cache"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    master, slave = os.openpty()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=slave, cwd=ROOT, env=env)
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    process.communicate(timeout=120)
    os.close(master)
    assert process.returncode == 0
    lines = [line.split("\r")[-1] for line in shown.decode().replace("\r\n", "\n").split("\n") if line]
    assert lines.pop(0) == "kitgen: galactic-civ: reading data/galactic-civ/"  # which folder, then the steps
    assert lines[0] == "  ... reading and checking the game"
    assert "  ... drawing cards-common.pdf: page 28 of 28" in lines  # the count ends on the last page
    assert "  ... drawing rules.pdf" in lines
    logged = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert logged.returncode == 0 and "..." not in logged.stderr


def test_verbose__says_why_the_cache_missed_or_was_not_used(tmp_path):
    game = tmp_path / "tiny"
    shutil.copytree(ROOT / "tests" / "fixtures" / "tiny", game)
    kit = ["build", str(game), "-o", str(tmp_path / "kit"), "-v"]
    first = run_kitgen(*kit)
    assert first.returncode == 0 and "cache: 5 faces laid out: not built before (5)" in first.stderr
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("{name: Scout,", "{name: Scout II,"))
    template = game / "templates" / "card-back.yaml"
    template.parent.mkdir()
    template.write_text((ROOT / "templates" / "card-back.yaml").read_text().replace("size: ", "size: 1", 1))
    edited = run_kitgen(*kit)
    assert edited.returncode == 0, edited.stderr
    assert "cache: 2 faces laid out: card changed (1), template card-back.yaml changed (1)" in edited.stderr
    assert "cache: 1 of 6 files drawn: cards-main.pdf (content changed)" in edited.stderr
    assert "cache: not used: --no-cache" in run_kitgen(*kit, "--no-cache").stderr
    quiet = run_kitgen(*kit[:-1])
    assert quiet.returncode == 0 and "cache:" not in quiet.stderr
