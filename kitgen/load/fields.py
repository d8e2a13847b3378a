"""Declared card fields and costs, typed once every file is read: a card's fields need its type's
declaration, a bare cost amount needs the game's counters. Each problem points at the value.

  card_types: [{name: Unit, fields: [{name: attack, type: whole number, required: true}]}]
  cards:      [{name: Scout, type: Unit, attack: 2}]     # or fields: {attack: 2}
"""
from __future__ import annotations

import dataclasses
import difflib
import math
import re

from kitgen.errors import Problem, Where, error
from kitgen.model import (FIELD_KINDS, Card, CardField, CardType, Cost, Deck, FieldScalar, FieldValue, FieldValues,
                          Hidden)

_CHOICE = re.compile(r"^choice of \[(.*)\]$")
_INT = re.compile(r"^[+-]?\d{1,18}$")


def declared_names(values: dict) -> frozenset[str]:
    """Every field name the game or any card type declares: a card may give these as top-level keys."""
    names = {f.name for f in values.get("fields", ()) if isinstance(f, CardField)}
    for card_type in values.get("card_types", ()):
        if isinstance(card_type, CardType):
            names |= {f.name for f in card_type.fields}
    return frozenset(names)


def parse_declarations(values: dict, problems: list[Problem]) -> None:
    """Parse each field's `type` ('choice of [common, rare]' -> choices), type its default and the
    values it hides, and check how it shows, in place."""
    lists = [values.get("fields", ()), *(t.fields for t in values.get("card_types", ()))]
    unplaced = {id(spec) for specs in lists for spec in _place_refused(specs, problems)}
    values["fields"] = tuple(_declared(f, problems, id(f) in unplaced) for f in values.get("fields", ()))
    values["card_types"] = tuple(
        dataclasses.replace(t, fields=tuple(_declared(f, problems, id(f) in unplaced) for f in t.fields))
        if t.fields else t for t in values.get("card_types", ()))
    said = set()
    for card_type in values["card_types"]:  # one badge or mark a place, on every card of a type
        taken: dict[str, str] = {}
        for spec in shown_fields(card_type, values["fields"]):
            if spec.show in ("badge", "mark") and spec.place:
                other = taken.setdefault(spec.place, spec.name)
                if other != spec.name and (spec.name, other) not in said:
                    said.add((spec.name, other))
                    problems.append(error(spec.where or Where(""), f"field '{spec.name}': place '{spec.place}' "
                                          f"already holds field '{other}'"))


def _place_refused(specs, problems: list[Problem]) -> list[CardField]:
    """The declarations whose `place:` the schema already refused (an unknown name: one line with a
    did-you-mean): a problem at `place:` between a declaration's line and the next one's."""
    starts = [(spec.where.file, spec.where.line, spec) for spec in specs if isinstance(spec, CardField) and spec.where]
    refused = []
    for index, (file, line, spec) in enumerate(starts):
        end = starts[index + 1][1] if index + 1 < len(starts) else line + 50  # a declaration is a few lines
        if any(p.where and p.where.file == file and line <= p.where.line < end and ".place: '" in p.message
               for p in problems):
            refused.append(spec)
    return refused


def shown_fields(card_type: CardType, game_fields: tuple[CardField, ...]) -> list[CardField]:
    """The fields a card of this type shows, each once, in the order they print (the type's, then
    the game's); a name both declare shows as its type says; a field only the simulator reads
    (`audience: simulator`) shows nowhere on the card, as a line, a badge or a mark."""
    specs = {f.name: f for f in (*game_fields, *card_type.fields)}
    return [specs[name] for name in dict.fromkeys(f.name for f in (*card_type.fields, *game_fields))
            if specs[name].audience == "players"]


CARD_KEYS = frozenset(f.name for f in dataclasses.fields(Card))


SHOWN_KEYS = ("show", "place", "shape", "color", "colors", "icon", "hide")  # what a `cost` declaration may say


