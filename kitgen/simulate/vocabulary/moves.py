"""The card model's steps that move cards: draw (the top card of a pile, or the top card of one
group of a zone: Lost Cities' discard piles by colour), deal (N to each player), move (the top cards
that pass a filter: starting decks, cards set aside), discard and trash (cards the player chooses),
shuffle, pass (each player passes N chosen cards left, right or across, all at once: Hearts) and
draft (each player keeps N of its hand, then the hands pass: Sushi Go).
"""
from __future__ import annotations

from functools import partial

from kitgen.simulate.compile.plan import Step
from kitgen.simulate.compile.zones import DRAW, TABLE
from kitgen.simulate.engine.options import Option, leaving, pick
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of, take_top
from kitgen.simulate.vocabulary.picks import (HAND, carry, deck_place, destination, each_target, kinds, pickable,
                                              source)


def draw_options(table: Table, seat: int, step: Step) -> list[Option]:
    """What a draw offers the seat: the top card of its pile (unseen: card -1), or, with `group:`,
    the top card of each group of the zone's cards that passes the filter."""
    place = source(table, seat, step, deck_place(table, step.deck))
    if step.more.group:
        codes = table.plan.facts.codes[step.more.group]
        tops: dict[int, int] = {}
        for card in cards_of(table, place, seat):
            tops[codes[card]] = card  # the last of each group is its top
        allowed = set(pickable(table, seat, step, place))
        return [Option("draw", partial(_draw_card, seat=seat, card=c, place=place, step=step), card=c)
                for c in tops.values() if c in allowed]
    if not cards_of(table, place, seat) and not _refills(table, place, seat):
        return []
    return [Option("draw", partial(_draw_top, seat=seat, place=place, step=step))]


def _refills(table: Table, place: int, seat: int) -> bool:
    zone = table.plan.places[place]
    if zone.reshuffle >= 0:
        return len(cards_of(table, zone.reshuffle, seat)) > table.plan.places[zone.reshuffle].keep
    return zone.store == DRAW and bool(table.piles[zone.key][1])  # a deck's pile shuffles its discard in


def _draw_top(table: Table, seat: int, place: int, step: Step) -> None:
    card = take_top(table, place, seat)
    if card >= 0:
        cards_of(table, place, seat).append(card)  # back on top, to move it the one way cards move
        _draw_card(table, seat, card, place, step)


def _draw_card(table: Table, seat: int, card: int, place: int, step: Step) -> None:
    to = step.more.cards.to
    carry(table, seat, card, (place, seat, to if to >= 0 else HAND, seat), "draw", step.more.cards.mark)


def act_draw_cards(table: Table, seat: int, step: Step) -> None:
    """Each player the step reaches draws COUNT cards, one at a time (a choice of piles is theirs)."""
    def draw(table: Table, target: int) -> None:
        for _ in range(step.count):
            options = draw_options(table, target, step)
            if not options:
                return
            options[pick(table, target, options)].take(table)
    each_target(table, seat, step, draw)


def act_deal(table: Table, seat: int, step: Step) -> None:
    """COUNT cards to each player still in, one at a time round the table from the seat, from the
    step's zone (the first deck's pile) to its `to` (the hand)."""
    place = source(table, seat, step, deck_place(table, step.deck))
    to = step.more.cards.to if step.more.cards.to >= 0 else HAND
    order = [(seat + i) % table.players for i in range(table.players) if not table.out((seat + i) % table.players)]
    for _ in range(step.count):
        for player in order:
            card = take_top(table, place, player)
            if card < 0:
                return
            cards_of(table, place, player).append(card)
            carry(table, player, card, (place, player, to, player), "draw")


def act_move(table: Table, seat: int, step: Step) -> None:
    """The top COUNT cards of the zone that pass the filter, to `to`, for each player the step reaches
    (a table zone: the table's): no choice (starting decks, cards set aside face down)."""
    def move(table: Table, target: int) -> None:
        place = source(table, target, step)
        found = pickable(table, target, step, place)[::-1][:step.count]
        to = step.more.cards.to
        for card in found:
            if to < 0:
                table.piles[table.deck_of[card]][1].append(card)
                cards_of(table, place, target).remove(card)
                continue
            carry(table, target, card, (place, target, to, target), "move", step.more.cards.mark)
            if step.more.cards.put not in ("", "top"):
                _put_in(table, target, to, step.more.cards.put, card)
    each_target(table, seat, step, move)


