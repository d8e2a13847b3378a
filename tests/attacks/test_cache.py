"""The build cache is data, never code, and never stale (issue #12): attacks on it and faults in it.

Each case builds the tiny fixture game through the real command (click's runner, in-process, so
a rebuild shares the process as `kitgen watch` does), and asserts the exit code, that no
traceback escaped, a time bound, and what is on disk: the kit equal to a --no-cache build, the
previous kit intact, a planted payload never run. Families: security (planted payloads, records
of the wrong shape, links), stale output (SOURCE_DATE_EPOCH, a template override added, a font
replaced, warnings repeated), faults (a cache folder that cannot be read or written).
"""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from kitgen.kit.cache import kit_cache_folder
from kitgen.cli import main
from tests.conftest import PERMISSIONS_OBEYED, ROOT, WITHOUT_ROOT_POWERS, pdf_text

TINY = ROOT / "tests" / "fixtures" / "tiny"
FONTS = ROOT / "fonts"
SECONDS = 30  # a tiny build takes well under a second; a loaded 2-core machine is slower
CARDS = "cards-main.pdf"
PDFS = (CARDS, "designer-notes.pdf", "manifest.pdf", "player-sheet.pdf", "reference.pdf", "rules.pdf")
TABLES = {"faces": ("face",), "layers": ("layer",), "notes": ("note",), "drawn": ("stream", "record")}


class Payload:
    """Unpickled, it creates the marker file: proof that a cache record ran as code."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return open, (str(self.marker), "w")


def kitgen(*args, env: dict | None = None, code: int = 0, obeying_permissions: bool = False):
    """The real `kitgen` command in this process: the exit code, no traceback, in time. With
    `obeying_permissions`, in a subprocess that a folder's permissions bind even under root."""
    if obeying_permissions and WITHOUT_ROOT_POWERS:
        return _kitgen_without_root_powers(*args, code=code)
    start = time.monotonic()
    result = CliRunner().invoke(main, [str(arg) for arg in args], env=env)
    took = time.monotonic() - start
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == code, result.output
    assert took < SECONDS, f"kitgen {' '.join(map(str, args))} took {took:.1f} s"
    return result


def _kitgen_without_root_powers(*args, code: int):
    done = subprocess.run([*WITHOUT_ROOT_POWERS, sys.executable, "-m", "kitgen", *map(str, args)], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                          timeout=SECONDS)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == code, done.stderr
    return done


