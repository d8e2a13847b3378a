"""What document templates see: the game as printed for players (model.for_players), plus small
lookups so templates never hold rule text, and for the designer's notes what players are not shown."""
from __future__ import annotations

import datetime
import re

from kitgen.check.conditions import phase_when_words, unless_flags, vocabulary_lines, when_words
from kitgen.check.formula import FormulaError, evaluate
from kitgen.check.limits import describe_breaches
from kitgen.language import ENGLISH, N_, Language
from kitgen.layout.effects import target_label, when_to_play
from kitgen.model import (Attribute, Card, Deck, Effect, Faction, Formula, Game, TableRow, Track,
                          Trigger, cost_text, effect_value, for_players)


def document_context(whole: Game) -> dict:
    game = for_players(whole)
    words = _words(game)
    _ = game.language
    return {
        **_first_game_helpers(game),
        **words,
        **_deck_helpers(game),
        **_language_helpers(game),
        "game": game,
        "tracks": game.tracks or (Track(name=_("Attributes"), column_label=game.turn_label, start=_("Start")),),
        "track_rows": lambda track: ([words["attribute_name"](row) for row in track.rows]
                                     or [a.name for a in game.attributes]) + list(track.extra_rows),
        "track_columns": lambda track: track.columns or game.turns,
        "start_of": lambda name: _start_of(game, name),
        "sheet_counters": _sheet_counters(game),
        "when_to_play": lambda card_type: when_to_play(game, card_type),
        "cost_text": lambda cost: cost_text(cost, _),
        "when_words": lambda when: when_words(when, _),
        "phase_when": lambda when, form: phase_when_words(when, form, _),
        "unless_flags": unless_flags,
        # phases the reference names a player for: a reward not everyone gets, or a condition (one
        # skipped while a card's flag is in play is everyone's: it says so beside its name)
        "phases_with_who": [p for p in game.phases if (p.rewards and not p.everyone)
                            or (p.when is not None and not unless_flags(p.when))],
        "vocabulary_lines": vocabulary_lines(game),
        "sections_without_deck": [s for s in game.rules if s.deck is None and s.phase is None],
        "sections_for_deck": lambda deck_id: [s for s in game.rules if s.deck == deck_id and s.phase is None],
        "sections_for_phase": lambda name: [s for s in game.rules if s.phase == name],
        "designer": _designer(whole),
    }


def _designer(whole: Game) -> dict:
    """What the designer's notes add to the players' documents: the whole game (every kit choice
    and erratum with its id, the source's words and why), the sections written for designers, and
    every other record players are not shown, as (what it is, its name, its audience), kitgen's
    words in the game's language."""
    _ = whole.language
    held = [(_("Table"), t.name, t.audience) for t in whole.tables]
    held += [(_("Formula"), f.name, f.audience) for f in whole.formulas]
    held += [(_("Card field ({type})", type=t.name), f.label or f.name, f.audience) for t in whole.card_types
             for f in t.fields]
    held += [(_("Card field"), f.label or f.name, f.audience) for f in whole.fields]
    held += [(_("Kit choice"), c.id, c.audience) for c in whole.kit_choices]
    held += [(_("Rule section"), s.title, s.audience) for s in whole.rules if s.audience == "simulator"]
    return {"game": whole, "sections": [s for s in whole.rules if s.audience == "designers"],
            "held": [(kind, name, _(AUDIENCES[audience])) for kind, name, audience in held if audience != "players"]}


AUDIENCES = {"designers": N_("designers"), "simulator": N_("simulator")}  # model.Audience


