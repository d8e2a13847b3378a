"""Who wins: the victory paths checked after a seat's turn (check_victory, the `check-victory` step),
at the end of a round (end_of_turn), when the game ends early (game_over); a phase's trigger (a single
highest or lowest score). The engine's fast checks read a PathPlan's fields; a path they cannot say
is its compiled condition (engine/conditions.test). Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.compile.nodes import ALL, ANY, MOST, RANK
from kitgen.simulate.compile.plan import PathPlan, Plan
from kitgen.simulate.engine.conditions import in_game, test
from kitgen.simulate.engine.table import OTHER_THREE, Table


def path_met(table: Table, seat: int, path: PathPlan) -> bool:
    """The seat meets the path now: the engine's fast fields, or the path's compiled condition."""
    return meets(table.values, seat, path) if path.when is None else test(path.when, table, seat)


def check_victory(table: Table, seat: int) -> None:
    live = live_paths(table.plan, table.turn)
    if not live:
        return  # before the first turn a path counts (Galactic Civ: turns 1-10), nothing to check
    values, best = table.values, None  # the others' best, made for the first path that compares with them
    mine, met = values[seat], []
    for index, path, first, need in live:
        if path.when is not None:
            if test(path.when, table, seat):
                met.append(index)
            continue
        if first >= 0 or path.highest_any:  # thresholds alone (Alpha Centauri's) read the seat's own row
            best = others_max(values, seat) if best is None else best
            if first >= 0 and mine[first] - best[first] < need:
                continue  # not far enough ahead in its first `highest` attribute: meets() would stop there
        if meets(values, seat, path, best):
            met.append(index)
    if met:
        table.winner, table.paths = seat, tuple(met)


def ends(table: Table, seat: int) -> bool:
    """The game_end condition holds after the seat's turn (for that seat), or at the end of a round
    (for any seat: `end_of_turn` holds only then)."""
    if seat >= 0:
        return test(table.plan.game_end, table, seat)  # type: ignore[arg-type]
    table.ending = True
    over = any(test(table.plan.game_end, table, p) for p in in_game(table))  # type: ignore[arg-type]
    table.ending = False
    return over


def end_of_turn(table: Table) -> None:
    table.ending = True  # `end_of_turn:` conditions hold now
    try:
        _end_of_turn(table)
    finally:
        table.ending = False


def _end_of_turn(table: Table) -> None:
    if table.plan.victory_at_round_end:
        round_victory(table)
        if table.winner >= 0:
            return
    for path in table.plan.paths:
        if path.at_end_of_turn == table.turn and not path.at_game_end:
            winners = [p for p in range(table.players) if path_met(table, p, path) and not table.out(p)]
            if len(winners) == 1:
                table.winner = winners[0]
                table.paths = tuple(i for i, other in enumerate(table.plan.paths)
                                    if other.at_end_of_turn == table.turn and not other.at_game_end
                                    and path_met(table, table.winner, other))
                return


def game_over(table: Table) -> None:
    """The game ends early (game_end): the single player who meets a `game_over` path wins it;
    two or more who meet one path whose tie is shared (`tie: share`, Dominion's "they rejoice in
    their shared victory") share the win: no single winner, the shared paths kept (table.paths with
    winner -1, a shared win); two or more otherwise, or none: nobody wins."""
    met = [tuple(i for i, path in enumerate(table.plan.paths) if path.at_game_end and path_met(table, p, path))
           if not table.out(p) else () for p in range(table.players)]
    winners = [p for p in range(table.players) if met[p]]
    if len(winners) == 1:
        table.winner, table.paths = winners[0], met[winners[0]]
    elif winners:
        table.paths = tuple(i for i in met[winners[0]] if shares(table.plan.paths[i].when)
                            and all(i in met[p] for p in winners))


def shares(node: tuple | None) -> bool:
    """The condition ranks with `tie: share`: players level on it all meet it."""
    if node is None:
        return False
    if node[0] in (ALL, ANY):
        return any(shares(part) for part in node[1])
    return (node[0] == RANK and node[1].share) or (node[0] == MOST and node[2])


def round_victory(table: Table) -> None:
    """Victory checked at the end of a round for every player: one who meets a path wins; two
    or more tie, and a tie wins nothing (the seed's rule for ties)."""
    met = [tuple(i for i, path in enumerate(table.plan.paths) if path.at_end_of_turn is None
                 and (path.after_turn is None or table.turn > path.after_turn) and not path.at_game_end
                 and path_met(table, p, path))
           for p in range(table.players)]
    winners = [p for p in range(table.players) if met[p]]
    if len(winners) == 1:
        table.winner, table.paths = winners[0], met[winners[0]]


def extreme(values: list[list[int]], seat: int, trigger: tuple[str, int]) -> bool:
    """A single highest (or lowest) score: ties reward (and punish) nobody. Counted without a list,
    and given up at the second player as high (low): most triggers fail, at the first or second."""
    kind, attribute = trigger
    mine, level = values[seat][attribute], 0
    if len(values) == 4:  # the usual table: the three others compared directly, the first that fails ends it
        i, j, k = OTHER_THREE[seat]
        if kind == "highest":
            return mine > values[i][attribute] and mine > values[j][attribute] and mine > values[k][attribute]
        return mine < values[i][attribute] and mine < values[j][attribute] and mine < values[k][attribute]
    if kind == "highest":
        for row in values:
            if row[attribute] >= mine:
                level += 1
                if level > 1:
                    return False
        return True
    for row in values:
        if row[attribute] <= mine:
            level += 1
            if level > 1:
                return False
    return True


def live_paths(plan: Plan, turn: int) -> tuple[tuple[int, PathPlan, int, int], ...]:
    """The paths a player can meet at the end of its own turn in `turn`: (index, path, the first of
    its `highest` attributes or -1, the lead that attribute needs), kept on the plan per turn:
    check_victory runs at every End Phase and passes over most paths by that one attribute."""
    try:  # one look-up, no empty dict made for setdefault
        return plan.cache["live-paths"][turn]
    except KeyError:
        known = plan.cache.setdefault("live-paths", {})[turn] = tuple(
            (i, path, path.highest[0] if path.highest and path.when is None else -1, max(path.margin, 1))
            for i, path in enumerate(plan.paths) if path.at_end_of_turn is None and not path.at_game_end
            and (path.after_turn is None or turn > path.after_turn))
        return known


def others_max(values: list[list[int]], seat: int) -> list[int]:
    """The best score any other player has, per attribute."""
    if len(values) == 4:  # the usual table
        i, j, k = OTHER_THREE[seat]
        return list(map(max, values[i], values[j], values[k]))
    others = [v for i, v in enumerate(values) if i != seat]
    if len(others) > 1:
        return list(map(max, *others))
    return list(others[0]) if others else [0] * len(values[0])


def meets(values: list[list[int]], seat: int, path: PathPlan, best: list[int] | None = None) -> bool:
    """Whether the seat meets the path (`best`: others_max of the seat, when the caller has it)."""
    mine = values[seat]
    if best is None and (path.highest or path.highest_any):  # only they compare with the others' best
        best = others_max(values, seat)
    need = max(path.margin, 1)  # "highest" is strictly ahead; a margin asks for that many points
    for attribute in path.highest:  # a loop, not min() over a generator: most checks fail at the first
        if mine[attribute] - best[attribute] < need:  # type: ignore[index]  # made above when there is one
            return False
    if path.highest_any and all(mine[a] - best[a] < need for a in path.highest_any):  # type: ignore[index]
        return False
    if path.most:
        ahead = [sum(map(int.__gt__, v, others_max(values, p))) for p, v in enumerate(values)]
        if ahead[seat] == 0 or any(c >= ahead[seat] for i, c in enumerate(ahead) if i != seat):
            return False
    if path.thresholds:
        met = [mine[a] > more for a, more in path.thresholds]
        if not (any(met) if path.any_threshold else all(met)):
            return False
    return bool(path.highest or path.highest_any or path.most or path.thresholds)