def _declared(spec: CardField, problems: list[Problem], unplaced: bool = False) -> CardField:
    if spec.name == "cost":  # how the card's own cost shows: a badge in a corner, say
        if spec.type != "text" or spec.required or spec.default or spec.label:
            problems.append(error(spec.where or Where(""), "field 'cost' says how the card's cost shows: it takes "
                                  f"only {', '.join(SHOWN_KEYS)} (the cost itself is the card's cost:)"))
        return _shown(spec, problems, unplaced)
    if spec.name in CARD_KEYS:
        problems.append(error(spec.where or Where(""), f"field '{spec.name}': a card already has a key of that name; "
                              "choose another name for the field"))
    match = _CHOICE.match(spec.type.strip())
    if match:
        choices = tuple(c.strip().strip("'\"") for c in match[1].split(",") if c.strip())
        if not choices:
            problems.append(error(spec.where or Where(""), f"field '{spec.name}': a choice needs options: choice of [a, b]"))
        spec = dataclasses.replace(spec, type="choice", choices=choices)
    elif spec.type not in FIELD_KINDS or spec.type == "choice":
        close = difflib.get_close_matches(spec.type, FIELD_KINDS, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        problems.append(error(spec.where or Where(""), f"field '{spec.name}': unknown type '{spec.type}'{hint}; one of: "
                              f"{', '.join(k for k in FIELD_KINDS if k != 'choice')}, choice of [a, b]"))
        return dataclasses.replace(spec, type="text")
    if spec.default:
        typed = type_value(spec, FieldValue(spec.name, spec.default, spec.where), problems)
        if typed is None:
            spec = dataclasses.replace(spec, default="")
    return _shown(spec, problems, unplaced)


def _shown(spec: CardField, problems: list[Problem], unplaced: bool = False) -> CardField:
    """How the field shows, checked: a place for a badge, the keys of a badge or mark only on one,
    colours for the field's own choices; hidden values typed as the field and kept as printed."""
    def fail(message: str) -> None:
        problems.append(error(spec.where or Where(""), f"field '{spec.name}': {message}"))

    apart = spec.show in ("badge", "mark")
    given = [key for key in ("place", "shape", "color", "icon") if getattr(spec, key)] + (["colors"] if spec.colors else [])
    if given and not apart:
        fail(f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} for a badge or a mark (show: badge or "
             f"show: mark); this field shows as '{spec.show}'")
    if spec.show == "badge" and not spec.place and not unplaced:  # an unknown place is said at its line
        fail("a badge needs a place: one of top-left, top, top-right, left, right, bottom-left, bottom, "
             "bottom-right, type-line")
    if spec.show == "mark" and not spec.place:
        spec = dataclasses.replace(spec, place="type-line")
    for entry in spec.colors if spec.kind == "choice" else ():
        if entry.value not in spec.choices:
            close = difflib.get_close_matches(entry.value, spec.choices, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            problems.append(error(entry.where or spec.where or Where(""), f"field '{spec.name}': colors: "
                                  f"'{entry.value}' is not one of its choices: {', '.join(spec.choices)}{hint}"))
    if not spec.hide or spec.name == "cost":
        return spec
    typed = [type_value(spec, FieldValue(spec.name, value, spec.where), problems) for value in spec.hide]
    return dataclasses.replace(spec, hide=Hidden(field_text(value) for value in typed if value is not None))


def field_text(value: FieldScalar | None) -> str:
    """A field's value as printed: '3', '2.5', 'a, b'; '' for none."""
    if value is None:
        return ""
    return ", ".join(value) if isinstance(value, tuple) else f"{value:g}" if isinstance(value, float) else str(value)


class Unreadable(str):
    """A field's value of a shape no field type takes (a mapping, a list in a list, nothing),
    described as written ("a mapping ({x: 1})"): type_value says what the field expected."""


def type_value(spec: CardField, value: FieldValue, problems: list[Problem]) -> FieldScalar | None:
    """The value as its field's type says, or None with a problem at the value."""
    raw, kind = value.value, spec.kind

    def fail(message: str) -> FieldScalar | None:
        problems.append(error(value.where or Where(""), f"field '{spec.name}': {message}"))
        return None

    if isinstance(raw, Unreadable):
        return fail(f"expected {_kind_name(spec)}, got {raw}")
    if kind == "list of text":
        return raw if isinstance(raw, tuple) else tuple(w.strip() for w in str(raw).split(",") if w.strip())
    if isinstance(raw, tuple):
        return fail(f"expected {_kind_name(spec)}, got a list ([{', '.join(raw)}])")
    text = str(raw).strip()
    if kind == "whole number":
        if _INT.match(text) and not re.match(r"^[+-]?0\d", text):
            return int(text)
        return fail(f"expected a whole number, got '{raw}'")
    if kind == "number":
        try:
            number = float(text)
        except ValueError:
            return fail(f"expected a number, got '{raw}'")
        if not math.isfinite(number) or abs(number) > 1e9:
            return fail(f"expected a number from -1e9 to 1e9, got '{raw}'")
        return int(number) if number.is_integer() and "." not in text else number
    if kind == "choice" and text not in spec.choices:
        close = difflib.get_close_matches(text, spec.choices, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        return fail(f"'{raw}' is not one of: {', '.join(spec.choices)}{hint}")
    return text


def _kind_name(spec: CardField) -> str:
    if spec.kind == "choice":
        return f"one of the choices ({', '.join(spec.choices)})"
    return {"whole number": "a whole number", "number": "a number", "list of text": "a list of text"}.get(
        spec.kind, spec.kind)


def type_decks(decks: tuple[Deck, ...], values: dict, problems: list[Problem]) -> tuple[Deck, ...]:
    """Every card's fields typed against its declarations, defaults filled in, and bare cost
    amounts given the game's only counter."""
    game_fields = {f.name: f for f in values.get("fields", ())}
    types = {t.name: t for t in values.get("card_types", ())}
    counters = [c.name for c in values.get("counters", ())]
    aliases = counter_names(values)
    out = []
    for deck in decks:
        cards = tuple(_typed_card(card, {**game_fields, **{f.name: f for f in getattr(types.get(card.type),
                                                                                       "fields", ())}},
                                  counters, problems, aliases) for card in deck.cards)
        out.append(dataclasses.replace(deck, cards=cards))
    return tuple(out)


def counter_names(values: dict) -> dict[str, str]:
    """Every counter's name and alias, folded, -> the counter's declared name."""
    names: dict[str, str] = {}
    for counter in values.get("counters", ()):
        for name in (counter.name, *counter.aliases):
            names.setdefault(name.casefold(), counter.name)
    return names


def _typed_card(card: Card, declared: dict[str, CardField], counters: list[str], problems: list[Problem],
                aliases: dict[str, str]) -> Card:
    given = {item.name: item for item in card.fields}
    typed = []
    for item in card.fields:
        spec = declared.get(item.name)
        if spec is None:
            close = difflib.get_close_matches(item.name, list(declared), n=1)
            hint = (f" (did you mean '{close[0]}'?)" if close else
                    f" (declared: {', '.join(declared)})" if declared else " (the card's type declares no fields)")
            problems.append(error(item.where or Where(""), f"card '{card.name}': unknown field '{item.name}'{hint}"))
            continue
        value = type_value(spec, item, problems)
        if value is not None:
            typed.append(FieldValue(item.name, value, item.where))
    for name, spec in declared.items():
        if name in given:
            continue
        if spec.required:
            problems.append(error(card.where or Where(""), f"card '{card.name}': missing field '{name}' (its type requires it)"))
        elif spec.default:
            value = type_value(spec, FieldValue(name, spec.default, spec.where), [])
            if value is not None:
                typed.append(FieldValue(name, value, spec.where))
    cost = _named_cost(card.cost, card.name, counters, problems, aliases)
    if typed == list(card.fields) and cost is card.cost:
        return card
    return dataclasses.replace(card, fields=FieldValues(typed), cost=cost)


def name_costs(values: dict, problems: list[Problem]) -> None:
    """Card types' and phase actions' costs name their counters as declared ({credits: 10} pays in
    Credits), in place; a name no counter has is left for validate to report."""
    counters = [c.name for c in values.get("counters", ())]
    names = counter_names(values)
    values["card_types"] = tuple(
        dataclasses.replace(t, cost=_named_cost(t.cost, t.name, counters, problems, names)) if t.cost else t
        for t in values.get("card_types", ()))
    values["phases"] = tuple(
        dataclasses.replace(p, actions=tuple(dataclasses.replace(a, cost=_named_cost(a.cost, p.name, counters, problems, names))
                                             if a.cost else a for a in p.actions)) if p.actions else p
        for p in values.get("phases", ()))


def _named_cost(cost: Cost | None, owner: str, counters: list[str], problems: list[Problem],
                aliases: dict[str, str] | None = None) -> Cost | None:
    """Each amount names its counter as declared (any case, or an alias); a bare amount (a sheet's
    cost column: 3) is paid in the game's only counter."""
    if cost is None:
        return cost
    names = aliases if aliases is not None else {}
    if all(p.counter for p in cost.pay):
        pay = tuple(dataclasses.replace(p, counter=names.get(p.counter.casefold(), p.counter)) for p in cost.pay)
        of = tuple(names.get(n.casefold(), n) for n in cost.of)
        return cost if (pay, of) == (cost.pay, cost.of) else dataclasses.replace(cost, pay=pay, of=of)
    if len(counters) != 1:
        choices = ", ".join(counters) if counters else "none are declared (game.yaml counters:)"
        problems.append(error(cost.where or Where(""), f"card '{owner}': a cost without a counter needs the game "
                              f"to declare exactly one counter; write e.g. {{credits: 3}} (counters: {choices})"))
        return None
    pay = tuple(dataclasses.replace(p, counter=p.counter or counters[0]) for p in cost.pay)
    return dataclasses.replace(cost, pay=pay)
