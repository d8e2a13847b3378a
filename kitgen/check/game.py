"""Check that every reference in a game resolves and every deck keeps its declared rules.

Stdlib only. Returns problems; never raises for bad data.
"""
from __future__ import annotations

import re

from kitgen.check.dice import MAX_RESULT, die_range, roll_values
from kitgen.check.actions import check_actions
from kitgen.check.audience import check_audience
from kitgen.check.conditions import check_conditions
from kitgen.check.costs import check_costs
from kitgen.check.playing import check_playing
from kitgen.check.reads import check_reads
from kitgen.check.strategies import check_strategies
from kitgen.check.extras import check_extras
from kitgen.check.pictures import check_pictures
from kitgen.check.rules import check_rules
from kitgen.check.tokens import check_tokens
from kitgen.check.tunables import check_tunables
from kitgen.check.wording import check_wording
from kitgen.errors import Problem, did_you_mean, error, warning
from kitgen.model import MAX_COLUMNS, DiceTable, Effect, Game, slug


def check_game(game: Game) -> list[Problem]:
    problems: list[Problem] = []
    problems += _check_types(game)
    for deck in game.decks:
        problems += check_rules(deck, game)
        problems += _check_ids(deck)
        for card in deck.cards:
            card_type = game.card_type(card.type)
            if card_type is None:
                problems.append(error(card.where, f"card '{card.name}': unknown type '{card.type}'"
                                      + did_you_mean(card.type, [t.name for t in game.card_types])))
            elif card_type.deck != deck.id:
                problems.append(error(card.where, f"card '{card.name}': type '{card.type}' belongs to deck "
                                      f"'{card_type.deck}', not '{deck.id}'"))
            problems += _check_effects(game, card.effects, f"card '{card.name}'")
            if not 1 <= card.copies <= MAX_COPIES:
                problems.append(error(card.where, f"card '{card.name}': copies is {card.copies:,}; it must be from 1 "
                                      f"to {MAX_COPIES:,}"))
    for faction in game.factions:
        problems += _check_effects(game, faction.effects, f"{faction.name}")
        problems += _check_card_refs(game, faction.may_not_play, faction.where, f"faction '{faction.name}'")
    problems += check_counts(game)
    problems += check_tokens(game)
    problems += _check_attributes(game)
    problems += _check_rule_refs(game)
    problems += check_extras(game)
    problems += check_wording(game)
    problems += check_pictures(game)
    problems += check_actions(game)
    problems += check_costs(game)
    problems += check_playing(game)
    problems += check_strategies(game)
    problems += check_conditions(game)
    problems += check_audience(game)
    problems += check_tunables(game)
    for table in game.tables:
        problems += _check_table(game, table)
    if not any(p.level == "error" for p in problems):  # what play leaves undone, judged once every name resolves
        problems += check_reads(game)
    return problems


_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")  # as deck ids (load/game.py): ids become file names
MAX_COPIES = 1_000  # copies of one card
MAX_CARDS = 100_000  # cards printed in all: a build lays out and draws each (10,000 take about a minute)


def check_counts(game: Game) -> list[Problem]:
    """Counts the renderer must be able to honour, each with its bound in the message."""
    problems = []
    total = sum(min(card.copies, MAX_COPIES) for deck in game.decks for card in deck.cards)
    if total > MAX_CARDS:
        problems.append(error(game.where, f"the game prints {total:,} cards; at most {MAX_CARDS:,}"))
    for track in game.tracks:
        if not 0 <= track.columns <= MAX_COLUMNS:
            problems.append(error(track.where, f"track '{track.name}': columns is {track.columns:,}; it must be from "
                                  f"0 (one per turn) to {MAX_COLUMNS}"))
    return problems


MAX_NAME = 200  # characters: a name that long cannot fit a card, nor an id a file name
MAX_CARD_ID = 120  # characters: '<deck id (at most 100)>-<number>-<card id>.png' within a file name's 255


