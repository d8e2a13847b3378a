"""The coverage row of each rules section printed for the players: what plays it (`RuleSection.plays`:
its `phase:` and `played_by:`) is a set of the game's other coverage rows, and the section is as exact
as the least exact of them. A link is a claim that those parts play what the text says; a section
without one is printed for the players and not simulated. Stdlib only.
"""
from __future__ import annotations

from kitgen.model import PLAYED_BY_PARTS, Game, RuleSection
from kitgen.simulate.compile.plan import EXACTNESS, Coverage


def section_rows(game: Game, coverage: list[Coverage]) -> list[Coverage]:
    """One row a section the players read, and a table's that names what plays it, judged from the rows
    of what plays it (after validate's findings have judged those: a finding that makes a phase
    approximated makes its sections so)."""
    rows = table_rows(game, coverage)
    return rows + [section_row(game, section, coverage + rows) for section in game.rules if section.audience == "players"]


def section_row(game: Game, section: RuleSection, coverage: list[Coverage]) -> Coverage:
    text = " ".join(section.text)
    if not section.plays:
        return Coverage(f"rule '{section.title}'", "skipped", "printed for the players, not simulated: " + text)
    return linked_row(game, f"rule '{section.title}'", text, section.plays, coverage)


def table_rows(game: Game, coverage: list[Coverage]) -> list[Coverage]:
    """A lookup table no step reads whose `played_by:` says what plays it: its row is theirs."""
    read = {row.rule for row in coverage}
    return [linked_row(game, f"table '{t.name}'", t.text or t.name, t.played_by, coverage)
            for t in game.tables if t.played_by and f"table '{t.name}'" not in read]


def linked_row(game: Game, rule: str, text: str, plays: tuple[str, ...], coverage: list[Coverage]) -> Coverage:
    rows = [(name, [row for row in coverage if row.rule == name]) for name in (row_name(game, n) for n in plays)]
    missing = [name for name, found in rows if not found]
    said = "played by " + ", ".join(name for name, _ in rows)
    if missing:
        return Coverage(rule, "skipped", f"{said}: {', '.join(missing)} has no coverage row (left out); it says: {text}")
    linked = [row for _, found in rows for row in found]
    worst = min(linked, key=lambda row: EXACTNESS.get(row.status, 0))
    steps = tuple(step for row in linked for step in row.steps)
    if worst.status != "exact":
        return Coverage(rule, worst.status, f"{said}; {worst.rule}: {worst.note}", decides=False)
    return Coverage(rule, "exact", f"{said}: {text}", steps=steps)


def row_name(game: Game, name: str) -> str:
    """The coverage row a `played_by:` (or `phase:`) name stands for: validate has checked it is one."""
    if name in PLAYED_BY_PARTS or any(a.rule == name for a in game.simulate.approximated):
        return name
    if any(phase.name == name for phase in game.phases):
        return f"phase '{name}'"
    if any(path.name == name for path in game.victory_paths):
        return f"victory '{name}'"
    return f"table '{name}'"
