"""A game's victory paths compiled for the engine: the engine's fast fields (PathPlan's highest,
margin, thresholds ...) where they say all of a path, else its compiled condition; each with its
coverage row, in the words the simulation checks it by. Reads the model only.
"""
from __future__ import annotations

from dataclasses import replace

from kitgen.model import Threshold
from kitgen.simulate.compile.conditions import Names, condition, shape, words
from kitgen.simulate.compile.plan import Coverage, PathPlan


def path_words(path) -> str:
    """A victory path's structured condition, as the simulation checks it (engine/victory.meets)."""
    when = (f"after turn {path.after_turn}: " if path.after_turn else "") + \
        (f"at the end of turn {path.at_end_of_turn}: " if path.at_end_of_turn else "")
    ahead = f"at least {path.margin} points ahead of" if path.margin > 1 else "strictly ahead of"
    ahead += " every other player"
    parts = ([f"highest {' and '.join(path.highest)}"] if path.highest else []) + \
        ([f"highest {' or '.join(path.highest_any)}"] if path.highest_any else [])
    words = [f"{', and '.join(parts)}, each {ahead}"] if parts else []
    words += ["ahead in more attributes than any other player"] if path.most_attributes else []
    if path.thresholds:
        words.append((" or " if path.any_threshold else " and ").join(
            f"{t.attribute} above {t.more_than}" for t in path.thresholds))
    return when + "; ".join(words)


def compile_path(path, index: dict, coverage: list[Coverage], names: Names) -> PathPlan:
    if path.when is not None:
        return _when_path(path, coverage, names)
    thresholds = tuple((index[t.attribute], t.more_than) for t in path.thresholds if t.attribute in index)
    known = path.highest or path.highest_any or path.most_attributes or thresholds
    coverage.append(Coverage(f"victory '{path.name}'", "exact" if known else "skipped",
                             path_words(path) if known else "no structured condition: its rule is text only",
                             decides=True))
    return PathPlan(path.name, path.after_turn, path.at_end_of_turn, tuple(index[a] for a in path.highest if a in index),
                    tuple(index[a] for a in path.highest_any if a in index), path.margin, path.most_attributes,
                    thresholds, path.any_threshold)


def _when_path(path, coverage: list[Coverage], names: Names) -> PathPlan:
    """A path written as `when:`: the engine's fast fields where they say it all (as the older keys
    compile), else its compiled condition, the fields then only guiding the greedy player."""
    fit = shape(path.when, names)
    node = None if fit.exact and not names.eliminates else condition(path.when, names, names.decks)
    said = replace(path, after_turn=fit.after_turn, at_end_of_turn=fit.at_end_of_turn, highest=fit.highest,
                   highest_any=fit.highest_any, margin=fit.margin, most_attributes=fit.most,
                   thresholds=tuple(Threshold(name, more) for name, more in fit.thresholds),
                   any_threshold=fit.any_threshold)
    coverage.append(Coverage(f"victory '{path.name}'", "exact",
                             path_words(said) if fit.exact else words(path.when), decides=True))
    known = names.index
    return PathPlan(path.name, fit.after_turn, fit.at_end_of_turn, tuple(known(a) for a in fit.highest if known(a) >= 0),
                    tuple(known(a) for a in fit.highest_any if known(a) >= 0), fit.margin, fit.most,
                    tuple((known(a), more) for a, more in fit.thresholds if known(a) >= 0), fit.any_threshold,
                    node, path.when.game_over)
