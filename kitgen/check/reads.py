"""What the simulator would play without a word said: a flag set and never read, a victory path no
check reaches or on counters no step changes, a key a step accepts and ignores. Each a warning at its
line (kitgen validate), and each makes the rule it belongs to less than exact in the coverage
(simulate/compile/game.py). Stdlib only.
"""
from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Iterator, NamedTuple

from kitgen.check.actions import action_owners, card_game, steps_of
from kitgen.check.conditions import conditions_of
from kitgen.check.dice import die_range
from kitgen.check.formula import FormulaError, expression_names, whole_number
from kitgen.errors import Problem, Where, warning
from kitgen.model import ANY, Action, Game, When

# The keys each step kind reads (beside do, text, optional: every step's): the vocabulary's registry
# (simulate/vocabulary ACTIONS) declares them here, where validate can read them without the engine;
# tests/unit/test_step_reads.py holds the two in step (the same kinds; each key found in the code
# its function reaches). A key written on a step that does not read it is ignored in play: a warning.
_TARGETED = ("target", "protected", "yourself")
STEP_READS: dict[str, frozenset[str]] = {do: frozenset(keys) for do, keys in {
    "draw": ("count", "deck", "target", "zone", "to", "filter", "top", "group", *_TARGETED),
    "play": ("count", "types", "deck", "zone", "to", "filter", "top", "follow", "match", "must", "only", "mark",
             "otherwise", "at_cost", "raises", "discount", "floor"),
    "discard": ("count", "deck", "target", "at_random", "zone", "to", "filter", "top", "mark"),
    "discard-to-limit": (),
    "change": ("attribute", "delta", "floor", "table", "target"),
    "take": ("attribute", "count", "floor", "table", "target"),
    "hand-size": ("delta",),
    "event": ("deck", "die", "on", "from_turn"),
    "check-victory": ("target",),
    "when": ("when", "then", "otherwise", *_TARGETED),
    "gain": ("gain", "target"),
    "pay": ("cost", "then"),
    "exchange": ("cost", "gain", "count", "then", "batch"),
    "buy": ("count", "zone", "to", "deck", "filter", "group", "top", "discount", "floor", "trade"),
    "attach": ("types", "zone", "deck", "cost", "at_cost", "discount", "floor", "trade"),
    "choose": ("then",),
    "flag": ("flag", "turns", "target"),
    "meld": ("condition", "gain", "group", "ladder", "min", "table", "types", "zone"),
    "steal": ("count", "target"),
    "look-and-take": ("count", "deck", "give_back", "top", "target"),
    "swap": ("target",),
    "contest": ("die", "gain", "lose", "strength", "target"),
    "redraw": ("count", "deck", "delta"),
    "deal": ("count", "deck", "zone", "to", "filter"),
    "move": ("count", "deck", "zone", "to", "filter", "mark", "top", "put", *_TARGETED),
    "shuffle": ("deck", "zone", "target"),  # each target's zone (Dominion's starting decks)
    "set": ("attribute", "value", *_TARGETED),
    "trash": ("count", "deck", "zone", "filter", "top"),  # out of the game: `to:` is not read
    "reveal": (),
    "pass": ("count", "direction", "filter", "top"),
    "draft": ("count", "direction", "filter", "to", "top", "zone", "then"),
    "declare": ("field", "zone", "filter"),
    "lead": ("filter", "zone", *_TARGETED),
    "reverse": (),
    "skip": ("count",),
    "take-trick": ("zone", "to", "follow", "rank", "trump", "lead"),
    "score": ("attribute", "value", "group", "sets", "by_count", "majority", "zone", *_TARGETED),
    "look": _TARGETED,
    "guess": ("field", "filter", "then", *_TARGETED),
    "compare": ("value", "loser", *_TARGETED),
    "swap-hands": _TARGETED,
    "out": _TARGETED,
    # the steps between players (Alpha Centauri's port)
    "roll": ("table", "modifier", "bonus", "reroll_at", "target"),
    "lookup": ("table",),
    "elect": ("table", "flag", "then", "votes"),
    "agree": ("gain", "then"),
    "mark": ("zone", "to", "target"),
    "battle": ("table", "die", "strength", "lose", "winner_loses", "tie", "then", "target", "units", "cards"),
    "orders": ("count", "then", "veto"),
    "reattach": ("zone",),
    "detach": ("zone", "to", "filter", "target"),
    # claims (Coup): a card claimed, challenged, blocked
    "claim": ("filter", "zone", "cost", "then", "loser", "block", *_TARGETED),
}.items()}
EVERY_STEP = frozenset({"do", "text", "optional", "times", "where", "answers", "each"})  # answers, each: any step  # read (or printed, or wrapped) whatever the kind


