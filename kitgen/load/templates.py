"""Load card templates (YAML manifests of boxes) from the template search path, game first."""
from __future__ import annotations

import hashlib
import os
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from kitgen.errors import KitgenError, Where, error
from kitgen.load.files import MAX_FILE_BYTES, contained, display_path
from kitgen.load.nodes import parse_nodes, read_text
from kitgen.load.schema import Converter
from kitgen.model import CardTemplate, slug


def find_template(name: str, dirs: list[Path], roots: tuple[Path, ...] | None = None) -> Path:
    """The first `name` on the search path, contained in `roots` (default: each folder of `dirs`)."""
    found = locate_template([name], dirs, roots, limit=MAX_FILE_BYTES)  # a YAML file's own limit is read_nodes'
    if found:
        return found[1]
    searched = ", ".join(display_path(d) for d in dirs)
    raise KitgenError(error(Where(name), f"template not found (searched {searched})"))


MAX_TEMPLATE_BYTES = 1 << 20


def locate_template(pieces: list[str], dirs: list[Path], roots: tuple[Path, ...] | list[Path] | None = None,
                    limit: int = MAX_TEMPLATE_BYTES):
    """(position on the search path, path, the file it is once contained) of the first file named by
    `pieces` (a template name split at '/'), or None. How the document loader and find_template
    find templates; a pipe or a link out is refused, not skipped."""
    for index, folder in enumerate(dirs):
        path = folder.joinpath(*pieces)
        if path.exists() or path.is_symlink():  # a pipe or a link out is refused, not skipped
            trusted = roots or [folder]
            return index, path, contained(path, trusted[0], shipped=tuple(trusted[1:]), shown=display_path(path),
                                          limit=limit)
    return None


def template_digest(name: str, dirs: list[Path], roots: tuple[Path, ...] | None = None) -> str | None:
    """A hash of the text the document loader would read for `name` now; None when it would find
    none (or the name is one it refuses). A check recorded with one is still true while it is."""
    pieces = [piece for piece in name.split("/") if piece not in ("", ".")]  # jinja2's split_template_path
    if not pieces or any(piece == os.path.pardir or os.path.sep in piece or (os.path.altsep or "/") in piece
                         for piece in pieces):
        return None
    try:
        found = locate_template(pieces, dirs, roots)
        return source_digest(found[2].read_text(encoding="utf-8")) if found else None
    except (KitgenError, OSError, UnicodeDecodeError):
        return None


def source_digest(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest()


def _load(path: Path) -> CardTemplate:
    shown = display_path(path)
    return _template(read_text(path.resolve(), shown), shown)


@lru_cache(maxsize=16)
def _template(text: str, shown: str) -> CardTemplate:
    """The template a file's text makes, read once for the same text: the frames a build uses
    extend card-front.yaml, read again for each (a CardTemplate is frozen, so it is shared)."""
    root = parse_nodes(text, shown)
    if root is None:
        raise KitgenError(error(Where(shown), "template is empty"))
    converter = Converter(shown)
    template = converter.record(root, CardTemplate, "")
    if converter.problems:
        raise KitgenError(converter.problems)
    return template  # its geometry is checked by check/templates.py


def card_template_from_text(text: str, shown: str) -> CardTemplate:
    """A card template from its text (the catalogues' extraction reads the shipped ones so)."""
    return _template(text, shown)


def front_names(card_type: str, deck: str, frame: str = "") -> list[str]:
    """The card-front templates a card of this type may use, most specific first: its type's own,
    its type's frame (a shared design: text, picture ...), its deck's, then everyone's."""
    names = [f"card-front-{slug(card_type)}.yaml"]
    if frame:
        names.append(f"card-front-{slug(frame)}.yaml")
    return names + [f"card-front-{slug(deck)}.yaml", "card-front.yaml"]


def find_front(names: list[str], dirs: list[Path], shipped: int = 1) -> str:
    """The first of `names` found, folder by folder, game first: a game's own card-front.yaml
    replaces every shipped frame, as one dropped into its templates/ always has. The last
    `shipped` folders (a look's, then kitgen's) are one layer, searched name by name: a look's
    card-front.yaml is what kitgen's frames extend, so kitgen's card-front-picture.yaml still
    comes before it (a look's own card-front-picture.yaml before both)."""
    own, layer = dirs[:len(dirs) - shipped], dirs[len(dirs) - shipped:]
    for group in [[folder] for folder in own] + [layer]:
        for name in names:
            # a pipe or a link out is found here and refused when read, not skipped
            if any((folder / name).exists() or (folder / name).is_symlink() for folder in group):
                return name
    return names[-1]  # not found anywhere: load_card_template says so


def load_card_template(name: str, dirs: list[Path], roots: tuple[Path, ...] | None = None) -> CardTemplate:
    """A card template by file name, the first found on the search path. A template that
    `extends` another takes its boxes in order, its own replacing those of the same name and the
    rest drawn last, and the parent's width and height where it gives none: a frame is written
    as what differs from the one it is built on. The parent is looked for from the start of the
    search path, except a parent of the template's own name: from the folder after the
    template's own, so a game's card-front.yaml may extend the shipped card-front.yaml."""
    chain: list[tuple[int, str]] = []  # (folder on the search path, name) of each template read
    templates: list[CardTemplate] = []
    start, wanted = 0, name
    while True:
        found = locate_template([wanted], dirs[start:], roots, limit=MAX_FILE_BYTES)
        if found is None:
            raise KitgenError(_not_found(wanted, dirs, start, templates[-1] if templates else None))
        index = start + found[0]
        template = _load(found[1])
        if (index, wanted) in chain or len(chain) >= MAX_EXTENDS:
            names = " -> ".join(n for _, n in chain[chain.index((index, wanted)):]) if (index, wanted) in chain else ""
            why = f"goes round in a circle ({names} -> {wanted})" if names else f"more than {MAX_EXTENDS} templates deep"
            raise KitgenError(error(templates[-1].where or Where(wanted), f"extends: {why}"))
        chain.append((index, wanted))
        templates.append(template)
        if not template.extends:
            break
        start, wanted = (index + 1, template.extends) if template.extends == wanted else (0, template.extends)
    merged = templates.pop()
    while templates:
        own = templates.pop()
        places = {place.name: place for place in (*merged.places, *own.places)}  # its own replace its parent's
        merged = replace(own, width=own.width or merged.width, height=own.height or merged.height,
                         boxes=merge_boxes(merged.boxes, own.boxes), places=tuple(places.values()), extends="")
    return merged


def _not_found(name: str, dirs: list[Path], start: int, child: CardTemplate | None):
    searched = ", ".join(display_path(d) for d in dirs[start:]) or f"no folder after {display_path(dirs[-1])}"
    if child is None:
        return error(Where(name), f"template not found (searched {searched})")
    return error(child.where or Where(name), f"extends: template '{name}' not found (searched {searched})")


def merge_boxes(parent: tuple, own: tuple) -> tuple:
    """The parent's boxes, each replaced by the child's box of the same name; a child's new box is
    drawn just before the child's next box that replaces one (so a plate can go under the art),
    or last."""
    replacing = {box.name for box in own if box.name} & {box.name for box in parent if box.name}
    before: dict[str, list] = {}
    pending: list = []
    for box in own:
        if box.name in replacing:
            before[box.name], pending = pending + [box], []
        else:
            pending.append(box)
    merged = [b for box in parent for b in (before[box.name] if box.name in replacing else [box])]
    return tuple(merged + pending)


MAX_EXTENDS = 8  # templates in one chain of extends: a look's frame, its base, kitgen's
