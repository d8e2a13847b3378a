"""The card model's keys of a step compiled for the engine (CardStep, kept in the step's
Vocab.cards): zones as places, filters as card tests, fields as code arrays, conditions and numbers
compiled, nested steps compiled. Plain tuples (a plan pickles). Reads the model only.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from kitgen.errors import KitgenError, did_you_mean, error
from kitgen.model import Action, Filter
from kitgen.simulate.compile.cards import CardTest, compile_filter, field_codes
from kitgen.simulate.compile.conditions import Names, condition, number
from kitgen.simulate.compile.expressions import card_number, group_number
from kitgen.simulate.compile.nodes import Node
from kitgen.simulate.compile.zones import fold_zone

DIRECTIONS = {"": 0, "left": 1, "right": -1, "across": 2}


class CardStep(NamedTuple):
    """What a card-model step reads beside plan.Step's fields."""
    zone: int  # the place it takes cards from (-1: the step's default)
    to: int  # the place it puts them (-1: the step's default)
    filter: CardTest | None
    top: int  # only the top N cards of `zone` (0: any)
    follow: tuple[int, ...] | None  # the follow field's codes
    match: tuple | None  # (place, ((field, codes), ...), wild test or None)
    must: bool
    only: tuple[tuple[CardTest, Node | None], ...]
    mark: str
    value: Node | None
    direction: int  # 1 left (the next seat), -1 right, 2 across, 0 none
    otherwise: tuple  # compiled Steps
    loser: tuple
    protected: Node | None
    yourself: bool
    rank: tuple[int, ...] | None
    trump: CardTest | None
    lead: bool
    field: str
    counter: int  # the value index `attribute` names (set, score), -1: none
    group: tuple[int, ...] | None  # score: the field whose groups score
    scoring: tuple  # score's sets / by_count / majority, compiled (vocabulary/scoring.py reads them)
    block: CardTest | None = None  # claim: the card a blocker claims
    put: str = ""  # move: where in `to` the cards go (top, bottom, random, chosen; "": top)


HOSTED = ("attach", "detach", "reattach")  # the steps that put a card under a card they choose


def card_step(action: Action, names: Names, compile_step: Callable[[Action], Any]) -> CardStep:
    """The card-model fields of `action`; `compile_step` compiles a nested step."""
    def place(name: str) -> int:
        if not name:
            return -1
        found = names.places.get(fold_zone(name))
        if found is None:
            raise KitgenError(error(action.where, f"action '{action.do}': unknown zone '{name}'"
                                    + did_you_mean(name, [p.name for p in names.place_list])))
        return found

    where, facts = action.where, names.facts
    to = place(action.to if action.do != "pass" else "")
    if to >= 0 and names.place_list[to].kind == "attached" and action.do not in HOSTED:  # no host: under no card
        raise KitgenError(error(where, f"action '{action.do}': to: '{action.to}' is an attached zone, whose cards lie "
                                       "under a card: do: attach chooses the card"))

    def field(name: str) -> tuple[int, ...] | None:
        return field_codes(facts, name, where) if name else None

    def cond(when) -> Node | None:
        return condition(when, names, names.decks) if when is not None else None

    counter = names.index(action.attribute) if action.attribute else -1
    if action.attribute and counter < 0:
        raise KitgenError(error(where, f"action '{action.do}': '{action.attribute}' is not a counter or attribute "
                                "the simulator keeps"))
    return CardStep(
        place(action.zone), to, card_filter(action.filter, names),
        action.top, field(action.follow), _match(action, names, place), action.must,
        tuple((_filter_of(r.filter, names), cond(r.when)) for r in action.only), action.mark,
        _value(action, names), DIRECTIONS[action.direction], tuple(compile_step(a) for a in action.otherwise),
        tuple(compile_step(a) for a in action.loser), cond(action.protected), action.yourself, field(action.rank),
        card_filter(action.trump, names), action.lead, _declared(action, names), counter,
        field(action.group) if action.do == "score" else None, _scoring(action, names),
        card_filter(action.block, names), action.put)


def card_filter(spec: Filter | None, names: Names) -> CardTest | None:
    if spec is None:
        return None
    return compile_filter(spec, names.facts, lambda text, where, card: card_number(names, text, where or spec.where, card))


def _filter_of(spec: Filter, names: Names) -> CardTest:
    found = card_filter(spec, names)
    assert found is not None  # a filter given compiles to a test
    return found


def _value(action: Action, names: Names) -> Node | None:
    if action.value is None:
        return None
    if action.do == "score" and action.group:  # read over each group's cards
        return group_number(names, action.value, action.where)
    return number(action.value, names, action.where)


def _match(action: Action, names: Names, place: Callable[[str], int]) -> tuple | None:
    spec = action.match
    if spec is None:
        return None
    fields = tuple((name, field_codes(names.facts, name, spec.where)) for name in spec.fields)
    return (place(spec.zone), fields, card_filter(spec.wild, names))


def _declared(action: Action, names: Names) -> str:
    if action.field and action.field not in names.facts.texts:
        field_codes(names.facts, action.field, action.where)  # an unknown field: its error
        raise KitgenError(error(action.where, f"declare: '{action.field}' is a number field; name a text or "
                                "choice field"))
    return action.field


def _scoring(action: Action, names: Names) -> tuple:
    """(kind, ...) of a score step's sets, by_count or majority (kind "" : its value alone)."""
    if action.sets is not None:
        spec = action.sets
        return ("sets", card_filter(spec.filter, names), max(1, spec.size), number(spec.points, names, spec.where))
    if action.by_count is not None:
        spec2 = action.by_count
        return ("by_count", card_filter(spec2.filter, names),
                tuple(number(p, names, spec2.where) for p in spec2.points))
    if action.majority is not None:
        spec3 = action.majority
        return ("majority", number(spec3.value, names, spec3.where),
                tuple(number(p, names, spec3.where) for p in spec3.points), spec3.tie)
    return ("",)
