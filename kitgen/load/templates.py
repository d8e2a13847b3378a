"""Load card templates (YAML manifests of boxes) from the template search path, game first."""
from __future__ import annotations

from pathlib import Path

from kitgen.errors import KitgenError, Problem, Where, error
from kitgen.load.files import contained, display_path
from kitgen.load.nodes import read_nodes
from kitgen.load.schema import Converter
from kitgen.model import CardTemplate


def find_template(name: str, dirs: list[Path], roots: tuple[Path, ...] | None = None) -> Path:
    """The first `name` on the search path, contained in `roots` (default: each folder of `dirs`)."""
    for folder in dirs:
        path = folder / name
        if path.exists() or path.is_symlink():  # a pipe or a link out is refused, not skipped
            trusted = roots or (folder,)
            contained(path, trusted[0], shipped=trusted[1:])
            return path
    searched = ", ".join(display_path(d) for d in dirs)
    raise KitgenError(error(Where(name), f"template not found (searched {searched})"))


def load_card_template(name: str, dirs: list[Path], roots: tuple[Path, ...] | None = None) -> CardTemplate:
    path = find_template(name, dirs, roots)
    shown = display_path(path)
    root = read_nodes(path.resolve(), shown)
    if root is None:
        raise KitgenError(error(Where(shown), "template is empty"))
    converter = Converter(shown)
    template = converter.record(root, CardTemplate, "")
    if converter.problems:
        raise KitgenError(converter.problems)
    problems = check_geometry(template, shown)
    if problems:
        raise KitgenError(problems)
    return template


MAX_TEXT_SIZE = 144.0  # pt (2 in): text is fitted from its size down in quarter points
SIZED = ("text", "effects", "art", "icon")  # boxes whose contents are fitted into their width and height


def check_geometry(template: CardTemplate, shown: str) -> list[Problem]:
    """What the schema cannot say: a card and its boxes have a size, text a positive point size.
    (A 0 mm wide text box divided by zero; a 0 pt size never fitted.)"""
    problems = []
    if template.width <= 0 or template.height <= 0:
        problems.append(error(template.where or Where(shown), "width and height must be more than 0mm"))
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
    return problems
