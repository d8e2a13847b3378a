"""Alpha Centauri's phases 9 to 16 (Exploration to End) and the turn that plays all 16 in the seed's
order, every player taking each phase before the next begins (kit choice phase-by-phase), the
first player passing left each turn (kit choice first-player). Stdlib only.
"""
from __future__ import annotations

from typing import Callable

from kitgen.simulate.engine.loop import GameResult
from kitgen.simulate.compile.plan import Plan
from kitgen.simulate.rules.alpha_centauri_phases import (NONE, choose, council, diplomacy, ecological_disruption,
                                                         planning, population_control, probe, production, spend_count,
                                                         upkeep, copy_technology)
from kitgen.simulate.rules.alpha_centauri_play import Match
from kitgen.simulate.rules.alpha_centauri_war import conflict, events


def play_cards(m: Match, seat: int, legal) -> None:
    """Put cards into play one at a time while the seat wants one of those `legal(card)` allows."""
    while True:
        options = [c for c in m.hands[seat] if legal(c)] + [NONE]
        card = choose(m, seat, options, lambda c: 0.0 if c == NONE else m.value(seat, c))
        if card == NONE:
            return
        m.credits[seat] -= m.r.costs[m.r.kinds[card]]
        m.put_in_play(seat, card)


def exploration(m: Match, seat: int) -> None:
    play_cards(m, seat, lambda c: m.r.kinds[c] == "L" and m.credits[seat] >= m.r.costs["L"])
    for _ in range(1 + m.r.factions[m.faction[seat]].explore_rolls):
        explore(m, seat)


def explore(m: Match, seat: int) -> None:
    r = m.r
    face = m.rng.randint(1, len(r.tables["exploration"]) - 1)
    key = r.tables["exploration"][face]
    dice = r.row_dice.get(f"exploration {face}")
    if key == "worms":
        loss = m.dice(*dice) - (m.vals[seat][r.codes["MP"]] + m.vals[seat][r.codes["C"]])
        if loss > 0 and r.factions[m.faction[seat]].worms_give:
            m.gain_units(seat, loss)
        elif loss > 0:
            m.units[seat] = max(0, m.units[seat] - loss)
    elif key == "credits" and dice:
        m.credits[seat] += m.dice(*dice)
    elif key == "draw":
        m.draw(seat, r.row_counts[f"exploration {face}"])
    elif key == "effects":
        m.apply(seat, r.table_effects["exploration"][face])


def research(m: Match, seat: int) -> None:
    r = m.r
    rolls = 1 + r.factions[m.faction[seat]].research_rolls
    has_tech = any(r.kinds[c] == "T" for c in m.hands[seat])
    rolls += spend_count(m, seat, r.numbers["extra research"], 8, 0.4 if has_tech else 0.0)
    for _ in range(rolls):
        research_roll(m, seat)


def research_roll(m: Match, seat: int) -> None:
    r = m.r
    sides = len(r.tables["research"]) - 1
    face = m.rng.randint(1, sides) + m.progress[seat] + r.factions[m.faction[seat]].research_roll
    m.progress[seat] = 0
    face = max(1, min(face, sides))
    key = r.tables["research"][face]
    if key == "progress":
        m.progress[seat] = r.row_counts[f"research {face}"]
    elif key == "marker":
        copy_technology(m, seat, [o for o in range(m.n) if o != seat])
    elif key == "breakthrough":
        techs = [c for c in m.hands[seat] if r.kinds[c] == "T"]
        if techs:
            m.put_in_play(seat, choose(m, seat, techs, lambda c: m.value(seat, c)))


def build(m: Match, seat: int) -> None:
    """LIMITS: no more Facilities than Technologies known, no more SP's than Facilities."""
    r = m.r
    play_cards(m, seat, lambda c: (r.kinds[c] == "F" and m.facilities[seat] < len(m.known[seat])
                                   or r.kinds[c] == "S" and m.projects[seat] < m.facilities[seat])
               and m.credits[seat] >= r.costs[r.kinds[c]])


def discovery(m: Match) -> None:
    r = m.r
    for attribute, reward, categories in r.discovery:
        column = [v[attribute] for v in m.vals]
        top = max(column)
        if column.count(top) != 1:
            continue  # kit choice ties: "the player with the most levels" is one player
        seat = column.index(top)
        if reward == "credits":
            m.credits[seat] += max(0, top)
        elif reward == "explore":
            explore(m, seat)
        elif reward == "research":
            research_roll(m, seat)
        elif reward == "base":
            m.extra_bases[seat] += 1
        else:
            free_tech(m, seat, categories)


