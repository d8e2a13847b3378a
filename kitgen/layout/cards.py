"""A deck's card sheets: every copy of every card laid out, fronts then their backs, page by page."""
from __future__ import annotations

from dataclasses import dataclass

from kitgen.errors import Problem
from kitgen.layout.card import Face, layout_face
from kitgen.layout.impose import Grid, crop_marks, margin_label, mirror_marks, place
from kitgen.layout.shapes import Measure, Shape
from kitgen.model import CardTemplate, Deck, Game


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    shapes: tuple[Shape, ...]


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
    slots = [face for card, face in zip(faces.deck.cards, faces.fronts) for _ in range(card.copies)]
    sheets = -(-len(slots) // grid.per_page)
    pages = []
    for sheet in range(sheets):
        chunk = slots[sheet * grid.per_page:(sheet + 1) * grid.per_page]
        marks = crop_marks(grid, len(chunk))
        label = f"{game.title}  ·  {faces.deck.name}  ·  sheet {sheet + 1} of {sheets}"
        front_shapes: list[Shape] = []
        back_shapes: list[Shape] = []
        for index, face in enumerate(chunk):
            front_shapes += place(face.shapes, *grid.front_slot(index))
            back_shapes += place(faces.back.shapes, *grid.back_slot(index))
        front_shapes += marks + [margin_label(grid, f"{label}  ·  FRONTS  ·  {instruction}")]
        back_shapes += mirror_marks(grid, marks) + [margin_label(grid, f"{label}  ·  BACKS  ·  {instruction}")]
        pages.append(Page(grid.page_w, grid.page_h, tuple(front_shapes)))
        pages.append(Page(grid.page_w, grid.page_h, tuple(back_shapes)))
    return pages
