"""Change numbers in a game's YAML text and keep everything else as written (comments, order,
quotes, a `+` sign): what `kitgen tune` writes into its new game folder. A number is found by
its path of keys and list indices; a key the mapping lacks is written in (a card's `copies:`).
Edits are spans of the text, so the file is the designer's own with only those numbers changed."""
from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

import yaml

from kitgen.load.nodes import parse_nodes

Keys = tuple[str | int, ...]  # keys of mappings and indices of lists, from the file's top


class Spot(NamedTuple):
    """Where a number is written: text[start:end] is its scalar as written ('+4', '"5"'), or,
    start == end, where a missing key goes (`before` + value + `after`)."""
    start: int
    end: int
    written: str
    before: str = ""
    after: str = ""


BOM = "\ufeff"  # a file's byte order mark: libyaml's marks do not count it, a file written back keeps it


def compose(text: str, shown: str) -> yaml.Node | None:
    """The text's nodes, their marks' indices into the text without its BOM (body)."""
    return parse_nodes(body(text), shown)


def body(text: str) -> str:
    """The text without its BOM: what the marks of compose's nodes index."""
    return text.removeprefix(BOM)


def same(name: str | None, other: str) -> bool:
    """The same name, however the file composes its letters (the game is loaded in NFC)."""
    return name is not None and unicodedata.normalize("NFC", name) == other


def find(node: yaml.Node | None, path: Keys) -> yaml.Node | None:
    """The node at `path`, or None."""
    for part in path:
        if isinstance(part, int):
            if not isinstance(node, yaml.SequenceNode) or not 0 <= part < len(node.value):
                return None
            node = node.value[part]
        else:
            if not isinstance(node, yaml.MappingNode):
                return None
            node = next((value for key, value in node.value if key.value == part), None)
    return node


def scalar(node: yaml.Node | None) -> str | None:
    return node.value if isinstance(node, yaml.ScalarNode) else None


def keys(node: yaml.Node | None) -> list[str]:
    return [str(key.value) for key, _ in node.value] if isinstance(node, yaml.MappingNode) else []


def every(node: yaml.Node | None, key: str) -> list[yaml.Node]:
    """The value of `key` in this mapping and in every mapping inside it (a condition's `by`s)."""
    found: list[yaml.Node] = []
    if isinstance(node, yaml.MappingNode):
        for name, value in node.value:
            found += [value] if name.value == key and isinstance(value, yaml.ScalarNode) else every(value, key)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            found += every(item, key)
    return found


def having(node: yaml.Node | None, key: str, value: str) -> list[yaml.MappingNode]:
    """Every mapping in `node` (itself among them) whose `key` is the scalar `value`."""
    found: list[yaml.MappingNode] = []
    if isinstance(node, yaml.MappingNode):
        found += [node] if scalar(find(node, (key,))) == value else []
        for _, item in node.value:
            found += having(item, key, value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            found += having(item, key, value)
    return found


def node_spot(text: str, node: yaml.Node) -> Spot:
    """Where a node of any kind is written (a block list: from its first `-` to its last item's end;
    libyaml ends a block at the next key, the lines and comments before it included)."""
    end = _end(node)
    return Spot(node.start_mark.index, end, body(text)[node.start_mark.index:end])


def _end(node: yaml.Node) -> int:
    if isinstance(node, (yaml.SequenceNode, yaml.MappingNode)) and node.value and not node.flow_style:
        last = node.value[-1]
        return _end(last[1] if isinstance(last, tuple) else last)
    return node.end_mark.index


def scalar_spot(text: str, node: yaml.Node) -> Spot:
    return Spot(node.start_mark.index, node.end_mark.index, text[node.start_mark.index:node.end_mark.index])


def key_spot(text: str, mapping: yaml.Node | None, key: str) -> Spot | None:
    """Where `key` of a mapping is written, or where it would be written when the mapping lacks it."""
    value = find(mapping, (key,))
    if isinstance(value, yaml.ScalarNode):
        return scalar_spot(text, value)
    if value is not None or not isinstance(mapping, yaml.MappingNode) or not mapping.value:
        return None
    if mapping.flow_style:  # {name: X, type: Ship}: before the closing brace
        close = text.rindex("}", mapping.start_mark.index, mapping.end_mark.index)
        return Spot(close, close, "", f", {key}: ")
    first = mapping.value[0][0].start_mark  # a block mapping: a line of its own before its first key
    return Spot(first.index, first.index, "", f"{key}: ", "\n" + " " * first.column)


def written(spot: Spot, value: int) -> str:
    """`value` written as the number it replaces was: its quotes, and its plus sign."""
    quote = spot.written[:1] if spot.written[:1] in ("'", '"') else ""
    plus = "+" if spot.written.strip("'\"").startswith("+") and value > 0 else ""
    return spot.before + quote + plus + str(value) + quote + spot.after


def spliced(text: str, edits: list[tuple[Spot, str]]) -> str:
    """The text with each spot (an index into its body) replaced by its new text (spots never
    overlap); its BOM, when it has one, kept."""
    mark, text = text[:len(text) - len(body(text))], body(text)
    for spot, new in sorted(edits, key=lambda edit: -edit[0].start):
        text = text[:spot.start] + new + text[spot.end:]
    return mark + text


def mentions(text: str, node: yaml.Node | None, number: int) -> list[Spot]:
    """Where a scalar's words say `number` (its digits alone, with or without a sign): a rule's
    text that repeats a number the data gives ("Start with Military +4")."""
    if not isinstance(node, yaml.ScalarNode):
        return []
    start, end = node.start_mark.index, node.end_mark.index
    pattern = re.compile(rf"(?<![\w.,+-])[+-]?{abs(number)}(?![\w.,%])")
    return [Spot(start + m.start(), start + m.end(), m.group()) for m in pattern.finditer(text[start:end])]
