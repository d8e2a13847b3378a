"""The rules vocabulary between players and between turns: melds, steal, look-and-take, swap,
contest; and what happens when a turn or a round ends (scoring schedules, flag streaks, who is out,
the end of the game). Stdlib only; the state is vocabulary.State.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable

from kitgen.simulate.actions import dice_total
from kitgen.simulate.conditions import test, value
from kitgen.simulate.compile.plan import Step
from kitgen.simulate.actions import card_types
from kitgen.simulate.conditions import cards_in
from kitgen.simulate.vocabulary import add, floor_of, nothing, pick, target

if TYPE_CHECKING:
    from kitgen.simulate.engine import Table


# --- melds ---------------------------------------------------------------------------------

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
    options: list[Callable[[Table], None]] = [partial(meld, seat=seat, kind=k, step=step, room=room) for k in legal]
    options.append(nothing)
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


# --- between players -----------------------------------------------------------------------

def act_steal(table: Table, seat: int, step: Step) -> None:
    """Take COUNT cards at random from a target player's hand."""
    victim = target(table, seat, step.count)
    for _ in range(step.count if victim >= 0 else 0):
        theirs = table.hands[victim]
        if not theirs:
            return
        card = theirs.pop(int(table.rng.random() * len(theirs)))
        table.hands[seat].append(card)


def act_look_and_take(table: Table, seat: int, step: Step) -> None:
    """Look at a target player's hand and take the COUNT cards the seat's policy likes best."""
    victim = target(table, seat, step.count)
    for _ in range(step.count if victim >= 0 else 0):
        theirs = table.hands[victim]
        if not theirs:
            return
        card = table.policies[seat].choose_card(table, seat, list(theirs), True)
        theirs.remove(card)
        table.hands[seat].append(card)


def act_swap(table: Table, seat: int, step: Step) -> None:
    """Give the card of the hand the seat's policy likes least for a random card of a target's hand."""
    victim = target(table, seat, 1)
    if victim < 0 or not table.hands[victim] or not table.hands[seat]:
        return
    mine, theirs = table.hands[seat], table.hands[victim]
    given = table.policies[seat].choose_card(table, seat, list(mine), False)
    taken = theirs.pop(int(table.rng.random() * len(theirs)))
    mine.remove(given)
    mine.append(taken)
    theirs.append(given)


def act_contest(table: Table, seat: int, step: Step) -> None:
    """Dice combat: the seat and a target each roll `die` and add `strength`; the higher total wins
    `gain`, the lower loses `lose` (never below 0, or the counter's min); equal totals: nothing happens."""
    defender = target(table, seat, 1)
    if defender < 0:
        return
    count, sides = step.die
    totals = [dice_total(table.rng, count, sides) if count else 0 for _ in (seat, defender)]
    attack = totals[0] + value(step.more.strength, table, seat)
    defend = totals[1] + value(step.more.strength, table, defender)
    if attack == defend:
        return
    winner, loser = (seat, defender) if attack > defend else (defender, seat)
    for index, amount in step.more.gain:
        add(table, winner, index, value(amount, table, winner))
    for index, amount in step.more.lose:
        lost = min(value(amount, table, loser), table.values[loser][index] - floor_of(table, index))
        table.values[loser][index] -= max(0, lost)


# --- the end of a turn and of a round -----------------------------------------------------

def round_end(table: Table) -> None:
    """Before the round's victories: flag streaks are counted, then the scoring schedules score."""
    state, rules, turn = table.state, table.plan.vocabulary, table.turn
    for seat in range(table.players):
        flags, streaks = state.flags[seat], state.streaks[seat]
        for flag in rules.flags:
            streaks[flag] = streaks.get(flag, 0) + 1 if flags.get(flag, 0) >= turn else 0
    for scoring in rules.scoring:
        if not scoring.turns or turn in scoring.turns:
            score(table, scoring)


def score(table: Table, scoring) -> None:
    """Points by rank: the highest first; tied players share their place's points or get none."""
    ranks = {p: value(scoring.rank, table, p) for p in range(table.players) if not table.state.out[p]}
    place = 0
    for level in sorted(set(ranks.values()), reverse=True):
        tied = [p for p, v in ranks.items() if v == level]
        if place < len(scoring.points) and (len(tied) == 1 or scoring.share):
            for p in tied:
                add(table, p, scoring.counter, value(scoring.points[place], table, p))
        place += len(tied)


def turn_over(table: Table, seat: int) -> bool:
    """After a seat's turn (seat >= 0) or a round (-1): who is out, and whether the game ends."""
    if table.plan.vocabulary.eliminate is not None and eliminate(table):
        return True
    if table.plan.game_end is not None and table.winner < 0 and table.ends(seat):
        table.game_over()
        return True
    return table.winner >= 0


def eliminate(table: Table) -> bool:
    """Players for whom the condition holds are out; one left: its victory paths are checked; none
    left: the game ends with no winner. True when the game ends."""
    state = table.state
    for p in range(table.players):
        if not state.out[p] and test(table.plan.vocabulary.eliminate, table, p):
            state.out[p] = True
            for card in table.hands[p]:  # an eliminated player's hand goes to its decks' discards
                table.piles[table.deck_of[card]][1].append(card)
            table.hands[p].clear()
    alive = [p for p in range(table.players) if not state.out[p]]
    if len(alive) == 1:
        table.check_victory(alive[0])
    return not alive or table.winner >= 0
