"""Civ Builder's coverage: every rule of the seed, how civ_builder plays it (exact, a kit choice
of the data, or approximated, with why) and whether it decides who wins. Notes carry the numbers
as read from the data, so the report shows what was played. Stdlib only."""
from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.errors import KitgenError, error
from kitgen.model import Game
from kitgen.simulate.compile.plan import Coverage

if TYPE_CHECKING:
    from kitgen.simulate.rules.civ_builder import CivRules


def coverage(game: Game, rules: CivRules) -> list[Coverage]:
    return [*setup(game, rules), *phases(game, rules), *special_actions(game, rules), *scoring(game, rules)]


def kit_choice(game: Game, choice: str, note: str) -> str:
    """'kit choice <id>: note', the id checked against the data's kit_choices (printed in the rules summary)."""
    if choice not in {c.id for c in game.kit_choices}:
        raise KitgenError(error(game.where, f"simulate.rules civ-builder: kit choice '{choice}' is not in kit_choices"))
    return f"kit choice {choice}" + (f": {note}" if note else "")


def name(rules: CivRules, attribute: int) -> str:
    return rules.attributes[attribute]


def setup(game: Game, rules: CivRules) -> list[Coverage]:
    count, sides = rules.start_dice[0]
    return [
        Coverage("attributes", "exact", f"each of the {len(rules.attributes)} starts at {count}D{sides}, rolled "
                 "separately"),
        Coverage("civilizations", "approximated", "each player gets a different one at random and rolls its extra "
                 "points: the seed lets players pick, and a random pick lets the report compare civilizations"),
        Coverage("the deck", "exact", f"one shared deck of {sum(c.copies for d in game.decks for c in d.cards)} "
                 f"cards: {len(rules.role)} cards, their copies as the data gives them"),
        Coverage("setup", "exact", f"each player is dealt {rules.deal} cards from the shuffled common deck"),
        Coverage("round sequence", "exact", f"{rules.rounds} Rounds of Initiative, Draw, Trade, Action, Score and "
                 "End Phases"),
    ]


def phases(game: Game, rules: CivRules) -> list[Coverage]:
    ranks = ", then ".join(name(rules, a) for a in rules.initiative)
    dice, sides = rules.initiative_die
    draw_to, more = rules.draw_bonus
    wilds = "; ".join(f"highest {name(rules, holder)}: {game.decks[0].cards[card].name} cards wild"
                      + (f" in {' or '.join(name(rules, m) for m in sorted(melds))} melds" if melds else "")
                      for holder, card, melds in rules.wild_if_highest)
    return [
        Coverage("Initiative Phase", "exact", f"order by highest {ranks}; a tie left rolls {dice}D{sides} high, "
                 "again while tied"),
        Coverage("Draw Phase", "exact", f"{rules.draw} cards each in initiative order; highest {name(rules, draw_to)} "
                 f"draws {more} more; an empty deck reshuffles the discard"),
        Coverage("Trade Phase: trading", "approximated", "players may trade for 4 minutes; the simulated players "
                 "make no trades (offers and bargaining are not modelled)"),
        Coverage("Trade Phase: highest Trade looks at hands", "exact", "information only: no simulated choice uses "
                 "a hidden hand except the Trade special action, which looks"),
        Coverage("Action Phase: melds", "exact", "in initiative order; the k-th meld of a turn holds at least "
                 f"{', '.join(map(str, rules.ladder))} cards; " + kit_choice(game, "five-melds", "no meld after the ladder's last")
                 + f"; up to {rules.wild_limit} Leader, wild"),
        Coverage("Action Phase: meld sizes offered", "approximated", "a meld may hold any number of cards from the "
                 "ladder's least up; the simulated player is offered, per attribute, the smallest the ladder allows "
                 "and the largest its hand holds"),
        Coverage("Action Phase: what makes a meld", "exact", kit_choice(game, "meld-needs-its-card",
                 "at least one card of the meld's own attribute; wild cards join it")),
        Coverage("Meld Making Notes: wild cards", "exact", wilds + " (erratum sea-cards)"),
        Coverage("Disaster cards", "exact", "nothing but space in the hand (wild for the highest Religion)"),
        Coverage("meld scoring", "exact", f"{rules.points} point in the meld's attribute and {rules.points} Victory "
                 "Point per card in it", decides=True),
        Coverage("ties for the highest score", "exact", kit_choice(game, "highest-ties", "every player tied for the "
                 "highest takes the reward"), decides=True),
    ]


def special_actions(game: Game, rules: CivRules) -> list[Coverage]:
    choices = {"steal-points": "steal-what-is-there", "swap-cards": "trade-give-back", "look-take": "science-look",
               "steal-cards": "steal-what-is-there", "steal-vp": "steal-what-is-there",
               "target-discards": "steal-what-is-there"}
    found = []
    for attribute, clauses in enumerate(rules.specials):
        said = [f"{kind} {' '.join(map(str, numbers))}" for kind, numbers in clauses]
        said += sorted({kit_choice(game, choices[kind], "") for kind, _ in clauses if kind in choices})
        found.append(Coverage(f"special action: {name(rules, attribute)}", "exact", "; ".join(said),
                              decides=any(kind in ("gain-vp", "steal-vp") for kind, _ in clauses)))
    return found


def scoring(game: Game, rules: CivRules) -> list[Coverage]:
    science, points = rules.science
    culture, extra = rules.culture
    conquest, big = rules.big_hand
    equestrian, vp = rules.equestrian
    return [
        Coverage("Score Phase: highest Science", "exact", f"the highest {name(rules, science)} gains {points} point "
                 "in an attribute of its choice"),
        Coverage("Score Phase: Scoring Schedule", "exact", "most points in each attribute gains "
                 f"{'/'.join(map(str, sorted(set(rules.schedule))))} VP by Rounds (erratum turns-are-rounds); "
                 "ties each get them", decides=True),
        Coverage("Score Phase: highest Culture", "exact", f"the highest {name(rules, culture)} gains {extra} VP",
                 decides=True),
        Coverage("End Phase: hand limit", "exact", f"{rules.hand_limit} cards, the highest {name(rules, conquest)} "
                 f"{big}; the player picks what to discard"),
        Coverage("End Phase: highest Equestrian", "exact", kit_choice(game, "discard-all-needs-cards",
                 f"the highest {name(rules, equestrian)} may discard a hand of 1 or more cards for {vp} VP"),
                 decides=True),
        Coverage(f"victory '{game.victory_paths[0].name}'", "exact", f"the most Victory Points after Round {rules.rounds} wins; "
                 + kit_choice(game, "final-tie", "a tie goes to the highest Government at the end, then Religion, "
                                   "then Culture, then a fresh roll"),
                 decides=True),
    ]
