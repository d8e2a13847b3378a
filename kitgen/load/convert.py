"""`kitgen convert decks/main.yaml --to csv|xlsx|yaml`: move a deck's cards between its YAML file
and a spreadsheet, without loss (what loads from one loads the same from the other).

The deck file keeps everything else (id, name, back, rules, comments); only its `cards:` entry
changes: to `cards: main.csv` when the cards go to a sheet, back to a list of cards for yaml.
"""
from __future__ import annotations

import csv
import dataclasses
import io
import os
from pathlib import Path

import yaml

from kitgen.errors import KitgenError, Problem, Where, error, printable
from kitgen.load.fields import type_decks
from kitgen.load.game import _load_deck, display_path, game_values, sheet_names
from kitgen.load.nodes import read_nodes
from kitgen.load.sheet import FIELDS, SHEET_SUFFIXES, csv_cell, read_rows
from kitgen.load.xlsx import xlsx_bytes
from kitgen.model import Amounts, Card, Cost, Effect, slug

FORMATS = ("csv", "xlsx", "yaml")
_CARD_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Card) if f.default is not dataclasses.MISSING}
_EFFECT_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Effect) if f.default is not dataclasses.MISSING}


def convert_deck(deck_file: Path, to: str, force: bool = False) -> tuple[Path, str | None]:
    """Write the deck's cards in format `to` and point the deck file at them; return what was
    written, and the sheet the deck file named before (removed when the cards left it), if any."""
    problems: list[Problem] = []
    shown = display_path(deck_file)
    values = game_values(deck_file.parent.parent if deck_file.parent.name == "decks" else deck_file.parent)
    deck = _load_deck(deck_file, deck_file.stem, Where(shown), problems, sheet_names(values))
    if deck is not None:
        deck = type_decks((deck,), values, problems)[0]
    problems = [p for p in problems if p.is_error]
    if problems or deck is None:
        raise KitgenError(problems or error(Where(shown), "cannot read the deck"))
    cards = tuple(_as_written(card) for card in deck.cards)
    entry = _cards_entry(deck_file)  # where the file's cards: entry stands, read once
    notes = card_comments(deck_file, entry, deck.cards)
    one_counter = len(values.get("counters", ())) == 1
    if to == "yaml":
        lines = [f"  {note}\n" for index, c in enumerate(cards)
                 for note in (*notes.get(index, ()), f"- {_flow(_card_dict(c, one_counter))}")]
        _replace_cards(deck_file, entry, "cards:\n" + "".join(lines))
        _remove_replaced(deck_file, entry[2], None)
        return deck_file, entry[2]
    target = deck_file.with_suffix(f".{to}")
    current = entry[2]
    _check_target(target)
    if target.exists() and not force and current != target.name:
        raise KitgenError(error(Where(display_path(target)), "already exists; give --force to overwrite it"))
    header, rows, signed = sheet_table(cards, _field_order(values), one_counter)
    header, rows = in_order(header, rows, _sheet_header(deck_file, current))
    if to == "xlsx":
        _check_cells(cards, header, rows)
    rows = _with_comments(rows, notes, len(header))
    data = _csv_bytes(header, rows, signed) if to == "csv" else xlsx_bytes(header, rows, _choices(values))
    target.write_bytes(data)
    _replace_cards(deck_file, entry, f"cards: {target.name}\n")
    _remove_replaced(deck_file, current, target)
    return target, current


def _check_target(target: Path) -> None:
    """The sheet is written where the deck file is, as a file of its own: never through a link (a
    dangling one planted in a game folder made convert create a file outside it), never into a
    named pipe (it would block) or over a folder."""
    if target.is_symlink():
        raise KitgenError(error(Where(display_path(target)), f"is a link (to {os.path.realpath(target)}); kitgen "
                                "does not write through a link: remove it and convert again"))
    if target.exists() and not target.is_file():
        raise KitgenError(error(Where(display_path(target)), "is not a regular file; kitgen writes the sheet only as "
                                "a file of its own: move it away and convert again"))


