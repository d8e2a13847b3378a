"""A game's data compiled for the engine (compile/plan.py's records): attributes and counters become
value indices, cards named records of ints, the vocabulary's game-wide parts and every rule's
coverage row. Every game is compiled so (play/games.plan_game refuses a retired `simulate: {rules:}`
first). Stdlib only; reads the model, never text.
"""
from __future__ import annotations

import difflib
import re
from functools import partial

from kitgen.check.actions import card_game
from kitgen.check.formula import whole_number
from kitgen.model import Card, Game
from kitgen.simulate.compile.cards import card_facts
from kitgen.simulate.compile.conditions import Names, condition, words
from kitgen.check.reads import findings
from kitgen.simulate.compile.findings import judge
from kitgen.simulate.compile.melds import compile_rows, compile_wilds, meld_rows, meld_steps, melded
from kitgen.simulate.compile.paths import compile_path
from kitgen.simulate.compile.phases import compile_phase
from kitgen.simulate.compile.sections import section_rows
from kitgen.simulate.compile.plan import (ALL_PLAYERS, NO_CONDITION, SELF, CardKind, CardPlan, Coverage, FactionPlan,
                                          OptionPlan, Plan)
from kitgen.simulate.compile.steps import compile_effects, compile_step, compile_table, dice, group_totals
from kitgen.simulate.compile.strategies import compile_strategies
from kitgen.simulate.compile.structure import (compile_rounds, compile_setup, compile_triggers, compile_worth,
                                               turn_resets)
from kitgen.simulate.compile.tables import compile_lookups, used_tables
from kitgen.simulate.compile.vocabulary import compile_rules, prices, vocabulary_coverage
from kitgen.simulate.compile.zones import compile_places, place_index


def optional_rules(game: Game) -> tuple[str, ...]:
    return tuple(deck.id for deck in game.decks if deck.optional)


