"""Turn YAML nodes into model dataclasses by their type hints, collecting every problem.

One schema: the dataclasses in kitgen.model. A wrong type, an unknown key (with "did you mean")
or a missing key becomes a Problem at the node's file:line:col; the walk goes on to find the rest.
"""
from __future__ import annotations

import dataclasses
import math
import re
import types
import typing
from functools import cache

import yaml

from kitgen.colors import Color, ColorTemplate, parse_color, parse_color_template
from kitgen.errors import Problem, Where, did_you_mean, error
from kitgen.language import Language
from kitgen.load.fields import Unreadable
from kitgen.load.nodes import Converted, at
from kitgen.model import (Amount, Amounts, Cost, Expr, FieldTest, FieldValue, FieldValues, Filter, Hidden,
                          Price, ValueColor, ValueColors)
from kitgen.units import TEXT_PARSERS, Length, parse_length

_INT = re.compile(r"^[+-]?\d+$")
_NULL = "tag:yaml.org,2002:null"
_MISSING = object()


class Converter:
    """`defaults`: a record type -> values its keys take when the data does not give them (kitgen's
    own words in the game's language: a track's 'Start' column, load/game.py)."""

    def __init__(self, file: str, defaults: dict[type, dict[str, object]] | None = None):
        self.file = file
        self.problems: list[Problem] = []
        self.defaults = defaults or {}

    def where(self, node: yaml.Node) -> Where:
        return at(self.file, node.start_mark)  # a YAML node's line and column, or a sheet's row and column

    def fail(self, node: yaml.Node, path: str, message: str):
        self.problems.append(error(self.where(node), f"{path}: {message}" if path else message))
        return _MISSING

    def convert(self, node: yaml.Node, hint, path: str):
        if isinstance(node, Converted):  # converted as the file was read
            return node.value
        if hint in _SPECIAL:
            return _SPECIAL[hint](self, node, path)
        kind, argument = _plan(hint)
        if kind is _OPTIONAL:
            if _is_null(node):
                return None
            return self.convert(node, argument, path)
        if kind is _TUPLE:
            return self._sequence(node, argument, path)
        if kind is _CHOICE:
            return self._choice(node, argument, path)
        if kind is _RECORD:
            return self.record(node, hint, path)
        return self._scalar(node, hint, path)

    def record(self, node: yaml.Node, cls, path: str, skip: tuple[str, ...] = ()):
        if not isinstance(node, yaml.MappingNode):
            return self.fail(node, path, f"expected a mapping of keys ({_kind(node)} found)")
        hints, required, has_where = _record_plan(cls, skip)
        defaults = self.defaults.get(cls) if self.defaults else None
        values = dict(defaults) if defaults else {}
        for key, value in node.value:
            name = key.value
            if name not in hints:
                self._unknown_key(key, name, list(hints), path)
                continue
            converted = self.convert(value, hints[name], f"{path}.{name}" if path else name)
            if converted is not _MISSING:
                values[name] = converted
        if any(name not in values for name in required):
            for name in required:
                if name not in values and not any(k.value == name for k, _ in node.value):
                    self.fail(node, path, f"missing key '{name}'")
            return _MISSING
        return cls(**values, where=self.where(node)) if has_where else cls(**values)

    def _unknown_key(self, key: yaml.Node, name: str, known: list[str], path: str) -> None:
        if name in RETIRED:
            return self.fail(key, f"{path}.{name}" if path else name, RETIRED[name])
        hint = did_you_mean(name, known) or f" (known keys: {', '.join(sorted(known))})"
        self.fail(key, path, f"unknown key '{name}'{hint}")

    def _sequence(self, node: yaml.Node, item_hint, path: str):
        if _is_null(node):
            return ()
        if not isinstance(node, yaml.SequenceNode):
            return self.fail(node, path, f"expected a list ({_kind(node)} found)")
        items = [self.convert(item, item_hint, f"{path}[{i}]") for i, item in enumerate(node.value)]
        return tuple(item for item in items if item is not _MISSING)

    def _choice(self, node: yaml.Node, options: tuple[str, ...], path: str):
        if isinstance(node, yaml.ScalarNode) and node.value in options:
            return node.value
        shown = node.value if isinstance(node, yaml.ScalarNode) else _kind(node)
        hint = did_you_mean(shown, options) if isinstance(node, yaml.ScalarNode) else ""
        return self.fail(node, path, f"'{shown}' is not one of: {', '.join(options)}{hint}")

    def _scalar(self, node: yaml.Node, hint, path: str):
        if not isinstance(node, yaml.ScalarNode) or _is_null(node):
            return self.fail(node, path, f"expected {_NAMES.get(hint, hint)} ({_kind(node)} found)")
        text = node.value
        if hint is str:
            return text
        if hint is int:
            if re.match(r"^[+-]?0\d", text.strip()):  # YAML 1.1 tools read 010 as 8, kitgen would read 10
                return self.fail(node, path, f"'{text}' has a leading zero; write the number without it")
            if _INT.match(text.strip()):
                if len(text.strip().lstrip("+-")) > MAX_DIGITS:
                    return self.fail(node, path, f"the number is {len(text.strip().lstrip('+-')):,} digits long; "
                                     f"at most {MAX_DIGITS}")
                return int(text)
            return self.fail(node, path, f"expected a whole number, got '{text}'")
        if hint in _PARSERS:
            try:
                return hint(_PARSERS[hint](text))
            except ValueError as exc:
                return self.fail(node, path, str(exc))
        if hint is float:
            try:
                number = float(text)
            except ValueError:
                return self.fail(node, path, f"expected a number, got '{text}'")
            if not math.isfinite(number) or abs(number) > 1e9:
                return self.fail(node, path, f"expected a number from -1e9 to 1e9, got '{text}'")
            return number
        if hint is bool:
            if text in ("true", "false"):
                return text == "true"
            return self.fail(node, path, f"expected true or false, got '{text}'")
        raise TypeError(f"no conversion for {hint}")  # a model type the schema does not know: a bug


