"""Whether `kitgen simulate` can play a game's actions to an end, decided from the data before a
game is played. Stdlib only; returns problems, never raises.

A card's actions may play or draw-and-resolve other cards (`play`, `event`), whose actions may
do the same. Two shapes never end in reasonable time, and are refused with the card that starts them:
- a chain that comes back to a card already resolving (Scout plays Ships; Scout is a Ship)
  while something in it draws cards: the hand refills, so the chain runs until the deck is out,
  each card one level deeper (Python's recursion limit ended it as an internal error);
- work that multiplies: a phase plays 1,000 cards that each play 1,000 that each draw 1,000.
  The worst case a game can take (`worst_steps`) must stay under MAX_STEPS.
A step is one card drawn, played, discarded or resolved, or one player changed.
"""
from __future__ import annotations

from dataclasses import dataclass

from kitgen.errors import Problem, Where, error
from kitgen.model import Action, Card, Game

MAX_STEPS = 500_000  # a game's worst case: a few seconds of the engine; a Galactic Civ game is some thousands
_GAME = Where("game.yaml")  # where a problem of data without its place (made in code, not read) is said
REFILLS = ("draw", "event")  # actions that bring cards back into play: a chain holding one need not end


@dataclass
class _Walk:
    cards: list[Card]  # every card of every deck; a card is its place in this list
    by_type: dict[str, list[int]]
    by_deck: dict[str, list[int]]
    copies: int  # copies in all decks: no draw or discard moves more
    worst: dict[int, int]  # card -> its worst case, once known
    path: list[int]  # the cards resolving now, outermost first
    looped: list[list[int]]  # the chains that came back to a card on the path


def check_chains(game: Game) -> list[Problem]:
    cards = [card for deck in game.decks for card in deck.cards]
    by_type: dict[str, list[int]] = {}
    for index, card in enumerate(cards):
        by_type.setdefault(card.type, []).append(index)
    places = iter(range(len(cards)))
    by_deck = {deck.id: [next(places) for _ in deck.cards] for deck in game.decks}
    walk = _Walk(cards, by_type, by_deck, sum(c.copies for c in cards), {}, [], [])
    for index, card in enumerate(cards):
        if not card.actions:
            continue
        _card_steps(walk, index)
        for loop in walk.looped:
            if any(action.do in REFILLS for i in _reached(walk, loop) for action in cards[i].actions):
                chain = " -> ".join(cards[i].name for i in loop)
                return [error(card.where or _GAME, f"card '{card.name}': its actions set off a chain that comes back to "
                                          f"itself ({chain}) and draws cards on the way: a turn could go on "
                                          "until the deck runs out, which the simulator cannot play")]
        walk.looped.clear()
    costs = [(_steps(walk, action), phase.name, action) for phase in game.phases for action in phase.actions]
    worst = sum(cost for cost, _, _ in costs) * game.turns * 12  # each player's turn; --players is at most 12
    if worst > MAX_STEPS:
        cost, phase, action = max(costs, key=lambda item: item[0])
        return [error(action.where or game.where or _GAME, f"phase '{phase}': action '{action.do}' may take {cost:,} steps "
                      f"(cards played, drawn and resolved) each turn, and a game {worst:,}: more than the simulator "
                      f"plays ({MAX_STEPS:,}); lower the counts of the actions that play or draw cards")]
    return []


def _card_steps(walk: _Walk, card: int) -> int:
    """1 to resolve the card, plus its actions' worst cases."""
    if card in walk.worst:
        return walk.worst[card]
    if card in walk.path:  # a chain back to a card resolving now: counted once, judged by check_chains
        walk.looped.append(walk.path[walk.path.index(card):] + [card])
        return 1
    walk.path.append(card)
    steps = 1 + sum(_steps(walk, action) for action in walk.cards[card].actions)
    walk.path.pop()
    walk.worst[card] = steps
    return steps


def _most(count: object) -> int:
    """A count as the most it can be: an expression is worked out in play and held to 0-1000."""
    from kitgen.check.formula import whole_number

    number = whole_number(count)
    return 1000 if number is None else number


def _steps(walk: _Walk, action: Action) -> int:
    if action.do in ("play", "event"):
        most = max((_card_steps(walk, card) for card in _resolvable(walk, action)), default=0)
        return _most(action.count) * most if action.do == "play" else 1 + most
    if action.do in ("draw", "discard"):
        return min(_most(action.count), walk.copies)
    if action.do == "discard-to-limit":
        return walk.copies
    return 12  # a change, a take, a victory check: at most one step a player (--players is at most 12)


def _resolvable(walk: _Walk, action: Action) -> list[int]:
    """The cards an action may resolve: those of its types (play), or its deck's (event)."""
    if action.do == "play":
        return [card for name in dict.fromkeys(action.types) for card in walk.by_type.get(name, [])]
    return walk.by_deck.get(action.deck, []) if action.do == "event" else []


def _reached(walk: _Walk, loop: list[int]) -> set[int]:
    """The cards a chain through `loop` may resolve: the loop's and all they may play or turn up."""
    seen: set[int] = set()
    todo = list(loop)
    while todo:
        card = todo.pop()
        if card not in seen:
            seen.add(card)
            todo += [found for action in walk.cards[card].actions for found in _resolvable(walk, action)]
    return seen