def unknown_optional_rule(game: Game, name: str) -> str:
    """The message for a `--without` that names no optional rule, with a did-you-mean."""
    known = optional_rules(game)
    close = difflib.get_close_matches(name, known, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"--without {name}: {game.id} has no optional rule '{name}'{hint}; optional rules: " + \
        (", ".join(known) if known else "none")


def compile_game(game: Game, without: tuple[str, ...] = ()) -> Plan:
    """The plan of `game`, leaving out the optional rules (decks) named in `without`, as the engine
    plays it from the data alone."""
    index = {}
    for i, attribute in enumerate(game.attributes):
        for name in (attribute.name, attribute.abbreviation, *attribute.aliases):
            if name:
                index[name] = i
    coverage: list[Coverage] = []
    decks = [d for d in game.decks if d.id not in without]
    plain = tuple(c for c in game.counters if c.total is None)  # a derived total has no value of its own
    for i, counter in enumerate(plain):
        for name in (counter.name, *counter.aliases):
            index.setdefault(name, len(game.attributes) + i)
    groups = group_totals(game.attributes, index)
    start, start_dice = _start(game, coverage)
    plan = Plan(tuple(a.name for a in game.attributes) + tuple(c.name for c in plain), start + tuple(c.start for c in plain),
                game.hand_limit.base if game.hand_limit else 0, game.simulate.turns or game.turns,
                next((d.id for d in decks if not d.optional), decks[0].id if decks else ""),
                conditions={c.id: i for i, c in enumerate(game.conditions)}, turn_structure=game.turn_structure,
                optional_rules=optional_rules(game), without=tuple(sorted(without)), coverage=coverage,
                start_dice=start_dice)
    plan.tables = {t.id: compile_table(t, index, plan.conditions, groups) for t in game.tables if t.die}
    starts = {c.name: c.start for c in game.counters}
    plan.factions = tuple(_faction(f, index, coverage, (groups, starts)) for f in game.factions)
    plan.types = tuple(_card_type(t, index) for t in game.card_types)
    names = Names(game, plan.attributes)
    cards = _card_facts(game, plan, names, decks)
    _compile_decks(plan, game, decks, (index, names, groups), coverage, {t.name: i for i, t in enumerate(game.card_types)})
    names.deck_cards = plan.decks
    plan.compared = _compared(game)
    plan.phases = tuple(compile_phase(game, p, (index, names), coverage, set(without)) for p in game.phases)
    step = partial(compile_step, index=index, names=names)
    plan.setup, plan.rounds = compile_setup(game, step, coverage), compile_rounds(game, names, step, coverage)
    plan.resets, plan.worth = turn_resets(game, names), compile_worth(game, step)
    plan.paths = tuple(compile_path(v, index, coverage, names) for v in game.victory_paths)
    costs = tuple(prices(card.cost or _type_cost(game, card.type), names) for card in cards)
    plan.vocabulary = compile_rules(game, names, costs, cards)
    if plan.vocabulary is not None:  # what the meld step reads (the cards' wild:, its tables' rows); the triggers
        plan.vocabulary = plan.vocabulary._replace(wilds=compile_wilds(cards, names), rows=compile_rows(game, index, names),
                                                   triggers=compile_triggers(game, names, step, cards),
                                                   lookups=compile_lookups(game, index, names, groups))
    if game.game_end is not None:
        plan.game_end = condition(game.game_end.when, names, set(plan.decks))
        coverage.append(Coverage("game end", "exact", words(game.game_end.when), decides=True))
    coverage += vocabulary_coverage(game) + meld_rows(game)
    _coverage_of_game(game, plan, coverage)
    _for_players(game, plan, names, coverage)
    return plan


def _for_players(game: Game, plan: Plan, names: Names, coverage: list[Coverage]) -> None:
    """What the report and the players read beside the rules: what validate warns play would leave
    undone (into the coverage), the rules sections' rows, the strategies written as data, every step's place (its firings)."""
    judge(coverage, findings(game))
    coverage += section_rows(game, coverage)  # every game's: judged from the rows of what plays each
    plan.strategies = compile_strategies(game, plan, names)
    plan.located = tuple(names.located)


def _card_facts(game: Game, plan: Plan, names: Names, decks: list) -> tuple[Card, ...]:
    """The card model's side of the plan: instances or not, the places, the card facts (the names
    read them); the cards in the plan's order."""
    plan.instances = card_model(game)
    cards, record = plan_cards(decks, plan.instances)
    plan.places, plan.facts = compile_places(game, decks), card_facts(game, cards, record)
    names.facts, names.place_list, names.places = plan.facts, plan.places, place_index(plan.places)
    names.card_game = plan.instances
    return cards


def card_model(game: Game) -> bool:
    """Whether the game plays its cards by the card model (check/actions.card_game): then every
    printed copy is a card of its own (an instance: a trick knows which copy was played), else copies
    of a card share its index, as the older games' plans always had."""
    return card_game(game)


def plan_cards(decks: list, instances: bool) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """The cards in the plan's order (one per copy with instances, else one per card), and each one's
    first copy (its record: copies are alike)."""
    cards: list[Card] = []
    record: list[int] = []
    for deck in decks:
        for card in deck.cards:
            copies = card.copies if instances else 1
            record += [len(cards)] * copies
            cards += [card] * copies
    return tuple(cards), tuple(record)


def _type_cost(game: Game, name: str):
    card_type = game.card_type(name)
    return card_type.cost if card_type else None


def _compile_decks(plan: Plan, game: Game, decks: list, known: tuple[dict, Names, dict], coverage: list[Coverage],
                   type_index: dict) -> None:
    index, names, groups = known
    cards: list[CardPlan] = []
    played_elsewhere = melded(game)  # its text the meld step plays (meld_rows covers it)
    for deck in decks:
        copies: list[int] = []
        for card in deck.cards:
            effects = compile_effects(card.effects, index, plan.conditions, groups)
            compiled = CardPlan(card.name, type_index.get(card.type, 0), effects,
                                tuple(compile_step(a, index, names) for a in card.actions),
                                tuple((e.attribute, e.delta) for e in effects
                                      if e.target in (SELF, ALL_PLAYERS) and e.condition == NO_CONDITION))
            if plan.instances:  # a card of its own per copy
                copies += range(len(cards), len(cards) + card.copies)
                cards += [compiled] * card.copies
            else:
                copies += [len(cards)] * card.copies
                cards.append(compiled)
            if card.text and not (card.actions or card.triggers or card.reminder) and card.name not in played_elsewhere:
                coverage.append(Coverage(f"card '{card.name}'", "skipped", f"its text is not structured: {card.text!r}"))
        plan.decks[deck.id] = tuple(copies)
    plan.cards = tuple(cards)


def _start(game: Game, coverage: list[Coverage]) -> tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]:
    """Each attribute's start: a number, or dice rolled for each player at setup (plan.start_dice)."""
    values, rolled = [], []
    for index, attribute in enumerate(game.attributes):
        if re.fullmatch(r"[+-]?\d+", attribute.start.strip()):
            values.append(int(attribute.start))
            continue
        values.append(0)
        if dice(attribute.start)[0]:
            rolled.append((index, *dice(attribute.start)))
        else:
            coverage.append(Coverage(f"start of {attribute.name}", "approximated",
                                     f"start {attribute.start!r} is not a number: 0 is used", decides=True))
    if rolled:
        coverage.append(Coverage("start values", "exact", "rolled for each player, each separately: " + ", ".join(
            f"{game.attributes[i].name} {n}D{sides}" for i, n, sides in rolled)))
    return tuple(values), tuple(rolled)


