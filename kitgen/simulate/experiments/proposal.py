"""Where each tunable's number is written in the game's files, and those files with new values:
what `kitgen tune` plays while it searches and writes as its new game folder. The numbers a
rule's text repeats ("Start with Military +4") change with them when the text says the number
once; else the proposal says which text to reword. Reads files, writes none. Stdlib and load/."""
from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

from kitgen.check.tunables import YES_NO, Target, target
from kitgen.errors import KitgenError, Where, error
from kitgen.load import edit
from kitgen.load.files import contained, display_path
from kitgen.load.nodes import read_text
from kitgen.model import Game, Tunable

TEXTS = {"start": ("ability",), "victory": ("text",), "phase": ("text", "summary")}  # prose beside the number
TOP_KEYS = {"start": "factions", "victory": "victory_paths", "phase": "phases", "turn_order": "turn_order"}


class Knob(NamedTuple):
    """One tunable, found: its number's spots in its file, the texts that repeat it, its bounds."""
    tunable: Tunable
    target: Target
    file: str  # relative to the game folder
    spots: tuple[edit.Spot, ...]
    texts: tuple[tuple[edit.Spot, ...], ...]  # per text beside it: where it says the number
    text_where: tuple[Where, ...]

    @property
    def values(self) -> range:
        return range(self.tunable.min, self.tunable.max + 1)


def locate(folder: Path, game: Game) -> tuple[dict[str, str], list[Knob]]:
    """The texts of the files the tunables live in (by path relative to the folder), and each knob."""
    texts: dict[str, str] = {}
    knobs = []
    for tunable in game.simulate.tune:
        found = target(game, tunable)
        if isinstance(found, str):  # validate said so first; kept for a game loaded without its checks
            raise KitgenError(error(tunable.where, found))
        name, keys = _file_and_keys(folder, game, found, tunable)
        if name not in texts:
            texts[name] = read_text(contained(folder / name, folder), display_path(folder / name), as_written=True)
        knobs.append(_knob(folder, edit.body(texts[name]), name, keys, found, tunable))
    return texts, knobs


def _file_and_keys(folder: Path, game: Game, found: Target, tunable: Tunable) -> tuple[str, edit.Keys]:
    if found.kind in ("copies", "cost"):
        deck = game.decks[found.at[0]]
        name = f"decks/{deck.id}.yaml"
        if not (folder / name).is_file():
            raise KitgenError(error(tunable.where, f"deck '{deck.id}' is not read from {name}: "
                                    "kitgen tune edits a deck's YAML only (not a spreadsheet)"))
        return name, ("cards", found.at[1])
    key = TOP_KEYS[found.kind]
    for path in sorted(folder.glob("*.yaml")):
        node = edit.compose(read_text(contained(path, folder), display_path(path)), path.name)
        if edit.find(node, (key,)) is not None:
            return path.name, (key, *found.at[:1])
    if found.kind == "turn_order":
        return "game.yaml", ()  # written in as a new top-level key when it is turned on
    raise KitgenError(error(tunable.where, f"no top-level file of the game says {key}:"))


def _knob(folder: Path, text: str, name: str, keys: edit.Keys, found: Target, tunable: Tunable) -> Knob:
    record = edit.find(edit.compose(text, name), keys) if keys else None
    named = edit.scalar(edit.find(record, ("name",)))
    if found.kind == "turn_order":
        number = [_rotate_spot(text, record, tunable)]
    else:
        number = _number_nodes(text, record, found) if edit.same(named, _name(tunable, found)) else []
    if not number or found.kind != "turn_order" and \
            any(s.written and s.written.strip("'\"").lstrip("+") != str(found.value) for s in number):
        raise KitgenError(error(tunable.where, f"cannot find where {display_path(folder / name)} writes this "
                                "number (an anchor, a merge key or a spreadsheet?)"))
    prose = [edit.find(record, (key,)) for key in TEXTS.get(found.kind, ())]
    if found.kind == "phase":
        prose.append(edit.find(record, ("actions", found.at[1], "text")))
    said = [node for node in prose if node is not None]
    where = tuple(Where(name, n.start_mark.line + 1, n.start_mark.column + 1) for n in said)
    return Knob(tunable, found, name, tuple(number),
                tuple(tuple(edit.mentions(text, n, found.value)) for n in said), where)


