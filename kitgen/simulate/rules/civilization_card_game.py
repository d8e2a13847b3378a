"""Civilization: The Card Game (seed: an encyclopedia article) compiled for the balance lab. The rules
here are why data was not enough: plots that hold Population and buildings, costs that grow with
what a player owns (formulas), discounts that add up, a bank that trades 3:1, six-step combat, two
statuses that pass between players, and a game that ends when the last Technology is bought.

Every number is read from the game's data: card effects (yields, Culture, Happiness, Victory
Points), card costs, the card fields (discounts, draws, blocks, damage), the formulas (Population
cost, Plot cost, Starting hand, Technologies removed), the Draw and Discard phase's actions and the
lookup table `rule-numbers`; which Technologies setup may remove is their `numbers: {removable: 1}`
(never the words of their kit_choice). The game is played by civilization_card_game_play. Stdlib only.
"""
from __future__ import annotations

from typing import NamedTuple

from kitgen.check.formula import evaluate
from kitgen.errors import KitgenError, Where, error
from kitgen.model import Card, Game
from kitgen.simulate.compile.plan import CardKind, CardPlan, PathPlan, Plan
from kitgen.simulate.compile.numbers import NUMBERED, SWITCH, read_numbers, refuse_numbers
from kitgen.simulate.rules.civilization_card_game_play import play
from kitgen.simulate.rules.civilization_card_game_rules import coverage

__all__ = ["POLICIES", "compile", "play"]

POLICIES = ("random", "greedy")

# The card types by their role in the seed (data names: card_types in game.yaml).
ROLES = {"Plot": "plot", "Technology": "technology", "Military": "military", "Building": "building",
         "Wonder": "wonder", "Bonus Resource": "bonus", "Population": "population"}
CARD_FIELDS = ("technology_discount", "building_discount", "wonder_discount", "population_discount",
               "plot_discount", "bank_trade", "extra_draw", "buildings_per_plot", "plot_food_times", "bounces",
               "free_population", "production_per_plot", "steal_cards", "steal_resources")


class CardRules(NamedTuple):
    """One card as the rules read it. Resources are indexed in the order of the game's counters."""
    name: str
    role: str
    yields: tuple[int, ...]  # per resource: a plot's yield, or a card's extra yield each Collect step
    culture: int
    happiness: int
    points: int  # Victory Points
    cost: int
    pays: int  # the resource index the cost is paid in; -1: none
    fields: tuple[int, ...]  # CARD_FIELDS, 0 where the card has none
    attacks: bool
    blocks: frozenset[str]  # the unit names it may block
    damage: str
    article: bool  # named by the article (never removed at setup): no `numbers: {removable: 1}`


class CivRules(NamedTuple):
    """What the module compiled from the data (plain values: it pickles)."""
    resources: tuple[str, ...]
    cards: tuple[CardRules, ...]
    numbers: tuple[tuple[str, int], ...]  # the rule-numbers table: (rule, number)
    formulas: tuple[tuple[str, str], ...]  # (name, expression)
    draw: int
    discard: int
    population: int  # the Population card's index
    food: int  # the resource Population is bought with (and a Granary doubles)
    decks: tuple[str, str, str]  # the plot, technology and play deck ids

    def number(self, name: str) -> int:
        return next(value for rule, value in self.numbers if rule == name)

    def formula(self, name: str, **values: int) -> int:
        expression = next(text for rule, text in self.formulas if rule == name)
        return int(evaluate(expression, values))


def field(card: Card, name: str) -> int:
    value = card.fields.get(name, 0)
    return value if isinstance(value, int) else 0


CARD_NUMBERS = {"removable": SWITCH + "a Technology the article does not name: removed at random at setup by "
                               "player count (kit choice technologies-by-players)"}


def removable(card: Card) -> bool:
    """A card's one number (its others are the rule-numbers table's rows): a kit-made Technology."""
    given = read_numbers("civilization-card-game", f"card '{card.name}'", card.numbers, card.where, CARD_NUMBERS,
                         optional=True)
    if given and ROLES.get(card.type) != "technology":
        raise KitgenError(error(card.where, f"simulate.rules civilization-card-game: card '{card.name}': only a "
                                            "Technology is removable at setup"))
    return bool(given)


