"""Cards from a spreadsheet: a deck file may say `cards: main.csv` or `cards: main.xlsx`.

The first row is the header; a row whose first cell starts with '#' is a comment. Columns named after a Card field (name, type, copies, text, id, art,
icon, cost, keywords, flavor ...) fill it; `keywords` is comma-separated; `effects` holds effects
in YAML flow notation ([{attribute: Trade, delta: +1, target: all-players}]); a column named after
a field the game declares (attack, health) fills that field; any other column is an attribute
(its name, alias or abbreviation) and a cell holds a signed delta for the card itself. When the
game is known, a column that is neither is an error naming both.
Each cell becomes a YAML scalar whose mark is the cell, so every problem says `file:ROW:COL`
(an XLSX problem also names the sheet and cell, e.g. Sheet1!C3) and the one schema converts it.
"""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import yaml

from kitgen.errors import KitgenError, Problem, Where, error
from kitgen.load.csvfile import csv_cell, csv_rows, restore_cell
from kitgen.load.nodes import _compose
from kitgen.load.xlsx import column_letter
from kitgen.load.schema import Converter
from kitgen.model import Card

__all__ = ["SHEET_SUFFIXES", "FIELDS", "SheetNames", "NO_NAMES", "csv_cell", "restore_cell", "read_rows", "sheet_cards"]

SHEET_SUFFIXES = (".csv", ".xlsx")
FIELDS = tuple(f.name for f in dataclasses.fields(Card) if f.name not in ("where", "effects", "fields"))


@dataclasses.dataclass(frozen=True)
class SheetNames:
    """What a column may name besides a Card key: declared fields, and (when known) attributes."""

    fields: frozenset[str] = frozenset()
    attributes: frozenset[str] | None = None  # None: any other column is taken as an attribute
    types: frozenset[str] | None = None  # the card types' names; None: not known here (validate checks them)


NO_NAMES = SheetNames()
_STR = "tag:yaml.org,2002:str"
_SIGNED = re.compile(r"^[+-]?\d+$")


class CellMark(yaml.Mark):
    """Where a cell is, counted from 0 as yaml marks count: the row is its `line`, the column its
    `column`. A whole row (a card) is its first cell, so every problem names a cell."""

    def __init__(self, row: int, col: int):
        super().__init__("", 0, row - 1, col - 1, None, 0)  # no buffer: the pointer is never read


def read_rows(path: Path, shown: str) -> tuple[list[str], list[tuple[int, list[str]]], str]:
    """(header, [(row number, cells)], sheet name or "") of a CSV or the first sheet of an XLSX.
    `path` has passed load/files.contained (a regular file inside the game, within the size limit)."""
    try:
        if path.suffix.lower() == ".xlsx":
            from kitgen.load.xlsx import xlsx_rows

            return xlsx_rows(path, shown)
        return csv_rows(path.read_bytes(), shown)
    except FileNotFoundError:
        raise KitgenError(error(Where(shown), "file not found")) from None
    except OSError as exc:
        raise KitgenError(error(Where(shown), f"cannot read file: {exc.strerror}")) from None


def sheet_cards(path: Path, shown: str, names: SheetNames = NO_NAMES) -> tuple[tuple[Card, ...], list[Problem]]:
    """The cards of a spreadsheet, and every problem found, each at its cell."""
    header, rows, sheet = read_rows(path, shown)
    converter = Converter(shown)
    columns = _columns(header, converter, names)
    cards = []
    for number, cells in rows:
        if not any(c.strip() for c in cells) or (cells and cells[0].lstrip().startswith("#")):
            continue  # a blank row between groups of cards, or a comment ('# Ships'), kept by kitgen convert
        node = _row_node(number, cells, columns, sheet, converter)
        card = converter.record(node, Card, "")
        if isinstance(card, Card) and _known_type(card, node, names, converter):
            cards.append(card)
    problems = [_at_column(p, columns) for p in converter.problems]
    if sheet:
        problems = [_name_cell(p, sheet) for p in problems]
    return tuple(cards), problems


def _known_type(card: Card, node: yaml.MappingNode, names: SheetNames, converter: Converter) -> bool:
    """An unknown card type is an error at its own cell (validate would name only the card's row)."""
    if names.types is None or card.type in names.types:
        return True
    from kitgen.errors import did_you_mean

    cell = next(value for key, value in node.value if key.value == "type")
    converter.fail(cell, "", f"card '{card.name}': unknown type '{card.type}'" + did_you_mean(card.type, names.types))
    return False


_MISSING = re.compile(r"^missing key '(\w+)'$")


def _at_column(problem: Problem, columns: list[tuple[int, str, str]]) -> Problem:
    """A key a row lacks is pointed at its empty cell, where the sheet has that column."""
    missing = _MISSING.match(problem.message)
    col = next((c for c, _, role in columns if missing and role == missing[1]), None)
    return dataclasses.replace(problem, where=dataclasses.replace(problem.where, col=col)) if col else problem


def _name_cell(problem: Problem, sheet: str) -> Problem:
    if not problem.where.col:
        return problem
    cell = f"{sheet}!{column_letter(problem.where.col)}{problem.where.line}"
    return dataclasses.replace(problem, message=f"{cell}: {problem.message}")


