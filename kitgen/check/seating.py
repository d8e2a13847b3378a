"""What the setup deals and passes, by the player counts the game is for (`players:`, read once by
model.player_counts): a deal the deck cannot give, a count a deal by player count leaves out, a pass or
draft `across` at an odd count. Stdlib only; the actions come from check/actions (no import back).
"""
from __future__ import annotations

import re
from kitgen.check.formula import whole_number
from kitgen.errors import Problem, error
from kitgen.model import Action, Game, player_counts

Owners = list[tuple[str, tuple[Action, ...]]]


def check_seating(game: Game, owners: Owners, setup: list[Action]) -> list[Problem]:
    """`owners`: every owner's actions (check/actions.action_owners); `setup`: the setup's steps, nested ones too."""
    return _deals(game, setup) + _across(game, owners)


def _deals(game: Game, setup: list[Action]) -> list[Problem]:
    """A setup deal the deck cannot give at the most players the game is for, or one by player count
    that names no number for a count the game is for: a located line, where play would deal what there
    is (or nothing) and go on as another game (`count` a number or by player count)."""
    declared = player_counts(game.players)
    most = declared.named if declared else 0
    sizes = {z.name: sum(c.copies for d in game.decks if d.id == z.deck for c in d.cards) for z in game.zones if z.deck}
    problems = []
    for step in (s for s in setup if s.do == "deal"):
        written = whole_number(step.count)
        counts = {most: written} if written is not None else {
            int(n): int(c) for n, c in re.findall(r"\(players == (\d+)\) \* \((\d+)\)", str(step.count))}
        short = [(n, c) for n, c in sorted(counts.items()) if step.zone in sizes and n and c * n > sizes[step.zone]]
        by_count = declared is not None and written is None and bool(counts)  # {2: 10, 3: 7}, not an expression
        unnamed = [n for n in range(declared.fewest, most + 1) if n not in counts] if declared and by_count else []
        if short:
            players, count = short[0]
            problems.append(error(step.where, f"setup: deal {count} to each of {players} players needs "
                                  f"{count * players} cards; zone '{step.zone}' starts with {sizes[step.zone]}"))
        elif unnamed:  # {2: 10} at 4 players dealt nothing, and the game played on
            problems.append(error(step.where, f"setup: deal: count gives no number for {unnamed[0]} players (the game "
                                  f"is for {game.players.strip()[:20]}): name each count, 0 where nothing is dealt"))
    return problems


def _across(game: Game, owners: Owners) -> list[Problem]:
    """`direction: across` names the player opposite: at 3 players the simulator passed to the left, a
    rule guessed. A pass or draft across in a game for an odd count is one located line, unless a
    `when` that reads `players` holds it (Hearts for 3-5 passes across at 4 only)."""
    counts = game.plays()
    odd = [n for n in range(counts[0], counts[1] + 1) if n % 2 and n > 1] if counts else []

    def unguarded(actions: tuple[Action, ...]) -> list[Action]:
        guards = [a for a in actions if a.do == "when" and a.when is not None and "players" in str(a.when.test)]
        return [s for a in actions for s in (a, *(() if a in guards else unguarded(a.then + a.otherwise + a.loser)))]

    return [error(action.where, f"{owner}: action '{action.do}': direction: across needs an even count of players, "
                                f"and the game is for {game.players.strip()[:20]} ({odd[0]} has no player across): "
                                "give left or right, or guard it with a when that tests players")
            for owner, actions in (owners if odd else []) for action in unguarded(actions)
            if action.direction == "across"]