def _check_ids(deck) -> list[Problem]:
    """Card ids name art files and PDF forms: each must exist, be short and be unique in its deck."""
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for card in deck.cards:
        card_id = card.id or slug(card.name)
        label = card.name if len(card.name) <= 60 else card.name[:57] + "..."
        if len(card.name) > MAX_NAME:
            problems.append(error(card.where, f"card '{label}': the name is {len(card.name):,} characters; "
                                  f"at most {MAX_NAME}"))
        elif card.id and not _ID.match(card.id):
            shown = card.id if len(card.id) <= 60 else card.id[:57] + "..."
            problems.append(error(card.where, f"card '{label}': id '{shown}' may hold only lower-case letters a-z, "
                                  f"digits and dashes (ids name files), e.g. id: {slug(card.id) or 'library'}"))
        elif len(card_id) > MAX_CARD_ID:
            problems.append(error(card.where, f"card '{label}': its id{'' if card.id else ' (made from its name)'} is "
                                  f"{len(card_id):,} characters; at most {MAX_CARD_ID} (ids name files): give it a "
                                  "shorter id:"))
        elif not card_id:
            problems.append(error(card.where, f"card '{label}': its name gives no id (no letters a-z or digits); "
                                  "add an id: such as id: library"))
        elif card_id in seen and seen[card_id].casefold() != card.name.casefold():  # same name: unique-names
            problems.append(error(card.where, f"card '{label}': id '{card_id}' is already used by '{seen[card_id]}'; "
                                  "give one of them another id:"))
        seen.setdefault(card_id, card.name)
    return problems


def _check_types(game: Game) -> list[Problem]:
    deck_ids = [deck.id for deck in game.decks]
    names = [t.name for t in game.card_types]
    twice = [error(t.where, f"card type '{t.name}' is declared twice") for i, t in enumerate(game.card_types)
             if t.name in names[:i]]
    return twice + [error(t.where, f"card type '{t.name}': unknown deck '{t.deck}'" + did_you_mean(t.deck, deck_ids))
            for t in game.card_types if t.deck not in deck_ids]


def _check_effects(game: Game, effects: tuple[Effect, ...], owner: str) -> list[Problem]:
    problems = []
    conditions = [c.id for c in game.conditions]
    for effect in effects:
        if game.attribute(effect.attribute) is None and game.counter(effect.attribute) is None:
            problems.append(error(effect.where, f"{owner}: unknown attribute '{effect.attribute}'"
                                  + did_you_mean(effect.attribute, _attribute_names(game))))
        if effect.condition is not None and effect.condition not in conditions:
            problems.append(error(effect.where, f"{owner}: unknown condition '{effect.condition}'"
                                  + did_you_mean(effect.condition, conditions)))
        if effect.dice and die_range(effect.dice) is None:
            problems.append(error(effect.where, f"{owner}: dice '{effect.dice[:20]}' is not dice notation like 1D6"))
        elif effect.delta == 0 and not effect.dice:
            problems.append(warning(effect.where, f"{owner}: effect on {effect.attribute} changes nothing (delta 0)"))
        elif effect.delta and effect.dice:
            problems.append(error(effect.where, f"{owner}: give either delta or dice, not both"))
        if effect.erratum is not None and effect.erratum not in {e.id for e in game.errata}:
            problems.append(error(effect.where, f"{owner}: unknown erratum '{effect.erratum}'"
                                  + did_you_mean(effect.erratum, [e.id for e in game.errata])))
    return problems


def _check_rule_refs(game: Game) -> list[Problem]:
    problems = []
    attributes = _attribute_names(game)
    for phase in game.phases:
        for trigger in ([phase.trigger] if phase.trigger else []) + list(phase.also):
            if game.attribute(trigger.attribute) is None:
                problems.append(error(trigger.where, f"phase '{phase.name}': unknown attribute '{trigger.attribute}'"
                                      + did_you_mean(trigger.attribute, attributes)))
        problems += _check_phase_name(game, phase)
    for path in game.victory_paths:
        for name in path.highest + path.highest_any:
            if game.attribute(name) is None:
                problems.append(error(path.where, f"victory path '{path.name}': unknown attribute '{name}'"
                                      + did_you_mean(name, attributes)))
    codes = {t.code for t in game.card_types if t.code} | {c.code for c in game.conditions if c.code}
    words = {word for deck in game.decks for card in deck.cards
             for word in re.findall(r"[\w-]+", " ".join((card.text, *card.keywords)))}
    for note in game.notation:
        if note.code not in codes and note.code not in words:
            problems.append(warning(note.where, f"notation '{note.code}' is not a card type or condition code "
                                    "and no card's text uses it"))
    decks = [deck.id for deck in game.decks]
    phases = [phase.name for phase in game.phases]
    for section in game.rules:
        if section.deck is not None and section.deck not in decks:
            problems.append(error(section.where, f"rules '{section.id}': unknown deck '{section.deck}'"
                                  + did_you_mean(section.deck, decks)))
        if section.phase is not None and section.phase not in phases:
            problems.append(error(section.where, f"rules '{section.id}': unknown phase '{section.phase}'"
                                  + did_you_mean(section.phase, phases)))
    return problems


