"""The lay-out stage: each deck's faces, made as render asks for them (a deck of any size is never
held whole: bench/bench_synthetic.py), and noted as each is made (smallest text, problems,
missing characters) so the checks never need a face again. The build cache is read here and
fed the faces made; nothing else touches it."""
from __future__ import annotations

import dataclasses
from array import array
from typing import NamedTuple

from kitgen.check.faces import FaceNotes, Note, Remarks
from kitgen.errors import Problem, Where
from kitgen.kit.cache import BuildCache
from kitgen.kit.plan import FaceKeys, FacePlan, Inputs
from kitgen.layout.cards import (BACK, DeckFaces, DeckScope, DrawnFaces, KeptFaces, back_call, face_key, front_call,
                                 layout_deck_faces)
from kitgen.model import Game


class LaidOut(NamedTuple):
    """The faces of every deck (made when asked for) and the notes taken of them, by deck id."""

    faces: tuple[DeckFaces, ...]
    notes: dict[str, DeckNotes]


def lay_out_faces(game: Game, inputs: Inputs, plan: FacePlan, cache: BuildCache | None = None) -> LaidOut:
    """Each deck's faces, from the cache where an earlier build made them from the same inputs."""
    if cache is not None:  # what a cached face may name: a face naming anything else is laid out again
        cache.use(inputs.icons, set(inputs.art.images))
    notes: dict[str, DeckNotes] = {}
    faces = []
    for deck in game.decks:
        scope, keys, back_key = plan.scopes[deck.id], plan.fronts[deck.id], plan.backs[deck.id]
        cached_back = cache.face(back_key) if cache is not None else None
        kept = KeptFaces(_from_cache(cache, keys), _note(scope, keys, notes, cache, plan.keyer),
                         _drawn(cache, keys, inputs.icons), cached_back)
        faces.append(layout_deck_faces(scope, inputs.fonts.measure, inputs.fonts.bounds, kept, inputs.fonts.ready))
        if cached_back is None and cache is not None:
            cache.keep_face(back_key, faces[-1].back,
                            made=plan.keyer.made(face_key(deck.id, BACK), back_call(scope)))
    return LaidOut(tuple(faces), notes)


class DeckNotes:
    """What the checks need of a deck's faces, taken as each face is made and kept when the face
    is not: its smallest text size (8 bytes a card) and, for the few faces that have any, its
    problems and the characters the fonts lack. A face's problems are about its card and are
    said at the card's place now (`places`): a face from the cache was made when the card may
    have stood on another line (a card added above it), which its key leaves out."""

    def __init__(self, places: list[Where | None], recall=None):
        self.places = places
        self.sizes = array("d", [-1.0]) * len(places)  # -1: not made yet
        self.text_sizes = array("d", [0.0]) * len(places)  # the size each face's text was fitted at
        self.remarks: dict[int, Remarks] = {}
        self.recall = recall or (lambda index: None)  # index -> the Note an earlier build took

    def note(self, index: int, face) -> Note | None:
        """Note a face seen for the first time; returns what was noted (None if seen before)."""
        if self.sizes[index] >= 0:
            return None
        missing = tuple(_missing(face))
        remarks = Remarks(face.problems, missing) if face.problems or missing else None
        return self.keep(index, face.smallest_size, remarks, face.text_size)

    def keep(self, index: int, size: float, remarks: Remarks | None, text_size: float = 0.0) -> Note:
        self.sizes[index] = size
        self.text_sizes[index] = text_size
        if remarks:
            remarks = self.remarks[index] = Remarks(tuple(_placed(p, self.places[index]) for p in remarks.problems),
                                                    remarks.missing)
        return Note(size, remarks, text_size)

    def missing(self) -> list[int]:
        return [index for index, size in enumerate(self.sizes) if size < 0]


def _placed(problem: Problem, where: Where | None) -> Problem:
    return dataclasses.replace(problem, where=where) if where is not None else problem


def _from_cache(cache: BuildCache | None, keys: list[str]):
    return (lambda index: cache.face(keys[index])) if cache is not None else None


def _drawn(cache: BuildCache | None, keys: list[str], icons) -> DrawnFaces | None:
    if cache is None or cache.folder is None:
        return None
    return DrawnFaces(lambda index: cache.drawn(keys[index]), lambda index, record: cache.keep_drawn(keys[index], record),
                      cache.shared_layer, icons.get)


def _note(scope: DeckScope, keys: list[str], notes: dict, cache: BuildCache | None, keyer: FaceKeys):
    deck = scope.deck
    recall = (lambda index: cache.note(keys[index])) if cache is not None else None
    deck_notes = notes[deck.id] = DeckNotes([card.where for card in deck.cards], recall)

    # --no-cache (no folder) or validate's read-only cache keeps nothing: what a face was made from,
    # hashed by part for keep_face, would be thrown away
    keeping = cache if cache is not None and cache.folder is not None and not cache.read_only else None

    def seen(index: int, face, fresh: bool) -> None:
        noted = deck_notes.note(index, face)
        if fresh and keeping is not None:  # what it was made from, by part: the next miss here says which changed
            keeping.keep_face(keys[index], face, noted, keyer.made(face_key(deck.id, index), front_call(scope, index)))
    return seen


def note_every_face(laid_out: tuple[DeckFaces, ...], all_notes: dict[str, DeckNotes]) -> None:
    """Notes for faces not drawn in this build: recalled from an earlier build, or made now."""
    for faces in laid_out:
        notes = all_notes[faces.deck.id]
        for index in notes.missing():
            recalled = notes.recall(index)
            if recalled is not None:
                notes.keep(index, *recalled)
            else:
                faces.fronts[index]  # made, and so noted


def face_notes(faces: tuple[DeckFaces, ...], notes: dict[str, DeckNotes]) -> list[FaceNotes]:
    """What the face checks read (check/faces.py): every face noted (see note_every_face)."""
    note_every_face(faces, notes)
    return [FaceNotes(deck_faces.deck, notes[deck_faces.deck.id].sizes, notes[deck_faces.deck.id].remarks,
                      tuple(_placed(problem, deck_faces.deck.where) for problem in deck_faces.back.problems))
            for deck_faces in faces]


def _missing(face) -> list[str]:
    from kitgen.layout.shapes import Text
    from kitgen.render.fonts import missing_glyphs  # a face was laid out: the fonts are registered

    found: set[str] = set()
    for shape in face.shapes:
        if isinstance(shape, Text):
            found.update(missing_glyphs(shape.text, shape.font))
    return sorted(found)


def text_sizes(laid_out: tuple[DeckFaces, ...], notes: dict[str, DeckNotes]) -> dict[str, dict[str, tuple[float, float]]]:
    """Deck id -> card name -> (the size its text was fitted at, its smallest text): the legibility report."""
    note_every_face(laid_out, notes)
    return {faces.deck.id: {card.name: (fitted, size) for card, fitted, size in
                            zip(faces.deck.cards, notes[faces.deck.id].text_sizes, notes[faces.deck.id].sizes, strict=True)
                            if size}
            for faces in laid_out}
