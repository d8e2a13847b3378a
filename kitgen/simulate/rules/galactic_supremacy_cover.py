"""Galactic Supremacy's coverage: every rule of the seed, in the seed's order, as the module plays
it (exact, a kit choice, approximated or skipped), with the numbers it read from the data."""
from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.model import Game
from kitgen.simulate.compile.plan import Coverage

if TYPE_CHECKING:
    from kitgen.simulate.rules.galactic_supremacy import Numbers


def _setup(game: Game, n: Numbers) -> list[Coverage]:
    return [
        Coverage("setup: Homeworld Sector", "exact", "each player starts with a Homeworld Sector in play"),
        Coverage("setup: draw", "exact", f"each player draws {n.setup_draw} cards (the game's simulate numbers)"),
        Coverage("setup: technologies", "exact", "every technology starts at the level the data gives (1)"),
        Coverage("setup: credits", "exact", "kit choice starting-credits: players start with the counter's start"),
        Coverage("setup: turn order", "exact", "seat 1 is the player with the high 1D10 roll: play goes in seat order"),
        Coverage("the deck", "exact", "one common deck of the data's cards and copies, reshuffled from the discard "
                 "when it runs out"),
        Coverage("individual decks", "skipped", "the seed's other way to play (one deck per player) is not played"),
        Coverage("units", "exact", "Sectors (the Homeworld too) and Fleets are units; Leaders attach to them"),
    ]


def _draw(n: Numbers) -> list[Coverage]:
    return [
        Coverage("Draw Phase: draw", "exact", f"{n.draw} card from the Draw Phase's action"),
        Coverage("Draw Phase: extra card", "exact", f"{n.extra_draw} more for {n.extra_draw_cost} credits (its action's cost)"),
        *(Coverage(f"Draw Phase: {name}", "exact", "discard one kind to draw; keep the card only if it is the "
                   "kind named, else discard it")
          for name in ("Exploration", "The Draft", "Military Intelligence", "Military R&D")),
        Coverage("hand size", "exact", "the data's hand limit, +1 for each level above the first in all of "
                 "Terraforming, Industry and Energy; excess cards discarded in the Draw Phase"),
    ]


def _production(n: Numbers) -> list[Coverage]:
    return [
        Coverage("Production Phase: Homeworld", "exact", f"{n.production[5]} credits (the Homeworld card's field)"),
        Coverage("Production Phase: Sectors", "exact", f"{n.production[2]} credit each (the Sector card's field)"),
        Coverage("Production Phase: Leader on a Sector", "exact", f"{n.production[4]} extra credits (the Leader card's field)"),
        Coverage("Production Phase: technologies", "exact", "+1 credit per world for each level above the first "
                 "in all of Terraforming, Industry and Energy"),
        Coverage("credits saved", "exact", "credits carry from turn to turn; never below the counter's minimum"),
    ]


def _command(n: Numbers) -> list[Coverage]:
    notes = {
        "Misinformation": "the opponent discards a random card",
        "Spy": "information only: the lab's players keep no memory of a hand, so it changes nothing",
        "Strategic Planning": "information only: the lab's players do not use it, so it changes nothing",
        "Tactical Superiority": "one attacking Fleet rolls one more die in this turn's first Attack Phase (not "
                                "a second one from Strategic Initiative)",
        "Surprise": "this turn's defenders use only the Fleets at the attacked Sector (kit choice command-timing: "
                    "an Ambush overrides it)",
        "Ambush": "kit choice command-timing: played by a defender when attacked, even in a Surprise turn: he may "
                  "defend with all of his Fleets (the lab's players bring all or none)",
        "Peace Talks": "played by a defender when attacked: that opponent may not attack him this turn",
        "Exceed Quotas": "gain {} (the use's numbers); kit choice credit-rolls: a roll of 1 loses 1",
        "Industrial Sabotage": "the opponent loses {} (the use's numbers); kit choice credit-rolls: a roll of 1 "
                               "gives him 1",
        "Steal Secrets": "a random card of the opponent's on {} (the use's numbers)",
        "Counter Espionage": "negates any use (itself too) on {} (the use's numbers), by the player it is aimed "
                             "at (any opponent, for a use aimed at nobody)",
        "Military Sabotage": "a target Fleet back to its player's hand on {} (the use's numbers)",
        "Assassination": "a target Leader discarded on {} (the use's numbers)",
        "Strategic Initiative": "a second Attack Phase this turn"}
    rows = [Coverage("Command Phase", "exact", "kit choice command-timing: a Command card is played for one use, "
                     "then discarded; Ambush, Peace Talks and Counter Espionage answer an opponent")]
    for use in n.uses:
        value = n.chance.get(use) or n.amount.get(use)
        shown = "" if value is None else (f"{value[0]}-{value[1]} on 1D{n.sides}" if use in n.chance
                                            else f"{value[0]}D{value[1]}-{value[2]}")
        rows.append(Coverage(f"Command use: {use}", "exact", notes.get(use, "").format(shown)))
    return rows


