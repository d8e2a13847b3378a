"""A step's `answers:` (compile/answers.py): cards played against a step in another player's turn.
Before the step is taken its target is chosen, then the player it aims at (for an answer `by:
others`, each other player in turn) may discard a card that passes the answer's filter; when the
answer works (`works:` holds for him: a roll, a flag) he takes its steps and, when it negates, the
step is not taken. An answer `again` may be answered with itself by the other player, and so on: an
answer that is answered and works fails. Galactic Supremacy's Counter Espionage ("Negate any use of a
command card on a roll of 1-8"), Peace Talks and Ambush (a defender's answers to an attack) said
generally: a counterspell, a "Nope", a "Just Say No" are the same.

Each choice to answer is the answering player's (pick), and each option carries the rest of the
step with it (what is answered after, the step itself), so a player weighing it on a copy of the
table sees what it changes.
"""
from __future__ import annotations

from functools import partial
from typing import Callable

from kitgen.simulate.compile.answers import AnswerPlan
from kitgen.simulate.compile.plan import TARGET_PLAYER, Step
from kitgen.simulate.engine.conditions import test
from kitgen.simulate.engine.expressions import passes
from kitgen.simulate.engine.options import Option, pick
from kitgen.simulate.engine.table import Table
from kitgen.simulate.vocabulary.choices import run
from kitgen.simulate.vocabulary.tables import aiming

MAX_AGAIN = 20  # answers to answers, at most (each costs a card: a bound for hands of thousands)
Next = Callable[[Table], None]


def act_answered(table: Table, seat: int, step: Step) -> None:
    """The step's target is chosen first (it is the target the step aims at), then its answers are offered."""
    inner, kept = step.then[0], table.aim
    try:
        if inner.target == TARGET_PLAYER and table.aim < 0:
            table.aim = aiming(table, seat, inner)
            if table.aim < 0:
                return
        offer(table, seat, step, 0, None)
    finally:
        table.aim = kept


def answerers(table: Table, seat: int, answer: AnswerPlan) -> list[int]:
    if answer.others or table.aim < 0 or table.aim == seat:
        return table.rivals(seat)
    return [table.aim] if not table.out(table.aim) else []


def offer(table: Table, seat: int, step: Step, k: int, players: list[int] | None) -> None:
    """Answer k to the players not yet asked (None: all who may), then the next answers, then the step."""
    answers: tuple[AnswerPlan, ...] = step.more
    while k < len(answers):
        asked = answerers(table, seat, answers[k]) if players is None else players
        for at, player in enumerate(asked):
            card = holding(table, player, answers[k])
            if card < 0:
                continue
            after = partial(offer, seat=seat, step=step, k=k + 1, players=None)
            settled = partial(worked, seat=seat, player=player, answer=answers[k], after=after)
            options = [Option("answer", partial(play, by=player, against=seat, card=card, answer=answers[k],
                                                works=settled, fails=after, depth=0), card=card, target=seat),
                       Option("nothing", partial(offer, seat=seat, step=step, k=k, players=asked[at + 1:]))]
            options[pick(table, player, options)].take(table)
            return
        k, players = k + 1, None
    run(table, seat, step.then)


def holding(table: Table, player: int, answer: AnswerPlan) -> int:
    return next((c for c in table.hands[player] if passes(answer.filter, table, player, c)), -1)


def play(table: Table, by: int, against: int, card: int, answer: AnswerPlan, works: Next, fails: Next,
         depth: int) -> None:
    """`by` discards `card` to answer `against`; with `again`, `against` may answer it back: when that
    answer back works this one fails, else this one is decided."""
    table.hands[by].remove(card)
    table.piles[table.deck_of[card]][1].append(card)
    back = holding(table, against, answer) if answer.again and depth < MAX_AGAIN else -1
    settle = partial(decide, by=by, answer=answer, works=works, fails=fails)
    if back < 0:
        return settle(table)
    options = [Option("answer", partial(play, by=against, against=by, card=back, answer=answer,
                                        works=fails, fails=settle, depth=depth + 1), card=back, target=by),
               Option("nothing", settle)]
    options[pick(table, against, options)].take(table)


def decide(table: Table, by: int, answer: AnswerPlan, works: Next, fails: Next) -> None:
    """Whether the answer `by` played works (its `works:` for him, at the moment it is played)."""
    (works if answer.works is None or test(answer.works, table, by) else fails)(table)


def worked(table: Table, seat: int, player: int, answer: AnswerPlan, after: Next) -> None:
    kept, table.aim = table.aim, seat
    try:
        run(table, player, answer.then)
    finally:
        table.aim = kept
    if not answer.negates:
        after(table)
