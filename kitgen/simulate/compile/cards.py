"""What the rules read of each card, compiled to arrays by card index (an instance, one per printed
copy, in a game that plays cards by the card model; a card record otherwise): every declared field,
its `name` and `type` as codes, its keywords; and the filters (`filter:`, an expression's
`count(hand, suit=Hearts)`) that pick cards by them. Reads the model only.

A field's code is its whole number (a number field, decimals dropped), its place in the list (a
`choice of [...]` field: ranks compare), or its place among the values the cards give (a text
field); a card without the field reads NONE (a number field: 0).
"""
from __future__ import annotations

import operator
from typing import Any, NamedTuple

from kitgen.errors import KitgenError, Where, did_you_mean, error
from kitgen.model import Card, CardField, FieldTest, Filter, Game
from kitgen.simulate.compile.nodes import CONST

NONE = -1  # the code of a field a card does not have
BUILT_IN = ("name", "type")  # what every card has besides its declared fields (and its keywords)
LISTS = ("keyword",)  # tested by membership: {keyword: fast}


class Facts(NamedTuple):
    """Per field, each card's code (`codes`), and what each code stands for (`texts`: the values of a
    text or choice field, in order; empty for a number field, whose code is the number)."""
    codes: dict[str, tuple[int, ...]]
    texts: dict[str, tuple[str, ...]]
    lists: dict[str, tuple[frozenset[str], ...]]  # keyword and `list of text` fields: each card's set
    record: tuple[int, ...]  # per card: the first card of its record (copies are alike: one option for all)
    # an attribute's name, code or alias -> what each card's own effects give it (a group total: its
    # group's too), read as a number field where no declared field has that name: sum(facilities.MD)
    effects: dict[str, tuple[int, ...]] = {}


def declared_fields(game: Game) -> dict[str, CardField]:
    """Every field the game or a card type declares, by name (the first declaration wins)."""
    found: dict[str, CardField] = {}
    for spec in (*game.fields, *(f for t in game.card_types for f in t.fields)):
        found.setdefault(spec.name, spec)
    return found


def card_facts(game: Game, cards: tuple[Card, ...], record: tuple[int, ...]) -> Facts:
    """The facts of `cards` (the plan's, in its order); `record`: each card's first copy's index."""
    codes: dict[str, tuple[int, ...]] = {}
    texts: dict[str, tuple[str, ...]] = {}
    lists: dict[str, tuple[frozenset[str], ...]] = {"keyword": tuple(frozenset(c.keywords) for c in cards)}
    names = tuple(dict.fromkeys(c.name for c in cards))
    types = tuple(dict.fromkeys([t.name for t in game.card_types] + [c.type for c in cards]))
    texts["name"], texts["type"] = names, types
    where = {name: i for i, name in enumerate(names)}
    codes["name"] = tuple(where[c.name] for c in cards)
    codes["type"] = tuple(types.index(c.type) for c in cards)
    for name, spec in declared_fields(game).items():
        values = [c.fields.get(name) for c in cards]
        if spec.kind == "list of text":
            lists[name] = tuple(frozenset(v) if isinstance(v, tuple) else frozenset() for v in values)
        elif spec.kind in ("whole number", "number"):
            codes[name] = tuple(int(v) if isinstance(v, (int, float)) else 0 for v in values)
        else:
            order = tuple(dict.fromkeys([*spec.choices, *(str(v) for v in values if v is not None)]))
            place = {text: i for i, text in enumerate(order)}
            codes[name], texts[name] = tuple(place[str(v)] if v is not None else NONE for v in values), order
    return Facts(codes, texts, lists, record, _effects(game, cards, codes))


def _effects(game: Game, cards: tuple[Card, ...], fields: dict) -> dict[str, tuple[int, ...]]:
    """Each attribute's change from each card's own unconditional effects, by every name of it."""
    named = {name: a.name for a in game.attributes for name in (a.name, a.abbreviation, *a.aliases) if name}
    totals = {a.name for a in game.attributes if a.group_total}
    given: dict[str, list[int]] = {a.name: [0] * len(cards) for a in game.attributes}
    group = {a.name: a.group for a in game.attributes}
    for i, card in enumerate(cards):
        for effect in card.effects:
            own = named.get(effect.attribute)
            if own is None or effect.target != "self" or effect.condition or effect.dice:
                continue
            given[own][i] += effect.delta
            if group[own] in totals:
                given[group[own]][i] += effect.delta
    return {name: tuple(given[own]) for name, own in named.items() if name not in fields}


# --- filters -------------------------------------------------------------------------------

