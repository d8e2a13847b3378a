"""Checks of battle's `units:` (vocabulary/units.py plays it) that compiling it does not make: a die is
given, `units:` is on a battle, the zones are of the kinds that hold units, the guards lie
under the world attacked, the riders under units in play, the dice field is a whole number. Stdlib only."""
from __future__ import annotations

from kitgen.errors import Problem, did_you_mean, error
from kitgen.model import Action, Game


def unit_battle(game: Game, action: Action, owner: str) -> list[Problem]:
    spec = action.units
    if spec is None:
        return []
    at = spec.where or action.where
    if action.do != "battle":
        return [error(at, f"{owner}: 'units:' goes with 'do: battle'")]
    problems = []
    if not action.die:  # its notation is checked with every battle's (check/actions)
        problems.append(error(at, f"{owner}: battle: units: needs die: (the die each unit rolls, such as 1D10)"))
    zones = {z.name: z for z in game.zones}

    def zone(key: str, name: str, kinds: tuple[str, ...]) -> None:
        if name not in zones or zones[name].kind not in kinds:
            known = [z for z in zones if zones[z].kind in kinds]
            problems.append(error(at, f"{owner}: battle: units: {key}: '{name}' is not a zone of kind "
                                  f"{' or '.join(kinds)}" + did_you_mean(name, known)))

    for name in spec.zones:
        zone("zones", name, ("in-play", "attached"))
    if spec.world:
        zone("world", spec.world, ("in-play",))
    if spec.guards:
        zone("guards", spec.guards, ("attached",))
        if spec.guards in zones and zones[spec.guards].kind == "attached" and zones[spec.guards].on != spec.world:
            problems.append(error(at, f"{owner}: battle: units: guards: zone '{spec.guards}' lies under "
                                  f"'{zones[spec.guards].on}', not under the world attacked ('{spec.world or 'none'}')"))
    for name in spec.riders:  # under a card in play: a card attached under an attached card is no model's
        zone("riders", name, ("attached",))
        if name in zones and zones[name].kind == "attached" and zones[name].on not in (spec.world, *spec.zones):
            problems.append(error(at, f"{owner}: battle: units: riders: zone '{name}' lies under "
                                  f"'{zones[name].on}', a zone whose cards are not units here"))
    if spec.all_guards is not None and not spec.guards:
        problems.append(error(at, f"{owner}: battle: units: all_guards: goes with guards:"))
    if not spec.zones and not spec.world:
        problems.append(error(at, f"{owner}: battle: units: needs zones: (the zones whose cards fight)"))
    declared = {f.name: f for f in (*game.fields, *(f for t in game.card_types for f in t.fields))}
    if spec.dice not in declared or declared[spec.dice].type != "whole number":
        whole = sorted(n for n, f in declared.items() if f.type == "whole number")
        problems.append(error(at, f"{owner}: battle: units: dice: '{spec.dice}' is not a whole-number card field"
                              + did_you_mean(spec.dice, whole)))
    return problems
