"""Civilization: The Card Game, what the balance lab plays of its seed, rule by rule: exact, a kit
choice (named by its id in the data's kit_choices, printed in the rules summary) or approximated,
with why. Stdlib only."""
from __future__ import annotations

from kitgen.model import Game
from kitgen.simulate.compile.plan import Coverage

SETUP = (
    ("setup: separate and shuffle", "each deck shuffled; the Bank (Resources, Population) set aside, not shuffled"),
    ("setup: Technologies by player count", "kit choice technologies-by-players: the formula 'Technologies removed' "
     "of Technologies the article does not name, at random, unseen"),
    ("setup: plots dealt", "'Plots dealt' (rule-numbers) to each player from the left of the dealer"),
    ("setup: plot drafts", "'Plot drafts' rounds of one face-up plot per player; the second from the dealer back"),
    ("setup: displays", "'On display' Plots and Technologies face up, refilled as each is bought, fewer when short"),
    ("setup: free Population", "'Free Population' on a plot of the player's choice"),
    ("setup: initial hands", "the formula 'Starting hand' by seat, then 'Setup discard' each, in the same order"),
    ("turn order", "kit choice turn-order: play begins left of the dealer and passes left"),
)
CARDS = (
    ("Plot Cards", "each plot's yield every Collect step; Plot cost formula, any mix of resources"),
    ("building limit", "'Buildings per plot', 'Buildings with 3 Population' from 'Population for two buildings' "
     "Population or a buildings_per_plot card (Engineering); Wonders share it (erratum wonders-and-buildings)"),
    ("Resource Cards", "Food buys Population, Hammers Buildings and Wonders, Commerce Technologies, any mix Plots; "
     "'Bank trade':1 with the bank (bank_trade field: Currency), traded only when a payment is short"),
    ("Bonus Resources", "kit choice bonus-resources: spent as resources of their type at the player's next Purchasing"),
    ("Population Cards", "Population cost formula per plot; 1 Victory Point each"),
    ("Technology Cards", "1 Victory Point, yields and Culture/Happiness from effects; discounts, draws and "
     "once-only effects from card fields (Engineering, Mining, Astronomy and the kit's)"),
    ("Writing and Code of Laws", "erratum writing-code-of-laws: once each, at the start of Purchasing on one of the "
     "owner's turns after the one it is bought in; steal_cards at random from, steal_resources of the player's choice from, an opponent"),
    ("Military Cards", "kept in hand; Attack keyword attacks; the blocks and damage fields (kit choices blocking, damage)"),
    ("Building Cards", "paid in Hammers less discounts, placed on a plot with room; effects and fields while in play "
     "(Granary: plot_food_times on its plot's printed Food); destroyed: back to the owner's hand"),
    ("Wonder Cards", "paid in Hammers less wonder discounts (not Highest Happiness: erratum happiness-and-wonders); "
     "1 Victory Point; never destroyed; Hanging Gardens' free Population"),
    ("discounts", "kit choice discounts: they add up; nothing costs less than 'Lowest cost'"),
    ("Culture and Highest Culture", "the single highest Culture above 'Highest Culture above' (kit choice status-ties), "
     "re-counted whenever it is used: draw and discard 'Highest Culture draws' more"),
    ("Happiness and Highest Happiness", "the single highest Happiness of at least 'Highest Happiness from', "
     "re-counted at each payment: Technologies and Buildings cost 'Highest Happiness discount' less"),
)
TURN = (
    ("Collect Resource Cards", "plots, their buildings and the Technologies yield; the Population bonus (its row above)"),
    ("Purchasing", "any number of purchases the player can pay for, in the order the player picks"),
    ("Combat step 1: declare", "each attacking unit in hand attacks one adjacent player or stays in hand"),
    ("Combat step 2: walls", "each catapult destroys one City Walls (back to hand) and is discarded; each "
     "bounces field left (City Walls, Great Wall) sends one attacking unit, the defender's choice, back to hand"),
    ("Combat step 3: defence", "from the attacker's left, one legal blocker per attacker, or none (the defender's choice)"),
    ("Combat steps 4 and 6: discards", "blocked attackers, blockers and every unit that fought are discarded"),
    ("Combat step 5: damage", "kit choice damage: steal 1 Population (the defender picks which, the attacker where "
     "it goes) or destroy 1 Building; what cannot be done is ignored; kit choice stolen-population"),
    ("Draw and Discard", "the phase's draw and discard actions; extra_draw fields (Astronomy); Highest Culture"),
    ("empty Play Deck", "kit choice reshuffle: the discard pile is shuffled into a new Play Deck"),
)


def coverage(game: Game) -> list[Coverage]:
    found = [Coverage(rule, "exact", note) for rule, note in (*SETUP, *CARDS)]
    found += [Coverage("Population bonus", "approximated", "+1 resource a Population of a type its plot prints, all "
                       "of one plot's bonus in one type (the player picks which): the article lets a plot with "
                       "several Populations mix types, which the lab's players never do")]
    found += [Coverage(rule, "exact", note) for rule, note in TURN]
    found += [
        Coverage("end of the game", "exact", "kit choice game-end: the game ends at once when the last Technology "
                 "(none in the deck or on display) is bought", decides=True),
        Coverage("victory 'Most Victory Points'", "exact", "one each per Population, Wonder and Technology (their "
                 "Victory Points effects); ties: most Technologies, then most Population", decides=True),
        Coverage("a tie after both tiebreakers", "exact", "kit choice final-tie: the victory is shared, "
                 "which the lab counts as no single winner", decides=True),
        Coverage("the lab's bound", "approximated", f"the seed sets no turn limit: a game whose last Technology is not "
                 f"bought in {game.turns} rounds (the player sheet's columns, kit choice sheet-turns) is stopped "
                 "and counted with no winner"),
        Coverage("the players' choices", "exact", "greedy takes what brings it most Victory Points, then what yields "
                 "most, and buys the last Technology only when that wins; random takes any legal choice"),
    ]
    return found
