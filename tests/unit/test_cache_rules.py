"""The build cache's rules (kit/cache.py), each on a real cache folder: where it lives, what keys hash,
a cached file only when it is whole and as saved, what a save keeps, a read-only cache writing
nothing, and why a face was laid out again (what `-v` says)."""
from __future__ import annotations

import hashlib
import os
import sqlite3

import pytest

from kitgen import __version__
from kitgen.kit import cache as cache_module
from kitgen.kit.cache import FACES, SCHEMA, SUMS, BuildCache, Made, cache_root, content_key, data_key, environment, \
    kit_cache_folder
from kitgen.layout.card import Face, Layer
from kitgen.layout.shapes import Rect, Text

PDF = b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n"


def face(text: str = "Scout") -> Face:
    return Face((Layer((Rect(0, 0, 10, 10, "#112233", None, 0.0, 0.0),), key="frame"),
                 Layer((Text(1, 2, text, "body", 9, "#000000"),))), 9.0, ())


def test_cache_root__the_variable_when_set_else_the_users_cache_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("KITGEN_CACHE_DIR", f"  {tmp_path}  ")
    assert cache_root() == tmp_path
    import platformdirs

    monkeypatch.setenv("KITGEN_CACHE_DIR", "   ")
    assert str(cache_root()) == platformdirs.user_cache_dir("kitgen", appauthor=False)
    monkeypatch.delenv("KITGEN_CACHE_DIR")
    assert str(cache_root()) == platformdirs.user_cache_dir("kitgen", appauthor=False)


def test_kit_cache_folder__one_per_kit_named_by_a_hash_of_its_absolute_path(monkeypatch, tmp_path):
    monkeypatch.setenv("KITGEN_CACHE_DIR", str(tmp_path / "root"))
    monkeypatch.chdir(tmp_path)
    name = hashlib.sha256(str(tmp_path / "kit").encode()).hexdigest()[:32]
    assert kit_cache_folder("kit") == kit_cache_folder(tmp_path / "kit") == tmp_path / "root" / "kits" / name
    assert kit_cache_folder(tmp_path / "other") != kit_cache_folder(tmp_path / "kit")
    odd = tmp_path / "kit-\udcff"  # a name whose bytes are not UTF-8 (os.fsdecode keeps them as surrogates)
    named = hashlib.sha256(str(odd).encode("utf-8", "surrogateescape")).hexdigest()[:32]
    assert kit_cache_folder(odd) == tmp_path / "root" / "kits" / named


def test_environment__only_the_source_date_and_reportlabs_settings_sorted_and_stripped(monkeypatch):
    for name in [n for n in os.environ if n.startswith("RL_") or n == "SOURCE_DATE_EPOCH"]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", " 1700000000 ")
    monkeypatch.setenv("RL_invariant", "1")
    monkeypatch.setenv("RL_ZLIB", "6")
    monkeypatch.setenv("XRL_OTHER", "9")
    monkeypatch.setenv("HOME_RL_", "9")
    assert environment() == (("RL_ZLIB", "6"), ("RL_invariant", "1"), ("SOURCE_DATE_EPOCH", "1700000000"))


def test_keys__each_part_in_order_bytes_as_they_are_the_code_only_in_content_keys(monkeypatch):
    assert content_key("a", "b") != content_key("b", "a") != content_key("ab")
    assert content_key("a", 1) != content_key("a", "1")  # repr: a number is not its text
    assert content_key(b"x") != content_key("x") and len(content_key("x")) == 32
    seed = hashlib.sha256(__version__.encode())
    seed.update(b"\0")
    seed.update(b"'card'")
    assert data_key("card") == seed.hexdigest()[:32]
    raw = hashlib.sha256(__version__.encode())
    raw.update(b"\0")
    raw.update(b"\x00\xffraw")
    assert data_key(b"\x00\xffraw") == raw.hexdigest()[:32]  # bytes as they are, not their repr
    content, data = content_key("card"), data_key("card")
    monkeypatch.setattr(cache_module, "code_stamp", lambda: "another checkout")
    assert content_key("card") != content and data_key("card") == data


def saved(folder, files: dict, prune: bool = True) -> BuildCache:
    cache = BuildCache(folder, prune=prune)
    cache.save(files)
    return BuildCache(folder)


