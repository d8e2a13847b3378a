"""Galactic Supremacy as the balance lab plays it: credits, units on the table, dice combat and
the 14 Command uses. Data was not enough: a unit is a card in play with fleets and a leader
attached, combat is rounds of dice where every unit destroys one enemy (rolls combined, fleets
before their sector), and a player whose homeworld falls leaves the game. The rules live here and
in galactic_supremacy_play.py (the phases) and galactic_supremacy_war.py (combat, Command uses);
every number is read from the data: card costs and fields, the Draw Phase's actions, the hand
limit, the Technology Table, and where the data has a number only in the seed's own words (setup,
research options, Command uses, the kit's turn limit), from that text by a strict pattern (a text
without it is a located error), so what is printed and what is played cannot differ.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from kitgen.errors import KitgenError, Where, error
from kitgen.model import Card, Cost, Game
from kitgen.simulate.engine import GameResult
from kitgen.simulate.plan import (ANY_ATTRIBUTE, CardKind, CardPlan, PathPlan, Plan, TablePlan, _table,
                                  optional_rules)
from kitgen.simulate.rules.galactic_supremacy_cover import coverage

POLICIES = ("random", "greedy")
KINDS = ("Research", "Fleet", "Sector", "Command", "Leader", "Homeworld")  # the seed's card types
RESEARCH, FLEET, SECTOR, COMMAND, LEADER, HOME = range(6)
COMBAT_TECH = ("Firepower", "Range", "Defenses", "Information", "Sublight Speed")  # ATTACK PHASE
ECONOMY_TECH = ("Terraforming", "Industry", "Energy")  # PRODUCTION PHASE
EXCHANGES = ((FLEET, SECTOR), (SECTOR, FLEET), (RESEARCH, COMMAND), (COMMAND, RESEARCH))  # DRAW PHASE
CHANCE_USES = ("Steal Secrets", "Counter Espionage", "Military Sabotage", "Assassination")
AMOUNT_USES = ("Exceed Quotas", "Industrial Sabotage")


class Numbers(NamedTuple):
    """What the module compiled from the data: plain values (it pickles)."""
    kind_of: tuple[int, ...]  # card index -> KINDS index
    card_of: tuple[int, ...]  # KINDS index -> a card index of that kind
    cost: tuple[int, ...]  # KINDS index -> credits to play it (0: none)
    dice: tuple[int, ...]  # KINDS index -> combat dice (Fleet, Sector, Homeworld) or extra dice (Leader)
    production: tuple[int, ...]  # KINDS index -> credits a turn (Sector, Homeworld) or extra on a Sector (Leader)
    credits: int  # attribute index of Credits
    jump: int
    combat: tuple[int, ...]
    economy: tuple[int, ...]
    technologies: tuple[int, ...]  # the nine the Technology Table raises
    table: tuple[int, ...]  # die face -> technology, ANY_ATTRIBUTE: pick one
    sides: int  # the game's die (the Technology Table's)
    setup_draw: int
    draw: int
    extra_draw: int
    extra_draw_cost: int
    catchup_cost: int
    directed_cost: int
    uses: tuple[str, ...]  # the Command uses, in the data's order
    chance: dict  # use -> (low, high) on one die
    amount: dict  # use -> (dice, sides, minus)
    turn_limit: int
    credits_floor: int


def where_of(game: Game, thing: object) -> Where:
    return getattr(thing, "where", None) or game.where or Where(game.id)


def number_in(game: Game, thing: object, text: str, pattern: str, what: str) -> tuple[int, ...]:
    """The numbers `pattern` finds in `text` (the seed's words in the data), or a located error."""
    found = re.search(pattern, text)
    if not found:
        raise KitgenError(error(where_of(game, thing), f"simulate (galactic-supremacy): {what}: no '{pattern}' "
                                f"in {text!r}"))
    return tuple(int(group) for group in found.groups())


def credits(cost: Cost | None) -> int:
    return sum(price.amount for price in cost.pay) if cost else 0


def field(card: Card, name: str) -> int:
    value = card.fields.get(name, 0)
    return value if isinstance(value, int) else 0


def _index(game: Game) -> dict[str, int]:
    index = {}
    for i, attribute in enumerate(game.attributes):
        for name in (attribute.name, attribute.abbreviation, *attribute.aliases):
            if name:
                index[name] = i
    return index


def _kind_values(game: Game, cards: list[Card]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    first = {kind: next((c for c in cards if c.type == kind), None) for kind in KINDS}
    for kind, card in first.items():
        if card is None:
            raise KitgenError(error(game.where, f"simulate (galactic-supremacy): no card of type {kind}"))
    cost = tuple(credits(c.cost) or credits(game.card_type(c.type).cost) for c in first.values()  # type: ignore
                 if c is not None)
    dice = tuple(field(c, "combat_dice") or field(c, "extra_dice") for c in first.values() if c is not None)
    production = tuple(field(c, "production") or field(c, "extra_production") for c in first.values() if c is not None)
    return cost, dice, production


def _draws(game: Game) -> tuple[int, int, int]:
    """The Draw Phase's actions: cards drawn, and the extra card and its price."""
    steps = [a for p in game.phases for a in p.actions if a.do == "draw"]
    free = [a for a in steps if not a.cost]
    paid = [a for a in steps if a.cost]
    if not free or not paid:
        raise KitgenError(error(game.where, "simulate (galactic-supremacy): the Draw Phase needs a draw action "
                                "and an extra draw with a cost"))
    return free[0].count, paid[0].count, credits(paid[0].cost)


def _uses(game: Game) -> tuple[tuple[str, ...], dict, dict]:
    command = game.card_type("Command")
    uses = command.uses if command else ()
    chance, amount = {}, {}
    for use in uses:
        if use.name in CHANCE_USES:
            chance[use.name] = number_in(game, use, use.text, r"(\d+)-(\d+) on 1D\d+", use.name)
        elif use.name in AMOUNT_USES:
            amount[use.name] = number_in(game, use, use.text, r"(\d+)D(\d+)-(\d+)", use.name)
    return tuple(u.name for u in uses), chance, amount


def _rule_text(game: Game, rule_id: str) -> tuple[object, str]:
    for rule in game.rules:
        if rule.id == rule_id:
            return rule, " ".join(rule.text)
    for choice in game.kit_choices:
        if choice.id == rule_id:
            return choice, choice.what
    raise KitgenError(error(game.where, f"simulate (galactic-supremacy): no rule or kit choice '{rule_id}'"))


def _numbers(game: Game, cards: list[Card], index: dict[str, int], table: TablePlan) -> Numbers:
    cost, dice, production = _kind_values(game, cards)
    draw, extra, extra_cost = _draws(game)
    uses, chance, amount = _uses(game)
    setup = " ".join(game.setup)
    catchup, directed, limit = (_rule_text(game, i) for i in ("catchup", "directed-effort", "simulation-turn-limit"))
    counter = game.counter("Credits")
    faces = tuple(table.entries[1:])
    if not all(isinstance(face, int) for face in faces):
        raise KitgenError(error(game.where, "simulate (galactic-supremacy): every face of the Technology Table "
                                "names a technology or lets the roller pick one"))
    return Numbers(
        tuple(KINDS.index(c.type) for c in cards), tuple(next(i for i, c in enumerate(cards) if c.type == k) for k in KINDS),
        cost, dice, production, index["Credits"], index["Jump Speed"], tuple(index[n] for n in COMBAT_TECH),
        tuple(index[n] for n in ECONOMY_TECH), tuple(sorted({f for f in faces if f != ANY_ATTRIBUTE})),
        faces, table.sides,
        number_in(game, game, setup, r"draws (\d+) cards", "setup")[0], draw, extra, extra_cost,
        number_in(game, catchup[0], catchup[1], r"Pay (\d+) credits", "Catchup")[0],
        number_in(game, directed[0], directed[1], r"Pay (\d+) credits", "Directed effort")[0],
        uses, chance, amount, number_in(game, limit[0], limit[1], r"after (\d+) turns", "turn limit")[0],
        counter.min if counter and counter.min is not None else 0)


def compile(game: Game, without: tuple[str, ...]) -> Plan:  # noqa: A001 (the rule-module contract's name)
    index = _index(game)
    decks = [d for d in game.decks if d.id not in without]
    cards = [card for deck in decks for card in deck.cards]
    technology = next(t for t in game.tables if t.die)
    table = _table(technology, index, {})
    numbers = _numbers(game, cards, index, table)
    plan = Plan(tuple(a.name for a in game.attributes),
                tuple(int(a.start) if a.start.strip().lstrip("+-").isdigit() else 0 for a in game.attributes),
                game.hand_limit.base if game.hand_limit else 0, numbers.turn_limit, decks[0].id,
                optional_rules=optional_rules(game), without=tuple(sorted(without)))
    plan.cards = tuple(CardPlan(c.name, KINDS.index(c.type), (), (), ()) for c in cards)
    plan.types = tuple(CardKind(k, k, "effects", (), ()) for k in KINDS)
    first = 0
    for deck in decks:
        plan.decks[deck.id] = tuple(first + i for i, card in enumerate(deck.cards) for _ in range(card.copies))
        first += len(deck.cards)
    plan.tables = {technology.id: table}
    plan.paths = tuple(PathPlan(p.name, None, None, (), (), 0, False, (), False) for p in game.victory_paths)
    plan.coverage = coverage(game, numbers)
    plan.extra = numbers
    return plan


def play(plan: Plan, seed: int, policies: tuple, budget: int) -> GameResult:
    from kitgen.simulate.rules.galactic_supremacy_play import Galaxy

    return Galaxy(plan, seed, policies).play()