def _cost(converter: Converter, node: yaml.Node, path: str):
    """`{credits: 10}`, `{any: 15, of: [Food, Hammers]}`, `{text: ...}`; a bare whole number (a
    sheet's cost column) is an amount of the game's only counter, named at load."""
    where = converter.where(node)
    if isinstance(node, yaml.ScalarNode) and not _is_null(node):
        text = node.value.strip()
        if _INT.match(text):
            amount = converter.convert(node, int, path)
            return _MISSING if amount is _MISSING else Cost(pay=(Price("", amount, where),), where=where)
        words = text.split()
        example = f"{{{words[1]}: {words[0]}}}" if len(words) == 2 and _INT.match(words[0]) else "{credits: 10}"
        return converter.fail(node, path, f"write a cost as counters and amounts, e.g. cost: {example} "
                              "(a price the rules compute: cost: {text: '6 + 2P Food'})")
    if not isinstance(node, yaml.MappingNode):
        return converter.fail(node, path, f"expected a mapping of counters and amounts, e.g. {{credits: 10}} "
                              f"({_kind(node)} found)")
    own = {"any": int, "of": tuple[str, ...], "text": str}
    values: dict = {}
    pay = []
    for key, value in node.value:
        name = key.value
        if name in own:
            converted = converter.convert(value, own[name], f"{path}.{name}")
            if converted is not _MISSING:
                values[name] = converted
            continue
        if isinstance(value, yaml.ScalarNode) and value.value.strip() and not _INT.match(value.value.strip()) \
                and value.tag != "tag:yaml.org,2002:bool":  # an amount the rules work out: "2 * Bases"
            pay.append(Price(name, 0, converter.where(key), value.value.strip()))
            continue
        amount = converter.convert(value, int, f"{path}.{name}")
        if amount is not _MISSING:
            pay.append(Price(name, amount, converter.where(key)))
    if bool(values.get("any")) != bool(values.get("of")):
        return converter.fail(node, path, "'any' and 'of' go together: {any: 15, of: [Food, Hammers]}")
    return Cost(pay=tuple(pay), **values, where=where)


