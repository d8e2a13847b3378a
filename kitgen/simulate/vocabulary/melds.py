"""The rules vocabulary's melds: lay down cards of one kind (a name, a type, a card field), with wild
cards standing in (a card's `wild:`), as a new meld of at least `min` (or, with a `ladder`, one meld
after another, each of at least its rung), or onto one already laid; each card laid gains `gain` and
takes effect with the step's card `condition`; then the step's `table` gives the steps of the row of
the meld's kind. Laid cards lie in the step's in-play `zone`, or, with none, go to their discard.
"""
from __future__ import annotations

from functools import partial
from kitgen.simulate.compile.plan import Step
from kitgen.simulate.engine.conditions import cards_in, test, value
from kitgen.simulate.engine.derived import card_types
from kitgen.simulate.engine.counters import add
from kitgen.simulate.engine.table import Table, bound
from kitgen.simulate.engine.options import leaving
from kitgen.simulate.vocabulary.choices import NOTHING, Option, pick, run

Meld = tuple[str, tuple[int, ...], int]  # (its kind, the order its cards are laid in, how many of them are laid)
MAX_SIZES = 64  # sizes offered a kind: past this, the 63 smallest and the largest (a policy weighs each)


def act_meld(table: Table, seat: int, step: Step) -> None:
    """One meld of at least `min` cards, or, with a `ladder`, up to one meld per rung, the k-th of at
    least its k-th number: the seat's policy picks each among every legal meld, or stops."""
    if step.more.ladder:
        melds_from(table, seat, step, step.more.ladder)
        return
    meld_once(table, seat, step, max(value(step.more.min, table, seat), 1))  # the minimum may grow: "2 + turn / 4"


def melds_from(table: Table, seat: int, step: Step, rungs: tuple[int, ...]) -> None:
    """The ladder's melds from `rungs` on, one a rung, until the seat stops; while it is asked, the
    later rungs are on the table (table.after, vocabulary/choices.leaving): a copy a search player
    weighs a meld on lays them too, as the game would."""
    for at, least in enumerate(rungs):  # "The second meld a player makes in a turn must contain 2 or more cards"
        outer = table.after
        later = rungs[at + 1:]
        table.after = leaving(table, partial(melds_from, seat=seat, step=step, rungs=later) if later else None,
                              stops=True)
        try:
            laid = meld_once(table, seat, step, least)
        finally:
            table.after = outer
        if not laid or table.winner >= 0:
            return


def meld_once(table: Table, seat: int, step: Step, least: int) -> bool:
    """The seat's policy picks one of the legal melds, or none; True when it laid one."""
    zone = step.more.zone
    if zone and zone not in table.state.melds:
        return False
    melds = legal_melds(table, seat, step, least)
    if not melds:
        return False
    options = [Option("meld", partial(lay, seat=seat, step=step, meld=m)) for m in melds]
    options.append(NOTHING)  # melding is always the player's choice
    chosen = pick(table, seat, options)
    if chosen == len(melds):
        return False
    lay(table, seat, step, melds[chosen])
    return True


def legal_melds(table: Table, seat: int, step: Step, least: int) -> list[Meld]:
    """Every meld the seat may lay now, one per kind and size: a new meld of `least` cards or more, or
    any number onto a meld of its kind already laid (in the zone), as many as the zone's limit leaves
    room for. Each holds at least one card of its own kind; wild cards join it after those, the ones
    wild only sometimes first, and a meld of N cards lays the first N of that order (at most
    MAX_SIZES sizes a kind)."""
    hand = table.hands[seat]
    kinds = [kind_of(table, step, c) for c in hand]
    zone = step.more.zone
    laid = table.state.melds[zone][seat] if zone else {}
    limit = table.plan.vocabulary.zones[zone].limit if zone else 0
    room = limit - cards_in(table, seat, zone) if limit else len(hand)
    wilds = wild_cards(table, seat, step)
    found: list[Meld] = []
    for kind in dict.fromkeys(k for k in kinds if k):
        order = [c for c, k in zip(hand, kinds, strict=True) if k == kind]
        order += [card for card, own, melds in wilds if own != kind and (melds is None or kind in melds)]
        smallest, largest, laid_in = 1 if kind in laid else least, min(len(order), room), tuple(order)
        sizes = list(range(smallest, largest + 1))
        if len(sizes) > MAX_SIZES:  # an enormous hand: every choice stays bounded
            sizes = sizes[:MAX_SIZES - 1] + sizes[-1:]
        found += [(kind, laid_in, size) for size in sizes]
    return found


def wild_cards(table: Table, seat: int, step: Step) -> list[tuple[int, str, set[str] | None]]:
    """The hand's cards the seat may meld as wild now, in the order a meld lays them (those wild only
    sometimes, by a condition or in some melds, first; those wild in any meld last; each at most its
    `limit` times), each with its own kind and the kinds of the melds it may join (None: any)."""
    wilds, facts = table.plan.vocabulary.wilds, table.plan.facts
    copies: dict[int, list[int]] = {}  # the hand's cards by their card record (one index a copy, or one a card)
    for card in table.hands[seat] if wilds else ():
        copies.setdefault(facts.record[card] if facts is not None else card, []).append(card)
    found: list[tuple[bool, int, str, set[str] | None]] = []
    for record in sorted(copies):
        plan = wilds[record]
        if plan is None or (plan.when is not None and not test(plan.when, table, seat)):
            continue
        melds = {kind_of(table, step, c, True) for c in plan.melds} if plan.melds else None
        own = kind_of(table, step, record)
        found += [(not plan.restricted, card, own, melds) for card in copies[record][:plan.limit or None]]
    found.sort(key=lambda wild: wild[0])  # stable: card order kept within each
    return [(card, own, melds) for _, card, own, melds in found]


def kind_of(table: Table, step: Step, card: int, any_type: bool = False) -> str:
    """What a card is for a meld: its name, or its `group` (type, a card field); "": it does not meld
    (not of the step's `types`, unless `any_type`: a kind a wild card's `melds:` names, or without the field)."""
    if step.types and not any_type and card_types(table.plan)[card] not in step.types:
        return ""
    return table.plan.vocabulary.kinds[step.more.group][card] if step.more.group else table.plan.cards[card].name


def lay(table: Table, seat: int, step: Step, meld: Meld) -> None:
    """Lay the meld: into the zone (or, with none, to the cards' discards); `gain` per card; each card
    takes effect with the step's `condition` (a wild card as the meld's first card); then the row of
    the step's `table` for the meld's kind."""
    kind, order, size = meld
    cards = order[:size]
    hand, more = table.hands[seat], step.more
    for card in cards:
        hand.remove(card)
        table.played[seat].append(card)
        if not more.zone:
            table.piles[table.deck_of[card]][1].append(card)
    if more.zone:
        mine = table.state.melds[more.zone][seat]
        mine[kind] = mine.get(kind, 0) + len(cards)
    for index, amount in more.gain:
        add(table, seat, index, value(amount, table, seat) * len(cards))
    if more.condition >= 0:  # "score points in that attribute equal to the number of cards in the meld"
        own = cards[0]  # a meld's first card is of its own kind
        for card in cards:
            played_as = card if kind_of(table, step, card) == kind else own
            table.apply(seat, table.plan.cards[played_as].effects, more.condition)
        bound(table)
    if step.table:
        run(table, seat, table.plan.vocabulary.rows.get(step.table, {}).get(kind, ()))
