"""The faces database stores a face as it was laid out and gives back an equal one; a named
icon's outline is not stored with every face but taken from the icon set again."""
from __future__ import annotations

import json
import sqlite3

from kitgen.kit.cache import BuildCache
from kitgen.layout.card import Face, Layer
from kitgen.layout.shapes import Circle, Icon, Line, Picture, Rect, Text
from kitgen.load.icons import load_icons


def a_face(icons) -> Face:
    width, height, commands, name = icons.get("compass")
    shared = Layer((Rect(0, 0, 180, 252, "#112233", "#445566", 0.3, 4.0),
                    Circle(90, 120, 30, None, "#778899", 0.6)), key="frame-0123")
    own = Layer((Text(14.2, 22.5, "Scout Ships", "title", 12, "#ffffff", "center", 0.0),
                 Line(10, 60, 170, 60, "#b0b0b0", 0.4),
                 Icon(17, 67.8, 10, 10, (width, height), commands, "#2f5d8c", name),
                 Icon(40, 67.8, 10, 10, (24, 24), (("M", 0.0, 0.0), ("L", 24.0, 24.0), ("Z",)), "#000000", ""),
                 Picture(10, 80, 160, 90, "art-1")))
    return Face((shared, own), 7.5, ())


def test_a_stored_face_reads_back_equal_with_the_icon_sets_own_outline(tmp_path, project):
    icons = load_icons([project.templates])
    width, height, _, _ = icons.get("compass")
    cache = BuildCache(tmp_path / "cache")
    cache.icons = icons
    face = a_face(icons)
    cache.keep_face("card-1", face)

    again = cache.face("card-1")

    assert again == face
    named = again.layers[1].shapes[2]
    assert named.commands is icons.get("compass")[2]  # the set's outline, not a copy of it
    cache.save({})
    with sqlite3.connect(tmp_path / "cache" / "faces.sqlite") as db:
        stored = db.execute("SELECT face FROM faces WHERE key = 'card-1'").fetchone()[0]
    outline = json.dumps(icons.get("compass")[2])
    assert len(outline) > 1000 and len(stored) < len(outline)  # stored by name, not number by number
    assert json.loads(stored)[0][1][1][2] == ["I", 17, 67.8, 10, 10, width, height, "#2f5d8c", "compass", 0.0]


def test_a_face_whose_named_icon_is_gone_is_not_read_back(tmp_path, project):
    """Another icon set without that icon: the face is laid out again (None), never half read."""
    icons = load_icons([project.templates])
    cache = BuildCache(tmp_path / "cache")
    cache.icons = icons
    cache.keep_face("card-1", a_face(icons))
    cache.save({})
    later = BuildCache(tmp_path / "cache")
    later.icons = load_icons([tmp_path])  # no icons file here: an empty set
    assert later.face("card-1") is None
    again = BuildCache(tmp_path / "cache")
    again.icons = icons
    assert again.face("card-1") == a_face(icons)  # the row itself was fine


def test_a_note_and_a_drawn_face_read_back_equal(tmp_path, project):
    """What the checks noted (size, problems, missing characters) and render's record of a drawn
    face (its operators, and each line's codes as bytes) come back as they went in."""
    from kitgen.errors import Where, warning
    from kitgen.render.sheets import DrawnFace, writer

    cache = BuildCache(tmp_path / "cache")
    cache.icons, cache.pictures = load_icons([project.templates]), {"art-1"}
    from kitgen.check.faces import Note, Remarks

    note = Note(7.5, Remarks((warning(Where("decks/main.yaml", 4, 5), "card 'Scout': text shrinks"),), ("\u2603",)))
    drawn = DrawnFace(b"x\x9c\x00\xff", ("icon-compass", "layer-frame-0123"), (("compass", (512, 512)),),
                      ("frame-0123",), (("kitgen-body", "Scout", (("F1+0", b"\x01\x02\xfe"),)),), writer())
    cache.keep_face("card-1", a_face(cache.icons), note)
    cache.keep_drawn("card-1", drawn)
    cache.save({})
    again = BuildCache(tmp_path / "cache")
    again.icons, again.pictures = cache.icons, {"art-1"}
    assert again.note("card-1") == note
    assert again.drawn("card-1") == drawn
    assert again.face("card-1") == a_face(cache.icons)
    later = BuildCache(tmp_path / "cache")
    later.icons, later.pictures = cache.icons, set()  # a picture this build did not prepare: laid out again
    assert later.face("card-1") is None


