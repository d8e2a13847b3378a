"""Formulas the rules state, such as '6 + 2P' or '15 + 5(P - 4)': parsed safely, evaluated for
the reference's worked examples. Stdlib only; only numbers, single-capital variables, + - * / and
brackets are accepted, and implicit multiplication (2P, 5(P - 4)) is read as the rules write it.
"""
from __future__ import annotations

import ast
import operator
import re

_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
              ast.Div: operator.truediv}


class FormulaError(ValueError):
    pass


def parse_formula(expression: str) -> ast.Expression:
    if len(expression) > 200 or not re.fullmatch(r"[0-9A-Z+\-*/() .]*", expression):
        raise FormulaError("use numbers, capital-letter variables, + - * / and brackets")
    explicit = re.sub(r"(?<=[0-9A-Z)])\s*(?=[A-Z(])", "*", expression)  # 2P -> 2*P, 5(P-4) -> 5*(P-4)
    try:
        tree = ast.parse(explicit, mode="eval")
    except SyntaxError:
        raise FormulaError("is not a formula") from None
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Expression, ast.BinOp, ast.UnaryOp, ast.USub, ast.Constant, ast.Name,
                                 ast.Load, *_OPERATORS)):
            raise FormulaError(f"'{type(node).__name__}' is not allowed")
        if isinstance(node, ast.Name) and not re.fullmatch(r"[A-Z]", node.id):
            raise FormulaError(f"variable '{node.id}' must be one capital letter")
    return tree


def variables_of(expression: str) -> set[str]:
    return {node.id for node in ast.walk(parse_formula(expression)) if isinstance(node, ast.Name)}


MAX_VALUE = 10**12  # the numbers rules compute (costs, caps) are small; P*P*...*P (99 times) was 10^1700,
# which no float can print (the reference then failed in its template: "int too large to convert to float")


def evaluate(expression: str, values: dict[str, int]) -> float:
    """The formula's value; FormulaError when a value on the way is beyond MAX_VALUE."""
    def walk(node):
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.Constant):
            return _small(node.value)
        if isinstance(node, ast.Name):
            return _small(values[node.id])
        if isinstance(node, ast.UnaryOp):
            return -walk(node.operand)
        return _small(_OPERATORS[type(node.op)](walk(node.left), walk(node.right)))

    return walk(parse_formula(expression))


def _small(value):
    if abs(value) > MAX_VALUE:
        raise FormulaError(f"reaches {'more' if value > 0 else 'less'} than {'' if value > 0 else '-'}10^12: "
                           "give numbers of the size the rules use")
    return value


COMPARISONS = {"<=": operator.le, ">=": operator.ge, "<": operator.lt, ">": operator.gt}


def split_comparison(check: str) -> tuple[str, str, str]:
    """'U <= N(5 + S)' -> ('U', '<=', 'N(5 + S)'); each side must parse as a formula."""
    match = re.fullmatch(r"([^<>=]+)(<=|>=|<|>)([^<>=]+)", check)
    if not match:
        raise FormulaError("needs exactly one comparison: <=, <, >= or >")
    left, sign, right = (part.strip() for part in match.groups())
    parse_formula(left)
    parse_formula(right)
    return left, sign, right


NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
MAX_EXPRESSION = 200  # characters: a rule's number is short
# The functions an expression may call: each reads cards in zones (compile/expressions.py says what
# each means), or numbers: min / max of two or more, roll(dice, sides), target(EXPRESSION) for the
# player a step targets; nothing else is ever called, and nothing is evaluated by Python.
FUNCTIONS = ("count", "sum", "max", "min", "top", "first", "piles_empty", "distinct", "roll", "target")
NUMERIC = {"roll": (2, 2), "target": (1, 1)}  # functions of numbers, and how many they take
MOST_NUMBERS = 10  # min() and max() of numbers: at most this many
_ALLOWED = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.USub, ast.UAdd, ast.Not, ast.Constant, ast.Name, ast.Load,
            ast.Mod, ast.Compare, ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.BoolOp, ast.And, ast.Or,
            ast.Call, ast.keyword, ast.Attribute, *_OPERATORS)