def test_file__a_saved_pdf_comes_back_only_whole_as_saved_and_a_plain_file(tmp_path):
    kit = tmp_path / "kit.pdf"
    kit.write_bytes(PDF)
    folder = tmp_path / "cache"
    later = saved(folder, {"k1": kit})
    assert later.sums == {"k1": hashlib.sha256(PDF).hexdigest()}
    assert later.file("k1") == folder / "files" / "k1" and later.verified == {"k1"}
    assert later.file("k2") is None
    (folder / "files" / "k2").write_bytes(PDF)  # planted beside the saved one, under no saved sum
    assert BuildCache(folder).file("k2") is None
    stored = folder / "files" / "k1"
    stored.write_bytes(PDF.replace(b"1.4", b"1.5"))  # same length, other bytes
    assert BuildCache(folder).file("k1") is None
    stored.write_bytes(PDF[:-7])  # cut short: no %%EOF
    assert BuildCache(folder).file("k1") is None
    stored.unlink()
    assert BuildCache(folder).file("k1") is None
    os.symlink(kit, stored)  # a link to the very bytes: not ours
    assert BuildCache(folder).file("k1") is None


def test_file__a_saved_file_that_is_not_a_pdf_is_drawn_again(tmp_path):
    kit = tmp_path / "kit.pdf"
    kit.write_bytes(b"not a pdf %%EOF")
    assert saved(tmp_path / "cache", {"k1": kit}).file("k1") is None
    kit.write_bytes(b"%PDF-1.4 with trailing space %%EOF \n\n")
    assert saved(tmp_path / "cache", {"k1": kit}).file("k1") is not None


def test_save__keeps_exactly_the_files_of_this_build(tmp_path):
    one, two = tmp_path / "one.pdf", tmp_path / "two.pdf"
    one.write_bytes(PDF)
    two.write_bytes(PDF + b"\n")
    folder = tmp_path / "cache"
    saved(folder, {"a": one, "b": two})
    later = saved(folder, {"b": two})
    assert sorted(p.name for p in (folder / "files").iterdir()) == ["b"]
    assert later.file("a") is None and later.file("b") is not None
    assert not list(folder.glob(".*.part")) and (folder / SUMS).is_file()


def test_save__a_build_keeps_the_faces_it_used_a_validate_adds_and_keeps_the_rest(tmp_path):
    folder = tmp_path / "cache"
    first = BuildCache(folder)
    first.keep_face("a", face("A"))
    first.keep_face("b", face("B"))
    first.save({})
    validate = BuildCache(folder, prune=False)
    validate.keep_face("c", face("C"))
    validate.save({})
    validate.close()  # after a save: nothing left to let go of
    build = BuildCache(folder)
    assert build.face("a") == face("A") and build.face("c") == face("C")
    build.save({})  # used a and c only
    after = BuildCache(folder)
    assert after.face("b") is None and after.face("a") == face("A") and after.face("c") == face("C")


def test_read_only__reads_what_was_kept_and_writes_nothing(tmp_path):
    folder = tmp_path / "cache"
    assert BuildCache(folder, read_only=True).face("a") is None  # no database yet: none made
    assert not folder.exists()
    first = BuildCache(folder)
    first.keep_face("a", face("A"))
    first.keep_check("rules", "key-1", {"rules.j2": "d1"})
    first.save({})
    reader = BuildCache(folder, read_only=True)
    assert reader.face("a") == face("A") and reader.check("rules") == ("key-1", {"rules.j2": "d1"})
    reader.keep_face("b", face("B"))
    reader.keep_check("rules", "key-2", {})
    reader.save({})
    assert BuildCache(folder).face("b") is None and BuildCache(folder).check("rules")[0] == "key-1"


def test_read_only__a_database_of_another_schema_is_not_read(tmp_path):
    folder = tmp_path / "cache"
    first = BuildCache(folder)
    first.keep_face("a", face("A"))
    first.save({})
    with sqlite3.connect(folder / FACES) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA + 1}")
    assert BuildCache(folder, read_only=True).face("a") is None


def test_check__kept_and_replaced_by_name(tmp_path):
    cache = BuildCache(tmp_path / "cache")
    assert cache.check("rules") is None
    cache.keep_check("rules", "k1", {"b.j2": "2", "a.j2": "1"})
    cache.keep_check("rules", "k2", {"a.j2": "3"})
    cache.keep_check("reference", "k3", {})
    cache.save({})
    later = BuildCache(tmp_path / "cache")
    assert later.check("rules") == ("k2", {"a.j2": "3"}) and later.check("reference") == ("k3", {})


