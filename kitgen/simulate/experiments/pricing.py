"""What a game of each search player costs in THIS game, in games of greedy's (experiments/cost.py's
unit): counted on one short sample game of greedy players at the run's player count, never timed, so
the same game and options always price alike. Lookahead and mcts are dear where a turn holds many
choices (Civilization: The Card Game's repeated buys and attachments) and cheap where it holds one
card to play (Galactic Civ): one price for every game either refused the cheap ones or let the dear
ones run for hours.

The unit of work is mcts's (players/mcts.REACH): a step of the vocabulary taken, and an option a
player weighs at a choice. The sample counts a greedy game's units, its turns, and the choices a
search player would search in it; each player's price follows from what it does at those choices:
- lookahead: each card it may play tried on SAMPLES copies played on to the end of the next turn
  (about a turn and a half of the game's units), each move weighed on up to SAMPLES copies;
- mcts: at most its iterations x REACH units at each choice it searches (the bound REACH keeps).
mcts is priced at one searched choice a turn at least: a sample of few choices may be one deal's luck
(lookahead's choices are few where a game plays few cards from the hand, and each is bounded by its
rollout to the end of the next turn).
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.players import mcts, search
from kitgen.simulate.players.greedy import GREEDY
from kitgen.simulate.players.policy import Policy
from kitgen.simulate.vocabulary import ACTIONS

SAMPLE_SEED = 1  # the sample game's seed: a price is the same on every run of the same game
BOUNDLESS = 10**15  # the sample's counter: counted down, never cut


class Tally:
    """A sample game's choices: those lookahead and mcts would think about, and what each would cost."""

    def __init__(self) -> None:
        self.card_choices = self.card_options = self.move_options = self.searched = 0


def counting(tally: Tally) -> Policy:
    """Greedy, noting each choice a search player would think about."""
    def choose_card(table: Table, seat: int, cards: list[int], best: bool) -> int:
        candidates = sorted(set(cards))
        if search.playing(table, seat, candidates, best):
            tally.card_choices += 1
            tally.card_options += len(candidates)
            tally.searched += 1
        return GREEDY.choose_card(table, seat, cards, best)

    def choose_move(table: Table, seat: int, moves: list) -> int:
        tally.move_options += len(moves)
        tally.searched += len(moves) >= mcts.MOVES
        return GREEDY.choose_move(table, seat, moves)

    return GREEDY._replace(choose_card=choose_card, choose_move=choose_move)


def priced(plan: Plan, players: int, mcts_iterations: int) -> dict[str, int]:
    """Each player's price in games of greedy's, for this game at `players` players (random and greedy: 1)."""
    tally, left = Tally(), [BOUNDLESS]
    policy = mcts.metered(counting(tally), left)
    table = Table(plan, SAMPLE_SEED, (policy,) * players, mcts.capped(ACTIONS, left))
    play(table)
    units = max(1, BOUNDLESS - left[0])
    turn_units = units / max(1, table.turn)  # a turn of every seat
    seat = players  # each choice above was one seat's: a search player is one seat of `players`
    lookahead = tally.card_options / seat * search.SAMPLES * 1.5 * turn_units + tally.move_options / seat * search.SAMPLES
    searched = max(tally.searched / seat, table.turn) * mcts_iterations * mcts.REACH
    return {"random": 1, "greedy": 1, "lookahead": 1 + round(lookahead / units), "mcts": 1 + round(searched / units)}
