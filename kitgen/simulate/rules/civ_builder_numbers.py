"""The numbers Civ Builder's rule module reads besides the printed text: the `numbers:` of the
game's `simulate:`, its phases and its tables' rows, each name declared here with its meaning (an
unknown name or a missing number is a located error, never a number read from the seed's words).
Stdlib only.
"""
from __future__ import annotations

from kitgen.errors import KitgenError, error
from kitgen.model import Game
from kitgen.simulate.compile.numbers import read_numbers, refuse_numbers

MODULE = "civ-builder"
GAME_NUMBERS = {"deal": "cards dealt to each player at setup"}
PHASE_NUMBERS = {
    "Draw Phase": {"draw": "cards each player draws", "highest_extra": "more cards the phase's highest may draw"},
    "Score Phase": {"science_points": "points in any attribute the highest Science gains",
                    "culture_vp": "extra Victory Points the highest Culture gains"},
    "End Phase": {"highest_hand_limit": "the hand limit of the phase's highest (Conquest)",
                  "equestrian_vp": "Victory Points the highest Equestrian gains by discarding his hand"},
}
# The Special Action Table: each clause (civ_builder_specials.SPECIALS plays it) and the names of its numbers.
CLAUSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("steal-points", ("steal_points",)), ("swap-cards", ("swap_cards",)), ("look-take", ("look", "take")),
    ("steal-cards", ("steal_cards",)), ("steal-vp", ("steal_vp",)), ("redraw", ("redraw_plus",)),
    ("target-discards", ("target_discards",)), ("draw", ("draw",)), ("gain-vp", ("gain_vp",)),
)
ROW_NUMBERS = {
    "special-action": {"steal_points": "total points stolen in target Attributes from target opponent",
                       "swap_cards": "cards taken from an opponent's hand (as many given back)",
                       "look": "cards looked at from the top of the deck (with take)", "take": "of them taken",
                       "steal_cards": "random cards stolen from target opponent",
                       "steal_vp": "Victory Points stolen from target opponent",
                       "redraw_plus": "discard X cards, draw X + this many",
                       "target_discards": "random cards target opponent discards",
                       "draw": "cards drawn from the deck", "gain_vp": "Victory Points gained"},
    "meld-size": {"cards": "the fewest cards this meld of the turn holds"},
    "scoring-schedule": {"vp": "Victory Points for the most points in an attribute in these rounds"},
}


def phase_numbers(game: Game) -> dict[str, dict]:
    """Every phase's numbers (one the module reads none of carries none), and the game's."""
    found: dict[str, dict] = {}
    for phase in game.phases:
        found[phase.name] = read_numbers(MODULE, phase.name, phase.numbers, phase.where, PHASE_NUMBERS.get(phase.name, {}))
    missing = [name for name in PHASE_NUMBERS if name not in found]
    if missing:
        raise KitgenError(error(game.where, f"simulate.rules {MODULE}: the rules need a phase '{missing[0]}'"))
    refuse_numbers(MODULE, game, ("faction", "path", "use"))
    for deck in game.decks:
        for card in deck.cards:
            card_numbers(card)
    for table in game.tables:
        for row in table.rows:
            row_numbers(table.id, row)
    found["simulate"] = read_numbers(MODULE, "simulate", game.simulate.numbers, game.simulate.where or game.where,
                                     GAME_NUMBERS)
    return found


def row_numbers(table_id: str, row) -> dict:
    """A row's numbers: every name its table's rows may carry (ROW_NUMBERS), each row what it has."""
    return read_numbers(MODULE, f"table '{table_id}' row '{row.roll}'", row.numbers, row.where,
                        ROW_NUMBERS.get(table_id, {}), optional=True)


def row_number(table_id: str, row, name: str) -> int:
    """The one number every row of a table carries (a meld's size, a round's Victory Points)."""
    given = row_numbers(table_id, row)
    if name not in given:
        raise KitgenError(error(row.where, f"simulate.rules {MODULE}: table '{table_id}' row '{row.roll}': numbers: "
                                           f"missing {name} ({ROW_NUMBERS[table_id][name]})"))
    return given[name]


def clauses(row) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """A Special Action Table row's clauses, in CLAUSES order, each with its numbers."""
    given = row_numbers("special-action", row)
    found = []
    for kind, names in CLAUSES:
        have = [name for name in names if name in given]
        if have and len(have) != len(names):
            raise KitgenError(error(row.where, f"simulate.rules {MODULE}: special action '{row.roll}': "
                                               f"{' and '.join(names)} go together"))
        if have:
            found.append((kind, tuple(given[name] for name in names)))
    if not found:
        raise KitgenError(error(row.where, f"simulate.rules {MODULE}: special action '{row.roll}': numbers: "
                                           f"name at least one of {', '.join(ROW_NUMBERS['special-action'])}"))
    return tuple(found)


CARD_NUMBERS: dict[str, str] = {}  # a card's wild is its `wild:` (structure), not a number


def card_numbers(card) -> dict:
    return read_numbers(MODULE, f"card '{card.name}'", card.numbers, card.where, CARD_NUMBERS, optional=True)