def free_tech(m: Match, seat: int, categories: frozenset[int]) -> None:
    techs = [c for c in m.hands[seat] if m.r.kinds[c] == "T" and m.r.categories[c] & categories] + [NONE]
    card = choose(m, seat, techs, lambda c: 0.0 if c == NONE else m.value(seat, c))
    if card != NONE:
        m.put_in_play(seat, card)


def construction(m: Match, seat: int) -> None:
    r = m.r
    price = r.numbers["base"] + r.factions[m.faction[seat]].base_cost
    for _ in range(r.numbers["bases a turn"] + m.extra_bases[seat]):
        if m.credits[seat] < price or m.bases[seat] >= m.formula("Base limit", seat):
            break  # erratum base-cap-at-start: build only while Bases < E + P
        riots = m.bases[seat] + 1 > m.formula("Bases before Drone Riots", seat)
        if not choose(m, seat, [True, False], lambda yes, riot=riots: (-0.5 if riot else 1.0) if yes else 0.0):
            break
        m.credits[seat] -= price
        m.bases[seat] += 1
    build_units(m, seat)


def build_units(m: Match, seat: int) -> None:
    r = m.r
    cost = r.numbers["unit"]
    most = max(0, min(m.formula("Unit limit", seat) - m.units[seat], m.credits[seat] // cost if cost else 0))
    threat = max((m.units[o] for o in range(m.n) if o != seat and r.factions[m.faction[o]].attacks), default=0)
    want = most if m.weights(seat)[2] > 0.05 else threat + 1 - m.units[seat]
    options = sorted({0, max(0, min(want, most)), most // 2, most})
    count = choose(m, seat, options, lambda k: -abs(k - want) - k * cost / 100)
    m.credits[seat] -= count * cost
    m.units[seat] += count


def social_engineering(m: Match, seat: int) -> None:
    """1 Z card a turn, at its Upheaval Cost; one of each type in play, a new one discards the old."""
    r = m.r
    barred = r.factions[m.faction[seat]].barred
    for _ in range(r.numbers["z cards"]):
        held = m.z[seat]

        def worth(c: int, held: dict[str, int] = held) -> float:
            old = held.get(r.z_type[c], NONE)
            return m.value(seat, c) - (m.value(seat, old) if old != NONE else 0.0)
        options = [c for c in m.hands[seat] if r.kinds[c] == "Z" and m.credits[seat] >= r.costs["Z"]
                   and m.plan.cards[c].name not in barred] + [NONE]
        card = choose(m, seat, options, lambda c, worth=worth: 0.0 if c == NONE else worth(c))
        if card == NONE:
            return
        old = held.pop(r.z_type[card], NONE)
        if old != NONE:
            m.apply(seat, r.effects[old], -1)
            m.discards.append(old)
        m.credits[seat] -= r.costs["Z"]
        m.hands[seat].remove(card)
        m.played[seat].append(card)
        m.apply(seat, r.effects[card])
        held[r.z_type[card]] = card


def end(m: Match, seat: int) -> None:
    hand = m.hands[seat]
    while len(hand) > m.r.hand_limit:
        card = choose(m, seat, list(hand), lambda c: -m.value(seat, c))
        hand.remove(card)
        m.discards.append(card)


# The 16 phases in the seed's order: (phase, True when each player takes it in turn order).
PHASES: tuple[tuple[Callable, bool], ...] = (
    (production, True), (upkeep, True), (planning, True), (population_control, True),
    (ecological_disruption, True), (diplomacy, False), (probe, True), (council, False), (exploration, True),
    (research, True), (build, True), (discovery, False), (conflict, False), (construction, True),
    (social_engineering, True), (end, True))


def play_turn(m: Match) -> bool:
    """The 16 phases, victory checked after each; True when someone has won."""
    order = m.order()
    m.skip_conflict, m.conflict_over, m.extra_bases = False, False, [0] * m.n
    for phase, each in PHASES:
        for seat in order:  # kit choice event-timing: Events at the start of any phase
            events(m, seat)
        if each:
            for seat in order:
                phase(m, seat)
        else:
            phase(m)
        if m.check_victory():
            return True
    return False


def play(plan: Plan, seed: int, policies: tuple, budget: int = 0) -> GameResult:
    m = Match(plan, seed, policies)
    for turn in range(1, plan.turns + 1):
        m.turn = turn
        if play_turn(m):
            break
        m.first = (m.first + 1) % m.n
    return m.result()
