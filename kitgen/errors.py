"""Problems and where they are: the one error shape every stage reports in.

Stdlib only. Stages return lists of Problem; only the CLI prints them and picks the exit code.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

# What a terminal would act on rather than show: C0 controls (ESC starts colour and cursor
# sequences, BEL rings), DEL, C1 controls (U+009B is a one-character CSI), and the Unicode
# marks that reorder the rest of the line (bidi overrides, isolates, marks: "Trojan Source"), and the
# lone surrogates Python reads a file name that is not UTF-8 as (b"caf\xe9": no terminal, page or
# UTF-8 encoder takes them).
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def printable(text: str, keep: str = "") -> str:
    """`text` with every character a terminal would act on shown escaped (ESC as \\x1b, U+202E as
    \\u202e), so data echoed in a message can neither colour, move nor reorder the screen.
    `keep`: characters let through (a multi-line listing keeps its newlines)."""
    return _UNPRINTABLE.sub(lambda m: m[0] if m[0] in keep else _escape(m[0]), text)


def json_printable(text: str) -> str:
    """The same for JSON text: the escapes JSON itself knows (\\u001b), valid inside its strings."""
    return _UNPRINTABLE.sub(lambda m: m[0] if m[0] in "\n" else f"\\u{ord(m[0]):04x}", text)


def _escape(char: str) -> str:
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # the byte of a name that is not UTF-8 (os.fsdecode's surrogateescape), as ls -b shows it
        return f"\\x{code - 0xDC00:02x}"
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


@dataclass(frozen=True, order=True)
class Where:
    file: str
    line: int = 0
    col: int = 0  # 1-based, in characters, where known (a YAML node, a spreadsheet cell); 0: unknown

    def __str__(self) -> str:
        """`file:line:col`, as compilers print it and editors parse it; `file:line` or `file` where less is known."""
        if not self.line:
            return self.file
        return f"{self.file}:{self.line}:{self.col}" if self.col else f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Problem:
    level: str  # "error" or "warning"
    where: Where
    message: str

    def __str__(self) -> str:
        return printable(f"{self.where}: {self.level}: {self.message}")  # one problem, one line, shown as written

    @property
    def is_error(self) -> bool:
        return self.level == "error"


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 'X'?)' for the choice closest to a mistyped `word`, or '' when none is close:
    the one hint every unknown name (a key, a game, a deck, an icon ...) ends with."""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def error(where: Where | None, message: str) -> Problem:
    """`where` None: a record made in code rather than read from a file (every loaded one has its place)."""
    return Problem("error", where or Where(""), message)


def warning(where: Where | None, message: str) -> Problem:
    return Problem("warning", where or Where(""), message)


def sort_problems(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.where.file, p.where.line, p.where.col, p.message))


_SAME_KIND = re.compile(r"^card '(?:[^'\\]|\\.)*': |\d+(?:\.\d+)?")
REPEATS_SHOWN = 3  # warnings of one kind listed before the rest are counted


def collapse_repeats(problems: list[Problem], verbose: bool = False) -> list[str]:
    """The lines to print: every error, and warnings of one kind (the same message but for the card's
    name and figures) up to REPEATS_SHOWN, then one line counting the rest; `verbose` lists them all.
    A mini card size gives every one of 197 cards the same two warnings: 394 lines hide what differs."""
    if verbose:
        return [str(problem) for problem in problems]
    kinds: dict[str, list[Problem]] = {}
    for problem in problems:
        if not problem.is_error:
            kinds.setdefault(_SAME_KIND.sub("#", problem.message), []).append(problem)
    lines = []
    for problem in problems:
        same = [] if problem.is_error else kinds[_SAME_KIND.sub("#", problem.message)]
        place = next((i for i, other in enumerate(same) if other is problem), 0)
        if place < REPEATS_SHOWN or len(same) == REPEATS_SHOWN + 1:  # "1 more" says no less than the line
            lines.append(str(problem))
        elif place == REPEATS_SHOWN:
            like = re.sub(r"^card '(?:[^'\\]|\\.)*': ", "", same[0].message)
            lines.append(printable(f"{problem.where}: warning: {len(same) - REPEATS_SHOWN} more like '{like}' "
                                   "(-v lists them all)"))
    return lines


class KitgenError(Exception):
    """A user-facing failure: carries the problems that stopped the work."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
