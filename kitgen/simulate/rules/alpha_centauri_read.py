"""Alpha Centauri's data read into the plain values its rule module plays with (`Rules`). Every
number is read from data/alpha-centauri: counters, card-type costs, card effects, tables, formulas,
victory thresholds, and the named `numbers:` of the game's `simulate:`, its phases, factions, victory
paths and table rows (each name declared here or in alpha_centauri with its meaning; an unknown or
missing one is a located error), never from the printed words. Stdlib only.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from kitgen.errors import KitgenError, error
from kitgen.model import Game
from kitgen.simulate.compile.steps import dice
from kitgen.simulate.compile.numbers import SIGNED, SWITCH, read_numbers

KINDS = {"Facility": "F", "Secret Project": "S", "Technology": "T", "Landmark": "L", "Event": "V",
         "Proposal": "X", "Social Engineering": "Z"}


class Faction(NamedTuple):
    name: str
    start: tuple[tuple[int, int], ...]  # (attribute, delta)
    attacks: int  # attacks a turn: 0 for a Pacifist
    force: int  # added to its Force Total in every Conflict
    probed_at: int  # added to Probe Table rolls against it
    research_roll: int  # added to its Research Table rolls
    worms_give: bool  # Mind Worms give it Units instead of taking them
    explore_rolls: int  # extra Exploration Table rolls a turn
    credits: int  # extra starting Credits
    base_cost: int  # extra Credits a Base costs it
    votes: int  # free votes in the Council Phase
    draws: int  # extra cards drawn a turn
    reroll_at: int  # opponents' Probe rolls of this or more against it may be rerolled (0: none)
    research_rolls: int  # extra Research Table rolls a turn
    barred: tuple[str, ...]  # Z cards it may not play


class Path(NamedTuple):
    name: str
    thresholds: tuple[tuple[int, int], ...]  # (attribute, more than)
    any_threshold: bool
    governor_turns: int  # be Planetary Governor this many turns in a row (0: not asked)
    captures: int  # capture this many Bases (0: not asked)


class Rules(NamedTuple):
    """What the module plays: attribute indices, cards, costs, tables and rule numbers."""
    group: tuple[int, ...]  # per attribute: the index of its Major Factor, -1 for a Major Factor
    codes: dict[str, int]  # every name, alias and code -> attribute index
    kinds: tuple[str, ...]  # per card: F S T L V X Z
    effects: tuple[tuple[tuple[int, int], ...], ...]  # per card
    notes: tuple[str, ...]  # per card: DTB, TPLU, SCP, or a Proposal's "get" / "draw" (its `numbers:`)
    amounts: tuple[int, ...]  # per card: the Credits or cards a Proposal gives
    card_dice: tuple[tuple[int, int], ...]  # per card: the roll a TPLU Event takes Units by, (0, 0) for none
    atrocity: tuple[bool, ...]
    z_type: tuple[str, ...]  # per card: a Z card's type keyword
    categories: tuple[frozenset[int], ...]  # per card: the Major Factors a Tech raises (kit choice tech-categories)
    costs: dict[str, int]  # card kind -> Credits
    start: dict[str, int]  # Bases, Units, Credits
    hand_start: int
    hand_limit: int
    factions: tuple[Faction, ...]
    paths: tuple[Path, ...]
    numbers: dict[str, int]  # every other rule number, by name
    dice: dict[str, tuple[int, int]]  # named rolls: (count, sides)
    formulas: dict[str, tuple[str, tuple[tuple[str, int], ...]]]  # name -> (expression, variable -> quantity)
    income: tuple[int, ...]  # attributes earned in Credits in the Production Phase
    tables: dict[str, tuple[str, ...]]  # dice table id -> result key by roll (index 1..sides)
    row_dice: dict[str, tuple[int, int]]  # "table face" -> the dice its row rolls (probe 1, Mind Control: 1D5 Units)
    row_counts: dict[str, int]  # "table face" -> its row's count (Monolith: draw 1 card; Progress: +1 to the next roll)
    table_effects: dict[str, tuple[tuple[tuple[int, int], ...], ...]]
    discovery: tuple[tuple[int, str, frozenset[int]], ...]  # (attribute, reward, tech categories)
    conflict: tuple[int, ...]  # Military Sub-factors worth a Force Bonus
    bonus: dict[str, int]  # Conflict Table bonuses by name
    council: tuple[tuple[int, str, int], ...]  # (attribute or -1, else the count's switch, votes): the Council Votes
    bases_quantity: int  # the index formulas use for "the number of your Bases"


BASES = -1  # a formula variable that is the number of your Bases


def roll(text: str, where, what: str) -> tuple[int, int]:
    """A table's `die:` ('1D10') as (dice, sides); a located error when it is not dice notation."""
    count, sides = dice(text)
    if not count:
        raise KitgenError(error(where, f"simulate.rules alpha-centauri: {what or 'die'}: {text!r} is not a roll such as 1D10"))
    return count, sides