def _check_cells(cards: tuple[Card, ...], header: list[str], rows: list[list]) -> None:
    """XLSX is XML, which holds no control character but tab and newline (openpyxl refuses the
    rest): a card value holding one is refused at its card, before anything is written."""
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    for card, row in zip(cards, rows, strict=True):
        for column, value in zip(header, row, strict=True):
            found = ILLEGAL_CHARACTERS_RE.search(value) if isinstance(value, str) else None
            if found:
                what = "its text" if column == "text" else f"its {column}"
                raise KitgenError(error(card.where, f"card '{card.name}': {what} holds a control character "
                                        f"({printable(found[0])}) a spreadsheet cannot hold; remove it, or convert to csv"))


def _remove_replaced(deck_file: Path, current: str | None, target: Path | None) -> None:
    """The sheet the deck file named before, now that its cards are elsewhere: left beside the new
    one, it would be the stale copy a designer edits (or a build would read, were it named again)."""
    if current and (target is None or current != target.name) and current.lower().endswith(SHEET_SUFFIXES):
        old = deck_file.parent / current
        if old.is_file() and old.resolve().parent == deck_file.parent.resolve():
            old.unlink()


def _sheet_header(deck_file: Path, current: str | None) -> list[str]:
    """The columns of the sheet the cards come from, in the designer's order ([] from YAML)."""
    if not (current and current.lower().endswith(SHEET_SUFFIXES)) or not (deck_file.parent / current).is_file():
        return []
    header, _, _ = read_rows(deck_file.parent / current, display_path(deck_file.parent / current))
    return header


def in_order(header: list[str], rows: list[list], order: list[str]) -> tuple[list[str], list[list]]:
    """The columns in the designer's `order` (names compared without case), a column it lacks after
    them in kitgen's order: a CSV -> XLSX -> CSV round trip keeps the columns where they were."""
    rank = {name.strip().casefold(): index for index, name in enumerate(order)}
    positions = sorted(range(len(header)), key=lambda i: (rank.get(header[i].casefold(), len(rank)), i))
    return [header[i] for i in positions], [[row[i] for i in positions] for row in rows]


def _choices(values: dict) -> dict[str, tuple[str, ...]]:
    """Each declared choice field's choices, by field name (for the XLSX's drop-downs)."""
    fields = [f for t in values.get("card_types", ()) for f in t.fields] + list(values.get("fields", ()))
    return {f.name: f.choices for f in fields if f.choices}


def _field_order(values: dict) -> list[str]:
    return list(dict.fromkeys([f.name for t in values.get("card_types", ()) for f in t.fields]
                              + [f.name for f in values.get("fields", ())]))


def card_comments(deck_file: Path, entry: tuple[int, int, str | None], cards) -> dict[int, list[str]]:
    """Comment lines among the cards of a deck file or its sheet: card index -> the comments just
    above it ('# Ships'), so a round trip through a sheet keeps them (as '#' rows)."""
    first, last, sheet = entry
    if sheet:
        return _sheet_comments(deck_file.parent / sheet)
    lines = deck_file.read_text(encoding="utf-8-sig").splitlines()
    starts = [card.where.line - 1 if card.where else -1 for card in cards]
    notes: dict[int, list[str]] = {}
    for number in range(first + 1, min(last + 1, len(lines))):
        text = lines[number].strip()
        following = next((i for i, start in enumerate(starts) if start > number), None)
        if text.startswith("#") and following is not None:
            notes.setdefault(following, []).append(text)
    return notes


def _sheet_comments(path: Path) -> dict[int, list[str]]:
    if not path.is_file():
        return {}
    _, rows, _ = read_rows(path, display_path(path))
    notes: dict[int, list[str]] = {}
    index = 0
    for _, cells in rows:
        first = cells[0].strip() if cells else ""
        if first.startswith("#"):
            notes.setdefault(index, []).append(first)
        elif any(c.strip() for c in cells):
            index += 1
    return notes


