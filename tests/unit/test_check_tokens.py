"""The token count check (check/tokens.py) counts the pieces tokens.pdf prints: its bound on pieces is only
a bound if it counts what layout/tokens.token_pieces makes, a value nobody needs included (none print)."""
from __future__ import annotations

import pytest

from kitgen.check.tokens import MAX_PIECES, check_tokens, most_players, pieces
from kitgen.errors import Where
from kitgen.layout.tokens import token_pieces
from kitgen.model import Counter, Game, Token

AT = Where("game.yaml", 30, 5)


def game(players: str, *tokens: Token) -> Game:
    return Game("g", "G", "G", players, (), (), (), (), counters=(Counter("Credits", where=AT),), tokens=tokens)


TOKENS = [
    Token("Coins", "Credits", values=(1, 5, 10), per_player=(3, 0), where=AT),  # no 5s or 10s a player: none print
    Token("Coins", "Credits", values=(1, 5), per_player=(0,), count=2, where=AT),  # only the table's 2 of each
    Token("Status", count=1, where=AT),
    Token("Nothing", values=(1,), per_player=(0,), where=AT),
    Token("Markers", per_player=(2,), player_colours=True, where=AT),
    Token("Markers", per_player=(0,), player_colours=True, where=AT),
]


@pytest.mark.parametrize("token", TOKENS, ids=[f"{t.name}-{i}" for i, t in enumerate(TOKENS)])
@pytest.mark.parametrize("players", ["2", "3-5"])
def test_pieces__as_many_as_the_token_sheet_prints(token, players):
    made = game(players, token)
    printed = sum(piece.count for piece in token_pieces(made))
    assert pieces(token, most_players(made)) == printed


def test_pieces__counted_in_the_bound_at_the_token_with_the_most():
    few = Token("Coins", "Credits", values=(1, 5), per_player=(1, 0), where=Where("game.yaml", 31, 5))
    most = Token("Status", count=MAX_PIECES, where=Where("game.yaml", 32, 5))
    assert check_tokens(game("2", few, most)) == check_tokens(game("2", most, few))
    (problem,) = check_tokens(game("2", few, most))
    assert (problem.where.line, problem.message) == (32, f"tokens: {MAX_PIECES + 2:,} pieces to print; at most "
                                                         f"{MAX_PIECES:,}")
    unused = Token("Coins", "Credits", values=(1, 5), per_player=(0,), where=AT)  # no piece at all
    assert check_tokens(game("2", unused, most)) == []


def test_tokens__an_unknown_counter_with_none_declared_says_so():
    lone = Game("g", "G", "G", "2", (), (), (), (), tokens=(Token("Coins", "Credits", count=3, where=AT),))
    assert [p.message for p in check_tokens(lone)] == ["token 'Coins': unknown counter 'Credits' (counters: none declared)"]


@pytest.mark.parametrize("players, most", [("2-7", 7), ("2+", 2), ("any", 1), ("", 1), ("3 to 5", 5)])
def test_most_players__the_largest_number_the_game_names_else_1(players, most):
    assert most_players(game(players)) == most