def _words(game: Game) -> dict:
    """How documents name attributes and effects, and the worked examples of formulas."""
    def attribute_name(name: str) -> str:
        attribute = game.attribute(name)
        return attribute.name if attribute else name

    def effect_text(effect: Effect) -> str:
        text = f"{attribute_name(effect.attribute)} {effect_value(effect)}"
        return target_label(effect.target, text, game.language)

    def table_effect(row) -> str:
        """A row's third column: its attribute (unless the result already says it), effects, text."""
        parts = []
        if row.attribute and attribute_name(row.attribute).casefold() not in (row.result.casefold(), row.roll.casefold()):
            parts.append(attribute_name(row.attribute))
        parts += [effect_text(effect) for effect in row.effects]
        return ". ".join(p for p in (", ".join(parts), row.text) if p)

    def rewarded(trigger: Trigger, capital: bool = False) -> str:
        """'highest Military' (a phase's reward), 'Highest Military' to start a line."""
        _, name = game.language, attribute_name(trigger.attribute)
        if trigger.kind == "lowest":
            return _("Lowest {attribute}", attribute=name) if capital else _("lowest {attribute}", attribute=name)
        return _("Highest {attribute}", attribute=name) if capital else _("highest {attribute}", attribute=name)

    return {"attribute_name": attribute_name, "effect_text": effect_text, "table_effect": table_effect,
            "rewarded": rewarded,
            "formula_examples": lambda formula: _formula_examples(formula, game.language),
            "attribute_rows": lambda: _attribute_rows(game)}


def _attribute_rows(game: Game) -> list[dict]:
    """The reference's attribute table, one table with one header (its columns line up down the
    page), in groups it breaks between, never inside: each attribute's group (unless its name already
    starts with it), the codes cards print it as (each once: an abbreviation is often an alias as
    well), and what it covers (only where that says more than the name)."""
    rows = []
    heads = {a.group for a in game.attributes if a.group}
    for attribute in game.attributes:
        group = game.attribute(attribute.group) if attribute.group else None
        codes = list(dict.fromkeys(code for code in (attribute.abbreviation, *attribute.aliases)
                                   if code and code.casefold() != attribute.name.casefold()))
        covers = attribute.description if attribute.description.casefold() != attribute.name.casefold() else ""
        rows.append({"name": attribute.name, "codes": ", ".join(codes), "covers": covers,
                     "group": group.name if group and not attribute.name.startswith(group.name) else "",
                     "starts_group": bool(heads) and not attribute.group})  # a top-level attribute of a game with groups

    return rows


def _formula_examples(formula: Formula, _: Language = ENGLISH) -> dict | None:
    """Worked examples for the reference: the first variable across the columns, every other one held
    at its first example and said so in words ('In this table N = 3'): no value is fixed unseen."""
    if not formula.variables or not formula.variables[0].examples:
        return None
    first, *others = formula.variables
    held = {v.name: (v.examples or (0,))[0] for v in others}
    try:
        results = [f"{evaluate(formula.expression, {**held, first.name: value}):g}" for value in first.examples]
    except (FormulaError, KeyError, ZeroDivisionError):
        return None
    return {"corner": first.name, "columns": [str(value) for value in first.examples],
            "rows": [(formula.name, results)],
            "held": _(" and ").join(f"{name} = {value:g}" for name, value in held.items())}


def _deck_helpers(game: Game) -> dict:
    def cards_with_kit_choices() -> list[tuple[str, list[str]]]:
        """(choice, card names) with cards that share the same note listed together."""
        grouped: dict[str, list[str]] = {}
        for card in (c for deck in game.decks for c in deck.cards if c.kit_choice):
            grouped.setdefault(card.kit_choice, []).append(card.name)
        return list(grouped.items())

    def deck_composition(deck: Deck) -> str:
        """The cards of each type, as check/stats.deck_stats lists the types (those declared for
        the deck in order, then any other its cards have), without the points it also adds up."""
        declared = [t.name for t in game.card_types if t.deck == deck.id]
        copies: dict[str, int] = {}
        for card in deck.cards:
            copies[card.type] = copies.get(card.type, 0) + card.copies
        names = declared + sorted(set(copies) - set(declared))
        _ = game.language
        parts = [f"{copies.get(name, 0)} {_type_words(game, name, copies.get(name, 0))}" for name in names]
        cards = _.ngettext("{count} card", "{count} cards", sum(copies.values()))
        return _("**{deck}:** {cards} ({types}).", deck=deck.name, cards=cards, types=", ".join(parts))

    return {"cards_with_kit_choices": cards_with_kit_choices, "deck_composition": deck_composition,
            "cards_in": lambda deck: sum(card.copies for card in deck.cards),  # every copy: the cards to cut
            "deck_name": lambda deck_id: next((d.name for d in game.decks if d.id == deck_id), deck_id or "")}


