"""A deck's card sheets: every copy of every card laid out, fronts then their backs, page by page."""
from __future__ import annotations

from dataclasses import dataclass

from kitgen.errors import Problem
from kitgen.layout.card import Face, layout_face
from kitgen.layout.impose import Grid, crop_marks, margin_label, mirror_marks
from kitgen.layout.shapes import Measure, Shape
from kitgen.model import CardTemplate, Deck, Game


@dataclass(frozen=True)
class Placement:
    """A card face placed on a sheet; `key` names the face so render can draw it once and reuse it."""

    key: str
    x: float
    y: float
    w: float
    h: float
    shapes: tuple[Shape, ...]


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    shapes: tuple[Shape, ...]
    placements: tuple[Placement, ...] = ()


@dataclass(frozen=True)
class DeckFaces:
    deck: Deck
    fronts: tuple[Face, ...]  # one per card of the deck, in deck order
    back: Face

    @property
    def problems(self) -> list[Problem]:
        return [p for face in (*self.fronts, self.back) for p in face.problems]


def layout_deck_faces(game: Game, deck: Deck, front: CardTemplate, back: CardTemplate,
                      measure: Measure) -> DeckFaces:
    total = len(deck.cards)
    fronts = []
    for number, card in enumerate(deck.cards, start=1):
        context = {"card": card, "type": game.card_type(card.type), "deck": deck, "game": game,
                   "number": number, "total": total}
        fronts.append(layout_face(front, context, measure, f"card '{card.name}'", card.where))
    back_face = layout_face(back, {"deck": deck, "game": game}, measure, f"back of deck '{deck.id}'", deck.where)
    return DeckFaces(deck, tuple(fronts), back_face)


def impose_deck(game: Game, faces: DeckFaces, grid: Grid, instruction: str) -> list[Page]:
    """Front sheet, then back sheet, for every group of cards that fills a sheet."""
    slots = [(card.id, face) for card, face in zip(faces.deck.cards, faces.fronts) for _ in range(card.copies)]
    back_key = f"back-{faces.deck.id}"
    sheets = -(-len(slots) // grid.per_page)
    pages = []
    for sheet in range(sheets):
        chunk = slots[sheet * grid.per_page:(sheet + 1) * grid.per_page]
        marks = crop_marks(grid, len(chunk))
        label = f"{game.title}  ·  {faces.deck.name}  ·  sheet {sheet + 1} of {sheets}"
        size = (grid.card_w, grid.card_h)
        fronts = tuple(Placement(f"front-{faces.deck.id}-{key}", *grid.front_slot(i), *size, face.shapes)
                       for i, (key, face) in enumerate(chunk))
        backs = tuple(Placement(back_key, *grid.back_slot(i), *size, faces.back.shapes) for i in range(len(chunk)))
        front_marks = (*marks, margin_label(grid, f"{label}  ·  FRONTS  ·  {instruction}"))
        back_marks = (*mirror_marks(grid, marks), margin_label(grid, f"{label}  ·  BACKS  ·  {instruction}"))
        pages.append(Page(grid.page_w, grid.page_h, front_marks, fronts))
        pages.append(Page(grid.page_w, grid.page_h, back_marks, backs))
    return pages
