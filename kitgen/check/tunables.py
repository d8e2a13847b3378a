"""What `kitgen tune` may change (`simulate: {tune: [...]}`): each tunable names one number of the
data that exists and is a whole number, within bounds that hold the value it has now. Resolving a
tunable (`target`) is shared with kitgen tune, which edits the number it finds. Stdlib only;
returns problems, never raises."""
from __future__ import annotations

from typing import NamedTuple

from kitgen.check.formula import whole_number
from kitgen.errors import Problem, did_you_mean, error
from kitgen.model import Game, Tunable, When

KINDS = ("copies", "start", "cost", "victory", "phase", "turn_order")  # the keys that name what a tunable changes
NUMBERS = {"victory": ("by", "turn_after", "end_of_turn"), "phase": ("count", "delta")}
YES_NO = ("turn_order",)  # kinds whose value is a rule on (1) or off (0)
MAX_TUNABLES = 20  # dimensions of the search: NTBEA's model grows with them, a designer reads each
MAX_VALUES = 101  # values one tunable may take (max - min + 1): a bound on the search and its model


class Target(NamedTuple):
    """Where a tunable's number is: its kind, the indices of the records that hold it (a deck and
    card, a faction and effect, a path, a phase and step), the key, and its value now."""
    kind: str
    at: tuple[int, ...]
    key: str
    value: int


def kind_of(tunable: Tunable) -> list[str]:
    return [kind for kind in KINDS if getattr(tunable, kind)]


def target(game: Game, tunable: Tunable) -> Target | str:
    """The number `tunable` names, or what is wrong with it (one sentence)."""
    kinds = kind_of(tunable)
    if len(kinds) != 1:
        return f"a tunable names one of {', '.join(KINDS)}" + (f"; this one names {', '.join(kinds)}" if kinds else "")
    kind = kinds[0]
    if kind in NUMBERS and tunable.number not in NUMBERS[kind]:
        return f"{kind}: 'number' must be one of {', '.join(NUMBERS[kind])}, not '{tunable.number}'"
    return _FINDERS[kind](game, tunable)


def _card(game: Game, name: str, deck_id: str) -> tuple[int, int] | str:
    found = [(d, c) for d, deck in enumerate(game.decks) if not deck_id or deck.id == deck_id
             for c, card in enumerate(deck.cards) if card.name == name]
    if len(found) == 1:
        return found[0]
    if found:
        return f"two decks have a card '{name}': say which with deck:"
    names = [card.name for deck in game.decks for card in deck.cards]
    return f"no card '{name}'" + (f" in deck '{deck_id}'" if deck_id else "") + did_you_mean(name, names)


def _copies(game: Game, tunable: Tunable) -> Target | str:
    at = _card(game, tunable.copies, tunable.deck)
    if isinstance(at, str):
        return at
    return Target("copies", at, "copies", game.decks[at[0]].cards[at[1]].copies)


def _start(game: Game, tunable: Tunable) -> Target | str:
    names = [f.name for f in game.factions]
    if tunable.start not in names:
        return f"no faction '{tunable.start}'" + did_you_mean(tunable.start, names)
    index = names.index(tunable.start)
    attribute = game.attribute(tunable.attribute)
    effects = game.factions[index].effects
    found = [e for e, effect in enumerate(effects) if attribute and game.attribute(effect.attribute) == attribute
             and not effect.dice and not effect.condition]
    if len(found) != 1:
        return f"faction '{tunable.start}' has no start effect on '{tunable.attribute}' to tune" + \
            did_you_mean(tunable.attribute, [e.attribute for e in effects])
    return Target("start", (index, found[0]), "delta", effects[found[0]].delta)


def _cost(game: Game, tunable: Tunable) -> Target | str:
    at = _card(game, tunable.cost, tunable.deck)
    if isinstance(at, str):
        return at
    cost = game.decks[at[0]].cards[at[1]].cost
    counter = game.counter(tunable.counter)
    prices = [p for p, price in enumerate(cost.pay if cost else ()) if counter and game.counter(price.counter) == counter]
    if not cost or len(prices) != 1 or cost.pay[prices[0]].expression:
        return f"card '{tunable.cost}' has no cost of a whole number in '{tunable.counter}' to tune"
    return Target("cost", (*at, prices[0]), tunable.counter, cost.pay[prices[0]].amount)


