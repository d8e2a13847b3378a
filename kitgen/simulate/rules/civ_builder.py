"""Civ Builder (shared/seeds/civ-builder.txt) as the balance lab plays it: the rules read from the data.

Why a module: melds of any number a turn, each larger than the last (the Meld Size Ladder); wild
cards that depend on who leads an attribute; ten special actions that move cards between hands and
the deck (hand theft, look-and-take, swaps); Victory Points that are not an attribute, scored on a
schedule by who leads each attribute; and a turn order re-ranked every round by Government, then
Religion, then Culture. Said as data, the rules vocabulary would become a programming language.

Every number is read from structure: the hand limit, the victory path, the attributes' and the
civilizations' dice, and the `numbers:` beside the seed's words (the game's `simulate:`, the phases,
the Special Action Table, the Meld Size Ladder, the Scoring Schedule; civ_builder_numbers declares
each name). Which attribute a phase rewards is its trigger; the initiative
ranking is the game's `turn_order:` (by, roll; the Initiative Phase prints it), and who may meld a
card as wild, in which melds, is the card's `wild:`: names read from structure, never from the
printed words. The game itself is played by civ_builder_table.py. Stdlib only.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from kitgen.errors import KitgenError, Where, error
from kitgen.model import Card, Game, Phase, single_rank
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.compile.game import optional_rules
from kitgen.simulate.compile.plan import CardKind, CardPlan, FactionPlan, PathPlan, Plan
from kitgen.simulate.compile.steps import dice
from kitgen.simulate.rules.civ_builder_cover import coverage
from kitgen.simulate.rules.civ_builder_numbers import card_numbers, clauses, phase_numbers, row_number

POLICIES = ("random", "greedy")

ALWAYS_WILD, BLANK = -1, -2  # a card's role that is not an attribute: wild in any meld (Leader); nothing (Disaster)
LIMITLESS = 1 << 30  # always-wild cards a meld may hold when their wild: gives no limit



@dataclass(frozen=True, slots=True)
class CivRules:
    """What the module compiled from the data: attributes and cards as indices, numbers as read."""
    attributes: tuple[str, ...]
    start_dice: tuple[tuple[int, int], ...]  # per attribute: (dice, sides)
    faction_dice: tuple[tuple[tuple[int, int, int], ...], ...]  # per civilization: (attribute, dice, sides)
    deal: int  # cards dealt at setup
    draw: int  # cards each player draws in the Draw Phase
    draw_bonus: tuple[int, int]  # (attribute whose highest draws more, how many more)
    initiative: tuple[int, ...]  # attributes ranking initiative, the first deciding
    initiative_die: tuple[int, int]  # the roll that breaks a tie still left
    trade_look: int  # the attribute whose highest may look at any hand (information only)
    role: tuple[int, ...]  # per card index: its attribute, ALWAYS_WILD or BLANK
    points: int  # points (and Victory Points) per card in a meld
    ladder: tuple[int, ...]  # the k-th meld of a turn holds at least ladder[k-1] cards; no more melds
    wild_limit: int  # always-wild cards (Leaders) a meld may hold
    wild_if_highest: tuple[tuple[int, int, frozenset[int]], ...]  # (holder attribute, card, meld attributes; empty: any)
    specials: tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]  # per attribute: its special action's clauses
    science: tuple[int, int]  # (attribute whose highest gains points, how many) at the start of the Score Phase
    schedule: tuple[int, ...]  # Victory Points for the most points in an attribute, by round (index 0: round 1)
    culture: tuple[int, int]  # (attribute whose highest gains extra VP, how many)
    hand_limit: int
    big_hand: tuple[int, int]  # (attribute whose highest keeps more, the limit)
    equestrian: tuple[int, int]  # (attribute whose highest may discard his hand, the VP it gains)
    rounds: int


def phase(game: Game, name: str) -> Phase:
    found = next((p for p in game.phases if p.name == name), None)
    if found is None:
        raise KitgenError(error(game.where, f"simulate.rules civ-builder: the rules need a phase '{name}'"))
    return found


def attribute(game: Game, name: str, where: Where | None) -> int:
    names = [a.name for a in game.attributes]
    if name not in names:
        raise KitgenError(error(where, f"simulate.rules civ-builder: '{name}' is not an attribute"))
    return names.index(name)


def trigger(game: Game, phase_name: str, also: int = -1) -> tuple[int, Phase]:
    """The attribute whose highest a phase rewards (its trigger, or its also[also])."""
    found = phase(game, phase_name)
    triggers = (found.trigger, *found.also)
    chosen = triggers[also + 1] if also + 1 < len(triggers) else None
    if chosen is None:
        raise KitgenError(error(found.where, f"simulate.rules civ-builder: phase '{phase_name}' names no reward"))
    return attribute(game, chosen.attribute, found.where), found


def compile(game: Game, without: tuple[str, ...]) -> Plan:
    """The plan the lab reports on: cards and decks as the engine numbers them (card impact edits
    plan.decks), one victory path, the coverage; the rules themselves in plan.extra."""
    extra = civ_rules(game)
    cards: list[CardPlan] = []
    decks: dict[str, tuple[int, ...]] = {}
    types = {t.name: i for i, t in enumerate(game.card_types)}
    for deck in game.decks:
        copies: list[int] = []
        for card in deck.cards:
            copies += [len(cards)] * card.copies
            cards.append(CardPlan(card.name, types.get(card.type, 0), (), (), ()))
        decks[deck.id] = tuple(copies)
    path = next(iter(game.victory_paths), None)
    plan = Plan(extra.attributes, (0,) * len(extra.attributes), extra.hand_limit, extra.rounds,
                game.decks[0].id, factions=tuple(FactionPlan(f.name, ()) for f in game.factions),
                cards=tuple(cards), types=tuple(CardKind(t.name, t.name, "effects", (), ()) for t in game.card_types),
                decks=decks, paths=(PathPlan(path.name if path else "", None, extra.rounds, (), (), 0, False, (), False),),
                optional_rules=optional_rules(game), without=tuple(sorted(without)), extra=extra)
    plan.coverage = coverage(game, extra)
    return plan


def civ_rules(game: Game) -> CivRules:
    """The rules, each number read where the data prints it (a located error where it cannot be)."""
    names = [a.name for a in game.attributes]
    numbers = phase_numbers(game)
    phase(game, "Initiative Phase")
    initiative, initiative_die = initiative_order(game)
    draw_to = trigger(game, "Draw Phase")[0]
    draw = numbers["Draw Phase"]
    limit = game.hand_limit
    if limit is None or not game.decks:
        raise KitgenError(error(game.where, "simulate.rules civ-builder: the rules need a hand limit and a deck"))
    role, points, wilds, wild_limit = card_roles(game, names)
    return CivRules(
        attributes=tuple(names), start_dice=tuple(start_dice(a.start, a.where) for a in game.attributes),
        faction_dice=tuple(tuple((attribute(game, e.attribute, f.where), *start_dice(e.dice, f.where))
                                 for e in f.effects) for f in game.factions),
        deal=numbers["simulate"]["deal"], draw=draw["draw"], draw_bonus=(draw_to, draw["highest_extra"]),
        initiative=initiative, initiative_die=initiative_die,
        trade_look=trigger(game, "Trade Phase")[0], role=role, points=points, ladder=meld_ladder(game),
        wild_limit=wild_limit,
        wild_if_highest=wilds, specials=special_actions(game),
        science=(trigger(game, "Score Phase")[0], numbers["Score Phase"]["science_points"]),
        schedule=scoring_schedule(game),
        culture=(trigger(game, "Score Phase", 0)[0], numbers["Score Phase"]["culture_vp"]),
        hand_limit=limit.base, big_hand=(trigger(game, "End Phase")[0], numbers["End Phase"]["highest_hand_limit"]),
        equestrian=(trigger(game, "End Phase", 0)[0], numbers["End Phase"]["equestrian_vp"]),
        rounds=final_round(game))


def start_dice(text: str, where: Where | None) -> tuple[int, int]:
    count, sides = dice(text)
    if not count:
        raise KitgenError(error(where, f"simulate.rules civ-builder: {text!r} is not a roll such as 1D6"))
    return count, sides


def initiative_order(game: Game) -> tuple[tuple[int, ...], tuple[int, int]]:
    """The game's `turn_order:` (the Initiative Phase prints it): the attributes ranking initiative,
    the first deciding, and the roll that breaks a tie still left."""
    order = game.turn_order
    if order is None or not order.by or not order.roll:
        raise KitgenError(error(order.where if order else game.simulate.where or game.where, "simulate.rules civ-builder: the rules need "
                                "a turn_order: {by: [attributes], roll: 1D6} (the Initiative Phase's ranking)"))
    return tuple(attribute(game, name, order.where) for name in order.by), start_dice(order.roll, order.where)


def card_roles(game: Game, names: list[str]) -> tuple[tuple[int, ...], int, tuple, int]:
    """Each card's role (the attribute it melds as, ALWAYS_WILD, BLANK), the points a melded card
    scores, the wild cards that need a highest score (their `wild: {when: ...}`) and how many
    always-wild cards a meld may hold (their `wild: {limit: N}`)."""
    action = phase(game, "Action Phase")
    role, points, wilds, limits = [], set(), [], set()
    cards = [card for deck in game.decks for card in deck.cards]
    for index, card in enumerate(cards):
        card_numbers(card)  # a card carries no numbers: refused, never ignored
        always = card.wild is not None and card.wild.when is None and not card.wild.melds
        if card.type in names:
            role.append(names.index(card.type))
            points |= {e.delta for e in card.effects if e.condition}
        else:
            role.append(ALWAYS_WILD if always else BLANK)
        if card.wild is not None and always:
            limits.add(card.wild.limit or LIMITLESS)
        elif card.wild is not None:
            wilds.append((wild_holder(game, card), index, frozenset(meld_attribute(game, names, m, card.wild.where)
                                                                    for m in card.wild.melds)))
    if len(points) != 1:
        raise KitgenError(error(action.where, "simulate.rules civ-builder: every Attribute card must score the same "
                                "points per card in a meld (an effect with a condition)"))
    if len(limits) > 1:
        raise KitgenError(error(action.where, "simulate.rules civ-builder: every always-wild card must have the "
                                "same wild: {limit: N} (a meld holds at most N of them)"))
    return tuple(role), points.pop(), tuple(wilds), limits.pop() if limits else 0


def wild_holder(game: Game, card: Card) -> int:
    """The attribute whose highest may meld `card` as wild: its `wild: {when: {highest: [X], tie:
    share}}` (kit choice highest-ties), the only condition the rules give a wild card."""
    wild = card.wild
    assert wild is not None
    when = wild.when
    ranked = single_rank(replace(when, tie="nobody")) if when is not None and when.tie == "share" else None
    if ranked is None or ranked.kind != "highest" or wild.limit:
        raise KitgenError(error(wild.where, f"simulate.rules civ-builder: card '{card.name}': wild: the rules play "
                                "when: {highest: [ATTRIBUTE], tie: share} and no limit on such a wild card"))
    return attribute(game, ranked.attribute, wild.where)


def meld_attribute(game: Game, names: list[str], meld: str, where: Where | None) -> int:
    """The attribute of the melds a wild card may join, named by their card."""
    card = next((c for d in game.decks for c in d.cards if c.name == meld), None)
    if card is None or card.type not in names:
        raise KitgenError(error(where, f"simulate.rules civ-builder: wild: melds: '{meld}' is not an Attribute card"))
    return names.index(card.type)


def table(game: Game, table_id: str):
    found = next((t for t in game.tables if t.id == table_id), None)
    if found is None:
        raise KitgenError(error(game.where, f"simulate.rules civ-builder: the rules need the table '{table_id}'"))
    return found


def meld_ladder(game: Game) -> tuple[int, ...]:
    """The Meld Size Ladder: '1 or more cards', '2 or more cards' ... for the 1st, 2nd ... meld."""
    return tuple(row_number("meld-size", row, "cards") for row in table(game, "meld-size").rows)


def special_actions(game: Game) -> tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]:
    """Each attribute's special action as clauses (CLAUSES), read from the Special Action Table."""
    rows = {row.attribute: row for row in table(game, "special-action").rows}
    found = []
    for name in (a.name for a in game.attributes):
        row = rows.get(name)
        if row is None:
            raise KitgenError(error(game.where, f"simulate.rules civ-builder: no special action for {name}"))
        found.append(clauses(row))
    return tuple(found)


