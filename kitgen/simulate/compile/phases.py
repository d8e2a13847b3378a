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
    # the phase is its rewarded player's, unless everyone plays it (its trigger then names who gets a bonus
    # in its steps); a single highest or lowest: the engine's own fast check (every seat, so not in a game
    # that eliminates players, nor when every phase has steps of its own: it would skip those)
    rewards = None if phase.everyone else phase.rewards
    trigger = Trigger(rewards.kind, index[rewards.attribute]) \
        if rewards and rewards.attribute in index and not names.eliminates and every is None else None
    ranks = ((rewards.attribute,), ()) if rewards and rewards.kind == "highest" else ((), (rewards.attribute,)) \
        if rewards else ((), ())
    said = phase.when if phase.when is not None else When(highest=ranks[0], lowest=ranks[1]) if rewards else None
    when = condition(said, names, names.decks) if said is not None and not trigger else None
    actions = tuple(a for a in phase.actions if not (a.do == "event" and a.deck in without))
    coverage += _phase_rows(game, phase, actions, without)
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


def _phase_rows(game: Game, phase, actions: tuple[Action, ...], without: set[str]) -> list[Coverage]:
    """A phase's coverage: its steps (approximated when the phase says why); with none, the turn order it
    prints, the kit choice that says how the simulator plays it (approximated), or nothing (skipped: a
    whole phase left out plays another game)."""
    rows = [Coverage(f"phase '{phase.name}'", "exact", f"without the optional rule '{left_out}'")
            for left_out in sorted({a.deck for a in phase.actions} & without)]
    choice = next((c for c in game.kit_choices if c.id == phase.kit_choice), None)
    if actions and phase.approximated:
        rows.append(Coverage(f"phase '{phase.name}'", "approximated", phase.approximated))
    elif actions:
        rows.append(Coverage(f"phase '{phase.name}'", "exact", "; ".join(dict.fromkeys(a.text.rstrip(".") or a.do for a in actions))))
    elif game.turn_order is not None and game.turn_order.phase == phase.name:
        rows.append(Coverage(f"phase '{phase.name}'", "exact", "the turn order: by the highest "
                             + ", then ".join(game.turn_order.by) + (f", then a {game.turn_order.roll} roll-off"
                                                                     if game.turn_order.roll else "")))
    elif choice is not None:
        rows.append(Coverage(f"phase '{phase.name}'", "approximated", f"kit choice {choice.id}: {choice.what}"))
    elif not phase.actions:
        rows.append(Coverage(f"phase '{phase.name}'", "skipped", "no structured actions: its rule is text only",
                             decides=True))
    if not phase.everyone:  # with everyone, the phase's steps play its bonuses
        rows += [Coverage(f"phase '{phase.name}'", "skipped", f"the extra bonus for the {also.kind} {also.attribute}")
                 for also in phase.also]
    return rows