def _check_phase_name(game: Game, phase) -> list[Problem]:
    """A phase named after an attribute that rewards another one is most likely a slip in the source."""
    named = game.attribute(phase.name.removesuffix(" Phase").strip())
    rewards = phase.rewards
    trigger = rewards and game.attribute(rewards.attribute)
    if named and rewards and trigger and named != trigger:
        return [warning(rewards.where, f"phase '{phase.name}' is named after {named.name} but its trigger "
                        f"is {rewards.kind} {rewards.attribute} ({trigger.name}); "
                        "if the source says so, keep it and record an erratum")]
    return []


def _check_attributes(game: Game) -> list[Problem]:
    """Every name, alias and code must point at one attribute; a sub-factor's group must exist."""
    problems = []
    owners: dict[str, str] = {}
    for attribute in game.attributes:
        for name in {attribute.name, *attribute.aliases, *([attribute.abbreviation] if attribute.abbreviation else [])}:
            if name in owners and owners[name] != attribute.name:
                problems.append(error(attribute.where, f"'{name}' names both {owners[name]} and {attribute.name}"))
            owners.setdefault(name, attribute.name)
        if attribute.group and game.attribute(attribute.group) is None:
            problems.append(error(attribute.where, f"attribute '{attribute.name}': unknown group '{attribute.group}'"
                                  + did_you_mean(attribute.group, _attribute_names(game))))
    return problems


def _check_card_refs(game: Game, names: tuple[str, ...], where, owner: str) -> list[Problem]:
    cards = [card.name for deck in game.decks for card in deck.cards]
    return [error(where, f"{owner}: no card named '{name}'" + did_you_mean(name, cards))
            for name in names if name not in cards]


def _row_attributes(game: Game, table: DiceTable, row) -> list[Problem]:
    """A row's attribute and the attributes its result names are the game's."""
    names = [row.attribute] if row.attribute is not None else []
    return [error(row.where, f"table '{table.name}': unknown attribute '{name}'" + did_you_mean(name, _attribute_names(game)))
            for name in [*names, *row.attributes] if game.attribute(name) is None]


def _check_table(game: Game, table: DiceTable) -> list[Problem]:
    if not table.die:  # a lookup table: its rows are keys, not rolls
        problems = []
        for row in table.rows:
            problems += _row_attributes(game, table, row)
            problems += _check_effects(game, row.effects, f"table '{table.name}'")
        return problems
    bounds = die_range(table.die)
    if bounds is None:
        return [error(table.where, f"table '{table.name}': die '{table.die[:20]}' is not dice notation like 1D10 or 2D6 "
                      f"(at most {MAX_RESULT} results)")]
    problems = []
    covered: dict[int, str] = {}
    for row in table.rows:
        values = roll_values(row.roll, table.die)
        if values is None or not values or min(values) < bounds[0] or max(values) > bounds[1]:
            problems.append(error(row.where, f"table '{table.name}': roll '{row.roll}' is not a result of {table.die}"))
            continue
        for value in sorted(values):
            if value in covered:
                problems.append(error(row.where, f"table '{table.name}': {value} is covered by both "
                                      f"'{covered[value]}' and '{row.roll}'"))
            covered.setdefault(value, row.roll)
        problems += _row_attributes(game, table, row)
        problems += _check_effects(game, row.effects, f"table '{table.name}'")
    gaps = [v for v in range(bounds[0], bounds[1] + 1) if v not in covered]
    if gaps:
        problems.append(error(table.where, f"table '{table.name}': no row for roll {', '.join(map(str, gaps))}"))
    return problems


def _attribute_names(game: Game) -> list[str]:
    return [name for a in game.attributes for name in (a.name, *a.aliases, a.abbreviation) if name]
