"""claim: a player claims to hold a card it may not hold, to take the steps `then:` (Coup's Duke
taking Tax). Any other player may challenge the claim: the claimant who holds such a card shows it
(with `zone:`, shuffles it into that pile and draws another) and the challenger takes the `loser:`
steps; a claimant who does not hold one takes them, and the claim fails (its `cost`, paid first, is
given back). A claim with `block:` may be blocked, by its target (or, without one, by any other
player) claiming a card that passes `block:`, a claim the others may challenge in turn; a block
that stands stops the claim (its cost stays paid). A claim without `filter:` claims no card: only
`block:` can stop it (Coup's Foreign Aid). The claim's target is chosen first and is the target of
its steps `then:` (`target: target-player` in them). Every choice is the players' policies'.
"""
from __future__ import annotations

from functools import partial

from kitgen.simulate.compile.plan import TARGET_PLAYER, Step
from kitgen.simulate.engine.expressions import passes
from kitgen.simulate.engine.options import NOTHING, Option, pick
from kitgen.simulate.engine.rounds import eliminate
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.zones import cards_of, take_top
from kitgen.simulate.vocabulary.choices import run
from kitgen.simulate.vocabulary.entering import pay
from kitgen.simulate.vocabulary.legal import can_pay, price_due
from kitgen.simulate.vocabulary.picks import HAND, carry, choosable


def act_claim(table: Table, seat: int, step: Step) -> None:
    cost = step.more.cost
    if cost is not None and not can_pay(table, seat, cost):
        return
    victim = -1
    if step.target == TARGET_PLAYER:
        candidates = choosable(table, seat, step)
        if not candidates:
            return
        options = [Option("target", partial(_aimed, seat=seat, step=step, victim=p), target=p) for p in candidates]
        victim = candidates[pick(table, seat, options)]
    _aimed(table, seat, step, victim)


def _aimed(table: Table, seat: int, step: Step, victim: int) -> None:
    """The claim against `victim` (-1: nobody): paid, challenged, blocked, then its steps."""
    cards, cost = step.more.cards, step.more.cost
    if cost is not None:
        pay(table, seat, cost)
    if cards.filter is not None and not stands(table, seat, cards.filter, step):
        if cost is not None:  # a claim shown false fails whole: its cost comes back
            for index, amount in cost.fixed:
                table.values[seat][index] += price_due(table, seat, amount)
        return
    if cards.block is not None and _blocked(table, seat, step, victim):
        return
    if table.out(seat) or (victim >= 0 and table.out(victim)):
        return
    before, table.aim = table.aim, victim
    run(table, seat, step.then)
    table.aim = before
    if table.plan.vocabulary.eliminate is not None:  # a player left without cards is out at once
        eliminate(table)


def stands(table: Table, claimant: int, claimed, step: Step) -> bool:
    """Each other player still in, in turn from the claimant, may challenge; the first who does
    settles it. True when nobody challenged or the claimant held such a card."""
    for k in range(1, table.players):
        other = (claimant + k) % table.players
        if table.out(other):
            continue
        options = [Option("challenge", partial(_weigh, settle=partial(_challenge, claimant=claimant, challenger=other,
                                                                     claimed=claimed, step=step))), NOTHING]
        if pick(table, other, options) == 0:
            return _challenge(table, claimant, other, claimed, step)
    return True


def _challenge(table: Table, claimant: int, challenger: int, claimed, step: Step) -> bool:
    """The challenge settled: True when the claimant held such a card (the challenger loses)."""
    held = [c for c in table.hands[claimant] if passes(claimed, table, claimant, c)]
    loser = challenger if held else claimant
    if held and step.more.cards.zone >= 0:  # shown, shuffled in, and another drawn
        pile = step.more.cards.zone
        carry(table, claimant, held[0], (HAND, claimant, pile, claimant), "move")
        table.shuffler.shuffle(cards_of(table, pile, claimant))
        card = take_top(table, pile, claimant)
        if card >= 0:
            cards_of(table, pile, claimant).append(card)
            carry(table, claimant, card, (pile, claimant, HAND, claimant), "draw")
    run(table, loser, step.more.cards.loser)
    if table.plan.vocabulary.eliminate is not None:
        eliminate(table)
    return bool(held)


def _blocked(table: Table, seat: int, step: Step, victim: int) -> bool:
    """The target (none: every other player in turn) may block by claiming a card of `block:`; a
    block that stands its challenges stops the claim."""
    blockers = [victim] if victim >= 0 else [(seat + k) % table.players for k in range(1, table.players)]
    block = step.more.cards.block
    for blocker in blockers:
        if table.out(blocker) or table.winner >= 0:
            continue
        weigh = partial(_weigh, settle=partial(stands, claimant=blocker, claimed=block, step=step))
        if pick(table, blocker, [Option("block", weigh), NOTHING]) == 0:
            return stands(table, blocker, block, step)
    return False


def _weigh(table: Table, settle) -> None:
    """An option a player weighs on a copy of the table: the challenge (block) settled there."""
    settle(table)
