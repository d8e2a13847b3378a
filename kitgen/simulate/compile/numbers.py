"""The named numbers of a game's records (`numbers:` on `simulate:`, phases, factions, card uses,
victory paths, table rows, cards): what a rule module reads where the data's vocabulary cannot say a
number, typed as the module declares them; in a game without a rule module every one is refused
(compile/game.py), so no number in the data goes unread. Reads the model only.
"""
from __future__ import annotations

from typing import Any

from kitgen.errors import KitgenError, Where, did_you_mean, error
from kitgen.model import Game, Numbers

DICE = "roll: "  # a declared meaning that starts with this asks for a roll (1D10), not a whole number
SWITCH = "1: "  # a declared meaning that starts with this is a switch: 1 (it does it) or 0 (as if left out)
SIGNED = "plus or minus: "  # ... a number added to another, which may take away (a roll's modifier)
STEP = "1 or more: "  # ... a number another is divided by (Disruption points per loss)
# Any other whole number is a count, a cost or a limit: 0 to MOST. A module plays its rules with
# these numbers as written (a hand of 999 cards is thousands of greedy choices a turn, a cost of -1
# a choice with no legal option), so the bounds are the loader's, whatever reads the numbers: ten
# times the largest a shipped game writes (50 Credits), and the turn limit of 100 some games play.
MOST = 100
RANGES = {SIGNED: (-MOST, MOST), STEP: (1, MOST), SWITCH: (0, 1)}


def read_numbers(module: str, record: str, numbers: Numbers, where: Where | None,
                 declared: dict[str, str], optional: bool = False) -> dict[str, Any]:
    """The named numbers of one record, typed as the module declares them (name -> one-line
    meaning; a roll's meaning starts with DICE: it reads as (dice, sides); a switch's with SWITCH:
    1, or 0 as if left out). An unknown name is an error at its line with a did-you-mean; a
    declared name the record lacks is an error at the record (`optional`: the record may leave any
    out, as a faction without that ability does)."""
    values: dict[str, Any] = {}  # int, or (dice, sides) for a roll
    for number in numbers:
        if number.name not in declared:
            known = ", ".join(sorted(declared)) or "none"
            if not module:
                raise KitgenError(error(number.where or where, f"{record}: numbers: only a rule module reads them "
                                        "(simulate: {rules: NAME}); this game plays from its data alone"))
            raise KitgenError(error(number.where or where, f"simulate.rules {module}: {record}: unknown number "
                                    f"'{number.name}'{did_you_mean(number.name, declared)}; it reads: {known}"))
        roll = declared[number.name].startswith(DICE)
        if roll != bool(number.sides):
            wanted = "a roll such as 1D10" if roll else "a whole number"
            raise KitgenError(error(number.where or where, f"simulate.rules {module}: {record}: "
                                    f"'{number.name}' is {wanted} ({declared[number.name]})"))
        if declared[number.name].startswith(SWITCH) and number.value not in (0, 1):
            raise KitgenError(error(number.where or where, f"simulate.rules {module}: {record}: '{number.name}' is a "
                                    f"switch, 1 or 0, not {number.value} ({declared[number.name]})"))
        low, high = _range(declared[number.name])
        if not roll and not low <= number.value <= high:
            raise KitgenError(error(number.where or where, f"simulate.rules {module}: {record}: '{number.name}' is "
                                    f"a whole number from {low} to {high}, not {number.value} ({declared[number.name]})"))
        if declared[number.name].startswith(SWITCH) and not number.value:
            continue  # a switch written 0 is as if left out
        values[number.name] = (number.value, number.sides) if roll else number.value
    missing = [name for name in declared if name not in values]
    if missing and not optional:
        needs = "; ".join(f"{name} ({declared[name]})" for name in missing)
        raise KitgenError(error(where, f"simulate.rules {module}: {record}: numbers: missing {needs}"))
    return values


def _range(meaning: str) -> tuple[int, int]:
    """The whole numbers a declared meaning allows (a roll's dice are the schema's to bound)."""
    return next((bounds for prefix, bounds in RANGES.items() if meaning.startswith(prefix)), (0, MOST))


def numbered(game: Game) -> list[tuple[str, str, Numbers, Where | None]]:
    """Every record of the game that may carry `numbers:`, as (kind, label, numbers, where), kind one
    of simulate, phase, faction, use, path, row, card: a module reads those it declares and refuses names on
    the rest (`refuse_numbers`), so no number in the data goes unread."""
    found: list[tuple[str, str, Numbers, Where | None]] = [
        ("simulate", "simulate", game.simulate.numbers, game.simulate.where or game.where)]
    found += [("phase", p.name, p.numbers, p.where) for p in game.phases]
    found += [("faction", f"faction '{f.name}'", f.numbers, f.where) for f in game.factions]
    found += [("use", f"{t.name} use '{u.name}'", u.numbers, u.where) for t in game.card_types for u in t.uses]
    found += [("path", f"victory path '{p.name}'", p.numbers, p.where) for p in game.victory_paths]
    found += [("row", f"table '{t.id}' row '{r.roll}'", r.numbers, r.where) for t in game.tables for r in t.rows]
    found += [("card", f"card '{c.name}'", c.numbers, c.where) for d in game.decks for c in d.cards if c.numbers]
    return found


NUMBERED = ("simulate", "phase", "faction", "use", "path", "row", "card")  # numbered()'s kinds


def refuse_numbers(module: str, game: Game, kinds: tuple[str, ...]) -> None:
    """A located error for a number on a record of these kinds: the module reads none there (module
    "": the game names no rule module, and only a rule module reads numbers)."""
    for kind, label, numbers, where in numbered(game):
        if kind in kinds:
            read_numbers(module, label, numbers, where, {})