@pytest.fixture
def game(tmp_path, monkeypatch) -> Path:
    """A copy of the tiny game, and a cache root of this test's own."""
    monkeypatch.setenv("KITGEN_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "game"
    shutil.copytree(TINY, folder)
    return folder


def edit_card(game: Path) -> None:
    """One card changes: its deck is drawn again, its other faces replayed from the cache."""
    deck = game / "decks" / "main.yaml"
    deck.write_text(deck.read_text().replace("{attribute: Military, delta: +1}", "{attribute: Military, delta: +3}"))


def kit_bytes(kit: Path) -> dict[str, bytes]:
    return {name: (kit / name).read_bytes() for name in PDFS}


def fresh_build(game: Path, out: Path) -> dict[str, bytes]:
    kitgen("build", game, "-o", out, "--no-cache")
    return kit_bytes(out)


def plant(db_path: Path, value) -> int:
    """Every stored record in the faces database replaced by `value` (keys kept): rows changed."""
    changed = 0
    with sqlite3.connect(db_path) as db:
        for table, columns in TABLES.items():
            for column in columns:
                changed += db.execute(f"UPDATE {table} SET {column} = ?", (value,)).rowcount
    return changed


def plant_old_cache(folder: Path, payload: bytes) -> None:
    """kitgen 0.1's cache, as a shared game could ship it: pickles in every table and a files list."""
    folder.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(folder / "faces.sqlite") as db:
        for table, columns in TABLES.items():
            db.execute(f"CREATE TABLE {table} (key TEXT PRIMARY KEY, {', '.join(f'{c} BLOB' for c in columns)})")
    (folder / "faces.pickle").write_bytes(payload)
    (folder / "files").mkdir()
    (folder / "files.json").write_text("{}")


# --- security: nothing read back from a cache runs ---------------------------------------------

def test_planted_pickle__in_the_game_folder_and_the_real_cache_is_never_run(game, tmp_path):
    marker = tmp_path / "payload-ran"
    payload = pickle.dumps(Payload(marker))
    pickle.loads(payload)  # the payload works: unpickled, it makes the marker
    assert marker.exists()
    marker.unlink()
    out = game / "output" / "tiny"
    kitgen("build", game, "-o", out)
    edit_card(game)  # so the rebuild asks the cache for faces, layers, notes and drawn faces
    # Where kitgen 0.1 read its cache (beside the kit, in the game folder), and the real cache.
    plant_old_cache(out.parent / ".kitgen-cache" / "tiny", payload)
    plant_old_cache(game / ".kitgen-cache" / "output", payload)
    assert plant(kit_cache_folder(out) / "faces.sqlite", payload) >= 4 * 3
    for path in (kit_cache_folder(out) / "files").iterdir():
        path.write_bytes(payload)

    kitgen("build", game, "-o", out)

    assert not marker.exists(), "a cache record was unpickled"
    assert kit_bytes(out) == fresh_build(game, tmp_path / "fresh")


def test_planted_pickle__the_cli_in_a_game_folder_keeps_no_cache_there(game, tmp_path):
    """`cd GAME && kitgen build .`, as the issue tried it: the cache a game ships is not read, and
    the build leaves no cache in the game folder."""
    marker = tmp_path / "payload-ran"
    plant_old_cache(game / ".kitgen-cache" / "output", pickle.dumps(Payload(marker)))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.monotonic()
    run = subprocess.run([sys.executable, "-m", "kitgen", "build", "."], cwd=game, env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert time.monotonic() - start < 2 * SECONDS
    assert not marker.exists()
    assert sorted(p.name for p in (game / ".kitgen-cache").iterdir()) == ["output"]  # only what was planted
    kit = game / "output" / game.name  # the folder's own name: `.` has none
    assert (kit_cache_folder(kit) / "faces.sqlite").is_file()  # the cache went to KITGEN_CACHE_DIR
    assert kit_bytes(kit) == fresh_build(game, tmp_path / "fresh")


WRONG_SHAPES = [
    b"not json",
    "[1, 2",  # cut short
    "{}",  # not a list
    "[[], 1.0]",  # a field missing
    '[[["X", 1, 2]], 0, []]',  # an unknown shape kind
    '[[["R", "1", 2, 3, 4, null, null, 0.5, 0]], 0, []]',  # text where a number goes
    '[[["R", NaN, 2, 3, 4, null, null, 0.5, 0]], 0, []]',  # NaN
    '[[["R", 1e999, 2, 3, 4, null, null, 0.5, 0]], 0, []]',  # infinity
    '[[["R", true, 2, 3, 4, null, null, 0.5, 0]], 0, []]',  # a boolean
    '[[["T", 1, 2, "x", "wingdings", 9, "#000000", "left", 0]], 0, []]',  # a font kitgen has no role for
    '[[["T", 1, 2, "x", "body", 9, "not-a-colour", "left", 0]], 0, []]',
    '[[["I", 1, 2, 3, 4, 24, 24, "#000000", "no-such-icon"]], 0, []]',
    '[[["P", 1, 2, 3, 4, "a-picture-this-build-lacks"]], 0, []]',
    '[1.5, [["fatal", "x.yaml", 1, "m"]], []]',  # a note with an unknown level
    '[["icon-x"], [], [], [], "reportlab"]',  # a drawn face placing a form it does not make
    "[" * 100_000 + "]" * 100_000,  # deeper than the decoder recurses
]


def test_records_of_the_wrong_shape__are_misses_and_the_kit_is_what_drawing_makes(game, tmp_path):
    out = tmp_path / "kit"
    kitgen("build", game, "-o", out)
    database = kit_cache_folder(out) / "faces.sqlite"
    with sqlite3.connect(database) as db:  # each row of each table gets another wrong shape
        for table, columns in TABLES.items():
            keys = [key for (key,) in db.execute(f"SELECT key FROM {table}")]
            for number, key in enumerate(keys):
                bad = WRONG_SHAPES[number % len(WRONG_SHAPES)]
                values = (b"x", bad) if table == "drawn" else (bad,)
                db.execute(f"UPDATE {table} SET {', '.join(f'{c} = ?' for c in columns)} WHERE key = ?",
                           (*values, key))
    edit_card(game)
    first = kitgen("build", game, "-o", out)
    assert "Laid out 4 of 4 card faces" in first.stdout  # every face was a miss
    assert kit_bytes(out) == fresh_build(game, tmp_path / "fresh")


@pytest.mark.parametrize("bad", WRONG_SHAPES, ids=range(len(WRONG_SHAPES)))
def test_a_record_of_the_wrong_shape__reads_as_a_miss(tmp_path, project, bad):
    from kitgen.kit.cache import BuildCache
    from kitgen.load.icons import load_icons

    cache = BuildCache(tmp_path / "cache")
    cache.icons, cache.pictures = load_icons([project.templates]), set()
    assert cache.face("k") is None  # the database made
    for table, columns in TABLES.items():
        values = (b"x", bad) if table == "drawn" else (bad,)  # a stream is any bytes: its record is checked
        cache._db.execute(f"INSERT INTO {table} VALUES (?, {', '.join('?' for _ in columns)})", ("k", *values))
    assert (cache.face("k"), cache.note("k"), cache.drawn("k"), cache.shared_layer("k")) == (None,) * 4


def test_a_planted_file_in_the_files_store__is_not_copied_into_the_kit(game, tmp_path):
    """A link (or any file that is no PDF) under a file's key, listed with its own checksum."""
    out = tmp_path / "kit"
    kitgen("build", game, "-o", out)
    store = kit_cache_folder(out) / "files"
    secret = tmp_path / "secret.txt"
    secret.write_text("not for the kit\n")
    sums = {}
    for number, path in enumerate(sorted(store.iterdir())):
        path.unlink()
        if number % 2:
            path.symlink_to(secret)
        else:
            path.write_bytes(secret.read_bytes())
        sums[path.name] = hashlib.sha256(secret.read_bytes()).hexdigest()
    (store.parent / "files.json").write_text(json.dumps(sums))
    kitgen("build", game, "-o", out)
    assert kit_bytes(out) == fresh_build(game, tmp_path / "fresh")
    assert secret.read_text() == "not for the kit\n"


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_links_in_the_cache__are_never_written_through(game, tmp_path):
    out = tmp_path / "kit"
    kitgen("build", game, "-o", out)
    folder = kit_cache_folder(out)
    target = tmp_path / "victim.sqlite"
    target.write_bytes(b"someone else's file")
    (folder / "faces.sqlite").unlink()
    (folder / "faces.sqlite").symlink_to(target)
    edit_card(game)
    kitgen("build", game, "-o", out)
    assert target.read_bytes() == b"someone else's file"
    assert not (folder / "faces.sqlite").is_symlink()  # the link was dropped, a database made anew
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.rmtree(folder)
    folder.symlink_to(elsewhere)  # the kit's whole cache folder a link: not used at all
    kitgen("build", game, "-o", out)
    assert list(elsewhere.iterdir()) == []
    assert kit_bytes(out) == fresh_build(game, tmp_path / "fresh")


# --- stale output: a change to anything that makes the bytes is a miss ------------------------

def test_source_date_epoch__files_dated_by_it_are_never_reused_without_it(game, tmp_path):
    out = tmp_path / "kit"
    undated = fresh_build(game, tmp_path / "fresh")
    kitgen("build", game, "-o", out, env={"SOURCE_DATE_EPOCH": "86400"})
    assert all(b"D:19700102" in data for data in kit_bytes(out).values())
    again = kitgen("build", game, "-o", out, env={"SOURCE_DATE_EPOCH": None})
    assert "from the cache" not in again.stdout
    assert kit_bytes(out) == undated
    kitgen("build", game, "-o", out, env={"SOURCE_DATE_EPOCH": "86400"})  # and back: not the undated files
    assert all(b"D:19700102" in data for data in kit_bytes(out).values())


def test_a_template_override_added_between_builds_in_one_process__is_used(game, tmp_path):
    """As `kitgen watch` rebuilds: the first build compiles our rules template; then the game gets
    its own rules.md.j2 and card-front.yaml. The rebuild uses both, and caches nothing stale."""
    out = tmp_path / "kit"
    kitgen("build", game, "-o", out)
    (game / "templates").mkdir()
    rules = (ROOT / "templates" / "rules.md.j2").read_text()
    (game / "templates" / "rules.md.j2").write_text("# Overridden Rules Page\n\n" + rules)
    front = (ROOT / "templates" / "card-front.yaml").read_text()
    assert 'content: "{{ card.name }}{%' in front
    (game / "templates" / "card-front.yaml").write_text(front.replace('"{{ card.name }}{%', '"{{ card.name }} Mk II{%'))
    kitgen("build", game, "-o", out)
    assert "Overridden Rules Page" in pdf_text(out / "rules.pdf")
    assert "Scout Mk II" in pdf_text(out / CARDS)
    assert kit_bytes(out) == fresh_build(game, tmp_path / "fresh")


def test_one_frame_edited__only_the_cards_of_its_types_are_laid_out_again(game, tmp_path):
    """The Builds take the text frame; the game then overrides that frame (a smaller title): the
    rebuild lays out the two Builds only, and the kit is what a build without a cache makes."""
    out = tmp_path / "kit"
    build, text = 'deck: main, color: "#9a5b22",', (game / "game.yaml").read_text()
    assert build in text  # the Build type's line of the tiny game
    (game / "game.yaml").write_text(text.replace(build, build[:-1] + ", frame: text,"))
    kitgen("build", game, "-o", out)
    (game / "templates").mkdir()
    frame = (ROOT / "templates" / "card-front-text.yaml").read_text()
    (game / "templates" / "card-front-text.yaml").write_text(frame + "\n# the game's own text frame\n")
    assert "Laid out 0 of 4 card faces" in kitgen("-v", "build", game, "-o", out).output  # the same frame
    assert "w: 58.5mm, h: 19mm, fill:" in frame
    (game / "templates" / "card-front-text.yaml").write_text(frame.replace("w: 58.5mm, h: 19mm, fill:",
                                                                         "w: 58.5mm, h: 17mm, fill:", 1))
    again = kitgen("-v", "build", game, "-o", out)
    assert "Laid out 2 of 4 card faces" in again.output, again.output
    assert kit_bytes(out) == fresh_build(game, tmp_path / "fresh")


@pytest.mark.parametrize("duplex", ["long-edge", "off"])  # backs among the fronts, and a file of backs alone
def test_a_card_types_icon_changed__the_back_that_shows_it_is_drawn_again(game, tmp_path, duplex):
    """A deck's back shows its first card type's icon when it names none of its own: changing that
    icon changes the back, though nothing of the deck or its back did."""
    out = tmp_path / "kit"
    ship, text = 'deck: main, color: "#2f5d8c",', (game / "game.yaml").read_text()
    assert ship in text  # the Ship type's line of the tiny game
    (game / "game.yaml").write_text(text.replace(ship, ship[:-1] + ", icon: rocket,"))
    kitgen("build", game, "-o", out, "--duplex", duplex)
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("icon: rocket", "icon: anchor"))
    kitgen("build", game, "-o", out, "--duplex", duplex)
    kitgen("build", game, "-o", tmp_path / "fresh", "--no-cache", "--duplex", duplex)
    names = sorted(path.name for path in out.glob("*.pdf"))
    assert names == sorted(path.name for path in (tmp_path / "fresh").glob("*.pdf"))
    assert {name: (out / name).read_bytes() for name in names} == \
        {name: (tmp_path / "fresh" / name).read_bytes() for name in names}


def test_another_kitgen_version__reuses_nothing_an_older_one_cached(game, tmp_path, monkeypatch):
    out = tmp_path / "kit"
    kitgen("build", game, "-o", out)
    monkeypatch.setattr("kitgen.kit.cache.__version__", "0.0.0-other")
    again = kitgen("build", game, "-o", out)
    assert "Laid out 4 of 4 card faces; drew 6 of 6 files" in again.stdout
    assert kit_bytes(out) == fresh_build(game, tmp_path / "fresh")


def _base_fonts(pdf: Path) -> set[str]:
    from pypdf import PdfReader

    names = set()
    for page in PdfReader(pdf).pages:
        for font in (page.get("/Resources") or {}).get("/Font", {}).values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


def test_a_font_replaced_in_place_between_builds_in_one_process__is_used(game, tmp_path):
    """reportlab keeps the first font registered under a name: `kitgen watch` drew a replaced
    font with the old one and cached those PDFs under the new font's key."""
    (game / "fonts").mkdir()
    shutil.copyfile(FONTS / "Lato-Regular.ttf", game / "fonts" / "body.ttf")
    shutil.copyfile(FONTS / "Lato-Bold.ttf", game / "fonts" / "title.ttf")  # Lato-Black free for the swap
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text + "fonts: {body: fonts/body.ttf, title: fonts/title.ttf}\n")
    out = tmp_path / "kit"
    kitgen("build", game, "-o", out)
    assert "Lato-Regular" in _base_fonts(out / "rules.pdf")
    shutil.copyfile(FONTS / "Lato-Black.ttf", game / "fonts" / "body.ttf")
    rebuilt = kitgen("build", game, "-o", out)
    assert "from the cache" not in rebuilt.stdout
    assert "Lato-Black" in _base_fonts(out / "rules.pdf") and "Lato-Regular" not in _base_fonts(out / "rules.pdf")
    fresh = fresh_build(game, tmp_path / "fresh")
    assert kit_bytes(out) == fresh
    kitgen("build", game, "-o", out)  # what was cached is the new font's kit
    assert kit_bytes(out) == fresh


