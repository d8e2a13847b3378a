"""A deck's card sheets: every copy of every card laid out, fronts then their backs, page by page."""
from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from kitgen.check.safe_zone import Bounds
from kitgen.errors import Where
from kitgen.layout.badges import shown_apart
from kitgen.layout.card import Face, Layer, layout_face
from kitgen.layout.impose import Grid, fold_line, margin_labels
from kitgen.layout.marks import crop_marks, mirror_marks, scale_bar
from kitgen.layout.shapes import Measure, Shape
from kitgen.model import CardTemplate, Deck, Game, Record, front_key


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Placement(Record):
    """A card face placed on a sheet: `index` is the card's position in its deck (BACK for the
    deck's back), `key` names the face so render draws it once per PDF and places it again."""

    key: str
    x: float
    y: float
    w: float
    h: float
    index: int


BACK = -1


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Page(Record):
    """One sheet in points: the shapes drawn on it (crop marks, labels, pieces) and the card faces placed on it."""

    width: float
    height: float
    shapes: tuple[Shape, ...]
    placements: tuple[Placement, ...] = ()
    bleed: float = 0.0
    trim_box: tuple[float, float, float, float] | None = None  # x, y, w, h: one card a page, for shops
    faces: DeckFaces | None = None  # where the placements' faces come from


class Fronts(Sequence[Face]):
    """A deck's card fronts, each laid out (or taken from `cached`) when asked for and not kept,
    so drawing a deck of any size holds about one face at a time. `seen(index, face, fresh)`
    hears of each face made (fresh: laid out, not cached); `laid_out` counts those laid out."""

    def __init__(self, count: int, make: Callable[[int], Face], cached: Callable[[int], Face | None] | None = None,
                 seen: Callable[[int, Face, bool], None] | None = None):
        self._count, self._make, self._cached, self._seen = count, make, cached, seen
        self._last: tuple[int, Face] | None = None  # the copies of a card come one after another
        self.laid_out = 0

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if not -self._count <= index < self._count:
            raise IndexError(index)
        index %= self._count
        if self._last and self._last[0] == index:
            return self._last[1]
        face = self._cached(index) if self._cached else None
        fresh = face is None
        if face is None:
            face = self._make(index)
            self.laid_out += 1
        if self._seen:
            self._seen(index, face, fresh)
        self._last = index, face
        return face


@dataclass(frozen=True, eq=False, repr=False)
class DrawnFaces(Record):
    """Card fronts as an earlier build drew them (render's own record, kept by the build cache by
    each face's content key), by position in the deck. Render replays a recorded face instead of
    laying it out and drawing it, when this PDF's fonts encode its text as they did then.
    `layer(key)` and `icon(name)` give what a replayed face needs drawn first."""

    recall: Callable[[int], object | None]
    keep: Callable[[int, object], None]
    layer: Callable[[str], Layer | None]
    icon: Callable[[str], tuple | None]


@dataclass(frozen=True, eq=False, repr=False)
class DeckFaces(Record):
    """A deck's faces as render draws them: the deck, its fronts, its back and, when kept, as drawn before."""

    deck: Deck
    fronts: Sequence[Face]  # one per card of the deck, in deck order (Fronts: made when asked for)
    back: Face
    drawn: DrawnFaces | None = None  # fronts as drawn before (the build cache), when there is one

    def layers(self, index: int) -> tuple[Layer, ...]:
        return (self.back if index == BACK else self.fronts[index]).layers

    @property
    def laid_out(self) -> int:
        return getattr(self.fronts, "laid_out", len(self.fronts))


@dataclass(frozen=True, eq=False, repr=False)
class DeckScope(Record):
    """What every face of a deck is laid out from, but its own card. `game` and `view` are the
    game and the deck as faces see them (faces_view): a face is laid out from its own card."""

    game: Game
    deck: Deck  # whole: its cards are read one at a time
    view: Deck  # the deck as its faces see it
    fronts: Mapping[str, CardTemplate]  # card type -> its front (card-front-<type>.yaml, ... card-front.yaml)
    back: CardTemplate
    bleed: float = 0.0
    ink_saver: bool = False
    art: Mapping[str, dict] = field(default_factory=dict)  # card id ("" the back) -> its prepared picture
    icons: object = None

    def apart(self, type_name: str) -> str:
        """The fields a card of this type shows apart from its text (layout/badges.shown_apart): a
        template's `badges`, so its own cost badge leaves the cost to a declared one."""
        return self._apart.get(type_name, "")

    @functools.cached_property
    def _apart(self) -> dict[str, str]:
        return {name: shown_apart(self.game, card_type) for name, card_type in self.types.items() if card_type}

    @functools.cached_property
    def types(self) -> dict[str, object]:
        """Card type name -> the type, as game.card_type finds it (the first of that name)."""
        return {name: self.game.card_type(name) for name in {card.type for card in self.deck.cards}}


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class FaceCall(Record):
    """One face as layout_face lays it out: the template, the context its strings and boxes read,
    the settings. The build cache keys the face by hashing this whole (kit/keys.py), and the
    measure by the fonts it measures with, so whatever a face is laid out from is in its key."""

    template: CardTemplate
    context: Mapping[str, object]
    owner: str  # who the face's problems are about
    bleed: float
    ink_saver: bool
    where: Where | None = field(default=None, compare=False)  # a face's problems are said at the card's line now


