"""What the data keeps from the players (`audience:` designers or simulator) is not printed in their
kit: printed text that sends players to such a table would send them to nothing. Stdlib only."""
from __future__ import annotations

from kitgen.errors import Problem, warning
from kitgen.model import Game


def check_audience(game: Game) -> list[Problem]:
    """A warning at each phase or players' rule section whose text names a table players do not get."""
    problems = []
    printed = [(f"phase '{p.name}'", f"{p.text} {p.summary}", p.where) for p in game.phases]
    printed += [(f"rule section '{s.id}'", " ".join(s.text), s.where) for s in game.rules if s.audience == "players"]
    for table in (t for t in game.tables if t.audience != "players"):
        problems += [warning(where, f"{owner} names the table '{table.name}', which is marked audience: "
                             f"{table.audience} and is not printed for players; mark it players or reword")
                     for owner, text, where in printed if table.name.casefold() in text.casefold()]
    return problems
