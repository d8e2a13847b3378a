"""Alpha Centauri's tables as its rule module plays them: what each row of the Probe, Exploration
and Research tables does is the name of its one `numbers:` entry (`units: 1D5` takes 1D5 Units), the
Conflict Table's bonuses are its rows' results, by their attribute or their `numbers:`; never the
printed words; a Discovery reward is its row's one switch (`tech: 1`), and a tech reward's
categories are the row's `attributes:` (Major Factors, kit choice tech-categories). Stdlib only.
"""
from __future__ import annotations

from kitgen.errors import KitgenError, error
from kitgen.model import Game
from kitgen.simulate.compile.numbers import DICE, SIGNED, SWITCH, read_numbers

ROW_NUMBERS = {  # a table row's `numbers:`: for the dice tables, one at most, which says what the row does
    "probe": {"units": DICE + "Units taken from the target", "marker": SWITCH + "a Marker on the target's Tech",
              "loses": DICE + "Credits the target loses", "look": SWITCH + "look at the target's hand",
              "drain": DICE + "Credits taken from the target"},
    "exploration": {"worms": DICE + "Units lost, less MP + C (the Gaians gain them)", "credits": DICE + "Credits gained",
                    "draw": "cards drawn"},
    "research": {"progress": SIGNED + "added to the player's next Research Table roll",
                 "marker": SWITCH + "a Marker on an opponent's Tech", "breakthrough": SWITCH + "a Tech card from the hand into play"},
    "discovery": {"tech": SWITCH + "play a Tech card of the two categories the row names, for free",
                  "explore": SWITCH + "an extra Exploration Table roll", "research": SWITCH + "an extra Research Table roll",
                  "base": SWITCH + "an extra Base this turn", "credits": SWITCH + "gain Credits equal to the row's Score"},
    "conflict": {"roll": DICE + "the Fog of War roll", "turns": "turns an Atrocity counts for (the Atrocity row)",
                 "times": "the multiple of the opponent's Units the row's Force Bonus asks",
                 "defender": SWITCH + "the row's Force Bonus is the Defender's",
                 "fought": SWITCH + "the row's Force Bonus is against an opponent who already fought this phase"},
    "council": {"projects": SWITCH + "votes for the most Secret Projects", "bases": SWITCH + "votes for the most Bases",
                "facilities": SWITCH + "votes for the most Facilities", "units": SWITCH + "votes for the most Units",
                "governor": SWITCH + "votes for the previous Governor", "bid": SWITCH + "votes for each Credit bid"},
}
DICE_TABLES = ("probe", "exploration", "research")


def row_numbers(table_id: str, row) -> dict:
    return read_numbers("alpha-centauri", f"table '{table_id}' row '{row.roll}'", row.numbers, row.where,
                        ROW_NUMBERS.get(table_id, {}), optional=True)


def table_row(game: Game, table_id: str, name: str):
    """The one row of a table whose `numbers:` carry `name`, and its value (a located error when not one)."""
    table = next(t for t in game.tables if t.id == table_id)
    found = [(row, row_numbers(table_id, row)[name]) for row in table.rows if name in row_numbers(table_id, row)]
    if len(found) != 1:
        raise KitgenError(error(table.where, f"simulate.rules alpha-centauri: table '{table_id}': one row needs "
                                             f"numbers: {{{name}: ...}} ({ROW_NUMBERS[table_id][name]}); {len(found)} have it"))
    return found[0]


def _kind(table_id: str, row) -> tuple[str, object]:
    """What a dice table's row does (its one number's name, else effects or nothing) and its number."""
    given = row_numbers(table_id, row)
    if len(given) > 1:
        raise KitgenError(error(row.where, f"simulate.rules alpha-centauri: table '{table_id}' row '{row.roll}': "
                                           f"numbers: one of {', '.join(ROW_NUMBERS[table_id])}, not {len(given)}"))
    if given:
        return next(iter(given.items()))
    return ("effects" if row.effects else "nothing"), None


