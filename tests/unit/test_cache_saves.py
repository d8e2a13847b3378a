"""The build cache's folder, database and saves (kit/cache.py), on real cache folders: a private
folder made with its parents, what a cache not used says, sums of the wrong shape, a database of
another schema, a link or damage where the database should be, a build writing beside a validate,
what a build keeps when it only reads notes, and which cached files a save writes again (issue 34:
the mutants the fast tests did not kill)."""
from __future__ import annotations

import os
import sqlite3
import threading
import time

import pytest

from kitgen.kit.cache import FACES, SCHEMA, SUMS, BuildCache, Made, _busy, _is_folder, _make_folder
from kitgen.layout.card import Face, Layer
from kitgen.layout.shapes import Icon, Picture, Rect, Text

PDF = b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n"
TABLES = ("faces", "layers", "notes", "face_layers", "drawn", "checks", "parts")


def face(text: str = "Scout") -> Face:
    return Face((Layer((Rect(0, 0, 10, 10, "#112233", None, 0.0, 0.0),), key="frame"),
                 Layer((Text(1, 2, text, "body", 9, "#000000"),))), 9.0, ())


def kept(folder, *keys: str) -> BuildCache:
    """A cache in `folder` that kept a face under each key, saved and let go of."""
    cache = BuildCache(folder)
    for key in keys:
        cache.keep_face(key, face(key))
    cache.save({})
    return cache


def rows(folder) -> dict[str, int]:
    with sqlite3.connect(folder / FACES) as db:
        return {table: db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] for table in TABLES}


@pytest.fixture
def umask():
    old = os.umask(0o022)  # what most shells set: a folder made without a mode is then 0o755
    yield
    os.umask(old)


def test_folder__made_with_its_parents_for_its_owner_alone(tmp_path, umask):
    folder = tmp_path / "home" / "cache" / "kits" / "k1"
    pdf = tmp_path / "kit.pdf"
    pdf.write_bytes(PDF)
    cache = kept(folder, "a")
    BuildCache(folder).save({"k1": pdf})
    assert cache.trouble == "" and BuildCache(folder).face("a") == face("a")
    assert (folder.stat().st_mode & 0o777, (folder / "files").stat().st_mode & 0o777) == (0o700, 0o700)


def test_is_folder__only_a_real_folder(tmp_path):
    (tmp_path / "file").write_text("x")
    os.symlink(tmp_path, tmp_path / "link")
    assert _is_folder(tmp_path) and not _is_folder(tmp_path / "file") and not _is_folder(tmp_path / "link")
    assert not _is_folder(tmp_path / "missing") and not _is_folder(tmp_path / "file" / "below")
    assert _make_folder(tmp_path / "new" / "cache") and not _make_folder(tmp_path / "file" / "cache")


def test_busy__only_sqlites_locked_database():
    assert _busy(sqlite3.OperationalError("database is locked"))
    assert not _busy(sqlite3.OperationalError("disk I/O error"))  # damage: started afresh
    assert not _busy(sqlite3.DatabaseError("file is not a database"))
    assert not _busy(OSError("locked"))


def test_a_cache_not_used__says_why_and_keeps_nothing(tmp_path):
    off = BuildCache(None)
    assert (off.folder, off.trouble, off.sums) == (None, "--no-cache", {})
    (tmp_path / "cache").write_text("a file where the folder would be")
    planted = BuildCache(tmp_path / "cache")
    assert planted.folder is None  # the build then says 'cache: not used' (kit/build.py)
    assert planted.trouble == f"{tmp_path / 'cache'} is not a folder kitgen made"


@pytest.mark.parametrize("sums", [b"[1]", b'{"k1": 1}', b'"text"', b'{"k1": ["a"]}'])
def test_sums_of_the_wrong_shape__are_none(tmp_path, sums):
    folder = tmp_path / "cache"
    folder.mkdir()
    (folder / SUMS).write_bytes(sums)
    assert BuildCache(folder).sums == {} and BuildCache(folder).file("k1") is None


def test_a_database_of_another_schema__is_emptied_table_by_table(tmp_path):
    folder = tmp_path / "cache"
    cache = BuildCache(folder)
    cache.keep_face("a", face("A"), note=None, made=Made("front-main-1", {"context.card": "c1"}, {}))
    cache.keep_check("rules", "k1", {})
    cache.save({})
    with sqlite3.connect(folder / FACES) as db:
        db.execute("INSERT INTO drawn VALUES ('a', x'00', '[]')")
        db.execute("INSERT INTO notes VALUES ('a', '[]')")
        db.execute(f"PRAGMA user_version = {SCHEMA - 1}")
    assert all(rows(folder).values())  # a row in every table
    later = BuildCache(folder)
    assert later.face("a") is None and later.check("rules") is None
    assert rows(folder) == dict.fromkeys(TABLES, 0)