def faces_view(game: Game, templates) -> Game:
    """The game as card faces see it: each deck without its cards, so that the game (hashed once
    a build) is in every face's key and an edit to one card lays out that card only. A template
    whose strings name `cards` sees them all instead (and so every face's key hashes them all)."""
    if any("cards" in text for template in templates for box in template.boxes
           for text in (box.when, box.content, box.color, box.fill, box.stroke)):
        return game
    return dataclasses.replace(game, decks=tuple(dataclasses.replace(d, cards=()) for d in game.decks))


def deck_scope(game: Game, view: Game, deck: Deck, fronts: Mapping[str, CardTemplate], back: CardTemplate,
               bleed: float = 0.0, ink_saver: bool = False, art: Mapping[str, dict] | None = None,
               icons=None) -> DeckScope:
    seen = next((d for d in view.decks if d.id == deck.id), deck) if view is not game else deck
    return DeckScope(view, deck, seen, fronts, back, bleed, ink_saver, art or {}, icons)


def front_call(scope: DeckScope, index: int) -> FaceCall:
    card = scope.deck.cards[index]
    card_type = scope.types[card.type]
    context = {"card": card, "type": card_type, "deck": scope.view, "game": scope.game,
               "number": index + 1, "total": len(scope.deck.cards), "art": scope.art.get(card.id), "icons": scope.icons,
               "badges": scope.apart(card.type), "_": scope.game.language}  # kitgen's own words: {{ _('Optional') }}
    return FaceCall(scope.fronts[front_key(card)], context, f"card '{card.name}'", scope.bleed, scope.ink_saver, card.where)


def back_call(scope: DeckScope) -> FaceCall:
    context = {"deck": scope.view, "game": scope.game, "art": scope.art.get(""), "icons": scope.icons,
               "icon": back_icon(scope.game, scope.deck), "_": scope.game.language}
    return FaceCall(scope.back, context, f"back of deck '{scope.deck.id}'", scope.bleed, scope.ink_saver,
                    scope.deck.where)


def lay_out(call: FaceCall, measure: Measure, bounds: Bounds, memo: dict | None = None) -> Face:
    return layout_face(call.template, dict(call.context), measure, bounds, call.owner, call.where, call.bleed,
                       call.ink_saver, memo)


@dataclass(frozen=True, eq=False, repr=False)
class KeptFaces(Record):
    """What an earlier build kept of a deck's faces (the build cache): `cached(index)` gives a
    face laid out before from the same inputs, `back` the back; `seen(index, face, fresh)` hears
    of each face made; `drawn` the fronts as drawn before."""

    cached: Callable[[int], Face | None] | None = None
    seen: Callable[[int, Face, bool], None] | None = None
    drawn: DrawnFaces | None = None
    back: Face | None = None


def layout_deck_faces(scope: DeckScope, measure: Measure, bounds: Bounds, kept: KeptFaces = KeptFaces(),
                      before_layout: Callable[[], None] | None = None) -> DeckFaces:
    """Every card's front, laid out as it is asked for (a face kept from an earlier build is not
    laid out again), and the deck's back. `before_layout()` is called before any face is laid
    out (fonts are registered on demand)."""
    ready = before_layout or (lambda: None)
    memos: dict = {}  # per template: layers of boxes that do not depend on the card, laid out once per deck

    def make(index: int) -> Face:
        ready()
        call = front_call(scope, index)
        return lay_out(call, measure, bounds, memos.setdefault(id(call.template), {}))

    back_face = kept.back
    if back_face is None:
        ready()
        back_face = lay_out(back_call(scope), measure, bounds)
    return DeckFaces(scope.deck, Fronts(len(scope.deck.cards), make, kept.cached, kept.seen), back_face, kept.drawn)


def back_icon(game: Game, deck: Deck) -> str:
    """The icon a deck's back shows: its own, else the first of its card types' icons."""
    return deck.back.icon or next((t.icon for t in game.card_types if t.deck == deck.id and t.icon), "")


class Pages:
    """A PDF's pages, made as they are drawn: a deck's sheets are never all held at once. Can be
    gone through more than once (the build hashes them, then draws them); len() without making any."""

    def __init__(self, count: int, make: Callable[[], Iterator[Page]]):
        self._count, self._make = count, make

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[Page]:
        return self._make()

    def __getitem__(self, index: int) -> Page:
        if not 0 <= index < self._count:
            raise IndexError(index)
        return next(itertools.islice(self._make(), index, None))


