"""The cheap per-turn record the measures of feel are made from (README, "How the game feels"):
at the end of each turn, every seat's standing (how near it is to a victory path: players/standing,
given as a function, the engine imports no player), and whether each seat had a real choice in
that turn (a decision among two or more answers: marked by the seat's policy, play/blocks). At the
game's end it comes down to a few whole numbers (GameFeel), which is all a worker sends back.
Stdlib only.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from kitgen.simulate.compile.plan import Plan

SCALE = 100  # a deficit in standing points, kept as a whole number of hundredths

Standing = Callable[[Plan, list[list[int]], int], float]  # (plan, values, seat) -> higher is nearer a win


class GameFeel(NamedTuple):
    """One game's figures of feel, each a whole number (a worker sends them as plain ints)."""
    turns: int  # turns recorded (the end of each turn)
    lead_changes: int  # times the sole leader changed from one recorded turn to the next
    drama: int  # the winner's largest deficit behind the leader, in hundredths of a standing point (0: no winner)
    trailed: int  # 1 when the winner was behind the leader at the end of some turn
    secure: int  # the last turns the winner led alone at each end, up to the end of the game
    choice_turns: int  # (seat, turn) pairs in which the seat had a real choice
    seat_turns: int  # (seat, turn) pairs recorded
    led: int  # turns with a sole leader (0 in every game: the standings never tell the seats apart)


class TurnRecord:
    """Kept on the game's Table (table.record; a copy a player thinks ahead on has none)."""

    def __init__(self, players: int, standing: Standing):
        self.standing = standing
        self.standings: list[tuple[float, ...]] = []
        self.chose = [False] * players
        self.choice_turns = 0

    def turn_over(self, plan: Plan, values: list[list[int]]) -> None:
        self.standings.append(tuple(self.standing(plan, values, seat) for seat in range(len(values))))
        self.choice_turns += sum(self.chose)
        self.chose = [False] * len(self.chose)

    def feel(self, winner: int) -> GameFeel:
        return game_feel(self.standings, winner, self.choice_turns)


def leader(standings: tuple[float, ...]) -> int:
    """The seat alone at the top, or -1 on a tie for the lead."""
    best = max(standings)
    return standings.index(best) if standings.count(best) == 1 else -1


def game_feel(standings: list[tuple[float, ...]], winner: int, choice_turns: int = 0) -> GameFeel:
    """The figures of one game from its turn-end standings (worked examples: tests/unit/test_feel.py)."""
    leaders = [leader(row) for row in standings]
    changes, last = 0, -1
    for seat in leaders:
        if seat >= 0:  # a tie keeps the last sole leader: a tie is not a change
            changes += last >= 0 and seat != last
            last = seat
    drama = trailed = secure = 0
    if winner >= 0 and standings:
        deficits = [max(row) - row[winner] for row in standings]
        drama, trailed = round(max(deficits) * SCALE), int(max(deficits) > 0)
        while secure < len(leaders) and leaders[len(leaders) - 1 - secure] == winner:
            secure += 1
    players = len(standings[0]) if standings else 0
    return GameFeel(len(standings), changes, drama, trailed, secure, choice_turns, players * len(standings),
                    sum(seat >= 0 for seat in leaders))