def card_rules(game: Game, card: Card, resources: tuple[str, ...]) -> CardRules:
    totals: dict[str, int] = {}
    for effect in card.effects:
        attribute = game.attribute(effect.attribute)
        name = attribute.name if attribute else effect.attribute
        counter = game.counter(name)
        name = counter.name if counter else name
        totals[name] = totals.get(name, 0) + effect.delta
    price = card.cost.pay[0] if card.cost and card.cost.pay else None
    counter = game.counter(price.counter) if price else None
    blocks = card.fields.get("blocks", ())
    return CardRules(card.name, ROLES.get(card.type, "resource"), tuple(totals.get(r, 0) for r in resources),
                     totals.get("Culture", 0), totals.get("Happiness", 0), totals.get("Victory Points", 0),
                     price.amount if price else 0, resources.index(counter.name) if counter else -1,
                     tuple(field(card, name) for name in CARD_FIELDS), "Attack" in card.keywords,
                     frozenset(blocks if isinstance(blocks, tuple) else ()), str(card.fields.get("damage", "")),
                     not removable(card))


def compile(game: Game, without: tuple[str, ...]) -> Plan:  # noqa: A001 - the rule-module contract's name
    refuse_numbers("civilization-card-game", game, tuple(k for k in NUMBERED if k != "card"))  # the rule-numbers table's rows
    resources = tuple(counter.name for counter in game.counters)
    decks = [deck for deck in game.decks if deck.id not in without]
    cards: list[Card] = [card for deck in decks for card in deck.cards]
    rules = tuple(card_rules(game, card, resources) for card in cards)
    plan = Plan(tuple(a.name for a in game.attributes), tuple(0 for _ in game.attributes), 0, game.turns,
                decks[0].id, optional_rules=tuple(d.id for d in game.decks if d.optional), without=tuple(sorted(without)))
    plan.cards = tuple(CardPlan(card.name, [t.name for t in game.card_types].index(card.type), (), (), ())
                       for card in cards)
    plan.types = tuple(CardKind(t.name, t.name, "effects", (), ()) for t in game.card_types)
    index = 0
    for deck in decks:
        copies: list[int] = []
        for card in deck.cards:
            copies += [index] * card.copies
            index += 1
        plan.decks[deck.id] = tuple(copies)
    plan.paths = tuple(PathPlan(path.name, None, None, (), (), 0, False, (), False) for path in game.victory_paths)
    plan.extra = civ_rules(game, resources, rules, cards)
    plan.coverage = coverage(game)
    return plan


NUMBERS = ("Plots dealt", "Plot drafts", "On display", "Free Population", "Setup discard", "Bank trade",
           "Buildings per plot", "Buildings with 3 Population", "Population for two buildings", "Highest Culture above",
           "Highest Culture draws", "Highest Happiness from", "Highest Happiness discount", "Lowest cost")
FORMULAS = ("Population cost", "Plot cost", "Starting hand", "Technologies removed")


def civ_rules(game: Game, resources: tuple[str, ...], rules: tuple[CardRules, ...], cards: list[Card]) -> CivRules:
    table = next((t for t in game.tables if t.id == "rule-numbers"), None)
    phase = next((p for p in game.phases if any(a.do == "draw" for a in p.actions)), None)
    role_deck = {ROLES[t.name]: t.deck for t in game.card_types if t.name in ROLES}
    numbers = tuple((row.roll, int(row.result)) for row in table.rows if row.result.isdigit()) if table else ()
    missing = [f"the rule-numbers table's row '{n}'" for n in NUMBERS if n not in dict(numbers)]
    missing += [f"the formula '{n}'" for n in FORMULAS if n not in {f.name for f in game.formulas}]
    missing += [] if phase else ["a phase that draws (the Draw and Discard actions)"]
    missing += [f"a {role} card type" for role in ("plot", "technology", "military", "population")
                if role not in role_deck and not (role == "population" and any(r.role == role for r in rules))]
    if missing or not any(r.role == "population" for r in rules) or not game.counter("Food"):
        raise KitgenError(error(game.simulate.where or game.where or Where(game.id),
                                f"simulate.rules {game.simulate.rules}: the data lacks "
                                + (", ".join(missing) or "a Population card or a Food counter")))
    assert phase is not None
    food = game.counter("Food")
    return CivRules(resources, rules, numbers, tuple((f.name, f.expression) for f in game.formulas),
                    sum(int(a.count) for a in phase.actions if a.do == "draw"),
                    sum(int(a.count) for a in phase.actions if a.do == "discard"),
                    next(i for i, r in enumerate(rules) if r.role == "population"),
                    resources.index(food.name) if food else 0,
                    (role_deck["plot"], role_deck["technology"], role_deck["military"]))
