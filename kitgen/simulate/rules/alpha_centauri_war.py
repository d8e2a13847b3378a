"""Alpha Centauri's Events (played at the start of any phase, kit choice event-timing) and its
Conflict Phase: attack orders, the Governor's veto of one attack, and battles on the Conflict Table
with the capture of a Base that decides Conquest Victory. Stdlib only.
"""
from __future__ import annotations

from kitgen.simulate.rules.alpha_centauri_phases import NONE, choose
from kitgen.simulate.rules.alpha_centauri_play import Match


def events(m: Match, seat: int) -> None:
    """Event (V) cards: DTB destroys a Base of the target, TPLU takes 1D10 - MP Units, SCP skips
    this turn's Conflict Phase; an Atrocity marks its player for the Conflict Table."""
    r = m.r
    while not m.event_cards.isdisjoint(m.hands[seat]):
        options = [c for c in m.hands[seat] if r.kinds[c] == "V"] + [NONE]
        card = choose(m, seat, options, lambda c, memo={}: event_worth(m, seat, c, memo))
        if card == NONE:
            return
        m.hands[seat].remove(card)
        m.played[seat].append(card)
        m.discards.append(card)
        resolve_event(m, seat, card)


def event_worth(m: Match, seat: int, card: int, memo: dict[str, float]) -> float:
    """Greedy: SCP when a stronger army may attack this turn; DTB and TPLU on the player nearest a Victory."""
    r = m.r
    if card == NONE:
        return 0.0
    if r.notes[card] == "SCP":
        if "scp" not in memo:
            memo["scp"] = 1.0 if not (m.skip_conflict or m.conflict_over) and m.threatened(seat) else -1.0
        return memo["scp"]
    if "rival" not in memo:
        memo["rival"] = max(m.closeness(o) for o in range(m.n) if o != seat)
    return memo["rival"] - (0.1 if r.atrocity[card] else 0.0)


def resolve_event(m: Match, seat: int, card: int) -> None:
    r = m.r
    if r.notes[card] == "SCP":
        m.skip_conflict = True
        return
    others = [o for o in range(m.n) if o != seat]
    target = choose(m, seat, others, lambda o: m.closeness(o) + m.bases[o] / 100)
    if r.atrocity[card]:
        m.atrocity[seat] = m.turn
    if r.notes[card] == "DTB":
        m.bases[target] = max(0, m.bases[target] - r.amounts[card])
    else:  # TPLU: Target Player loses Units = 1D10 - MP (the card's roll)
        lost = m.dice(*r.card_dice[card]) - m.vals[target][r.codes["MP"]]
        m.units[target] = max(0, m.units[target] - max(0, lost))


def conflict(m: Match) -> None:
    m.conflict_over = True  # an SCP played after this phase began skips nothing more this turn
    if m.skip_conflict:
        return
    orders = attack_orders(m)
    for _ in range(m.r.numbers["prevented"] if m.governor >= 0 else 0):  # the Governor may prevent this many attacks (one)
        vetoes: list[tuple[int, int] | None] = [*orders, None]
        vetoed = choose(m, m.governor, vetoes, lambda o: 0.0 if o is None else
                        (10.0 if o[1] == m.governor else 0) + m.closeness(o[0])) if orders else None
        if vetoed is None:
            break
        orders.remove(vetoed)
    m.rng.shuffle(orders)  # attack orders are revealed in a random order
    fought: set[int] = set()
    for attacker, defender in orders:
        if m.units[attacker] > 0:
            battle(m, attacker, defender, fought)
            fought.update((attacker, defender))


def attack_orders(m: Match) -> list[tuple[int, int]]:
    """Each player writes down whom it attacks (Pacifists none, Aggressive factions twice)."""
    orders = []
    for seat in m.order():
        for _ in range(m.r.factions[m.faction[seat]].attacks):
            if m.units[seat] <= 0:
                break
            options = [o for o in range(m.n) if o != seat] + [NONE]
            capture = m.weights(seat)[2]
            target = choose(m, seat, options, lambda o, me=seat, c=capture: 0.5 if o == NONE else
                            edge(m, me, o) + 3 * c + m.closeness(o))
            if target == NONE:
                break
            orders.append((seat, target))
    return orders


def edge(m: Match, attacker: int, defender: int) -> float:
    """The attacker's expected Force Total lead before the Fog of War (what greedy weighs)."""
    return force(m, attacker, defender, True, set()) - force(m, defender, attacker, False, set())


def force(m: Match, seat: int, rival: int, attacking: bool, fought: set[int]) -> int:
    """A side's Force Total on the Conflict Table, before the Fog of War. "Most levels" compares the
    two sides of the battle (kit choice conflict); the Attacker cannot use MD from his Facilities."""
    r, bonus = m.r, m.r.bonus
    mine, theirs = m.vals[seat], m.vals[rival]
    md = r.codes["MD"]
    total = r.factions[m.faction[seat]].force
    for attribute in r.conflict:
        own = mine[attribute] - (m.fac_md[seat] if attacking and attribute == md else 0)
        other = theirs[attribute] - (m.fac_md[rival] if not attacking and attribute == md else 0)
        total += bonus["most"] if own > other else 0
    units, other_units = m.units[seat], m.units[rival]
    if units > other_units:
        total += max(bonus[f"units {k}"] for k in (1, 2, 3, 4) if k == 1 or units >= k * other_units)
    total += bonus["defender"] if not attacking else 0
    total += bonus["fought"] if rival in fought else 0
    total += bonus["atrocity"] if m.turn - m.atrocity[rival] < m.r.numbers["atrocity turns"] else 0
    return total


def battle(m: Match, attacker: int, defender: int, fought: set[int]) -> None:
    """The higher Force Total wins (kit choice conflict: equal totals roll the Fog of War again).
    Winner loses 1D5 Units, loser 1D10, the winner no more than the loser; a Defender left with no
    Units loses a Base to the attacker."""
    r = m.r
    base = force(m, attacker, defender, True, fought), force(m, defender, attacker, False, fought)
    while True:
        a, d = base[0] + m.dice(*r.dice["fog"]), base[1] + m.dice(*r.dice["fog"])
        if a != d:
            break
    winner, loser = (attacker, defender) if a > d else (defender, attacker)
    lost = min(m.dice(*r.dice["loser loses"]), m.units[loser])
    won_lost = min(m.dice(*r.dice["winner loses"]), lost, m.units[winner])
    m.units[loser] -= lost
    m.units[winner] -= won_lost
    if m.units[defender] == 0 and m.bases[defender] > 0:
        m.bases[defender] -= 1
        m.bases[attacker] += 1
        m.captured[attacker] += 1
        m.touch(attacker)
