"""The rules vocabulary's steps on cards: draw, play (a card of the allowed types; with `to:`, into a
zone), discard to the hand limit (a discard of COUNT: vocabulary/hands), hand-size, event (a card
drawn and resolved on a roll).
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import SELF, Plan, Step
from kitgen.simulate.engine.derived import barred, card_types
from kitgen.simulate.engine.table import Table, bound, dice_total
from kitgen.simulate.vocabulary.entering import play_to
from kitgen.simulate.vocabulary.moves import act_draw_cards
from kitgen.simulate.vocabulary.plays import act_play_cards


def playable(plan: Plan, types: frozenset[str]) -> list[bool]:
    """Whether each card is of one of `types` (a `play` action's), by card index: kept on the plan
    per set of types, so that a hand is filtered by one look-up a card."""
    try:  # one look-up a play: no empty dict made for setdefault
        return plan.cache["playable"][types]
    except KeyError:
        known = plan.cache.setdefault("playable", {})[types] = [name in types for name in card_types(plan)]
        return known


def act_draw(table: Table, seat: int, step: Step) -> None:
    """COUNT cards into the hand of the player (or of its `target`: all-players, everyone)."""
    if step.more is not None and step.more.cards is not None:  # the card model's (vocabulary/moves.py)
        return act_draw_cards(table, seat, step)
    deck = step.deck or table.plan.first_deck
    if step.target == SELF:
        table.deal(seat, deck, step.count)
        return
    for who in table.recipients(seat, step.target, -step.count):
        table.deal(who, deck, step.count)


def act_play(table: Table, seat: int, step: Step) -> None:
    if step.more is not None and step.more.cards is not None:  # the card model's (vocabulary/plays.py)
        return act_play_cards(table, seat, step)
    if step.more is not None:  # a step with `to:` keeps the card in that zone
        return play_to(table, seat, step)
    allowed = playable(table.plan, step.types)
    never = barred(table.plan, table.factions[seat])  # its faction's may_not_play
    for _ in range(step.count):
        legal = [c for c in table.hands[seat] if allowed[c]]
        if never:
            legal = [c for c in legal if c not in never]
        if not legal:
            return
        table.play_card(seat, table.policies[seat].choose_card(table, seat, legal, True))
        if table.state is not None:
            bound(table)  # a counter's min and max


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


def act_hand_size(table: Table, seat: int, step: Step) -> None:
    table.bonus[seat] += step.delta


def act_event(table: Table, seat: int, step: Step) -> None:
    if table.turn < step.from_turn:
        return
    number, sides = step.die
    if dice_total(table.dice[seat], number, sides) in step.on:
        card = table.draw(step.deck)
        if card >= 0:
            table.resolve(seat, card)
            table.piles[step.deck][1].append(card)
            if table.state is not None:
                bound(table)
