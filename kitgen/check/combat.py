"""Checks of battle's `cards:` (vocabulary/combat.py plays it) and of `detach` that compiling them does
not make: `cards:` is on a battle without `units:`, its fields are declared and of the right type, its
walls lie in zones that hold cards in play, what a card's `blocks` names is a card, what its `damage`
names is a row of the battle's lookup table, and that row holds no battle (a battle inside a battle's
damage would be fought again and again). Stdlib only."""
from __future__ import annotations

from kitgen.errors import Problem, did_you_mean, error
from kitgen.check.units import unit_battle
from kitgen.model import Action, CardField, Game

WALL_KINDS = ("in-play", "attached")


def battles(game: Game, action: Action, owner: str) -> list[Problem]:
    """A battle of units' checks (check/units.py) and a battle of cards' (and detach's)."""
    return unit_battle(game, action, owner) + card_battle(game, action, owner)


def card_battle(game: Game, action: Action, owner: str) -> list[Problem]:
    spec = action.cards
    if spec is None:
        return detach(game, action, owner) if action.do == "detach" else []
    at = spec.where or action.where
    if action.do != "battle":
        return [error(at, f"{owner}: 'cards:' goes with 'do: battle'")]
    problems = []
    if action.units is not None:
        problems.append(error(at, f"{owner}: battle: give units: (dice) or cards: (cards against cards), not both"))
    zones = {z.name: z for z in game.zones}
    for name in spec.walls:
        if name not in zones or zones[name].kind not in WALL_KINDS:
            problems.append(error(at, f"{owner}: battle: cards: walls: '{name}' is not a zone of kind in-play or attached"
                                  + did_you_mean(name, [z for z in zones if zones[z].kind in WALL_KINDS])))
    declared = {f.name: f for f in (*game.fields, *(f for t in game.card_types for f in t.fields))}

    def field(key: str, name: str, kinds: tuple[str, ...]) -> CardField | None:
        found = declared.get(name)
        if found is None or found.kind not in kinds:
            known = sorted(n for n, f in declared.items() if f.kind in kinds)
            problems.append(error(at, f"{owner}: battle: cards: {key}: '{name}' is not a card field of type "
                                  f"{' or '.join(kinds)}" + did_you_mean(name, known)))
            return None
        return found

    if bool(spec.walls) != bool(spec.bounces):
        problems.append(error(at, f"{owner}: battle: cards: walls: and bounces: go together (where walls lie, how many units each bounces)"))
    if spec.bounces:
        field("bounces", spec.bounces, ("whole number",))
    if (spec.breaks is None) != (spec.broken is None) or (spec.breaks is not None and not spec.walls):
        problems.append(error(at, f"{owner}: battle: cards: breaks: and broken: go together, with walls:"))
    if spec.blocks and field("blocks", spec.blocks, ("list of text",)) is not None:
        problems += _blocked_names(game, spec.blocks)
    if spec.damage and field("damage", spec.damage, ("text", "choice")) is not None:
        problems += _damage_rows(game, action, owner, spec.damage)
    return problems


def _blocked_names(game: Game, key: str) -> list[Problem]:
    """What a card's `blocks` names is a card of the game."""
    names = sorted({c.name for d in game.decks for c in d.cards})
    return [error(card.where, f"card '{card.name}': {key}: '{name}' is not a card's name" + did_you_mean(name, names))
            for d in game.decks for card in d.cards for name in _listed(card.fields.get(key)) if name not in names]


def _listed(value) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, tuple) else ()


def _damage_rows(game: Game, action: Action, owner: str, key: str) -> list[Problem]:
    """Each damage a card names is a row of the battle's lookup table, and no such row fights a battle."""
    at = action.cards.where if action.cards is not None and action.cards.where else action.where
    table = next((t for t in game.tables if t.id == action.table), None)
    if table is None or table.die:
        lookups = [t.id for t in game.tables if not t.die]
        return [error(at, f"{owner}: battle: cards: damage: needs table: a lookup table whose rows are the damage"
                      + (f" ('{action.table}' is not one)" if action.table else "") + did_you_mean(action.table, lookups))]
    rows = {row.roll: row for row in table.rows}
    problems = []
    for card in (c for d in game.decks for c in d.cards if c.fields.get(key) is not None):
        named = str(card.fields.get(key))
        if named not in rows:
            problems.append(error(card.where, f"card '{card.name}': {key}: '{named}' is no row of table '{table.id}'"
                                  + did_you_mean(named, list(rows))))
        elif any(step.do == "battle" for step in steps_of(rows[named].actions)):
            problems.append(error(rows[named].where, f"table '{table.id}' row '{named}': a battle's damage may not "
                                  "fight a battle (it would be fought again and again)"))
    return list({str(p): p for p in problems}.values())


def steps_of(actions: tuple[Action, ...]) -> list[Action]:
    """Every step and the steps it holds (as check/actions.steps_of, which imports this module)."""
    return [s for a in actions for s in (a, *steps_of(a.then + a.otherwise + a.loser))]


def detach(game: Game, action: Action, owner: str) -> list[Problem]:
    """detach takes a card from an attached zone and puts it under another attached zone's card, or in a hand."""
    zones = {z.name: z for z in game.zones}
    attached = [z for z in zones if zones[z].kind == "attached"]
    return [error(action.where, f"{owner}: detach: {key}: '{name}' is not a zone of kind attached" + did_you_mean(name, attached))
            for key, name in (("zone", action.zone), ("to", action.to)) if name and name not in attached]
