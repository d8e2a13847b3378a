"""Alpha Centauri's data read into the plain values its rule module plays with (`Rules`). Every
number is read from data/alpha-centauri: counters, card-type costs, card effects, tables, formulas,
victory thresholds, and the seed's own rule lines (phase texts, table notes, faction rules) through
one pattern each; a line that no longer says what the module reads is one located error. Stdlib only.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from kitgen.errors import KitgenError, error
from kitgen.model import Game

WORDS = {"one": 1, "once": 1, "twice": 2, "double": 2, "More": 1, "Double": 2, "Triple": 3, "Quadruple": 4}
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
    unread: tuple[str, ...]  # rule lines no pattern reads


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
    notes: tuple[str, ...]  # per card: DTB, TPLU, SCP, or a Proposal's "credits N" / "draw N"
    amounts: tuple[int, ...]  # per card: the Credits or cards a Proposal gives
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
    row_dice: dict[str, tuple[int, int]]  # "table result" -> the dice its note rolls (Mind Control: 1D5 Units)
    table_effects: dict[str, tuple[tuple[tuple[int, int], ...], ...]]
    discovery: tuple[tuple[int, str, frozenset[int]], ...]  # (attribute, reward, tech categories)
    conflict: tuple[int, ...]  # Military Sub-factors worth a Force Bonus
    bonus: dict[str, int]  # Conflict Table bonuses by name
    council: tuple[tuple[str, int], ...]  # (what the votes are for, votes): an attribute name or a count
    bases_quantity: int  # the index formulas use for "the number of your Bases"


BASES = -1  # a formula variable that is the number of your Bases


def grab(text: str, pattern: str, where, what: str) -> str:
    """The first group of `pattern` in `text`; a located error when the data no longer says it."""
    found = re.search(pattern, text)
    if not found:
        raise KitgenError(error(where, f"simulate.rules alpha-centauri: cannot read {what} (looked for /{pattern}/)"))
    return found.group(1)


def number(text: str, pattern: str, where, what: str) -> int:
    word = grab(text, pattern, where, what)
    return int(word) if word.lstrip("+-").isdigit() else WORDS[word]


def roll(text: str, where, what: str) -> tuple[int, int]:
    count, sides = grab(text, r"(\d+D\d+)", where, what).split("D")
    return int(count), int(sides)


def attribute_index(game: Game) -> tuple[dict[str, int], tuple[int, ...]]:
    codes: dict[str, int] = {}
    for i, attribute in enumerate(game.attributes):
        for name in (attribute.name, attribute.abbreviation, *attribute.aliases):
            codes.setdefault(name, i)
    group = tuple(codes[a.group] if a.group else -1 for a in game.attributes)
    return codes, group


def read_faction(game: Game, faction, codes: dict[str, int]) -> Faction:
    lines = (*faction.rules, *faction.traits)
    read: set[str] = set()

    def find(pattern: str, default: int = 0) -> int:
        for line in lines:
            found = re.search(pattern, line)
            if found:
                read.add(line)
                word = found.group(1) if found.groups() else "1"
                return int(word) if word.lstrip("+-").isdigit() else WORDS[word]
        return default

    conflict = next(p for p in game.phases if p.name == "Conflict Phase")
    one = number(conflict.text, r"Each player may attack (one) other player", conflict.where, "attacks a turn")
    twice = number(conflict.text, r"Aggressive factions may attack (\w+)", conflict.where, "Aggressive attacks")
    pacifist = find(r"^Pacifist$") + find(r"may never Attack")
    attacks = 0 if pacifist else twice if find(r"^Aggressive$") else one
    values = dict(force=find(r"add \+(\d+) to their Force Total"), probed_at=find(r"Probe Table rolls vs .* at \+(\d+)"),
                  research_roll=-find(r"get -(\d+) to rolls on the Research Table"),
                  worms_give=bool(find(r"Mind Worms, they gain Units")), explore_rolls=find(r"extra roll each turn on the Exploration"),
                  credits=find(r"extra (\d+) Credits"), base_cost=find(r"Bases cost an extra (\d+) credits"),
                  votes=find(r"get (\d+) Free Votes"), draws=find(r"draw an extra card (once) per turn"),
                  reroll_at=find(r"roll (\d+)\+ on Probe Table vs .* may reroll"),
                  research_rolls=find(r"extra roll on the Research Table (once) per turn"))
    read.update(faction.traits)  # a trait names a style or an ideology; only Pacifist and Aggressive carry a rule
    for line in faction.rules:
        if line.startswith("May not play"):
            read.add(line)
    start = tuple((codes[e.attribute], e.delta) for e in faction.effects)
    return Faction(faction.name, start, attacks, barred=tuple(faction.may_not_play),
                   unread=tuple(line for line in lines if line not in read), **values)  # type: ignore[arg-type]


def read_path(path, codes: dict[str, int]) -> Path:
    governor = re.search(r"Governor for (\d+) turns in a row", path.text)
    capture = re.search(r"Capture (\d+)\+ Bases", path.text)
    return Path(path.name, tuple((codes[t.attribute], t.more_than) for t in path.thresholds), path.any_threshold,
                int(governor.group(1)) if governor else 0, int(capture.group(1)) if capture else 0)


def formula_variables(game: Game, formula, codes: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """Each variable of a formula as the quantity it means: an attribute (a Factor's total) or Bases."""
    pairs = []
    for variable in formula.variables:
        if "number of your Bases" in variable.meaning:
            pairs.append((variable.name, BASES))
            continue
        inside = re.search(r"\(([^)]*)\)", variable.meaning)
        words = inside.group(1) if inside else variable.meaning.removeprefix("your ")
        words = re.sub(r" (SF|Score)$", "", words)
        if words not in codes:
            raise KitgenError(error(variable.where, f"simulate.rules alpha-centauri: formula '{formula.name}': "
                                                    f"variable {variable.name} means no attribute or count it knows"))
        pairs.append((variable.name, codes[words]))
    return tuple(pairs)


def card_categories(effects, group: tuple[int, ...]) -> frozenset[int]:
    """Kit choice tech-categories: the Major Factors a card raises, directly or through a Sub-factor."""
    return frozenset(a if group[a] < 0 else group[a] for a, delta in effects if delta > 0)
