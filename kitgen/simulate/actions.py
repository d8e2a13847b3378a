"""The rules vocabulary of the balance lab: one function per `do:` name of a phase's or card's
actions (kitgen.model.Action), in the ACTIONS registry. A new kind of action is one entry and one
function here, and a name in model.ActionKind. Each reads the Table and changes it; none prints.
"""
from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Callable

from kitgen.simulate.conditions import test, value
from kitgen.simulate.compile.plan import Plan, Step

if TYPE_CHECKING:
    from kitgen.simulate.engine import Table


def card_types(plan: Plan) -> list[str]:
    """Each card's type name, as `play` actions name the types they allow."""
    if "card-types" not in plan.cache:
        plan.cache["card-types"] = [plan.types[card.kind].type_name for card in plan.cards]
    return plan.cache["card-types"]


def dice_total(rng: random.Random, count: int, sides: int) -> int:
    """`count` dice of `sides` sides: randint(1, sides) is randrange(1, sides + 1) (the same draws),
    called directly, and one die without a generator (most rolls are one die)."""
    if count == 1:
        return rng.randrange(1, sides + 1)
    return sum(rng.randrange(1, sides + 1) for _ in range(count))


def playable(plan: Plan, types: frozenset[str]) -> list[bool]:
    """Whether each card is of one of `types` (a `play` action's), by card index: kept on the plan
    per set of types, so that a hand is filtered by one look-up a card."""
    try:  # one look-up a play: no empty dict made for setdefault
        return plan.cache["playable"][types]
    except KeyError:
        known = plan.cache.setdefault("playable", {})[types] = [name in types for name in card_types(plan)]
        return known


def act_draw(table: Table, seat: int, step: Step) -> None:
    hand, deck = table.hands[seat], step.deck or table.plan.first_deck
    pile = table.piles[deck][0]  # the same list all game: Table.draw reshuffles the discards into it
    for _ in range(step.count):
        if pile:  # Table.draw's own first test: the usual draw, without a call
            hand.append(pile.pop())
            continue
        card = table.draw(deck)
        if card < 0:
            break
        hand.append(card)


def act_play(table: Table, seat: int, step: Step) -> None:
    if step.more is not None:  # a step with `to:` keeps the card in that zone
        return play_to(table, seat, step)
    allowed = playable(table.plan, step.types)
    for _ in range(step.count):
        legal = [c for c in table.hands[seat] if allowed[c]]
        if not legal:
            return
        table.play_card(seat, table.policies[seat].choose_card(table, seat, legal, True))
        if table.state is not None:
            bound(table)  # a counter's min and max


def act_discard(table: Table, seat: int, step: Step) -> None:
    discard(table, seat, min(step.count, len(table.hands[seat])))


def act_discard_to_limit(table: Table, seat: int, step: Step) -> None:
    # discarding changes neither the limit nor the bonus: the cards over it are known before the first
    discard(table, seat, len(table.hands[seat]) - max(0, table.plan.hand_limit + table.bonus[seat]))  # below 0: empty


def discard(table: Table, seat: int, count: int) -> None:
    """The seat discards `count` cards (none if 0 or less), each its policy's choice from what is left.
    A discard changes no score, so a policy with choose_discards picks them all at once, as one
    choose_card a card would (greedy weighs the hand once, not once a card)."""
    hand, policy = table.hands[seat], table.policies[seat]
    together = count > 1 and policy.choose_discards is not None
    picks = policy.choose_discards(table, seat, hand, count) if together else ()
    for index in range(count):
        card = picks[index] if together else policy.choose_card(table, seat, hand, False)
        hand.remove(card)
        table.piles[table.deck_of[card]][1].append(card)


def act_change(table: Table, seat: int, step: Step) -> None:
    whom = table.recipients if table.state is None else partial(recipients, table)  # the eliminated pass
    for who in whom(seat, step.target, -step.delta):
        attribute = step.attribute if step.attribute >= 0 else table.roll_attribute(seat, who, step.table, step.delta)
        if attribute >= 0:
            value = table.values[who][attribute] + step.delta
            table.values[who][attribute] = value if step.floor is None else max(step.floor, value)
    if table.state is not None:
        bound(table)


def act_take(table: Table, seat: int, step: Step) -> None:
    """Take COUNT points from a target: taking hurts them, so `harm` is +count (greedy picks the leader)."""
    whom = table.recipients if table.state is None else partial(recipients, table)
    for who in whom(seat, step.target, step.count):
        if who == seat or who < 0:
            continue
        attribute = step.attribute if step.attribute >= 0 else table.roll_attribute(seat, seat, step.table, step.count)
        if attribute < 0:
            continue
        taken = min(step.count, max(0, table.values[who][attribute] - room_below(table, attribute, step.floor)),
                    room_above(table, seat, attribute))
        table.values[who][attribute] -= taken
        table.values[seat][attribute] += taken


def act_hand_size(table: Table, seat: int, step: Step) -> None:
    table.bonus[seat] += step.delta


def act_event(table: Table, seat: int, step: Step) -> None:
    if table.turn < step.from_turn:
        return
    number, sides = step.die
    if dice_total(table.rng, number, sides) in step.on:
        card = table.draw(step.deck)
        if card >= 0:
            table.resolve(seat, card)
            table.piles[step.deck][1].append(card)
            if table.state is not None:
                bound(table)


def act_when(table: Table, seat: int, step: Step) -> None:
    """A phase's (or a step's) `when:`: its steps are taken when the condition holds for the seat."""
    if step.when is None or test(step.when, table, seat):
        for inner in step.then:
            ACTIONS[inner.do](table, seat, inner)
            if table.winner >= 0:
                return


def act_check_victory(table: Table, seat: int, step: Step) -> None:
    if not table.plan.victory_at_round_end:
        table.check_victory(seat)


def act_evaluate(table: Table, seat: int, step: Step) -> None:
    """A step whose count or delta is an expression (plan._action): worked out for the player now,
    a count held to 0-1000 as validate holds a written one, then the step is taken with them."""
    inner, (count, delta) = step.then[0], step.more
    worked = replace(inner, count=inner.count if count is None else min(1000, max(0, value(count, table, seat))),
                     delta=inner.delta if delta is None else value(delta, table, seat))
    ACTIONS[worked.do](table, seat, worked)


ACTIONS: dict[str, Callable[[Table, int, Step], None]] = {
    "draw": act_draw, "play": act_play, "discard": act_discard, "discard-to-limit": act_discard_to_limit,
    "change": act_change, "take": act_take, "hand-size": act_hand_size, "event": act_event,
    "check-victory": act_check_victory, "evaluate": act_evaluate, "when": act_when,
}


from kitgen.simulate.vocabulary import (act_attach, act_buy, act_choose, act_exchange, act_flag,  # noqa: E402
                                        act_gain, act_pay, bound, play_to, recipients, room_above, room_below)
from kitgen.simulate.vocabulary_turns import (act_contest, act_look_and_take, act_meld, act_steal,  # noqa: E402
                                              act_swap)

ACTIONS.update({
    "gain": act_gain, "pay": act_pay, "exchange": act_exchange, "buy": act_buy,
    "attach": act_attach, "choose": act_choose, "flag": act_flag, "meld": act_meld, "steal": act_steal,
    "look-and-take": act_look_and_take, "swap": act_swap, "contest": act_contest,
})


