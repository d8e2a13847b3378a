"""A card template's geometry: what the schema cannot say. A card and its boxes have a size, text
a positive point size (a 0 mm wide text box divided by zero; a 0 pt size never fitted)."""
from __future__ import annotations

from pathlib import Path

from kitgen.errors import KitgenError, Problem, Where, error
from kitgen.check.safe_zone import SAFE_MARGIN
from kitgen.load.files import display_path
from kitgen.load.templates import find_template, load_card_template
from kitgen.model import CardTemplate


MAX_TEXT_SIZE = 144.0  # pt (2 in): text is fitted from its size down in quarter points
SIZED = ("text", "effects", "art", "icon")  # boxes whose contents are fitted into their width and height


def check_template(template: CardTemplate, shown: str) -> list[Problem]:
    """What the schema cannot say: a card and its boxes have a size, text a positive point size.
    (A 0 mm wide text box divided by zero; a 0 pt size never fitted.)"""
    problems = []
    if template.width <= 0 or template.height <= 0:
        problems.append(error(template.where or Where(shown), "width and height must be more than 0mm (a "
                              "template gives both, or extends another and takes its size)"))
    for index, box in enumerate(template.boxes):
        label = f"boxes[{index}] ('{box.name or box.kind}')"
        if box.w < 0 or box.h < 0 or (box.kind in SIZED and (box.w <= 0 or box.h <= 0)):
            need = "more than 0mm" if box.kind in SIZED else "0mm or more"
            problems.append(error(box.where, f"{label}: w and h must be {need} for a {box.kind} box"))
        elif not (0 < box.min_size <= MAX_TEXT_SIZE and 0 < box.size <= MAX_TEXT_SIZE):
            problems.append(error(box.where, f"{label}: size and min_size must be from 0pt to {MAX_TEXT_SIZE:g}pt "
                                  f"(got {box.size:g}pt and {box.min_size:g}pt)"))
        elif box.stroke_width < 0 or box.radius < 0:
            problems.append(error(box.where, f"{label}: stroke_width and radius must be 0pt or more"))
    for place in template.places:  # a badge's shape reaches its place's edges: all of it inside the safe zone
        closest = min(place.x, place.y, template.width - place.x - place.w, template.height - place.y - place.h)
        if place.w <= 0 or place.h <= 0:
            problems.append(error(place.where, f"place '{place.name}': w and h must be more than 0mm"))
        elif template.width > 0 and closest < SAFE_MARGIN - 0.01:
            problems.append(error(place.where, f"place '{place.name}' comes {closest * 25.4 / 72:.1f} mm from the "
                                  f"trim; a badge there must stay {SAFE_MARGIN * 25.4 / 72:g} mm inside it (the "
                                  "safe zone a shop may cut)"))
    return problems


def checked_template(name: str, dirs: list[Path], roots: tuple[Path, ...] | None = None) -> CardTemplate:
    """A card template read (load/templates.py) and its geometry checked (check/templates.py):
    nothing is laid out with a box that has no size."""
    template = load_card_template(name, dirs, roots)
    shown = template.where.file if template.where else display_path(find_template(name, dirs, roots))
    problems = check_template(template, shown)
    if problems:
        raise KitgenError(problems)
    return template
