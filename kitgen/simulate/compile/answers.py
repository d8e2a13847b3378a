"""A step's `answers:` compiled (vocabulary/answers.py plays them): the card test, the condition it
works on and its steps. Plain tuples and NamedTuples only: a plan pickles. Stdlib only.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from kitgen.model import Action
from kitgen.simulate.compile.cards import CardTest
from kitgen.simulate.compile.conditions import Names, Node, condition
from kitgen.simulate.compile.moves import card_filter


class AnswerPlan(NamedTuple):
    name: str
    filter: CardTest
    others: bool  # every other player may answer (a step aimed at nobody), not only its target
    works: Node | None  # holds for the answerer when it works (None: always)
    negates: bool
    then: tuple  # compiled Steps the answerer takes when it works
    again: bool  # the answer may be answered with itself


def compile_answers(action: Action, names: Names, compile_step: Callable[[Action], Any]) -> tuple[AnswerPlan, ...]:
    plans = []
    for answer in action.answers:
        test = card_filter(answer.filter, names)
        assert test is not None  # a filter given compiles to a test
        works = condition(answer.works, names, names.decks) if answer.works is not None else None
        plans.append(AnswerPlan(answer.name, test, answer.by == "others", works, answer.negates,
                                tuple(compile_step(a) for a in answer.then), answer.again))
    return tuple(plans)
