"""battle's `cards:` compiled (vocabulary/combat.py plays it): the filters as card tests, the walls'
zones by name, and per card the number it bounces, the names it blocks (as name codes) and the row of
the step's lookup table its damage names. Plain tuples and NamedTuples only: a plan pickles. Stdlib only.
"""
from __future__ import annotations

from typing import NamedTuple

from kitgen.errors import KitgenError, did_you_mean, error
from kitgen.model import CardBattle, Where
from kitgen.simulate.compile.cards import NONE, CardTest
from kitgen.simulate.compile.conditions import Names
from kitgen.simulate.compile.moves import card_filter
from kitgen.simulate.compile.zones import ATTACHED, fold_zone

WALL_KINDS = ("in-play", "attached")  # the zones whose cards can bounce units


class CombatPlan(NamedTuple):
    units: CardTest  # the hand's cards that may attack
    adjacent: bool  # against the players next to the attacker (else every other player)
    walls: tuple[tuple[str, bool], ...]  # (zone, attached?) whose cards bounce units
    bounces: tuple[int, ...]  # per card: the units it bounces (0: none)
    breaks: CardTest | None  # the units that destroy a wall first
    broken: CardTest | None  # the walls they destroy
    blocks: tuple[frozenset[int], ...]  # per card: the name codes of the units it blocks
    names: tuple[int, ...]  # per card: its name code
    damage: tuple[str, ...]  # per card: the key of its damage row ("": none)


def compile_combat(spec: CardBattle, names: Names, where: Where | None) -> CombatPlan:
    at = spec.where or where
    facts = names.facts
    walls = []
    for zone in spec.walls:
        found = names.places.get(fold_zone(zone))
        if found is None or names.place_list[found].kind not in WALL_KINDS:
            raise KitgenError(error(at, f"battle: cards: walls: '{zone}' is not a zone of kind in-play or attached"
                                    + did_you_mean(zone, [p.name for p in names.place_list if p.kind in WALL_KINDS])))
        walls.append((names.place_list[found].key, names.place_list[found].store == ATTACHED))
    count = len(facts.record)
    bounces = facts.codes.get(spec.bounces, (0,) * count) if spec.bounces else (0,) * count
    name_of = {text: code for code, text in enumerate(facts.texts["name"])}
    listed = facts.lists.get(spec.blocks, (frozenset(),) * count) if spec.blocks else (frozenset(),) * count
    blocks = tuple(frozenset(name_of[n] for n in names_listed if n in name_of) for names_listed in listed)
    damage = ("",) * count
    if spec.damage:
        texts = facts.texts.get(spec.damage, ())
        damage = tuple(texts[code] if code != NONE and texts else "" for code in facts.codes.get(spec.damage, ()))
    return CombatPlan(card_filter(spec.units, names) or (), spec.against == "adjacent", tuple(walls),
                      tuple(max(0, b) for b in bounces), card_filter(spec.breaks, names), card_filter(spec.broken, names),
                      blocks, facts.codes["name"], damage)
