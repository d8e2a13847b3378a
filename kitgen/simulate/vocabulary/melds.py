"""The rules vocabulary's melds: lay down cards of one kind (a name, a type, a card field), a new
meld of at least `min` or more onto one already laid, `gain` for each card laid.
"""
from __future__ import annotations

from functools import partial
from kitgen.simulate.compile.plan import Step
from kitgen.simulate.engine.conditions import cards_in, value
from kitgen.simulate.engine.derived import card_types
from kitgen.simulate.engine.table import Table, add
from kitgen.simulate.vocabulary.choices import NOTHING, Option, pick


def act_meld(table: Table, seat: int, step: Step) -> None:
    """Lay down cards of one kind (one name, or one `group`: type or card field; of `types`, when given)
    from the hand: a new meld of at least `min`, or any number onto a meld of that kind already laid,
    as many as the zone's limit leaves room for; `gain` for each card laid. The policy picks which (or none)."""
    melds = table.state.melds.get(step.more.zone)
    if melds is None:
        return
    mine, kinds = melds[seat], [kind_of(table, step, c) for c in table.hands[seat]]
    counts = {kind: kinds.count(kind) for kind in dict.fromkeys(kinds) if kind}
    least = max(value(step.more.min, table, seat), 1)  # the minimum may grow (a ladder: "2 + turn / 4")
    limit = table.plan.vocabulary.zones[step.more.zone].limit
    room = limit - cards_in(table, seat, step.more.zone) if limit else len(kinds)
    legal = [kind for kind, count in counts.items() if room > 0 and (kind in mine or min(count, room) >= least)]
    if not legal:
        return
    options = [Option("meld", partial(meld, seat=seat, kind=k, step=step, room=room)) for k in legal]
    options.append(NOTHING)
    chosen = pick(table, seat, options)
    if chosen < len(legal):
        meld(table, seat, legal[chosen], step, room)


def kind_of(table: Table, step: Step, card: int) -> str:
    """What a card is for a meld: its name, or its `group` (type, a card field); "": it does not meld
    (not of the step's `types`, or without the field)."""
    if step.types and card_types(table.plan)[card] not in step.types:
        return ""
    return table.plan.vocabulary.kinds[step.more.group][card] if step.more.group else table.plan.cards[card].name


def meld(table: Table, seat: int, kind: str, step: Step, room: int) -> None:
    hand = table.hands[seat]
    laid = [c for c in hand if kind_of(table, step, c) == kind][:room]
    for card in laid:
        hand.remove(card)
        table.played[seat].append(card)
    mine = table.state.melds[step.more.zone][seat]
    mine[kind] = mine.get(kind, 0) + len(laid)
    for index, amount in step.more.gain:
        add(table, seat, index, value(amount, table, seat) * len(laid))
