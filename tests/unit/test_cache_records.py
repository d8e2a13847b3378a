"""What the build cache stores is plain JSON read back field by field into kitgen's own records
(kit/records.py): every record kind reads back equal to what was written, and a record with any one
field of the wrong kind is Unreadable (a miss: the face is made again), never half read."""
from __future__ import annotations

import json

import pytest

from kitgen.check.faces import Note, Remarks
from kitgen.errors import Problem, Where
from kitgen.kit import records
from kitgen.kit.records import Context, Unreadable
from kitgen.layout.card import Face, Layer
from kitgen.layout.shapes import Circle, Icon, Line, Picture, Polygon, Rect, Text
from kitgen.render.sheets import DrawnFace


class Icons:
    """An icon set of one icon, as the cache asks it (get(name).outline)."""

    class Found:
        outline = (("M", 0.0, 0.0), ("L", 24.0, 24.0), ("Z",))

    def get(self, name):
        return self.Found() if name == "compass" else None


CONTEXT = Context(Icons(), {"art-1"})
SHAPES = [
    Rect(0, 0, 180.5, 252, "#112233", None, 0.3, 4.0),
    Rect(1, 2, 3, 4, None, "#aabbcc", 0.0, 0.0),
    Line(10, 60, 170, 60.5, "#b0b0b0", 0.4),
    Circle(90, 120, 30, None, "#778899", 0.6),
    Text(14.2, 22.5, "Scout Ships", "title", 12, "#ffffff", "center", 180.0),
    Picture(10, 80, 160, 90, "art-1"),
    Icon(17, 67.8, 10, 10, (24, 24), Icons.Found.outline, "#2f5d8c", "compass", 90.0),
    Icon(40, 67.8, 10, 10, (24.0, 24.0), (("M", 0.0, 0.0), ("C", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0), ("Z",)), "#000000", ""),
    Polygon(((0, 0), (10, 0), (5, 8.5)), "#112233", None, 0.5),  # a badge's shield or diamond, a chamfered frame
    Polygon(((1, 2.5), (3, 4), (5, 6), (7, 8)), None, "#aabbcc", 0.0),
]


def stored(value):
    """As the cache keeps it: JSON text, read back."""
    return records.loads(records.dumps(value))


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: type(s).__name__)
def test_shape__reads_back_equal(shape):
    layer = Layer((shape,), key="k")
    assert records.read_layer(stored(records.layer_record(layer)), CONTEXT) == layer


def wrong_values(value):
    """Values of another kind than `value` (a number for text and the other way, a bool for a number)."""
    if isinstance(value, str):
        return [1, ["x"]]
    if isinstance(value, (int, float)):
        return ["1", True, None, float("nan"), 1e10, -1e10, [1]]
    if value is None:
        return [1, "none"]
    return ["x", 1]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: type(s).__name__)
def test_shape__any_field_of_the_wrong_kind_or_a_field_too_many_or_few_is_unreadable(shape):
    record = stored(records.layer_record(Layer((shape,))))[1][0]
    for index in range(len(record)):
        for wrong in wrong_values(record[index]) if index else ["Q", 1, None]:
            bad = [*record[:index], wrong, *record[index + 1:]]
            with pytest.raises(Unreadable):
                records.read_layer(["", [bad]], CONTEXT)
    for bad in (record[:-1], [*record, 0]):
        with pytest.raises(Unreadable):
            records.read_layer(["", [bad]], CONTEXT)


@pytest.mark.parametrize("bad", [
    ["T", 1, 2, "x", "wingdings", 9, "#000000", "left", 0],  # a font kitgen has no role for
    ["T", 1, 2, "x", "body", 9, "#000000", "justify", 0],  # an alignment it does not draw
    ["T", 1, 2, "x", "body", 9, "#00000", "left", 0],  # a colour one digit short
    ["T", 1, 2, "x", "body", 9, "#0000000", "left", 0],  # a digit too many
    ["T", 1, 2, "x", "body", 9, "red", "left", 0],
    ["P", 1, 2, 3, 4, "art-2"],  # a picture this build did not prepare
    ["I", 1, 2, 3, 4, 24, 24, "#000000", "spy", 0],  # an icon the set lacks
    ["O", 1, 2, 3, 4, 24, 24, "#000000", [["M", 0]], 0],  # a command with too few numbers
    ["O", 1, 2, 3, 4, 24, 24, "#000000", [["Q", 0, 0]], 0],  # a command it does not know
    ["O", 1, 2, 3, 4, 24, 24, "#000000", [[]], 0],
    ["O", 1, 2, 3, 4, 24, 24, "#000000", ["M"], 0],
    ["O", 1, 2, 3, 4, 24, 24, "#000000", [["M", 0, "1"]], 0],
    ["O", 1, 2, 3, 4, 24, 24, "#000000", "M 0 0", 0],
    [], "R", ["X", 1, 2],
    [["R"], 1, 2, 3, 4, None, None, 0, 0], [None, 1, 2],  # a kind that is not text
    ["G", [[0, 0]] * (records.MAX_POINTS + 1), None, "#000000", 0.5],  # more corners than kitgen draws
    ["G", [[0, 0], [1, 1, 1]], None, "#000000", 0.5], ["G", [[0, 0], [1]], None, "#000000", 0.5],  # not a corner
    ["G", [[0, 0], "1 1"], None, "#000000", 0.5], ["G", [[0, 0], [1, "1"]], None, "#000000", 0.5],
    ["G", [[0, 0], [1, 1e9]], None, "#000000", 0.5], ["G", [[0, 0]], "red", None, 0.5],
])
def test_shape__a_name_colour_or_outline_this_build_does_not_know_is_unreadable(bad):
    with pytest.raises(Unreadable):
        records.read_layer(["", [bad]], CONTEXT)


