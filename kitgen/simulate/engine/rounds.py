"""What happens at the end of a turn and of a round in a game that uses the rules vocabulary: flag
streaks counted, the scoring schedules scored, who is out (eliminate), whether the game ends
(game_end). The loop (engine/loop.play) calls these; none is a step. Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.engine.conditions import test, value
from kitgen.simulate.engine.counters import add
from kitgen.simulate.engine.table import Table
from kitgen.simulate.engine.victory import check_victory, ends, game_over


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
    if table.plan.game_end is not None and table.winner < 0 and ends(table, seat):
        game_over(table)
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
        check_victory(table, alive[0])
    return not alive or table.winner >= 0
