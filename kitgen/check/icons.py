"""Every icon the game names is in the icon set (by name: an outline is read when it is drawn)."""
from __future__ import annotations

import difflib
from collections.abc import Collection

from kitgen.errors import Problem, error
from kitgen.model import Game


def check_icons(game: Game, names: Collection[str]) -> list[Problem]:
    """`names`: the icons of the set. Each card type, attribute, card, back, counter, token and icon
    field naming another is an error."""
    named = [(f"card type '{t.name}'", t.icon, t.where) for t in game.card_types if t.icon]
    named += [(f"attribute '{a.name}'", a.icon, a.where) for a in game.attributes if a.icon]
    named += [(f"card '{c.name}'", c.icon, c.where) for d in game.decks for c in d.cards if c.icon]
    named += [(f"back of deck '{d.id}'", d.back.icon, d.back.where or d.where) for d in game.decks if d.back.icon]
    named += [(f"counter '{c.name}'", c.icon, c.where) for c in game.counters if c.icon]
    named += [(f"token '{t.name}'", t.icon, t.where) for t in game.tokens if t.icon]
    named += [(f"field '{f.name}'", f.icon, f.where) for f in (*game.fields, *(f for t in game.card_types
                                                                            for f in t.fields)) if f.icon]
    icon_fields = {f.name for t in game.card_types for f in t.fields if f.kind == "icon"}
    icon_fields |= {f.name for f in game.fields if f.kind == "icon"}
    named += [(f"card '{c.name}': field '{v.name}'", v.value, v.where or c.where) for d in game.decks for c in d.cards
              for v in c.fields if v.name in icon_fields and isinstance(v.value, str) and v.value]
    problems = []
    for owner, icon, where in named:
        if icon not in names:
            close = difflib.get_close_matches(icon, list(names), n=1)
            problems.append(error(where, f"{owner}: no icon named '{icon}'"
                                  + (f" (did you mean '{close[0]}'?)" if close else "")))
    return problems


def uses_icons(game: Game) -> bool:
    """Whether any card type, attribute or card shows an icon (the set's attribution is then printed)."""
    return any(t.icon for t in game.card_types) or any(a.icon for a in game.attributes) \
        or any(c.icon for d in game.decks for c in d.cards)