def test_shape__a_polygon_of_up_to_max_points_corners_reads_back():
    corners = tuple((float(n), float(n % 7)) for n in range(records.MAX_POINTS))
    assert records.read_layer(["", [["G", [list(c) for c in corners], None, None, 1.0]]], CONTEXT) == Layer(
        (Polygon(corners, None, None, 1.0),))


def test_shape__without_a_context_an_icon_is_unreadable_and_any_picture_key_reads():
    with pytest.raises(Unreadable):
        records.read_layer(["", [["I", 1, 2, 3, 4, 24, 24, "#000000", "compass", 0]]], Context())
    assert records.read_layer(["", [["P", 1, 2, 3, 4, "any"]]], Context()) == Layer((Picture(1, 2, 3, 4, "any"),))


def test_shape__a_kind_it_does_not_store_is_refused_when_written():
    with pytest.raises(TypeError, match="not a shape kitgen stores: str"):
        records.layer_record(Layer(("text",)))  # type: ignore[arg-type]


PROBLEMS = (Problem("warning", Where("decks/a.yaml", 3, 7), "text is small"), Problem("error", Where("", 0, 0), "x"))


def test_face__reads_back_with_shared_layers_by_key_and_its_problems():
    shared, own = Layer(tuple(SHAPES[:2]), key="frame-1"), Layer(tuple(SHAPES[2:]))
    face = Face((shared, own), 7.5, PROBLEMS, 9.25)
    record = stored(records.face_record(face))
    assert record[0][0] == "frame-1" and record[2][0] == ["warning", "decks/a.yaml", 3, 7, "text is small"]
    assert record[3] == 9.25  # the size the text was fitted at: what kitgen stats reports from a cached face
    assert records.read_face(record, CONTEXT, {"frame-1": shared}.__getitem__) == face


def test_face__a_record_without_its_fitted_text_size_is_unreadable():
    """A face saved before faces kept their fitted size (three fields) is a miss, never a face read at size 0."""
    with pytest.raises(Unreadable, match="expected a list of 4"):
        records.read_face([[], 7.5, []], CONTEXT, {}.__getitem__)
    with pytest.raises(Unreadable, match="expected a list of 4"):
        records.read_note([6.5, [], []])


@pytest.mark.parametrize("bad", [
    ["fatal", "a.yaml", 1, 1, "m"], ["error", 3, 1, 1, "m"], ["error", "a.yaml", "1", 1, "m"],
    ["error", "a.yaml", 1, -1, "m"], ["error", "a.yaml", 1e9, 1, "m"], ["error", "a.yaml", 1, 1.5, "m"],
    ["error", "a.yaml", True, 1, "m"], ["error", "a.yaml", 1, 1, 5], ["error", "a.yaml", 1, 1], "error",
])
def test_problem__a_level_place_or_message_of_the_wrong_kind_is_unreadable(bad):
    with pytest.raises(Unreadable):
        records.read_face([[], 1.0, [bad], 1.0], CONTEXT, {}.__getitem__)


@pytest.mark.parametrize("number, readable", [(999_999_999.5, True), (-999_999_999.5, True), (1e9, False),
                                              (-1e9, False), (10**9, False)])
def test_numbers__kept_within_a_billion_either_way(number, readable):
    for field, record in (("x", ["R", number, 0, 1, 1, None, None, 0, 0]),  # a place
                          ("stroke_width", ["R", 0, 0, 1, 1, None, None, number, 0]),  # a size
                          ("size", ["T", 0, 0, "x", "body", number, "#000000", "left", 0])):
        if readable:
            assert getattr(records.read_layer(["", [record]], CONTEXT).shapes[0], field) == number
        else:
            with pytest.raises(Unreadable):
                records.read_layer(["", [record]], CONTEXT)


