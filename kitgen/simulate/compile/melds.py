"""What the vocabulary's `meld` step reads beside its own fields, compiled for the engine: each card's
`wild:` (who may meld it as a card of another kind, in which melds, how many in one) and the steps of
the lookup tables a meld takes a row of (`table:`, keyed by the meld's kind). Reads the model only.
"""
from __future__ import annotations

from typing import NamedTuple

from kitgen.check.conditions import when_words
from kitgen.model import Action, Card, Game
from kitgen.simulate.compile.conditions import Names, Node, condition
from kitgen.simulate.compile.plan import Coverage, Step
from kitgen.simulate.compile.steps import compile_step


class WildPlan(NamedTuple):
    """A card's `wild:` as the meld step reads it."""
    when: Node | None  # who may meld it as wild (tested for the player melding); None: anyone
    melds: tuple[int, ...]  # card indices: it joins only melds of their kinds; empty: any meld
    limit: int  # at most this many of it in one meld; 0: no limit

    @property
    def restricted(self) -> bool:
        """Wild only sometimes or in some melds: laid before the cards wild in every meld, which are
        worth keeping (a meld uses its own cards first, then these, then those)."""
        return self.when is not None or bool(self.melds)


def compile_wilds(cards: tuple[Card, ...], names: Names) -> tuple[WildPlan | None, ...]:
    """Each card's WildPlan, by card index (`cards` in the plan's order); None for a card never wild."""
    first: dict[str, int] = {}
    for index, card in enumerate(cards):
        first.setdefault(card.name, index)
    plans: list[WildPlan | None] = []
    for card in cards:
        wild = card.wild
        if wild is None:
            plans.append(None)
            continue
        when = condition(wild.when, names, names.decks) if wild.when is not None else None
        plans.append(WildPlan(when, tuple(first[name] for name in wild.melds if name in first), wild.limit))
    return tuple(plans)


def compile_rows(game: Game, index: dict, names: Names) -> dict[str, dict[str, tuple[Step, ...]]]:
    """The steps of every table row that has some, by table id and the row's key (`roll`)."""
    rows: dict[str, dict[str, tuple[Step, ...]]] = {}
    for table in game.tables:
        for row in table.rows:
            if row.actions:
                rows.setdefault(table.id, {})[row.roll] = tuple(compile_step(a, index, names) for a in row.actions)
    return rows


def melded(game: Game) -> set[str]:
    """The names of the cards a meld step lays: of its `types` (any card when it names none) or wild."""
    steps = meld_steps(game)
    return {card.name for deck in game.decks for card in deck.cards
            if card.wild is not None or any(not step.types or card.type in step.types for _, step in steps)}


def meld_steps(game: Game) -> list[tuple[str, Action]]:
    from kitgen.check.actions import action_owners, steps_of

    return [(owner, step) for owner, actions in action_owners(game) for step in steps_of(actions) if step.do == "meld"]


def meld_rows(game: Game) -> list[Coverage]:
    """Coverage of the melds: each meld step as it plays, each wild card, and the one choice the
    simulated player does not make (which wild cards a meld lays)."""
    rows = []
    for owner, step in meld_steps(game):
        sizes = f"one meld after another, the k-th of at least {', '.join(map(str, step.ladder))} cards" \
            if step.ladder else f"a meld of at least {step.min or 1} cards"
        parts = [f"{owner}: {sizes}, of one {step.group or 'name'}" + (f" of {', '.join(step.types)}" if step.types else ""),
                 "every legal size offered", f"laid {'in ' + step.zone if step.zone else 'to the discard'}"]
        parts += [f"{a.value} {a.counter} per card" for a in step.gain]
        parts += [f"each card takes effect '{step.condition}'"] if step.condition else []
        parts += [f"then the row of table '{step.table}' for its kind"] if step.table else []
        rows.append(Coverage("melds", "exact", "; ".join(parts), decides=True))
    for card in (c for d in game.decks for c in d.cards if c.wild is not None):
        wild = card.wild
        assert wild is not None
        said = f"in {' or '.join(wild.melds)} melds" if wild.melds else "in any meld"
        said += f", for the player who meets {when_words(wild.when)}" if wild.when is not None else ""
        said += f", at most {wild.limit} in a meld" if wild.limit else ""
        rows.append(Coverage(f"wild card '{card.name}'", "exact", said + "; a meld holds one of its own cards or more"))
    if any(c.wild is not None for d in game.decks for c in d.cards):
        rows.append(Coverage("which wild cards a meld lays", "approximated", "a meld of N cards lays its own cards "
                             "first, then the cards wild only sometimes, then those wild in any meld: the player "
                             "chooses the size, not which wild card (the ones kept are the most useful)"))
    return rows
