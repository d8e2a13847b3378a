"""The rules vocabulary's steps between all the players at once: `elect` (votes from a table's rows,
a player's own votes and secret bids; the single player with the most holds an office, a flag, until
the next election, and takes the step's `then:`) and `agree` (every two players may make an
agreement: when both accept, each gains `gain`). Alpha Centauri's Council and Trade Pacts; the same
steps say any election by votes and bids (a Senate, a Mayor) and any pairwise pact.
"""
from __future__ import annotations

from functools import partial

from kitgen.simulate.compile.plan import Step
from kitgen.simulate.compile.tables import LookupPlan, RowPlan
from kitgen.simulate.engine.conditions import test, value
from kitgen.simulate.engine.counters import add
from kitgen.simulate.engine.schedule import seats_in_order
from kitgen.simulate.engine.table import Table, floor_of
from kitgen.simulate.vocabulary.choices import NOTHING, Option, pick, run

HELD = 10**9  # an office's flag holds until the next election takes it away


def votes_of(table: Table, player: int, step: Step, lookup: LookupPlan) -> int:
    """The player's votes before any bid: its own (`votes:`) and each row whose `when:` holds for it."""
    return value(step.more.votes, table, player) + sum(row.result for row in lookup.rows
                                                      if row.when is not None and test(row.when, table, player))


def act_elect(table: Table, seat: int, step: Step) -> None:
    """Every player still in counts its votes; then each, in turn, may secretly bid the counter a
    `bid:` row names (its result: votes per unit bid), paid whether elected or not; the single player
    with the most votes holds the office (`flag:`) until the next election, others lose it, and its
    streak (elections won in a row) grows; a tie elects nobody. The winner takes `then:`."""
    lookup: LookupPlan = table.plan.vocabulary.lookups[step.table]
    players = seats_in_order(table)
    fixed = {p: votes_of(table, p, step, lookup) for p in players}
    bid = next((row for row in lookup.rows if row.bid >= 0), None)
    totals = dict(fixed)
    if bid is not None and bid.result > 0:
        for player in players:  # secret bids: each knows the votes counted, not the others' bids
            totals[player] += bid.result * bidding(table, player, fixed, step, bid)
    elected(table, step, totals)


def elected(table: Table, step: Step, totals: dict[int, int], then: bool = True) -> None:
    """The single player with the most votes holds the office and takes `then:` (unless not `then`); a
    tie elects nobody."""
    best = max(totals.values(), default=0)
    winners = [p for p, votes in totals.items() if votes == best]
    winner = winners[0] if len(winners) == 1 else -1
    office, flags, streaks = step.more.flag, table.state.flags, table.state.streaks
    for player in range(table.players):
        held = flags[player].get(office, 0) >= table.turn
        flags[player].pop(office, None)
        streaks[player][office] = (streaks[player].get(office, 0) + 1 if held else 1) if player == winner else 0
    if winner >= 0:
        flags[winner][office] = HELD
        if then:
            run(table, winner, step.then)


def bidding(table: Table, player: int, fixed: dict[int, int], step: Step, bid: RowPlan) -> int:
    """The player's bid, paid now: nothing, or what would put it one vote ahead of the votes counted.
    Each option, taken on a copy a player weighs, is the bid and the election it decides as far as the
    player knows (the votes counted, no other bid): a bid is weighed by the office and the streak it
    wins, not only by what it costs (a bid that spent only Credits was never made)."""
    counter, per = bid.bid, bid.result
    best_other = max((votes for p, votes in fixed.items() if p != player), default=0)
    need = -(-max(0, best_other + 1 - fixed[player]) // per)  # whole units, rounded up
    spare = table.values[player][counter] - floor_of(table, counter)
    options = [0] + ([need] if 0 < need <= spare else [])
    moves = [Option("elect", partial(as_known, player=player, fixed=fixed, step=step, bid=bid, amount=a), value=a)
             for a in options]
    amount = options[pick(table, player, moves)]
    spend(table, player, counter, amount)
    return amount


def as_known(table: Table, player: int, fixed: dict[int, int], step: Step, bid: RowPlan, amount: int) -> None:
    """The bid paid and the election decided on the votes the player knows of (a copy weighs it): the
    office and its streak, not `then:` (Alpha Centauri's Governor's Proposals played on every copy:
    6 bids in 25,948 Councils of 300 4-player games, at 19% more CPU; without them 0 in 13,048 of
    150, and in 1,000 2-player games 1 bid in 51,316 either way: a bid is made where the office is
    what the nearest victory still lacks)."""
    spend(table, player, bid.bid, amount)
    elected(table, step, {**fixed, player: fixed[player] + bid.result * amount}, then=False)


def spend(table: Table, player: int, counter: int, amount: int) -> None:
    add(table, player, counter, -amount)


def act_agree(table: Table, seat: int, step: Step) -> None:
    """Every two players still in (in turn order) may agree: each is asked, and when both accept each
    gains `gain` (a Trade Pact: one more to count)."""
    players = seats_in_order(table)
    for i, first in enumerate(players):
        for second in players[i + 1:]:
            if accepts(table, first, step) and accepts(table, second, step):
                for player in (first, second):
                    for index, amount in step.more.gain:
                        add(table, player, index, value(amount, table, player))


def accepts(table: Table, player: int, step: Step) -> bool:
    moves = [Option("agree", partial(gains, player=player, step=step)), NOTHING]
    return pick(table, player, moves) == 0


def gains(table: Table, player: int, step: Step) -> None:
    for index, amount in step.more.gain:
        add(table, player, index, value(amount, table, player))
