"""`kitgen simulate GAME --trace FILE`: one game move by move, as the engine plays it at the seed and
policies given: who started each round and turn, every card that moved
(dealt, drawn, played, passed, taken in a trick ...), every choice a player made among several
options, the scores after each round and why the game ended. Readable text and the same as JSON.
Off by default: the engine appends to `table.trace` only when it is a list, and copies a player
weighs options on never trace. Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import play
from kitgen.simulate.engine.table import Table
from kitgen.simulate.play.blocks import seat_policies
from kitgen.simulate.vocabulary import ACTIONS

MAX_EVENTS = 200_000  # a trace longer than this is cut (a game of the most rounds and turns)


class Events(list):
    """table.trace while a game is traced: it keeps MAX_EVENTS events and one more (which says the trace
    is cut), so a game of millions of moves holds no more of them in memory than it writes."""

    def append(self, event) -> None:
        if len(self) <= MAX_EVENTS:
            super().append(event)


def trace_game(plan: Plan, seed: int, policies: tuple[str, ...], iterations: int, seconds: float = 0.0) -> dict:
    """One game at `seed` (the first seed of play/blocks.py's first block), traced."""
    table = Table(plan, seed * 2**32, seat_policies(plan, policies), ACTIONS, iterations, seconds=seconds)
    table.trace = Events()
    result = play(table)
    why = table.state.why if table.state is not None else ""
    events = [_event(plan, table, event) for event in table.trace[:MAX_EVENTS]]
    return {"seed": seed, "players": table.players, "policies": list(policies), "events": events,
            "cut": len(table.trace) > MAX_EVENTS, "winner": result.winner + 1 if result.winner >= 0 else None,
            "paths": [plan.paths[p].name for p in result.paths], "why": why,
            "length": result.turn}


def _place(plan: Plan, place: int, owner: int) -> str:
    if place < 0:
        return "out of the game"
    zone = plan.places[place]
    return f"P{owner + 1}'s {zone.name}" if zone.owner == 0 else zone.name


def _event(plan: Plan, table: Table, event: tuple) -> dict:
    kind = event[0]
    if kind == "move":
        _, seat, what, card, place, owner, to, receiver = event
        return {"event": "move", "player": seat + 1, "how": what, "card": plan.cards[card].name,
                "from": _place(plan, place, owner), "to": _place(plan, to, receiver)}
    if kind == "choose":
        _, seat, do, card, target, value, among = event
        chosen = {"event": "choose", "player": seat + 1, "do": do, "among": among}
        if card >= 0:
            chosen["card"] = plan.cards[card].name
        if target >= 0:
            chosen["target"] = target + 1
        if do in ("declare", "elect"):  # the field's code named, the units bid
            chosen["value"] = value
        return chosen
    if kind == "named":
        _, seat, field, code = event
        texts = plan.facts.texts.get(field, ())
        return {"event": "named", "player": seat + 1, "field": field,
                "value": texts[code] if 0 <= code < len(texts) else code}
    if kind == "scores":
        return {"event": "scores", "round": event[1],
                "values": {name: [row[i] for row in event[2]] for i, name in enumerate(plan.attributes)}}
    return {"event": kind, "number": event[1], "player": event[2] + 1}


def trace_text(title: str, trace: dict) -> str:
    """The trace as lines a designer reads."""
    lines = [f"{title}: one game, seed {trace['seed']}, {trace['players']} players, policies "
             f"{','.join(trace['policies'])}"]
    for e in trace["events"]:
        kind = e["event"]
        if kind == "round":
            lines.append(f"Round {e['number']}: P{e['player']} starts")
        elif kind == "turn":
            lines.append(f"  Turn {e['number']}: P{e['player']}")
        elif kind == "move":
            lines.append(f"    P{e['player']} {e['how']}: {e['card']} from {e['from']} to {e['to']}")
        elif kind == "choose":
            value = "" if e["do"] == "declare" else e.get("value", "")  # the next line names it
            what = e.get("card") or (f"P{e['target']}" if "target" in e else value)
            lines.append(f"    P{e['player']} chooses {e['do']} {what} (of {e['among']} options)".replace("  (", " ("))
        elif kind == "named":
            lines.append(f"    P{e['player']} names {e['field']} {e['value']}")
        elif kind == "scores":
            lines.append(f"  Scores after round {e['round']}: " + "; ".join(
                f"{name} " + ", ".join(f"P{i + 1} {v}" for i, v in enumerate(values)) for name, values in e["values"].items()))
    if trace["cut"]:
        lines.append(f"(the trace is cut after {MAX_EVENTS:,} events)")
    winner = f"P{trace['winner']} wins ({', '.join(trace['paths'])})" if trace["winner"] else "No winner"
    lines.append(f"{winner}" + (f"; {trace['why']}" if trace["why"] else "") + f"; length {trace['length']}.")
    return "\n".join(lines) + "\n"
