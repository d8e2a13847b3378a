"""What the Alpha Centauri rule module plays of its seed, rule by rule: exact, a kit choice (named,
and recorded in the data's kit_choices) or approximated with the reason. The report prints it first.
Stdlib only.
"""
from __future__ import annotations

from kitgen.errors import KitgenError, error
from kitgen.model import Game
from kitgen.simulate.compile.plan import Coverage
from kitgen.simulate.rules.alpha_centauri_read import Rules

EXACT, APPROX = "exact", "approximated"

RULES: tuple[tuple[str, str, str, bool], ...] = (
    ("victory: the first player to achieve one wins", EXACT, "checked after every phase; several in one phase: "
     "kit choice first-player (the first of them in turn order)", True),
    ("Social Factor totals", EXACT, "kit choice factor-totals: a Major Factor is the total of its Sub-factors plus "
     "cards that raise it directly; every change to a Sub-factor changes its total", True),
    ("Factions", APPROX, "each player gets a different Faction at random: the seed lets each player pick one, and "
     "a random deal lets the report compare Factions", False),
    ("setup", EXACT, "1 Base, 10 Units, 0 Credits (kit choice "
     "starting-credits), a hand of 7 from the shuffled common deck; Scores from 0 (kit choice starting-scores)", False),
    ("turn order", EXACT, "kit choice phase-by-phase: every player takes each of the 16 phases before the next; "
     "kit choice first-player: the first player passes left each turn", False),
    ("1. Production Phase", EXACT, "Bases earn 5/4/3 by the tiers of 5 + EF; EI, EA, EM, EC, ET and Ecology in "
     "Credits (kit choice negative-scores: a Score below 0 takes Credits off); each Trade Pact N(2 + EC), double "
     "for the Governor", False),
    ("2. Upkeep Phase", EXACT, "1 Credit a Unit; kit choice upkeep-unpaid (Units not paid for are disbanded); the "
     "Unit cap limits adding Units (erratum unit-cap-at-start)", False),
    ("3. Planning Phase", EXACT, "draw 1; 10 Credits an extra card (how many: extra cards and rolls bought)", False),
    ("4. Population Control Phase", EXACT, "1D10 Credits per Base over PC + 3", False),
    ("5. Ecological Disruption Phase", EXACT, "1D10 Credits per full 10 of E + Bases - C", False),
    ("6. Diplomacy Phase", APPROX, "Trade Pacts only, for this turn, between two players who both agree; other "
     "agreements and trades are free talk the simulated players do not hold", False),
    ("7. Probe Phase", EXACT, "1 roll per 5 Espionage rounding up, 10 Credits an extra roll (extra cards and rolls bought); "
     "target picked before rolling; all six results (Infiltrate Datalinks shows a hand: no effect on play)", False),
    ("8. Council Phase", EXACT, "the Council Votes table, 10 free votes where a faction has them, secret bids of "
     "Credits (kit choice council-bids: every bid is spent); kit choice ties: a tied highest gets no votes and a "
     "tied Council elects nobody", True),
    ("Planetary Governor", EXACT, "plays Proposals at the end of the Council Phase, earns double from Trade Pacts, "
     "may prevent one attack in the Conflict Phase; kit choice first-player: elections in a row counted for "
     "Diplomatic Victory, won at the third", True),
    ("9. Exploration Phase", EXACT, "Landmarks for free; one Exploration Table roll, every result", False),
    ("10. Research Phase", EXACT, "one free roll, 10 Credits an extra roll (extra cards and rolls bought), Progress +1 to the "
     "next roll, Copy Technology (a Marker gives the Tech's bonuses), Breakthrough", False),
    ("extra cards and rolls bought", APPROX, "the seed lets a player pay again and again (Planning, Probe and "
     "Research Phases); the simulated player buys 0, 1, 2, 4 or 8 in one go a phase, extra cards only up to the "
     "hand limit's room", False),
    ("Research limits", EXACT, "no more Facilities than Technologies known (own and marked), no more SP's than "
     "Facilities", False),
    ("11. Build Phase", EXACT, "Facilities 20 Credits, Secret Projects 40", False),
    ("12. Discovery Phase", EXACT, "the single player with the most levels (kit choice ties) gets each reward; Tech "
     "rewards by kit choice tech-categories; kit choice negative-scores: Gain Credits = a Score below 0 gains "
     "nothing", False),
    ("13. Conflict Phase", EXACT, "one attack (Aggressive two, Pacifists none), orders revealed in a random order, "
     "Force Totals from every row of the Conflict Table (kit choice conflict: most levels between the two "
     "sides, equal totals roll the Fog of War again), losses 1D5 / 1D10 (kit choice d5), "
     "the attacker without his Facilities' MD", False),
    ("capture a Base", EXACT, "kit choice conflict: a Defender left with no Units (none before the battle "
     "too, win or lose) loses a Base to the attacker: counted for Conquest", True),
    ("14. Construction Phase", EXACT, "a Base 20 Credits, 1 a turn, only while Bases < E + P (erratum "
     "base-cap-at-start); Units 2 Credits each up to the Unit cap", False),
    ("15. Social Engineering Phase", EXACT, "1 Z card a turn for 20 Credits, one of each type, a new one "
     "replaces the old; each faction's barred Z card", False),
    ("16. End Phase", EXACT, "discard down to 8", False),
    ("Event cards", EXACT, "kit choice event-timing: at the start of every phase each player in turn order may "
     "play Events for free; DTB destroys a Base, TPLU takes 1D10 - MP Units, SCP skips this turn's Conflict "
     "Phase; an Atrocity counts on the Conflict Table for 5 turns", False),
    ("card modifiers", EXACT, "every F, S, T, L and Z card in play adds its modifiers to its player's Sub-factors "
     "and their Factor totals; a Z card replaced takes its modifiers away", False),
    ("Proposal cards", EXACT, "All players get 25 / 50 Credits, draw 5 cards, SCP", False),
    ("the deck runs out", EXACT, "kit choice reshuffle: the discards are shuffled into a new deck", False),
    ("game length", EXACT, "the seed sets none: a game runs until a Victory; the lab stops one still undecided "
     "after 5 player sheets of turns and counts it as no winner", False),
)


