"""What each card does to the player who holds it, measured by experiment: the same seeds played
with the card removed and with its copies doubled, compared with the games as printed, paired by
seed and seat (common random numbers). Holm's correction across every card and variant keeps the
chance of flagging any card by luck at 5%. Stdlib only."""
from __future__ import annotations

import dataclasses
from typing import Any

from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.play.blocks import Progress
from kitgen.simulate.play.run import Settings, play_games
from kitgen.simulate.report.stats import holm, paired

VARIANTS = ("removed", "doubled")


def variant_plan(plan: Plan, card: int, variant: str) -> Plan:
    """The plan with every copy of `card` taken out of its deck, or with twice its copies."""
    times = 0 if variant == "removed" else 2
    decks = {deck: tuple(c for c in copies for _ in range(times if c == card else 1))
             for deck, copies in plan.decks.items()}
    return dataclasses.replace(plan, decks=decks, cache={})


def holder_differences(card: int, printed: list[GameResult], changed: list[GameResult], variant: str) -> list[int]:
    """Per game and holding seat: its win as printed less its win without the card (removed), or
    its win with two of them less its win as printed (doubled). The holder is a seat that played
    the card, in the printed game (removed) or in the changed one (doubled)."""
    differences = []
    for before, after in zip(printed, changed, strict=False):
        holders = before if variant == "removed" else after
        for seat, cards in enumerate(holders.played):
            if card in cards:
                printed_win, changed_win = int(before.winner == seat), int(after.winner == seat)
                differences.append(printed_win - changed_win if variant == "removed" else changed_win - printed_win)
    return differences


def card_impact(plan: Plan, settings: Settings, printed: list[GameResult], games: int,
                progress: Progress | None = None) -> list[dict]:
    """One row per card played in the printed games: the change in its holder's win rate for each
    variant, with 95% intervals, and whether it survives Holm's correction."""
    printed = printed[:games]
    cards = sorted({c for result in printed for cards in result.played for c in cards})
    rows = []
    for done, card in enumerate(cards):
        row: dict[str, Any] = {"name": plan.cards[card].name, "card": card, "games": games}
        for variant in VARIANTS:
            changed = play_games(variant_plan(plan, card, variant), settings, games)
            row[variant] = paired(holder_differences(card, printed, changed, variant))._asdict()
        rows.append(row)
        if progress:
            progress(done + 1, len(cards))
    flags = holm([row[v]["p_value"] for row in rows for v in VARIANTS])
    for i, row in enumerate(rows):
        for j, variant in enumerate(VARIANTS):
            row[variant]["significant"] = flags[i * len(VARIANTS) + j]
            row[variant]["p_value"] = round(row[variant]["p_value"], 6)
        del row["card"]
    return sorted(rows, key=lambda row: (-row["removed"]["change"], row["name"]))
