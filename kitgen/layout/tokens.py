"""Token sheets (tokens.pdf): the game's punch-out pieces, laid out on the paper as pure geometry.

Each piece is a circle (or square) with its cut line, the counter's icon, its value in bold and a short
name; markers come in one colour per player, numbered so they read in black and white too. How many
print: what a player needs x the most players the game takes, plus the table's own pieces.

    +------------------------------+
    |  ( 1 )  ( 1 )  ( 5 )  ( 5 )  |   pieces in rows, 2 mm apart to cut between,
    |  ( 5 ) (10 ) (P1 ) (P1 )     |   inside the page margin
    +------------------------------+
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from kitgen.layout.cards import Page
from kitgen.layout.impose import Spec
from kitgen.layout.shapes import Circle, Icon, Measure, Rect, Shape, Text
from kitgen.model import Game, Record, Token

MM = 72 / 25.4
GAP = 2 * MM  # between pieces: room for scissors
# Okabe & Ito's colour-blind-safe palette (https://jfly.uni-koeln.de/color/), then two greys; a number
# on every marker tells the players apart in black and white.
PLAYER_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#555555",
                  "#999999", "#000000")
PIECE_COLOURS = ("#c9a227", "#8c5a2b", "#4a6fa5", "#6b8e23", "#8b3a62", "#2f4f4f")


@dataclass(frozen=True, eq=False, repr=False)
class Piece(Record):
    """One kind of piece and how many print."""

    label: str  # the big text: a value ("5"), a player ("P1") or empty
    name: str  # the small text under it
    icon: str
    colour: str
    count: int
    shape: str
    size: float  # points
    back: str = ""  # the text on its other side, when that differs from the front


def most_players(game: Game) -> int:
    """The largest player count the game names ('2-7' -> 7; '2+' -> 2, and the manifest says to print
    more for more players)."""
    numbers = [int(n) for n in re.findall(r"\d+", game.players)]
    return max(numbers) if numbers else 1


def token_pieces(game: Game) -> list[Piece]:
    """Every piece kind of every token, in data order, with its count at the most players."""
    players = most_players(game)
    _ = game.language  # a player's marker: P1, P2 ...
    pieces: list[Piece] = []
    for number, token in enumerate(game.tokens):
        counter = game.counter(token.counter) if token.counter else None
        icon = token.icon or (counter.icon if counter else "")
        name = token.text or (counter.name if counter else token.name)
        colour = PIECE_COLOURS[number % len(PIECE_COLOURS)]
        if token.player_colours:
            each = (token.per_player[0] if token.per_player else 0)
            pieces += [Piece(_("P{seat}", seat=seat), name, icon, PLAYER_COLOURS[(seat - 1) % len(PLAYER_COLOURS)], each,
                             token.shape, float(token.size), token.back) for seat in range(1, players + 1)]
            continue
        for index, value in enumerate(token.values or (None,)):
            per_player = _per_player(token, index)
            label = str(value) if value is not None else ""
            pieces.append(Piece(label, name, icon, colour, per_player * players + token.count, token.shape,
                                float(token.size), token.back))
    return [piece for piece in pieces if piece.count > 0]


def _per_player(token: Token, index: int) -> int:
    if not token.per_player:
        return 0
    return token.per_player[index] if len(token.per_player) > index else token.per_player[-1]


def layout_token_pages(game: Game, spec: Spec, icons, measure: Measure, footer: str) -> list[Page]:
    """The pieces on as many pages of the chosen paper as they need, in rows inside the margin; each
    page also carries the game's title and `footer` (the print instruction) in its bottom margin.
    When a piece's two sides differ (a token's `back:`), each page is followed by its backs, placed
    for the duplex flip (see token_backs), and `footer` should say to print double-sided."""
    page_w, page_h = spec.paper
    backs = any(token.back for token in game.tokens)
    # Room for the footer line at the bottom (and, with backs, as much at the top: a short-edge flip
    # brings the top row to the bottom, where it must clear the back page's footer).
    left, top = spec.margin, spec.margin + (6 * MM if backs else 0)
    right, bottom = page_w - spec.margin, page_h - spec.margin - 6 * MM
    pages: list[list[tuple[Piece, float, float]]] = [[]]
    x, y, row_h = left, top, 0.0
    for piece in token_pieces(game):
        for _ in range(piece.count):
            if x + piece.size > right + 1e-6:
                x, y, row_h = left, y + row_h + GAP, 0.0
            if y + piece.size > bottom + 1e-6:
                pages.append([])
                x, y, row_h = left, top, 0.0
            pages[-1].append((piece, x, y))
            x += piece.size + GAP
            row_h = max(row_h, piece.size)
    sides = [[(piece, x, y, False) for piece, x, y in placed] for placed in pages]
    if backs:
        sides = [side for placed in pages for side in ([(p, x, y, False) for p, x, y in placed],
                                                       token_backs(placed, spec))]
    total = len(sides)
    return [Page(page_w, page_h, tuple([shape for piece, x, y, back in side for shape in
                                        _piece(_turned(piece) if back else piece, x, y, icons, measure)]
                                       + _footer(game, footer, number, total, page_w, page_h, spec.margin)))
            for number, side in enumerate(sides, 1)]


def token_backs(placed: list[tuple[Piece, float, float]], spec: Spec) -> list[tuple[Piece, float, float, bool]]:
    """The back of a page of pieces: each piece where it lands when the sheet is turned over. A
    long-edge flip (and a one-sided printer's manual flip, the same turn) mirrors left and right; a
    short-edge flip mirrors top and bottom.

        front:  [A] [B] .      back (long edge):  . [B'] [A']
    """
    page_w, page_h = spec.paper
    if spec.duplex == "short-edge":
        return [(piece, x, page_h - y - piece.size, True) for piece, x, y in placed]
    return [(piece, page_w - x - piece.size, y, True) for piece, x, y in placed]


def _turned(piece: Piece) -> Piece:
    """A piece's other side: its back text under the icon (no value) when it has one, else its front."""
    return Piece("", piece.back, piece.icon, piece.colour, piece.count, piece.shape, piece.size) if piece.back \
        else piece


def _piece(piece: Piece, x: float, y: float, icons, measure: Measure) -> list[Shape]:
    """A piece: its cut line and a light fill of its colour, the icon, the label and the name."""
    size = piece.size
    cx = x + size / 2
    ink = "#000000" if piece.colour in ("#F0E442", "#E69F00", "#56B4E9", "#999999") else "#ffffff"
    if piece.shape == "square":
        shapes: list[Shape] = [Rect(x, y, size, size, piece.colour, "#000000", 0.5, 1.5 * MM)]
    else:
        shapes = [Circle(cx, y + size / 2, size / 2, piece.colour, "#000000", 0.5)]
    icon = icons.get(piece.icon) if icons and piece.icon else None
    if icon is not None:
        width, height, commands, name = icon
        side = size * (0.24 if piece.label else 0.46)
        shapes.append(Icon(cx - side / 2, y + size * 0.09, side, side, (width, height), commands, ink, name))
    if piece.label:  # its cap height (about 0.7 of the size) stands clear of the icon above it
        shapes.append(Text(cx, y + size * 0.67, piece.label, "title", _fit(piece.label, "title", size * 0.34,
                                                                            size * 0.7, measure), ink, "center"))
    shapes.append(Text(cx, y + size * 0.86, piece.name, "bold", _fit(piece.name, "bold", 7.0, size * 0.62, measure),
                       ink, "center"))
    return shapes


def _fit(text: str, font: str, size: float, width: float, measure: Measure) -> float:
    """The size, shrunk (not below 5 pt) until `text` is at most `width` wide."""
    while size > 5.0 and measure(text, font, size) > width:
        size -= 0.25
    return size


def _footer(game: Game, footer: str, number: int, total: int, page_w: float, page_h: float, margin: float
            ) -> list[Shape]:
    y = page_h - margin - 1 * MM
    players = most_players(game)
    _ = game.language
    more = _("; print again for more") if game.players.rstrip().endswith("+") else ""  # '2+': open-ended
    text = _.ngettext("{game}: tokens for {count} player{more}, page {number} of {total}",
                      "{game}: tokens for {count} players{more}, page {number} of {total}", players, game=game.title,
                      more=more, number=number, total=total)
    return [Text(margin, y, text, "body", 7.0, "#555555"),
            Text(page_w - margin, y, footer, "body", 7.0, "#555555", "right")]
