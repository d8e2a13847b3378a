"""A game's plan for play: compiled from its data by the one engine's compile_game. Every game plays
from its data (issue 33): the rule modules that once played four shipped games are gone, and a
game.yaml that still names one (`simulate: {rules: NAME}`) is one located error that says so.
Compiling asks nothing of the engine, so `kitgen validate` (plan_game) imports none of it.
"""
from __future__ import annotations

from kitgen.errors import KitgenError, error
from kitgen.model import Game
from kitgen.simulate.compile.game import compile_game
from kitgen.simulate.compile.plan import Plan


# The rule modules kitgen once shipped: each of these games plays from its data now.
RETIRED = ("alpha-centauri", "civ-builder", "civilization-card-game", "galactic-supremacy")


def plan_game(game: Game, without: tuple[str, ...] = ()) -> Plan:
    """The plan of `game`, leaving out the optional rules (decks) named in `without`."""
    name = game.simulate.rules
    if name:
        gone = (f"the rule module '{name}' is gone: the game" if name in RETIRED
                else f"kitgen has no rule module '{name}' (none any more): every game")
        raise KitgenError(error(game.simulate.where or game.where, f"simulate.rules: {gone} plays from its data "
                                "through the one engine (remove simulate.rules)"))
    return compile_game(game, without)