PUT_PLACES = 12  # `put: chosen` offers the top 11 places and the bottom: a choice, bounded for the players' search


def _put_in(table: Table, seat: int, to: int, put: str, card: int) -> None:
    """The card just put on top of the seat's pile `to` goes to the bottom, a random place or the place
    the seat chooses, counted from the top (weighed on copies of the table, so each option finds the pile
    anew)."""
    pile = cards_of(table, to, seat)
    if not pile or pile[-1] != card:  # a trigger of its move moved it on
        return
    size = len(pile) - 1  # depth 0: the top ... size: the bottom
    if put == "bottom":
        depths = [size]
    elif put == "random":
        depths = [table.shuffler.randrange(size + 1)]
    else:
        depths = sorted({*range(min(size, PUT_PLACES - 2) + 1), size})

    def down(table: Table, depth: int) -> None:
        cards = cards_of(table, to, seat)
        cards.pop()
        cards.insert(len(cards) - depth, card)
    if len(depths) == 1:
        down(table, depths[0])
        return
    options = [Option("put", partial(down, depth=d), card=card, value=d) for d in depths]
    options[pick(table, seat, options)].take(table)


def discard_options(table: Table, seat: int, step: Step, event: str = "discard") -> list[Option]:
    """One option for each kind of card the seat may discard (trash) now."""
    place = source(table, seat, step)
    return [Option(event, partial(_put, seat=seat, card=c, step=step, event=event), card=c)
            for c in kinds(table, pickable(table, seat, step, place))]


def _put(table: Table, seat: int, card: int, step: Step, event: str) -> None:
    """One card of the seat's zone `to` its place: the step's `to`, the card's deck's discard, or (trash)
    out of the game."""
    place, to = source(table, seat, step), -1 if event == "trash" else step.more.cards.to
    if to < 0 and event != "trash":  # its deck's discard
        cards_of(table, place, seat).remove(card)
        destination(table, seat, step, card).append(card)
        return
    carry(table, seat, card, (place, seat, to, seat), event, step.more.cards.mark)


def act_discard_cards(table: Table, seat: int, step: Step, event: str = "discard") -> None:
    """The seat chooses COUNT cards of the zone (its hand) that pass the filter, one at a time, and
    puts them `to` (the card's deck's discard); trash: out of the game. With a `target:`, each target
    discards its own choice."""
    def discard(table: Table, target: int) -> None:
        for _ in range(step.count):
            options = discard_options(table, target, step, event)
            if not options:
                return
            options[pick(table, target, options)].take(table)
    each_target(table, seat, step, discard)


def act_trash(table: Table, seat: int, step: Step) -> None:
    act_discard_cards(table, seat, step, "trash")


def act_shuffle(table: Table, seat: int, step: Step) -> None:
    """The zone shuffled: the seat's (a table zone: the table's), or each target's (Dominion's
    starting decks, `target: all-players`)."""
    def shuffle(table: Table, target: int) -> None:
        table.shuffler.shuffle(cards_of(table, source(table, target, step), target))
    each_target(table, seat, step, shuffle)


def act_pass(table: Table, seat: int, step: Step) -> None:
    """Each player still in, from the seat, chooses COUNT cards of its hand one at a time; then all
    of them go at once to the player `direction` of it (left: the next seat)."""
    players = [p for p in range(table.players) if not table.out(p)]
    chosen = {p: _chosen(table, p, step) for p in players}
    for giver, cards in chosen.items():
        receiver = _across(table, giver, step.more.cards.direction)
        for card in cards:
            carry(table, giver, card, (HAND, giver, HAND, receiver), "move")