# card test kinds (engine/expressions.passes reads them); MARKED: the card carries a mark a step gave it
MASK, FIELD, ALL_OF, ANY_OF, NOT, CARD_EXPR, MARKED = range(7)
EQ, GE, GT, LE, LT = range(5)
OPERATORS = (operator.eq, operator.ge, operator.gt, operator.le, operator.lt)  # by EQ ... LT
COMPARED = {"at_least": GE, "more_than": GT, "at_most": LE, "less_than": LT}

CardTest = tuple[Any, ...]


def field_codes(facts: Facts, field: str, where: Where | None) -> tuple[int, ...]:
    if field not in facts.codes and field.replace("_", " ") in facts.effects:  # an attribute: its cards' effects
        return facts.effects[field.replace("_", " ")]
    if field not in facts.codes:
        known = sorted({*facts.codes, *facts.lists})
        raise KitgenError(error(where, f"unknown card field '{field}'{did_you_mean(field, known)}; "
                                f"fields: {', '.join(known)}"))
    return facts.codes[field]


def value_code(facts: Facts, field: str, text: str, where: Where | None) -> int:
    """The code of a value as written: a number field's number, a text or choice field's place."""
    if field not in facts.texts or not facts.texts[field]:
        try:
            return int(text)
        except ValueError:
            raise KitgenError(error(where, f"card field '{field}' is a number, not '{text}'")) from None
    if text not in facts.texts[field]:
        raise KitgenError(error(where, f"no card has {field} '{text}'{did_you_mean(text, facts.texts[field])}; "
                                f"{field}: {', '.join(facts.texts[field][:12])}"))
    return facts.texts[field].index(text)


def compile_filter(spec: Filter, facts: Facts, number) -> CardTest:
    """A filter as a card test: a mask over the cards where it reads only their facts (nearly always),
    else a test worked out in play. `number(text, where, card)` compiles an expression (compile/expressions)."""
    parts = [_clause(c, facts, number) for c in spec.clauses]
    if spec.negated is not None:
        parts.append(negate(compile_filter(spec.negated, facts, number)))
    if spec.any:
        parts.append(any_of([compile_filter(f, facts, number) for f in spec.any]))
    if spec.test is not None:
        parts.append((CARD_EXPR, number(spec.test, spec.where, True)))
    return all_of(parts, len(facts.record))


def _clause(clause: FieldTest, facts: Facts, number) -> CardTest:
    if clause.field == "mark":  # {mark: fresh}: marked by a step this turn (a step's `mark:`)
        return (MARKED, clause.values)
    if clause.field in facts.lists:
        if any(v is not None for v in (clause.at_least, clause.more_than, clause.at_most, clause.less_than)):
            raise KitgenError(error(clause.where, f"'{clause.field}' is a list: name its values, {{{clause.field}: x}}"))
        sets = facts.lists[clause.field]
        return (MASK, tuple(bool(s & set(clause.values)) for s in sets))
    codes = field_codes(facts, clause.field, clause.where)
    if clause.values:
        wanted = {value_code(facts, clause.field, v, clause.where) for v in clause.values}
        return (MASK, tuple(c in wanted for c in codes))
    parts = []
    for key, op in COMPARED.items():
        text = getattr(clause, key)
        if text is not None:
            parts.append(compare(codes, op, number(text, clause.where, False), bool(facts.texts.get(clause.field))))
    return all_of(parts, len(codes))


def compare(codes: tuple[int, ...], op: int, node: tuple, text: bool) -> CardTest:
    """A field compared with a number: a mask when the number is written out, else worked out in play.
    `text`: a text or choice field, whose NONE (no value) never compares."""
    if node[0] == CONST:  # known now
        holds, bound = OPERATORS[op], node[1]
        return (MASK, tuple(not (text and c == NONE) and holds(c, bound) for c in codes))
    return (FIELD, codes, op, node, text)


def all_of(parts: list[CardTest], cards: int) -> CardTest:
    masks = [p[1] for p in parts if p[0] == MASK]
    rest = [p for p in parts if p[0] != MASK]
    if masks:
        rest.insert(0, (MASK, tuple(all(m[i] for m in masks) for i in range(cards))))
    if not rest:
        return (MASK, (True,) * cards)
    return rest[0] if len(rest) == 1 else (ALL_OF, tuple(rest))


def any_of(parts: list[CardTest]) -> CardTest:
    if all(p[0] == MASK for p in parts):
        return (MASK, tuple(any(bits) for bits in zip(*(p[1] for p in parts), strict=True)))
    return (ANY_OF, tuple(parts))


def negate(part: CardTest) -> CardTest:
    return (MASK, tuple(not bit for bit in part[1])) if part[0] == MASK else (NOT, part)