def scoring_schedule(game: Game) -> tuple[int, ...]:
    """Victory Points by round from the Scoring Schedule's rows ('1-4': '1 Victory Point')."""
    rounds = final_round(game)
    schedule = [-1] * rounds
    for row in table(game, "scoring-schedule").rows:
        first, _, last = row.roll.partition("-")  # the row's key: a round or a range of rounds ('1-4')
        if not (first.isdigit() and (last.isdigit() or not last)):
            raise KitgenError(error(row.where, f"simulate.rules civ-builder: scoring-schedule: '{row.roll}' is not "
                                               "a round or rounds such as 1-4"))
        points = row_number("scoring-schedule", row, "vp")
        for round_ in range(int(first), int(last or first) + 1):
            if 1 <= round_ <= rounds:
                schedule[round_ - 1] = points
    if -1 in schedule:
        raise KitgenError(error(table(game, "scoring-schedule").where,
                                f"simulate.rules civ-builder: round {schedule.index(-1) + 1} has no scoring"))
    return tuple(schedule)


def final_round(game: Game) -> int:
    """The round the victory path is checked at the end of: the game's last."""
    path = next(iter(game.victory_paths), None)
    if path is None or path.at_end_of_turn != game.turns:
        raise KitgenError(error(path.where if path else game.where, "simulate.rules civ-builder: the victory "
                                f"path must be checked at the end of the last round ({game.turns})"))
    return game.turns


def play(plan: Plan, seed: int, policies: tuple, budget: int = 0) -> GameResult:
    from kitgen.simulate.rules.civ_builder_table import CivTable

    return CivTable(plan, seed, policies).play()
