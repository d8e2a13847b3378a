"""SVG path data made simple: parse `d` into absolute M/L/C/Z commands, as the icon set is
loaded (load/icons.py); render draws them. Pure Python. fontTools' svgLib parses the same data,
but fontTools is no dependency of kitgen and its arcs come out as other curves: icons would print
differently, so the PDFs would not stay byte for byte the same."""
from __future__ import annotations

import math
import re
from itertools import chain
from collections.abc import Sequence
from typing import Iterable, Iterator

Command = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)
Point = tuple[float, float]

_NUMBER = re.compile(r"[+-]?(?:\d++\.?+\d*+|\.\d++)(?:[eE][+-]?\d++)?+")  # possessive: never backtracks
_SEPARATORS = re.compile(r"[\s,]*")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
_ARITY.update({letter.lower(): arity for letter, arity in _ARITY.items()})


def parse_path(d: str) -> list[Command]:
    """Absolute commands for path data `d`. Every subpath starts with an M; H, V, S, Q, T and A
    become L and C, so a consumer needs only moveTo, lineTo, curveTo and close."""
    return _absolute(_commands(d))


def _commands(d: str) -> Iterator[tuple[str, list[float]]]:
    """(letter, numbers) one command at a time, as written: a group of several is split, M's
    extra pairs become line-tos (SVG's implicit repeat rule). Says what is wrong with bad data."""
    for index, (letter, args) in enumerate(_groups(d)):
        arity = _ARITY[letter]
        if len(args) == arity and index:  # most groups (game-icons' paths: nine in ten are one curve)
            yield letter, args
            continue
        if index == 0 and letter not in "Mm":
            raise ValueError(f"path data must start with M or m, not {letter!r}: {_excerpt(d)}")
        if arity == 0:
            if args:
                raise ValueError(f"path data: {letter} takes no numbers, got {len(args)}: {_excerpt(d)}")
            yield letter, args
            continue
        if not args or len(args) % arity:
            raise ValueError(f"path data: {letter} takes numbers in groups of {arity}, got {len(args)}: "
                             f"{_excerpt(d)}")
        for start in range(0, len(args), arity):
            implicit = _IMPLICIT.get(letter) if start else None
            yield implicit or letter, args[start:start + arity]


_IMPLICIT = {"M": "L", "m": "l"}


class Outline(Sequence):
    """An icon's path data, parsed into parse_path's commands when they are first asked for (when
    the icon is drawn): laying a face out needs only the icon's box. Equal, hashed and shown by
    its data. `damaged(message)` makes the error for data that does not parse."""

    __slots__ = ("data", "_damaged", "_commands")

    def __init__(self, data: str, damaged):
        self.data, self._damaged = data, damaged
        self._commands: tuple | None = None

    def _parsed(self) -> tuple:
        if self._commands is None:
            try:
                self._commands = tuple(parse_path(self.data))
            except ValueError as exc:
                raise self._damaged(str(exc)) from None
        return self._commands

    def __getitem__(self, index):
        return self._parsed()[index]

    def __len__(self) -> int:
        return len(self._parsed())

    def __iter__(self):
        return iter(self._parsed())

    def __eq__(self, other) -> bool:
        return self.data == other.data if isinstance(other, Outline) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.data)

    def __repr__(self) -> str:
        return f"Outline({self.data!r})"


def _groups(d: str) -> list[tuple[str, list[float]]] | Iterator[tuple[str, list[float]]]:
    """(command letter, its numbers) as written, one pair per letter in the data.

    The data is read as _TOKENS reads it: command letters, numbers, and any other single
    character that is no separator (which float() refuses). Read so, the tokens are those the
    exact reading (_exact_groups) takes one at a time, as long as every arc's flags came out as
    single characters (minifiers write them unseparated: "a5 5 0 0110 10"). Anything else goes to
    _exact_groups, which also words the errors.

    _TOKENS.findall reads about 25 ns a character, so the data is split at its spaces once every
    letter is spaced out and every minus sign spaced off (_spaced_out), and only a run that is
    no single number ("1.5.5" is two) is read by _TOKENS: Galactic Civ's 200 icons ~19 -> ~12 ms."""
    exponents = "e" in d or "E" in d or "_" in d  # "1e-3": the minus belongs to the number; float reads "1_0"
    tokens = _TOKENS.findall(d) if exponents else _spaced_out(d).split()
    groups: list[tuple[str, list[float]]] = []
    starts: list[int] = []  # where each group's letter is among the tokens
    args: list[float] = []
    try:
        for index, token in enumerate(tokens):
            if token in _COMMANDS:
                args = []
                groups.append((token, args))
                starts.append(index)
            else:
                try:
                    args.append(float(token))
                except ValueError:  # a run of numbers, or a character no path has (float refuses it too)
                    args.extend(map(float, _TOKENS.findall(token)))
    except ValueError:
        return _exact_groups(d)
    starts.append(len(tokens))
    if (tokens and tokens[0] not in _COMMANDS) or not all(map(math.isfinite, chain.from_iterable(
            args for _, args in groups))) or not all(_single_flags(tokens[starts[i] + 1:starts[i + 1]], args)
                                                     for i, (letter, args) in enumerate(groups) if letter in "Aa"):
        return _exact_groups(d)
    return groups