def test_problem__a_line_or_column_up_to_a_billion():
    assert records.read_face([[], 0, [["error", "a.yaml", 999_999_999, 1, "m"]], 0], CONTEXT, {}.__getitem__)
    for line in (10**9, -1):
        with pytest.raises(Unreadable):
            records.read_face([[], 0, [["error", "a.yaml", line, 1, "m"]], 0], CONTEXT, {}.__getitem__)


def test_problem__one_written_with_no_place_reads_back_at_an_empty_one():
    assert records.read_face([[], 0, [["error", None, 0, 0, "m"]], 0], CONTEXT, {}.__getitem__).problems == (
        Problem("error", Where("", 0, 0), "m"),)
    assert records.read_face([[], 0, [["error", "a.yaml", 999_999_999, 0, "m"]], 0], CONTEXT, {}.__getitem__)


@pytest.mark.parametrize("bad", [[[], "7.5", [], 7.5], [[], 7.5, []], [{}, 7.5, [], 7.5], [[], 7.5, {}, 7.5],
                                 [[5], 7.5, [], 7.5], [[], float("inf"), [], 7.5], [[], 7.5, [], "7.5"],
                                 [[], 7.5, [], float("nan")]])
def test_face__of_the_wrong_shape_is_unreadable(bad):
    with pytest.raises(Unreadable):
        records.read_face(bad, CONTEXT, {}.__getitem__)


def test_note__reads_back_with_or_without_remarks():
    for note in (Note(6.5, None), Note(0, Remarks(PROBLEMS, ())), Note(8.0, Remarks((), ("→", "★")), 9.5),
                 Note(8.0, Remarks(PROBLEMS[:1], ("★",)), 10.0)):
        assert records.read_note(stored(records.note_record(note))) == note
    for bad in ([6.5, [], [], 0][:3], ["6.5", [], [], 0], [6.5, [], [1], 0], [6.5, {}, [], 0], [6.5, [], [], "9"]):
        with pytest.raises(Unreadable):
            records.read_note(bad)


def test_check__reads_back_its_key_and_inputs_sorted():
    record = stored(records.check_record("k", {"rules.j2": "b", "reference.j2": "a"}))
    assert record == ["k", [["reference.j2", "a"], ["rules.j2", "b"]]]
    assert records.read_check(record) == ("k", {"reference.j2": "a", "rules.j2": "b"})
    for bad in ([1, []], ["k", [["a", 1]]], ["k", [["a"]]], ["k"]):
        with pytest.raises(Unreadable):
            records.read_check(bad)


def drawn() -> DrawnFace:
    return DrawnFace(b"q 1 0 0 1 0 0 cm Q", ("icon-compass", "layer-frame-1"), (("compass", (24.0, 24.0)),),
                     ("frame-1",), (("kitgen-body", "Scout", (("0", b"\x01\x02\xff"),)),), "reportlab 5.1")


def test_drawn__reads_back_equal_with_its_stream_beside_it():
    face = drawn()
    assert records.read_drawn(stored(records.drawn_record(face)), face.stream) == face


@pytest.mark.parametrize("change", [
    lambda r: r.__setitem__(0, ["icon-spy"]),  # places a form it does not make
    lambda r: r.__setitem__(0, ["layer-frame-2"]),
    lambda r: r[3][0].__setitem__(0, "Helvetica"),  # a font kitgen does not register
    lambda r: r[3][0][2][0].__setitem__(1, "\u0100"),  # codes that are not bytes
    lambda r: r[3][0][2][0].__setitem__(1, 5),
    lambda r: r[1][0].__setitem__(1, "24"),
    lambda r: r.__setitem__(4, None),
    lambda r: r.pop(),
])
def test_drawn__a_form_font_code_or_field_of_the_wrong_kind_is_unreadable(change):
    record = stored(records.drawn_record(drawn()))
    change(record)
    with pytest.raises(Unreadable):
        records.read_drawn(record, b"stream")


def test_drawn__a_stream_that_is_not_bytes_is_unreadable():
    with pytest.raises(Unreadable, match="not bytes"):
        records.read_drawn(stored(records.drawn_record(drawn())), "text")


@pytest.mark.parametrize("text", [b"not json", "[1, 2", "[NaN]", "[Infinity]", "[-Infinity]", b"\xff\xfe",
                                  "[" * 100_000 + "]" * 100_000, None, 12])
def test_loads__anything_but_plain_json_is_unreadable(text):
    with pytest.raises(Unreadable):
        records.loads(text)


def test_loads__says_which_constant_it_refused():
    with pytest.raises(Unreadable, match="^NaN is not a number kitgen stores$"):
        records.loads("[NaN]")


def test_loads_and_dumps__plain_json_both_ways_unicode_kept_compact():
    value = ["Ωmega ★", 1, 2.5, None, [True]]
    assert records.dumps(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    assert records.loads(records.dumps(value)) == value == records.loads(records.dumps(value).encode("utf-8"))
    with pytest.raises(ValueError):
        records.dumps([float("nan")])
