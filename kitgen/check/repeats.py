"""How many times one step may be taken, `times:` inside `times:`: each held to 0-1000 alone
(vocabulary/choices.MAX_TIMES), three nested were 10^9 steps a turn, and `kitgen simulate` never
ended. A step repeated more than MAX_TIMES in all is one located line. Stdlib only.
"""
from __future__ import annotations

from kitgen.check.formula import whole_number
from kitgen.errors import Problem, error
from kitgen.model import Action

MAX_TIMES = 1000  # the most a step is taken at once: vocabulary/choices.MAX_TIMES, nested or not
Owners = list[tuple[str, tuple[Action, ...]]]


def check_repeats(owners: Owners) -> list[Problem]:
    """`owners`: every owner's actions (check/actions.action_owners). A `times:` worked out in play
    counts as its bound, MAX_TIMES: nested in another, it could reach the product."""
    problems: list[Problem] = []
    for owner, actions in owners:
        _walk(owner, actions, 1, problems)
    return problems


def _walk(owner: str, actions: tuple[Action, ...], outer: int, problems: list[Problem]) -> None:
    for action in actions:
        written = whole_number(action.times) if action.times is not None else 1
        times = outer * (MAX_TIMES if written is None else min(max(written, 1), MAX_TIMES))  # each held to 0-1000
        if times > MAX_TIMES and outer > 1 and action.times is not None:  # one alone past 1,000: check/actions says so
            problems.append(error(action.where, f"{owner}: action '{action.do}': times: inside another step's times "
                                  f"it may be taken {times:,} times; at most {MAX_TIMES:,} in all"))
            continue  # said once, where the product first passes the bound
        _walk(owner, action.then + action.otherwise + action.loser + tuple(s for a in action.answers for s in a.then),
              times, problems)
