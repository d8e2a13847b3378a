"""Lengths: a unit only until the boundary, points inside. Paper and card sizes.

Stdlib only. 1 in = 72 pt = 25.4 mm, so 1 mm = 72 / 25.4 pt.
"""
from __future__ import annotations

import re
from collections.abc import Callable

PT = 1.0
INCH = 72.0
MM = INCH / 25.4

PAPER_SIZES = {  # width x height in points, portrait
    "letter": (8.5 * INCH, 11 * INCH),  # 215.9 x 279.4 mm
    "a4": (210 * MM, 297 * MM),
    "a5": (148 * MM, 210 * MM),  # half an A4: four poker cards a sheet; documents stack their side-by-side columns
    "legal": (8.5 * INCH, 14 * INCH),  # 215.9 x 355.6 mm
}

CARD_SIZES = {  # trim size, portrait (PRINTING.md, cheat sheet)
    "poker": (63.5 * MM, 88.9 * MM),  # 2.5 x 3.5 in
    "bridge": (57.15 * MM, 88.9 * MM),  # 2.25 x 3.5 in
    "mini": (44.45 * MM, 63.5 * MM),  # 1.75 x 2.5 in
    "tarot": (69.85 * MM, 120.65 * MM),  # 2.75 x 4.75 in
    "square": (88.9 * MM, 88.9 * MM),  # 3.5 x 3.5 in
}

MAX_SIZE = 2000 * 72 / 25.4  # points: a sheet or card larger than 2 m (A0 is 1.19 m) is a typo
MAX_LENGTH = 1000 * 72 / 25.4  # points in 1,000 mm: larger than any sheet kitgen prints


def shown(text) -> str:
    """What a message quotes of what was typed: at most 40 characters."""
    return str(text) if len(str(text)) <= 40 else str(text)[:37] + "..."


# Every image kitgen holds, read or made, is at most this many pixels: a picture a game ships (render/images)
# and a card image it exports (exports/shops.check_canvas). A card needs about 1,500 x 2,100 px at 600 dpi.
# An export's largest card image: a tarot card with bleed at 1200 dpi, the largest size and dpi the
# shops' presets reach, is 3,600 x 6,000 px (21.6 MP). Its pixels are held a few times over while one is
# made (PDFium's bitmap and Pillow's copy; or Ghostscript's CMYK page, ink limited in place): at 40 MP
# the export peaked at 0.50 GB (PNG) and 0.26 GB (CMYK JPG). Larger ran out of memory (a 1,000 mm card at
# 1,200 dpi is 2,260 MP). It is the stricter of two bounds: Pillow takes an image over 89,478,485 pixels
# (PIL.Image.MAX_IMAGE_PIXELS) for a decompression bomb, and so do the shops' tools built on it.
MAX_IMAGE_PIXELS = 40_000_000


# The range each print setting may take, in points: wide enough for any printer or print shop,
# narrow enough that nothing absurd reaches the renderer (a negative margin draws off the paper,
# nan or inf breaks the grid). Paper up to MAX_SIZE (parse_size refuses larger); a card over a
# metre is a poster, not a card.
PRINT_LIMITS = {
    "margin": (0.0, 100 * MM),
    "gap": (0.0, 100 * MM),
    "bleed": (0.0, 20 * MM),  # print shops ask 3 mm (1/8 in); 20 is generous
    "back_offset": (-20 * MM, 20 * MM),  # a printer's drift is a millimetre or two
    "paper": (25.4 * MM, MAX_SIZE),
    "card_size": (10 * MM, 1000 * MM),
}


def out_of_range(name: str, value: float, typed: str | None = None) -> str | None:
    """Why `value` (points) is not a valid `name` (a PRINT_LIMITS key), or None when it is. The
    message names the setting and its value in mm, or quotes `typed`, the text the value was read
    from, where the setting is named already (a flag: click says "Invalid value for '--margin'")."""
    low, high = PRINT_LIMITS[name]
    if value == value and low <= value <= high:  # nan fails the first test, inf the second
        return None
    quoted = f"{value / MM:g} mm" if value == value and abs(value) != float("inf") else repr(value)
    subject = f"{name.replace('_', '-')} {quoted}" if typed is None else f"'{shown(typed)}'"
    return f"{subject} is out of range: give {low / MM:g} to {high / MM:g} mm"


_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX×]\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")