def attribute_index(game: Game) -> tuple[dict[str, int], tuple[int, ...]]:
    codes: dict[str, int] = {}
    for i, attribute in enumerate(game.attributes):
        for name in (attribute.name, attribute.abbreviation, *attribute.aliases):
            codes.setdefault(name, i)
    group = tuple(codes[a.group] if a.group else -1 for a in game.attributes)
    return codes, group


FACTION_NUMBERS = {  # a faction's `numbers:`, each left out by a faction without that ability
    "force": SIGNED + "added to its Force Total in every Conflict",
    "probed_at": SIGNED + "added to opponents' Probe Table rolls against it",
    "research_roll": SIGNED + "added to its Research Table rolls (negative: a penalty)",
    "worms_give": SWITCH + "Mind Worms give it Units instead of taking them",
    "explore_rolls": "extra Exploration Table rolls a turn",
    "credits": "extra starting Credits",
    "base_cost": "extra Credits a Base costs it",
    "votes": "free votes in the Council Phase",
    "draws": "extra cards drawn a turn",
    "reroll_at": "opponents' Probe rolls of this or more against it may be rerolled",
    "research_rolls": "extra Research Table rolls a turn",
}


def read_faction(faction, codes: dict[str, int], attacks: tuple[int, int]) -> Faction:
    """A faction's abilities from its `numbers:` and its traits (Pacifist: no attack; Aggressive:
    the Conflict Phase's `aggressive_attacks`), never from the words of its rule lines."""
    given = read_numbers("alpha-centauri", f"faction '{faction.name}'", faction.numbers, faction.where,
                         FACTION_NUMBERS, optional=True)
    values: dict[str, Any] = {name: given.get(name, 0) for name in FACTION_NUMBERS}
    one, twice = attacks
    count = 0 if "Pacifist" in faction.traits else twice if "Aggressive" in faction.traits else one
    start = tuple((codes[e.attribute], e.delta) for e in faction.effects)
    return Faction(faction.name, start, count, barred=tuple(faction.may_not_play),
                   **{**values, "worms_give": bool(values["worms_give"])})


PATH_NUMBERS = {"governor_turns": "be Planetary Governor this many turns in a row",
                "captures": "capture this many Bases"}  # a path without one does not ask it


def read_path(path, codes: dict[str, int]) -> Path:
    given = read_numbers("alpha-centauri", f"victory path '{path.name}'", path.numbers, path.where,
                         PATH_NUMBERS, optional=True)
    return Path(path.name, tuple((codes[t.attribute], t.more_than) for t in path.thresholds), path.any_threshold,
                int(given.get("governor_turns", 0)), int(given.get("captures", 0)))


def formula_variables(game: Game, formula, codes: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """Each variable of a formula as the quantity its `attribute:` names: an attribute (a Factor's
    total) or the Bases counter (never its printed meaning)."""
    bases = {name for c in game.counters if c.name == "Bases" for name in (c.name, *c.aliases)}
    pairs = []
    for variable in formula.variables:
        name = variable.attribute or ""
        if name not in bases and name not in codes:
            wrong = f"attribute: names an attribute or Bases, not '{name}'" if name else \
                "needs attribute: (the attribute or Bases it stands for)"
            raise KitgenError(error(variable.where, f"simulate.rules alpha-centauri: formula '{formula.name}': "
                                                    f"variable {variable.name} {wrong}"))
        pairs.append((variable.name, BASES if name in bases else codes[name]))
    return tuple(pairs)


def card_categories(effects, group: tuple[int, ...]) -> frozenset[int]:
    """Kit choice tech-categories: the Major Factors a card raises, directly or through a Sub-factor."""
    return frozenset(a if group[a] < 0 else group[a] for a, delta in effects if delta > 0)