class Finding(NamedTuple):
    """One thing play would leave undone: the rule it belongs to (as coverage names it), where, what."""
    owner: str
    where: Where | None
    message: str


def check_reads(game: Game) -> list[Problem]:
    return [warning(f.where, f"{f.owner}: {f.message}") for f in findings(game)]


def findings(game: Game) -> list[Finding]:
    return ignored_keys(game) + unread_flags(game) + unreachable_paths(game)


def ignored_keys(game: Game) -> list[Finding]:
    found = []
    for owner, actions in action_owners(game):
        for step in steps_of(actions):
            reads = STEP_READS.get(step.do, frozenset()) | EVERY_STEP
            written = [key for key in _keys(step) if key not in reads]
            found += [Finding(owner, step.where, f"'{key}:' is accepted and ignored: do: {step.do} does not read it")
                      for key in written]
    return found


def _keys(step: Action) -> list[str]:
    """The keys written on a step: those that differ from their default (`count: 1` says nothing)."""
    return [f.name for f in fields(step) if f.name != "where" and f.default is not MISSING
            and getattr(step, f.name) != f.default]


def unread_flags(game: Game) -> list[Finding]:
    read = {flag for when in every_condition(game) for flag in (*when.flag, *(a.counter for a in when.streak))}
    return [Finding(owner, step.where, f"flag '{step.flag}' is set and never read (no condition names it)")
            for owner, actions in action_owners(game) for step in steps_of(actions)
            if step.do == "flag" and step.flag and step.flag not in read]


def every_condition(game: Game) -> Iterator[When]:
    """conditions_of's, and those of a target's `protected:`, a play's `only:` and the rounds'."""
    def walk(when: When) -> Iterator[When]:
        yield when
        for part in (*when.all, *when.any, *when.none):
            yield from walk(part)

    yield from (when for _, when in conditions_of(game))
    for _, actions in action_owners(game):
        for step in steps_of(actions):
            for when in (step.protected, *(rule.when for rule in step.only)):
                if when is not None:
                    yield from walk(when)
    if game.rounds is not None:
        for when in (game.rounds.until, game.rounds.end):
            if when is not None:
                yield from walk(when)


def unreachable_paths(game: Game) -> list[Finding]:
    """A victory path no check ever tests, or whose condition reads only counters no step changes."""
    steps = [step for _, actions in action_owners(game) for step in steps_of(actions)]
    checked = any(step.do == "check-victory" for step in steps)
    changed = changed_counters(game, steps)
    found = []
    for path in game.victory_paths:
        owner, when = f"victory '{path.name}'", path.when
        over = when is not None and when.game_over
        at_end = path.at_end_of_turn is not None or (when is not None and when.end_of_turn is not None)
        if over and game.game_end is None and not card_game(game):
            found.append(Finding(owner, path.where, "unreachable: it is checked when the game ends early, and "
                                 "the game has no game_end"))
        elif not (over or at_end or checked or _last_standing(game, when)):
            alone = " (only when one player is left, beside the last-standing path)" if game.eliminate else ""
            found.append(Finding(owner, path.where, f"unreachable: no step checks it{alone}: no 'do: check-victory', "
                                 "and it is neither game_over nor end_of_turn"))
        else:
            frozen = _frozen(game, path, changed)
            if frozen:
                names = " or ".join(dict.fromkeys(frozen))
                found.append(Finding(owner, path.where, f"unreachable: no step changes {names} (nor a card, "
                                     "faction or die), and its condition needs it changed"))
    return found


