"""A deck's card sheets: every copy of every card laid out, fronts then their backs, page by page."""
from __future__ import annotations

from dataclasses import dataclass

from kitgen.errors import Problem
from kitgen.layout.card import Face, Layer, layout_face
from kitgen.layout.impose import Grid, crop_marks, fold_line, margin_label, mirror_marks, scale_bar
from kitgen.layout.shapes import Measure, Shape
from kitgen.model import CardTemplate, Deck, Game


@dataclass(frozen=True, slots=True)
class Placement:
    """A card face placed on a sheet; `key` names the face so render can draw it once and reuse it."""

    key: str
    x: float
    y: float
    w: float
    h: float
    layers: tuple[Layer, ...]

    @property
    def shapes(self) -> tuple[Shape, ...]:
        return tuple(shape for layer in self.layers for shape in layer.shapes)


@dataclass(frozen=True, slots=True)
class Page:
    width: float
    height: float
    shapes: tuple[Shape, ...]
    placements: tuple[Placement, ...] = ()
    bleed: float = 0.0
    trim_box: tuple[float, float, float, float] | None = None  # x, y, w, h: one card a page, for shops


@dataclass(frozen=True, slots=True)
class DeckFaces:
    deck: Deck
    fronts: tuple[Face, ...]  # one per card of the deck, in deck order
    back: Face

    @property
    def problems(self) -> list[Problem]:
        return [p for face in (*self.fronts, self.back) for p in face.problems]


def layout_deck_faces(game: Game, deck: Deck, front: CardTemplate, back: CardTemplate,
                      measure: Measure, bleed: float = 0.0, ink_saver: bool = False,
                      known: dict[int, Face] | None = None, art: dict[str, dict] | None = None,
                      icons=None) -> DeckFaces:
    """Every card's front and the deck's back. `known` maps card positions to faces laid out
    before (from the build cache): those cards are not laid out again."""
    total = len(deck.cards)
    fronts = []
    memo: dict = {}  # layers of boxes that do not depend on the card: laid out once per deck
    for number, card in enumerate(deck.cards, start=1):
        if known and number - 1 in known:
            fronts.append(known[number - 1])
            continue
        context = {"card": card, "type": game.card_type(card.type), "deck": deck, "game": game,
                   "number": number, "total": total, "art": (art or {}).get(card.id), "icons": icons}
        fronts.append(layout_face(front, context, measure, f"card '{card.name}'", card.where, bleed, ink_saver, memo))
    back_face = layout_face(back, {"deck": deck, "game": game, "art": (art or {}).get(""), "icons": icons}, measure,
                            f"back of deck '{deck.id}'", deck.where, bleed, ink_saver)
    return DeckFaces(deck, tuple(fronts), back_face)


def impose_deck(game: Game, faces: DeckFaces, grid: Grid, instruction: str) -> tuple[list[Page], list[Page]]:
    """Card sheets for one deck: (pages, separate back pages). Grid with duplex: each front sheet
    is followed by its backs; duplex off: backs go to their own pages; gutterfold: one page
    holds the fronts and, beyond the fold, their backs."""
    # Faces are named by position, not id: two cards that share an id must still print as themselves.
    slots = [(number, face) for number, (card, face) in enumerate(zip(faces.deck.cards, faces.fronts))
             for _ in range(card.copies)]
    sheets = -(-len(slots) // grid.per_page)
    mode = grid.spec.layout if grid.spec else "grid"
    duplex = grid.spec.duplex if grid.spec else "long-edge"
    size = (grid.card_w, grid.card_h)
    bleed = grid.spec.bleed if grid.spec else 0.0
    pages: list[Page] = []
    backs_only: list[Page] = []
    if mode == "single":
        return _single_pages(faces, slots, grid, bleed), []
    for sheet in range(sheets):
        chunk = slots[sheet * grid.per_page:(sheet + 1) * grid.per_page]
        front_xy = [grid.front_slot(i) for i in range(len(chunk))]
        back_xy = [grid.back_slot(i) for i in range(len(chunk))]
        fronts = tuple(Placement(f"front-{faces.deck.id}-{key}", *xy, *size, face.layers)
                       for xy, (key, face) in zip(front_xy, chunk))
        backs = tuple(Placement(f"back-{faces.deck.id}", *xy, *size, faces.back.layers) for xy in back_xy)
        label = f"{game.title}  ·  {faces.deck.name}  ·  sheet {sheet + 1} of {sheets}"
        if mode == "gutterfold":
            marks = crop_marks(grid, front_xy + back_xy)
            extras = (*marks, *fold_line(grid), *scale_bar(grid), margin_label(grid, f"{label}  ·  {instruction}"))
            pages.append(Page(grid.page_w, grid.page_h, extras, fronts + backs, bleed))
            continue
        marks = crop_marks(grid, front_xy)
        front_extras = (*marks, *scale_bar(grid), margin_label(grid, f"{label}  ·  FRONTS  ·  {instruction}"))
        back_extras = (*mirror_marks(grid, marks), margin_label(grid, f"{label}  ·  BACKS  ·  {instruction}"))
        pages.append(Page(grid.page_w, grid.page_h, front_extras, fronts, bleed))
        (backs_only if duplex == "off" else pages).append(Page(grid.page_w, grid.page_h, back_extras, backs, bleed))
    return pages, backs_only


def _single_pages(faces: DeckFaces, slots, grid: Grid, bleed: float) -> list[Page]:
    """Print shop: each card on its own page of trim plus bleed, front then back (DriveThruCards'
    order), with a TrimBox at the cut and the page itself as the BleedBox."""
    width, height = grid.card_w + 2 * bleed, grid.card_h + 2 * bleed
    trim = (bleed, bleed, grid.card_w, grid.card_h)
    pages = []
    for key, face in slots:
        for placement_key, layers in ((f"front-{faces.deck.id}-{key}", face.layers),
                                      (f"back-{faces.deck.id}", faces.back.layers)):
            placement = Placement(placement_key, bleed, bleed, grid.card_w, grid.card_h, layers)
            pages.append(Page(width, height, (), (placement,), bleed, trim))
    return pages