def _with_comments(rows: list[list], notes: dict[int, list[str]], width: int) -> list[list]:
    out: list[list] = []
    for index, row in enumerate(rows):
        out += [[note] + [""] * (width - 1) for note in notes.get(index, ())]
        out.append(row)
    return out


def _as_written(card: Card) -> Card:
    """The loader fills in an id from the name: write it only where the file gave another."""
    return dataclasses.replace(card, id="") if card.id == slug(card.name) else card


def _simple(effect: Effect) -> bool:
    return (effect.target, effect.dice, effect.condition, effect.erratum) == ("self", "", None, None)


def sheet_table(cards: tuple[Card, ...], declared: list[str] | None = None, one_counter: bool = False
                ) -> tuple[list[str], list[list], set[str]]:
    """Header, rows and the signed columns (attributes): one column per card key in use, one per
    declared field in use, one per attribute, then `effects`.
    A card's effects go to attribute columns while they keep the columns' order (that is how they
    are read back), the rest to the effects column in YAML flow notation."""
    attributes: list[str] = []
    for card in cards:
        for effect in card.effects:
            if _simple(effect) and effect.attribute not in attributes and effect.attribute.lower() not in FIELDS + ("effects",):
                attributes.append(effect.attribute)
    fields = [f for f in FIELDS if f in ("name", "type") or any(_cell(c, f) != "" for c in cards)]
    split = [_split_effects(card, attributes) for card in cards]
    used = [a for a in attributes if any(a in columns for columns, _ in split)]
    extra = any(rest for _, rest in split)
    for card in cards:
        if any("," in word for word in card.keywords):
            raise KitgenError(error(card.where or Where(""), f"{card.name}: a keyword holds a comma; "
                                    "a sheet's keywords column separates keywords by commas"))
    named = [f for f in (declared or []) if any(f in card.fields.as_dict() for card in cards)]
    header = fields + named + used + (["effects"] if extra else [])
    rows = []
    for card, (columns, rest) in zip(cards, split, strict=True):
        row = [_cell(card, f, one_counter) for f in fields] + [_field_cell(card.fields.get(f)) for f in named]
        row += [columns.get(a, "") for a in used]
        rows.append(row + ([_flow([_effect_dict(e) for e in rest]) if rest else ""] if extra else []))
    return header, rows, set(used)


def _field_cell(value):
    if value is None:
        return ""
    return ", ".join(value) if isinstance(value, tuple) else value


def cost_value(cost: Cost, one_counter: bool = False):
    """A cost as a designer writes it: {Credits: 10}; a bare 3 where the game has one counter."""
    if one_counter and len(cost.pay) == 1 and not (cost.any or cost.text or cost.pay[0].expression):
        return cost.pay[0].amount
    out: dict = {p.counter: p.expression or p.amount for p in cost.pay}
    if cost.any:
        out |= {"any": cost.any, "of": list(cost.of)}
    if cost.text:
        out["text"] = cost.text
    return out


def _split_effects(card: Card, attributes: list[str]) -> tuple[dict, list[Effect]]:
    columns: dict[str, int] = {}
    last = -1
    for index, effect in enumerate(card.effects):
        position = attributes.index(effect.attribute) if effect.attribute in attributes else -1
        if not _simple(effect) or position <= last:
            return columns, list(card.effects[index:])
        columns[effect.attribute], last = effect.delta, position
    return columns, []


def _cell(card: Card, name: str, one_counter: bool = False):
    value = getattr(card, name)
    if name == "cost":
        cost = cost_value(value, one_counter) if value else ""
        return _flow(cost) if isinstance(cost, dict) else cost
    if name in ("actions", "triggers"):  # the simulator's steps: YAML flow notation, as the effects column
        return _flow([_record_dict(action) for action in value]) if value else ""
    if name == "wild":  # a card's wild card (the meld step): YAML flow notation
        return _flow(_record_dict(value)) if value else ""
    if name == "keywords":
        return ", ".join(value)
    if name == "copies":
        return value if value != 1 else ""
    if isinstance(value, bool):  # a switch (reminder): a column only where a card sets it
        return "true" if value else ""
    return "" if value in (None, "") else value