def _chosen(table: Table, seat: int, step: Step, kept: bool = False) -> list[int]:
    """COUNT cards the seat picks from its hand, one at a time, each weighed as what it does: passed
    on (pass), or kept in the step's `to` zone (draft, `kept`)."""
    picked: list[int] = []
    weigh = _keep if kept else _give
    for _ in range(step.count):
        left = [c for c in pickable(table, seat, step, HAND) if c not in picked]
        if not left:
            break
        options = [Option(step.do, partial(weigh, seat=seat, card=c, step=step), card=c) for c in kinds(table, left)]
        picked.append(options[pick(table, seat, options)].card)
    return picked


def _give(table: Table, seat: int, card: int, step: Step) -> None:
    """What passing one card does, as a player weighs it (the pass itself waits for everyone)."""
    carry(table, seat, card, (HAND, seat, HAND, _across(table, seat, step.more.cards.direction)), "move")


def _keep(table: Table, seat: int, card: int, step: Step) -> None:
    """What keeping one card does, as a player weighs it (the draft itself waits for everyone)."""
    carry(table, seat, card, (HAND, seat, step.more.cards.to, seat), "draw")


def _across(table: Table, seat: int, direction: int) -> int:
    if direction == 2:
        return (seat + table.players // 2) % table.players
    return (seat + (direction or 1)) % table.players


def act_draft(table: Table, seat: int, step: Step) -> None:
    """Each player keeps COUNT cards of its hand in `to` (chosen one at a time, all at once); then each,
    from the seat, takes the steps `then:` (Sushi Go's Chopsticks: a second card, the Chopsticks back
    into the hand); then the hands pass `direction`. From a table's `zone:` (a face-up row), see draft_row."""
    if step.more.cards.zone >= 0 and table.plan.places[step.more.cards.zone].owner == TABLE:
        draft_row(table, seat, step)
        return
    players = [p for p in range(table.players) if not table.out(p)]
    chosen = {p: _chosen(table, p, step, kept=True) for p in players}
    to = step.more.cards.to
    for player, cards in chosen.items():
        for card in cards:
            carry(table, player, card, (HAND, player, to, player), "draw")
    for player in sorted(players, key=lambda p: (p - seat) % table.players):
        for inner in step.then:
            table.actions[inner.do](table, player, inner)
    hands = [list(table.hands[p]) for p in range(table.players)]
    for player in players:
        table.hands[_across(table, player, step.more.cards.direction)][:] = hands[player]
        if table.state.known is not None:  # a passed hand: its giver knows it
            table.state.known[player][_across(table, player, step.more.cards.direction)][:] = hands[player]


def draft_row(table: Table, seat: int, step: Step) -> None:
    """Each player still in takes COUNT cards of the table's zone into its `to`, one at a time, its
    choice, in the order of play from the seat; with `direction: right`, from the seat before it and
    back the other way (Civilization's second plot draft: "the dealer drafts first and proceeds back in
    the opposite direction"). What the row lacks, the last players go without."""
    n = table.players
    back = step.more.cards.direction == -1
    order = [(seat - 1 - i) % n if back else (seat + i) % n for i in range(n)]
    picks_from(table, step, tuple(p for p in order if not table.out(p) for _ in range(step.count)))


def picks_from(table: Table, step: Step, pickers: tuple[int, ...]) -> None:
    """draft_row's picks, one a player in `pickers` in turn; while one is asked, the later picks are on
    the table (table.after, vocabulary/choices.leaving): a copy a search player weighs a pick on has
    the others pick after it, as the game would."""
    place, to = step.more.cards.zone, step.more.cards.to
    for at, player in enumerate(pickers):
        row = pickable(table, player, step, place)
        if not row:
            return
        options = [Option("draft", partial(carry, seat=player, card=c, moves=(place, 0, to, player), event="draw"),
                          card=c) for c in kinds(table, row)]
        outer, later = table.after, pickers[at + 1:]
        table.after = leaving(table, partial(picks_from, step=step, pickers=later) if later else None)
        try:
            card = options[pick(table, player, options)].card
        finally:
            table.after = outer
        carry(table, player, card, (place, 0, to, player), "draw")