def test_a_link_where_the_database_should_be__is_never_written_through(tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir()
    outside = tmp_path / "outside.sqlite"
    outside.write_bytes(b"someone else's file")
    os.symlink(outside, folder / FACES)
    cache = BuildCache(folder)
    cache.keep_face("a", face())
    cache.save({})
    assert cache.trouble == "faces database unreadable: the faces database is not a file; started afresh"
    assert outside.read_bytes() == b"someone else's file" and not (folder / FACES).is_symlink()
    assert BuildCache(folder).face("a") == face()


def test_read_only__a_link_to_a_database_of_ours_is_not_read_through(tmp_path):
    kept(tmp_path / "elsewhere", "a")
    folder = tmp_path / "cache"
    folder.mkdir()
    os.symlink(tmp_path / "elsewhere" / FACES, folder / FACES)
    assert BuildCache(folder, read_only=True).face("a") is None


def test_read_only__a_damaged_database_is_left_as_it_is_and_said_so(tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir()
    damage = b"not a database at all" * 100
    (folder / FACES).write_bytes(damage)
    reader = BuildCache(folder, read_only=True)
    assert reader.face("a") is None and reader.note("a") is None
    assert reader.trouble == "faces database unreadable: file is not a database"
    reader.save({})
    assert (folder / FACES).read_bytes() == damage


def test_read_only__a_save_leaves_every_cached_file(tmp_path):
    pdf = tmp_path / "kit.pdf"
    pdf.write_bytes(PDF)
    folder = tmp_path / "cache"
    BuildCache(folder).save({"k1": pdf})
    BuildCache(folder, read_only=True).save({})
    assert BuildCache(folder).file("k1") is not None


def test_a_validate_reads_what_was_kept_while_a_build_writes(tmp_path):
    folder = tmp_path / "cache"
    kept(folder, "a")
    writer = sqlite3.connect(folder / FACES)
    writer.execute("BEGIN IMMEDIATE")  # a build storing faces: it holds the write lock, readers may read
    try:
        start = time.perf_counter()
        validate = BuildCache(folder, prune=False)
        assert validate.face("a") == face("a") and validate.trouble == ""
        assert time.perf_counter() - start < 0.5
    finally:
        writer.rollback()
        writer.close()


def test_a_validate_never_waits_for_a_build_a_build_waits_for_another(tmp_path):
    folder = tmp_path / "cache"
    kept(folder, "a")
    holder = sqlite3.connect(folder / FACES, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        start = time.perf_counter()
        assert BuildCache(folder, prune=False).face("a") is None
        assert time.perf_counter() - start < 0.5  # SQLite's busy timeout is 0 for a validate
        threading.Timer(0.3, holder.rollback).start()  # the other build is done in 0.3 s
        build = BuildCache(folder)
        assert build.face("a") == face("a") and build.trouble == ""
    finally:
        holder.close()


def test_save__a_build_that_only_read_a_faces_note_or_drawing_keeps_it(tmp_path):
    folder = tmp_path / "cache"
    first = BuildCache(folder)
    first.keep_face("a", face("A"), note=None)
    first.keep_face("b", face("B"))
    first.save({})
    with sqlite3.connect(folder / FACES) as db:  # what render and the checks keep beside the faces
        db.execute("INSERT INTO drawn VALUES ('b', x'00', '[]')")
        db.execute("INSERT INTO notes VALUES ('a', '[]')")
    rebuild = BuildCache(folder)  # draws nothing: reads the note of a and the drawing of b, no face
    rebuild.note("a")
    rebuild.drawn("b")
    assert rebuild.used == {"a", "b"}
    rebuild.save({})
    assert BuildCache(folder).face("a") == face("A") and BuildCache(folder).face("b") == face("B")


def test_save__with_places_forgets_the_faces_and_parts_of_places_gone(tmp_path):
    folder = tmp_path / "cache"
    first = BuildCache(folder)
    first.keep_face("a", face("A"), made=Made("front-main-1", {"context.card": "c1"}, {}))
    first.keep_face("b", face("B"), made=Made("front-main-2", {"context.card": "c2"}, {}))
    first.save({})
    shorter = BuildCache(folder)  # the deck lost its second card
    shorter.places = {"front-main-1"}
    assert shorter.face("a") == face("A")
    shorter.save({})
    assert rows(folder)["parts"] == 1 and rows(folder)["faces"] == 1
    longer = BuildCache(folder)
    longer.keep_face("c", face("C"), made=Made("front-main-2", {"context.card": "c2"}, {}))
    assert longer.misses == {"not built before": 1}


def test_misses__counted_face_by_face_and_parts_of_the_wrong_shape_are_none(tmp_path):
    folder = tmp_path / "cache"
    first = BuildCache(folder)
    for n in (1, 2, 3):
        first.keep_face(f"k{n}", face(), made=Made(f"front-main-{n}", {"context.card": f"c{n}"}, {}))
    assert first.misses == {"not built before": 3}
    first.save({})
    with sqlite3.connect(folder / FACES) as db:
        db.execute("UPDATE parts SET parts = '[1]' WHERE place = 'front-main-1'")
    second = BuildCache(folder)
    second.keep_face("j1", face("B"), made=Made("front-main-1", {"context.card": "d1"}, {}))
    second.keep_face("j2", face("B"), made=Made("front-main-2", {"context.card": "d2"}, {}))
    assert second.misses == {"not built before": 1, "card changed": 1}


def test_shared_layers__stored_once_by_key_a_layer_without_one_with_its_face(tmp_path):
    folder = tmp_path / "cache"
    cache = BuildCache(folder)
    cache.keep_face("a", face("A"))
    cache.keep_face("b", face("B"))
    assert cache.stored_layers == {"frame"}
    cache.save({})
    assert rows(folder)["layers"] == 1 and rows(folder)["face_layers"] == 2


def test_shared_layer__naming_a_picture_this_build_did_not_prepare_is_a_miss(tmp_path):
    pictured = Face((Layer((Picture(0, 0, 10, 10, "art-1"),), key="art-frame"),), 0.0, ())
    first = BuildCache(tmp_path / "cache")
    first.keep_face("a", pictured)
    first.save({})
    later = BuildCache(tmp_path / "cache")
    later.use(None, {"art-2"})
    assert later.face("a") is None and later.shared_layer("art-frame") is None
    again = BuildCache(tmp_path / "cache")
    again.use(None, {"art-1"})
    assert again.face("a") == pictured


def saved_file(folder, pdf, data: bytes, look: bool = False) -> os.stat_result:
    """Save `data` as the cached file k1 (after looking it up first, as a build that reuses it does);
    the stored file's stat."""
    pdf.write_bytes(data)
    cache = BuildCache(folder)
    if look:
        cache.file("k1")
    cache.save({"k1": pdf})
    return (folder / "files" / "k1").stat()


@pytest.mark.parametrize("look", [True, False])
def test_save__a_cached_file_is_written_again_only_when_its_bytes_change_or_it_is_damaged(tmp_path, look):
    folder, pdf = tmp_path / "cache", tmp_path / "kit.pdf"
    first = saved_file(folder, pdf, PDF)
    same = saved_file(folder, pdf, PDF, look)
    assert (same.st_ino, same.st_mtime_ns) == (first.st_ino, first.st_mtime_ns)  # reused: not written again
    other = PDF.replace(b"1.4", b"1.5")
    saved_file(folder, pdf, other, look)
    assert BuildCache(folder).file("k1").read_bytes() == other
    (folder / "files" / "k1").write_bytes(PDF)  # damaged: the bytes another build wrote, not the saved ones
    saved_file(folder, pdf, other, look)
    assert BuildCache(folder).file("k1").read_bytes() == other


def test_save__a_file_another_build_saved_since_is_checked_again(tmp_path):
    folder, pdf = tmp_path / "cache", tmp_path / "kit.pdf"
    saved_file(folder, pdf, PDF)
    slow = BuildCache(folder)
    assert slow.file("k1") is not None  # reused: checked, so not written again as it stands
    other = tmp_path / "other.pdf"
    other.write_bytes(PDF.replace(b"1.4", b"1.7"))
    BuildCache(folder).save({"k1": other})  # another build of the kit saves first
    slow.save({"k1": pdf})
    assert BuildCache(folder).file("k1").read_bytes() == PDF


def test_save__the_sums_file_is_the_same_whatever_order_the_files_come_in(tmp_path):
    pdfs = {name: tmp_path / f"{name}.pdf" for name in "abc"}
    for name, path in pdfs.items():
        path.write_bytes(PDF + name.encode())
    BuildCache(tmp_path / "one").save(pdfs)
    BuildCache(tmp_path / "two").save(dict(reversed(pdfs.items())))
    assert (tmp_path / "one" / SUMS).read_bytes() == (tmp_path / "two" / SUMS).read_bytes()


def test_save__a_build_keeps_the_faces_it_stored_and_forgets_the_rest(tmp_path):
    folder = tmp_path / "cache"
    kept(folder, "a", "b")
    build = BuildCache(folder)  # every face laid out anew, none looked up
    build.keep_face("c", face("c"))
    build.save({})
    later = BuildCache(folder)
    assert later.face("c") == face("c") and later.face("a") is None and later.face("b") is None


def test_after_a_save__nothing_is_held_open_and_a_lookup_is_a_miss(tmp_path):
    cache = kept(tmp_path / "cache", "a")
    cache.close()
    assert cache.face("a") is None and cache.note("a") is None


def test_a_face_naming_an_icon__is_a_miss_before_the_build_says_its_icon_set(tmp_path):
    named = Face((Layer((Icon(1, 2, 3, 4, (24, 24), (("M", 0.0, 0.0),), "#000000", "compass"),)),), 0.0, ())
    first = BuildCache(tmp_path / "cache")
    first.keep_face("a", named)
    first.save({})
    assert BuildCache(tmp_path / "cache").face("a") is None
