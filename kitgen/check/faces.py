"""What laid-out card faces say, as problems: text that does not fit, characters the fonts lack,
text below the game's minimum size. Reads the notes taken as the faces were made; lays out nothing."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from kitgen.errors import Problem, warning
from kitgen.model import Deck, Game


class Remarks(NamedTuple):
    """What a face said, for the few that say anything: its problems, the characters the fonts lack."""

    problems: tuple[Problem, ...]
    missing: tuple[str, ...]


class Note(NamedTuple):
    """What the checks keep of a face: its smallest text size (0: no text), its remarks, and the size
    its text was fitted at (layout/card.Face.text_size: the legibility report's)."""

    size: float
    remarks: Remarks | None
    text_size: float = 0.0


class FaceNotes(NamedTuple):
    """A deck's faces as the checks need them: each card's smallest text size (0: no text), the
    problems and missing characters of the few cards that have any, and the back's problems."""

    deck: Deck
    sizes: Sequence[float]
    remarks: Mapping[int, Remarks]
    back: tuple[Problem, ...]


def check_faces(game: Game, decks: Iterable[FaceNotes]) -> list[Problem]:
    """Fit problems first, then missing characters, then legibility (the order validate prints)."""
    fit: list[Problem] = []
    glyphs: list[Problem] = []
    legibility: list[Problem] = []
    for notes in decks:
        for index, card in enumerate(notes.deck.cards):
            problems, missing = notes.remarks.get(index, Remarks((), ()))
            fit += problems
            if missing:
                glyphs.append(warning(card.where, f"card '{card.name}': {_describe(missing)} not in the font; "
                                      "they would print as empty boxes"))
            size = notes.sizes[index]
            # A card whose text does not fit at all has its error: a legibility warning would say it twice.
            if size and size < game.min_text_size - 1e-6 and not any(p.is_error for p in problems):
                legibility.append(warning(card.where, f"card '{card.name}': text shrinks to {size:g} pt, below the "
                                          f"game's minimum of {game.min_text_size:g} pt (min_text_size)"))
        fit += notes.back
    return fit + glyphs + legibility


def _describe(characters: Sequence[str]) -> str:
    shown = ", ".join(f"'{c}' (U+{ord(c):04X})" for c in characters[:5])
    return f"character{'s' if len(characters) > 1 else ''} {shown}{' and more' if len(characters) > 5 else ''}"