def _start_of(game: Game, name: str) -> str:
    """A player-sheet row's start: the attribute's, else the counter's of that name."""
    attribute, counter = game.attribute(name), game.counter(name)
    return attribute.start if attribute else (str(counter.start) if counter else "")


def _sheet_counters(game: Game) -> list:
    """Counters no track of the player sheet already has a row for: they get a grid of their own. A
    derived total is worked out when a rule asks for it, not kept turn by turn: it gets no row."""
    tracks = game.tracks or (Track(name="Attributes"),)
    shown = {row.casefold() for track in tracks for row in (track.rows or [a.name for a in game.attributes])}
    shown |= {row.casefold() for track in tracks for row in track.extra_rows}
    return [c for c in game.counters if c.total is None
            and not ({c.name.casefold(), *(a.casefold() for a in c.aliases)} & shown)]


def _type_words(game: Game, type_name: str, count: int) -> str:
    """'1 Sort', '2 Sorts': the type's name or its plural (itself when the data gives none), as the
    game's language says for `count` (CLDR: French 0 and 1 are singular, English only 1)."""
    card_type = game.card_type(type_name)
    return game.language.choose(count, type_name, card_type.plural if card_type and card_type.plural else type_name)


def _language_helpers(game: Game) -> dict:
    """What templates translate with: `_("...", name=value)`, `ngettext(singular, plural, count)`,
    `date("2025-03-05")` (a date in full, as the language writes it), `one_of(title)` (the heading
    of a column of factions: English drops a plural's 's', other languages keep the title)."""
    _ = game.language
    return {"_": _, "ngettext": _.ngettext, "date": lambda text: _.date(datetime.date.fromisoformat(str(text))),
            "one_of": lambda title: title[:-1] if _.code == "en" and title.endswith("s") else title}


def _first_game_helpers(game: Game) -> dict:
    """The first-game page and the rules' Limits: where each table is used, the optional steps a
    deck adds to a phase (Galactic Civ's Event roll), who starts in breach of a limit, and what each erratum changes."""
    optional = {deck.id for deck in game.decks if deck.optional}
    owners: list[tuple[str, Card | Attribute | Faction | TableRow]] = [(c.name, c) for d in game.decks for c in d.cards]
    owners += [(a.name, a) for a in game.attributes]
    owners += [(f.name, f) for f in game.factions] + [(f"{t.name} {r.roll}", r) for t in game.tables for r in t.rows]

    def table_uses(table) -> list[str]:
        """The phases whose text names the table ('Roll on the Probe table') or that the table's own
        text names ('Used by the Aggression ... Phases'), then rule sections that name it."""
        name = table.name.casefold()
        uses = [p.name for p in game.phases if name in f"{p.text} {p.summary}".casefold()
                or re.search(rf"\b{re.escape(p.name.removesuffix(' Phase'))}\b", table.text)]
        uses += [s.title for s in game.rules if name in " ".join(s.text).casefold() and s.title not in uses]
        return uses

    return {
        "table_uses": table_uses,
        "limit_breaches": lambda limit: describe_breaches(game, limit),
        "optional_steps": lambda name: [s for s in game.rules if s.phase == name and s.deck in optional],
        "erratum_owners": lambda erratum_id: [name for name, owner in owners if owner.erratum == erratum_id],
    }
