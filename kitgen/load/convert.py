"""`kitgen convert decks/main.yaml --to csv|xlsx|yaml`: move a deck's cards between its YAML file
and a spreadsheet, without loss (what loads from one loads the same from the other).

The deck file keeps everything else (id, name, back, rules, comments); only its `cards:` entry
changes: to `cards: main.csv` when the cards go to a sheet, back to a list of cards for yaml.
"""
from __future__ import annotations

import csv
import dataclasses
import io
from pathlib import Path

import yaml

from kitgen.errors import KitgenError, Problem, Where, error
from kitgen.load.game import _load_deck, display_path
from kitgen.load.nodes import read_nodes
from kitgen.load.sheet import FIELDS, csv_cell
from kitgen.model import Card, Effect, slug

FORMATS = ("csv", "xlsx", "yaml")
_CARD_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Card) if f.default is not dataclasses.MISSING}
_EFFECT_DEFAULTS = {f.name: f.default for f in dataclasses.fields(Effect) if f.default is not dataclasses.MISSING}


def convert_deck(deck_file: Path, to: str, force: bool = False) -> Path:
    """Write the deck's cards in format `to` and point the deck file at them; return what was written."""
    problems: list[Problem] = []
    shown = display_path(deck_file)
    deck = _load_deck(deck_file, deck_file.stem, Where(shown), problems)
    problems = [p for p in problems if p.is_error]
    if problems or deck is None:
        raise KitgenError(problems or error(Where(shown), "cannot read the deck"))
    cards = tuple(_as_written(card) for card in deck.cards)
    entry = _cards_entry(deck_file)  # where the file's cards: entry stands, read once
    if to == "yaml":
        _replace_cards(deck_file, entry, "cards:\n" + "".join(f"  - {_flow(_card_dict(c))}\n" for c in cards))
        return deck_file
    target = deck_file.with_suffix(f".{to}")
    current = entry[2]
    if target.exists() and not force and current != target.name:
        raise KitgenError(error(Where(display_path(target)), "already exists; give --force to overwrite it"))
    header, rows = sheet_table(cards)
    data = _csv_bytes(header, rows) if to == "csv" else _xlsx_bytes(header, rows)
    target.write_bytes(data)
    _replace_cards(deck_file, entry, f"cards: {target.name}\n")
    return target


def _as_written(card: Card) -> Card:
    """The loader fills in an id from the name: write it only where the file gave another."""
    return dataclasses.replace(card, id="") if card.id == slug(card.name) else card


def _simple(effect: Effect) -> bool:
    return (effect.target, effect.dice, effect.condition, effect.erratum) == ("self", "", None, None)


def sheet_table(cards: tuple[Card, ...]) -> tuple[list[str], list[list]]:
    """Header and rows: one column per card field in use, one per attribute, then `effects`.
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
    header = fields + used + (["effects"] if extra else [])
    rows = []
    for card, (columns, rest) in zip(cards, split, strict=True):
        row = [_cell(card, f) for f in fields] + [columns.get(a, "") for a in used]
        rows.append(row + ([_flow([_effect_dict(e) for e in rest]) if rest else ""] if extra else []))
    return header, rows


def _split_effects(card: Card, attributes: list[str]) -> tuple[dict, list[Effect]]:
    columns: dict[str, int] = {}
    last = -1
    for index, effect in enumerate(card.effects):
        position = attributes.index(effect.attribute) if effect.attribute in attributes else -1
        if not _simple(effect) or position <= last:
            return columns, list(card.effects[index:])
        columns[effect.attribute], last = effect.delta, position
    return columns, []


def _cell(card: Card, name: str):
    value = getattr(card, name)
    if name == "actions":  # the simulator's steps: YAML flow notation, as the effects column
        return _flow([_record_dict(action) for action in value]) if value else ""
    if name == "keywords":
        return ", ".join(value)
    if name == "copies":
        return value if value != 1 else ""
    return "" if value in (None, "") else value


def _card_dict(card: Card) -> dict:
    out = {}
    for f in dataclasses.fields(Card):
        value = getattr(card, f.name)
        if f.name == "where" or value == _CARD_DEFAULTS.get(f.name, object()):
            continue
        out[f.name] = [_effect_dict(e) for e in value] if f.name == "effects" else (
            [_record_dict(a) for a in value] if f.name == "actions" else
            list(value) if isinstance(value, tuple) else value)
    return out


def _record_dict(record) -> dict:
    """A record (an action) as a designer writes it: the fields that differ from their default."""
    out = {}
    for f in dataclasses.fields(record):
        value = getattr(record, f.name)
        if f.name != "where" and (f.default is dataclasses.MISSING or value != f.default):
            out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


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


def _csv_bytes(header: list[str], rows: list[list]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([csv_cell(h) for h in header])
    writer.writerows([[csv_cell(f"{v:+d}" if isinstance(v, int) and h not in ("copies",) else v)
                       for h, v in zip(header, row, strict=True)] for row in rows])
    return out.getvalue().encode("utf-8")


def _xlsx_bytes(header: list[str], rows: list[list]) -> bytes:
    from openpyxl import Workbook  # only converting to XLSX pays for importing it
    from openpyxl.worksheet.worksheet import Worksheet

    book = Workbook()
    sheet = book.active
    assert isinstance(sheet, Worksheet)  # a new workbook's one sheet
    sheet.title = "cards"
    sheet.append(header)
    for row in rows:
        sheet.append(row)
    for line in sheet.iter_rows(min_row=2):
        for cell in line:
            if isinstance(cell.value, str) and cell.value.startswith("="):
                cell.data_type = "s"  # card text, not a formula
    sheet.freeze_panes = "A2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


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