def _columns(header: list[str], converter: Converter, names: SheetNames) -> list[tuple[int, str, str]]:
    """(column number, header as written, role): role is a Card key, 'effects', 'field' (the
    header is then the declared field's name) or 'attribute'."""
    columns, seen = [], set()
    declared = {n.casefold(): n for n in names.fields}
    for col, title in enumerate(header, start=1):
        name = title.strip()
        if not name:
            continue
        role = name.lower() if name.lower() in FIELDS + ("effects",) else "attribute"
        if role == "attribute" and name.casefold() in declared:
            role, name = "field", declared[name.casefold()]
        elif role == "attribute" and names.attributes is not None and name not in names.attributes:
            converter.fail(_scalar("", 1, col), "", _unknown_column(name, names))
            continue
        key = role if role not in ("attribute", "field") else name
        if key in seen:
            converter.fail(_scalar("", 1, col), "", f"column '{name}' is given twice")
            continue
        seen.add(key)
        columns.append((col, name, role))
    return columns


def _unknown_column(name: str, names: SheetNames) -> str:
    import difflib

    known = sorted(names.fields) + sorted(names.attributes or ())
    close = difflib.get_close_matches(name, known + list(FIELDS), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    fields = ", ".join(sorted(names.fields)) or "none declared"
    return (f"column '{name}' is neither a declared field (fields: {fields}) nor an attribute "
            f"(attributes: {', '.join(sorted(names.attributes or ())) or 'none'}){hint}; declare it under "
            "the card type's fields: or the game's attributes:")


def _scalar(value: str, row: int, col: int) -> yaml.ScalarNode:
    mark = CellMark(row, col)
    return yaml.ScalarNode(_STR, value, mark, mark)


def _row_node(row: int, cells: list[str], columns, sheet: str, converter: Converter) -> yaml.MappingNode:
    pairs: list = []
    effects: list[yaml.Node] = []
    fields: list = []
    for col, title, role in columns:
        value = cells[col - 1] if col <= len(cells) else ""
        if not value.strip():
            continue
        cell = _scalar(value, row, col)
        if role == "attribute":
            if not _SIGNED.match(value.strip()):
                converter.fail(cell, "", f"column '{title}': '{value}' is not a whole number (a signed change, e.g. +2)")
                continue
            effects.append(yaml.MappingNode("tag:yaml.org,2002:map", [
                (_scalar("attribute", row, col), _scalar(title, row, col)),
                (_scalar("delta", row, col), _scalar(value.strip(), row, col))], cell.start_mark, cell.end_mark))
        elif role == "field":
            fields.append((_scalar(title, row, col), cell))
        elif role == "cost" and value.lstrip().startswith("{"):
            found = _flow_effects(value, row, col, title, converter, "{credits: 10}")
            if found:
                pairs.append((_scalar(role, row, col), found[0]))
        elif role == "effects":
            effects.extend(_flow_effects(value, row, col, title, converter))
        elif role == "wild":  # a wild card: YAML flow notation
            found = _flow_effects(value, row, col, title, converter, "{when: {highest: [Religion]}}")
            if found:
                pairs.append((_scalar(role, row, col), found[0]))
        elif role in ("actions", "triggers"):
            steps = _flow_effects(value, row, col, title, converter, "[{do: play, count: 1, types: [Ship]}]"
                                  if role == "actions" else "[{on: discard, then: [{do: out}]}]")
            pairs.append((_scalar(role, row, col), yaml.SequenceNode("tag:yaml.org,2002:seq", steps,
                                                                     cell.start_mark, cell.end_mark)))
        elif role == "keywords":
            words = [_scalar(w.strip(), row, col) for w in value.split(",") if w.strip()]
            pairs.append((_scalar(role, row, col), yaml.SequenceNode("tag:yaml.org,2002:seq", words,
                                                                     cell.start_mark, cell.end_mark)))
        else:
            pairs.append((_scalar(role, row, col), cell))
    if fields:
        mark = CellMark(row, 1)
        pairs.append((_scalar("fields", row, 1), yaml.MappingNode("tag:yaml.org,2002:map", fields, mark, mark)))
    if effects:
        mark = CellMark(row, 1)
        pairs.append((_scalar("effects", row, 1), yaml.SequenceNode("tag:yaml.org,2002:seq", effects, mark, mark)))
    mark = CellMark(row, 1)
    return yaml.MappingNode("tag:yaml.org,2002:map", pairs, mark, mark)


def _flow_effects(text: str, row: int, col: int, title: str, converter: Converter,
                  example: str = "[{attribute: Trade, delta: +1, target: all-players}]") -> list[yaml.Node]:
    """The effects (or actions) cell in YAML flow notation: a list of mappings, or one mapping."""
    try:
        node = _compose(text, "", None)
    except (yaml.YAMLError, KitgenError) as exc:
        reason = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        converter.fail(_scalar(text, row, col), "", f"column '{title}': not YAML flow notation ({reason}); "
                       f"write e.g. {example}")
        return []
    if node is None:
        return []
    _move_to_cell(node, CellMark(row, col))
    return list(node.value) if isinstance(node, yaml.SequenceNode) else [node]


def _move_to_cell(node: yaml.Node, mark: CellMark) -> None:
    node.start_mark = node.end_mark = mark
    if isinstance(node, yaml.SequenceNode):
        for item in node.value:
            _move_to_cell(item, mark)
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            _move_to_cell(key, mark)
            _move_to_cell(value, mark)
