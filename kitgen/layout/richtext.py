"""Card text with a little markup, wrapped into lines of runs: `**bold**`, `_italic_`, an inline
icon `{icon:spaceship}` and an attribute with its icon `{attr:Military}`. Pure layout: a line is
placed as Text runs and Icon shapes side by side, so the PDF (and every render of it) shows it.

  "Gain 2 {attr:Military} _now_"  ->  [Gain 2 ][icon][Military][ ][now]   (body, icon, bold, body, italic)
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from kitgen.layout.shapes import Icon, Measure, Shape, Text
from kitgen.model import Record

# The one inline-markup grammar: documents (layout/flow, STYLED below) use BOLD and ITALIC too.
BOLD = r"\*\*(?P<bold>.+?)\*\*"
ITALIC = r"(?<![\w])_(?P<italic>[^_]+?)_(?![\w])"
MARKUP = re.compile(rf"{BOLD}|{ITALIC}|\{{icon:(?P<icon>[a-z0-9-]+)\}}|\{{attr:(?P<attr>[^}}]+)\}}")
STYLED = re.compile(rf"{BOLD}|{ITALIC}")  # documents' text: bold and italic only, an {icon:...} stays text
# Where a line may break: any white space but the no-break spaces, which keep a French "Jouer en : ..." and
# "10 Crédits" together (str.split() would break at them and draw a plain space).
NO_BREAK = "\u00a0\u2007\u202f"
_BREAK = re.compile(rf"[^\S{NO_BREAK}]+")
ICON_SIDE = 1.05  # an inline icon's side as a multiple of the font size: about a capital's height plus descent
ICON_GAP = 0.15  # space after an inline icon, in font sizes


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Piece(Record):
    """A word (text in a font role) or an icon (text is its name); `space`: a space follows it."""

    text: str
    font: str
    icon: bool = False
    space: bool = False


def parse(text: str, font: str, attribute=None, markup: re.Pattern = MARKUP) -> list[list[Piece]]:
    """Paragraphs of pieces. `font` is the plain text's role (body or italic); bold inside italic
    stays bold. `attribute(name)` -> (shown name, icon name) for {attr:...}; `markup`: STYLED reads
    bold and italic only."""
    paragraphs = []
    for paragraph in text.split("\n"):
        pieces: list[Piece] = []
        at = 0
        for match in markup.finditer(paragraph):
            _words(pieces, paragraph[at:match.start()], font)
            if match["bold"]:
                _words(pieces, match["bold"], "bold")
            elif match["italic"]:
                _words(pieces, match["italic"], "italic")
            elif match["icon"]:
                pieces.append(Piece(match["icon"], font, icon=True))
            else:
                shown, icon = attribute(match["attr"]) if attribute else (match["attr"], "")
                if icon:
                    pieces.append(Piece(icon, font, icon=True))
                _words(pieces, shown, "bold")
            at = match.end()
        _words(pieces, paragraph[at:], font)
        paragraphs.append(pieces)
    return paragraphs


def words(text: str) -> list[str]:
    """The words of a text, split where a line may break (white space, but not a no-break space).
    Text without a no-break space (most of it) is str.split(), five times faster than the pattern:
    every text of every card is split again at each size tried."""
    if "\u00a0" not in text and "\u202f" not in text and "\u2007" not in text:
        return text.split()
    return [word for word in _BREAK.split(text) if word]


def _breaks(char: str) -> bool:
    return char.isspace() and char not in NO_BREAK


def _words(pieces: list[Piece], text: str, font: str) -> None:
    if _breaks(text[:1]) and pieces:
        pieces[-1] = Piece(pieces[-1].text, pieces[-1].font, pieces[-1].icon, True)
    found = words(text)
    for i, word in enumerate(found):
        pieces.append(Piece(word, font, space=i < len(found) - 1 or _breaks(text[-1:])))


def _width(piece: Piece, size: float, measure: Measure) -> float:
    return size * (ICON_SIDE + ICON_GAP) if piece.icon else measure(piece.text, piece.font, size)


def _space(piece: Piece, size: float, measure: Measure) -> float:
    """The space after a piece, in the piece's own font: place_line draws it inside the piece's run."""
    return measure(" ", piece.font, size) if piece.space else 0.0


def wrap_pieces(paragraphs: list[list[Piece]], size: float, width: float, measure: Measure) -> list[list[Piece]]:
    """The one word wrapper (plain text is pieces of one font): greedy, a line takes pieces while
    it measures at most `width` as place_line draws it; a piece wider than the line stays alone
    (the fit then fails)."""
    lines: list[list[Piece]] = []
    for pieces in paragraphs:
        line: list[Piece] = []
        used = 0.0
        for piece in pieces:
            gap = _space(line[-1], size, measure) if line else 0.0
            grow = gap + _width(piece, size, measure)
            if line and used + grow > width + 0.01:
                lines.append(line)
                line, used = [piece], _width(piece, size, measure)
            else:
                line.append(piece)
                used += grow
        lines.append(line)
    return lines


def line_width(line: Sequence[Piece], size: float, measure: Measure) -> float:
    return sum(_width(p, size, measure) + (_space(p, size, measure) if i < len(line) - 1 else 0.0)
               for i, p in enumerate(line))


def one_run(line: Sequence[Piece]) -> str | None:
    """The text of a line place_line draws as one Text (words of one font, no icon), else None."""
    if any(piece.icon or piece.font != line[0].font for piece in line):
        return None
    return "".join([piece.text + " " if piece.space else piece.text for piece in line]).rstrip()


def place_line(line: Sequence[Piece], x: float, baseline: float, size: float, color: str, align: str,
               measure: Measure, icons, icon_color: str, total: float | None = None,
               run: str | None = None, dy: float = 0.0) -> list[Shape]:
    """One line as Text runs (consecutive words of one font joined) and Icons; `x` is the left
    edge, centre or right edge by `align`. `total`: the line_width() the caller already has;
    `run`: its one_run(), when the caller keeps that (a line drawn on card after card); `dy`:
    the line moved down by dy, added to each shape's y last (as moving each shape would)."""
    total = line_width(line, size, measure) if total is None else total
    left = {"left": x, "center": x - total / 2, "right": x - total}[align]
    if run is not None:
        return [Text(left, baseline + dy, run, line[0].font, size, color)]
    shapes: list[Shape] = []
    run, run_font, run_x = "", "", left
    cursor = left
    for i, piece in enumerate(line):
        trailing = " " if piece.space and i < len(line) - 1 else ""
        if piece.icon:
            if run:
                shapes.append(Text(run_x, baseline + dy, run, run_font, size, color))
                run = ""
            found = icons.get(piece.text) if icons else None
            side = size * ICON_SIDE
            if found is not None:
                view_w, view_h, commands, name = found
                shapes.append(Icon(cursor, baseline - size * 0.82 + dy, side, side, (view_w, view_h), commands,
                                   icon_color, name))
            cursor += size * (ICON_SIDE + ICON_GAP) + (_space(piece, size, measure) if trailing else 0.0)
            run_x = cursor
            continue
        if run and piece.font != run_font:
            shapes.append(Text(run_x, baseline + dy, run, run_font, size, color))
            run, run_x = "", cursor
        if not run:
            run_font, run_x = piece.font, cursor
        run += piece.text + trailing
        cursor += measure(piece.text, piece.font, size) + (_space(piece, size, measure) if trailing else 0.0)
    if run:
        shapes.append(Text(run_x, baseline + dy, run.rstrip(), run_font, size, color))
    return shapes
