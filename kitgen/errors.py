"""Problems and where they are: the one error shape every stage reports in.

Stdlib only. Stages return lists of Problem; only the CLI prints them and picks the exit code.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Where:
    file: str
    line: int = 0
    col: int = 0  # 1-based where known (a spreadsheet cell's column); file:line: stays parseable

    def __str__(self) -> str:
        if not self.line:
            return self.file
        return f"{self.file}:{self.line}:{self.col}" if self.col else f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Problem:
    level: str  # "error" or "warning"
    where: Where
    message: str

    def __str__(self) -> str:
        message = self.message.replace("\r", "\\r").replace("\n", "\\n")  # one problem, one line
        return f"{self.where}: {self.level}: {message}"

    @property
    def is_error(self) -> bool:
        return self.level == "error"


def error(where: Where, message: str) -> Problem:
    return Problem("error", where, message)


def warning(where: Where, message: str) -> Problem:
    return Problem("warning", where, message)


def sort_problems(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.where.file, p.where.line, p.message))


class KitgenError(Exception):
    """A user-facing failure: carries the problems that stopped the work."""

    def __init__(self, problems: list[Problem] | Problem):
        self.problems = [problems] if isinstance(problems, Problem) else list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