def _faction(faction, index: dict, coverage: list[Coverage], known: tuple[dict[int, int], dict[str, int]]) -> FactionPlan:
    groups, starts = known
    own, rolled = [], []
    for effect in faction.effects:
        if effect.target == "self" and effect.attribute in index and not effect.dice:
            own.append((index[effect.attribute], effect.delta))
            if index[effect.attribute] in groups:  # its group's total starts with it (group_total)
                own.append((groups[index[effect.attribute]], effect.delta))
        elif effect.target == "self" and effect.attribute in index and dice(effect.dice)[0]:
            rolled.append((index[effect.attribute], *dice(effect.dice)))  # rolled at setup (engine/table)
        else:
            coverage.append(Coverage(f"faction '{faction.name}'", "skipped",
                                     f"effect on {effect.attribute} is not a fixed change"))
    # a counter the faction starts at another value: the difference from the counter's own start
    own += [(index[a.counter], (whole_number(a.value) or 0) - starts.get(a.counter, 0))
            for a in faction.counters if a.counter in index]
    if faction.counters or faction.may_not_play:  # its rule lines played through counters it starts at other values
        coverage.append(faction_coverage(faction))
    else:
        for text in (*faction.rules, *faction.traits):
            coverage.append(Coverage(f"faction '{faction.name}'", "skipped", f"rule text only: {text!r}"))
    return FactionPlan(faction.name, tuple(own), tuple(rolled), frozenset(faction.may_not_play))


def faction_coverage(faction) -> Coverage:
    """A faction whose rule lines the simulator plays through its `counters:` and `may_not_play`."""
    said = [f"{a.counter} {a.value}" for a in faction.counters]
    said += [f"may not play {', '.join(faction.may_not_play)}"] if faction.may_not_play else []
    return Coverage(f"faction '{faction.name}'", "exact", "starting scores; " + "; ".join(said))


def _card_type(card_type, index: dict) -> CardKind:
    resolve = card_type.resolve
    if resolve is None or resolve.kind == "effects":
        return CardKind(card_type.name, card_type.name, "effects", (), ())
    options = tuple(OptionPlan(o.condition, o.table, o.rolls) for o in resolve.options)
    votes = tuple(index[v] for v in resolve.votes if v in index)
    return CardKind(card_type.name, card_type.name, resolve.kind, options, votes)