def _spaced_out(d: str) -> str:
    """The data with a space either side of each command letter and before each minus sign, and
    spaces for commas: its split() is _TOKENS.findall's tokens (no exponents), but that a run of
    numbers written together ("1.5.5", "2+3") is one."""
    for old, new in _SPACED:
        d = d.replace(old, new)
    return d


_COMMANDS = frozenset("MmZzLlHhVvCcSsQqTtAa")
_TOKENS = re.compile(r"[MmZzLlHhVvCcSsQqTtAa]|" + _NUMBER.pattern + r"|[^\s,]")
_SPACED = [(letter, f" {letter} ") for letter in "MmZzLlHhVvCcSsQqTtAa"] + [("-", " -"), (",", " ")]


def _single_flags(texts: list[str], args: list[float]) -> bool:
    """Whether every flag of an arc group (`texts`, its numbers as split, read as `args`) is the
    one character 0 or 1, as _exact_groups reads it."""
    if len(texts) != len(args):  # a run of numbers read apart: its tokens as _TOKENS reads them
        texts = _TOKENS.findall(" ".join(texts))
    return all(texts[i] in ("0", "1") for i in range(len(args)) if i % 7 in (3, 4))


def _exact_groups(d: str) -> Iterator[tuple[str, list[float]]]:
    """_groups, number by number: says where the data is wrong."""
    pos = _skip_separators(d, 0)
    while pos < len(d):
        letter = d[pos]
        if letter not in _ARITY:
            raise ValueError(f"path data: expected a command letter at {pos}, found {letter!r}: {_excerpt(d, pos)}")
        args, pos = _numbers(d, pos + 1, arc=letter in "Aa")
        yield letter, args


def _skip_separators(d: str, pos: int) -> int:
    """Where the text after the separators at `pos` starts (the pattern also matches none)."""
    match = _SEPARATORS.match(d, pos)
    assert match is not None
    return match.end()


def _numbers(d: str, pos: int, arc: bool) -> tuple[list[float], int]:
    args: list[float] = []
    while True:
        pos = _skip_separators(d, pos)
        if pos >= len(d) or d[pos].isalpha():
            return args, pos
        if arc and len(args) % 7 in (3, 4):
            # Arc flags are one character, and minifiers write them unseparated: "a5 5 0 0110 10".
            if d[pos] not in "01":
                raise ValueError(f"path data: arc flag must be 0 or 1 at {pos}: {_excerpt(d, pos)}")
            args.append(float(d[pos]))
            pos += 1
            continue
        match = _NUMBER.match(d, pos)
        if not match:
            raise ValueError(f"path data: expected a number at {pos}, found {d[pos]!r}: {_excerpt(d, pos)}")
        value = float(match.group())
        if not math.isfinite(value):
            raise ValueError(f"path data: number out of range at {pos}: {_excerpt(d, pos)}")
        args.append(value)
        pos = match.end()


def _excerpt(d: str, pos: int = 0) -> str:
    return repr(d[max(0, pos - 20):pos + 20])


def _absolute(commands: Iterable[tuple[str, list[float]]]) -> list[Command]:
    """Each command made absolute M/L/C/Z, tracking the pen in local variables: relative c, l, h
    and v (most of game-icons' commands) the short way, the rest by _drawn."""
    out: list[Command] = []
    x = y = start_x = start_y = 0.0
    drawing = False  # False after Z: the next drawing command needs an explicit M first
    cubic: Point | None = None  # the last C/S second control point, for S's reflection
    quad: Point | None = None  # the last Q/T control point, for T's reflection
    for letter, a in commands:
        if drawing and letter in "clhv":
            if letter == "c":
                c1, cubic = (a[0] + x, a[1] + y), (a[2] + x, a[3] + y)
                x, y = a[4] + x, a[5] + y
                out.append(("C", *c1, *cubic, x, y))
            else:
                x, y = (a[0] + x, a[-1] + y) if letter == "l" else (a[0] + x, y) if letter == "h" else (x, a[0] + y)
                out.append(("L", x, y))
                cubic = None
            quad = None
        elif letter in "Zz":
            if drawing:
                out.append(("Z",))
            x, y, drawing, cubic, quad = start_x, start_y, False, None, None
        elif letter in "Mm":
            dx, dy = (0.0, 0.0) if letter == "M" else (x, y)
            x = start_x = a[0] + dx
            y = start_y = a[1] + dy
            out.append(("M", x, y))
            drawing, cubic, quad = True, None, None
        else:
            if not drawing:
                out.append(("M", start_x, start_y))
                drawing = True
            x, y, cubic, quad = _drawn(out, letter, a, (x, y), cubic, quad)
    return out