def _build(n: Numbers) -> list[Coverage]:
    return [
        Coverage("Build Phase: Sector", "exact", f"{n.cost[2]} credits (the card's cost)"),
        Coverage("Build Phase: Fleet", "exact", f"{n.cost[1]} credits, attached to a Sector (the Homeworld; the "
                 "Move Phase places it before anyone can attack it)"),
        Coverage("Build Phase: Leader", "exact", f"{n.cost[4]} credits, attached to a unit without one"),
        Coverage("Move Phase", "exact", "Fleets to the player's Sectors, Leaders to units, at most one a unit (the "
                 "lab's players choose between all Fleets at the Homeworld and one at each other Sector, and between "
                 "Leaders on Sectors first and on Fleets first)"),
        Coverage("Research Phase: Technology Table", "exact", f"{n.cost[0]} credits and a Research card: one roll, "
                 "+1 level; a roll of 10 picks any technology"),
        Coverage("Research Phase: Catchup", "exact", f"{n.catchup_cost} credits and a Research card: +1 in a "
                 "technology an opponent is superior in"),
        Coverage("Research Phase: Directed effort", "exact", f"{n.directed_cost} credits and a Research card: +1 in any"),
    ]


def _attack(n: Numbers) -> list[Coverage]:
    return [
        Coverage("Attack Phase: the attack", "exact", "kit choice combat-order: one attack an Attack Phase, on one "
                 "opponent's world; the lab's players attack with all their Fleets"),
        Coverage("Attack Phase: who defends", "exact", "with a higher Jump Speed the defender may bring all of his "
                 "Fleets, else only those at the Sector, or move those to another of his Sectors instead (the lab's "
                 "players bring all or none)", True),
        Coverage("combat dice", "exact", f"Fleet {n.dice[1]}, Sector {n.dice[2]}, Homeworld {n.dice[5]} (card fields), "
                 f"+1 per technological advantage in the five combat technologies, +{n.dice[4]} with a Leader", True),
        Coverage("combat rolls", "exact", f"each unit sums its 1D{n.sides}s; each unit destroys one opposing unit with "
                 "an equal or lower roll, rolls combine to overcome a stronger one; both sides assign their rolls to "
                 "destroy as many units as they can (the weakest first)", True),
        Coverage("tied combat rolls", "exact", "erratum tied-combat-rolls: Fleets tied destroy each other; a Sector "
                 "wins a tie", True),
        Coverage("Fleets before the Sector", "exact", "the defending Fleets fall before the Sector can; rounds repeat "
                 "until one side remains", True),
        Coverage("colony card", "exact", "erratum colony-card: the attacker may put the destroyed Sector in his hand"),
        Coverage("Leaders and destroyed units", "exact", "Leaders go with their units; destroyed Fleets and Leaders "
                 "are discarded"),
        Coverage("Homeworld destroyed", "exact", "out of play, and that player loses: kit choice eliminated-player, "
                 "his cards are discarded", True),
    ]


def coverage(game: Game, n: Numbers) -> list[Coverage]:
    rows = [*_setup(game, n), *_draw(n), *_production(n), *_command(n), *_build(n), *_attack(n)]
    rows += [Coverage(f"victory '{path.name}'", "exact", "the last player with a Homeworld Sector in play wins, "
                      "the moment the last other one is destroyed", True) for path in game.victory_paths]
    rows += [
        Coverage("turn limit", "exact", f"kit choice simulation-turn-limit: the seed has none; a game no one has won "
                 f"after {n.turn_limit} turns ends with no winner"),
        Coverage("trade & negotiations", "skipped", "the lab's players make no trades or deals"),
        Coverage("optional advanced setup", "skipped", "the optional rule (5 random technological advances) is not played"),
    ]
    return rows
