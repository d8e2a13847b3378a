"""Read a YAML file into nodes that keep their line and column, refusing what would silently mislead.

Scalars stay strings until the schema gives them a type (no Norway problem: `no` stays "no").
Duplicate keys, aliases (no billion laughs), custom tags and huge files are refused. Nodes are
composed here from libyaml's events, so one long list (a deck's cards) can be handed over item
by item instead of becoming one tree of nodes.
"""
from __future__ import annotations

import stat
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from typing import Protocol
from pathlib import Path

import yaml

from kitgen.errors import KitgenError, Where, error

# libyaml's C loader when present: the same nodes and marks, several times faster.
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_FILE_BYTES = 5 * 1024 * 1024  # a 1,000-card deck is about 150 KB; 5 MB is ample
_STR = "tag:yaml.org,2002:str"  # what every mapping key is taken as (never resolved: nothing reads its tag)
MAX_DEPTH = 50  # game data nests about 6 levels; the composer below recurses, one call a level
_TOO_DEEP = f"nested more than {MAX_DEPTH} levels deep"
_STANDARD_TAGS = {
    "tag:yaml.org,2002:" + name for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
}


class Converted(yaml.Node):
    """Stands in for a node already converted while the file was read (see read_nodes' stream)."""

    id = "converted"

    def __init__(self, value, start_mark):
        super().__init__(self.id, value, start_mark, None)  # the tag is never read: schema takes .value


def read_nodes(path: Path, shown: str, stream: tuple[str, Callable[[yaml.Node, int], yaml.Node]] | None = None
               ) -> yaml.Node | None:
    """Parse one file; `shown` is the name used in messages. Raises KitgenError with file:line:col.

    `stream` = (key, take): each item of the list under that top-level key is handed to
    take(item, index) as soon as it is read, and what take returns stands in its place, so a
    deck's 10,000 cards are never a tree of YAML nodes all at once (take converts the card)."""
    return parse_nodes(read_text(path, shown), shown, stream)


def parse_nodes(raw: str, shown: str, stream: tuple[str, Callable[[yaml.Node, int], yaml.Node]] | None = None
                ) -> yaml.Node | None:
    """read_nodes of text already read (read_text) from the file `shown`."""
    try:
        node = _compose(raw, shown, stream)
    except yaml.MarkedYAMLError as exc:
        where = _error_where(exc, raw, shown)
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        if "nesting" in problem:
            # PyYAML 6.0.4's libyaml refuses about 1,000 levels itself, scanning flow brackets ahead of
            # the events our own limit counts: the same refusal, said as kitgen says it, in any version.
            raise KitgenError(error(where, _TOO_DEEP)) from None
        raise KitgenError(error(where, f"YAML syntax error: {problem}{_hint(raw, where.line)}")) from None
    except yaml.YAMLError as exc:
        position = getattr(exc, "position", None)
        where = _reader_where(shown, raw, position) if isinstance(position, int) else Where(shown)
        reason = str(exc).splitlines()[0]
        raise KitgenError(error(where, f"YAML error: {reason}")) from None
    return node


class Mark(Protocol):
    """A position in a YAML file: yaml.Mark, or the C loader's own mark class."""
    line: int
    column: int


def at(shown: str, mark: Mark | None) -> Where:
    """Where a YAML mark points: its line and column, both 1-based (a mark counts from 0)."""
    return Where(shown) if mark is None else Where(shown, mark.line + 1, mark.column + 1)


def text_where(shown: str, text: str, offset: int) -> Where:
    """Where the character at `offset` of `text` is: 1-based line and column (in characters)."""
    start = text.rfind("\n", 0, offset) + 1
    return Where(shown, text.count("\n", 0, offset) + 1, offset - start + 1)


def _reader_where(shown: str, raw: str, position: int) -> Where:
    """Where a character the reader refused is; libyaml gives its offset in the UTF-8 bytes."""
    if Loader is not yaml.SafeLoader:
        position = len(raw.encode("utf-8")[:position].decode("utf-8", "ignore"))
    return text_where(shown, raw, position)