def _coverage_of_game(game: Game, plan: Plan, coverage: list[Coverage]) -> None:
    if game.factions:  # the seeds let players choose; no policy chooses one, so each is dealt at random
        coverage.append(Coverage("setup", "approximated", "start values, shuffled decks; one faction per player "
                                 "dealt at random, where players would pick"))
    else:
        coverage.append(Coverage("setup", "exact", "start values, shuffled decks"))
    if game.hand_limit:
        coverage.append(Coverage("hand limit", "exact", f"{game.hand_limit.base} cards, changed by hand-size actions"))
    coverage.append(Coverage("ties", "exact", "a highest or lowest trigger, a vote or a victory needs a single player, "
                             "unless its condition's tie_break or tie: share settles it"))
    read, melds = used_tables(game), {step.table for _, step in meld_steps(game)}  # a meld takes the row of its kind
    for table in game.tables:
        if table.id in read:
            coverage.append(Coverage(f"table '{table.name}'", "exact", "each row as its steps, condition and result say"))
        elif table.die or table.played_by:  # a table its `played_by:` links: compile/sections.table_rows
            continue
        elif table.id in melds:
            coverage.append(Coverage(f"table '{table.name}'", "exact", "each row's steps, taken after a meld of its kind"))
        else:
            coverage.append(Coverage(f"table '{table.name}'", "skipped", "a lookup table: no die to roll"))
    coverage += [Coverage(a.rule, "approximated", a.why) for a in game.simulate.approximated]
    totals = [a.name for a in game.attributes if a.group_total]
    if totals:
        coverage.append(Coverage("group totals", "exact", f"{', '.join(totals)}: each the total of its group's "
                                 "attributes and what raises it directly", decides=True))
    if game.simulate.turns:
        coverage.append(Coverage("game length", "exact", f"a game still undecided after {game.simulate.turns} "
                                 "turns stops with no winner"))
    if plan.instances:
        coverage += card_model_rows(game)


def _compared(game: Game) -> int:
    """The attributes players compare and pick ("pick one of the above"): all but those at the end that
    are also a counter, a currency the player sheet keeps beside them (Galactic Supremacy's Credits)."""
    counters = {c.name for c in game.counters}
    count = len(game.attributes)
    while count and game.attributes[count - 1].name in counters:
        count -= 1
    return count


def card_model_rows(game: Game) -> list[Coverage]:
    """A game of the card model reports each card text its steps play (cards alike in text are one
    row: the four colours' Skips). The older games' reports keep their card rows as they were."""
    texts: dict[str, list[str]] = {}
    for deck in game.decks:
        for card in deck.cards:
            if card.text and (card.actions or card.triggers) and not card.reminder:
                texts.setdefault(card.text, []).append(card.name)
    rows = [Coverage(f"card '{names[0]}'" + (f" and {len(names) - 1} more" if len(names) > 1 else ""), "exact",
                     f"{text} ({'; '.join(a.do for a in card_actions(game, names[0]))})", steps=alike(game, names))
            for text, names in texts.items()]
    return rows


def alike(game: Game, names: list[str]) -> tuple[str, ...]:
    """The steps of cards alike in text, step by step: each the places of that step on any of them
    ("a|b|c": the rule happened when one of them was taken)."""
    steps = [card_actions(game, name) for name in names]
    return tuple("|".join(str(actions[i].where) for actions in steps if i < len(actions))
                 for i in range(max(map(len, steps), default=0)))


def card_actions(game: Game, name: str) -> tuple:
    """The card's steps and its triggers' (the row names what plays its text)."""
    return next(c.actions + tuple(a for t in c.triggers for a in t.then) for d in game.decks for c in d.cards
                if c.name == name)
