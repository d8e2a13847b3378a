"""Civilization: The Card Game, the Combat step in the article's six steps: the attacker sends units
at one or both adjacent players; catapults destroy City Walls; walls bounce units back to the
attacker's hand; each defender, from the attacker's left, blocks with legal units (the cards'
`blocks` field); unblocked units deal their `damage` (steal a Population, destroy a Building); every
unit that fought is discarded. Stdlib only."""
from __future__ import annotations

from typing import TYPE_CHECKING

from kitgen.simulate.rules.civilization_card_game_play import BOUNCES

if TYPE_CHECKING:
    from kitgen.simulate.rules.civilization_card_game_play import Civ, Seat

STEAL, DESTROY, WALLS = "steal population", "destroy building", "destroy city walls"


def combat(game: Civ, s: int) -> None:
    seat, cards = game.seats[s], game.cards
    units = [c for c in seat.hand if cards[c].attacks]
    if not units:
        return
    defenders = list(dict.fromkeys(d % game.n for d in (s + 1, s - 1) if d % game.n != s))  # the left first
    sent: dict[int, list[int]] = {d: [] for d in defenders}
    for unit in units:  # step 1: each unit attacks one adjacent player, or stays in hand
        target = game.decide(s, [-1, *defenders], lambda d, u=unit: aim(game, u, d))
        if target >= 0:
            seat.hand.remove(unit)
            seat.played.append(unit)
            sent[target].append(unit)
    for d in defenders:
        if sent[d]:
            fight(game, s, d, sent[d])
    game.refresh(seat)


def aim(game: Civ, unit: int, d: int) -> float:
    """Greedy's weight: the harm a unit can do to `d` (a little more to a leader; none: better kept);
    kept, its use in defence."""
    if d < 0:
        return 0.5 if game.cards[unit].blocks else 0.0
    hurt = harm(game, unit, game.seats[d])
    return hurt + 0.05 * game.points(game.seats[d]) if hurt else -0.1


def harm(game: Civ, unit: int, victim: Seat) -> float:
    damage = game.cards[unit].damage
    if damage == STEAL:
        return 2.0 if any(plot[1] for plot in victim.plots) else 0.0
    if damage == DESTROY:
        return 1.0 if buildings(game, victim) else 0.0
    return 0.5 if walls(game, victim) else 0.0


def buildings(game: Civ, victim: Seat) -> list[tuple[list, int]]:
    """(plot, card) for each Building in play: Wonders are not buildings and cannot be destroyed."""
    return [(plot, card) for plot in victim.plots for card in plot[2] if game.cards[card].role == "building"]


def walls(game: Civ, victim: Seat) -> list[tuple[list, int]]:
    return [(plot, card) for plot, card in buildings(game, victim) if game.cards[card].fields[BOUNCES]]


def fight(game: Civ, s: int, d: int, attackers: list[int]) -> None:
    """Steps 2 to 6 against one defender."""
    seat, victim, cards = game.seats[s], game.seats[d], game.cards
    for unit in [u for u in attackers if cards[u].damage == WALLS]:  # step 2: catapults on City Walls
        standing = walls(game, victim)
        if standing:
            plot, wall = game.decide(d, standing, lambda w: 0.0)
            plot[2].remove(wall)
            victim.hand.append(wall)
            attackers.remove(unit)
            game.discards.append(unit)
    bounces = sum(cards[c].fields[BOUNCES] for plot in victim.plots for c in plot[2])  # City Walls and Great Wall
    for _ in range(bounces):
        if attackers:
            unit = game.decide(d, attackers, lambda u: harm(game, u, victim))
            attackers.remove(unit)
            seat.hand.append(unit)  # back to the attacker's hand for the rest of the turn
    block(game, d, attackers)
    for unit in attackers:  # step 5: the damage of each unblocked unit
        damage(game, s, d, unit)
        game.discards.append(unit)  # step 6
    game.refresh(victim)


def block(game: Civ, d: int, attackers: list[int]) -> None:
    """Step 3 and 4: the defender blocks attackers one for one with units that may legally block
    them (or lets them through); blocked attackers and their blockers are discarded."""
    victim, cards = game.seats[d], game.cards
    for unit in list(attackers):
        name = cards[unit].name
        legal = [c for c in dict.fromkeys(victim.hand) if name in cards[c].blocks]
        if not legal:
            continue
        blocker = game.decide(d, [-1, *legal], lambda c, u=unit: 0.0 if c < 0 else harm(game, u, victim) - 0.5)
        if blocker >= 0:
            victim.hand.remove(blocker)
            victim.played.append(blocker)
            attackers.remove(unit)
            game.discards += [unit, blocker]


def damage(game: Civ, s: int, d: int, unit: int) -> None:
    """A Population stolen (the defender picks which, the attacker where it goes) or a Building
    destroyed (the defender picks which; it returns to the defender's hand); what cannot be done is not."""
    seat, victim, cards = game.seats[s], game.seats[d], game.cards
    kind = cards[unit].damage
    if kind == STEAL:
        peopled = [plot for plot in victim.plots if plot[1]]
        if peopled:
            game.decide(d, peopled, lambda p: -sum(cards[p[0]].yields))[1] -= 1
            game.decide(s, seat.plots, lambda p: sum(cards[p[0]].yields))[1] += 1
    elif kind == DESTROY:
        standing = buildings(game, victim)
        if standing:
            plot, card = game.decide(d, standing, lambda b: -game.worth(b[1]))
            plot[2].remove(card)
            victim.hand.append(card)
