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
    return commands_of(*flat_path(d))


def flat_path(d: str) -> tuple[list[str], list[float]]:
    """parse_path's commands as their letters (M, L, C, Z) and all their numbers in one list, as
    render formats them (render/canvas.path_code): no tuple a command (Galactic Civ's icons:
    16,000 commands of 200 paths). Read fast (_read of the data split at its spaces, see
    _spaced_out); data the fast reading leaves (_Odd: an exponent, an arc flag written with others,
    a mistake) is read number by number (_exact_groups), which says what is wrong."""
    if "e" in d or "E" in d or "_" in d or "i" in d or "I" in d:  # "1e-3", "1_0", "inf": float() reads
        return _read(_exact_tokens(d), exact=True)                  # them, or the minus is the number's
    tokens = _spaced_out(d).split()
    try:
        if tokens and tokens[0] not in ("M", "m"):
            raise _Odd
        return _read(tokens, exact=False)
    except (_Odd, ValueError):  # float() refused a token: a character no path has
        return _read(_exact_tokens(d), exact=True)


def commands_of(letters: list[str], numbers: list[float]) -> list[Command]:
    """The commands of flat_path's letters and numbers."""
    commands: list[Command] = []
    at = 0
    for letter in letters:
        size = _SIZES[letter]
        commands.append((letter, *numbers[at:at + size]))
        at += size
    return commands


_SIZES = {"M": 2, "L": 2, "C": 6, "Z": 0}


class _Odd(Exception):
    """Data the fast reading leaves to the exact one."""


def _exact_tokens(d: str) -> Iterator:
    """_commands' letters and numbers, one after the other, as _read takes them."""
    return chain.from_iterable((letter, *args) for letter, args in _commands(d))


def _commands(d: str) -> Iterator[tuple[str, list[float]]]:
    """(letter, numbers) one command at a time, as written: a group of several is split, M's
    extra pairs become line-tos (SVG's implicit repeat rule). Says what is wrong with bad data.
    The exact reading, number by number: flat_path's fast one reads the same where it reads."""
    for index, (letter, args) in enumerate(_exact_groups(d)):
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
    its data. `damaged(message)` makes the error for data that does not parse. render draws its
    flat() form (flat_path's letters and numbers); its commands are made from that when asked."""

    __slots__ = ("data", "_damaged", "_flat", "_commands")

    def __init__(self, data: str, damaged):
        self.data, self._damaged = data, damaged
        self._flat: tuple[list[str], list[float]] | None = None
        self._commands: tuple | None = None

    def flat(self) -> tuple[list[str], list[float]]:
        if self._flat is None:
            try:
                self._flat = flat_path(self.data)
            except ValueError as exc:
                raise self._damaged(str(exc)) from None
        return self._flat

    def _parsed(self) -> tuple:
        if self._commands is None:
            self._commands = tuple(commands_of(*self.flat()))
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


def _exact_groups(d: str) -> Iterator[tuple[str, list[float]]]:
    """(command letter, its numbers) as written, number by number: says where the data is wrong."""
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


def _read(tokens: Iterable, exact: bool) -> tuple[list[str], list[float]]:
    """flat_path of tokens (text, or `exact` _commands' floats): each command made absolute once its
    numbers are read, the pen in local variables, relative c, l, h and v the short way, the rest by
    _step. Not `exact`, what _commands reads otherwise or refuses raises _Odd (see _arc_odd)."""
    letters: list[str] = []
    numbers: list[float] = []
    args: list[float] = []
    flags: list[str] = []  # an arc's numbers as written
    x = y = start_x = start_y = 0.0
    drawing, cubic, quad = False, None, None  # see _step
    letter, arity, waiting, arc = "", 0, False, False
    for token in tokens:
        if token in _COMMANDS:
            if args or waiting:
                raise _Odd
            letter, arity, waiting, arc = token, _ARITY[token], token not in "Zz", token in "Aa"
            if not waiting:  # Z
                x, y, start_x, start_y, drawing, cubic, quad = _step(letters, numbers, token, args, (x, y),
                                                                     (start_x, start_y), drawing, cubic, quad)
            continue
        try:
            args.append(float(token))
        except ValueError:  # numbers written together ("1.5.5"), or a character no path has (ValueError)
            _run(token, args, flags if arc else [], arity)
        else:
            if arc:
                flags.append(token)
        if len(args) < arity:
            continue
        a, args, waiting = args, [], False
        if drawing and letter == "c":
            c1, cubic, quad = (a[0] + x, a[1] + y), (a[2] + x, a[3] + y), None
            x, y = a[4] + x, a[5] + y
            letters.append("C")
            numbers += (*c1, *cubic, x, y)
        elif drawing and letter in "lhv":
            x, y = (a[0] + x, a[-1] + y) if letter == "l" else (a[0] + x, y) if letter == "h" else (x, a[0] + y)
            letters.append("L")
            numbers += (x, y)
            cubic = quad = None
        else:
            if not arity or (arc and not exact and _arc_odd(flags, a)):
                raise _Odd  # numbers after Z
            flags = []
            x, y, start_x, start_y, drawing, cubic, quad = _step(letters, numbers, letter, a, (x, y),
                                                                 (start_x, start_y), drawing, cubic, quad)
            letter = _IMPLICIT.get(letter, letter)  # M's further pairs are line-tos
    if args or waiting or not (exact or math.isfinite(sum(numbers))):
        raise _Odd
    return letters, numbers


def _arc_odd(flags: list[str], a: list[float]) -> bool:
    """Whether an arc's flags are not written as the one character 0 or 1 (as _exact_groups reads
    them: "0110" is two flags and a number), or a number of it is no finite one (a radius of inf
    could draw finite numbers, and flat_path's last check sees only those)."""
    return flags[3] not in _FLAGS or flags[4] not in _FLAGS or not all(map(math.isfinite, a))


_FLAGS = ("0", "1")


def _run(token: str, args: list[float], flags: list[str], arity: int) -> None:
    """The numbers of a token that is several ("1.5.5") added to args (and as written, to flags)."""
    pieces = _TOKENS.findall(token)
    args.extend(map(float, pieces))  # ValueError for a character no path has: the exact reading says so
    flags.extend(pieces)
    if len(args) > arity:  # a run across two commands: read exactly
        raise _Odd


def _step(letters: list[str], numbers: list[float], letter: str, a: list[float], pen: Point, start: Point,
          drawing: bool, cubic: Point | None, quad: Point | None) -> tuple:
    """A command _read does not draw itself (M, Z, and anything but a relative c, l, h or v while
    drawing) added to the letters and numbers; the new x, y, start x and y, drawing (False after
    Z: the next drawing command needs an explicit M first), cubic (the last C/S second control
    point, which S reflects) and quad (the last Q/T control point, which T reflects)."""
    if letter in "Zz":
        if drawing:
            letters.append("Z")
        return (*start, *start, False, None, None)
    if letter in "Mm":
        dx, dy = (0.0, 0.0) if letter == "M" else pen
        x = a[0] + dx
        y = a[1] + dy
        letters.append("M")
        numbers += (x, y)
        return x, y, x, y, True, None, None
    out: list[Command] = []
    if not drawing:
        out.append(("M", *start))
    x, y, cubic, quad = _drawn(out, letter, a, pen, cubic, quad)
    for command in out:
        letters.append(command[0])
        numbers += command[1:]
    return x, y, *start, True, cubic, quad


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
