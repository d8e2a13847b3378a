"""Check a loaded game against the rules its data declares. Stdlib only; returns problems."""

from kitgen.check.game import check_game
from kitgen.check.stats import deck_stats

__all__ = ["check_game", "deck_stats"]