def _card_dict(card: Card, one_counter: bool = False) -> dict:
    out: dict = {}
    for f in dataclasses.fields(Card):
        value = getattr(card, f.name)
        if f.name == "where" or value == _CARD_DEFAULTS.get(f.name, object()):
            continue
        if f.name == "fields":  # as top-level keys, as the type declares them: attack: 3
            out |= {name: list(v) if isinstance(v, tuple) else v for name, v in value.as_dict().items()}
            continue
        if f.name == "cost":
            out["cost"] = cost_value(value, one_counter)
            continue
        if f.name == "wild":
            out["wild"] = _record_dict(value)
            continue
        out[f.name] = [_effect_dict(e) for e in value] if f.name == "effects" else (
            [_record_dict(a) for a in value] if f.name in ("actions", "triggers") else
            list(value) if isinstance(value, tuple) else value)
    return out


def _record_dict(record) -> dict:
    """A record (an action, a wild card) as a designer writes it: the fields that differ from their
    default, a record inside it (a `when:`) the same way."""
    out = {}
    for f in dataclasses.fields(record):
        value = getattr(record, f.name)
        if f.name != "where" and (f.default is dataclasses.MISSING or value != f.default):
            out[f.name] = _plain(value)
    return out


def _plain(value):
    if isinstance(value, Amounts):
        return {a.counter: _plain(a.value) for a in value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _record_dict(value)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return str(value) if isinstance(value, str) else value


def _effect_dict(effect: Effect) -> dict:
    out = {f.name: getattr(effect, f.name) for f in dataclasses.fields(Effect)
           if f.name != "where" and (f.name == "attribute" or getattr(effect, f.name) != _EFFECT_DEFAULTS.get(f.name))}
    if "delta" in out or not effect.dice:
        out["delta"] = _Signed(effect.delta)
    return out


class _Signed(int):
    """A delta, written with its sign (+2) as the shipped decks write it."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Signed, lambda dumper, value: dumper.represent_scalar("tag:yaml.org,2002:int", f"{value:+d}"))


def _flow(value) -> str:
    return yaml.dump(value, Dumper=_Dumper, default_flow_style=True, width=1 << 30, allow_unicode=True,
                     sort_keys=False).strip()


def _csv_bytes(header: list[str], rows: list[list], signed: set[str]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([csv_cell(h) for h in header])
    writer.writerows([[csv_cell(f"{v:+d}" if isinstance(v, int) and h in signed else v)
                       for h, v in zip(header, row, strict=True)] for row in rows])
    return out.getvalue().encode("utf-8")


def _cards_entry(deck_file: Path) -> tuple[int, int, str | None]:
    """(first line, last line) of the deck file's `cards:` entry (0-based, inclusive) and the sheet
    it names, if it names one."""
    text = deck_file.read_text(encoding="utf-8-sig")
    root = read_nodes(deck_file, display_path(deck_file))
    entry = next(((k, v) for k, v in root.value if k.value == "cards"), None) if isinstance(root, yaml.MappingNode) else None
    if entry is None:
        newlines = text.count("\n")
        return newlines + 1, newlines, None
    key, value = entry
    end = value.end_mark.line if value.end_mark.column > 0 else value.end_mark.line - 1
    lines = text.splitlines()
    while end > key.start_mark.line and (end >= len(lines) or not lines[end].strip() or lines[end].lstrip().startswith("#")):
        end -= 1  # comments after the list belong to what follows
    return key.start_mark.line, end, value.value if isinstance(value, yaml.ScalarNode) else None


def _replace_cards(deck_file: Path, entry: tuple[int, int, str | None], cards: str) -> None:
    first, last, _ = entry
    lines = deck_file.read_text(encoding="utf-8-sig").splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    deck_file.write_text("".join(lines[:first]) + cards + "".join(lines[last + 1:]), encoding="utf-8")