def _victory(game: Game, tunable: Tunable) -> Target | str:
    names = [p.name for p in game.victory_paths]
    if tunable.victory not in names:
        return f"no victory path '{tunable.victory}'" + did_you_mean(tunable.victory, names)
    index = names.index(tunable.victory)
    values = numbers_in(game.victory_paths[index].when, tunable.number)
    number = whole_number(values[0]) if len(set(values)) == 1 else None  # never int() of what isdigit takes ('²')
    if number is None:
        shown = "has none" if not values else f"has {', '.join(sorted(set(values)))}"
        return f"victory path '{tunable.victory}': its when: {shown} for '{tunable.number}'; tune one whole number"
    return Target("victory", (index,), tunable.number, number)


def numbers_in(when: When | None, key: str) -> list[str]:
    """The values written for `key` in a condition and the conditions inside it (a `by` left at
    its default of 0 is not written); turn_after and end_of_turn only at its top."""
    if when is None:
        return []
    if key != "by":
        value = getattr(when, key)
        return [] if value is None else [str(value)]
    own = [str(when.by)] if str(when.by) != "0" else []
    return own + [v for inner in (*when.all, *when.any, *when.none) for v in numbers_in(inner, key)]


def _phase(game: Game, tunable: Tunable) -> Target | str:
    names = [p.name for p in game.phases]
    if tunable.phase not in names:
        return f"no phase '{tunable.phase}'" + did_you_mean(tunable.phase, names)
    index = names.index(tunable.phase)
    actions = game.phases[index].actions
    if not 1 <= tunable.step <= len(actions):
        return f"phase '{tunable.phase}' has {len(actions)} step(s): step: from 1 to {len(actions)}"
    value = whole_number(getattr(actions[tunable.step - 1], tunable.number))
    if value is None:
        return f"phase '{tunable.phase}' step {tunable.step}: its {tunable.number} is not a whole number"
    return Target("phase", (index, tunable.step - 1), tunable.number, value)


def _turn_order(game: Game, tunable: Tunable) -> Target | str:
    if tunable.turn_order != "rotate":
        return f"turn_order: 'rotate' is what may be tuned, not '{tunable.turn_order}'"
    if game.turn_order is None and not tunable.text.strip():
        return "turn_order: rotate needs text: the rule players read when it is on (the game has no turn_order:)"
    return Target("turn_order", (), "rotate", int(bool(game.turn_order and game.turn_order.rotate)))


_FINDERS = {"copies": _copies, "start": _start, "cost": _cost, "victory": _victory, "phase": _phase,
            "turn_order": _turn_order}


def check_tunables(game: Game) -> list[Problem]:
    """One located line per tunable that names nothing, or whose bounds are wrong."""
    tunables = game.simulate.tune
    problems = []
    if len(tunables) > MAX_TUNABLES:
        problems.append(error(tunables[MAX_TUNABLES].where, f"{len(tunables)} tunables: at most {MAX_TUNABLES}"))
    seen: dict[Target, int] = {}
    for n, tunable in enumerate(tunables[:MAX_TUNABLES]):  # counted from 0, as the schema's lines say simulate.tune[0]
        found = target(game, tunable)
        why = found if isinstance(found, str) else _bounds(tunable, found, seen.get(found._replace(value=0)))
        if why:
            problems.append(error(tunable.where, f"simulate.tune[{n}]: {why}"))
        elif isinstance(found, Target):
            seen[found._replace(value=0)] = n
    return problems


def _bounds(tunable: Tunable, found: Target, twin: int | None) -> str:
    low, high = tunable.min, tunable.max
    if twin is not None:
        return f"names the same number as simulate.tune[{twin}]"
    if low > high:
        return f"min {low:,} is above max {high:,}"
    if high - low + 1 > MAX_VALUES:
        return f"{high - low + 1:,} values from min to max: at most {MAX_VALUES}"
    if not low <= found.value <= high:
        return f"its value now, {found.value}, is outside min {low} and max {high}"
    if found.kind in YES_NO and not 0 <= low <= high <= 1:
        return f"{found.kind}: a rule off (0) or on (1): min and max from 0 to 1"
    if found.kind == "copies" and low < 1:
        return "copies: min must be at least 1"
    if found.kind in ("cost",) and low < 0 or found.kind == "victory" and found.key != "by" and low < 0:
        return f"{found.kind}: min must be at least 0"
    return ""
