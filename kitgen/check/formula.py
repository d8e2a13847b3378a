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


def evaluate(expression: str, values: dict[str, int]) -> float:
    def walk(node):
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            return values[node.id]
        if isinstance(node, ast.UnaryOp):
            return -walk(node.operand)
        return _OPERATORS[type(node.op)](walk(node.left), walk(node.right))

    return walk(parse_formula(expression))


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
