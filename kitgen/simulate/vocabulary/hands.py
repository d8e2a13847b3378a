"""The rules vocabulary's steps that move cards between hands, the deck and the discards beside the
older ones: look-and-take from the top of a deck (`top:`), giving back what was taken (`give_back:`),
a discard by a target or at random (`target:`, `at_random:`), redraw (discard some, draw as many and
`delta` more). A choice goes to the seat's policy; every random card comes from the game's dice.
"""
from __future__ import annotations

from functools import partial

from kitgen.simulate.compile.plan import SELF, Step
from kitgen.simulate.engine.table import Table
from kitgen.simulate.vocabulary.cards import discard
from kitgen.simulate.vocabulary.choices import NOTHING, Option, pick
from kitgen.simulate.vocabulary.moves import act_discard_cards


def look_at_top(table: Table, seat: int, step: Step) -> None:
    """Look at the top `top` cards of the step's deck and take COUNT of them, the seat's choice; the
    others stay where they were, in their order. A deck with fewer has its shuffled discard put under
    it first, as drawing would reach those cards next."""
    pile, used = table.piles[step.deck or table.plan.first_deck]
    top = step.more.top
    if len(pile) < top and used:
        table.shuffler.shuffle(used)
        pile[:0] = used  # the same list all game (engine/table.deal holds it)
        used.clear()
    seen = pile[-top:]
    for _ in range(min(step.count, len(seen))):
        card = table.policies[seat].choose_card(table, seat, list(seen), True)
        seen.remove(card)
        del pile[len(pile) - 1 - pile[::-1].index(card)]  # that copy: the one nearest the top
        table.hands[seat].append(card)


def give_back(table: Table, seat: int, victim: int, count: int) -> None:
    """The seat gives `victim` COUNT cards of its hand (those just taken among them), each its policy's
    least wanted."""
    mine = table.hands[seat]
    for _ in range(min(count, len(mine))):
        card = table.policies[seat].choose_card(table, seat, list(mine), False)
        mine.remove(card)
        table.hands[victim].append(card)


def act_discard(table: Table, seat: int, step: Step) -> None:
    """The seat (or each of the step's targets) discards COUNT cards (all it has when fewer): as that
    player chooses, or, with `at_random:`, at random. A card-model discard honours its `to:` (vocabulary/moves)."""
    if step.more is not None and step.more.cards is not None:
        return act_discard_cards(table, seat, step)
    at_random = step.more is not None and step.more.at_random
    if step.target == SELF and not at_random:
        discard(table, seat, min(step.count, len(table.hands[seat])))
        return
    for who in table.recipients(seat, step.target, step.count):
        hand = table.hands[who]
        if not at_random:
            discard(table, who, min(step.count, len(hand)))
            continue
        for _ in range(min(step.count, len(hand))):
            card = hand.pop(int(table.dice[seat].random() * len(hand)))
            table.piles[table.deck_of[card]][1].append(card)


def act_redraw(table: Table, seat: int, step: Step) -> None:
    """Discard up to COUNT cards, one at a time as the seat's policy chooses (or stops), then draw as
    many and `delta` more from the step's deck."""
    discarded = 0
    while discarded < step.count and table.hands[seat]:
        cards = sorted(set(table.hands[seat]))
        options = [Option("discard", partial(discard_card, seat=seat, card=c), card=c) for c in cards]
        options.append(NOTHING)  # "You may discard X cards": X may be 0
        chosen = pick(table, seat, options)
        if chosen == len(cards):
            break
        discard_card(table, seat, cards[chosen])
        discarded += 1
    table.deal(seat, step.deck or table.plan.first_deck, max(0, discarded + step.delta))


def discard_card(table: Table, seat: int, card: int) -> None:
    table.hands[seat].remove(card)
    table.piles[table.deck_of[card]][1].append(card)