def made(card: str = "c1", template: str = "t1") -> Made:
    return Made("front-main-1", {"context.card": card, "template": template, "measure": "m"},
                {"template": "template card-front.yaml"})


def test_why__each_face_laid_out_is_counted_under_the_parts_that_changed_at_its_place(tmp_path):
    folder = tmp_path / "cache"
    first = BuildCache(folder)
    first.keep_face("k1", face(), made=made())
    assert first.misses == {"not built before": 1}
    first.save({})
    second = BuildCache(folder)
    second.places = {"front-main-1"}
    second.keep_face("k2", face("B"), made=made(card="c2"))
    second.keep_face("k3", face("C"), made=made(card="c3", template="t2"))
    second.keep_face("k4", face("D"), made=Made("front-main-1", {"context.card": "c3", "template": "t2",
                                                                 "measure": "m", "context.flavour": "x"}, {}))
    second.keep_face("k5", face("E"), made=Made("front-main-1", {"context.card": "c3", "template": "t2",
                                                                 "measure": "m", "context.flavour": "x"}, {}))
    assert second.misses == {"card changed": 1, "card and template card-front.yaml changed": 1,
                             "flavour changed": 1, "not in the cache": 1}


def test_why__a_face_whose_kept_copy_was_unreadable_says_so(tmp_path):
    folder = tmp_path / "cache"
    first = BuildCache(folder)
    first.keep_face("k1", face(), made=made())
    first.save({})
    with sqlite3.connect(folder / FACES) as db:
        db.execute("UPDATE faces SET face = 'not json' WHERE key = 'k1'")
        db.execute("UPDATE parts SET parts = '[1]'")
    second = BuildCache(folder)
    assert second.face("k1") is None
    second.keep_face("k1", face(), made=made())
    second.keep_face("k2", face("B"), made=Made("back-main", {"context.deck": "d"}, {}))
    assert second.misses == {"cached face unreadable": 1, "not built before": 1}


def test_use__a_face_naming_a_picture_this_build_did_not_prepare_is_laid_out_again(tmp_path):
    from kitgen.layout.shapes import Picture

    pictured = Face((Layer((Picture(0, 0, 10, 10, "art-1"),)),), 0.0, ())
    first = BuildCache(tmp_path / "cache")
    first.keep_face("a", pictured)
    first.save({})
    later = BuildCache(tmp_path / "cache")
    later.use(None, {"art-2"})
    assert later.face("a") is None and (later.icons, later.pictures) == (None, {"art-2"})
    again = BuildCache(tmp_path / "cache")
    again.use(None, {"art-1"})
    assert again.face("a") == pictured


def test_shared_layer__by_key_once_stored_none_for_another(tmp_path):
    folder = tmp_path / "cache"
    first = BuildCache(folder)
    first.keep_face("a", face())
    first.save({})
    later = BuildCache(folder)
    assert later.shared_layer("frame") == face().layers[0] and "frame" in later.stored_layers
    assert later.shared_layer("other") is None
    assert BuildCache(None).shared_layer("frame") is None and BuildCache(None).face("a") is None


def test_a_busy_database__is_not_ours_this_time_and_not_started_afresh(tmp_path):
    folder = tmp_path / "cache"
    first = BuildCache(folder)
    first.keep_face("a", face())
    first.save({})
    holder = sqlite3.connect(folder / FACES)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        validate = BuildCache(folder, prune=False)  # a validate never waits
        assert validate.face("a") is None
        assert validate.trouble.startswith("faces database unreadable: database is locked")
        assert "started afresh" not in validate.trouble
    finally:
        holder.rollback()
        holder.close()
    assert BuildCache(folder).face("a") == face()  # nothing was removed


@pytest.mark.parametrize("damage, trouble", [
    (b"not a database at all" * 100, "faces database unreadable: file is not a database; started afresh"),
    (b"", ""),  # an empty file is an empty database to SQLite: made anew, nothing to say
])
def test_a_damaged_database__is_started_afresh_and_said_so(tmp_path, damage, trouble):
    folder = tmp_path / "cache"
    folder.mkdir()
    (folder / FACES).write_bytes(damage)
    cache = BuildCache(folder)
    assert cache.face("a") is None
    cache.keep_face("a", face())
    cache.save({})
    assert BuildCache(folder).face("a") == face()
    assert cache.trouble == trouble