def _last_standing(game: Game, when: When | None) -> bool:
    return game.eliminate is not None and when is not None and when.last_standing


def changed_counters(game: Game, steps: list[Action]) -> set[str]:
    """The counters and attributes some step, card, faction, table or die may change (by name; a
    derived total when one of its parts does)."""
    names = {a.name for a in game.attributes if die_range(a.start.strip())}  # rolled at the start
    effects = [e for d in game.decks for c in d.cards for e in c.effects]
    effects += [e for f in game.factions for e in f.effects] + [e for t in game.tables for r in t.rows for e in r.effects]
    names |= {e.attribute for e in effects} | {a.counter for f in game.factions for a in f.counters}
    names |= {r.attribute for t in game.tables for r in t.rows if r.attribute}
    every = {a.name for a in game.attributes}
    if any(r.any_attribute for t in game.tables for r in t.rows) or any(s.attribute == ANY for s in steps):
        names |= every
    for step in steps:
        if step.do in ("change", "take", "set", "score") and step.attribute:
            names.add(step.attribute)
        if step.do in ("change", "take") and step.table:
            names |= every  # a rolled attribute (the table's rows are counted above when they name one)
        names |= {a.counter for a in (*step.gain, *step.lose)}
        if step.cost is not None:
            names |= {p.counter for p in step.cost.pay} | set(step.cost.of)
    for card in (c for d in game.decks for c in d.cards):
        if card.cost is not None and any(s.do == "buy" for s in steps):
            names |= {p.counter for p in card.cost.pay} | set(card.cost.of)
    names = {canonical(game, n) for n in names}
    grew = True
    while grew:  # a total changes when a part does (totals of totals, a group's Major Factor: until nothing is added)
        more = {c.name for c in game.counters if c.total is not None and c.name not in names
                and _parts(game, c.total) & names}
        more |= {a.group for a in game.attributes if a.group and a.name in names and a.group not in names}
        names |= more
        grew = bool(more)
    return names


def canonical(game: Game, name: str) -> str:
    """The attribute's or counter's own name for a name, alias or code (a space written `_`)."""
    found = game.attribute(name) or game.counter(name) or game.attribute(name.replace("_", " ")) \
        or game.counter(name.replace("_", " "))
    return found.name if found is not None else name


def _parts(game: Game, text: str) -> set[str]:
    try:
        return {canonical(game, word) for word in expression_names(text)}
    except FormulaError:
        return set()


def _frozen(game: Game, path, changed: set[str]) -> list[str]:
    """The counters a path's condition needs changed, none of which any step changes ([] when it
    may be met: one of them changes, or its condition reads more than counters)."""
    if path.when is None:
        needed = [*path.highest, *path.highest_any, *(t.attribute for t in path.thresholds)]
        if path.most_attributes or not needed:
            return []
        return needed if not ({canonical(game, n) for n in needed} & changed) else []
    return _needs(path.when, changed, game)


def _needs(when: When, changed: set[str], game: Game) -> list[str]:
    if when.any:
        parts = [_needs(w, changed, game) for w in when.any]
        if any(not p for p in parts):
            return []
        return [n for p in parts for n in p]
    own = [*when.highest, *when.lowest]
    for amount in (*when.at_least, *when.more_than):
        start = _start(game, amount.counter)
        need = whole_number(amount.value)
        if start is None or need is None or start < need + (amount in when.more_than):
            own.append(amount.counter)
    frozen = [name for name in own if _is_counter(game, name) and canonical(game, name) not in changed]
    for part in when.all:
        frozen += _needs(part, changed, game)
    return frozen


def _start(game: Game, name: str) -> int | None:
    attribute = game.attribute(name)
    if attribute is not None:
        return whole_number(attribute.start)
    counter = game.counter(name)
    return counter.start if counter is not None and counter.total is None else None


def _is_counter(game: Game, name: str) -> bool:
    """A name (not an expression) of an attribute or a counter kept (a total counts through its parts)."""
    return game.attribute(name) is not None or game.counter(name) is not None