def undecodable_where(shown: str, data: bytes, offset: int) -> Where:
    """Where the first byte that is not UTF-8 is: the text before it on its line decodes, so its
    column counts characters as an editor does."""
    start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[start:offset].decode("utf-8", "replace").lstrip("\ufeff")) + 1
    return Where(shown, data.count(b"\n", 0, offset) + 1, column)


def read_text(path: Path, shown: str, as_written: bool = False) -> str:
    """A YAML file's text, refused as read_nodes refuses it (not a file, too big, not UTF-8), NFC;
    `as_written`: the text exactly as the file has it (a BOM, decomposed letters), for kitgen tune,
    which writes the file back with only its numbers changed (load/edit.py)."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):  # a FIFO would block, /dev/zero never ends
            raise KitgenError(error(Where(shown), "not a regular file"))
        if info.st_size > MAX_FILE_BYTES:
            raise KitgenError(error(Where(shown), f"file is {info.st_size:,} bytes; the limit is {MAX_FILE_BYTES:,}"))
        data = path.read_bytes()
    except FileNotFoundError:
        raise KitgenError(error(Where(shown), "file not found")) from None
    except OSError as exc:
        raise KitgenError(error(Where(shown), f"cannot read file: {exc.strerror}")) from None
    if len(data) > MAX_FILE_BYTES:
        raise KitgenError(error(Where(shown), f"file is {len(data):,} bytes; the limit is {MAX_FILE_BYTES:,}"))
    try:
        text = data.decode("utf-8" if as_written else "utf-8-sig")
    except UnicodeDecodeError as exc:
        where = undecodable_where(shown, data, exc.start)
        raise KitgenError(error(where, "file is not UTF-8 text; save it as UTF-8")) from None
    return text if as_written else unicodedata.normalize("NFC", text)


def _hint(raw: str, line: int) -> str:
    lines = raw.splitlines()
    if 0 < line <= len(lines) and "\t" in lines[line - 1][: len(lines[line - 1]) - len(lines[line - 1].lstrip())]:
        return " (a tab indents this line: YAML indents with spaces)"
    return ""


def _error_where(exc: yaml.MarkedYAMLError, raw: str, shown: str) -> Where:
    """The place to show: where the problem is, or where the unfinished thing began when the
    parser only noticed at the end of the file (an unclosed quote or bracket)."""
    lines = raw.count("\n") + 1
    mark = exc.problem_mark
    if exc.context_mark and (mark is None or mark.line + 1 >= lines):
        mark = exc.context_mark
    return at(shown, mark) if mark else Where(shown)


def _compose(raw: str, shown: str, stream) -> yaml.Node | None:
    """yaml.compose, driven event by event (libyaml's parser): aliases (no billion laughs) and deep
    nesting are refused as they come, every node is checked (tags, keys) and, with `stream`,
    the items of one top-level list are handed over one by one instead of kept."""
    loader = Loader(raw)
    try:
        loader.get_event()  # stream start
        if loader.check_event(yaml.StreamEndEvent):
            return None
        document = loader.get_event()
        problems: list = []
        root = _node(loader, shown, 1, None, stream, problems)
        loader.get_event()  # document end
        if not loader.check_event(yaml.StreamEndEvent):
            event = loader.get_event()
            raise yaml.composer.ComposerError("expected a single document in the stream", document.start_mark,
                                              "but found another document", event.start_mark)
        if problems:
            raise KitgenError(problems)
        return root
    finally:
        loader.dispose()


def _node(loader, shown: str, depth: int, key: str | None, stream, problems: list, is_key: bool = False
          ) -> yaml.Node:
    event = loader.get_event()
    if isinstance(event, yaml.AliasEvent):
        raise KitgenError(error(at(shown, event.start_mark),
                                "YAML aliases (*name) are not supported: write the value out"))
    if isinstance(event, yaml.ScalarEvent):
        if is_key:  # a key is text whatever its tag (`<<` resolves to !!merge): _check_key judges it
            return yaml.ScalarNode(_STR, event.value, event.start_mark, event.end_mark,  # type: ignore[arg-type]
                                   style=event.style)  # (the stubs leave out the C loader's marks)
        tag = event.tag if event.tag not in (None, "!") else _scalar_tag(event.value, event.implicit)
        scalar = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark,  # type: ignore[arg-type]
                                 style=event.style)  # (the stubs leave out the C loader's marks)
        _check_tag(scalar, shown, problems)
        return scalar
    if depth > MAX_DEPTH:
        raise KitgenError(error(at(shown, event.start_mark), _TOO_DEEP))
    kind = yaml.SequenceNode if isinstance(event, yaml.SequenceStartEvent) else yaml.MappingNode
    tag = event.tag if event.tag not in (None, "!") else loader.resolve(kind, None, event.implicit)
    node = kind(tag, [], event.start_mark, None, flow_style=event.flow_style)
    if not _check_tag(node, shown, problems):
        _skip(loader, shown)  # a node of a refused type is not looked into
        return node
    if kind is yaml.SequenceNode:
        take = stream[1] if stream and depth == 2 and key == stream[0] else None
        while not loader.check_event(yaml.SequenceEndEvent):
            item = _node(loader, shown, depth + 1, None, None, problems)
            node.value.append(take(item, len(node.value)) if take and not problems else item)
    else:
        seen: dict[str, int] = {}
        while not loader.check_event(yaml.MappingEndEvent):
            item_key = _node(loader, shown, depth + 1, None, None, problems, is_key=True)
            name = _check_key(item_key, seen, shown, problems)
            node.value.append((item_key, _node(loader, shown, depth + 1, name if depth == 1 else None, stream,
                                               problems)))
    node.end_mark = loader.get_event().end_mark
    return node


@lru_cache(maxsize=8192)
def _scalar_tag(value: str, implicit: tuple[bool, bool]) -> str:
    """The tag YAML gives a scalar written with none (a plain 5 is an int, "5" a str), as the
    loader's resolver (yaml's Resolver) says, remembered by text: a game repeats its values."""
    return _RESOLVER.resolve(yaml.ScalarNode, value, implicit)


_RESOLVER = yaml.resolver.Resolver()  # the resolver of both loaders (CSafeLoader and SafeLoader)


def _skip(loader, shown: str) -> None:
    """Read past the rest of a collection whose start was just read."""
    depth = 1
    while depth:
        event = loader.get_event()
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        elif isinstance(event, yaml.AliasEvent):
            raise KitgenError(error(at(shown, event.start_mark),
                                    "YAML aliases (*name) are not supported: write the value out"))


def _check_tag(node: yaml.Node, shown: str, problems: list) -> bool:
    """Only YAML's own types: a custom tag (!!python/object) would be silently read as text."""
    if node.tag in _STANDARD_TAGS:
        return True
    tag = node.tag.replace("tag:yaml.org,2002:", "!!")
    problems.append(error(at(shown, node.start_mark), f"YAML tag '{tag}' is not allowed in game data"))
    return False


def _check_key(key: yaml.Node, seen: dict[str, int], shown: str, problems: list) -> str | None:
    """A mapping key: plain text, not a merge key, not given twice (PyYAML would keep the last).
    Its place is made into a Where only for a problem (a game has thousands of keys)."""
    if not isinstance(key, yaml.ScalarNode):
        problems.append(error(at(shown, key.start_mark), "a key must be plain text"))
        return None
    if key.value == "<<":
        problems.append(error(at(shown, key.start_mark), "YAML merge keys (<<) are not supported"))
    elif key.value in seen:
        problems.append(error(at(shown, key.start_mark),
                              f"duplicate key '{key.value}' (first on line {seen[key.value]})"))
    seen.setdefault(key.value, key.start_mark.line + 1 if key.start_mark else 0)  # as at() counts
    return key.value
