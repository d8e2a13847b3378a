"""The game's tokens (tokens.pdf): each names a counter that exists, and the pieces to print stay
countable before any is made. Stdlib only. Whether a piece fits the paper is layout/tokens'
question (it knows the paper); whether its icon exists, check/icons'.
"""
from __future__ import annotations


from kitgen.errors import Problem, did_you_mean, error
from kitgen.model import Game, Token, player_counts
from kitgen.units import MM

MAX_PIECES = 10_000  # a 19 mm piece: about 80 a letter page, so some 125 pages to cut
MAX_VALUES = 100  # denominations of one token, each a kind of piece
SIZES = (10 * MM, 1000 * MM)  # a piece's side, as a card's (units.PRINT_LIMITS["card_size"])


def most_players(game: Game) -> int:
    """The largest player count the game names ('2-7' -> 7; '2+' -> 2, and the manifest says to print
    more for more players)."""
    counts = player_counts(game.players)
    return counts.named if counts else 1


def pieces(token: Token, players: int) -> int:
    """How many pieces of `token` print at `players` (layout/tokens.token_pieces makes them)."""
    if token.player_colours:
        return max(0, token.per_player[0] if token.per_player else 0) * players
    per_player = [token.per_player[min(i, len(token.per_player) - 1)] if token.per_player else 0
                  for i in range(max(1, len(token.values)))]
    return sum(max(0, each * players + token.count) for each in per_player)


def check_tokens(game: Game) -> list[Problem]:
    problems: list[Problem] = []
    for token in game.tokens:
        label = f"token '{token.name}'"
        if token.counter and game.counter(token.counter) is None:
            names = [c.name for c in game.counters]
            hint = did_you_mean(token.counter, names) or f" (counters: {', '.join(names) or 'none declared'})"
            problems.append(error(token.where, f"{label}: unknown counter '{token.counter}'{hint}"))
        if len(token.values) > MAX_VALUES:
            problems.append(error(token.where, f"{label}: {len(token.values):,} values; at most {MAX_VALUES} (one "
                                  "piece kind each)"))
        for name, numbers in (("count", (token.count,)), ("per_player", token.per_player)):
            problems += [error(token.where, f"{label}: {name} {n:,}: give 0 or more") for n in numbers if n < 0]
        if not SIZES[0] <= token.size <= SIZES[1]:
            problems.append(error(token.where, f"{label}: size {token.size / MM:g} mm is out of range: give "
                                  f"{SIZES[0] / MM:g} to {SIZES[1] / MM:g} mm"))
    if problems or not game.tokens:
        return problems
    players = most_players(game)
    counted = [(pieces(token, players), token) for token in game.tokens]
    total = sum(count for count, _ in counted)
    if total > MAX_PIECES:  # said at the token with the most: the one to look at first
        most = max(counted, key=lambda pair: pair[0])[1]
        problems.append(error(most.where, f"tokens: {total:,} pieces to print; at most {MAX_PIECES:,}"))
    return problems