def _field_values(converter: Converter, node: yaml.Node, path: str):
    """`fields: {attack: 3, tags: [a, b]}`: each value kept as text (or a list of text) with its
    place; load/fields.py types it against the declaration once the card's type is known."""
    if _is_null(node):
        return FieldValues()
    if not isinstance(node, yaml.MappingNode):
        return converter.fail(node, path, f"expected a mapping of field names and values ({_kind(node)} found)")
    values = []
    for key, value in node.value:
        if isinstance(value, yaml.SequenceNode) and all(_is_text(item) for item in value.value):
            items = converter.convert(value, tuple[str, ...], f"{path}.{key.value}")
            if items is not _MISSING:
                values.append(FieldValue(key.value, items, converter.where(value)))
        elif _is_text(value):
            values.append(FieldValue(key.value, value.value, converter.where(value)))
        else:  # the field's type, known later (load/fields.py), says what it expected instead
            values.append(FieldValue(key.value, Unreadable(_shape(value)), converter.where(value)))
    return FieldValues(values)


def _is_text(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and not _is_null(node)


def _shape(node: yaml.Node) -> str:
    """A value no field takes, as a message shows it: 'a mapping ({x: 1})', 'nothing'."""
    if _is_null(node):
        return "nothing"
    inner = next((item for item in node.value if not _is_text(item)), None) if isinstance(node, yaml.SequenceNode) else None
    kind = "a mapping" if isinstance(node, yaml.MappingNode) else \
        f"a list holding {_kind(inner) if not _is_null(inner) else 'nothing'}" if inner is not None else "a list"
    written = _flow(node)
    return f"{kind} ({written if len(written) <= 60 else written[:57] + '...'})"


def _flow(node: yaml.Node, depth: int = 0) -> str:
    """A YAML value in flow notation, briefly (at most a few levels: it is shown, never read)."""
    if isinstance(node, yaml.ScalarNode):
        return "~" if _is_null(node) else node.value
    if depth > 3:
        return "..."
    if isinstance(node, yaml.MappingNode):
        return "{" + ", ".join(f"{_flow(k, depth + 1)}: {_flow(v, depth + 1)}" for k, v in node.value[:8]) + "}"
    return "[" + ", ".join(_flow(item, depth + 1) for item in node.value[:8]) + "]"


# keys no record has any more, said at their line as what to do instead of "unknown key"
RETIRED = {"numbers": "kitgen reads no named numbers (the rule modules that did are gone, issue 33): say the "
                      "rule with steps, costs and card fields, and remove numbers:"}


def _expr(converter: Converter, node: yaml.Node, path: str):
    """A number or an expression, kept as written (check/conditions.py parses it and its names); a
    mapping from player counts to numbers (`{2: 10, 3: 7, 4: 5}`) is the expression it means,
    `(players == 2) * 10 + ...` (0 for a count it does not name)."""
    if isinstance(node, yaml.MappingNode):
        return _by_players(converter, node, path)
    if not isinstance(node, yaml.ScalarNode) or _is_null(node) or not node.value.strip():
        return converter.fail(node, path, f"expected a number or an expression such as 'Bases * 2' ({_kind(node)} found)")
    return Expr(node.value.strip())


def _by_players(converter: Converter, node: yaml.MappingNode, path: str):
    parts = []
    for key, value in node.value:
        if not (_INT.match(key.value.strip()) and 1 <= int(key.value) <= 99):
            return converter.fail(key, path, f"'{key.value}' is not a player count: {{2: 10, 3: 7}} gives a number "
                                  "for each count of players")
        number = _expr(converter, value, f"{path}.{key.value}")
        if number is _MISSING:
            return _MISSING
        parts.append(f"(players == {int(key.value)}) * ({number})")
    if not parts:
        return converter.fail(node, path, "give a number for each count of players: {2: 10, 3: 7}")
    return Expr(" + ".join(parts))


def _amounts(converter: Converter, node: yaml.Node, path: str):
    """`{Military: 5, Economy: "2 * Bases"}`: counters and numbers (or expressions), in order."""
    if _is_null(node):
        return Amounts()
    if not isinstance(node, yaml.MappingNode):
        return converter.fail(node, path, f"expected a mapping of counters and numbers, e.g. {{Military: 5}} "
                              f"({_kind(node)} found)")
    values = []
    for key, value in node.value:
        number = _expr(converter, value, f"{path}.{key.value}")
        if number is not _MISSING:
            values.append(Amount(key.value, number, converter.where(key)))
    return Amounts(values)


def _language(converter: Converter, node: yaml.Node, path: str):
    """`language: fr`: kitgen's own words in a kit (load/language.py); a language kitgen has no
    catalogue for is one line with the known ones."""
    from kitgen.load.language import read_language, unknown_language

    if not isinstance(node, yaml.ScalarNode) or _is_null(node):
        return converter.fail(node, path, f"expected a language code such as fr ({_kind(node)} found)")
    language = read_language(node.value)
    return language if language is not None else converter.fail(node, "", unknown_language(node.value))


def _hidden(converter: Converter, node: yaml.Node, path: str):
    """`hide: 0` or `hide: [0, "-"]`: values as written (load/fields.py types them as the field)."""
    if isinstance(node, yaml.ScalarNode) and not _is_null(node):
        return Hidden((node.value,))
    values = converter.convert(node, tuple[str, ...], path)
    return values if values is _MISSING else Hidden(values)


def _value_colors(converter: Converter, node: yaml.Node, path: str):
    """`colors: {common: grey, rare: "#c9a227"}`: a colour per value, each checked at its line."""
    if _is_null(node):
        return ValueColors()
    if not isinstance(node, yaml.MappingNode):
        return converter.fail(node, path, f"expected a mapping of values and colours, e.g. {{rare: gold}} "
                              f"({_kind(node)} found)")
    entries = []
    for key, value in node.value:
        color = converter.convert(value, Color, f"{path}.{key.value}")
        if color is not _MISSING:
            entries.append(ValueColor(key.value, color, converter.where(key)))
    return ValueColors(entries)


_COMPARED = ("at_least", "more_than", "at_most", "less_than")
MAX_FILTER_DEPTH = 8  # not: and any: nest; a filter is short


def _filter(converter: Converter, node: yaml.Node, path: str, depth: int = 0):
    """`filter: {suit: Hearts, rank: {at_least: 10}, not: {type: Wild}, any: [...], test: "..."}`:
    each other key a card's field (its names are checked against the game's fields at compile)."""
    if not isinstance(node, yaml.MappingNode):
        return converter.fail(node, path, f"expected a mapping of card fields and values, e.g. {{suit: Hearts}} "
                              f"({_kind(node)} found)")
    if depth > MAX_FILTER_DEPTH:
        return converter.fail(node, path, f"filters nest at most {MAX_FILTER_DEPTH} deep")
    clauses, parts = [], {}
    for key, value in node.value:
        name, where = key.value, converter.where(key)
        if name == "not":
            parts["negated"] = _filter(converter, value, f"{path}.not", depth + 1)
        elif name == "any":
            items = value.value if isinstance(value, yaml.SequenceNode) else None
            if items is None:
                converter.fail(value, f"{path}.any", f"expected a list of filters ({_kind(value)} found)")
                continue
            parts["any"] = tuple(_filter(converter, item, f"{path}.any[{i}]", depth + 1) for i, item in enumerate(items))
        elif name == "test":
            parts["test"] = _expr(converter, value, f"{path}.test")
        else:
            clauses.append(_field_test(converter, name, value, f"{path}.{name}", where))
    found = {k: v for k, v in parts.items() if v is not _MISSING and not (isinstance(v, tuple) and _MISSING in v)}
    if len(found) < len(parts) or _MISSING in clauses:
        return _MISSING
    return Filter(tuple(clauses), **found, where=converter.where(node))


def _field_test(converter: Converter, name: str, node: yaml.Node, path: str, where: Where):
    """One field's clause: a value, a list of values (any of them), or comparisons with numbers."""
    if isinstance(node, yaml.MappingNode):
        compared = {}
        for key, value in node.value:
            if key.value not in _COMPARED:
                return converter.fail(key, path, f"unknown comparison '{key.value}'{did_you_mean(key.value, _COMPARED)}"
                                      f"; one of: {', '.join(_COMPARED)}")
            compared[key.value] = _expr(converter, value, f"{path}.{key.value}")
        if _MISSING in compared.values():
            return _MISSING
        return FieldTest(name, (), **compared, where=where)
    values = converter.convert(node, tuple[str, ...], path) if isinstance(node, yaml.SequenceNode) else \
        converter.convert(node, str, path)
    if values is _MISSING:
        return _MISSING
    return FieldTest(name, values if isinstance(values, tuple) else (values,), where=where)


_SPECIAL = {Cost: _cost, FieldValues: _field_values, Expr: _expr, Amounts: _amounts,
            Language: _language, Hidden: _hidden, ValueColors: _value_colors, Filter: _filter}
MAX_DIGITS = 18  # a count, a turn, a score: at most 18 digits (a 5,000-digit number crashed int())
_PARSERS = {Length: parse_length, Color: parse_color, ColorTemplate: parse_color_template, **TEXT_PARSERS}
_NAMES = {Color: "a colour", ColorTemplate: "a colour", str: "text", int: "a whole number", bool: "true or false", float: "a number", Length: "a length"}


@cache
def type_hints(cls) -> dict:
    return typing.get_type_hints(cls)


_OPTIONAL, _TUPLE, _CHOICE, _RECORD, _SCALAR = range(5)


@cache
def _plan(hint) -> tuple[int, typing.Any]:
    """How convert() treats a type hint, worked out once per hint rather than once per node."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return _OPTIONAL, [arg for arg in typing.get_args(hint) if arg is not type(None)][0]
    if origin is tuple:
        return _TUPLE, typing.get_args(hint)[0]
    if origin is typing.Literal:
        return _CHOICE, typing.get_args(hint)
    if dataclasses.is_dataclass(hint):
        return _RECORD, None
    return _SCALAR, None


@cache
def _record_plan(cls, skip: tuple[str, ...]) -> tuple[dict, tuple[str, ...], bool]:
    """A record's keys (name -> type hint, in field order), the required ones, and whether it
    records where it was written: once per class, not once per card."""
    fields = [f for f in dataclasses.fields(cls) if f.name != "where" and f.name not in skip]
    hints = type_hints(cls)
    return ({f.name: hints[f.name] for f in fields}, tuple(f.name for f in fields if is_required(f)),
            any(f.name == "where" for f in dataclasses.fields(cls)))


def is_required(f: dataclasses.Field) -> bool:
    """A key the data must give: no default, and not marked optional (model.Game.attributes: absent is none)."""
    return (f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            and not f.metadata.get("optional"))


def _is_null(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.tag == _NULL


def _kind(node: yaml.Node) -> str:
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    return "nothing" if _is_null(node) else f"'{node.value}'"


def json_schema(part: str) -> dict:
    """A JSON Schema (draft 2020-12) of the data format, from the same dataclasses the loader uses.
    part 'game': any top-level file of a game folder (keys may be spread over several files, so
    none is required there); part 'deck': a file in decks/."""
    from kitgen.model import Action, Deck, Game  # local: the model imports nothing from here

    definitions: dict[str, dict] = {}
    root_cls = Game if part == "game" else Deck
    root = _object_schema(root_cls, definitions)
    if part == "game":
        root = {**root, "required": []}
        root["properties"]["decks"] = {"type": "array", "items": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
                                       "description": "deck ids, in order: each is decks/<id>.yaml"}
    if part == "game":  # setup: lines of text or steps (load/game._setup); its steps are kept apart
        root["properties"].pop("setup_steps", None)
        root["properties"]["setup"] = {"type": "array", "items": {"anyOf": [{"type": "string"},
                                                                            _type_schema(Action, definitions)]},
                                       "description": "what players do before the first turn: a line of text, or "
                                       "a step the simulator plays with the text: printed"}
    definitions.pop(root_cls.__name__, None)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": f"kitgen {part} file",
            **root, "$defs": dict(sorted(definitions.items()))}


def _object_schema(cls, definitions: dict) -> dict:
    hints = type_hints(cls)
    properties = {}
    required = []
    for f in dataclasses.fields(cls):
        if f.name == "where":
            continue
        properties[f.name] = _type_schema(hints[f.name], definitions)
        if is_required(f):
            required.append(f.name)
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


# The JSON Schema of each type _SPECIAL converts (as the schema command prints it: never changed after).
_SCHEMAS: dict[object, dict] = {
    Cost: {"oneOf": [{"type": "integer"}, {"type": "object", "properties": {
        "any": {"type": "integer"}, "of": {"type": "array", "items": {"type": "string"}},
        "text": {"type": "string"}}, "additionalProperties": {"type": ["integer", "string"]}}], "description":
        "counters and amounts, e.g. {credits: 10}; {any: 15, of: [Food, Hammers]}; {text: '6 + 2P Food'}"},
    FieldValues: {"type": "object", "additionalProperties": {"anyOf": [
        {"type": ["string", "number", "boolean"]}, {"type": "array", "items": {"type": "string"}}]},
        "description": "values of the fields the game or the card's type declares, e.g. {attack: 3}"},

    Expr: {"type": ["integer", "string", "object"], "description": "a whole number, an expression over counters "
           "('Bases * 2 + 1'), or a number for each count of players ({2: 10, 3: 7})",
           "additionalProperties": {"type": ["integer", "string"]}},
    Hidden: {"anyOf": [{"type": ["string", "number"]}, {"type": "array", "items": {"type": ["string", "number"]}}],
             "description": "a value (or a list of them) the field does not show at all, e.g. 0"},
    ValueColors: {"type": "object", "additionalProperties": {"type": "string"},
                  "description": "a colour per value of the field, e.g. {rare: gold}"},
    Amounts: {"type": "object", "additionalProperties": {"type": ["integer", "string"]},
              "description": "counters and numbers (or expressions), e.g. {Military: 5}"},
    # not an enum: a language is known when kitgen/locale has its catalogue
    Language: {"type": "string", "description": "the language of the words kitgen prints in the kit (headings, "
               "'Play in', the manifest): en (the default), de, es, fr, it ...; card text stays as written"},
    Filter: {"type": "object", "description": "card fields and values: {suit: Hearts}, {type: [Wild, Draw Four]}, "
             "{rank: {at_least: 10}}, {keyword: fast}, {not: FILTER}, {any: [FILTER, ...]}, {test: EXPRESSION}",
             "additionalProperties": {"anyOf": [{"type": ["string", "integer"]}, {"type": "array"}, {"type": "object"}]}},
}


def _type_schema(hint, definitions: dict) -> dict:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        return {"anyOf": [_type_schema(options[0], definitions), {"type": "null"}]}
    if origin is tuple:
        return {"type": "array", "items": _type_schema(typing.get_args(hint)[0], definitions)}
    if origin is typing.Literal:
        return {"enum": list(typing.get_args(hint))}
    if hint in _SCHEMAS:
        return _SCHEMAS[hint]
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if hint.__name__ not in definitions:
            definitions[hint.__name__] = {}  # placeholder: breaks cycles
            definitions[hint.__name__] = _object_schema(hint, definitions)
        return {"$ref": f"#/$defs/{hint.__name__}"}
    if hint is Length:
        return {"type": "string", "pattern": r"^\s*[+-]?\d+(\.\d+)?\s*(mm|cm|in|pt)\s*$",
                "description": "a length with its unit, e.g. 3mm or 9pt"}
    if hint is Color:
        return {"type": "string", "pattern": r"^\s*(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[A-Za-z ]+)\s*$",
                "description": "#rgb, #rrggbb or a CSS colour name, e.g. red"}
    if hint is ColorTemplate:
        return {"type": "string", "description": "#rgb, #rrggbb, a CSS colour name, or Jinja that gives one"}
    if hint in TEXT_PARSERS:  # text checked at load (paper, card size, offset, focus)
        return {"type": "string"}
    return {str: {"type": "string"}, int: {"type": "integer"}, bool: {"type": "boolean"},
            float: {"type": "number"}}[hint]