def impose_deck(game: Game, faces: DeckFaces, grid: Grid, instruction: str) -> tuple[Pages, Pages]:
    """Card sheets for one deck: (pages, separate back pages). Grid with duplex: each front sheet
    is followed by its backs; duplex off: backs go to their own pages; gutterfold: one page
    holds the fronts and, beyond the fold, their backs. Pages name their faces by position in
    the deck; nothing is laid out here (render asks `faces` for each face as it draws)."""
    # Faces are named by position, not id: two cards that share an id must still print as themselves.
    copies = sum(card.copies for card in faces.deck.cards)
    sheets = -(-copies // grid.per_page)
    mode = grid.spec.layout if grid.spec else "grid"
    duplex = grid.spec.duplex if grid.spec else "long-edge"
    if mode == "single":
        return Pages(2 * copies, lambda: _single_pages(faces, grid)), Pages(0, lambda: iter(()))
    if mode == "gutterfold" or duplex != "off":
        count, backs = (sheets if mode == "gutterfold" else 2 * sheets), 0
    else:
        count, backs = sheets, sheets
    back_pages = (lambda: _grid_pages(game, faces, grid, instruction, backs=True)) if backs else (lambda: iter(()))
    return Pages(count, lambda: _grid_pages(game, faces, grid, instruction, backs=False)), Pages(backs, back_pages)


def _grid_pages(game: Game, faces: DeckFaces, grid: Grid, instruction: str, backs: bool) -> Iterator[Page]:
    """The sheets of a grid or gutterfold, in order; with duplex off, `backs` gives the back pages
    (the file printed on the other side) instead of the fronts."""
    slots = [index for index, card in enumerate(faces.deck.cards) for _ in range(card.copies)]
    sheets = -(-len(slots) // grid.per_page)
    mode = grid.spec.layout if grid.spec else "grid"
    duplex = grid.spec.duplex if grid.spec else "long-edge"
    size = (grid.card_w, grid.card_h)
    bleed = grid.spec.bleed if grid.spec else 0.0
    _ = game.language
    bar = tuple(scale_bar(grid, _))
    fronts_label, backs_label = _("FRONTS"), _("BACKS")
    marks_for: dict[int, tuple] = {}  # cards on the sheet -> its marks: every full sheet shares one tuple
    for sheet in range(sheets):
        chunk = slots[sheet * grid.per_page:(sheet + 1) * grid.per_page]
        front_xy = [grid.front_slot(i) for i in range(len(chunk))]
        back_xy = [grid.back_slot(i) for i in range(len(chunk))]
        fronts = tuple(Placement(face_key(faces.deck.id, index), *xy, *size, index)
                       for xy, index in zip(front_xy, chunk, strict=True))
        back_placements = tuple(Placement(face_key(faces.deck.id, BACK), *xy, *size, BACK) for xy in back_xy)
        title, which = f"{game.title}  ·  {faces.deck.name}", _("sheet {number} of {total}", number=sheet + 1, total=sheets)
        if len(chunk) not in marks_for:
            marks = tuple(crop_marks(grid, front_xy + back_xy if mode == "gutterfold" else front_xy))
            marks_for[len(chunk)] = marks, tuple(mirror_marks(grid, marks))
        marks, mirrored = marks_for[len(chunk)]
        if mode == "gutterfold":
            extras = (*marks, *fold_line(grid, _), *bar, *margin_labels(grid, [title, which, instruction]))
            yield Page(grid.page_w, grid.page_h, extras, fronts + back_placements, bleed, faces=faces)
            continue
        front_page = Page(grid.page_w, grid.page_h,
                          (*marks, *bar, *margin_labels(grid, [title, f"{which}  ·  {fronts_label}", instruction])),
                          fronts, bleed, faces=faces)
        back_page = Page(grid.page_w, grid.page_h,
                         (*mirrored, *margin_labels(grid, [title, f"{which}  ·  {backs_label}", instruction])),
                         back_placements, bleed, faces=faces)
        if duplex == "off":
            yield back_page if backs else front_page
        else:
            yield front_page
            yield back_page


def _single_pages(faces: DeckFaces, grid: Grid) -> Iterator[Page]:
    """Print shop: each card on its own page of trim plus bleed, front then back (DriveThruCards'
    order), with a TrimBox at the cut and the page itself as the BleedBox."""
    bleed = grid.spec.bleed if grid.spec else 0.0
    for index, card in enumerate(faces.deck.cards):
        for _ in range(card.copies):
            for which in (index, BACK):
                yield single_page(faces, which, grid.card_w, grid.card_h, bleed)


def face_key(deck_id: str, index: int) -> str:
    """The name a placement gives a face (and the build its cache key by): front-DECK-N or back-DECK."""
    return f"back-{deck_id}" if index == BACK else f"front-{deck_id}-{index}"


def single_page(faces: DeckFaces, index: int, card_w: float, card_h: float, bleed: float) -> Page:
    """One face (a front's index, or BACK) on a page of trim plus bleed, TrimBox at the cut: what
    `--layout single` prints and the PNG export renders."""
    placement = Placement(face_key(faces.deck.id, index), bleed, bleed, card_w, card_h, index)
    return Page(card_w + 2 * bleed, card_h + 2 * bleed, (), (placement,), bleed, (bleed, bleed, card_w, card_h), faces)
