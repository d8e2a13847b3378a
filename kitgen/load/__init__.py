"""YAML -> model, with file:line:col for every problem. The only package that touches yaml."""

from kitgen.load.game import load_game

__all__ = ["load_game"]
