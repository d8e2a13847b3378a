"""A block's games as a cluster's worker sends them back: plain lists of whole numbers (Dask carries
them as msgpack, never as objects to unpickle), with the worker's kitgen version, and read back in
kitgen's process only after every number is checked against the plan: the right count of games,
each of its shape, each number within its bounds. Stdlib only.

    [version, [[winner, [paths...], turn, [faction per seat], [[cards a seat played...] per seat], [feel],
      [steps taken], held] ...]]
    [version, "ValueError: ..."]   a block the worker could not play, as one line of text
"""
from __future__ import annotations

from typing import Any

from kitgen import __version__
from kitgen.check.chains import MAX_STEPS
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.engine.record import GameFeel
from kitgen.simulate.play.blocks import Block, play_block


def play_plain(plan: Plan, block: Block) -> list:
    """On a worker: the block's games as plain lists, or the error that stopped them as text."""
    try:
        games = play_block(plan, block)
    except Exception as exc:  # sent back as words: an exception object would be unpickled to be read
        return [__version__, f"{type(exc).__name__}: {exc}"[:300]]
    return [__version__, [[game.winner, list(game.paths), game.turn, list(game.factions),
                           [list(cards) for cards in game.played], list(game.feel), list(game.fired), game.held]
                          for game in games]]


def read_plain(answer: Any, plan: Plan, block: Block) -> list[GameResult]:
    """The games of `answer`, a worker's for `block`; ValueError, in words, when it is not that."""
    if not _is_list(answer) or len(answer) != 2 or not isinstance(answer[0], str):
        raise ValueError("not a [version, games] pair")
    version, games = answer
    if version != __version__:
        raise ValueError(f"its workers run kitgen {version[:40]!r}, this is kitgen {__version__}: install the "
                         "same kitgen on the workers")
    if isinstance(games, str):
        raise ValueError(f"a worker could not play them: {games[:300]}")
    if not _is_list(games) or len(games) != block.count:
        raise ValueError(f"{len(games) if _is_list(games) else 'no list of'} games for a block of {block.count}")
    return [_game(game, plan, len(block.policies)) for game in games]


def _game(game: Any, plan: Plan, players: int) -> GameResult:
    if not _is_list(game) or len(game) != 8:
        raise ValueError("a game that is not [winner, paths, turn, factions, played, feel, fired, held]")
    winner, paths, turn, factions, played, feel, fired, held = game
    _number("held", held, 0, 1)
    _number("winner", winner, -1, players - 1)
    _numbers("paths", paths, 0, len(plan.paths) - 1, len(plan.paths))
    _number("turn", turn, 0, plan.turns)
    _numbers("factions", factions, -1, len(plan.factions) - 1, players, exactly=True)
    if not _is_list(played) or len(played) != players:
        raise ValueError(f"played: not a list of {players} seats")
    for cards in played:  # a seat plays at most one card a step of the simulator's budget
        _numbers("played", cards, 0, len(plan.cards) - 1, MAX_STEPS)
    if _is_list(feel) and feel:  # a game of the engine: its figures of feel (engine/record.GameFeel), whole numbers
        _numbers("feel", feel, 0, FEEL_MOST, len(GameFeel._fields), exactly=True)
    elif not _is_list(feel):
        raise ValueError("feel: not a list")
    _numbers("fired", fired, -1, len(plan.located) - 1, len(plan.located) + 1)  # each step once (-1: kitgen's own)
    return GameResult(winner, tuple(paths), turn, tuple(factions), tuple(tuple(cards) for cards in played), tuple(feel),
                      tuple(fired), held)


FEEL_MOST = 10**9  # a count of turns or choices, or a deficit in hundredths: far below this in any game


def _number(name: str, value: Any, low: int, high: int) -> None:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{name}: {str(value)[:40]!r} is not a whole number from {low} to {high}")


def _numbers(name: str, values: Any, low: int, high: int, most: int, exactly: bool = False) -> None:
    if not _is_list(values) or len(values) > most or (exactly and len(values) != most):
        raise ValueError(f"{name}: not a list of {'' if exactly else 'at most '}{most} numbers")
    for value in values:
        _number(name, value, low, high)


def _is_list(value: Any) -> bool:
    return type(value) in (list, tuple)  # msgpack reads an array as a tuple (Dask's use_list=False)