def _drawn(out: list[Command], letter: str, a: list[float], pen: Point, cubic: Point | None,
           quad: Point | None) -> tuple[float, float, Point | None, Point | None]:
    """Adds a line or curve command (any but M and Z) drawn from `pen`; the new pen and the
    control points S and T reflect next (the pen when the previous command was no such curve)."""
    cmd = letter.upper()
    dx, dy = (0.0, 0.0) if letter.isupper() else pen
    new_cubic = new_quad = None
    if cmd in "LHV":
        x = a[0] + dx if cmd != "V" else pen[0]
        y = a[-1] + dy if cmd != "H" else pen[1]
        out.append(("L", x, y))
    elif cmd in "CS":
        c1 = (a[0] + dx, a[1] + dy) if cmd == "C" else _reflect(pen, cubic)
        rest = a[2:] if cmd == "C" else a
        new_cubic = (rest[0] + dx, rest[1] + dy)
        x, y = rest[2] + dx, rest[3] + dy
        out.append(("C", *c1, *new_cubic, x, y))
    elif cmd in "QT":
        new_quad = (a[0] + dx, a[1] + dy) if cmd == "Q" else _reflect(pen, quad)
        x, y = a[-2] + dx, a[-1] + dy
        out.append(_quad_to_cubic(pen, new_quad, (x, y)))
    else:  # A
        x, y = a[5] + dx, a[6] + dy
        out.extend(_arc_to_cubics(pen, a[0], a[1], a[2], bool(a[3]), bool(a[4]), (x, y)))
    return x, y, new_cubic, new_quad


def _reflect(pen: Point, ctrl: Point | None) -> Point:
    # S and T mirror the previous control point through the pen, or use the pen when the
    # previous command was not a curve of the same kind.
    if ctrl is None:
        return pen
    return (2 * pen[0] - ctrl[0], 2 * pen[1] - ctrl[1])


def _quad_to_cubic(p0: Point, q: Point, p: Point) -> Command:
    # Degree elevation: exact, the cubic traces the same curve as the quadratic.
    c1 = (p0[0] + 2 / 3 * (q[0] - p0[0]), p0[1] + 2 / 3 * (q[1] - p0[1]))
    c2 = (p[0] + 2 / 3 * (q[0] - p[0]), p[1] + 2 / 3 * (q[1] - p[1]))
    return ("C", *c1, *c2, *p)


def _arc_to_cubics(p0: Point, rx: float, ry: float, angle: float, large: bool, sweep: bool,
                   p: Point) -> list[Command]:
    """An elliptical arc as cubics of at most 90 degrees each (SVG 1.1 appendix F.6.5-F.6.6)."""
    if p0 == p:
        return []  # the spec omits an arc whose ends coincide
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", *p)]
    cx, cy, rx, ry, theta, delta = _arc_center(p0, rx, ry, math.radians(angle), large, sweep, p)
    cos_phi, sin_phi = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def to_path(ux: float, uy: float) -> Point:  # unit circle -> the rotated, placed ellipse
        return (cx + rx * cos_phi * ux - ry * sin_phi * uy, cy + rx * sin_phi * ux + ry * cos_phi * uy)

    count = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / count
    k = 4 / 3 * math.tan(step / 4)  # control distance that makes a cubic hug a circular arc
    out: list[Command] = []
    for i in range(count):
        a0, a1 = theta + i * step, theta + (i + 1) * step
        c1 = to_path(math.cos(a0) - k * math.sin(a0), math.sin(a0) + k * math.cos(a0))
        c2 = to_path(math.cos(a1) + k * math.sin(a1), math.sin(a1) - k * math.cos(a1))
        end = p if i == count - 1 else to_path(math.cos(a1), math.sin(a1))  # land exactly on p
        out.append(("C", *c1, *c2, *end))
    return out


def _arc_center(p0: Point, rx: float, ry: float, phi: float, large: bool, sweep: bool,
                p: Point) -> tuple[float, float, float, float, float, float]:
    """Endpoint to center parameterisation: (cx, cy, rx, ry, start angle, sweep angle)."""
    cos_phi, sin_phi = math.cos(phi), math.sin(phi)
    hx, hy = (p0[0] - p[0]) / 2, (p0[1] - p[1]) / 2
    x1, y1 = cos_phi * hx + sin_phi * hy, -sin_phi * hx + cos_phi * hy
    scale = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if scale > 1:  # radii too small to reach: grow them just enough (F.6.6)
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    coef = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    ccx, ccy = coef * rx * y1 / ry, -coef * ry * x1 / rx
    cx = cos_phi * ccx - sin_phi * ccy + (p0[0] + p[0]) / 2
    cy = sin_phi * ccx + cos_phi * ccy + (p0[1] + p[1]) / 2
    theta = math.atan2((y1 - ccy) / ry, (x1 - ccx) / rx)
    delta = math.atan2((-y1 - ccy) / ry, (-x1 - ccx) / rx) - theta
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    return cx, cy, rx, ry, theta, delta
