"""A game's phases compiled for the engine: who plays each (its trigger or `when:`), its steps, the
steps every phase starts and ends with (`every_phase`), whether it is played once a turn for the
whole table (`once`), and its coverage row. Reads the model only.
"""
from __future__ import annotations

from kitgen.model import Action, Game, When
from kitgen.simulate.compile.conditions import Names, condition
from kitgen.simulate.compile.plan import NO_ATTRIBUTE, SELF, Coverage, PhasePlan, Step, Trigger
from kitgen.simulate.compile.steps import compile_step


def _wrap(do: str, steps: tuple[Step, ...], when: tuple | None = None) -> Step:
    """An internal step that holds others: `when` (taken when `when` holds; None: always) or `each`
    (taken by every player in turn: vocabulary/choices.act_each)."""
    return Step(do, 1, frozenset(), "", NO_ATTRIBUTE, "", 0, SELF, None, (0, 0), frozenset(), 1, when, steps)


def compile_phase(game: Game, phase, known: tuple[dict, Names], coverage: list[Coverage],
                  without: set[str]) -> PhasePlan:
    index, names = known
    every = game.every_phase
    rewards = phase.rewards  # a single highest or lowest: the engine's own fast check (every seat, so not
    # in a game that eliminates players, nor when every phase has steps of its own: it would skip those)
    trigger = Trigger(rewards.kind, index[rewards.attribute]) \
        if rewards and rewards.attribute in index and not names.eliminates and every is None else None
    ranks = ((rewards.attribute,), ()) if rewards and rewards.kind == "highest" else ((), (rewards.attribute,)) \
        if rewards else ((), ())
    said = phase.when if phase.when is not None else When(highest=ranks[0], lowest=ranks[1]) if rewards else None
    when = condition(said, names, names.decks) if said is not None and not trigger else None
    actions = tuple(a for a in phase.actions if not (a.do == "event" and a.deck in without))
    _phase_coverage(phase, actions, coverage, without)
    steps = tuple(compile_step(a, index, names) for a in actions)
    if when is not None:  # one step that tests the condition, then takes the phase's steps
        steps = (_wrap("when", steps, when),)
    if every is not None:
        steps = _around(phase, every.start, index, names) + steps + _around(phase, every.end, index, names)
        if phase is game.phases[0]:
            said = "; ".join(f"{part} {a.do}" for part, actions in (("start:", every.start), ("end:", every.end))
                             for a in actions)
            coverage.append(Coverage("every phase", "exact", said, decides=any(a.do == "check-victory" for a in every.end)))
    return PhasePlan(phase.name, trigger, steps, phase.once)


def _around(phase, actions: tuple[Action, ...], index: dict, names: Names) -> tuple[Step, ...]:
    """The steps every phase starts or ends with; a phase played once has every player take them in turn."""
    steps = tuple(compile_step(a, index, names) for a in actions)
    return (_wrap("each", steps),) if phase.once and steps else steps


def _phase_coverage(phase, actions: tuple[Action, ...], coverage: list[Coverage], without: set[str]) -> None:
    for left_out in sorted({a.deck for a in phase.actions} & without):
        coverage.append(Coverage(f"phase '{phase.name}'", "exact", f"without the optional rule '{left_out}'"))
    if actions and phase.approximated:
        coverage.append(Coverage(f"phase '{phase.name}'", "approximated", phase.approximated))
    elif actions:
        coverage.append(Coverage(f"phase '{phase.name}'", "exact", "; ".join(a.do for a in actions)))
    elif not phase.actions:
        coverage.append(Coverage(f"phase '{phase.name}'", "skipped", "no structured actions: its rule is text only",
                                 decides=True))  # a whole phase left out plays another game
    for also in phase.also:
        coverage.append(Coverage(f"phase '{phase.name}'", "skipped", f"the extra bonus for the {also.kind} {also.attribute}"))