def test_watch__a_font_replaced_and_a_template_override_added_are_used_by_the_next_build(game, tmp_path):
    """The real `kitgen watch`, one process: build, then the game's body font is replaced in place
    and a rules template override appears; the second build draws with both."""
    (game / "fonts").mkdir()
    shutil.copyfile(FONTS / "Lato-Regular.ttf", game / "fonts" / "body.ttf")
    shutil.copyfile(FONTS / "Lato-Bold.ttf", game / "fonts" / "title.ttf")
    (game / "game.yaml").write_text((game / "game.yaml").read_text()
                                    + "fonts: {body: fonts/body.ttf, title: fonts/title.ttf}\n")
    out = tmp_path / "kit"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.monotonic()
    watch = subprocess.Popen([sys.executable, "-m", "kitgen", "watch", str(game), "-o", str(out), "--interval", "0.5",
                              "--max-builds", "2"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    try:
        while not (out / "rules.pdf").exists() and time.monotonic() - start < 2 * SECONDS:
            time.sleep(0.1)
        assert "Lato-Regular" in _base_fonts(out / "rules.pdf")
        # Both changes made beside the game, then moved in at once: the next build sees both.
        staged = tmp_path / "staged"
        staged.mkdir()
        rules = (ROOT / "templates" / "rules.md.j2").read_text()
        (staged / "rules.md.j2").write_text("# Overridden Rules Page\n\n" + rules)
        shutil.copyfile(FONTS / "Lato-Black.ttf", staged / "body.ttf")
        os.replace(staged / "body.ttf", game / "fonts" / "body.ttf")
        os.replace(staged, game / "templates")
        _, err = watch.communicate(timeout=2 * SECONDS)
    finally:
        watch.kill()
    assert watch.returncode == 0 and "Traceback" not in err, err
    assert err.count("OK: valid and built.") == 2, err
    assert "Overridden Rules Page" in pdf_text(out / "rules.pdf")
    assert "Lato-Black" in _base_fonts(out / "rules.pdf")
    assert kit_bytes(out) == fresh_build(game, tmp_path / "fresh")


def test_warnings__a_cached_rebuild_repeats_every_warning_and_exit_code(game, tmp_path):
    """Issue #16: a face's warnings (art too coarse, text below the game's minimum) are part of
    what the cache keeps, so a rebuild that takes every face from it says them again."""
    from PIL import Image

    (game / "art").mkdir()
    Image.new("RGB", (40, 30), "#884422").save(game / "art" / "scout.png")  # far below 200 dpi
    text = (game / "game.yaml").read_text()
    (game / "game.yaml").write_text(text.replace("title: Tiny Empire", "title: Tiny Empire\nmin_text_size: 30pt"))
    out = tmp_path / "kit"
    first = kitgen("build", game, "-o", out)
    warnings = [line for line in first.stderr.splitlines() if ": warning: " in line]
    assert any("dpi at its printed size" in line for line in warnings), first.stderr
    assert any("below the game's minimum of 30 pt" in line for line in warnings), first.stderr
    again = kitgen("build", game, "-o", out)
    assert "Laid out 0 of 4 card faces; drew 0 of 6 files" in again.stdout
    assert [line for line in again.stderr.splitlines() if ": warning: " in line] == warnings
    strict = [kitgen("build", game, "-o", out, "--strict", code=1) for _ in range(2)]  # from the cache: the same
    assert strict[0].stderr == strict[1].stderr and "dpi at its printed size" in strict[1].stderr
    said = [line for line in strict[1].stderr.splitlines() if not line.startswith("kitgen: ")]  # not "reading ..."
    assert set(said) <= set(warnings)


# --- faults: a cache that cannot be used is only a slower build -------------------------------

def _in_the_way(folder: Path, what: str) -> None:
    if what == "root is a file":
        shutil.rmtree(folder.parent.parent)
        folder.parent.parent.write_text("a file where the cache root would be\n")
    elif what == "database is a folder":
        (folder / "faces.sqlite").unlink()
        (folder / "faces.sqlite").mkdir()
    elif what == "damaged database":
        (folder / "faces.sqlite").write_bytes(os.urandom(4096))
    elif what == "files list is a folder":
        (folder / "files.json").unlink()
        (folder / "files.json").mkdir()
    elif what == "files store is a file":
        shutil.rmtree(folder / "files")
        (folder / "files").write_text("in the way\n")
    elif what == "unreadable":
        for path in folder.rglob("*"):
            path.chmod(0)
        folder.chmod(0)


FAULTS = ["root is a file", "database is a folder", "damaged database", "files list is a folder",
          "files store is a file", "unreadable"]


@pytest.mark.parametrize("fault", FAULTS)
def test_a_cache_that_cannot_be_read_or_written__is_only_a_slower_build(game, tmp_path, fault):
    if fault == "unreadable" and not PERMISSIONS_OBEYED:
        pytest.skip("Windows, or root with no setpriv to drop its file powers")
    bound = fault == "unreadable"  # root reads an unreadable folder unless its powers are dropped
    out = tmp_path / "kit"
    kitgen("build", game, "-o", out)
    previous = kit_bytes(out)
    folder = kit_cache_folder(out)
    _in_the_way(folder, fault)
    try:
        edit_card(game)  # the cache is asked for faces, and written, with the fault in place
        kitgen("build", game, "-o", out, obeying_permissions=bound)
        assert kit_bytes(out) == fresh_build(game, tmp_path / "fresh")
        previous = kit_bytes(out)
        (game / "decks" / "main.yaml").write_text("id: main\ncards: [{name: Broken")  # a failed build ...
        failed = kitgen("build", game, "-o", out, code=1, obeying_permissions=bound)
        assert "main.yaml" in failed.stderr and ": error: " in failed.stderr
        assert kit_bytes(out) == previous  # ... leaves the previous kit
    finally:
        if fault == "unreadable":
            folder.chmod(0o700)
            for path in folder.rglob("*"):
                path.chmod(0o700)


def test_no_cache__reads_and_writes_no_cache_at_all(game, tmp_path):
    out = tmp_path / "kit"
    kitgen("build", game, "-o", out, "--no-cache")
    assert not (tmp_path / "cache").exists()
