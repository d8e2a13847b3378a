"""Every face of every shipped game, laid out in-process and checked shape by shape: no card text
below the game's min_text_size except the footer code line (>= 5.5 pt), no label running under its
value badge, no text past the card's safe zone. Adding data/<new-game>/ adds it here."""
from __future__ import annotations

import pytest

from kitgen.layout.shapes import Rect, Text
from kitgen.kit.prepare import check_kit
from kitgen.project import Project
from kitgen.render.fonts import measure

GAMES = Project.default().game_names()
MM = 72 / 25.4
FOOTER = 7 * MM  # the footer code line sits in the last 7 mm of the card
SAFE = 2.9 * MM  # text stays 3 mm inside the trim (0.1 mm of rounding allowed)


def _extent(text: Text) -> tuple[float, float, float, float]:
    """x0, x1, top, bottom of a line of text (top: cap height above the baseline, bottom: descent)."""
    width = measure(text.text, text.font, text.size)
    x0 = {"left": text.x, "center": text.x - width / 2, "right": text.x - width}[text.align]
    if text.rotate == 180:  # drawn upside down about its anchor
        x0 = {"left": text.x - width, "center": text.x - width / 2, "right": text.x}[text.align]
        return x0, x0 + width, text.y - text.size * 0.2, text.y + text.size * 0.75
    return x0, x0 + width, text.y - text.size * 0.75, text.y + text.size * 0.2


def _badges(shapes) -> list[Rect]:
    """The value badges: pills, rounded to half their height."""
    return [s for s in shapes if isinstance(s, Rect) and s.radius and abs(s.radius - s.h / 2) < 0.01 and s.w < 30 * MM]


def _faults(face, width: float, height: float, minimum: float) -> list[str]:
    faults = []
    texts = [s for s in face.shapes if isinstance(s, Text)]
    badges = _badges(face.shapes)
    for text in texts:
        x0, x1, top, bottom = _extent(text)
        if text.size < minimum - 1e-6 and not (text.size >= 5.5 - 1e-6 and top > height - FOOTER):
            faults.append(f"'{text.text}' at {text.size:g} pt")
        if x0 < SAFE or x1 > width - SAFE:
            faults.append(f"'{text.text}' outside the safe zone ({x0 / MM:.1f}..{x1 / MM:.1f} mm)")
        for badge in badges:
            inside = badge.x - 0.01 <= x0 and x1 <= badge.x + badge.w + 0.01
            if not inside and top < badge.y + badge.h and bottom > badge.y and x0 < badge.x + badge.w and x1 > badge.x:
                faults.append(f"'{text.text}' runs under a badge")
    return faults


@pytest.mark.parametrize("game", GAMES)
def test_every_face__text_at_least_min_size_and_clear_of_badges(game, project):
    checked = check_kit(project, game, lay_out=False)
    width, height = checked.spec.card
    minimum = float(checked.game.min_text_size)
    faults = []
    for faces in checked.faces:
        for index, card in enumerate(faces.deck.cards):
            face = faces.fronts[index]
            faults += [f"{faces.deck.id} {card.name}: {fault}" for fault in _faults(face, width, height, minimum)]
            faults += [f"{faces.deck.id} {card.name}: {p.message}" for p in face.problems]
        faults += [f"back of {faces.deck.id}: {fault}" for fault in _faults(faces.back, width, height, minimum)]
    assert faults == []