def read_tables(game: Game, codes: dict[str, int], sides_of) -> dict:
    tables, effects, dice, counts = {}, {}, {}, {}
    by_id = {t.id: t for t in game.tables}
    for table in game.tables:
        for row in table.rows:
            row_numbers(table.id, row)  # a name no row of that table may carry is an error, whatever the table
    for table_id in DICE_TABLES:
        table = by_id[table_id]
        sides = sides_of(table)
        keys = ["nothing"] * (sides + 1)
        changes: list[tuple[tuple[int, int], ...]] = [()] * (sides + 1)
        for row in table.rows:
            low, _, high = row.roll.partition("-")
            last = sides if row.roll.endswith("+") else int(high or low)
            key, value = _kind(table_id, row)
            for face in range(int(low.rstrip("+")), last + 1):
                keys[face] = key
                changes[face] = tuple((codes[e.attribute], e.delta) for e in row.effects)
                if isinstance(value, tuple):
                    dice[f"{table_id} {face}"] = value
                elif isinstance(value, int):
                    counts[f"{table_id} {face}"] = value
        tables[table_id], effects[table_id] = tuple(keys), tuple(changes)
    return dict(tables=tables, table_effects=effects, row_dice=dice, row_counts=counts, **_lookups(by_id, codes))


def _factor(codes: dict[str, int], row, name: str) -> int:
    if name not in codes:
        raise KitgenError(error(row.where, f"simulate.rules alpha-centauri: table 'discovery' row '{row.roll}': "
                                           f"attributes: '{name}' is not an attribute"))
    return codes[name]


def _council_row(codes: dict[str, int], row) -> tuple[int, str, int]:
    """(attribute, count, votes): the votes go to the single highest of the row's attribute, or to
    what its one switch names (a count, the previous Governor, each Credit bid)."""
    given = row_numbers("council", row)
    if (row.attribute is None) == (len(given) != 1) or (row.attribute is not None and given):
        raise KitgenError(error(row.where, f"simulate.rules alpha-centauri: table 'council' row '{row.roll}': an "
                                           f"attribute or one of numbers: {', '.join(ROW_NUMBERS['council'])}"))
    return (codes[row.attribute], "", _result(row)) if row.attribute else (-1, next(iter(given)), _result(row))


def _result(row) -> int:
    """A lookup row's result, read as the whole number its table gives (votes, a Force Bonus)."""
    if not row.result.strip().lstrip("+-").isdigit() or len(row.result.strip()) > 5:
        raise KitgenError(error(row.where, f"simulate.rules alpha-centauri: row '{row.roll}': result "
                                           f"'{row.result[:40]}' is not a whole number"))
    return int(row.result)


CONFLICT_ROWS = {"most": "a row with an attribute", **{f"units {k}": f"{{times: {k}}}" for k in (1, 2, 3, 4)},
                 "defender": "{defender: 1}", "fought": "{fought: 1}", "atrocity": "{turns: N}"}


def _lookups(by_id: dict, codes: dict[str, int]) -> dict:
    discovery = []
    for row in by_id["discovery"].rows:
        given = row_numbers("discovery", row)
        if len(given) != 1:
            raise KitgenError(error(row.where, f"simulate.rules alpha-centauri: table 'discovery' row '{row.roll}': "
                                               f"numbers: one of {', '.join(ROW_NUMBERS['discovery'])} ({len(given)} given)"))
        [reward] = given
        if (reward == "tech") != bool(row.attributes):  # the Major Factors of a tech reward (kit choice tech-categories)
            raise KitgenError(error(row.where, f"simulate.rules alpha-centauri: table 'discovery' row '{row.roll}': "
                                               "a tech reward, and only it, names its Tech categories: attributes: "
                                               "[Factor, Factor]"))
        discovery.append((codes[row.attribute], reward, frozenset(_factor(codes, row, name) for name in row.attributes)))
    bonus, conflict = {}, []
    for row in by_id["conflict"].rows:
        given = row_numbers("conflict", row)
        if row.attribute:
            conflict.append(codes[row.attribute])
            bonus["most"] = _result(row)
        elif given.get("times"):
            bonus[f"units {given['times']}"] = _result(row)
        elif given.get("defender"):
            bonus["defender"] = _result(row)
        elif given.get("fought"):
            bonus["fought"] = _result(row)
        elif "turns" in given:
            bonus["atrocity"] = _result(row)
    missing = [what for key, what in CONFLICT_ROWS.items() if key not in bonus]
    if missing:  # the Force Total reads each of them (alpha_centauri_war.force)
        raise KitgenError(error(by_id["conflict"].where, "simulate.rules alpha-centauri: table 'conflict': its Force "
                                                          f"Bonus rows need {', '.join(missing)}"))
    council = tuple(_council_row(codes, row) for row in by_id["council"].rows)
    return dict(discovery=tuple(discovery), conflict=tuple(conflict), bonus=bonus, council=council)
