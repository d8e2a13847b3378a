"""When each card type is played: every phase `played_in` names exists, and a type with cards is
either played in some phase (said or derived from the phases' play actions) or says what it is
for instead (`not_played`). Stdlib only."""
from __future__ import annotations

import difflib

from kitgen.errors import Problem, Where, error, warning
from kitgen.model import ANY_PHASE, Game


def check_playing(game: Game) -> list[Problem]:
    phases = [p.name for p in game.phases]
    used = {card.type for deck in game.decks for card in deck.cards}
    problems = []
    for card_type in game.card_types:
        where = card_type.where or Where("")
        owner = f"card type '{card_type.name}'"
        for name in card_type.played_in:
            if name not in phases and name != ANY_PHASE:
                close = difflib.get_close_matches(name, phases, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else f" (phases: {', '.join(phases)})"
                problems.append(error(where, f"{owner}: played_in: unknown phase '{name}'{hint}"))
        if card_type.played_in and card_type.not_played:
            problems.append(error(where, f"{owner}: give played_in or not_played, not both"))
        if card_type.name in used and not game.played_in(card_type.name) and not card_type.not_played:
            problems.append(warning(where, f"{owner}: no phase plays it: its cards print no 'Play in' line; add "
                                    "played_in: [PHASE] (or a phase action {do: play, types: [...]}), or "
                                    "not_played: 'what the card is for' if it is never played from the hand"))
    return problems
