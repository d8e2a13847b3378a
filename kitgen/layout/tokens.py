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

from dataclasses import dataclass

from kitgen.check.tokens import SIZES, most_players
from kitgen.errors import KitgenError, error
from kitgen.layout.cards import Page
from kitgen.layout.impose import Spec, text_edge
from kitgen.layout.shapes import Circle, Icon, Measure, Rect, Shape, Text
from kitgen.model import Game, Record, Token
from kitgen.units import to_mm

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
    # The footer keeps text_edge inside the paper (at --margin 0 too), the pieces clear of it.
    left, top = spec.margin, (text_edge(spec.margin) + 6 * MM) if backs else spec.margin
    right, bottom = page_w - spec.margin, page_h - text_edge(spec.margin) - 6 * MM
    _check_fit(game, spec, min(right - left, bottom - top))
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


def _check_fit(game: Game, spec: Spec, room: float) -> None:
    """Every piece inside the margins and clear of the footer line: one placed past them would be
    cut off the page (and one a page, however many pages)."""
    for token in game.tokens:
        if token.size > room + 1e-6:
            width, height = (to_mm(side) for side in spec.paper)
            fits = f"the largest that fits is {to_mm(room):.1f} mm" if room >= SIZES[0] else \
                f"no piece of {to_mm(SIZES[0]):g} mm or more fits: give smaller margins or larger paper"
            raise KitgenError(error(token.where, f"token '{token.name}': a {to_mm(token.size):g} mm piece does not "
                                    f"fit on {spec.paper_name or 'the'} paper ({width:.1f} x {height:.1f} mm) inside "
                                    f"{to_mm(spec.margin):.2f} mm margins and the footer line; {fits}"))


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
    edge = text_edge(margin)
    y = page_h - edge - 1 * MM  # the descenders (0.2 em of 7 pt) stay above the edge
    players = most_players(game)
    _ = game.language
    more = _("; print again for more") if game.players.rstrip().endswith("+") else ""  # '2+': open-ended
    text = _.ngettext("{game}: tokens for {count} player{more}, page {number} of {total}",
                      "{game}: tokens for {count} players{more}, page {number} of {total}", players, game=game.title,
                      more=more, number=number, total=total)
    return [Text(edge, y, text, "body", 7.0, "#555555"),
            Text(page_w - edge, y, footer, "body", 7.0, "#555555", "right")]
