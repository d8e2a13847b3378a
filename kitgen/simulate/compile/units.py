"""battle's `units:` compiled (vocabulary/units.py plays it): zones as places, the dice field as each
card's number, `bonus` and `all_guards` as compiled numbers and conditions, `wins_ties` as a card test.
Plain tuples and NamedTuples only: a plan pickles. Stdlib only.
"""
from __future__ import annotations

from typing import NamedTuple

from kitgen.errors import KitgenError, did_you_mean, error
from kitgen.model import Expr, UnitBattle, Where
from kitgen.simulate.compile.cards import NONE, CardTest, field_codes
from kitgen.simulate.compile.conditions import Names, Node, condition, number
from kitgen.simulate.compile.moves import card_filter
from kitgen.simulate.compile.zones import fold_zone

UNIT_KINDS = ("in-play", "attached")  # the zones whose cards can be units


class UnitsPlan(NamedTuple):
    zones: tuple[int, ...]  # the places whose cards are a side's units
    world: int  # the in-play place the attacker picks a card of (-1: none: all against all)
    guards: int  # the attached place whose cards under the attacked card defend it (-1: none)
    all_guards: Node | None  # when it holds for the defender, every card of `guards` defends
    dice: tuple[int, ...]  # per card: the dice it rolls (its field; 0 without it)
    bonus: Node  # more dice for each unit of a side, worked out for the side
    wins_ties: CardTest | None
    riders: tuple[int, ...] = ()  # attached places whose cards under a unit add their dice to its roll


def compile_units(spec: UnitBattle, names: Names, where: Where | None) -> UnitsPlan:
    at = spec.where or where

    def place(name: str, kinds: tuple[str, ...], key: str) -> int:
        found = names.places.get(fold_zone(name))
        if found is None:
            raise KitgenError(error(at, f"battle: units: {key}: unknown zone '{name}'"
                                    + did_you_mean(name, [p.name for p in names.place_list])))
        if names.place_list[found].kind not in kinds:
            raise KitgenError(error(at, f"battle: units: {key}: zone '{name}' is a {names.place_list[found].kind}; "
                                    f"units are cards in an {' or '.join(kinds)} zone"))
        return found

    zones = tuple(place(z, UNIT_KINDS, "zones") for z in spec.zones)
    world = place(spec.world, ("in-play",), "world") if spec.world else -1
    guards = place(spec.guards, ("attached",), "guards") if spec.guards else -1
    if not zones and world < 0:
        raise KitgenError(error(at, "battle: units: give the attacker's units, `zones:` (the zones whose cards fight)"))
    codes = field_codes(names.facts, spec.dice, at)
    if spec.dice in names.facts.texts and names.facts.texts[spec.dice]:
        raise KitgenError(error(at, f"battle: units: dice: card field '{spec.dice}' is text; name a whole-number field"))
    dice = tuple(max(0, code) if code != NONE else 0 for code in codes)
    all_guards = condition(spec.all_guards, names, names.decks) if spec.all_guards is not None else None
    riders = tuple(place(z, ("attached",), "riders") for z in spec.riders)
    return UnitsPlan(zones, world, guards, all_guards, dice, number(spec.bonus or Expr("0"), names, at),
                     card_filter(spec.wins_ties, names), riders)

