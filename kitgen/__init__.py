"""kitgen: card games written as data, built into print-and-play kits."""

__version__ = "0.1.0"
