"""Galactic Supremacy as the balance lab plays it: credits, units on the table, dice combat and
the 14 Command uses. Data was not enough: a unit is a card in play with fleets and a leader
attached, combat is rounds of dice where every unit destroys one enemy (rolls combined, fleets
before their sector), and a player whose homeworld falls leaves the game. The rules live here and
in galactic_supremacy_play.py (the phases) and galactic_supremacy_war.py (combat, Command uses);
every number is read from the data: card costs and fields, the Draw Phase's actions, the hand
limit, the Technology Table, and where the seed states a number only in words (the setup draw,
the research options, the Command uses' rolls, the kit's turn limit), from the `numbers:` beside
those words (the game's `simulate:`, the Research Phase, each Command use), declared here with
their meanings: an unknown or missing name is a located error, never a number read from prose.
"""
from __future__ import annotations

from typing import NamedTuple

from kitgen.errors import KitgenError, error
from kitgen.model import Card, Cost, Game
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.compile.game import optional_rules
from kitgen.simulate.compile.plan import ANY_ATTRIBUTE, CardKind, CardPlan, PathPlan, Plan, TablePlan
from kitgen.simulate.compile.steps import compile_table
from kitgen.simulate.compile.numbers import DICE, read_numbers, refuse_numbers
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


def credits(cost: Cost | None) -> int:
    return sum(price.amount for price in cost.pay) if cost else 0


# The card fields each kind is played by (KINDS order): (its combat dice, its credits a turn); "" for none.
KIND_FIELDS = (("", ""), ("combat_dice", ""), ("combat_dice", "production"), ("", ""),
               ("extra_dice", "extra_production"), ("combat_dice", "production"))


def field(card: Card, name: str) -> int:
    """A whole-number field the module plays the card by: a located error when the card lacks it."""
    if not name:
        return 0
    value = card.fields.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise KitgenError(error(card.where, f"simulate ({MODULE}): card '{card.name}' ({card.type}) needs the "
                                            f"whole-number field {name}"))
    return value


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
    values = []
    for kind, names in zip(KINDS, KIND_FIELDS, strict=True):
        read = {tuple(field(c, name) for name in names) for c in cards if c.type == kind}
        if len(read) > 1:  # the rules play one value a kind (every Fleet alike): say so rather than pick one
            card = next(c for c in cards if c.type == kind and tuple(field(c, n) for n in names) != min(read))
            raise KitgenError(error(card.where, f"simulate ({MODULE}): every {kind} card plays alike; "
                                                f"'{card.name}' differs in {' or '.join(n for n in names if n)}"))
        values.append(min(read))
    dice = tuple(v[0] for v in values)
    production = tuple(v[1] for v in values)
    return cost, dice, production


def _draws(game: Game) -> tuple[int, int, int]:
    """The Draw Phase's actions: cards drawn, and the extra card and its price."""
    steps = [a for p in game.phases for a in p.actions if a.do == "draw"]
    free = [a for a in steps if not a.cost]
    paid = [a for a in steps if a.cost]
    if not free or not paid:
        raise KitgenError(error(game.where, "simulate (galactic-supremacy): the Draw Phase needs a draw action "
                                "and an extra draw with a cost"))
    return int(free[0].count), int(paid[0].count), credits(paid[0].cost)


GAME_NUMBERS = {"setup_draw": "cards each player draws at setup",
                "turn_limit": "turns the balance lab plays before it calls a game with no winner (a kit choice)"}
RESEARCH_NUMBERS = {"catchup": "credits the Catchup option costs (with a Research card)",
                    "directed_effort": "credits the Directed effort option costs (with a Research card)"}
CHANCE_NUMBERS = {"from": "the lowest roll of the game's die on which the use works",
                  "to": "the highest roll on which it works"}
AMOUNT_NUMBERS = {"roll": DICE + "the credits the use gains or takes, before `less`", "less": "taken off that roll"}
MODULE = "galactic-supremacy"


def _uses(game: Game) -> tuple[tuple[str, ...], dict, dict]:
    command = game.card_type("Command")
    uses = command.uses if command else ()
    chance, amount = {}, {}
    for use in uses:
        declared = CHANCE_NUMBERS if use.name in CHANCE_USES else AMOUNT_NUMBERS if use.name in AMOUNT_USES else {}
        given = read_numbers(MODULE, f"Command use '{use.name}'", use.numbers, use.where, declared)
        if use.name in CHANCE_USES:
            chance[use.name] = (given["from"], given["to"])
        elif use.name in AMOUNT_USES:
            amount[use.name] = (*given["roll"], given["less"])
    return tuple(u.name for u in uses), chance, amount


def _research(game: Game) -> dict:
    """The Research Phase's `numbers:` (the Catchup and Directed effort prices); no other record of
    the game carries numbers this module reads, so a name on one is an unknown name."""
    research = next((p for p in game.phases if p.name == "Research Phase"), None)
    if research is None:
        raise KitgenError(error(game.where, f"simulate ({MODULE}): no phase named 'Research Phase'"))
    for phase in game.phases:
        if phase is not research:
            read_numbers(MODULE, phase.name, phase.numbers, phase.where, {})
    for card_type in game.card_types:
        for use in card_type.uses if card_type.name != "Command" else ():
            read_numbers(MODULE, f"{card_type.name} use '{use.name}'", use.numbers, use.where, {})
    refuse_numbers(MODULE, game, ("faction", "path", "row", "card"))
    return read_numbers(MODULE, research.name, research.numbers, research.where, RESEARCH_NUMBERS)


def _numbers(game: Game, cards: list[Card], index: dict[str, int], table: TablePlan) -> Numbers:
    cost, dice, production = _kind_values(game, cards)
    draw, extra, extra_cost = _draws(game)
    uses, chance, amount = _uses(game)
    research = _research(game)
    given = read_numbers(MODULE, "simulate", game.simulate.numbers, game.simulate.where or game.where, GAME_NUMBERS)
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
        given["setup_draw"], draw, extra, extra_cost, research["catchup"], research["directed_effort"],
        uses, chance, amount, given["turn_limit"],
        counter.min if counter and counter.min is not None else 0)


def compile(game: Game, without: tuple[str, ...]) -> Plan:  # noqa: A001 (the rule-module contract's name)
    index = _index(game)
    decks = [d for d in game.decks if d.id not in without]
    cards = [card for deck in decks for card in deck.cards]
    technology = next(t for t in game.tables if t.die)
    table = compile_table(technology, index, {})
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
