"""Alpha Centauri's 16 phases, in the seed's order, each a function of the Match; every choice a
player makes goes through `decide` (the seat's policy). Victory is checked after every phase.
Stdlib only.
"""
from __future__ import annotations

from typing import Callable, Sequence, TypeVar

from kitgen.simulate.rules import decide
from kitgen.simulate.rules.alpha_centauri_play import Match

NONE = -1  # the option of not doing it
RESERVE = 20  # Credits a greedy player keeps back when it buys extra cards or rolls (a Facility's cost)


T = TypeVar("T")


def choose(m: Match, seat: int, options: Sequence[T], score: Callable[..., float]) -> T:
    return decide(m.policies[seat], m.rng, options, score)


BUYS = (0, 1, 2, 4, 8)  # how many extra cards or rolls a player may buy in one go ("repeatedly")


def spend_count(m: Match, seat: int, price: int, most: int, worth: float) -> int:
    """How many extra draws or rolls at `price` a seat buys: greedy buys while it keeps its reserve."""
    top = min(most, m.credits[seat] // price if price else most)
    options = [k for k in BUYS if k <= top]
    left = m.credits[seat]
    return choose(m, seat, options, lambda k: k * worth if left - k * price >= RESERVE else -k)


# --- 1-5: income and its brakes ---------------------------------------------------------------

def production(m: Match, seat: int) -> None:
    r, bases = m.r, m.bases[seat]
    size = max(0, m.formula("Bases earning 5 Credits", seat))
    first, second = min(bases, size), min(max(0, bases - size), size)
    earned = first * r.numbers["tier 1"] + second * r.numbers["tier 2"] + max(0, bases - 2 * size) * r.numbers["tier 3"]
    earned += sum(m.vals[seat][a] for a in r.income)
    factor = r.numbers["pact factor"] if m.governor == seat else 1
    earned += len(m.pacts[seat]) * factor * m.formula("Credits per Trade Pact", seat)
    m.credits[seat] = max(0, m.credits[seat] + earned)


def upkeep(m: Match, seat: int) -> None:
    """Kit choice upkeep-unpaid: Units a player cannot pay upkeep for are disbanded."""
    cost = m.r.numbers["upkeep"]
    if cost:
        m.units[seat] = min(m.units[seat], m.credits[seat] // cost)
    m.lose(seat, m.units[seat] * cost)


def planning(m: Match, seat: int) -> None:
    r = m.r
    m.draw(seat, r.numbers["draw"] + r.factions[m.faction[seat]].draws)
    room = r.hand_limit - len(m.hands[seat])
    m.draw(seat, spend_count(m, seat, r.numbers["extra card"], max(0, room), 0.5))


def population_control(m: Match, seat: int) -> None:
    over = m.bases[seat] - m.formula("Bases before Drone Riots", seat)
    if over > 0:
        m.lose(seat, sum(m.dice(*m.r.dice["riots"]) for _ in range(over)))


def ecological_disruption(m: Match, seat: int) -> None:
    steps = max(0, m.formula("Disruption Score", seat)) // m.r.numbers["disruption step"]
    m.lose(seat, sum(m.dice(*m.r.dice["disruption"]) for _ in range(steps)))


def diplomacy(m: Match) -> None:
    """A Trade Pact holds this turn between two players who both agree to it (approximated: the
    seed's agreements and trades are free talk; the simulated players trade pacts only)."""
    m.pacts = [set() for _ in range(m.n)]
    for a in range(m.n):
        for b in range(a + 1, m.n):
            if all(choose(m, me, [True, False], lambda yes, me=me, o=other: pact_worth(m, me, o) if yes else 0.0)
                   for me, other in ((a, b), (b, a))):
                m.pacts[a].add(b)
                m.pacts[b].add(a)


def pact_worth(m: Match, seat: int, other: int) -> float:
    """Greedy signs a pact that pays it at least half what it pays the partner, unless the partner is near a Victory."""
    mine, theirs = m.formula("Credits per Trade Pact", seat), m.formula("Credits per Trade Pact", other)
    return 1.0 if 2 * mine >= theirs and m.closeness(other) < 0.25 else -1.0


# --- 7-8: probes and the Council ----------------------------------------------------------------

def probe(m: Match, seat: int) -> None:
    r = m.r
    espionage = m.vals[seat][r.codes["B"]]
    step, sides = r.numbers["espionage step"], len(r.tables["probe"]) - 1  # the Probe Table's die (1D10)
    rolls = max(0, -(-espionage // step)) + spend_count(m, seat, r.numbers["extra probe"], BUYS[-1], 0.3)
    for _ in range(rolls):
        others = [o for o in range(m.n) if o != seat]
        target = choose(m, seat, others, lambda o: m.closeness(o) + m.credits[o] / 100)
        rival = r.factions[m.faction[target]]
        face = m.rng.randint(1, sides) + rival.probed_at
        if rival.reroll_at and face >= rival.reroll_at and choose(m, seat, [True, False], lambda yes: 1 if yes else 0):
            face = m.rng.randint(1, sides) + rival.probed_at
        probe_result(m, seat, target, min(face, sides))


def probe_result(m: Match, seat: int, target: int, face: int) -> None:
    r = m.r
    key = r.tables["probe"][face]
    amount = m.dice(*r.row_dice[f"probe {face}"]) if f"probe {face}" in r.row_dice else 0
    if key == "units":
        taken = min(amount, m.units[target])
        m.units[target] -= taken
        m.gain_units(seat, taken)
    elif key == "marker":
        copy_technology(m, seat, [target])
    elif key == "loses":
        m.lose(target, amount)
    elif key == "drain":
        taken = min(amount, m.credits[target])
        m.credits[target] -= taken
        m.credits[seat] += taken


def copy_technology(m: Match, seat: int, owners: list[int]) -> None:
    """A Marker on an opponent's Tech: its player knows it and gets its bonuses."""
    options = [card for o in owners for card in m.techs[o] if card not in m.known[seat]]
    if options:
        card = choose(m, seat, options, lambda c: m.value(seat, c))
        m.known[seat].add(card)
        m.apply(seat, m.r.effects[card])


def council(m: Match) -> None:
    fixed = council_votes(m)
    bids = [0] * m.n
    per_credit = next((votes for _, what, votes in m.r.council if what == "bid"), 0)
    for seat in m.order():
        best_other = max(fixed[o] for o in range(m.n) if o != seat)
        need = -(-max(0, best_other + 1 - fixed[seat]) // per_credit) if per_credit else 0  # Credits, rounded up
        worth = m.weights(seat)[1]
        options = sorted({0, min(need, m.credits[seat]), min(m.credits[seat], need + 5)})
        bids[seat] = choose(m, seat, options, lambda b, w=worth, mine=fixed[seat], top=best_other:
                            (w if mine + b * per_credit > top else 0) - b / 500)
        m.credits[seat] -= bids[seat]  # kit choice council-bids: every Credit bid is spent
    totals = [f + b * per_credit for f, b in zip(fixed, bids, strict=True)]
    top = max(totals)
    winner = totals.index(top) if totals.count(top) == 1 else -1  # kit choice ties: a tie elects nobody
    m.streak = [(m.streak[s] + 1 if m.governor == s else 1) if s == winner else 0 for s in range(m.n)]
    m.governor = winner
    for seat in range(m.n):
        m.touch(seat)
    if winner >= 0:
        proposals(m, winner)


def council_votes(m: Match) -> list[int]:
    """The Council Votes table: 10 votes to the single highest of each (kit choice ties), and the free votes."""
    r, votes = m.r, [r_f.votes for r_f in (m.r.factions[f] for f in m.faction)]
    counts = {"projects": m.projects, "bases": m.bases, "facilities": m.facilities, "units": m.units}
    for attribute, what, worth in r.council:
        if attribute >= 0:
            column = [v[attribute] for v in m.vals]
        elif what == "governor":
            if m.governor >= 0:
                votes[m.governor] += worth
            continue
        else:  # a count; "bid" is the bids' worth (council)
            column = counts.get(what, [])
        if column and column.count(max(column)) == 1:
            votes[column.index(max(column))] += worth
    return votes


def proposals(m: Match, seat: int) -> None:
    """The Governor may play Proposal cards at the end of the Council Phase."""
    r = m.r
    while True:
        options = [c for c in m.hands[seat] if r.kinds[c] == "X"] + [NONE]
        threatened = m.threatened(seat)
        card = choose(m, seat, options, lambda c, t=threatened: 0.0 if c == NONE else
                      (1.0 if t else -0.1) if r.notes[c] == "SCP" else 0.1)
        if card == NONE:
            return
        m.hands[seat].remove(card)
        m.played[seat].append(card)
        m.discards.append(card)
        if r.notes[card] == "SCP":
            m.skip_conflict = True
        for other in range(m.n):
            if r.notes[card] == "get":
                m.credits[other] += r.amounts[card]
            elif r.notes[card] == "draw":
                m.draw(other, r.amounts[card])
