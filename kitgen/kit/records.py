"""What the build cache stores, as JSON, and reading it back into kitgen's own record types only.

Nothing read back can run: a record is plain JSON (lists, strings, numbers), decoded field by
field into a known type (Face, Layer, the shapes, a note, render's DrawnFace). A record of any
other shape (a wrong type, a missing field, an unknown kind, a number that is not finite, a font,
colour, icon or picture this build does not know) raises Unreadable, which the cache takes as a
miss: the face is laid out (or drawn) again. A named icon is stored by name and its outline taken
from the icon set the build uses; a face naming an icon the set lacks is a miss.

  shape   ["R", x, y, w, h, fill, stroke, stroke_width, radius]   Rect
          ["L", x1, y1, x2, y2, color, width]                     Line
          ["C", x, y, r, fill, stroke, stroke_width]              Circle
          ["T", x, y, text, font, size, color, align, rotate]     Text
          ["P", x, y, w, h, key]                                  Picture
          ["I", x, y, w, h, view_w, view_h, color, name, rotate]  Icon named in the icon set
          ["O", x, y, w, h, view_w, view_h, color, commands, rotate]  Icon with an outline of its own
          ["G", [[x, y], ...], fill, stroke, stroke_width]         Polygon (at most MAX_POINTS corners)
  layer   [key, [shape, ...]]                 a face names a shared layer by its key instead
  face    [[layer or key, ...], smallest_size, [problem, ...], text_size]   problem: [level, file, line, col, message]
  note    [size, [problem, ...], [character, ...], text_size]
  check   [key, [[template name, sha256 of its text], ...]]   a check that passed with these inputs
  drawn   [forms, [[icon, view_w, view_h], ...], layers, [[font, line, [[subset, codes], ...]], ...], writer]
          (codes as latin-1 text; the compressed stream is a column of its own)
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from kitgen.check.faces import Note, Remarks
from kitgen.errors import Problem, Where
from kitgen.layout.card import Face, Layer
from kitgen.layout.shapes import Circle, Icon, Line, Picture, Polygon, Rect, Text
from kitgen.load.fonts import ROLES, font_name

if TYPE_CHECKING:
    from kitgen.render.sheets import DrawnFace

ALIGNS = ("left", "center", "right")
LEVELS = ("error", "warning")
COMMANDS = {"M": 2, "L": 2, "C": 6, "Z": 0}  # load/svgpath.py's absolute commands and their numbers
FONTS = frozenset(font_name(role) for role in ROLES)
NUMBERS = frozenset((int, float))
COLOR = re.compile(r"#[0-9a-fA-F]{6}")
LIMIT = 1e9  # points (a page is under 10^4) or line numbers: a larger number is no record of ours


class Unreadable(ValueError):
    """A stored record that is not one kitgen wrote: only a cache miss."""


class Context:
    """What a record may name, as this build knows it: the icon set and the prepared pictures."""

    def __init__(self, icons=None, pictures=None):
        self.icons = icons
        self.pictures = pictures  # None: any picture key (a caller that draws nothing)


_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))  # made once: not per record


def dumps(value) -> str:
    return _ENCODER.encode(value)


def _refuse(constant: str):
    raise Unreadable(f"{constant} is not a number kitgen stores")


_DECODER = json.JSONDecoder(parse_constant=_refuse)


def loads(text) -> object:
    """JSON, without NaN or Infinity; anything unreadable is Unreadable."""
    try:
        return _DECODER.decode(text.decode("utf-8") if type(text) is bytes else text)
    except (ValueError, TypeError, AttributeError, RecursionError) as exc:  # UnicodeDecodeError is a ValueError
        raise Unreadable(str(exc)) from None


# --- writing ------------------------------------------------------------------------------------

def face_record(face: Face) -> list:
    """A face with each shared layer named by its key (stored once, see layer_record)."""
    return [[layer.key or layer_record(layer) for layer in face.layers], face.smallest_size,
            [_problem(p) for p in face.problems], face.text_size]


def layer_record(layer: Layer) -> list:
    return [layer.key, [_shape(shape) for shape in layer.shapes]]


def note_record(note: Note) -> list:
    problems, missing = note.remarks or ((), ())
    return [note.size, [_problem(p) for p in problems], list(missing), note.text_size]


def drawn_record(drawn: DrawnFace) -> list:
    return [list(drawn.forms), [[name, *view] for name, view in drawn.icons], list(drawn.layers),
            [[font, line, [[subset, codes.decode("latin-1")] for subset, codes in pieces]]
             for font, line, pieces in drawn.texts], drawn.writer]


def check_record(key: str, inputs: dict[str, str]) -> list:
    return [key, [[name, digest] for name, digest in sorted(inputs.items())]]


def _problem(problem: Problem) -> list:
    where = problem.where
    return [problem.level, where.file if where else None, where.line if where else 0, where.col if where else 0,
            problem.message]


def _shape(shape) -> list:
    writer = SHAPE_RECORDS.get(type(shape))
    if writer is None:
        raise TypeError(f"not a shape kitgen stores: {type(shape).__name__}")
    return writer(shape)


def _icon_record(shape: Icon) -> list:
    if shape.name:  # the outline is the icon set's: hundreds of numbers left out
        return ["I", shape.x, shape.y, shape.w, shape.h, *shape.view, shape.color, shape.name, shape.rotate]
    return ["O", shape.x, shape.y, shape.w, shape.h, *shape.view, shape.color, [list(c) for c in shape.commands],
            shape.rotate]


# Each shape kind's record (the table at the top); _SHAPES below reads them back.
SHAPE_RECORDS = {
    Text: lambda s: ["T", s.x, s.y, s.text, s.font, s.size, s.color, s.align, s.rotate],
    Rect: lambda s: ["R", s.x, s.y, s.w, s.h, s.fill, s.stroke, s.stroke_width, s.radius],
    Line: lambda s: ["L", s.x1, s.y1, s.x2, s.y2, s.color, s.width],
    Circle: lambda s: ["C", s.x, s.y, s.r, s.fill, s.stroke, s.stroke_width],
    Picture: lambda s: ["P", s.x, s.y, s.w, s.h, s.key],
    Icon: _icon_record,
    Polygon: lambda s: ["G", [list(point) for point in s.points], s.fill, s.stroke, s.stroke_width],
}


# --- reading ------------------------------------------------------------------------------------

def read_face(value, context: Context, layer: Callable[[str], Layer]) -> Face:
    """`layer(key)`: the shared layer stored under key (Unreadable when there is none)."""
    layers, smallest, problems, text_size = _fields(value, 4)
    out = []
    for item in _list(layers):
        out.append(layer(item) if type(item) is str else read_layer(item, context))
    return Face(tuple(out), _number(smallest), tuple(_read_problem(p) for p in _list(problems)), _number(text_size))


def read_layer(value, context: Context) -> Layer:
    key, shapes = _fields(value, 2)
    return Layer(tuple(_read_shape(shape, context) for shape in _list(shapes)), _text(key))


def read_note(value) -> Note:
    size, problems, missing, text_size = _fields(value, 4)
    problems = tuple(_read_problem(p) for p in _list(problems))
    missing = tuple(_text(c) for c in _list(missing))
    return Note(_number(size), Remarks(problems, missing) if problems or missing else None, _number(text_size))


def read_check(value) -> tuple[str, dict[str, str]]:
    key, inputs = _fields(value, 2)
    return _text(key), {_text(name): _text(digest) for name, digest in (_fields(i, 2) for i in _list(inputs))}


def read_drawn(value, stream) -> DrawnFace:
    from kitgen.render.sheets import DrawnFace  # here: reading faces and notes needs no reportlab

    forms, icons, layers, texts, writer = _fields(value, 5)
    if type(stream) is not bytes:
        raise Unreadable("the stream is not bytes")
    icons = tuple((_text(name), _numbers(w, h)) for name, w, h in (_fields(i, 3) for i in _list(icons)))
    layers = tuple(_text(key) for key in _list(layers))
    forms = tuple(_text(form) for form in _list(forms))
    known = {f"icon-{name}" for name, _ in icons} | {f"layer-{key}" for key in layers}
    if not known.issuperset(forms):  # the form places only forms the replay makes first
        raise Unreadable("the form places a form it does not name")
    return DrawnFace(stream, forms, icons, layers, tuple(map(_read_text_line, _list(texts))), _text(writer))


def _read_text_line(value) -> tuple:
    font, line, pieces = _fields(value, 3)
    out = []
    for piece in _list(pieces):
        subset, codes = _fields(piece, 2)
        try:
            out.append((_text(subset), _text(codes).encode("latin-1")))
        except UnicodeEncodeError:
            raise Unreadable("codes are not bytes") from None
    return _choice(font, FONTS), _text(line), tuple(out)


def _read_shape(value, context: Context):
    if type(value) is not list or not value:
        raise Unreadable("a shape is not a list")
    reader = _SHAPES.get(value[0]) if type(value[0]) is str else None
    if reader is None:
        raise Unreadable(f"unknown shape kind {value[0]!r}")
    return reader(value, context)


def _rect(value, context) -> Rect:
    _, x, y, w, h, fill, stroke, width, radius = _fields(value, 9)
    x, y, w, h = _numbers(x, y, w, h)
    return Rect(x, y, w, h, _optional_color(fill), _optional_color(stroke), *_numbers(width, radius))


def _line(value, context) -> Line:
    _, x1, y1, x2, y2, color, width = _fields(value, 7)
    x1, y1, x2, y2 = _numbers(x1, y1, x2, y2)
    return Line(x1, y1, x2, y2, _color(color), _number(width))


def _circle(value, context) -> Circle:
    _, x, y, r, fill, stroke, width = _fields(value, 7)
    x, y, r = _numbers(x, y, r)
    return Circle(x, y, r, _optional_color(fill), _optional_color(stroke), _number(width))


def _text_shape(value, context) -> Text:
    _, x, y, text, font, size, color, align, rotate = _fields(value, 9)
    x, y = _numbers(x, y)
    return Text(x, y, _text(text), _choice(font, ROLES), _number(size), _color(color),
                _choice(align, ALIGNS), _number(rotate))


def _picture(value, context) -> Picture:
    _, x, y, w, h, key = _fields(value, 6)
    if context.pictures is not None:
        _choice(key, context.pictures)  # a picture this build prepared, or the face is made again
    x, y, w, h = _numbers(x, y, w, h)
    return Picture(x, y, w, h, _text(key))


def _named_icon(value, context) -> Icon:
    _, x, y, w, h, view_w, view_h, color, name, rotate = _fields(value, 10)
    icon = context.icons.get(_text(name)) if context.icons is not None else None
    if icon is None:
        raise Unreadable(f"no icon {name!r} in this build's icon set")
    x, y, w, h = _numbers(x, y, w, h)
    return Icon(x, y, w, h, (_number(view_w), _number(view_h)), icon.outline, _color(color), name,
                _number(rotate))


def _outlined_icon(value, context) -> Icon:
    _, x, y, w, h, view_w, view_h, color, commands, rotate = _fields(value, 10)
    outline = []
    for command in _list(commands):
        if type(command) is not list or not command or COMMANDS.get(command[0]) != len(command) - 1:
            raise Unreadable("not an outline command")
        outline.append((command[0], *_numbers(*command[1:])))
    x, y, w, h = _numbers(x, y, w, h)
    return Icon(x, y, w, h, (_number(view_w), _number(view_h)), tuple(outline), _color(color), "",
                _number(rotate))


def _polygon(value, context) -> Polygon:
    _, points, fill, stroke, width = _fields(value, 5)
    corners = _list(points)
    if len(corners) > MAX_POINTS or any(type(point) is not list or len(point) != 2 for point in corners):
        raise Unreadable("not a polygon's corners")
    return Polygon(tuple((x, y) for x, y in (_numbers(*point) for point in corners)), _optional_color(fill),
                   _optional_color(stroke), _number(width))


MAX_POINTS = 64  # layout/outlines.py draws at most 15 corners; a longer list is no record of ours

_SHAPES = {"R": _rect, "L": _line, "C": _circle, "T": _text_shape, "P": _picture, "I": _named_icon,
           "O": _outlined_icon, "G": _polygon}


def _read_problem(value) -> Problem:
    level, file, line, col, message = _fields(value, 5)
    if any(type(number) is not int or not 0 <= number < LIMIT for number in (line, col)):
        raise Unreadable("not a line and column number")
    # file None: written by a build whose problem had no place (error() now gives it Where(""))
    return Problem(_choice(level, LEVELS), Where("" if file is None else _text(file), line, col), _text(message))


def _fields(value, count: int) -> list:
    if type(value) is not list or len(value) != count:
        raise Unreadable(f"expected a list of {count}")
    return value


def _list(value) -> list:
    if type(value) is not list:
        raise Unreadable("expected a list")
    return value


def _text(value) -> str:
    if type(value) is not str:
        raise Unreadable("expected text")
    return value


def _number(value) -> float:
    if type(value) in NUMBERS and -LIMIT < value < LIMIT:  # NaN compares False: refused too (bool is no number)
        return value
    raise Unreadable("expected a finite number")


def _choice(value, allowed) -> str:
    if type(value) is not str or value not in allowed:
        raise Unreadable(f"unknown value {value!r}")
    return value


def _numbers(*values) -> tuple[float, ...]:
    for value in values:
        if type(value) not in NUMBERS or not -LIMIT < value < LIMIT:
            raise Unreadable("expected a finite number")
    return values


def _optional_color(value) -> str | None:
    return None if value is None else _color(value)


def _color(value) -> str:
    if type(value) is not str or not COLOR.fullmatch(value):  # layout gives render only #rrggbb (colors.py)
        raise Unreadable(f"not a colour: {value!r}")
    return value
