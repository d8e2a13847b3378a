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