def coverage(game: Game, rules: Rules) -> list[Coverage]:
    choices = {k.id for k in game.kit_choices}
    rows = [Coverage(rule, status, note, decides) for rule, status, note, decides in RULES]
    for row in rows:
        _kit_choices_recorded(game, row, choices)
    for path in rules.paths:
        parts = [f"{game.attributes[a].name} > {more}" for a, more in path.thresholds]
        also = [f"Governor {path.governor_turns} turns in a row (kit choice first-player: elected at that many "
                f"Council Phases in a row)"] * bool(path.governor_turns) + \
            [f"{path.captures}+ Bases captured"] * bool(path.captures)
        rows.append(Coverage(f"victory '{path.name}'", EXACT, (" or " if path.any_threshold else " and ").join(parts)
                             + "".join(f" and {a}" for a in also), True))
    for faction in rules.factions:
        rows.append(Coverage(f"faction '{faction.name}'", EXACT, "starting Scores and every rule line", False))
    return rows


def _kit_choices_recorded(game: Game, row: Coverage, choices: set[str]) -> None:
    """A kit choice the coverage names must be in the data's kit_choices (it is printed for players)."""
    words = row.note.replace(",", " ").replace(";", " ").replace(")", " ").replace(":", " ").split()
    for before, word in zip(words, words[1:], strict=False):
        if before == "choice" and word not in choices:
            raise KitgenError(error(game.where, f"simulate.rules alpha-centauri: kit choice '{word}' is not in "
                                                "the game's kit_choices"))