def parse_size(text: str, named: dict[str, tuple[float, float]]) -> tuple[float, float]:
    """'a4' or '210x297mm' -> (width, height) in points."""
    key = str(text).strip().lower()
    if key in named:
        return named[key]
    match = _SIZE.match(key)
    if not match:
        names = ", ".join(named)
        raise ValueError(f"'{shown(text)}' is not a size: use {names} or WxH with a unit, e.g. 210x297mm")
    if not all(0 < float(match.group(i)) * _UNITS[match.group(3)] <= MAX_SIZE for i in (1, 2)):
        raise ValueError(f"'{shown(text)}' is out of range: each side more than 0 and at most {MAX_SIZE / MM:g} mm")
    unit = _UNITS[match.group(3)]
    return float(match.group(1)) * unit, float(match.group(2)) * unit


def parse_offset(text: str) -> tuple[float, float]:
    """'0.5,-0.3' (mm) or '0.5mm,-0.3mm' -> (x, y) in points."""
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) != 2:
        raise ValueError(f"'{text}' is not an offset: write X,Y in mm, e.g. 0.5,-0.3")
    try:
        return tuple(float(p) * MM if _NUMBER.match(p) else parse_length(p) for p in parts)  # type: ignore
    except ValueError:
        raise ValueError(f"'{text}' is not an offset: write X,Y in mm, e.g. 0.5,-0.3") from None


_NUMBER = re.compile(r"^[+-]?\d+(?:\.\d+)?$")

_LENGTH = re.compile(r"^\s*([+-]?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")
_UNITS = {"mm": MM, "cm": 10 * MM, "in": INCH, "pt": PT}


def parse_length(text: str) -> float:
    """'63.5mm' -> points. A bare number is refused: say which unit you mean."""
    match = _LENGTH.match(str(text))
    if not match:
        raise ValueError(f"'{shown(text)}' is not a length: write a number with a unit, e.g. '63.5mm' or '0.25in'")
    points = float(match.group(1)) * _UNITS[match.group(2)]
    if not abs(points) <= MAX_LENGTH:  # also refuses inf and nan (a 400-digit number is inf)
        raise ValueError(f"'{shown(text)}' is too long a length: at most {MAX_LENGTH / MM:g}mm")
    return points


def to_mm(points: float) -> float:
    return points / MM


class Length(float):
    """A length in points, written in YAML with its unit ('3mm', '9pt'); the schema parses it."""


# Print settings and a picture's focus as the data writes them, checked where they are read (the
# schema runs the parsers below, so a bad one is an error at its file:line:col) and kept as text.
class PaperSize(str):
    """letter, a4, a5, legal or WxH with a unit."""


class CardSize(str):
    """poker, bridge, mini, tarot, square or WxH with a unit."""


class Offset(str):
    """X,Y in mm (or with units): where the backs move to meet the fronts."""


class Focus(str):
    """x,y from 0 to 1: the point of a picture kept when it is cropped to its box; empty: the centre."""


def _sized(name: str, named: dict[str, tuple[float, float]]):
    def check(text: str) -> str:
        size = parse_size(text, named)
        why = next((why for side in size if (why := out_of_range(name, side))), None)
        if why:
            raise ValueError(why)
        return text
    return check


def check_offset(text: str) -> str:
    why = next((why for side in parse_offset(text) if (why := out_of_range("back_offset", side))), None)
    if why:
        raise ValueError(why)
    return text


def parse_focus(text: str) -> tuple[float, float]:
    """'0.5,0.2' -> (0.5, 0.2); '' -> the centre. Each from 0 (left, top) to 1 (right, bottom)."""
    if not str(text).strip():
        return 0.5, 0.5
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) != 2 or not all(_NUMBER.match(p) for p in parts) or not all(0 <= float(p) <= 1 for p in parts):
        raise ValueError(f"'{shown(text)}' is not a focus point: write x,y, each from 0 (left, top) to 1 "
                         "(right, bottom), e.g. 0.5,0.2")
    return float(parts[0]), float(parts[1])


def check_focus(text: str) -> str:
    parse_focus(text)
    return text


TEXT_PARSERS: dict[type, Callable[[str], object]] = {PaperSize: _sized("paper", PAPER_SIZES), CardSize: _sized("card_size", CARD_SIZES),
                Offset: check_offset, Focus: check_focus}  # for the schema: each type's check at load
