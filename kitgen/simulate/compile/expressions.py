"""Expressions over cards compiled for the engine: the card functions (`count(hand, suit=Hearts)`,
`sum(won.points)`, `max(hand.value)`, `top(pile).color`, `first(trick).suit`, `piles_empty(supply)`,
`distinct(tableau.color)`), comparisons and `and` / `or` / `not`, into the tuples that
engine/conditions.value() reads. A zone is the player's own (a table zone: the table's);
`others.ZONE` reads every other player's, `all.ZONE` every player's. Only the parsed tree is read.

Where an expression is read decides what a bare field name is: in a filter's `test:` the card being
tested (`value > 3`); in a `score` step's `group:` the group's cards (`sum(value)`, `count()`);
elsewhere names are counters. A field's value is named bare or quoted (`suit == Hearts`,
`name == "Queen of Spades"`). An unknown zone, field or value is a located error with a did-you-mean.
"""
from __future__ import annotations

import ast
import operator

from kitgen.check.conditions import SPECIAL_NAMES, fold
from kitgen.check.formula import FormulaError, called_name, capped, numeric_call, parse_expression
from kitgen.errors import KitgenError, Where, did_you_mean, error
from kitgen.model import Expr
from kitgen.simulate.compile.cards import EQ, MASK, CardTest, Facts, all_of, compare, field_codes, value_code
from kitgen.simulate.compile.nodes import (ADD, AIM, AND, CARD, CMP, CONST, COUNT, DIV, DISTINCT, GROUP_KEY, LEAST,
                                           MOD, MOST_OF, MUL, NEG, NOT, OR, PILES, RANKS, ROLL, SUB, SUM, THIS_FIELD, TOP,
                                           Node)
from kitgen.simulate.compile.zones import WHO, fold_zone

SEAT, CARD_SCOPE, GROUP = range(3)  # where an expression is read: a seat's, a card being tested, a group of cards
OWN, OTHERS, ALL, GIVEN, THIS = range(5)  # whose zone a card function reads (GIVEN: the group's cards;
# THIS: the cards attached under the card being read, engine/zones.under)
_BINARY = {ast.Add: ADD, ast.Sub: SUB, ast.Mult: MUL, ast.Div: DIV, ast.FloorDiv: DIV, ast.Mod: MOD}
_NUMERIC = {"min": LEAST, "max": MOST_OF, "roll": ROLL, "target": AIM}
_COMPARE = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
            ast.Gt: operator.gt, ast.GtE: operator.ge}


