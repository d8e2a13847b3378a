"""What holding a card does to a player's win rate, measured by experiment. The holder is chosen
before play: in game i, seat i mod players. In one arm it is given a copy of the card in place of the
last card of that deck its opening hand holds (engine/table.Table.hold: swapped with the copy), in the
other it keeps that card: a card of the deck at random; the same number of cards in both arms (where
its opening hand holds none of the deck, one card dealt before play in both: the copy, or the top card). Both arms play the same seeds, and
the engine's chance comes in streams (the decks, each seat's dice, each player's ties:
engine/table.py), so the two games of a pair have the same deal but for the one swap, and the same
dice wherever the card does not change them (common random numbers). The change is the holder's
win rate with the card less with a card of its deck at random, paired by game, with a 95% interval;
its p-value is McNemar's exact test of the pairs that differ, and Holm's correction across the cards
keeps the chance of flagging any card by luck at 5%.

Who played a card is never the holder: players who win play more cards, so "the players who played
it" win more whatever the card (identical cards measured so gained about 2 points). Stdlib only."""
from __future__ import annotations

import dataclasses

from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.play.blocks import Progress
from kitgen.simulate.play.run import Settings, play_games
from kitgen.simulate.report.stats import holm, mcnemar_p, paired

EXPERIMENT = ("the holder, seat (game number mod players), holds a copy of the card in one arm in place of a card "
              "of its deck its opening hand holds, and that card, a card of its deck at random, in the other (a "
              "deck drawn in play only: one card dealt before play, the copy or the top card); hands as the rules "
              "deal them; "
              "the same seeds, deal and dice in both arms (common random numbers); change: the holder's win "
              "rate with the card less with the other card, paired by game")


def held_plan(plan: Plan, deck: str, cards: frozenset[int]) -> Plan:
    """The plan whose holder is given one of `cards` from `deck` (none: keeps its card of the deck)."""
    return dataclasses.replace(plan, held=(deck, cards), cache={})


def measured(plan: Plan, printed: list[GameResult]) -> dict[str, dict[str, frozenset[int]]]:
    """By deck, each card's name and its copies (card indices): every card of the decks whose cards
    were played in the printed games (a deck of events, resolved as drawn, is nobody's to hold)."""
    deck_of = {card: deck for deck, copies in plan.decks.items() for card in copies}
    played = {deck_of[c] for result in printed for cards in result.played for c in cards if c in deck_of}
    names: dict[str, dict[str, set[int]]] = {}
    for deck in sorted(played):
        for card in plan.decks[deck]:
            names.setdefault(deck, {}).setdefault(plan.cards[card].name, set()).add(card)
    return {deck: {name: frozenset(cards) for name, cards in sorted(by_name.items())} for deck, by_name in names.items()}


def card_impact(plan: Plan, settings: Settings, printed: list[GameResult], games: int,
                progress: Progress | None = None) -> dict:
    """The experiment, what it is in one line, and one row per card: the change in its holder's win
    rate with its 95% interval over `games` pairs, and whether it survives Holm's correction."""
    report: dict = {"experiment": EXPERIMENT, "games": games, "cards": []}
    decks = measured(plan, printed)
    if not decks:
        report["not_measured"] = f"no card of any deck was played in the {len(printed):,} games: none is measured"
    alone = sorted(deck for deck, names in decks.items() if len(names) < 2)
    if alone:  # its card against a card of its deck at random is the card against itself: a change of 0 unearned
        report["not_measured"] = f"deck {', '.join(alone)} holds copies of one card only: no other card of its deck " \
                                 "to compare it with"
        decks = {deck: names for deck, names in decks.items() if deck not in alone}
    total, done = sum(len(names) + 1 for names in decks.values()), 0
    rows: list[dict] = []
    for deck, names in decks.items():
        without = play_games(held_plan(plan, deck, frozenset()), settings, games)
        done += 1
        for name, cards in names.items():
            rows.append(card_row(name, deck, settings.players, play_games(held_plan(plan, deck, cards), settings, games),
                                 without))
            done += 1
            if progress:
                progress(done, total)
    measured_rows = [row for row in rows if "not_measured" not in row]
    for row, flag in zip(measured_rows, holm([row["p_value"] for row in measured_rows]), strict=True):
        row["significant"], row["p_value"] = flag, round(row["p_value"], 6)
    report["cards"] = sorted(measured_rows, key=lambda row: (-row["change"], row["name"], row["deck"])) \
        + sorted((row for row in rows if "not_measured" in row), key=lambda row: (row["name"], row["deck"]))
    return report


def card_row(name: str, deck: str, players: int, with_card: list[GameResult], without: list[GameResult]) -> dict:
    """One card's row over the pairs in which its holder was given a copy (GameResult.held; the rest are
    the same game twice, which would pull the change towards 0 unearned): none, "not measured" and why."""
    pairs = [(game, a, b) for game, (a, b) in enumerate(zip(with_card, without, strict=True)) if a.held]
    missed = len(with_card) - len(pairs)
    row: dict = {"name": name, "deck": deck, "games": len(pairs)}
    if missed:
        row["not_given"] = missed
    if not pairs:
        return row | {"not_measured": f"in none of its {missed:,} games was a copy in a pile, market, zone, discard "
                      "or hand to give its holder"}
    differences = [int(a.winner == game % players) - int(b.winner == game % players) for game, a, b in pairs]
    change = paired(differences)
    return row | {"change": change.change, "ci95": change.ci95, "p_value": mcnemar_p(differences),
                  "with_card": _rate(players, [(game, a) for game, a, _ in pairs]),
                  "with_other": _rate(players, [(game, b) for game, _, b in pairs])}


def _rate(players: int, games: list[tuple[int, GameResult]]) -> float:
    return round(sum(r.winner == game % players for game, r in games) / max(1, len(games)), 4)

