"""The `numbers:` a record of the game may still carry (`simulate:`, phases, factions, card uses,
victory paths, table rows, cards): once what a rule module read where the data's vocabulary could not
say a number. No rule module is left (issue 33: every game plays from its data), so nothing reads
them, and each is refused at its line rather than going unread. Reads the model only.
"""
from __future__ import annotations

from kitgen.errors import KitgenError, Where, error
from kitgen.model import Game, Numbers


def numbered(game: Game) -> list[tuple[str, Numbers, Where | None]]:
    """Every record of the game that may carry `numbers:`, as (label, numbers, where)."""
    found: list[tuple[str, Numbers, Where | None]] = [("simulate", game.simulate.numbers, game.simulate.where or game.where)]
    found += [(p.name, p.numbers, p.where) for p in game.phases]
    found += [(f"faction '{f.name}'", f.numbers, f.where) for f in game.factions]
    found += [(f"{t.name} use '{u.name}'", u.numbers, u.where) for t in game.card_types for u in t.uses]
    found += [(f"victory path '{p.name}'", p.numbers, p.where) for p in game.victory_paths]
    found += [(f"table '{t.id}' row '{r.roll}'", r.numbers, r.where) for t in game.tables for r in t.rows]
    found += [(f"card '{c.name}'", c.numbers, c.where) for d in game.decks for c in d.cards if c.numbers]
    return found


def refuse_numbers(game: Game) -> None:
    """A located error for the first `numbers:` the game carries: nothing reads it."""
    for label, numbers, where in numbered(game):
        for number in numbers:
            raise KitgenError(error(number.where or where, f"{label}: numbers: kitgen reads none (the rule modules "
                                    "that did are gone): say the rule with steps, costs and card fields"))
