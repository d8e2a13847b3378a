"""Read a YAML file into nodes that keep their line, refusing what would silently mislead.

Scalars stay strings until the schema gives them a type (no Norway problem: `no` stays "no").
Duplicate keys, aliases (no billion laughs), custom tags and huge files are refused.
"""
from __future__ import annotations

import stat
import unicodedata
from pathlib import Path

import yaml

from kitgen.errors import KitgenError, Where, error

# libyaml's C loader when present: the same nodes and marks, several times faster.
Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 50  # game data nests about 6 levels; the C composer recurses and crashes past ~10,000  # a 1,000-card deck is about 150 KB; 5 MB is ample
_STANDARD_TAGS = {
    "tag:yaml.org,2002:" + name for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
}


def read_nodes(path: Path, shown: str) -> yaml.Node | None:
    """Parse one file; `shown` is the name used in messages. Raises KitgenError with file:line."""
    raw = _read_text(path, shown)
    try:
        _scan_events(raw, shown)
        node = yaml.compose(raw, Loader=Loader)
    except yaml.MarkedYAMLError as exc:
        line = _error_line(exc, raw)
        problem = (exc.problem or exc.context or "invalid YAML").strip()
        raise KitgenError(error(Where(shown, line), f"YAML syntax error: {problem}{_hint(raw, line)}")) from None
    except yaml.YAMLError as exc:
        position = getattr(exc, "position", None)
        line = raw[:position].count("\n") + 1 if isinstance(position, int) else 0
        reason = str(exc).splitlines()[0]
        raise KitgenError(error(Where(shown, line), f"YAML error: {reason}")) from None
    if node is not None:
        _check_tree(node, shown)
    return node


def _read_text(path: Path, shown: str) -> str:
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
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise KitgenError(error(Where(shown, line), "file is not UTF-8 text; save it as UTF-8")) from None
    return unicodedata.normalize("NFC", text)


def _hint(raw: str, line: int) -> str:
    lines = raw.splitlines()
    if 0 < line <= len(lines) and "\t" in lines[line - 1][: len(lines[line - 1]) - len(lines[line - 1].lstrip())]:
        return " (a tab indents this line: YAML indents with spaces)"
    return ""


def _error_line(exc: yaml.MarkedYAMLError, raw: str) -> int:
    """The line to show: where the problem is, or where the unfinished thing began when the
    parser only noticed at the end of the file (an unclosed quote or bracket)."""
    lines = raw.count("\n") + 1
    mark = exc.problem_mark
    if exc.context_mark and (mark is None or mark.line + 1 >= lines):
        mark = exc.context_mark
    return mark.line + 1 if mark else 0


def _scan_events(raw: str, shown: str) -> None:
    """Refuse aliases (no billion laughs) and deep nesting (the composer recurses) before composing."""
    depth = 0
    for event in yaml.parse(raw, Loader=Loader):
        if isinstance(event, yaml.AliasEvent):
            line = event.start_mark.line + 1
            raise KitgenError(error(Where(shown, line), "YAML aliases (*name) are not supported: write the value out"))
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                line = event.start_mark.line + 1
                raise KitgenError(error(Where(shown, line), f"nested more than {MAX_DEPTH} levels deep"))
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _check_tree(node: yaml.Node, shown: str) -> None:
    problems = []
    stack = [node]
    while stack:
        current = stack.pop()
        line = current.start_mark.line + 1
        if current.tag not in _STANDARD_TAGS:
            tag = current.tag.replace("tag:yaml.org,2002:", "!!")
            problems.append(error(Where(shown, line), f"YAML tag '{tag}' is not allowed in game data"))
            continue
        if isinstance(current, yaml.MappingNode):
            seen: dict[str, int] = {}
            for key, value in current.value:
                if not isinstance(key, yaml.ScalarNode):
                    problems.append(error(Where(shown, key.start_mark.line + 1), "a key must be plain text"))
                    continue
                key_line = key.start_mark.line + 1
                if key.value == "<<":
                    problems.append(error(Where(shown, key_line), "YAML merge keys (<<) are not supported"))
                elif key.value in seen:
                    problems.append(error(Where(shown, key_line),
                                          f"duplicate key '{key.value}' (first on line {seen[key.value]})"))
                seen.setdefault(key.value, key_line)
                stack.append(value)
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)
    if problems:
        raise KitgenError(problems)