class Reader:
    """Compiles one expression where it is read (`scope`), raising a located error on the first name
    it does not know. `names`: compile/conditions.Names (counters, the places and the card facts)."""

    def __init__(self, names, where: Where | None, scope: int = SEAT):
        self.names, self.where, self.scope = names, where, scope
        self.facts: Facts = names.facts

    def fail(self, message: str) -> KitgenError:
        return KitgenError(error(self.where, message))

    def read(self, text: Expr) -> Node:
        try:
            tree = parse_expression(text)
        except FormulaError as exc:
            raise self.fail(f"'{text[:40]}' {exc}") from None
        node, _ = self.typed(tree.body)
        return node

    def typed(self, node: ast.AST) -> tuple[Node, str]:
        """The compiled node, and the card field it reads ("" when it is a plain number)."""
        if isinstance(node, ast.Constant):
            if not isinstance(node.value, int):  # parse_expression lets only whole numbers and text through
                raise self.fail(f"text {str(node.value)!r} stands only where a card field is compared with it")
            return (CONST, capped(node.value)), ""
        if isinstance(node, ast.Name):
            return self.name(node.id)
        if isinstance(node, ast.UnaryOp):
            inner, _ = self.typed(node.operand)
            return ((NEG, inner) if isinstance(node.op, ast.USub) else (NOT, inner) if isinstance(node.op, ast.Not)
                    else inner), ""
        if isinstance(node, ast.BinOp):
            return (_BINARY[type(node.op)], self.typed(node.left)[0], self.typed(node.right)[0]), ""
        if isinstance(node, ast.BoolOp):
            return (AND if isinstance(node.op, ast.And) else OR, tuple(self.typed(v)[0] for v in node.values)), ""
        if isinstance(node, ast.Compare):
            return self.compared(node.left, node.ops[0], node.comparators[0]), ""
        if isinstance(node, ast.Call):
            return self.call(node), ""
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Call) and called_name(node.value) in ("top", "first"):
            return self.end_card(node.value, node.attr)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "this":
            return self.this_field(node.attr), node.attr
        raise self.fail("a zone's field is read inside a card function: sum(won.points), top(pile).color")

    def name(self, word: str) -> tuple[Node, str]:
        if self.scope == CARD_SCOPE and word in self.facts.codes:
            return (CARD, self.facts.codes[word]), word
        if self.scope == GROUP and word in self.facts.codes:  # the group's own value of a field (its key)
            return (GROUP_KEY, self.facts.codes[word]), word
        if self.scope == CARD_SCOPE and word in self.facts.lists:
            raise self.fail(f"'{word}' is a list: test it in a filter, {{{word}: x}}, or count(hand, {word}=x)")
        if fold(word) not in self.names.folded and fold(word) not in SPECIAL_NAMES:
            known = sorted({*self.names.folded.values(), *SPECIAL_NAMES,
                            *(self.facts.codes if self.scope == CARD_SCOPE else ())})
            raise self.fail(f"unknown name '{word}'{did_you_mean(word, known)}")
        return self.names.reader(word), ""

    def compared(self, left: ast.AST, op: ast.cmpop, right: ast.AST) -> Node:
        """a < b; a card field compared with a bare name or text compares with that value's code."""
        holds = _COMPARE[type(op)]
        sides = []
        for mine, other in ((left, right), (right, left)):
            field = self._field_of(other)
            if field and self._is_value(mine):
                sides.append((CONST, self._value(field, mine)))
            else:
                sides.append(self.typed(mine)[0])
        return (CMP, holds, sides[0], sides[1])

    def _field_of(self, node: ast.AST) -> str:
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Call):
            return node.attr
        if self.scope in (CARD_SCOPE, GROUP) and isinstance(node, ast.Name) and node.id in self.facts.codes:
            return node.id
        return ""

    def _is_value(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return True
        return isinstance(node, ast.Name) and fold(node.id) not in self.names.folded and not (
            self.scope in (CARD_SCOPE, GROUP) and node.id in self.facts.codes)

    def _value(self, field: str, node: ast.AST) -> int:
        text = node.id if isinstance(node, ast.Name) else str(node.value)  # type: ignore[attr-defined]
        field_codes(self.facts, field, self.where)
        return value_code(self.facts, field, text, self.where)

    # --- the card functions ----------------------------------------------------------------

    def call(self, node: ast.Call) -> Node:
        name = called_name(node)
        if numeric_call(node):  # min / max of numbers, roll(dice, sides), target(EXPRESSION)
            return (_NUMERIC[name], *(self.typed(argument)[0] for argument in node.args))
        if name in ("top", "first"):
            raise self.fail(f"{name}() is a card: read one of its fields, {name}(pile).color")
        test = self.filters(node.keywords)
        if name in ("count", "piles_empty"):
            zone = self.zone(node.args[0] if node.args else None)
            if name == "piles_empty":
                return (PILES, zone, self._piles(zone))
            return (COUNT, zone, test)
        zone, field = self.zone_field(node.args[0] if node.args else None, name)
        codes = field_codes(self.facts, field, self.where)
        if name == "distinct":
            return (DISTINCT, zone, codes, test)
        if self.facts.texts.get(field) and name == "sum":
            raise self.fail(f"sum({field}): '{field}' is text; sum a number field, or count(..., {field}=x)")
        return (SUM if name == "sum" else RANKS, zone, codes, test, name == "max")

    def this_field(self, field: str) -> Node:
        """this.FIELD: a field (or an attribute its effects change) of the card a step is taken for
        (`each:`), or of the card a rule is about (a filter's test, an attach cost's host)."""
        if self.scope != CARD_SCOPE and not self.names.each:
            raise self.fail(f"this.{field}: 'this' is the card a step is taken for (each: ZONE) or a rule is about "
                            "(a filter's test, an attach step's cost)")
        codes = field_codes(self.facts, field, self.where)
        if self.facts.texts.get(field):  # its value would be the text's place in a sorted list: a number guessed
            raise self.fail(f"this.{field}: '{field}' is text; read a number field of the card, or test it in a filter")
        return (THIS_FIELD, codes)

    def end_card(self, node: ast.Call, field: str) -> tuple[Node, str]:
        if node.keywords or len(node.args) != 1:
            raise self.fail(f"{called_name(node)}(ZONE).{field} reads one zone")
        zone = self.zone(node.args[0])
        return (TOP, zone, field_codes(self.facts, field, self.where), called_name(node) == "top", field), field

    def zone(self, node: ast.AST | None) -> tuple[int, int]:
        """(place, whose) of a zone argument: ZONE, others.ZONE, all.ZONE; none: the group's cards."""
        if node is None:
            if self.scope != GROUP:
                raise self.fail("a card function names its zone: count(hand)")
            return (-1, GIVEN)
        whose = OWN
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in WHO:
            whose, node = {"others": OTHERS, "all": ALL, "this": THIS}[node.value.id], ast.Name(node.attr)
        if not isinstance(node, ast.Name):
            raise self.fail("a card function names a zone: count(hand), sum(won.points), count(others.hand), count(this.crew)")
        places = self.names.places
        if fold_zone(node.id) not in places:
            raise self.fail(f"unknown zone '{node.id}'{did_you_mean(node.id, sorted(places))}")
        place = places[fold_zone(node.id)]
        if whose == THIS and not self.names.card_game:
            raise self.fail(f"this.{node.id} reads under one printed copy: a game of the card model's zones (a "
                            "pile or supply zone, rounds: or setup steps), whose every copy is a card of its own")
        if whose == THIS and ((self.scope != CARD_SCOPE and not self.names.each)
                              or self.names.place_list[place].kind != "attached"):
            raise self.fail(f"this.{node.id}: 'this' reads the cards attached under the card a rule is about (an "
                            "attached zone, in a filter's test or an attach step's cost)")
        return (place, whose)

    def zone_field(self, node: ast.AST | None, function: str) -> tuple[tuple[int, int], str]:
        if self.scope == GROUP and isinstance(node, ast.Name):
            return (-1, GIVEN), node.id
        if not isinstance(node, ast.Attribute):
            raise self.fail(f"{function}() reads a zone's field: {function}(hand.value)")
        return self.zone(node.value), node.attr

    def filters(self, keywords: list[ast.keyword]) -> CardTest | None:
        """count(hand, suit=Hearts, value=top(pile).value): each keyword a field that must equal its value."""
        if not keywords:
            return None
        parts = []
        for keyword in keywords:
            field = keyword.arg or ""
            if field in self.facts.lists:
                parts.append(self._listed(field, keyword.value))
                continue
            codes = field_codes(self.facts, field, self.where)
            if self._is_value(keyword.value):
                wanted = self._value(field, keyword.value)
                parts.append((MASK, tuple(code == wanted for code in codes)))
            else:
                parts.append(compare(codes, EQ, self.typed(keyword.value)[0], bool(self.facts.texts.get(field))))
        return all_of(parts, len(self.facts.record))

    def _listed(self, field: str, node: ast.AST) -> CardTest:
        if not isinstance(node, (ast.Name, ast.Constant)):
            raise self.fail(f"{field}= names one of its values: {field}=fast")
        wanted = node.id if isinstance(node, ast.Name) else str(node.value)
        return (MASK, tuple(wanted in s for s in self.facts.lists[field]))

    def _piles(self, zone: tuple[int, int]) -> tuple[int, ...]:
        """The names (their codes) whose pile a supply starts with: piles_empty counts those with none left."""
        place = self.names.place_list[zone[0]]
        if place.kind != "supply":
            raise self.fail(f"piles_empty() reads a supply (piles by card name); '{place.name}' is a {place.kind}")
        decks = self.names.deck_cards.get(place.deck, ())
        return tuple(sorted({self.facts.codes["name"][card] for card in decks}))


def card_number(names, text: Expr, where: Where | None, card: bool) -> Node:
    """An expression of a filter: `card` True reads the tested card's fields bare (its `test:`)."""
    return Reader(names, where, CARD_SCOPE if card else SEAT).read(text)


def group_number(names, text: Expr, where: Where | None) -> Node:
    """An expression over a group of cards (score's `group:`): `sum(value)`, `count(type=Wager)`."""
    return Reader(names, where, GROUP).read(text)