def parse_expression(expression: str) -> ast.Expression:
    """A number the rules give (model.Expr): digits, names (a counter's name with _ for spaces, an
    alias, an abbreviation, `turn`, `round`, `players`), + - * / % and brackets, comparisons, `and`,
    `or`, `not`, and the card functions FUNCTIONS over zones (`count(hand, suit=Hearts)`,
    `sum(won.points)`, `top(pile).color`), written out (no 2P here: a name is a word). Only the parsed
    tree is ever read, never run. FormulaError says what is wrong."""
    if len(expression) > MAX_EXPRESSION or not re.fullmatch(r"[0-9A-Za-z_+\-*/%() .,<>=!\"']*", expression):
        raise FormulaError(f"use numbers, counter names, + - * / %, comparisons and the card functions "
                           f"(at most {MAX_EXPRESSION} characters)")
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise FormulaError("is not an expression") from None
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED):
            raise FormulaError(f"'{type(node).__name__}' is not allowed")
        if isinstance(node, ast.Constant) and (type(node.value) is not int and type(node.value) is not str):
            raise FormulaError("numbers are whole numbers")
        if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS):
            called = node.func.id if isinstance(node.func, ast.Name) else type(node.func).__name__
            raise FormulaError(f"'{called}' is not a function an expression may call; it may call "
                               f"{', '.join(FUNCTIONS)}")
        if isinstance(node, ast.Call) and not numeric_call(node) and (
                len(node.args) > 1 or any(k.arg is None for k in node.keywords) or called_name(node) in NUMERIC):
            raise FormulaError(_call_shape(node))
        if isinstance(node, ast.Compare) and len(node.ops) > 1:
            raise FormulaError("compare two values at a time: a < b and b < c")
    return tree


def called_name(node: ast.Call) -> str:
    """The function a call names (parse_expression lets only FUNCTIONS' names through)."""
    return node.func.id if isinstance(node.func, ast.Name) else ""


def numeric_call(node: ast.Call) -> bool:
    """A call of numbers: roll(2, 10), target(Units), min / max of two to MOST_NUMBERS numbers."""
    name, count = called_name(node), len(node.args)
    if node.keywords:
        return False
    if name in NUMERIC:
        return NUMERIC[name][0] <= count <= NUMERIC[name][1]
    return name in ("min", "max") and 2 <= count <= MOST_NUMBERS


def _call_shape(node: ast.Call) -> str:
    name = called_name(node)
    if name == "roll":
        return "roll() takes two numbers: how many dice, and their sides (roll(1, 10))"
    if name == "target":
        return "target() takes one expression, worked out for the player the step targets (target(Units))"
    if name in ("min", "max") and len(node.args) > 1:
        return f"{name}() takes a zone's field (max(hand.value)) or 2 to {MOST_NUMBERS} numbers, no filters"
    return f"{name}() takes one zone and filters such as suit=Hearts"


def expression_names(expression: str) -> list[str]:
    """The names an expression reads as numbers (counters, attributes, turn ...), in order of first
    use: not a function's zone, a card's field or a field's value (compile/expressions.py checks those)."""
    return list(dict.fromkeys(_value_names(parse_expression(expression).body)))


def _value_names(node: ast.AST):
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Call) and numeric_call(node):  # numbers: read as any others
        for argument in node.args:
            yield from _value_names(argument)
    elif isinstance(node, ast.Call):  # its argument is a zone; a keyword's bare name or text is a field's value
        for keyword in node.keywords:
            if not isinstance(keyword.value, (ast.Name, ast.Constant)):
                yield from _value_names(keyword.value)
    elif isinstance(node, ast.Attribute):  # zone.field, top(zone).field: only the calls inside read numbers
        if isinstance(node.value, ast.Call):
            yield from _value_names(node.value)
    elif isinstance(node, ast.Compare) and any(isinstance(side, ast.Attribute) for side in (node.left, *node.comparators)):
        for side in (node.left, *node.comparators):  # a field compared with a value: Hearts is the field's
            if not isinstance(side, (ast.Name, ast.Constant)):
                yield from _value_names(side)
    else:
        for child in ast.iter_child_nodes(node):
            yield from _value_names(child)


def capped(value: int) -> int:
    """A computed number kept within +-MAX_VALUE (a simulated game never fails on a large one)."""
    return MAX_VALUE if value > MAX_VALUE else -MAX_VALUE if value < -MAX_VALUE else value


def whole_number(text: object) -> int | None:
    """The whole number a count, a price or a margin is as written (at most 18 digits), None when it
    is an expression to work out in play."""
    written = str(text).strip()
    return int(written) if re.fullmatch(r"[+-]?\d{1,18}", written) else None
