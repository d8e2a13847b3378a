"""What a run of games costs before it is played: CPU, counted in games of greedy's cost, and memory,
in games' results held at once. kitgen simulate and kitgen tune refuse a run past either bound in
one line up front, rather than run for hours or exhaust memory (issue 34)."""
from __future__ import annotations

from collections.abc import Iterable

MAX_GAMES = 500_000  # games of greedy's cost a run may play: about ten minutes on 2 cores for the slowest shipped game
# CPU a game of each player against greedy's, at mcts's default 16 iterations, where the game is not at hand
# to price them by (experiments/pricing.priced: kitgen simulate does); a game's own strategies play as greedy does
POLICY_COST = {"random": 1, "greedy": 1, "lookahead": 6, "mcts": 160}
MCTS_ITERATIONS = 16  # mcts's cost above is at this many iterations a decision; it grows with them
RESULT_KB = 0.75  # memory a game's result takes while the report waits for all of them (issue 34's measure)
MAX_HELD = 250_000  # games' results held at once: about 183 MB, on a machine others share


def weight(policies: Iterable[str], mcts_iterations: int = MCTS_ITERATIONS,
           prices: dict[str, int] | None = None) -> tuple[int, str]:
    """A game's cost in games of greedy's, by its dearest player, and that player's name; `prices`:
    each player's in this game (experiments/pricing.priced, at `mcts_iterations`), else POLICY_COST's."""
    def cost(name: str) -> int:
        if prices is not None:
            return prices.get(name, 1)
        if name == "mcts":
            return max(1, POLICY_COST["mcts"] * mcts_iterations // MCTS_ITERATIONS)
        return POLICY_COST.get(name, 1)
    dearest = max(policies, key=cost)
    return cost(dearest), dearest


def too_much(games: int, policies: Iterable[str], mcts_iterations: int = MCTS_ITERATIONS, held: int = 0,
             fixed: int = 0, prices: dict[str, int] | None = None) -> str | None:
    """Why `games` games played by `policies` (plus `fixed` games of greedy's cost, e.g. a skill ladder's)
    of which `held` are kept in memory at once are too much to run, or None. One function for every
    command that plays games, so that each counts the same."""
    each, dearest = weight(policies, mcts_iterations, prices)
    total = games * each + fixed
    if total > MAX_GAMES:
        cost = f" of {dearest}, each costing about {each:,} of greedy's" if each > 1 else ""
        more = f" and {fixed:,} more for the ladder" if fixed else ""
        return (f"up to {games:,} games{cost}{more}: at most {MAX_GAMES:,} games of greedy's a run "
                "(minutes, not hours)")
    if held > MAX_HELD:
        return (f"{held:,} games' results held at once, about {held * RESULT_KB / 1024:,.0f} MB at {RESULT_KB} KB "
                f"each: at most {MAX_HELD:,} (about {MAX_HELD * RESULT_KB / 1024:,.0f} MB)")
    return None


def simulate_refused(settings, experiments, cards: int, prices: dict[str, int] | None = None) -> str | None:
    """kitgen simulate's run (lab.Experiments), as too_much counts it: the games at each player count
    (all held until the report is summed up), each card's impact games (`cards`: the cards and decks
    it compares), the seat fixes' games and the skill ladder's, whose rungs cost their stronger player;
    `prices`: each player's in this game (experiments/pricing.priced)."""
    from kitgen.simulate.experiments.fairness import FIXES
    from kitgen.simulate.experiments.ladder import LADDER

    counts = len({settings.players, *experiments.player_counts})
    games = settings.games * counts * (1 + (len(FIXES) if experiments.fixes else 0)) + experiments.impact_games * cards
    ladder = experiments.ladder_games * sum(weight([strong], settings.mcts_iterations, prices)[0]
                                            for strong in LADDER[1:])
    return too_much(games, settings.policies, settings.mcts_iterations, held=settings.games * counts, fixed=ladder,
                    prices=prices)