def _rotate_spot(text: str, record, tunable: Tunable) -> edit.Spot:
    """turn_order's rotate, or where a turn_order: with it and the tunable's text goes (the end of game.yaml)."""
    if record is not None:
        spot = edit.key_spot(text, record, "rotate")
        if spot is not None:
            return spot
    return edit.Spot(len(text), len(text), "", "\nturn_order: {rotate: ", f", text: {json.dumps(tunable.text)}}}\n")


def _name(tunable: Tunable, found: Target) -> str:
    return {"copies": tunable.copies, "cost": tunable.cost, "start": tunable.start, "victory": tunable.victory,
            "phase": tunable.phase}[found.kind]


def _number_nodes(text: str, record, found: Target) -> list[edit.Spot]:
    if found.kind == "start":
        effect = edit.find(record, ("effects", found.at[1]))
        spot = edit.key_spot(text, effect, "delta")
    elif found.kind == "cost":
        cost = edit.find(record, ("cost",))
        named = [key for key in edit.keys(cost) if edit.same(key.casefold(), found.key.casefold())]
        spot = edit.key_spot(text, cost, named[0]) if len(named) == 1 else None
    elif found.kind == "victory":
        when = edit.find(record, ("when",))
        if found.key == "by":
            return [edit.scalar_spot(text, node) for node in edit.every(when, "by")]
        spot = edit.key_spot(text, when, found.key)
    elif found.kind == "phase":
        spot = edit.key_spot(text, edit.find(record, ("actions", found.at[1])), found.key)
    else:
        spot = edit.key_spot(text, record, "copies")
    return [spot] if spot is not None else []


def edited(texts: dict[str, str], knobs: list[Knob], values: tuple[int, ...]) -> tuple[dict[str, str], list[str]]:
    """The files' texts with each knob at its value, and what to reword (located lines)."""
    edits: dict[str, list[tuple[edit.Spot, str]]] = {name: [] for name in texts}
    reword = []
    for knob, value in zip(knobs, values, strict=True):
        if value == knob.target.value:
            continue
        edits[knob.file] += [(spot, spot.before + ("true" if value else "false") + spot.after
                              if knob.target.kind in YES_NO else edit.written(spot, value)) for spot in knob.spots]
        same_sign = (value < 0) == (knob.target.value < 0)
        for spots, where in zip(knob.texts, knob.text_where, strict=True):
            if len(spots) == 1 and same_sign:
                sign = spots[0].written[:1] if spots[0].written[:1] in "+-" else ""
                edits[knob.file].append((spots[0], sign + str(abs(value))))
            elif spots:
                reword.append(f"{where}: reword: this text says {knob.target.value} where the proposal makes it {value}")
    return {name: edit.spliced(text, edits[name]) for name, text in texts.items()}, reword


def with_id(text: str, new_id: str) -> str:
    """game.yaml's text with `id:` set to new_id (the rest, its BOM among it, as written)."""
    spot = edit.key_spot(text, edit.compose(text, "game.yaml"), "id")
    return edit.spliced(text, [(spot, new_id)]) if spot is not None else text


def restated(text: str, shown: str, words: list[str]) -> str:
    """The text with the text of every rule section for designers (`audience: designers`: the balance
    findings designer-notes.pdf prints) replaced by `words`: the original's figures do not hold for
    the proposal's numbers."""
    said = [edit.find(section, ("text",)) for section in edit.having(edit.compose(text, shown), "audience", "designers")]
    new = "[" + ", ".join(json.dumps(line, ensure_ascii=False) for line in words) + "]"
    return edit.spliced(text, [(edit.node_spot(text, node), new) for node in said if node is not None])