def test_a_face_that_cannot_be_stored_is_only_not_cached(tmp_path, project):
    """JSON has no NaN: such a face (or a problem with no place) is laid out again next time, and
    storing it raises nothing."""
    from kitgen.errors import warning

    cache = BuildCache(tmp_path / "cache")
    cache.icons, cache.pictures = load_icons([project.templates]), set()
    cache.keep_face("nan", Face((Layer((Rect(float("nan"), 0, 1, 1),)),), 7.0, ()))
    cache.keep_face("nowhere", Face((Layer((Rect(0, 0, 1, 1),)),), 7.0, (warning(None, "m"),)))
    assert cache.face("nan") is None
    assert cache.face("nowhere") == Face((Layer((Rect(0, 0, 1, 1),)),), 7.0, (warning(None, "m"),))



def _build_saving(folder, files: dict, templates, lays_out: bool, start) -> None:
    """As a build of the kit ends: one face laid out (or reused), then the cache saved."""
    cache = BuildCache(folder)
    cache.icons = load_icons([templates])
    if lays_out:
        cache.keep_face("face-0", a_face(cache.icons))
    else:
        cache.face("face-0")
    start.wait()
    cache.save(files)


def test_two_builds_saving_the_cache_at_once__leave_one_whole_readable_cache(tmp_path, project):
    """Two builds of one kit: the kit lock is released before the cache is saved, so their saves
    can meet. Whatever the interleaving, the cache afterwards is exactly one build's: every file
    it lists is there and whole, no half-written file is left, and the faces database is sound."""
    import multiprocessing

    context = multiprocessing.get_context("spawn")  # fork in a process with threads (xdist) may hang
    folder = tmp_path / "cache"
    BuildCache(folder).save({})  # the faces database exists, as after any earlier build
    kits = []
    for build in (0, 1):
        kit = tmp_path / f"kit-{build}"
        kit.mkdir()
        files = {}
        for number in range(24):  # half the files shared (same key, same bytes), half each build's own
            key = f"build{build}-{number}" if number % 2 == 0 else f"shared-{number}"
            files[key] = kit / f"{number}.pdf"
            files[key].write_bytes(b"%PDF-1.7\n" + key.encode() * 40000 + b"\n%%EOF\n")
        kits.append(files)
    for _ in range(3):
        start = context.Barrier(2)
        builds = [context.Process(target=_build_saving, args=(folder, files, project.templates, build == 0, start))
                  for build, files in enumerate(kits)]
        for process in builds:
            process.start()
        for process in builds:
            process.join(60)
        assert [process.exitcode for process in builds] == [0, 0]
        after = BuildCache(folder)
        assert set(after.sums) in (set(kits[0]), set(kits[1]))
        assert all(after.file(key) for key in after.sums), "a listed file is missing or damaged"
        assert sorted(p.name for p in (folder / "files").iterdir()) == sorted(after.sums)  # no .part left
        assert not list(folder.glob(".*.part"))
        with sqlite3.connect(folder / "faces.sqlite") as db:
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        after.icons = load_icons([project.templates])
        assert after.face("face-0") == a_face(after.icons)


def test_a_faces_database_another_build_is_making__is_not_made_again_over_its_faces(tmp_path, monkeypatch):
    """Two builds with a new cache folder make the faces database at once. The second read no
    version yet (0); if the first then made the tables and kept a face before the second went on,
    the second dropped them all and the face was gone (the two-builds test above lost 'face-0' now
    and then). The second now makes a new database under the write lock, reading the version again."""
    from kitgen.kit import cache as cache_module
    from kitgen.kit.cache import FACES, SCHEMA

    folder = tmp_path / "cache"
    BuildCache(folder).save({})  # the folder, no faces database yet
    path = next(folder.rglob("files.json")).parent / FACES
    connect = sqlite3.connect

    class SecondBuild:
        """The second build's connection: right after it reads version 0, the first build makes
        the database and keeps a face."""

        def __init__(self, *args, **kwargs):
            self.db, self.first_read = connect(*args, **kwargs), True

        def execute(self, sql, *args):
            result = self.db.execute(sql, *args)
            if sql == "PRAGMA user_version" and self.first_read:
                self.first_read = False
                (version,) = result.fetchone()
                with connect(path) as first:
                    first.execute("CREATE TABLE faces (key TEXT PRIMARY KEY, face TEXT NOT NULL)")
                    first.execute("INSERT INTO faces VALUES ('face-0', '{}')")
                    first.execute(f"PRAGMA user_version = {SCHEMA}")
                first.close()
                return self.db.execute(f"SELECT {version}")
            return result

        def __getattr__(self, name):
            return getattr(self.db, name)

    monkeypatch.setattr(cache_module.sqlite3, "connect", SecondBuild)
    second = BuildCache(folder)
    second._faces()
    second.close()
    monkeypatch.undo()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT key FROM faces").fetchall() == [("face-0",)]
    db.close()
