"""The functions an expression of the rules vocabulary may call, a fixed list: each is read from the
parsed tree (check/formula.parse_expression) and never run as code. What each reads:

    min(a, b, ...) / max(a, b, ...)   the least / greatest of two or more numbers
    roll(dice, sides)                 that many dice of that many sides, added up (0 dice: 0)
    count(zone)                       the player's cards in a zone (`hand`: in the hand)
    sum(zone.Attribute)               what the effects of the player's cards in a zone give that attribute
    target(expression)                the expression for the player a step targets (0: no target)

and three names a battle sets: `attacking` and `defending` (1 for that side, else 0) and `lost`
(what the battle's loser lost). Stdlib only.
"""
from __future__ import annotations

import ast
from typing import NamedTuple

NUMBERS, ZONE, ZONE_ATTRIBUTE, EXPRESSION = "numbers", "zone", "zone.attribute", "expression"
FUNCTIONS = {"min": NUMBERS, "max": NUMBERS, "roll": NUMBERS, "count": ZONE, "sum": ZONE_ATTRIBUTE,
             "target": EXPRESSION}
ARITY = {"min": (2, 10), "max": (2, 10), "roll": (2, 2), "count": (1, 1), "sum": (1, 1), "target": (1, 1)}
BATTLE_NAMES = ("attacking", "defending", "lost")
HAND = "hand"  # count(hand): the cards in the player's hand


class Reads(NamedTuple):
    """What an expression reads besides numbers: value names, zones, and (zone, attribute) pairs."""
    names: list[str]
    zones: list[str]
    attributes: list[str]


def call_problem(node: ast.Call) -> str:
    """What is wrong with a call in an expression ('' when it is one of FUNCTIONS, rightly called)."""
    if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
        called = node.func.id if isinstance(node.func, ast.Name) else type(node.func).__name__
        return f"'{called}' is not a function of the rules vocabulary ({', '.join(FUNCTIONS)})"
    name, (least, most) = node.func.id, ARITY[node.func.id]
    if node.keywords or not least <= len(node.args) <= most:
        wanted = f"{least}" if least == most else f"{least} to {most}"
        return f"{name}() takes {wanted} argument{'s' if most > 1 else ''}, written in order"
    kind = FUNCTIONS[name]
    if kind == ZONE and not isinstance(node.args[0], ast.Name):
        return f"{name}() takes a zone's name: count(hand)"
    if kind == ZONE_ATTRIBUTE and not (isinstance(node.args[0], ast.Attribute)
                                       and isinstance(node.args[0].value, ast.Name)):
        return f"{name}() takes a zone and an attribute: sum(facilities.MD)"
    return ""


def attribute_problem(node: ast.Attribute, parents: dict[ast.AST, ast.AST]) -> str:
    """A dotted name is allowed only as sum()'s argument (zone.attribute)."""
    parent = parents.get(node)
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id == "sum":
        return ""
    return "a dotted name is read only in sum(zone.Attribute)"


def reads(tree: ast.AST) -> Reads:
    """The names, zones and zone attributes an (already checked) expression reads, in order of first use."""
    names: list[str] = []
    zones: list[str] = []
    attributes: list[str] = []
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            skipped.add(id(node.func))
            argument = node.args[0] if node.args else None
            if node.func.id == "count" and isinstance(argument, ast.Name):
                zones.append(argument.id)
                skipped.add(id(argument))
            elif node.func.id == "sum" and isinstance(argument, ast.Attribute) and isinstance(argument.value, ast.Name):
                zones.append(argument.value.id)
                attributes.append(argument.attr)
                skipped.add(id(argument.value))
        elif isinstance(node, ast.Name) and id(node) not in skipped:
            names.append(node.id)
    return Reads(list(dict.fromkeys(names)), list(dict.fromkeys(zones)), list(dict.fromkeys(attributes)))
