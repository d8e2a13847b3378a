"""The card model's play: the cards a player may play (its filter and top N; `match:` the top card of a
zone on some fields, or a wild card: Uno; `follow:` the first card of the `to` zone on a field if it
can: follow suit; `only:` rules that narrow the choice while a condition holds, if any card is left:
hearts not led until broken), played into `to` (the card's deck's discard by default) where it takes
effect; `must: true` leaves no choice to pass; `otherwise:` steps when nothing was played. And
declare: the player names a value of a field, which the top card of a zone then counts as (a Wild's
colour).
"""
from __future__ import annotations

from functools import partial

from kitgen.simulate.compile.cards import NONE
from kitgen.simulate.compile.moves import CardStep
from kitgen.simulate.compile.plan import Step
from kitgen.simulate.engine.conditions import test
from kitgen.simulate.engine.expressions import passes
from kitgen.simulate.engine.options import Option, pick
from kitgen.simulate.engine.table import Table, bound
from kitgen.simulate.engine.zones import cards_of
from kitgen.simulate.vocabulary.entering import pay
from kitgen.simulate.vocabulary.legal import of_types_at_cost
from kitgen.simulate.vocabulary.picks import HAND, carry, kinds, pickable, source
from kitgen.simulate.vocabulary.prices import discounted


def playable_cards(table: Table, seat: int, step: Step) -> list[int]:
    """The cards the seat may play now (each copy: kinds() makes the options): of its `types`, when
    given, and affordable when it is played `at_cost` (Galactic Supremacy's Sectors, 10 credits)."""
    cards: CardStep = step.more.cards
    found = of_types_at_cost(table, seat, step, pickable(table, seat, step, source(table, seat, step)))
    if cards.match is not None:
        found = [c for c in found if matches(table, seat, c, cards.match)]
    if cards.follow is not None and cards.to >= 0:
        trick = cards_of(table, cards.to, seat)
        if trick:
            led = cards.follow[trick[0]]
            following = [c for c in found if cards.follow[c] == led]
            found = following or found
    for rule, when in cards.only:
        if when is None or test(when, table, seat):
            narrowed = [c for c in found if passes(rule, table, seat, c)]
            found = narrowed or found
    return found


def matches(table: Table, seat: int, card: int, match: tuple) -> bool:
    """The card equals the zone's top card in one of the fields (a value declared for that card
    counts as its own), or passes the wild filter; any card matches an empty zone."""
    place, fields, wild = match
    if wild is not None and passes(wild, table, seat, card):
        return True
    pile = cards_of(table, place, seat)
    if not pile:
        return True
    top = pile[-1]
    for name, codes in fields:
        if codes[card] != NONE and codes[card] == top_code(table, place, top, name, codes):
            return True
    return False


def top_code(table: Table, place: int, top: int, field: str, codes: tuple[int, ...]) -> int:
    """A field's code of a zone's top card: the value a player declared for it, else its own."""
    named = table.state.named.get(place)
    if named is not None and named[0] == top and named[1] == field:
        return named[2]
    return codes[top]


def card_options(table: Table, seat: int, step: Step) -> list[Option]:
    """One option for each kind of card the seat may play (no passing: a choice among steps)."""
    return [Option("play", partial(play_card, seat=seat, card=c, step=step), card=c)
            for c in kinds(table, playable_cards(table, seat, step))]


def play_options(table: Table, seat: int, step: Step) -> list[Option]:
    """One option for each kind of card the seat may play, and passing (taking the `otherwise:`
    steps: Uno's draw) unless it must play; none when it cannot play."""
    options = card_options(table, seat, step)
    if not options or step.more.cards.must:
        return options
    return [*options, Option("nothing", partial(_pass, seat=seat, step=step))]


def _pass(table: Table, seat: int, step: Step) -> None:
    for inner in step.more.cards.otherwise:
        table.actions[inner.do](table, seat, inner)
        if table.winner >= 0:
            return


def play_card(table: Table, seat: int, card: int, step: Step) -> None:
    """The card goes from the zone (the hand) to `to` (its deck's discard), remembered as the seat's,
    and takes effect (its effects and steps)."""
    cards: CardStep = step.more.cards
    place = source(table, seat, step)
    if step.more.at_cost:
        pay(table, seat, discounted(table, seat, table.plan.vocabulary.costs[card], step))
    table.state.played_by[card] = seat
    table.played[seat].append(card)
    if cards.to >= 0:
        carry(table, seat, card, (place, seat, cards.to, seat), "play", cards.mark)
    else:
        cards_of(table, place, seat).remove(card)
        table.piles[table.deck_of[card]][1].append(card)
    table.resolve(seat, card)
    bound(table)


def act_play_cards(table: Table, seat: int, step: Step) -> None:
    """Up to COUNT cards, each the seat's policy's choice; nothing played: the `otherwise:` steps."""
    played = False
    for _ in range(step.count):
        options = play_options(table, seat, step)
        if not options:
            break
        chosen = options[pick(table, seat, options)]
        chosen.take(table)
        if chosen.do == "nothing" or table.winner >= 0:
            return  # passing took the `otherwise:` steps
        played = True
    if not played:
        _pass(table, seat, step)


def act_declare(table: Table, seat: int, step: Step) -> None:
    """The seat names one value of `field` (those of the cards that pass the filter): the top card of
    the zone counts as it until another card covers it."""
    cards: CardStep = step.more.cards
    codes = table.plan.facts.codes[cards.field]
    allowed = range(len(codes)) if cards.filter is None else \
        [c for c in range(len(codes)) if passes(cards.filter, table, seat, c)]
    values = sorted({codes[c] for c in allowed} - {NONE})
    place = cards.zone if cards.zone >= 0 else HAND
    if not values or not cards_of(table, place, seat):
        return
    options = [Option("declare", partial(_name, place=place, seat=seat, field=cards.field, code=v), value=v)
               for v in values]
    chosen = options[pick(table, seat, options)]
    chosen.take(table)
    if table.trace is not None:  # the value named, as the trace prints it (suit Clubs, not its code)
        table.trace.append(("named", seat, cards.field, chosen.value))


def _name(table: Table, place: int, seat: int, field: str, code: int) -> None:
    table.state.named[place] = (cards_of(table, place, seat)[-1], field, code)
